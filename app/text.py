"""Small text helpers for views: query-term highlighting, timecodes, byte sizes (no Qt)."""

from __future__ import annotations

import html
import re
import unicodedata

MARK = '<span style="background-color:#ffe08a;">'
_WORD = re.compile(r"\w+", re.UNICODE)


def fold(word: str) -> str:
    """Lower-case without accents (the lexical leg matches the same way)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def query_terms(query: str) -> set[str]:
    """Folded query words worth highlighting (short function words are skipped)."""
    return {fold(w) for w in _WORD.findall(query) if len(w) > 2 or w.isdigit()}


def highlight(text: str, query: str) -> str:
    """HTML-escaped ``text`` with the query's words marked (accent-insensitive)."""
    terms = query_terms(query)
    out: list[str] = []
    pos = 0
    for m in _WORD.finditer(text):
        out.append(html.escape(text[pos:m.start()]))
        word = html.escape(m.group())
        out.append(f"{MARK}{word}</span>" if terms and fold(m.group()) in terms else word)
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out)


def timecode(seconds: float | None) -> str:
    """``H:MM:SS`` for a transcript position."""
    if seconds is None:
        return ""
    s = int(seconds)
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


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
