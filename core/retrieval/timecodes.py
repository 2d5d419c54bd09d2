"""Where in the recording a hit's words are: the time of the unit that holds them, not the chunk's start.

A transcript chunk packs many cues, lines or sync pieces; its ``tc_in`` is the first one's.
The chunker stores every unit's start in ``chunk_meta["tc_marks"]`` as ``[offset, tc_in, tc_out]``
(character offset in the passage). Here the query's words are found in the passage (the
rarest of them in their densest cluster) and the hit's time is the time of the unit they
fall in. When none of the words occur (a question in another language) the hit keeps its
chunk's start, and :func:`place_by_meaning` — the unit whose embedding is nearest the query's —
is what the player asks for (``Searcher.play_time``: one encoder call, too dear for every search).
Inside a unit longer than :data:`INTERPOLATE_OVER_S` (an OHMS minute, a long turn) the time is
interpolated by position, starting :data:`LEAD_IN_S` early so the words are heard.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from core.text import STEM_CHARS, fold_aligned, locating_terms, stem

# units embedded at most to place a passage that shares no word with the query (a chunk holds ~20 cues)
MAX_SEMANTIC_UNITS = 48
INTERPOLATE_OVER_S = 15.0
LEAD_IN_S = 3.0
WINDOW_CHARS = 160  # a cluster of query words is looked for in windows of about a sentence


def match_offset(text: str, query: str) -> int | None:
    """Character offset in ``text`` where the query's words are (None: none of them occurs).

    Words are weighted by rarity in the passage (a word in every cue — "father" — says little;
    one that occurs once says where): the window with the most weight wins, and within it the
    position of its rarest word is returned.
    """
    folded = fold_aligned(text)
    if len(folded) != len(text):  # a rare character whose lowercase is longer: offsets would drift
        folded = "".join(fold_aligned(ch)[:1] or ch for ch in text)
    positions: list[tuple[int, str]] = []
    for term in locating_terms(query):
        # "flooding" also finds "flooded": a word longer than its stem by 2+ letters matches on the stem
        pattern = re.escape(stem(term) if len(term) > STEM_CHARS + 1 else term)
        positions += [(m.start(), term) for m in re.finditer(rf"\b{pattern}", folded)]
    if not positions:
        return None
    positions.sort()
    counts: dict[str, int] = {}
    for _, t in positions:
        counts[t] = counts.get(t, 0) + 1
    best: tuple[float, int] = (-1.0, 0)
    for start, _ in positions:
        window = [(p, t) for p, t in positions if start <= p < start + WINDOW_CHARS]
        score = sum(1 / counts[t] for t in {t for _, t in window})
        if score > best[0] + 1e-9:
            rarest = min(window, key=lambda pt: (counts[pt[1]], pt[0]))
            best = (score, rarest[0])
    return best[1]


def time_at(marks: Sequence[Sequence[Any]], offset: int, text_len: int) -> float | None:
    """The time of the unit holding ``offset`` (interpolated inside a long unit)."""
    current: Sequence[Any] | None = None
    end_offset = text_len
    for i, m in enumerate(marks):
        if int(m[0]) <= offset:
            current = m
            end_offset = int(marks[i + 1][0]) if i + 1 < len(marks) else text_len
        else:
            break
    if current is None:
        return float(marks[0][1]) if marks else None
    start, t0 = int(current[0]), float(current[1])
    t1 = current[2] if len(current) > 2 else None
    if t1 is None or float(t1) - t0 <= INTERPOLATE_OVER_S or end_offset <= start:
        return t0
    share = (offset - start) / (end_offset - start)
    return round(max(t0, t0 + share * (float(t1) - t0) - LEAD_IN_S), 3)


def hit_time(text: str, meta: dict[str, Any], query: str) -> float | None:
    """A hit's ``tc_in``: where its matching words are spoken; the chunk's start when that is unknown."""
    tc_in = meta.get("tc_in")
    marks = meta.get("tc_marks")
    if not marks or not query:
        return tc_in if tc_in is None else float(tc_in)
    offset = match_offset(text, query)
    if offset is None:
        return tc_in if tc_in is None else float(tc_in)
    found = time_at(marks, offset, len(text))
    return found if found is not None else tc_in


def units(text: str, marks: Sequence[Sequence[Any]]) -> list[tuple[int, str]]:
    """The passage cut at its marks: (offset, text) of each timed unit."""
    offsets = [int(m[0]) for m in marks]
    return [(o, text[o:(offsets[i + 1] if i + 1 < len(offsets) else len(text))].strip())
            for i, o in enumerate(offsets)]


def place_by_meaning(items: Sequence[tuple[str, dict[str, Any]]], query_vector: np.ndarray,
                     embed: Callable[[list[str]], np.ndarray]) -> list[float | None]:
    """For passages whose words do not occur in the query: the time of the unit nearest the query in meaning.

    ``items`` are (text, chunk_meta); one encoder call for all their units, at most
    :data:`MAX_SEMANTIC_UNITS` of them (hits further down keep their chunk's start: None).
    """
    batch: list[str] = []
    spans: list[tuple[int, list[int]]] = []
    for n, (text, meta) in enumerate(items):
        parts = units(text, meta.get("tc_marks") or [])
        if len(parts) < 2 or len(batch) + len(parts) > MAX_SEMANTIC_UNITS:
            continue
        spans.append((n, [o for o, _ in parts]))
        batch += [t for _, t in parts]
    found: list[float | None] = [None] * len(items)
    if not batch:
        return found
    scores = embed(batch) @ query_vector
    pos = 0
    for n, offsets in spans:
        best = int(np.argmax(scores[pos:pos + len(offsets)]))
        pos += len(offsets)
        text, meta = items[n]
        found[n] = time_at(meta["tc_marks"], offsets[best], len(text))
    return found
