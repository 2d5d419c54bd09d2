"""Export the results a search shows: CSV, JSON or Markdown, chosen by the file's name (never in the kiosk)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from core.api import Hit, results_csv, results_json, results_markdown

FORMATS = {".csv": "CSV", ".json": "JSON", ".md": "Markdown"}


def write_results(path: str | Path, query: str, hits: Sequence[Hit], total: int | None = None) -> Path:
    """Write ``hits`` to ``path`` in the format its suffix names (CSV when it names none); the path written."""
    target = Path(path)
    if target.suffix.lower() not in FORMATS:
        target = target.with_name(target.name + ".csv")
    suffix = target.suffix.lower()
    text = (results_json(query, hits, total) if suffix == ".json" else
            results_markdown(query, hits) if suffix == ".md" else results_csv(hits))
    target.write_text(text, encoding="utf-8", newline="")
    return target


def choose_and_export(parent: QWidget, query: str, hits: Sequence[Hit], total: int | None = None) -> Path | None:
    """Ask where to save, then write; None when the person cancelled."""
    filters = ";;".join(f"{name} (*{suffix})" for suffix, name in FORMATS.items())
    path, _chosen = QFileDialog.getSaveFileName(
        parent, QCoreApplication.translate("SearchView", "Export the results"), "ovillo-results.csv", filters)
    return write_results(path, query, hits, total) if path else None
