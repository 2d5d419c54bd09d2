"""Similar objects, near-duplicates, characterization and the gate on the demo coins (real SSCD, real store)."""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

import json
import shutil
from pathlib import Path

import pytest

from cli.main import main
from core.errors import NotFound
from core.ingest.pipeline import IngestOptions
from core.service import Ovillo
from tests.conftest import drain
from tests.integration.objects_fixtures import COINS, coins_app, coins_home, image_encoder

__all__ = ["coins_app", "coins_home", "image_encoder"]  # fixtures
IMAGES = COINS / "images"


def key(app: Ovillo, inventory: str) -> tuple[str, int]:
    row = app.store.cursor().execute("SELECT section_tipo, section_id FROM records WHERE title LIKE ?",
                                     [f"%({inventory})"]).fetchone()
    assert row is not None
    return str(row[0]), int(row[1])


def faces(inventory: str) -> dict[str, Path]:
    return {"obverse": IMAGES / f"{inventory}_obverse.jpg", "reverse": IMAGES / f"{inventory}_reverse.jpg"}


def titles(hits: list) -> list[str]:  # type: ignore[type-arg]
    return [h.title.rsplit("(", 1)[-1].rstrip(")") for h in hits]


def test_near_duplicate_and_die_link_of_a_catalogued_coin(coins_app: Ovillo) -> None:
    objects, owner = coins_app.objects, coins_app.profile("owner")
    hits = objects.similar(*key(coins_app, "MNC-005"), owner, mode="visual", limit=5)
    assert "MNC-005" not in titles(hits)  # the seed is not its own neighbour
    by = dict(zip(titles(hits), hits))
    assert by["MNC-033"].near_duplicate  # the same coin photographed again
    assert by["MNC-006"].views["obverse"].same_die and not by["MNC-006"].near_duplicate  # shares one die only
    dups = objects.similar(*key(coins_app, "MNC-005"), owner, mode="visual", near_duplicates=True)
    assert titles(dups) == ["MNC-033"]


def test_both_faces_fused_rank_the_same_coin_above_a_die_link(coins_app: Ovillo) -> None:
    objects, owner = coins_app.objects, coins_app.profile("owner")
    hits = objects.lookup(faces("MNC-005"), owner, mode="visual", limit=5)
    order = titles(hits)
    assert order[0] == "MNC-005" and hits[0].near_duplicate  # the photograph itself is catalogued
    assert order.index("MNC-033") < order.index("MNC-006")  # close on both faces beats close on one
    one_face = objects.lookup({"obverse": faces("MNC-005")["obverse"]}, owner, mode="visual", limit=5)
    assert set(one_face[0].views) == {"obverse"}


def test_hybrid_adds_the_catalogue_text(coins_app: Ovillo) -> None:
    objects, owner = coins_app.objects, coins_app.profile("owner")
    visual = objects.lookup({"obverse": faces("MNC-021")["obverse"]}, owner, mode="visual", limit=10)
    hybrid = objects.lookup({"obverse": faces("MNC-021")["obverse"]}, owner, mode="hybrid", limit=10,
                            text="ochavo de cobre, león rampante")
    ochavos = {"MNC-021", "MNC-022", "MNC-023", "MNC-024"}
    assert sum(t in ochavos for t in titles(hybrid)[:4]) >= sum(t in ochavos for t in titles(visual)[:4])
    assert sum(t in ochavos for t in titles(hybrid)[:4]) == 4
    assert any(h.text_rank for h in hybrid) and not any(h.text_rank for h in visual)


def test_characterize_proposes_from_neighbours(coins_app: Ovillo) -> None:
    objects, owner = coins_app.objects, coins_app.profile("owner")
    result = objects.characterize(owner, photos=faces("MNC-017"))
    props = result["proposals"]
    assert props["typology"]["value"] == "Real de a ocho, escudo" and props["material"]["value"] == "plata"
    assert 0 < props["typology"]["confidence"] <= 1 and props["typology"]["runners_up"]
    assert props["period"]["earliest"] <= 1681 <= props["period"]["latest"]
    assert len(result["neighbours"]) == 10 and len(props["typology"]["evidence"]) <= 8
    hit = result["neighbours"][0]
    assert set(hit) >= {"section_tipo", "section_id", "title", "score", "views", "near_duplicate", "thumbnail",
                        "source_path"}
    assert Path(hit["thumbnail"]).is_file() and hit["source_path"].endswith("catalogue.csv")


def test_a_secret_copy_of_the_query_is_never_seen_by_public(coins_app: Ovillo, tmp_path: Path) -> None:
    public = coins_app.profile("public")
    objects = coins_app.objects
    before_lookup = [h.to_json() for h in objects.lookup(faces("MNC-005"), public, mode="visual", limit=50)]
    before_char = objects.characterize(public, photos=faces("MNC-005"))
    vault = tmp_path / "vault"
    vault.mkdir()
    for face, path in faces("MNC-005").items():  # the very photographs the visitor holds, as a secret object
        shutil.copy(path, vault / f"tesoro_{face}.jpg")
    _, summary = drain(coins_app.library.ingest([vault], IngestOptions(collection="coins", classification="secret")))
    assert len(summary.ok) == 1
    secret = coins_app.store.cursor().execute(
        "SELECT section_id FROM records WHERE classification = 'secret'").fetchone()[0]
    objects = coins_app.objects
    owner_hits = objects.lookup(faces("MNC-005"), coins_app.profile("owner"), mode="visual", limit=3)
    assert secret in [h.section_id for h in owner_hits]  # it is there, and as close as can be
    after_lookup = [h.to_json() for h in objects.lookup(faces("MNC-005"), public, mode="visual", limit=50)]
    assert after_lookup == before_lookup  # not a neighbour, not a rank, not a count
    assert objects.characterize(public, photos=faces("MNC-005")) == before_char  # not a voter, not evidence
    near = objects.lookup(faces("MNC-005"), public, mode="visual", near_duplicates=True, limit=50)
    assert secret not in [h.section_id for h in near]
    with pytest.raises(NotFound):
        objects.similar("coins", secret, public)


def test_cli_objects_json_shapes_and_bad_values(coins_home: Path, tmp_path: Path, models_dir: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    shutil.copytree(coins_home, home)
    base = ["--home", str(home), "--models", str(models_dir), "objects"]
    ob, rev = faces("MNC-009")["obverse"], faces("MNC-009")["reverse"]
    assert main(base + ["lookup", "--image", f"anverso={ob}", "--image", f"reverso={rev}", "--mode", "visual",
                        "--limit", "3", "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert len(hits) == 3 and set(hits[0]["views"]) == {"obverse", "reverse"}
    assert hits[0]["views"]["obverse"]["rank"] == 1 and hits[0]["near_duplicate"] is True
    st, sid = hits[0]["section_tipo"], hits[0]["section_id"]
    assert main(base + ["similar", st, str(sid), "--json", "--profile", "public"]) == 0
    assert sid not in [h["section_id"] for h in json.loads(capsys.readouterr().out)]
    assert main(base + ["characterize", st, str(sid), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"proposals", "neighbours"}
    assert set(result["proposals"]) == {"typology", "material", "denomination", "period"}
    assert {"earliest", "latest", "central", "confidence", "evidence"} <= set(result["proposals"]["period"])
    capsys.readouterr()
    for bad, fragment in [(["lookup", "--image", f"sideways={ob}"], "unknown view"),
                          (["lookup", "--image", str(ob)], "VIEW=PATH"),
                          (["lookup", "--image", f"a={tmp_path}"], "not a regular file"),
                          (["lookup", "--image", f"a={ob}", "--image", f"anverso={ob}"], "given twice"),
                          (["lookup", "--image", f"a={ob}", "--limit", "0"], "--limit"),
                          (["characterize", st, str(sid), "--image", f"a={ob}"], "not both"),
                          (["characterize"], "either"),
                          (["similar", "Bad Tipo!", "1"], "SECTION_TIPO")]:
        assert main(base + bad) == 2, bad
        err = capsys.readouterr().err
        assert fragment in err and "Traceback" not in err, (bad, err)
