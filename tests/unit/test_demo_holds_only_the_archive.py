"""The demo archive holds only the archive (issue #29, point 6): a developer's note inside a folder
``./scripts/run`` indexes became a public record every kiosk visitor could open."""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NOTE = re.compile(r"^(readme|licen[cs]e|copying|changelog|notes?|contributing|authors)(\..*)?$", re.IGNORECASE)


def indexed_folders() -> list[Path]:
    """The folders ``./scripts/run`` hands to ``ingest`` and to the window's background indexing."""
    sys.path.insert(0, str(REPO / "scripts"))
    try:
        from ovsetup.demo import FOLDERS
    finally:
        sys.path.remove(str(REPO / "scripts"))
    assert all(f.parent == REPO / "resources" / "demo" for f in FOLDERS)
    return list(FOLDERS)


def test_no_developer_note_lies_in_a_folder_the_demo_indexes() -> None:
    folders = indexed_folders()
    assert {f.name for f in folders} >= {"diaries", "catalogue", "transcripts", "reports", "coins"}
    notes = [str(p.relative_to(REPO)) for f in folders for p in f.rglob("*") if p.is_file() and NOTE.match(p.name)]
    assert notes == []
