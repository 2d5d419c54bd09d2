"""Library sources (#36): add, list, remove (crash-safe), rescan, exclude/include, moves that keep identity,
offline sources — a real DuckDB store and the real encoder, on tiny folders."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.main import main
from core.ingest.pipeline import IngestOptions
from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.conftest import drain

TEXTS = {"mill.txt": "The mill by the river was rebuilt in 1902 after the great flood.",
         "sub/harbour.txt": "Letters from the harbour master about the winter storm of 1911.",
         "sub/drafts/note.txt": "Draft notes about the parish register, not for the archive.",
         "draft.txt": "Another draft that should stay out of the library."}


def _folder(root: Path) -> Path:
    for rel, text in TEXTS.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def lib(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> Iterator[tuple[Ovillo, Path]]:
    docs = _folder(tmp_path / "docs")
    app = Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder)
    yield app, docs
    app.close()


def _paths(app: Ovillo) -> set[str]:
    return {Path(r[0]).name for r in app.store.cursor().execute("SELECT path FROM source_records").fetchall()}


def test_add_list_and_remove_drops_the_records(lib: tuple[Ovillo, Path]) -> None:
    app, docs = lib
    src = app.library.add_source(docs, IngestOptions(classification="public"))
    assert [s.source.path for s in app.library.sources()] == [str(docs)]
    _, summary = drain(app.library.rescan())
    assert len(summary.ok) == 4
    (status,) = app.library.sources()
    js = status.to_json()
    assert (js["files"], js["records"], js["failures"], js["kind"]) == (4, 4, [], "folder")
    assert js["last_scan"] is not None and js["watching"] is False and js["options"]["classification"] == "public"
    assert app.search.records("flood mill", limit=3)
    _, removal = drain(app.library.remove_source(src.path))
    assert sum(removal.changes.removed.values()) == 4
    assert app.library.sources() == [] and _paths(app) == set()
    assert app.store.cursor().execute("SELECT count(*) FROM records").fetchone() == (0,)


def test_remove_keep_records_keeps_them_searchable(lib: tuple[Ovillo, Path]) -> None:
    app, docs = lib
    drain(app.library.ingest([docs], remember=True))
    drain(app.library.remove_source(docs, keep_records=True))
    assert app.library.sources() == []
    assert len(_paths(app)) == 4


def test_a_removal_a_kill_interrupted_is_finished_on_the_next_open(tmp_path: Path, encoder: TextEncoder,
                                                                   models_dir: Path) -> None:
    docs = _folder(tmp_path / "docs")
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder) as app:
        drain(app.library.ingest([docs], remember=True))
        with app.store.transaction() as cur:  # the removal's first transaction, then the process died
            cur.execute("UPDATE library_sources SET removing = true WHERE path = ?", [str(docs)])
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder) as app:
        assert len(_paths(app)) == 4  # nothing half-done was visible as done
        assert app.library.sources() == []  # listing finishes it
        assert _paths(app) == set()
        assert app.store.cursor().execute("SELECT count(*) FROM library_sources").fetchone() == (0,)


def test_exclusions_drop_records_and_survive_rescans(lib: tuple[Ovillo, Path]) -> None:
    app, docs = lib
    drain(app.library.ingest([docs], remember=True))
    _, summary = drain(app.library.set_rule("exclude", "draft.*"))
    assert {Path(o.path).name for o in summary.removed} == {"draft.txt"}
    _, summary = drain(app.library.set_rule("exclude", str(docs / "sub" / "drafts")))
    assert {Path(o.path).name for o in summary.removed} == {"note.txt"}
    assert _paths(app) == {"mill.txt", "harbour.txt"}
    (docs / "draft.txt").write_text("The draft changed on disk.", encoding="utf-8")
    _, summary = drain(app.library.rescan())
    assert not summary.ok and _paths(app) == {"mill.txt", "harbour.txt"}
    _, summary = drain(app.library.ingest([docs / "draft.txt"]))  # named alone, still left out
    assert _paths(app) == {"mill.txt", "harbour.txt"}
    _, summary = drain(app.library.set_rule("include", "sub/drafts/note.txt"))
    assert {Path(o.path).name for o in summary.ok} == {"note.txt"}
    assert _paths(app) == {"mill.txt", "harbour.txt", "note.txt"}
    rules = app.library.sources()[0].to_json()["rules"]
    assert rules == [{"kind": "exclude", "glob": "draft.*"}, {"kind": "exclude", "glob": "sub/drafts"},
                     {"kind": "include", "glob": "sub/drafts/note.txt"}]


def test_a_move_keeps_the_record_and_embeds_nothing(lib: tuple[Ovillo, Path]) -> None:
    app, docs = lib
    drain(app.library.ingest([docs], remember=True))
    cur = app.store.cursor()
    before = cur.execute("SELECT section_tipo, section_id FROM source_records WHERE path = ?",
                         [str(docs / "mill.txt")]).fetchall()
    vectors = cur.execute("SELECT count(*) FROM rag_embeddings").fetchone()
    (docs / "moved").mkdir()
    os.rename(docs / "mill.txt", docs / "moved" / "mill-renamed.txt")
    _, summary = drain(app.library.rescan())
    assert [Path(o.path).name for o in summary.moved] == ["mill-renamed.txt"]
    assert not summary.ok and not summary.removed and summary.chunks_embedded == 0
    new = str(docs / "moved" / "mill-renamed.txt")
    assert cur.execute("SELECT section_tipo, section_id FROM source_records WHERE path = ?", [new]).fetchall() == before
    assert cur.execute("SELECT count(*) FROM rag_embeddings").fetchone() == vectors
    hit = app.search.records("mill flood 1902", limit=1)[0]
    assert (hit.section_tipo, hit.section_id) == before[0] and hit.source_path == new
    # edited at its new place: the same record, updated
    Path(new).write_text("The mill by the river was rebuilt in 1903 after the great flood.", encoding="utf-8")
    _, summary = drain(app.library.rescan())
    assert [Path(o.path).name for o in summary.ok] == ["mill-renamed.txt"]
    assert cur.execute("SELECT section_tipo, section_id FROM source_records WHERE path = ?", [new]).fetchall() == before


def test_an_offline_source_keeps_its_records(lib: tuple[Ovillo, Path]) -> None:
    app, docs = lib
    drain(app.library.ingest([docs], remember=True))
    unplugged = docs.with_name("elsewhere")
    os.rename(docs, unplugged)
    _, summary = drain(app.library.rescan())
    assert not summary.removed and len(_paths(app)) == 4
    (status,) = app.library.sources()
    assert status.state == "offline" and status.records == 4 and "offline" in (status.reason or "")
    os.rename(unplugged, docs)
    _, summary = drain(app.library.rescan())
    assert len(summary.skipped) == 4 and app.library.sources()[0].state == "not watched"


def test_the_command_line(tmp_path: Path, models_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docs = _folder(tmp_path / "docs")
    base = ["--home", str(tmp_path / "home"), "--models", str(models_dir)]
    assert main([*base, "ingest", "--once", str(docs / "mill.txt")]) == 0
    assert main([*base, "library", "list", "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out.strip().splitlines()[-1]) == []
    assert main([*base, "library", "add", str(docs), "--exclude", "draft*", "--classification", "public"]) == 0
    capsys.readouterr()
    assert main([*base, "library", "list", "--json"]) == 0
    (src,) = json.loads(capsys.readouterr().out)
    assert (src["path"], src["files"], src["records"], src["rules"]) == \
        (str(docs), 2, 2, [{"kind": "exclude", "glob": "draft*"}])  # draft.txt and the drafts folder
    assert main([*base, "library", "pause", str(docs)]) == 0
    assert main([*base, "library", "list"]) == 0
    assert "[paused]" in capsys.readouterr().out
    assert main([*base, "library", "remove", str(docs)]) == 0
    assert "2 records left the library" in capsys.readouterr().out
    assert main([*base, "library", "remove", str(docs)]) == 2  # not a source any more: one clear line
    assert "is not a library source" in capsys.readouterr().err


def test_ingesting_a_part_of_a_source_makes_no_new_source(lib: tuple[Ovillo, Path]) -> None:
    app, docs = lib
    drain(app.library.ingest([docs], remember=True))
    (docs / "sub" / "new.txt").write_text("A new letter about the mill race.", encoding="utf-8")
    _, summary = drain(app.library.ingest([docs / "sub"], remember=True))
    assert "new.txt" in [Path(o.path).name for o in summary.ok]
    assert [s.source.path for s in app.library.sources()] == [str(docs)]
    assert app.library.sources()[0].files == 5  # the new file counts under the source that holds it


def test_a_source_holding_the_data_folder_leaves_it_out(tmp_path: Path, encoder: TextEncoder,
                                                        models_dir: Path) -> None:
    docs = _folder(tmp_path / "docs")
    with Ovillo(docs / "ovillo-home", models_dir=models_dir, encoder=encoder) as app:
        (docs / "ovillo-home" / "notes.txt").write_text("Not a document of the archive.", encoding="utf-8")
        _, summary = drain(app.library.ingest([docs], remember=True))
        assert len(summary.ok) == 4 and not any("ovillo-home" in o.path for o in summary.outcomes)
