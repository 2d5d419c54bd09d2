"""Export the results a search shows, or a working list: CSV, JSON or Markdown, chosen by the file's name
(never in the kiosk)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from core.api import Hit, ListEntry, results_csv, results_json, results_markdown, slug, worklist_csv, \
    worklist_json, worklist_markdown

FORMATS = {".csv": "CSV", ".json": "JSON", ".md": "Markdown"}


def _target(path: str | Path) -> Path:
    """``path``, with ``.csv`` added when its suffix names none of :data:`FORMATS`."""
    target = Path(path)
    return target if target.suffix.lower() in FORMATS else target.with_name(target.name + ".csv")


def write_results(path: str | Path, query: str, hits: Sequence[Hit], total: int | None = None) -> Path:
    """Write ``hits`` to ``path`` in the format its suffix names (CSV when it names none); the path written."""
    target = _target(path)
    suffix = target.suffix.lower()
    text = (results_json(query, hits, total) if suffix == ".json" else
            results_markdown(query, hits) if suffix == ".md" else results_csv(hits))
    target.write_text(text, encoding="utf-8", newline="")
    return target


def write_worklist(path: str | Path, name: str, entries: Sequence[ListEntry]) -> Path:
    """Write a working list's entries to ``path`` in the format its suffix names (CSV when it names none)."""
    target = _target(path)
    suffix = target.suffix.lower()
    text = (worklist_json(name, entries) if suffix == ".json" else
            worklist_markdown(name, entries) if suffix == ".md" else worklist_csv(entries))
    target.write_text(text, encoding="utf-8", newline="")
    return target


def _choose(parent: QWidget, title: str, suggested: str) -> str:
    filters = ";;".join(f"{name} (*{suffix})" for suffix, name in FORMATS.items())
    path, _chosen = QFileDialog.getSaveFileName(parent, title, suggested, filters)
    return path


def choose_and_export(parent: QWidget, query: str, hits: Sequence[Hit], total: int | None = None) -> Path | None:
    """Ask where to save, then write; None when the person cancelled."""
    path = _choose(parent, QCoreApplication.translate("SearchView", "Export the results"), "ovillo-results.csv")
    return write_results(path, query, hits, total) if path else None


def choose_and_export_list(parent: QWidget, name: str, entries: Sequence[ListEntry]) -> Path | None:
    """Ask where to save a working list, then write it; None when the person cancelled."""
    path = _choose(parent, QCoreApplication.translate("WorklistView", "Export the list"),
                   f"ovillo-list-{slug(name)}.csv")
    return write_worklist(path, name, entries) if path else None
