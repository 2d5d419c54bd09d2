"""The main window: a navigation list, one page per view, background work in the status bar."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QMainWindow, QMessageBox, QProgressBar,
                               QPushButton, QStackedWidget, QWidget)

from app.errors import report_error
from app.guidance import install_empty_states
from app.kiosk import IdleWatcher, KioskConfig, Outcome, PinDialog, PinGuard
from app.menus import build_menus
from app.nav import NavList
from app.idle import IdleRelease
from app.ops import Ops
from app.plain import plain_label
from app.qt import named
from app.views.add_to_list import add_to_list
from app.views.ask import AskView
from app.views.browse import BrowseView
from app.library_watch import LibraryWatch
from app.views.importer import ImportView, dropped_paths
from app.views.objects import ObjectsView
from app.views.preferences import PreferencesView
from app.views.record import RecordView
from app.views.search import SearchView
from app.views.status import StatusView
from app.views.sync import SyncView
from app.views.worklist import WorklistView
from core.api import Changes, Hit, Ovillo


class MainWindow(QMainWindow):
    """Search · Ask · Browse · Objects · Lists · Import · Library · Preferences (kiosk: Search, Ask, Browse and
    Objects, as ``public``)."""

    def __init__(self, ovillo: Ovillo, *, kiosk: bool = False, kiosk_config: KioskConfig | None = None) -> None:
        super().__init__()
        self.kiosk = kiosk
        self.kiosk_config = kiosk_config or KioskConfig()
        self.ops = Ops(ovillo, kiosk=kiosk)
        self.ops.error_sink = self.show_error
        self.idle_release = IdleRelease(self.ops)  # import-only models go a minute after the last import
        self.error_dialogs: list[QMessageBox] = []
        self.pin_dialog: PinDialog | None = None
        # every staff PIN attempt goes through the lock-out kept in the data folder
        self.pin_guard: PinGuard | None = PinGuard(ovillo.paths.home) if kiosk else None
        self._closing_allowed = not kiosk
        self.setObjectName("mainWindow")
        self.setWindowTitle(self.tr("Ovillo — reading room") if kiosk else self.tr("Ovillo"))

        self.search = SearchView(self.ops)
        self.record = RecordView(self.ops)
        self.ask: AskView | None = AskView(self.ops) if hasattr(ovillo, "answers") else None
        self.browse = BrowseView(self.ops)  # kiosk too: counts and records as public sees them
        self.objects = ObjectsView(self.ops)  # kiosk: public lookups, no saving
        # the person's working lists: a reading room keeps nothing of its visitors
        self.worklist: WorklistView | None = None if kiosk or not hasattr(ovillo, "work") else WorklistView(self.ops)
        self.importer: ImportView | None = None if kiosk else ImportView(self.ops)
        self.status_view: StatusView | None = None if kiosk else StatusView(self.ops)
        self.preferences: PreferencesView | None = None if kiosk else PreferencesView(self.ops)
        self.sync_view: SyncView | None = None if kiosk else SyncView(self.ops)

        self.nav = named(NavList(), "nav")  # as wide as its widest translated title
        self.stack = named(QStackedWidget(), "pages")
        self.pages: list[tuple[str, QWidget]] = [(self.tr("Search"), self.search)]
        if self.ask is not None:
            self.pages.append((self.tr("Ask"), self.ask))
        self.pages.append((self.tr("Browse"), self.browse))
        self.pages.append((self.tr("Objects"), self.objects))
        staff_pages: tuple[tuple[str, QWidget | None], ...] = (
            (self.tr("Lists"), self.worklist), (self.tr("Import"), self.importer),
            (self.tr("Library"), self.status_view),
            (self.tr("Preferences"), self.preferences), (self.tr("Sync"), self.sync_view))
        self.pages.extend((title, page) for title, page in staff_pages if page is not None)
        for i, (title, view) in enumerate(self.pages, 1):
            self.nav.addItem(f"{title}" if kiosk else f"{title}\tCtrl+{i}")
            self.stack.addWidget(view)
            QShortcut(QKeySequence(f"Ctrl+{i}"), self).activated.connect(lambda n=i - 1: self.go(n))
        self.nav.fit()
        self.stack.addWidget(self.record)
        self._previous: QWidget = self.search
        self._return_focus: QWidget | None = None  # where Esc from a record puts the keyboard back

        body = QWidget()
        lay = QHBoxLayout(body)
        lay.addWidget(self.nav)
        lay.addWidget(self.stack, 1)
        self.setCentralWidget(body)
        self._build_status_bar()
        self.menu_actions = {} if kiosk else build_menus(self)  # a kiosk has no menus: nothing to wander into
        self.empty_states = install_empty_states(self.search, self.ask, self.objects, self.importer, self.record,
                                                 kiosk=self.kiosk)

        self.nav.currentRowChanged.connect(self._nav_changed)
        # arrows only browse the list; Enter (or a click) also moves the keyboard into the page
        self.nav.itemActivated.connect(lambda _item: self._focus_page(self.stack.currentWidget() or self.search))
        self.search.open_hit.connect(self.open_hit)
        self.browse.open_hit.connect(self.open_hit)
        self.record.back.connect(self._back_from_record)
        self.objects.open_record.connect(self.open_record)
        if self.worklist is not None:
            self.worklist.open_record.connect(self.open_record)
            self.record.list_button.clicked.connect(self.add_record_to_list)
        self.record.list_button.setVisible(self.worklist is not None)
        if self.ask is not None:
            self.ask.open_citation.connect(self.open_citation)
            self.ask.open_quote.connect(self.open_quote)
        if self.importer is not None:
            self.importer.status_text.connect(self.progress_label.setText)
            self.importer.running.connect(self._indexing)
        if self.sync_view is not None:
            self.sync_view.status_text.connect(self.progress_label.setText)
            self.sync_view.running.connect(self._indexing)
        self.ops.changed.connect(self._library_changed)
        # watched sources: started by start_watching (app.main, tests), so a window opened for other work never scans
        self.library_watch: LibraryWatch | None = None if kiosk else LibraryWatch(self.ops, self)
        if self.library_watch is not None:
            self.library_watch.status_text.connect(self.progress_label.setText)
            self.library_watch.running.connect(self._indexing)
        QShortcut(QKeySequence("Ctrl+F"), self).activated.connect(self.focus_search)
        self.nav.setCurrentRow(0)
        self.search.refresh_facets()
        if self.status_view is not None:
            self.status_view.refresh()
        self.idle: IdleWatcher | None = None
        if kiosk:
            self.idle = IdleWatcher(self.kiosk_config.idle_s, self)
            self.idle.idle.connect(self.reset_to_start)
            self.idle.countdown.connect(self._reset_countdown)
        # files dropped anywhere on the window are imported (the import page shows the progress);
        # a kiosk takes no drops at all
        self.setAcceptDrops(self.importer is not None)
        self.resize(1100, 720)
        self.search.query.setFocus()

    def _build_status_bar(self) -> None:
        self.progress_label = named(plain_label(), "backgroundLabel")
        self.progress_bar = named(QProgressBar(), "backgroundProgress")
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setMaximumWidth(160)
        self.progress_bar.hide()
        bar = self.statusBar()
        bar.addWidget(self.progress_label, 1)
        bar.addPermanentWidget(self.progress_bar)
        if self.kiosk:
            staff = named(QPushButton(self.tr("Staff…")), "staffButton")
            staff.setFlat(True)
            staff.clicked.connect(self._ask_pin)
            bar.addPermanentWidget(staff)

    # -- navigation ---------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show page ``index`` of the navigation list, with the keyboard in its first field."""
        if 0 <= index < len(self.pages):
            self.nav.setCurrentRow(index)
            self._nav_changed(index)
            self._focus_page(self.pages[index][1])

    def page_focus(self, view: QWidget) -> QWidget:
        """The widget a page's keyboard user starts in."""
        starts: dict[int, QWidget] = {id(self.search): self.search.query, id(self.record): self.record.text}
        if self.ask is not None:
            starts[id(self.ask)] = self.ask.question
        starts[id(self.browse)] = self.browse.collections
        starts[id(self.objects)] = self.objects.choose
        if self.worklist is not None:
            starts[id(self.worklist)] = self.worklist.lists
        if self.importer is not None:
            starts[id(self.importer)] = self.importer.add_files
        if self.status_view is not None:
            sources = self.status_view.sources
            starts[id(self.status_view)] = sources.table if sources is not None else self.status_view.refresh_button
        if self.sync_view is not None:
            starts[id(self.sync_view)] = self.sync_view.server
        if self.preferences is not None and self.preferences.editors:
            starts[id(self.preferences)] = next(iter(self.preferences.editors.values()))
        return starts.get(id(view), view)

    def _focus_page(self, view: QWidget) -> None:
        self.page_focus(view).setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _nav_changed(self, index: int) -> None:
        if 0 <= index < len(self.pages):
            view = self.pages[index][1]
            self.stack.setCurrentWidget(view)
            if view is self.status_view and self.status_view is not None:
                self.status_view.refresh()
            if view is self.sync_view and self.sync_view is not None:
                self.sync_view.refresh()

    def focus_search(self) -> None:
        """Ctrl+F: the query box."""
        self.go(0)
        self.search.query.setFocus()
        self.search.query.selectAll()

    def open_hit(self, hit: Hit, query: str = "") -> None:
        """A search result: its record at its passage."""
        self._show_record()
        self.record.show_hit(hit, query)

    def open_citation(self, section_tipo: str, section_id: int, chunk_index: int) -> None:
        """A citation link in an answer: the cited passage."""
        self._show_record()
        self.record.open(section_tipo, section_id, chunk_index)

    def open_quote(self, section_tipo: str, section_id: int, chunk_index: int, start: int, end: int) -> None:
        """A citation link with its quote: the cited passage, the quoted words marked inside it."""
        self._show_record()
        self.record.open(section_tipo, section_id, chunk_index, quote=(start, end))

    def open_record(self, section_tipo: str, section_id: int) -> None:
        """An object (a neighbour, an evidence thumbnail, one just saved): its record with its images."""
        self._show_record()
        self.record.open(section_tipo, section_id)

    def add_record_to_list(self) -> None:
        """The record page's "Add to list…": the record shown goes on a working list, with a note."""
        rec = self.record.record
        if rec is not None and self.worklist is not None:
            add_to_list(self.record, self.ops, rec.section_tipo, rec.section_id, rec.title)

    def _show_record(self) -> None:
        current = self.stack.currentWidget()
        if current is not None and current is not self.record:
            self._previous = current
            focus = QApplication.focusWidget()
            self._return_focus = focus if focus is not None and self._previous.isAncestorOf(focus) else None
        self.stack.setCurrentWidget(self.record)
        self.record.text.setFocus(Qt.FocusReason.OtherFocusReason)  # arrows scroll, Tab walks the ▶ links

    def _back_from_record(self) -> None:
        self.stack.setCurrentWidget(self._previous)
        target = self._return_focus
        if target is not None and target.isVisible() and target.isEnabled():
            target.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self._focus_page(self._previous)

    def _reset_countdown(self, left: int) -> None:
        """The last seconds before an idle reset, shown so a visitor who is still reading can stay."""
        if left > 0 and not (self.ask is not None and self.ask.answering):
            self.statusBar().showMessage(self.tr("Starting over in %n second(s) — touch the screen to continue.", "",
                                                 left))
        else:
            self.statusBar().clearMessage()

    def reset_to_start(self) -> None:
        """Kiosk idle: forget everything the last visitor did and show an empty search."""
        if self.ask is not None and self.ask.answering and self.idle is not None:
            self.idle.restart()  # never wipe an answer still being written: wait for it, then idle again
            return
        for box in list(self.error_dialogs):
            box.close()
        self.error_dialogs.clear()
        if self.pin_dialog is not None:  # a half-typed PIN must not wait for the next visitor
            self.pin_dialog.reject()
        self.record.clear()
        if self.ask is not None:
            self.ask.reset()
        self.objects.reset()
        self.browse.reset()
        self.go(0)
        self.search.reset()

    # -- drag and drop --------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        """Files and folders may be dropped on any page (never in a kiosk)."""
        if self.importer is not None and dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt API
        """Keep accepting while the drag moves (platforms ask again on every move)."""
        if self.importer is not None and dropped_paths(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        """Show the import page and import what was dropped."""
        paths = dropped_paths(event.mimeData())
        if self.importer is None or not paths:
            event.ignore()
            return
        event.acceptProposedAction()
        self.go(next(i for i, (_t, v) in enumerate(self.pages) if v is self.importer))
        self.importer.import_dropped(paths)

    # -- background work ------------------------------------------------------------------
    def index_in_background(self, paths: list[str], *, collection: str | None = None,
                            classification: str | None = None) -> None:
        """Index ``paths`` while the window stays usable (first run of the demo)."""
        if self.importer is not None:
            self.importer.start_import(paths, collection, classification)

    def start_watching(self) -> None:
        """Watch the library's sources while the window is open (a reconciling scan first)."""
        if self.library_watch is not None:
            self.library_watch.start()

    def _indexing(self, running: bool) -> None:
        self.progress_bar.setVisible(running)

    def _library_changed(self, changes: Changes) -> None:
        """Every write ends here with what it changed: status always (failures count), the rest when
        records changed — facets, the results on screen, and an open record that may be gone."""
        if self.status_view is not None:
            self.status_view.refresh()
        if not changes:
            return
        self.search.refresh_facets()
        if self.search.query.text().strip():
            self.search.run_search()
        shown = self.record.record
        if shown is not None and shown.section_tipo in changes.collections:
            self.record.reload()

    # -- errors ---------------------------------------------------------------------------
    def show_error(self, exc: BaseException, details: str = "") -> None:
        """Every failure from a worker ends here: a dialog, never a crash."""
        box = report_error(self, exc, details)
        if box is not None:
            self.error_dialogs.append(box)
            box.finished.connect(lambda _r, b=box: self.error_dialogs.remove(b) if b in self.error_dialogs else None)

    # -- kiosk exit and shutdown ----------------------------------------------------------
    def _ask_pin(self) -> None:
        """The staff button: a PIN dialog over the kiosk (non-blocking, so the idle reset still works)."""
        if self.pin_dialog is not None:
            self.pin_dialog.raise_()
            return
        if self.pin_guard is None:
            return
        dialog = PinDialog(self.pin_guard, self)
        dialog.accepted.connect(self._staff_verified)
        dialog.finished.connect(self._pin_dialog_closed)
        self.pin_dialog = dialog
        dialog.open()

    def _pin_dialog_closed(self, _result: int) -> None:
        if self.pin_dialog is not None:
            self.pin_dialog.deleteLater()
        self.pin_dialog = None

    def _staff_verified(self) -> None:
        self._closing_allowed = True
        self.close()

    def leave_kiosk(self, pin: str) -> bool:
        """Close the kiosk if ``pin`` is the staff PIN (and the keypad is not locked after wrong PINs)."""
        if not self.kiosk or self.pin_guard is None or self.pin_guard.attempt(pin).outcome is not Outcome.ACCEPTED:
            return False
        self._staff_verified()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        """Visitors cannot close a kiosk; otherwise stop every worker before the window goes."""
        if not self._closing_allowed:
            event.ignore()
            return
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Cancel and wait for background work (safe to call twice)."""
        if self.idle is not None:
            self.idle.stop()
        self.idle_release.timer.stop()  # a closed window lets nothing go later on another thread
        if self.library_watch is not None:
            self.library_watch.stop()
        if self.importer is not None and self.importer.worker is not None:
            self.importer.cancel_import()
        self.ops.shutdown()
        self._closing_allowed = True
