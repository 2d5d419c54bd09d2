"""One application style sheet, light or dark, built from :mod:`app.palette` and applied once.

The mode follows the system's colour scheme (``QStyleHints.colorScheme()``, Qt ≥ 6.5) and changes
with it at run time. Views carry no colours of their own: they set object names (and the
``role`` property for page titles, card titles and meta text) that the sheet below targets.
The Qt palette is set too, so widgets the sheet does not name (menus, dialogs, scroll bars)
draw in the same mode.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from app.palette import DARK, LIGHT, SPACING, TYPE_SCALE, Palette, set_current

DEFAULT_POINT_SIZE = 10.0  # when the platform sizes its font in pixels


def palette_for(scheme: Qt.ColorScheme) -> Palette:
    """The dark palette for a dark system, the light one otherwise (also when the system does not say)."""
    return DARK if scheme == Qt.ColorScheme.Dark else LIGHT


def stylesheet(p: Palette, base_pt: float = DEFAULT_POINT_SIZE) -> str:
    """The whole application's style sheet in palette ``p``; sizes relative to ``base_pt``."""
    s = SPACING

    def pt(role: str) -> str:
        return f"{base_pt * TYPE_SCALE[role]:.1f}pt"

    return f"""
QMainWindow, QDialog {{ background-color: {p.window}; }}
QToolTip {{ color: {p.text}; background-color: {p.surface}; border: 1px solid {p.border}; padding: {s['xs']}px; }}
QListWidget#nav {{
    background-color: {p.surface}; border: none; border-right: 1px solid {p.border};
    padding: {s['s']}px {s['xs']}px; outline: 0;
}}
QListWidget#nav::item {{ padding: {s['s']}px {s['m']}px; margin: 1px 0; border-radius: 4px; }}
QListWidget#nav::item:selected {{ background-color: {p.accent}; color: {p.on_accent}; }}
QListWidget#results::item {{ border-bottom: 1px solid {p.border}; }}
QListWidget#results::item:selected {{ background-color: {p.selection}; color: {p.on_selection}; }}
QLabel#recordTitle, QLabel[role="pageTitle"] {{ font-size: {pt('page_title')}; font-weight: 600; }}
QLabel[role="cardTitle"] {{ font-size: {pt('card_title')}; font-weight: 600; }}
QLabel[role="meta"], QLabel#searchInfo, QLabel#eta, QLabel#syncLast, QLabel#objectInfo, QLabel#mediaTime,
QLabel#backgroundLabel {{ color: {p.meta}; }}
QLabel#photoHint {{ color: {p.meta}; border: 1px dashed {p.border}; padding: {s['m']}px; }}
QLabel#pinMessage {{ color: {p.danger}; }}
QLabel[problem="true"] {{ color: {p.danger}; }}
QPushButton#startImport, QPushButton#askButton, QPushButton#startSync, QPushButton#savePreferences,
QPushButton#objectLookup {{
    background-color: {p.accent}; color: {p.on_accent}; border: 1px solid {p.accent}; border-radius: 4px;
    padding: {s['xs']}px {s['l']}px;
}}
QPushButton#startImport:disabled, QPushButton#askButton:disabled, QPushButton#startSync:disabled,
QPushButton#savePreferences:disabled, QPushButton#objectLookup:disabled {{
    background-color: {p.surface}; color: {p.meta}; border-color: {p.border};
}}
QStatusBar {{ color: {p.meta}; }}
QStatusBar::item {{ border: none; }}
"""


def qt_palette(p: Palette) -> QPalette:
    """A Qt palette with the same colours (for every widget the style sheet does not name)."""
    pal = QPalette()
    roles = {
        QPalette.ColorRole.Window: p.window, QPalette.ColorRole.WindowText: p.text,
        QPalette.ColorRole.Base: p.surface, QPalette.ColorRole.AlternateBase: p.window,
        QPalette.ColorRole.Text: p.text, QPalette.ColorRole.Button: p.surface,
        QPalette.ColorRole.ButtonText: p.text, QPalette.ColorRole.ToolTipBase: p.surface,
        QPalette.ColorRole.ToolTipText: p.text, QPalette.ColorRole.PlaceholderText: p.meta,
        QPalette.ColorRole.Highlight: p.accent, QPalette.ColorRole.HighlightedText: p.on_accent,
        QPalette.ColorRole.Link: p.link, QPalette.ColorRole.LinkVisited: p.link,
        QPalette.ColorRole.BrightText: p.danger,
    }
    for role, colour in roles.items():
        pal.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, QColor(p.meta))
    return pal


def apply_style(app: QApplication, scheme: Qt.ColorScheme | None = None) -> Palette:
    """Style ``app`` for ``scheme`` (default: the system's); returns the palette now in use."""
    hints = QGuiApplication.styleHints()
    chosen = palette_for(scheme if scheme is not None else hints.colorScheme())
    font = app.font()
    base = font.pointSizeF() if font.pointSizeF() > 0 else DEFAULT_POINT_SIZE
    set_current(chosen)
    app.setPalette(qt_palette(chosen))
    app.setStyleSheet(stylesheet(chosen, base))
    app.setProperty("ovilloScheme", chosen.scheme)
    return chosen


class SchemeFollower(QObject):
    """Re-applies the style when the system switches between light and dark (keep it alive)."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.app = app
        QGuiApplication.styleHints().colorSchemeChanged.connect(self.follow)

    def follow(self, scheme: Qt.ColorScheme) -> None:
        """The system's scheme changed: restyle the whole application."""
        apply_style(self.app, scheme)


def install_style(app: QApplication) -> SchemeFollower:
    """Apply the style for the system's scheme now and follow its changes (``app/main.py`` calls this once)."""
    apply_style(app)
    return SchemeFollower(app)
