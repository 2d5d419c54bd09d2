"""The search page's saved and recent searches: a menu beside the query box (absent in a kiosk, which keeps
nothing of its visitors)."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QInputDialog, QLineEdit, QMenu, QSpinBox, QToolButton, QWidget

from app.ops import Ops
from app.plain import set_tip
from app.qt import named
from app.status_note import notify
from core.api import RecentSearch, SavedSearch, SearchFilters

MENU_TEXT_MAX = 60  # characters of a query shown in the menu; the tooltip has it whole


class SearchPage(Protocol):
    """What the menu reads and sets on the search page (:class:`app.views.search.SearchView`)."""

    ops: Ops
    query: QLineEdit
    collection: QComboBox
    lang: QComboBox
    classification: QComboBox
    year_from: QSpinBox
    year_to: QSpinBox

    def filters(self) -> SearchFilters: ...
    def run_search(self) -> None: ...
    def window(self) -> QWidget: ...


class SearchMemory(QObject):
    """Save the search shown under a name; run a saved or a recent one again with its filters."""

    def __init__(self, page: SearchPage, parent: QWidget) -> None:
        super().__init__(parent)
        self.page = page
        self.ops = page.ops
        self.button = named(QToolButton(parent), "searchMemory")
        self.button.setText(self.tr("Saved searches"))
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        set_tip(self.button, self.tr("Save this search, or run a saved or recent one again"))
        self.menu = named(QMenu(self.button), "searchMemoryMenu")
        self.menu.aboutToShow.connect(self.fill_menu)
        self.button.setMenu(self.menu)
        self.actions: dict[str, QAction] = {}
        self.button.setVisible(not self.ops.kiosk)

    def fill_menu(self) -> None:
        """Build the menu from the saved and recent searches as they are now."""
        self.menu.clear()
        self.actions = {}
        save = self.menu.addAction(self.tr("Save this search…"))
        save.setEnabled(bool(self.page.query.text().strip()))
        save.triggered.connect(self.save_current)
        self.actions["save"] = save
        saved: list[SavedSearch] = self.ops.work_now(lambda w, _p: w.saved()) or []
        recent: list[RecentSearch] = self.ops.work_now(lambda w, _p: w.recent()) or []
        if saved:
            self.menu.addSection(self.tr("Saved searches"))
            for s in saved:
                self._rerun(f"saved:{s.name}", s.name, s.query, s.filters)
            forget = self.menu.addMenu(self.tr("Forget a saved search"))
            for s in saved:
                act = forget.addAction(_short(s.name))
                act.triggered.connect(lambda _c=False, n=s.name: self._forget(n))
                self.actions[f"forget:{s.name}"] = act
        if recent:
            self.menu.addSection(self.tr("Recent searches"))
            for r in recent:
                self._rerun(f"recent:{r.query}", r.query, r.query, r.filters)
            clear = self.menu.addAction(self.tr("Clear recent searches"))
            clear.triggered.connect(lambda: self.ops.work(lambda w, _p: w.forget_recent()))
            self.actions["clear"] = clear

    def save_current(self) -> None:
        """Ask for a name, then keep the query and its filters under it (the same name replaces the old one)."""
        query = self.page.query.text().strip()
        if self.ops.kiosk or not query:
            return
        name, ok = QInputDialog.getText(self.page.window(), self.tr("Save this search"), self.tr("Name:"),
                                        QLineEdit.EchoMode.Normal, query)
        name = " ".join(name.split())
        if not ok or not name:
            return
        filters = self.page.filters()
        self.ops.work(lambda w, _p: w.save_search(name, query, filters),
                      on_result=lambda _s: self._say(self.tr("Search saved as “%1”.").replace("%1", name)))

    def remember(self) -> None:
        """The person acted on this search (Enter, or opened a result): keep it first among the recent ones."""
        query = self.page.query.text().strip()
        if self.ops.kiosk or not query:
            return
        filters = self.page.filters()
        self.ops.work(lambda w, _p: w.remember(query, filters))

    def _rerun(self, key: str, label: str, query: str, filters: SearchFilters) -> None:
        """A menu entry that runs ``query`` with ``filters`` again."""
        act = self.menu.addAction(_short(label))
        act.triggered.connect(lambda _c=False: self.apply(query, filters))
        self.actions[key] = act

    def apply(self, query: str, filters: SearchFilters) -> None:
        """Put a saved or recent search back in the boxes and run it now."""
        p = self.page
        for box, values in ((p.collection, filters.collections), (p.lang, filters.langs),
                            (p.classification, filters.classifications)):
            box.blockSignals(True)
            value = values[0] if values else ""
            at = box.findData(value) if value else 0
            if value and at < 0:  # a value the archive no longer shows: kept, so the search is the one saved
                box.addItem(value, value)
                at = box.count() - 1
            box.setCurrentIndex(at)
            box.blockSignals(False)
        for spin, day in ((p.year_from, filters.date_from), (p.year_to, filters.date_to)):
            spin.blockSignals(True)
            spin.setValue(_year(day))
            spin.blockSignals(False)
        p.query.blockSignals(True)  # one search now, not a second one when the debounce fires
        p.query.setText(query)
        p.query.blockSignals(False)
        p.run_search()

    def _forget(self, name: str) -> None:
        self.ops.work(lambda w, _p: w.delete_search(name),
                      on_result=lambda _r: self._say(self.tr("Forgot “%1”.").replace("%1", name)))

    def _say(self, text: str) -> None:
        notify(self.button, text)


def _short(text: str) -> str:
    flat = " ".join(text.split()).replace("&", "&&")  # & would mark a shortcut letter
    return flat if len(flat) <= MENU_TEXT_MAX else flat[:MENU_TEXT_MAX - 1] + "…"


def _year(day: date | None) -> int:
    return day.year if day is not None else 0
