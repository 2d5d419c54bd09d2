"""Small text helpers for views: escaping and query-term highlighting (the markup every view builds
from data goes through these), timecodes, byte sizes (no Qt)."""

from __future__ import annotations

import html
import re
from functools import lru_cache

from core.api import fold, query_terms, timecode

MARK = '<span style="background-color:#ffe08a; color:#1a1a1a;">'  # = app.palette.MARK, both modes
_WORD = re.compile(r"\w+", re.UNICODE)
PLURALS = ("s", "es")  # "molino" marks "molinos", "pared" marks "paredes" (es/ca/en/fr/pt plurals)
MIN_INFLECTED = 4  # shorter words neither take nor lose an ending: "gas" is not the plural of "ga"


@lru_cache(maxsize=64)
def _marked_forms(query: str) -> frozenset[str]:
    # a passage's Markdown is marked run by run: the query is read once, not once per run
    return frozenset(_forms(query_terms(query)))


def _forms(terms: set[str]) -> set[str]:
    """The terms with their simple plural and singular forms (no stemming beyond that)."""
    out = set(terms)
    for t in terms:
        if len(t) >= MIN_INFLECTED and not t.isdigit():
            out.update(t + p for p in PLURALS)
            out.update(t[: -len(p)] for p in PLURALS if t.endswith(p) and len(t) - len(p) >= MIN_INFLECTED)
    return out


def escape(text: str) -> str:
    """``text`` as HTML text (quotes too, so it is safe in an attribute): the one escape app/ uses."""
    return html.escape(text, quote=True)


def highlight(text: str, query: str) -> str:
    """HTML-escaped ``text`` with the query's content words marked (accent-insensitive, whole words,
    singular/plural)."""
    terms = _marked_forms(query)
    out: list[str] = []
    pos = 0
    for m in _WORD.finditer(text):
        out.append(escape(text[pos:m.start()]))
        word = escape(m.group())
        out.append(f"{MARK}{word}</span>" if terms and fold(m.group()) in terms else word)
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def human_bytes(n: int) -> str:
    """``12.3 MB`` style sizes."""
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GB"


def human_eta(seconds: float | None) -> str:
    """``2 min 05 s`` style remaining time, empty when unknown."""
    if seconds is None:
        return ""
    s = int(round(seconds))
    return f"{s // 60} min {s % 60:02d} s" if s >= 60 else f"{s} s"
