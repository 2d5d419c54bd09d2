"""The window's menu bar (never in the kiosk): File, View, Help — the desktop's usual places.

Pages keep their Ctrl+1…Ctrl+N shortcuts on the window itself (shown in the sidebar); the View
menu lists the same pages without binding the keys twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QMessageBox

if TYPE_CHECKING:
    from app.main_window import MainWindow

GUIDE = Path(__file__).resolve().parents[1] / "README.md"


def build_menus(w: MainWindow) -> dict[str, QAction]:
    """Add File, View and Help to ``w``'s menu bar; returns the actions by name (tests use them)."""
    bar = w.menuBar()
    actions: dict[str, QAction] = {}
    file_menu = bar.addMenu(QCoreApplication.translate("Menus", "&File"))
    if w.importer is not None:
        importer = w.importer
        act = file_menu.addAction(QCoreApplication.translate("Menus", "&Import files…"))
        act.triggered.connect(lambda: w.go(w.stack.indexOf(importer)))
        actions["import"] = act
        file_menu.addSeparator()
    quit_action = file_menu.addAction(QCoreApplication.translate("Menus", "&Quit"))
    quit_action.setShortcut(QKeySequence.StandardKey.Quit)  # Ctrl+Q, Cmd+Q on macOS
    quit_action.triggered.connect(w.close)
    actions["quit"] = quit_action

    view_menu = bar.addMenu(QCoreApplication.translate("Menus", "&View"))
    for n, (title, _page) in enumerate(w.pages):
        act = view_menu.addAction(title)
        act.triggered.connect(lambda _checked=False, i=n: w.go(i))
        actions[f"page{n}"] = act

    help_menu = bar.addMenu(QCoreApplication.translate("Menus", "&Help"))
    guide = help_menu.addAction(QCoreApplication.translate("Menus", "User &guide"))
    guide.triggered.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(GUIDE))))
    actions["guide"] = guide
    about = help_menu.addAction(QCoreApplication.translate("Menus", "&About Ovillo"))
    about.triggered.connect(lambda: QMessageBox.about(
        w, QCoreApplication.translate("Menus", "About Ovillo"),
        QCoreApplication.translate("Menus", "Ovillo asks a heritage archive questions by meaning, offline: search, "
                                   "grounded answers with quoted sources, objects by photograph, and sync with a "
                                   "central archive. Nothing leaves this computer except a sync you start.")))
    actions["about"] = about
    return actions
