"""Ovillo's colours, spacing and type scale for light and dark mode (plain data, no Qt).

:mod:`app.style` turns one of these palettes into the application's style sheet and Qt palette.
Views that write colours into rich text (a highlighted passage, a grey meta line) read them from
:func:`current`, so they follow the mode the window is in. Every text colour here is checked
against its background for a WCAG contrast of at least 4.5:1 (tests/gui/test_style.py).
"""

from __future__ import annotations

from dataclasses import dataclass

SPACING = {"xs": 4, "s": 8, "m": 12, "l": 16, "xl": 24}  # px; every margin and padding is one of these
TYPE_SCALE = {"page_title": 1.5, "card_title": 1.1, "body": 1.0, "meta": 0.9}  # × the system font size


@dataclass(frozen=True)
class Highlight:
    """A background with the text colour that reads on it."""

    background: str
    text: str

    @property
    def css(self) -> str:
        """Inline CSS for rich text (``<span style='…'>``)."""
        return f"background-color:{self.background}; color:{self.text};"


@dataclass(frozen=True)
class Palette:
    """One mode's colours (``#rrggbb``)."""

    scheme: str  # "light" or "dark"
    window: str  # the page background
    surface: str  # inputs, lists, the sidebar
    text: str
    meta: str  # secondary text: counts, dates, languages, hints
    border: str
    accent: str  # the selected page, the main action
    on_accent: str
    selection: str  # a selected result card
    on_selection: str
    link: str
    danger: str  # a refused PIN, a failure line
    hit: Highlight  # the passage a search hit or citation points at
    quote: Highlight  # the words an answer quoted, inside that passage


# a query word marked in a snippet: yellow with its own dark text reads on light and dark pages alike
MARK = Highlight("#ffe08a", "#1a1a1a")
# the "near duplicate" tile and the badge on a photograph that is already catalogued
NEAR = Highlight("#ffe9a8", "#1a1a1a")
BADGE = Highlight("#b03a2e", "#ffffff")

LIGHT = Palette(
    scheme="light", window="#f6f5f2", surface="#ffffff", text="#1f2328", meta="#57606a", border="#d0d7de",
    accent="#1d6a85", on_accent="#ffffff", selection="#d6e6f7", on_selection="#1f2328", link="#0b5cad",
    danger="#a40e26", hit=Highlight("#fff3c4", "#1f2328"), quote=Highlight("#ffd36b", "#1a1a1a"))

DARK = Palette(
    scheme="dark", window="#1e1f22", surface="#2b2d31", text="#e6e6e6", meta="#a9b1ba", border="#45484f",
    accent="#5fb3cf", on_accent="#0d1117", selection="#263e5a", on_selection="#ffffff", link="#8ab4f8",
    danger="#ff8f8f", hit=Highlight("#4a3f1c", "#f3ecd6"), quote=Highlight("#8c6a12", "#ffffff"))

_active = [LIGHT]


def current() -> Palette:
    """The palette of the mode the application is in (light until :mod:`app.style` applies one)."""
    return _active[0]


def set_current(palette: Palette) -> None:
    """Make ``palette`` the one views read (called by :func:`app.style.apply_style`)."""
    _active[0] = palette


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_pairs(p: Palette) -> dict[str, tuple[str, str]]:
    """Every (text, background) pair the interface draws in palette ``p``."""
    return {
        "text/window": (p.text, p.window), "text/surface": (p.text, p.surface),
        "meta/window": (p.meta, p.window), "meta/surface": (p.meta, p.surface),
        "on_accent/accent": (p.on_accent, p.accent), "on_selection/selection": (p.on_selection, p.selection),
        "meta/selection": (p.meta, p.selection), "link/window": (p.link, p.window),
        "link/surface": (p.link, p.surface), "danger/window": (p.danger, p.window),
        "danger/surface": (p.danger, p.surface),
        "hit": (p.hit.text, p.hit.background), "meta/hit": (p.meta, p.hit.background),
        "link/hit": (p.link, p.hit.background), "quote": (p.quote.text, p.quote.background),
        "mark": (MARK.text, MARK.background), "near": (NEAR.text, NEAR.background),
        "badge": (BADGE.text, BADGE.background),
    }
