"""The window's first guidance: which page shows what when it has nothing yet (:class:`app.empty_state.EmptyState`)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractItemView, QTextEdit

from app.empty_state import EmptyState
from app.views.ask import AskView
from app.views.importer import ImportView
from app.views.objects import ObjectsView
from app.views.record import RecordView
from app.views.search import SearchView


def _watch_list(view: QAbstractItemView, state: EmptyState) -> None:
    model = view.model()
    for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset, model.layoutChanged):
        signal.connect(state.refresh)  # a bound slot: disconnected when the guidance goes


def _watch_text(view: QTextEdit, state: EmptyState) -> None:
    view.textChanged.connect(state.refresh)


def install_empty_states(search: SearchView, ask: AskView | None, objects: ObjectsView, importer: ImportView | None,
                         record: RecordView, *, kiosk: bool) -> dict[str, EmptyState]:
    """Guidance on the Search, Ask, Objects, Import and Record pages; returned by page (tests use it)."""
    states: dict[str, EmptyState] = {}
    # literal translate() calls, one per text: lupdate finds no string passed through a helper
    examples = [QCoreApplication.translate("EmptyState", "glazed sherds in trench 3"),
                QCoreApplication.translate("EmptyState", "the pottery kiln"),
                QCoreApplication.translate("EmptyState", "who found the coin hoard")]
    s = EmptyState(search.results, "searchEmpty",
                   QCoreApplication.translate("EmptyState", "Type a question or a few words above: Ovillo searches "
                                                            "by meaning, in any language. Try:"),
                   examples, empty=lambda: search.results.count() == 0 and not search.query.text().strip())
    s.chosen.connect(search.query.setText)  # the query box searches as it changes
    _watch_list(search.results, s)
    search.query.textChanged.connect(s.refresh)
    states["search"] = s
    if ask is not None:
        questions = [QCoreApplication.translate("EmptyState", "What were the glazed sherds in trench 3 and where "
                                                              "were they made?"),
                     QCoreApplication.translate("EmptyState", "Who found the coin hoard, and where exactly in the "
                                                              "house?")]
        a = EmptyState(ask.transcript, "askEmpty",
                       QCoreApplication.translate("EmptyState", "Ask a question in your own words: the answer quotes "
                                                                "the archive and links each sentence to its source. "
                                                                "For example:"),
                       questions, empty=lambda: ask.transcript.document().isEmpty() and not ask.answering)
        a.chosen.connect(ask.ask)
        _watch_text(ask.transcript, a)
        states["ask"] = a
    o = EmptyState(objects.grid, "objectsEmpty",
                   QCoreApplication.translate("EmptyState", "Drop coin or object photographs here (or choose them "
                                                            "above) to find similar objects in the archive.")
                   if not kiosk else
                   QCoreApplication.translate("EmptyState", "Choose photographs of an object to find similar "
                                                            "objects in the archive."),
                   empty=lambda: objects.grid.count() == 0 and not objects.photos.rows)
    _watch_list(objects.grid, o)
    objects.photos.changed.connect(o.refresh)
    states["objects"] = o
    if importer is not None:
        i = EmptyState(importer.paths, "importEmpty",
                       QCoreApplication.translate("EmptyState", "Drop files or folders here to import them."),
                       empty=lambda: importer.paths.count() == 0)
        _watch_list(importer.paths, i)
        states["import"] = i
    r = EmptyState(record.text, "recordEmpty",
                   QCoreApplication.translate("EmptyState", "No record is open. Records open from a search result, "
                                                            "a source under an answer or an object's neighbours."),
                   empty=lambda: record.record is None and record.text.document().isEmpty())
    _watch_text(record.text, r)
    states["record"] = r
    return states
