"""Snippets: the window of a passage that best shows the query's words."""

from __future__ import annotations

import re
import unicodedata

from core.retrieval.stopwords import STOPWORDS


def fold(text: str) -> str:
    """Lowercase without accents, length-preserving for Latin text (used for matching only)."""
    out = []
    for ch in text.lower():
        base = unicodedata.normalize("NFKD", ch)
        stripped = "".join(c for c in base if not unicodedata.combining(c))
        out.append(stripped[:1] if len(stripped) >= 1 else ch)
    return "".join(out)


def query_terms(query: str) -> list[str]:
    """Folded words of the query, longest first, short function words dropped."""
    words = {w for w in re.findall(r"\w+", fold(query)) if len(w) > 2 or w.isdigit()}
    return sorted(words, key=lambda w: (-len(w), w))  # a set's order changes per process: sort fully


def make_snippet(text: str, query: str, width: int = 240) -> str:
    """A ``width``-character window around the densest cluster of query words."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    folded = fold(flat)
    # centred on the content words, which the window marks; "the" or "que" occur everywhere
    terms = [t for t in query_terms(query) if t not in STOPWORDS]
    positions = sorted(m.start() for t in terms for m in re.finditer(rf"\b{re.escape(t)}", folded))
    if not positions:
        cut = flat[:width].rsplit(" ", 1)[0]
        return cut + " …"
    best, best_count = positions[0], 0
    for p in positions:
        count = sum(1 for q in positions if p <= q < p + width)
        if count > best_count:
            best, best_count = p, count
    start = max(0, best - width // 4)
    start = flat.rfind(" ", 0, start) + 1 if start > 0 else 0
    end = min(len(flat), start + width)
    if end < len(flat):
        end = flat.rfind(" ", start, end) if flat.rfind(" ", start, end) > start else end
    return ("… " if start > 0 else "") + flat[start:end] + (" …" if end < len(flat) else "")
