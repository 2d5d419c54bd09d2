"""The window's menu bar (never in the kiosk): File, Edit, View, Help — the desktop's usual places.

Pages keep their Ctrl+1…Ctrl+N shortcuts on the window itself (shown in the sidebar); the View
menu lists the same pages without binding the keys twice. Edit's keys are shown, not bound, for
the same reason: Ctrl+F is the window's, and the text widgets handle Copy and Select All
themselves (a second binding would make the key ambiguous and do nothing).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QMenuBar, QMessageBox, QStackedWidget, QWidget



def _show_guide(w: MenuHost) -> None:
    """Open the user guide beside the window (one at a time; it stays open while the person works)."""
    from app.guide import GuideDialog

    window = w.stack.window()
    dialog = window.findChild(GuideDialog)
    if dialog is None:
        dialog = GuideDialog(window)
    dialog.show()
    dialog.raise_()


def _hinted(menu: QMenu, text: str, keys: QKeySequence) -> QAction:
    """An action showing ``keys`` as its shortcut without binding them (see the module's docstring)."""
    return menu.addAction(f"{text}\t{keys.toString(QKeySequence.SequenceFormat.NativeText)}")


def _on_focus(method: str) -> None:
    """Call ``method`` (copy, selectAll) on the widget with the keyboard focus, if it has one."""
    widget: QWidget | None = QApplication.focusWidget()
    action = getattr(widget, method, None)
    if callable(action):
        action()


class MenuHost(Protocol):
    """What the menus reach on the window (:class:`app.main_window.MainWindow`)."""

    @property
    def importer(self) -> QWidget | None: ...
    @property
    def preferences(self) -> QWidget | None: ...
    @property
    def stack(self) -> QStackedWidget: ...
    @property
    def pages(self) -> list[tuple[str, QWidget]]: ...
    def menuBar(self) -> QMenuBar: ...
    def go(self, index: int) -> None: ...
    def focus_search(self) -> None: ...
    def close(self) -> bool: ...


def build_menus(w: MenuHost) -> dict[str, QAction]:
    """Add File, Edit, View and Help to ``w``'s menu bar; returns the actions by name (tests use them)."""
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

    edit_menu = bar.addMenu(QCoreApplication.translate("Menus", "&Edit"))
    copy = _hinted(edit_menu, QCoreApplication.translate("Menus", "&Copy"), QKeySequence(QKeySequence.StandardKey.Copy))
    copy.triggered.connect(lambda: _on_focus("copy"))
    actions["copy"] = copy
    select_all = _hinted(edit_menu, QCoreApplication.translate("Menus", "Select &All"),
                         QKeySequence(QKeySequence.StandardKey.SelectAll))
    select_all.triggered.connect(lambda: _on_focus("selectAll"))
    actions["select_all"] = select_all
    edit_menu.addSeparator()
    find = _hinted(edit_menu, QCoreApplication.translate("Menus", "&Find…"), QKeySequence("Ctrl+F"))
    find.triggered.connect(w.focus_search)
    actions["find"] = find
    if w.preferences is not None:
        preferences = w.preferences
        edit_menu.addSeparator()
        prefs = edit_menu.addAction(QCoreApplication.translate("Menus", "&Preferences…"))
        prefs.setMenuRole(QAction.MenuRole.PreferencesRole)
        prefs.triggered.connect(lambda: w.go(w.stack.indexOf(preferences)))
        actions["preferences"] = prefs

    view_menu = bar.addMenu(QCoreApplication.translate("Menus", "&View"))
    for n, (title, _page) in enumerate(w.pages):
        act = view_menu.addAction(title)
        act.triggered.connect(lambda _checked=False, i=n: w.go(i))
        actions[f"page{n}"] = act

    help_menu = bar.addMenu(QCoreApplication.translate("Menus", "&Help"))
    guide = help_menu.addAction(QCoreApplication.translate("Menus", "User &guide"))
    guide.setShortcut(QKeySequence(QKeySequence.StandardKey.HelpContents))  # F1
    guide.triggered.connect(lambda: _show_guide(w))
    actions["guide"] = guide
    about = help_menu.addAction(QCoreApplication.translate("Menus", "&About Ovillo"))
    about.triggered.connect(lambda: QMessageBox.about(
        w.stack.window(), QCoreApplication.translate("Menus", "About Ovillo"),
        QCoreApplication.translate("Menus", "Ovillo asks a heritage archive questions by meaning, offline: search, "
                                   "grounded answers with quoted sources, objects by photograph, and sync with a "
                                   "central archive. Nothing leaves this computer except a sync you start.")))
    actions["about"] = about
    return actions
