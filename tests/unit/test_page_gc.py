"""Rendered scan pages no live record shows are collected; the ones in use, recent ones and foreign folders stay."""

from __future__ import annotations

import os
from pathlib import Path

from core.ingest.sources import collect_pages
from core.store.db import Store
from core.store.writer import RecordRow, RecordWriter


def page_dir(pages: Path, seed: str, *, old: bool) -> Path:
    d = pages / (seed * 64)[:64]
    d.mkdir(parents=True)
    (d / "p0001.png").write_bytes(b"png")
    (d / "p0001.json").write_text("{}")
    if old:
        os.utime(d, (1_000_000, 1_000_000))
    return d


def test_unused_old_page_folders_go_and_nothing_else(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.duckdb")
    pages = tmp_path / "pages"
    used, unused, fresh = page_dir(pages, "a", old=True), page_dir(pages, "b", old=True), page_dir(pages, "c", old=False)
    foreign = pages / "notes"
    foreign.mkdir()
    os.utime(foreign, (1_000_000, 1_000_000))
    scan = {"1": {"confidence": 0.9, "image": str(used / "p0001.png")}}
    gone = {"1": {"confidence": 0.9, "image": str(unused / "p0001.png")}}
    w = RecordWriter(store)
    w.write([RecordRow(section_tipo="docs", section_id=1, title="Inventario", classification="public",
                       data={"scan_pages": scan}),
             RecordRow(section_tipo="docs", section_id=2, title="Borrado", classification="public",
                       data={"scan_pages": gone})])
    w.write(remove=[("docs", 2)])  # the file of record 2 was deleted: its pages are no longer shown
    try:
        assert collect_pages(store, pages, "me", since=2_000_000, claim_ttl_s=600) == 1
        assert used.is_dir() and fresh.is_dir() and foreign.is_dir() and not unused.exists()
        assert collect_pages(store, pages, "me", since=2_000_000, claim_ttl_s=600) == 0  # a re-run: same end
        assert collect_pages(store, tmp_path / "missing", "me", since=2_000_000, claim_ttl_s=600) == 0
    finally:
        store.close()


def test_pages_a_record_names_under_its_fields_stay(tmp_path: Path) -> None:
    """The pipeline keeps a scan's pages at ``data.fields.scan_pages``: the sweep once looked only at
    ``data.scan_pages`` and deleted every page image on the next ingest of the same folder."""
    store = Store(tmp_path / "s.duckdb")
    pages = tmp_path / "pages"
    used, unused = page_dir(pages, "d", old=True), page_dir(pages, "e", old=True)
    data = {"source_path": "/x/scan.pdf", "reader": "pdf",
            "fields": {"scan_pages": {"1": {"confidence": 0.9, "image": str(used / "p0001.png")}}}}
    RecordWriter(store).write([RecordRow(section_tipo="docs", section_id=3, title="Carta", classification="public",
                                         data=data)])
    try:
        assert collect_pages(store, pages, "me", since=2_000_000, claim_ttl_s=600) == 1
        assert (used / "p0001.png").is_file() and (used / "p0001.json").is_file() and not unused.exists()
    finally:
        store.close()
