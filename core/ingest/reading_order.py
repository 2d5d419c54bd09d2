"""Reading order of the text lines OCR found on a page: columns one after the other, headings in place.

The order is a topological sort of two rules between line boxes (Breuel's, as layout tools use them):
a line comes before a line below it whose horizontal extent it shares, and before a line wholly to
its right when no line between them in height spans both (so a heading across two columns closes
the columns above it and opens those below). The second rule is only taken where the left line's
column has text beside the right one, so a line on its own at the right of a letter (a date, an
address) is not read after every short line below it. A single column comes out top to bottom.
"""

from __future__ import annotations

import heapq
import statistics
from collections.abc import Sequence
from typing import Protocol

import numpy as np


class Box(Protocol):
    """A line's box in page pixels: left, top, right, bottom."""

    x: float
    y: float
    x2: float
    y2: float


def order(lines: Sequence[Box]) -> list[int]:
    """Indexes of ``lines`` in reading order."""
    n = len(lines)
    if n < 2:
        return list(range(n))
    x0 = np.array([b.x for b in lines], dtype=np.float64)
    x1 = np.array([b.x2 for b in lines], dtype=np.float64)
    y0 = np.array([b.y for b in lines], dtype=np.float64)
    y1 = np.array([b.y2 for b in lines], dtype=np.float64)
    ym = (y0 + y1) / 2
    # detector boxes are padded and a long line can reach into a narrow gutter: sharing less than a
    # third of a line height, or a tenth of the narrower line, is not sharing
    tol = statistics.median((y1 - y0).tolist()) / 3
    narrower = np.minimum.outer(x1 - x0, x1 - x0)
    shared = np.minimum.outer(x1, x1) - np.maximum.outer(x0, x0) > np.maximum(tol, narrower / 10)
    level = np.minimum.outer(y1, y1) - np.maximum.outer(y0, y0) > 0
    left_of = ~shared & (x0[:, None] < x0[None, :])
    below = ym[:, None] < ym[None, :]
    edges = shared & below
    beside = level | ((shared.astype(np.int32) @ level.astype(np.int32)) > 0)
    for i in range(n):
        cand = np.flatnonzero(left_of[i] & beside[i])
        if not len(cand):
            continue
        lo, hi = np.minimum(ym[i], ym[cand]), np.maximum(ym[i], ym[cand])
        between = (ym[None, :] > lo[:, None]) & (ym[None, :] < hi[:, None])
        blocked = (between & shared[i][None, :] & shared[cand]).any(axis=1)
        edges[i, cand[~blocked]] = True
    np.fill_diagonal(edges, False)
    return _sort(edges, ym, x0)


def flows(lines: Sequence[Box]) -> list[list[int]]:
    """The reading order cut where it goes back up the page (the next column): runs of lines that
    each read downwards, as indexes into ``lines``."""
    out: list[list[int]] = []
    for i in order(lines):
        if out and (lines[i].y + lines[i].y2) / 2 < lines[out[-1][-1]].y:
            out.append([i])
        elif out:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def _sort(edges: np.ndarray, ym: np.ndarray, x0: np.ndarray) -> list[int]:
    """Kahn's sort, the topmost then leftmost ready line first; a cycle (a tangled layout) is broken
    at its topmost line rather than dropping any."""
    n = len(ym)
    indeg = edges.sum(axis=0).astype(np.int64)
    ready = [(float(ym[i]), float(x0[i]), i) for i in range(n) if indeg[i] == 0]
    heapq.heapify(ready)
    done = np.zeros(n, dtype=bool)
    out: list[int] = []
    while len(out) < n:
        if not ready:
            rest = [i for i in range(n) if not done[i]]
            i = min(rest, key=lambda k: (ym[k], x0[k]))
            indeg[i] = 0
            ready.append((float(ym[i]), float(x0[i]), i))
        _, _, i = heapq.heappop(ready)
        if done[i]:
            continue
        done[i] = True
        out.append(i)
        for j in np.flatnonzero(edges[i]):
            if not done[j]:
                indeg[j] -= 1
                if indeg[j] == 0:
                    heapq.heappush(ready, (float(ym[j]), float(x0[j]), int(j)))
    return out
