"""Similar objects: per-view nearest neighbours over stored image vectors, fused across views by RRF.

A query is one vector per view (new photographs, or a catalogued object's stored vectors — never
re-embedded). Each view ranks objects by their best row of that view; the rankings (and, in
``hybrid`` mode, a text ranking over catalogue text) are fused by Reciprocal Rank Fusion (k=60),
so an object close on both faces outranks one close on a single face. Every candidate object
passes the one ACL gate (:mod:`core.gate`) *before* it is ranked: a hidden object takes no rank,
is never a neighbour, never counted and never evidence.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from core import gate
from core.acl import Profile
from core.errors import NotFound
from core.objects.index import ImageIndex, RecordKey
from core.retrieval.search import Searcher
from core.store.db import Store

RRF_K = 60
Mode = Literal["hybrid", "visual"]
MODES: tuple[Mode, ...] = ("hybrid", "visual")
#: cosine (sscd-disc-mixup-distilled) from which a view is "probable same die"; an object whose every
#: compared view reaches it is a near-duplicate. Calibrated by tests/integration/test_objects_calibration.py
#: on generated coins (the same coin cropped, rotated, re-lit, blurred, JPEG-compressed or photographed
#: again, against other coins — including other dies of the same type, the hard case)
NEAR_DUPLICATE_FLOOR = 0.85
UNLABELLED = "image"  # a photograph whose face is not known searches every view


@dataclass
class ViewScore:
    """One view's cosine and the object's rank in that view's list (1-based, among visible objects)."""

    score: float
    rank: int
    same_die: bool = False  # at or above the view's near-duplicate floor


@dataclass
class ObjectHit:
    """A neighbour object that passed the gate."""

    section_tipo: str
    section_id: int
    title: str
    score: float  # fused RRF score
    views: dict[str, ViewScore] = field(default_factory=dict)
    near_duplicate: bool = False
    thumbnail: str | None = None
    source_path: str | None = None
    roles: dict[str, Any] = field(default_factory=dict)
    text_rank: int | None = None

    @property
    def similarity(self) -> float:
        """Mean cosine over the views compared (the weight of its vote when characterizing)."""
        return float(np.mean([v.score for v in self.views.values()])) if self.views else 0.0

    def to_json(self) -> dict[str, Any]:
        """The stable ``--json`` shape (issue 11)."""
        return {"section_tipo": self.section_tipo, "section_id": self.section_id, "title": self.title,
                "score": round(self.score, 6),
                "views": {v: {"score": round(s.score, 4), "rank": s.rank, "same_die": s.same_die}
                          for v, s in self.views.items()},
                "near_duplicate": self.near_duplicate, "thumbnail": self.thumbnail, "source_path": self.source_path}


@dataclass
class ObjectQuery:
    """What to look for: one vector per view, optional text, and how."""

    vectors: Mapping[str, np.ndarray]
    text: str | None = None
    mode: Mode = "hybrid"
    limit: int = 10
    all_views: bool = False  # also compare each photo with every other view (mislabelled faces)
    near_duplicates_only: bool = False
    exclude: RecordKey | None = None


class ObjectFinder:
    """Neighbours of objects over one store's image vectors of one model."""

    def __init__(self, store: Store, image_model: str, searcher: Callable[[], Searcher] | None = None,
                 floor: float | Mapping[str, float] = NEAR_DUPLICATE_FLOOR) -> None:
        self.store = store
        self.index = ImageIndex(store, image_model)
        self._searcher = searcher
        self.floor = floor

    def floor_for(self, view: str) -> float:
        """The near-duplicate floor of one view."""
        return self.floor if isinstance(self.floor, float) else self.floor.get(view, NEAR_DUPLICATE_FLOOR)

    # -- queries ------------------------------------------------------------------------
    def lookup(self, q: ObjectQuery, profile: Profile) -> list[ObjectHit]:
        """Objects nearest the query's views (and text, in hybrid mode), best first."""
        self.index.refresh()
        limit = max(1, min(int(q.limit), 100))
        scores = self._view_scores(q)
        visible, data = self._gate_candidates(scores, q, profile, need=max(limit * 4, 40))
        lists: list[list[int]] = []
        per_view: dict[int, dict[str, ViewScore]] = {o: {} for o in visible}
        for view, best in scores.items():
            ranked = sorted((o for o in visible if np.isfinite(best[o])), key=lambda o: -best[o])
            for rank, o in enumerate(ranked, 1):
                per_view[o][view] = ViewScore(float(best[o]), rank)
            lists.append(ranked)
        text_ranks = self._text_ranks(q, profile, visible) if q.mode == "hybrid" and q.text else {}
        fused: dict[int, float] = {}
        for ranked in lists:
            for rank, o in enumerate(ranked, 1):
                fused[o] = fused.get(o, 0.0) + 1.0 / (RRF_K + rank)
        for o, rank in text_ranks.items():
            fused[o] = fused.get(o, 0.0) + 1.0 / (RRF_K + rank)
        hits = []
        for o in sorted(fused, key=lambda o: (-fused[o], self.index.objects[o])):
            hit = self._hit(o, fused[o], per_view[o], data[o], q)
            hit.text_rank = text_ranks.get(o)
            if q.near_duplicates_only and not hit.near_duplicate:
                continue
            hits.append(hit)
            if len(hits) >= limit:
                break
        return hits

    def seed(self, section_tipo: str, section_id: int, profile: Profile) -> tuple[dict[str, np.ndarray], str]:
        """A catalogued object's stored view vectors and its catalogue text; hidden → :class:`NotFound`."""
        rec = gate.record(self.store, section_tipo, section_id, profile)
        self.index.refresh()
        vectors = self.index.vectors_of((section_tipo, section_id))
        if not vectors:
            raise NotFound(f"record {section_tipo} {section_id} has no photographs")
        rows = self.store.cursor().execute(
            "SELECT source_text FROM rag_embeddings WHERE section_tipo = ? AND section_id = ? AND modality = 'text' "
            "ORDER BY component_tipo, chunk_index LIMIT 4", [section_tipo, section_id]).fetchall()
        text = " ".join(str(r[0]) for r in rows) or (rec.title or "")
        return vectors, text

    def similar(self, section_tipo: str, section_id: int, profile: Profile, **options: Any) -> list[ObjectHit]:
        """Neighbours of a catalogued object (itself excluded), from its stored vectors."""
        vectors, text = self.seed(section_tipo, section_id, profile)
        return self.lookup(ObjectQuery(vectors, text=text, exclude=(section_tipo, int(section_id)), **options),
                           profile)

    # -- internals -----------------------------------------------------------------------
    def _view_scores(self, q: ObjectQuery) -> dict[str, np.ndarray]:
        """Per query view: each object's best cosine among its rows of that view (−inf: none)."""
        n = len(self.index.objects)
        out: dict[str, np.ndarray] = {}
        if not n:
            return out
        known = self.index.known_views
        for view, vec in q.vectors.items():
            v = np.asarray(vec, dtype=np.float32)
            v = v / max(float(np.linalg.norm(v)), 1e-12)
            cos = self.index.matrix @ v  # one pass over every row; views are picked from it
            best = np.full(n, -np.inf, dtype=np.float32)
            if q.all_views or view == UNLABELLED or view not in known:
                np.maximum.at(best, self.index.row_object, cos)
            else:  # photographs catalogued without a face ("image") are compared with any face
                for v_name in (view, UNLABELLED):
                    rows = self.index.view_rows.get(v_name)
                    if rows is not None and rows.size:
                        np.maximum.at(best, self.index.row_object[rows], cos[rows])
            if q.exclude is not None and (x := self.index.object_index(q.exclude)) is not None:
                best[x] = -np.inf
            out[view] = best
        return out

    def _gate_candidates(self, scores: dict[str, np.ndarray], q: ObjectQuery, profile: Profile,
                         need: int) -> tuple[list[int], dict[int, gate.GatedPassage]]:
        """The top objects of any view that the profile may see (at least ``need`` when there are)."""
        if not scores:
            return [], {}
        top = np.max(np.stack(list(scores.values())), axis=0)
        finite = np.flatnonzero(np.isfinite(top))

        def best_first(count: int) -> np.ndarray:
            """The ``count`` best objects, sorted (a partial sort: the whole index need not be ordered)."""
            if count >= finite.size:
                return finite[np.argsort(-top[finite], kind="stable")]
            chosen = finite[np.argpartition(-top[finite], count)[:count]]
            return chosen[np.argsort(-top[chosen], kind="stable")]

        order = best_first(need * 4)
        first_row = self.index.first_row
        visible: list[int] = []
        data: dict[int, gate.GatedPassage] = {}
        start, step = 0, need
        while start < len(order) and len(visible) < need:
            part = order[start:start + step].tolist()
            ids = [self.index.ids[first_row[o]] for o in part]
            by_id = {p.id: p for p in gate.passages(self.store, ids, profile)}
            for o, cid in zip(part, ids):
                if cid in by_id:
                    visible.append(o)
                    data[o] = by_id[cid]
            start += step
            step *= 2  # many hidden objects at the top: look further, not forever
            if start + step > order.size and order.size < finite.size:
                order = best_first(start + step)
        return visible, data

    def _text_ranks(self, q: ObjectQuery, profile: Profile, visible: list[int]) -> dict[int, int]:
        """Ranks of candidate objects in a text search over catalogue text (hits are gated by the Searcher)."""
        if self._searcher is None or not q.text:
            return {}
        hits = self._searcher().search(q.text, profile, limit=50)
        pos = {self.index.objects[o]: o for o in visible}
        ranks: dict[int, int] = {}
        for h in hits:
            o = pos.get((h.section_tipo, int(h.section_id)))
            if o is not None and (q.exclude is None or self.index.objects[o] != q.exclude):
                ranks.setdefault(o, len(ranks) + 1)
        return ranks

    def _hit(self, o: int, score: float, views: dict[str, ViewScore], p: gate.GatedPassage,
             q: ObjectQuery) -> ObjectHit:
        data = json.loads(p.data) if p.data else {}
        stored = data.get("views") or {}
        thumb = next((stored[v]["thumb"] for v in list(q.vectors) + list(stored) if v in stored), None)
        for v, s in views.items():
            s.same_die = s.score >= self.floor_for(v)
        near = bool(views) and all(s.same_die for s in views.values())
        return ObjectHit(section_tipo=p.section_tipo, section_id=int(p.section_id), title=p.title or "",
                         score=score, views=views, near_duplicate=near, thumbnail=thumb,
                         source_path=data.get("source_path"), roles=dict(data.get("roles") or {}))
