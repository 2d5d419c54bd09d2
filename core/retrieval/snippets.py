"""Snippets: the window of a passage that best shows the query's words."""

from __future__ import annotations

import re

from core.text import STOPWORDS, fold_aligned, locating_terms


def make_snippet(text: str, query: str, width: int = 240) -> str:
    """A ``width``-character window around the densest cluster of query words."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    folded = fold_aligned(flat)
    # centred on the content words, which the window marks; "the" or "que" occur everywhere
    terms = [t for t in locating_terms(query) if t not in STOPWORDS]
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
