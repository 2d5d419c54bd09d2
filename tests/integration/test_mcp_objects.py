"""``objects_lookup`` through ``ovillo mcp`` (real SSCD): a coin's photographs find its die-linked partner for
the owner, and never for public when that partner is restricted — not as a hit, a title or an id."""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

import json
import shutil
from pathlib import Path
from typing import Any

from mcp import ClientSession

from core.ingest.pipeline import IngestOptions
from core.models.encoder import ImageEncoder, TextEncoder
from core.service import Ovillo
from tests.conftest import drain
from tests.integration.objects_fixtures import COINS, image_encoder
from tests.integration.test_mcp_server import call, session

__all__ = ["image_encoder"]  # fixtures
HIDDEN = "MNC-006"  # the die-linked partner of MNC-005 (tests/integration/test_objects_demo.py)


def test_objects_lookup_finds_the_partner_for_the_owner_and_never_a_hidden_one(
        tmp_path: Path, encoder: TextEncoder, image_encoder: ImageEncoder, models_dir: Path) -> None:
    coins = tmp_path / "coins"
    shutil.copytree(COINS, coins)
    csv_path = coins / "catalogue.csv"
    lines = csv_path.read_text(encoding="utf-8").splitlines()
    lines = [ln.rsplit(",", 1)[0] + ",restricted" if ln.startswith(HIDDEN + ",") else ln for ln in lines]
    csv_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    home = tmp_path / "home"
    with Ovillo(home, models_dir=models_dir, encoder=encoder, image_encoder=image_encoder) as app:
        _, summary = drain(app.library.ingest([coins], IngestOptions(collection="coins")))
        assert not summary.failed, summary.failed
    photos = {"obverse": str(COINS / "images" / "MNC-005_obverse.jpg"),
              "reverse": str(COINS / "images" / "MNC-005_reverse.jpg")}

    async def look(s: ClientSession, init: Any) -> tuple[list[str], str]:
        tools = {t.name: t for t in (await s.list_tools()).tools}
        assert tools["objects_lookup"].annotations.read_only_hint is True  # type: ignore[union-attr]
        ok, res = await call(s, "objects_lookup", images=photos, limit=50)
        assert ok, res
        return [h["title"] for h in res["results"]], json.dumps(res, ensure_ascii=False)

    owner, _ = session(home, look, "--profile", "owner")
    assert any(HIDDEN in t for t in owner[:3]), owner  # for the owner the partner is among the nearest
    public, text = session(home, look)
    assert public and not any(HIDDEN in t for t in public) and HIDDEN not in text
    assert len(public) == len(owner) - 1  # the same neighbours, less the hidden one
