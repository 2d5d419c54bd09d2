"""Reciprocal Rank Fusion (k = 60), keyed on chunk identity, and how much a lexical hit may vote."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np


@dataclass
class Candidate:
    """A fused candidate before the gate."""

    chunk_id: str
    score: float
    dense: float | None = None
    lexical: float | None = None

RRF_K = 60


def rrf(rankings: Sequence[Sequence[str]], k: int = RRF_K,
        weights: Sequence[float | Mapping[str, float]] | None = None) -> list[tuple[str, float]]:
    """Fuse ranked id lists: score = Σ w / (k + rank), rank from 1; ties broken by id for stability.

    ``weights`` default to 1 per list (plain RRF); a list's weight is a number, or a mapping
    from id to that item's own weight (ids it lacks weigh 0).
    """
    scores: dict[str, float] = {}
    for n, ranking in enumerate(rankings):
        w = weights[n] if weights is not None else 1.0
        for rank, cid in enumerate(ranking, start=1):
            wi = w.get(cid, 0.0) if isinstance(w, Mapping) else w
            scores[cid] = scores.get(cid, 0.0) + wi / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def lexical_votes(coverage: np.ndarray, weight: float, power: float, floor: float) -> np.ndarray:
    """Each BM25 hit's RRF weight: ``weight × coverage**power``, and 0 below ``floor``.

    RRF keeps ranks, not margins, so any vote at all reorders dense near-ties: a long passage in
    the query's language that shares a third of its words would still lift itself over the right
    passage in another language. Below ``floor`` a keyword match is not evidence and does not vote.
    """
    cov = np.asarray(coverage, dtype=np.float64)
    return np.where(cov >= floor - 1e-9, weight * cov ** power, 0.0)
