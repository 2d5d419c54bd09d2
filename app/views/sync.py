"""Sync: pull the records this user may read from the central archive, with progress, cancel and resume.

The sync runs on the writer thread (it writes the store like an import). Cancel stops between
pages: every page already committed stays, and "Resume" (the same sync again) continues after
the last one. The password stays in memory; it goes to the OS keyring only when the user ticks
"remember", and that box is shown only where a keyring exists. Not in the kiosk.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QFileDialog, QFormLayout, QHBoxLayout, QLineEdit, QProgressBar,
                               QPushButton, QVBoxLayout, QWidget)

from app.ops import Ops
from app.plain import form_row, plain_label, set_tip
from app.qt import named
from app.text import human_bytes, human_eta
from app.workers import Worker
from app.errors import error_text
from core.api import OvilloError, Progress, SyncRequest, server_params


class SyncView(QWidget):
    """The central server's address and credentials, a Sync button, progress, summary and last sync.

    ``state`` is idle, running, cancelling or cancelled (cancelled: "Sync" reads "Resume").
    """

    finished = Signal(object)  # the SyncReport of a completed sync
    running = Signal(bool)
    status_text = Signal(str)  # one line for the window's status bar

    def __init__(self, ops: Ops, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ops = ops
        self.state = "idle"
        self.worker: Worker | None = None
        self.report: Any = None
        self.keyring = False  # a backend exists here (checked off the GUI thread)
        self.saved = False  # the keyring holds this server+user's password
        self.page = 500  # records per local transaction (what a cancel or a crash can lose at most)
        self.server = named(QLineEdit(), "syncServer")
        self.server.setPlaceholderText("postgresql://HOST:PORT/DATABASE")
        set_tip(self.server, self.tr("The central archive's address, as its administrator gives it: "
                                     "postgresql://HOST:PORT/DATABASE"))
        # says what the address is, then (as you type) what is wrong with it before anything is sent
        self.server_note = named(plain_label(), "syncServerNote")
        self.server_note.setWordWrap(True)
        self.server_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address_problem = ""
        self.user = named(QLineEdit(), "syncUser")
        self.password = named(QLineEdit(), "syncPassword")
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = named(QCheckBox(self.tr("Remember in the system keyring")), "syncRemember")
        self.remember.setVisible(False)
        self.forget = named(QPushButton(self.tr("&Forget saved password")), "syncForget")
        self.forget.setVisible(False)
        self.ca_file = named(QLineEdit(), "syncCaFile")
        self.ca_file.setPlaceholderText(self.tr("CA certificate (verifies the server)"))
        self.ca_browse = named(QPushButton(self.tr("&Browse…")), "syncCaBrowse")
        self.insecure = named(QCheckBox(self.tr("Allow a server without verified TLS (trusted network only)")),
                              "syncInsecure")
        self.start = named(QPushButton(self.tr("&Sync")), "startSync")
        self.cancel = named(QPushButton(self.tr("&Cancel")), "cancelSync")
        self.bar = named(QProgressBar(), "syncProgress")
        self.counts = named(plain_label(), "syncCounts")
        self.summary = named(plain_label(), "syncSummary")
        self.summary.setWordWrap(True)
        self.last = named(plain_label(), "syncLast")
        self.last.setWordWrap(True)

        ca_row = QHBoxLayout()
        ca_row.addWidget(self.ca_file, 1)
        ca_row.addWidget(self.ca_browse)
        pw_row = QHBoxLayout()
        pw_row.addWidget(self.password, 1)
        pw_row.addWidget(self.forget)
        form = QFormLayout()
        form_row(form, self.tr("Server"), self.server)
        form_row(form, "", self.server_note)
        form_row(form, self.tr("User"), self.user)
        form_row(form, self.tr("Password"), pw_row)
        form_row(form, "", self.remember)
        form_row(form, self.tr("CA certificate"), ca_row)
        form_row(form, "", self.insecure)
        controls = QHBoxLayout()
        controls.addWidget(self.start)
        controls.addWidget(self.cancel)
        controls.addStretch(1)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a field under its title when narrow
        intro = plain_label(self.tr("Bring the records you may read from the central archive onto this "
                                    "computer. Your own records are never changed."))
        intro.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(form)
        lay.addLayout(controls)
        lay.addWidget(self.bar)
        lay.addWidget(self.counts)
        lay.addWidget(self.summary)
        lay.addStretch(1)
        lay.addWidget(self.last)

        self.start.clicked.connect(self.start_sync)
        self.cancel.clicked.connect(self.cancel_sync)
        self.forget.clicked.connect(self.forget_password)
        self.ca_browse.clicked.connect(self._pick_ca)
        self.server.editingFinished.connect(self.refresh)
        self.user.editingFinished.connect(self.refresh)
        self.server.textChanged.connect(self._check_address)
        self.ca_file.textChanged.connect(self._check_address)
        self.insecure.toggled.connect(self._check_address)
        self.user.textChanged.connect(self._sync_buttons)
        self._check_address()
        self._sync_buttons()
        self.bar.setRange(0, 1)
        self.bar.setValue(0)

    # -- status ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Ask (off the GUI thread) whether a keyring exists, holds this password, and when the last sync was."""
        self.ops.sync_info(self.server.text().strip() or None, self.user.text().strip() or None, self._show_info)

    def _show_info(self, info: tuple[bool, bool, dict[str, Any] | None]) -> None:
        self.keyring, self.saved, last = info
        self.remember.setVisible(self.keyring)
        self.forget.setVisible(self.saved)
        self.password.setPlaceholderText(self.tr("saved in the system keyring") if self.saved else "")
        if last is None:
            self.last.setText(self.tr("Never synced."))
            return
        self.last.setText(self.tr("Last sync: %1 · server %2 · user %3").replace(
            "%1", str(last.get("last_sync") or self.tr("not finished"))).replace(
            "%2", str(last.get("server") or "")).replace("%3", str(last.get("user") or "")))
        if not self.server.text() and last.get("server"):  # the DSN of the last sync, without its TLS options
            self.server.setText(f"postgresql://{last['server']}")
        if not self.user.text() and last.get("user"):
            self.user.setText(str(last["user"]))
            self.refresh()  # whether the keyring holds this user's password

    def _pick_ca(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose the server's CA certificate"))
        if path:
            self.ca_file.setText(path)

    def _check_address(self) -> None:
        """Check the address with the same rules a sync applies (local parsing only: nothing is sent)."""
        server = self.server.text().strip()
        self.address_problem = ""
        if server:
            try:
                server_params(server, ca_file=self.ca_file.text().strip() or None,
                              insecure=self.insecure.isChecked())
            except OvilloError as exc:
                message, hint = error_text(exc)
                self.address_problem = message + (f"\n{hint}" if hint else "")
        self.server_note.setText(self.address_problem or self.tr(
            "Your archive's administrator gives you this address, your user name and, for a server on another "
            "computer, its CA certificate file."))
        self.server_note.setProperty("problem", bool(self.address_problem))
        self.server_note.style().polish(self.server_note)  # the style sheet's colour follows the property
        self._sync_buttons()

    # -- running --------------------------------------------------------------------------
    def start_sync(self) -> None:
        """Sync (or resume after a cancel) with what the form says."""
        server, user = self.server.text().strip(), self.user.text().strip()
        if self.state in ("running", "cancelling") or not server or not user or self.address_problem:
            return
        self.state = "running"
        self.report = None
        self.summary.clear()
        self.bar.setRange(0, 0)  # busy until the server says how many
        self.counts.setText(self.tr("Connecting…"))
        password = self.password.text() or None
        request = SyncRequest(server, user, password, ca_file=self.ca_file.text().strip() or None,
                              insecure=self.insecure.isChecked(), page=self.page,
                              remember=self.keyring and self.remember.isChecked())
        self.worker = self.ops.sync(request, on_progress=self._progress, on_result=self._result, on_error=self._error,
                                    on_done=self._done)
        self.worker.signals.cancelled.connect(self._cancelled)
        self.running.emit(True)
        self._sync_buttons()

    def cancel_sync(self) -> None:
        """Stop after the page in flight; what arrived stays and the next sync resumes after it."""
        if self.state == "running" and self.worker is not None:
            self.state = "cancelling"
            self.worker.cancel()
            self.counts.setText(self.tr("Stopping after the current page…"))
            self._sync_buttons()

    def forget_password(self) -> None:
        """Delete this user's password from the OS keyring."""
        server, user = self.server.text().strip(), self.user.text().strip()
        if server and user:
            self.ops.forget_sync_password(server, user, lambda _had: self.refresh())

    def _progress(self, p: Progress) -> None:
        if p.stage == "sync":
            self.bar.setRange(0, max(1, p.total or 1))
            self.bar.setValue(p.done)
            eta = human_eta(p.eta_s)
            text = self.tr("%1 of %2 records").replace("%1", str(p.done)).replace("%2", str(p.total or "?"))
            if eta:
                text += " · " + self.tr("about %1 left").replace("%1", eta)
            self.counts.setText(text)
        elif p.stage == "check":
            self.bar.setRange(0, 0)
            self.counts.setText(self.tr("Checking what is no longer permitted…"))
        elif p.stage == "connect":
            self.counts.setText(self.tr("Connecting…"))
        elif p.stage == "lexical":
            self.bar.setRange(0, 0)
            self.counts.setText(self.tr("Updating the keyword index…"))
        elif p.stage == "erase":
            self.bar.setRange(0, 0)
            self.counts.setText(self.tr("Erasing revoked records from the store file…"))
        self.status_text.emit(self.tr("Sync: %1").replace("%1", self.counts.text()))

    def _result(self, report: Any) -> None:
        self.report = report
        s = report.summary
        self.summary.setText(self.tr("Added %1 · updated %2 · removed %3 · revoked %4 · vectors reused %5 · "
                                     "embedded %6 · %7 in %8 s")
                             .replace("%1", str(s.added)).replace("%2", str(s.updated))
                             .replace("%3", str(s.removed)).replace("%4", str(s.revoked))
                             .replace("%5", str(s.vectors_reused)).replace("%6", str(s.vectors_embedded))
                             .replace("%7", human_bytes(s.bytes)).replace("%8", f"{s.seconds:.1f}"))
        self.counts.setText(self.tr("Sync finished."))
        if report.remembered:
            self.password.clear()
        self.finished.emit(report)

    def _error(self, exc: BaseException) -> None:
        message, hint = error_text(exc) if isinstance(exc, OvilloError) else (str(exc), "")
        self.counts.setText(self.tr("The sync stopped: %1").replace("%1", message) + (f"\n{hint}" if hint else ""))
        if isinstance(exc, OvilloError) and "tls" in (exc.hint_code or "") + exc.code:
            self.ca_browse.setFocus()  # the chooser the hint names is where the keyboard is
        self.ops.error_sink(exc, self.worker.traceback if self.worker is not None else "")

    def _cancelled(self) -> None:
        self.state = "cancelled"
        self.counts.setText(self.tr("Sync cancelled: what arrived is kept. Resume continues from there."))

    def _done(self) -> None:
        ending = (self.tr("Sync finished.") if self.report is not None else
                  self.tr("Sync cancelled.") if self.state == "cancelled" else
                  self.tr("The sync stopped: see the Sync page."))
        self.status_text.emit(ending)  # the status bar never stays on the last step ("Connecting…")
        self.bar.setRange(0, 1)
        self.bar.setValue(1 if self.report is not None else 0)
        if self.state != "cancelled":
            self.state = "idle"
        self.worker = None
        self.running.emit(False)
        self._sync_buttons()
        self.refresh()

    def _sync_buttons(self) -> None:
        busy = self.state in ("running", "cancelling")
        self.start.setText(self.tr("&Resume") if self.state == "cancelled" else self.tr("&Sync"))
        self.start.setEnabled(not busy and not self.address_problem
                              and bool(self.server.text().strip() and self.user.text().strip()))
        self.cancel.setEnabled(self.state == "running")
        for w in (self.server, self.user, self.password, self.ca_file, self.insecure, self.remember):
            w.setEnabled(not busy)
