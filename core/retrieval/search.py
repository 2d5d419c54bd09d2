"""Hybrid retrieval: dense + BM25, fused by RRF, every hit through the ACL gate.

``retrieve`` keeps passages; ``search`` keeps the best passage per record;
``similar_to`` starts from a record's stored vectors. Nothing a profile may
not see leaves this module: filters and the profile are pushed down into
both legs, and every candidate then goes through the one ACL gate
(:mod:`core.gate`), which re-reads its record from the store and checks it again
before a hit is built.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from core import gate
from core.acl import Profile
from core.models.encoder import TextEncoder
from core.retrieval.count import count_records
from core.retrieval.dense import VectorIndex
from core.filters import SearchFilters
from core.retrieval import floor
from core.retrieval.fusion import Candidate, lexical_votes, rrf
from core.retrieval.hits import Hit, Hits
from core.retrieval.identifiers import IdentifierIndex
from core.retrieval.snippets import make_snippet
from core.retrieval.timecodes import hit_time, match_offset, place_by_meaning
from core.settings import OCR_LOW_CONFIDENCE
from core.store.db import Store

MIN_LIMIT, MAX_LIMIT, DEFAULT_LIMIT = 1, 50, 10
# Each BM25 hit votes in the fusion with weight LEXICAL_WEIGHT × coverage**COVERAGE_POWER, coverage
# being the share of the query's content words the passage contains. A flat weight let keyword
# noise outvote the dense leg across languages (a Spanish query's BM25 hits in English passages
# match a name or a cognate, and still voted: French→English P@1 fell from 0.91 dense to 0.65
# hybrid); a passage holding every query word keeps its full vote, so same-language keyword
# matches still lift exact answers. Both constants were chosen on the dev half of the UDHR
# cross-lingual set (scripts/bench/fusion.py; a plateau at power 3 for weights 0.75–1.5), and
# docs/benchmarks.md reports the test half.
LEXICAL_WEIGHT = 1.0
COVERAGE_POWER = 3
# A BM25 hit holding less than this share of the query's content words does not vote at all
# (fusion.lexical_votes): chosen on the dev half of the cross-lingual sets, where it is the lowest
# floor with no language pair below the dense leg.
COVERAGE_FLOOR = 0.5


def clamp_limit(limit: int | None) -> int:
    """Limits are clamped to [1, 50]; None means 10."""
    return DEFAULT_LIMIT if limit is None else max(MIN_LIMIT, min(MAX_LIMIT, int(limit)))


def overfetch(limit: int) -> int:
    """Each leg fetches ``max(limit*4, 20)`` candidates before fusion."""
    return max(limit * 4, 20)


def low_ocr_page(page: int | None, data: dict[str, Any]) -> bool:
    """Whether ``page`` of a record (its stored ``data``) was read by OCR below :data:`OCR_LOW_CONFIDENCE`."""
    fields = data.get("fields") if page else None
    scans = fields.get("scan_pages") if isinstance(fields, dict) else None
    seen = scans.get(str(page)) if isinstance(scans, dict) else None
    score = seen.get("confidence") if isinstance(seen, dict) else None
    return isinstance(score, (int, float)) and score < OCR_LOW_CONFIDENCE


@dataclass
class SearchTrace:
    """What each leg returned (for benchmarks and debugging)."""

    dense: list[str] = field(default_factory=list)
    lexical: list[str] = field(default_factory=list)


class Searcher:
    """Retrieval over one store with the model the store is pinned to."""

    def __init__(self, store: Store, encoder: TextEncoder, *, lexical_weight: float = LEXICAL_WEIGHT,
                 coverage_power: float = COVERAGE_POWER, coverage_floor: float = COVERAGE_FLOOR) -> None:
        self.store = store
        self.encoder = encoder
        self.lexical_weight = lexical_weight
        self.coverage_power = coverage_power  # 0: every BM25 hit votes with the flat weight
        self.coverage_floor = coverage_floor  # 0: every BM25 hit votes, however partial its match
        self.index = VectorIndex(store, encoder.name)
        self.identifiers = IdentifierIndex(store)
        # (cosine, coverage) of the relevance floor; None: none (a query naming only an absent id stays empty)
        self.floor: tuple[float, float] | None = (floor.FLOOR_COSINE, floor.FLOOR_COVERAGE)
        self.last_trace = SearchTrace()

    # -- public API ------------------------------------------------------------
    def retrieve(self, query: str, profile: Profile, *, limit: int | None = None,
                 filters: SearchFilters | None = None, mode: str = "hybrid",
                 query_vector: np.ndarray | None = None) -> list[Hit]:
        """Top passages for a query (``mode``: hybrid, dense or lexical)."""
        k = clamp_limit(limit)
        cands = self.candidates(query, profile, filters or SearchFilters(), overfetch(k), mode, query_vector)
        return self.gated(cands, profile, filters or SearchFilters(), query, k, per_record=False)

    def search(self, query: str, profile: Profile, *, limit: int | None = None,
               filters: SearchFilters | None = None, mode: str = "hybrid",
               query_vector: np.ndarray | None = None) -> Hits:
        """Top records for a query, each shown by its best passage; in hybrid mode the records the query
        names by identifier come first, and a query under the relevance floor gets an empty result that
        says so (:mod:`core.retrieval.floor`)."""
        k = clamp_limit(limit)
        cands = self.candidates(query, profile, filters or SearchFilters(), overfetch(k), mode, query_vector)
        if mode != "hybrid":
            return Hits(self.gated(cands, profile, filters or SearchFilters(), query, k, per_record=True))
        cands, pinned = floor.pin(self, cands, query)
        hits = self.gated(cands, profile, filters or SearchFilters(), query, k, per_record=True)
        mask = self.index.mask(profile, filters or SearchFilters())
        return floor.verdict(self, query, mask, cands, hits, pinned, *(self.floor or (-1.0, 0.0)))

    def count(self, query: str, profile: Profile, *, filters: SearchFilters | None = None,
              shown: Sequence[Hit] = ()) -> int:
        """How many records match ``query`` for ``profile`` under ``filters`` (:mod:`core.retrieval.count`);
        ``shown``: the hits of the page on screen, which match whatever language they are in."""
        self.index.refresh()
        mask = self.index.mask(profile, filters or SearchFilters())
        return count_records(self.index, query, mask, [(h.section_tipo, h.section_id) for h in shown])

    def similar_to(self, section_tipo: str, section_id: int, profile: Profile, *, limit: int | None = None,
                   filters: SearchFilters | None = None) -> list[Hit]:
        """Records whose passages lie nearest the seed record's stored vectors."""
        k = clamp_limit(limit)
        seed = self._visible_record(section_tipo, section_id, profile)
        self.index.refresh()
        vecs = self.index.vectors_of_record(section_tipo, section_id)
        if not len(vecs):
            return []
        centroid = vecs.mean(axis=0)
        centroid /= np.linalg.norm(centroid) or 1.0
        mask = self.index.exclude_record(self.index.mask(profile, filters or SearchFilters()), section_tipo, section_id)
        dense = self.index.top(centroid, overfetch(k) * 4, mask)
        cands = [Candidate(h.chunk_id, h.score, dense=h.score) for h in dense]
        return self.gated(cands, profile, filters or SearchFilters(), seed, k, per_record=True)

    # -- legs and fusion ---------------------------------------------------------
    def candidates(self, query: str, profile: Profile, filters: SearchFilters, fetch: int, mode: str,
                   query_vector: np.ndarray | None) -> list[Candidate]:
        """Both legs fused, before the gate: what ``search`` ranks (``mode`` dense, lexical or hybrid)."""
        dense_scores: dict[str, float] = {}
        lex_scores: dict[str, float] = {}
        dense_ids: list[str] = []
        lex_ids: list[str] = []
        # one refresh and one mask serve both legs (neither leg writes into the mask)
        self.index.refresh()
        mask = self.index.mask(profile, filters)
        if mode in ("hybrid", "dense"):
            qv = query_vector if query_vector is not None else self.encoder.embed_query(query)
            for h in self.index.top(qv, fetch, mask):
                dense_ids.append(h.chunk_id)
                dense_scores[h.chunk_id] = h.score
        lex_weights: dict[str, float] = {}
        if mode in ("hybrid", "lexical"):
            seen = self.index.mask(profile, SearchFilters())  # BM25 statistics: what the profile may see
            top = self.index.bm25.top(query, fetch, mask, len(self.index), seen)
            votes = self._lexical_votes(query, [row for row, _ in top]) if mode == "hybrid" else None
            for n, (row, score) in enumerate(top):
                cid = self.index.ids[row]
                lex_ids.append(cid)
                lex_scores[cid] = score
                lex_weights[cid] = float(votes[n]) if votes is not None else 1.0
        self.last_trace = SearchTrace(dense_ids, lex_ids)
        fused = rrf([dense_ids, lex_ids], weights=[1.0, lex_weights])
        return [Candidate(cid, s, dense_scores.get(cid), lex_scores.get(cid)) for cid, s in fused]

    def _lexical_votes(self, query: str, rows: list[int]) -> np.ndarray:
        """The RRF weight of each BM25 hit, from its coverage of the query (:func:`fusion.lexical_votes`)."""
        coverage = self.index.bm25.coverage(query, rows)
        return lexical_votes(coverage, self.lexical_weight, self.coverage_power, self.coverage_floor)

    # -- the gate ----------------------------------------------------------------
    def gated(self, cands: Sequence[Candidate], profile: Profile, filters: SearchFilters, query: str, k: int,
              *, per_record: bool) -> list[Hit]:
        """Pass the candidates through the ACL gate (:func:`core.gate.passages`), build hits. A passage of a page
        OCR read below :data:`OCR_LOW_CONFIDENCE` ranks after every other passage found (docs/design.md §5)."""
        by_id = {c.chunk_id: c for c in cands}
        hits: list[Hit] = []
        doubtful: list[Hit] = []
        seen_records: set[tuple[str, int]] = set()
        for p in gate.passages(self.store, [c.chunk_id for c in cands], profile, filters):
            if per_record and (p.section_tipo, p.section_id) in seen_records:
                continue
            c = by_id[p.id]
            meta = json.loads(p.chunk_meta) if p.chunk_meta else {}
            data = json.loads(p.data) if p.data else {}
            hit = Hit(
                section_tipo=p.section_tipo, section_id=int(p.section_id), title=p.title or "",
                component_tipo=p.component_tipo, lang=p.lang, chunk_index=int(p.chunk_index),
                snippet=make_snippet(p.source_text, query), score=round(c.score, 6),
                source_path=data.get("source_path"), page=meta.get("page"),
                tc_in=hit_time(p.source_text, meta, query),
                chunk_id=p.id, text=p.source_text, tc_out=meta.get("tc_out"),
                heading_path=meta.get("heading_path") or [], classification=p.classification,
                dense_score=c.dense, lexical_score=c.lexical, media_path=data.get("media_path"))
            if low_ocr_page(meta.get("page"), data):
                doubtful.append(hit)  # its record may still be found by a page read well
                continue
            seen_records.add((p.section_tipo, p.section_id))
            hits.append(hit)
            if len(hits) >= k:
                break
        for hit in doubtful:
            if len(hits) >= k:
                break
            if not per_record or (hit.section_tipo, hit.section_id) not in seen_records:
                seen_records.add((hit.section_tipo, hit.section_id))
                hits.append(hit)
        return hits

    def play_time(self, hit: Hit, query: str) -> float | None:
        """Where in the recording ``hit`` answers ``query``: its ``tc_in`` when the query's words are in
        the passage, else the time of the unit nearest the query in meaning (a question in another
        language). That costs an encoder call over the passage's units (~20 short texts, 0.2–1 s on
        two cores), so it is done for the hit being played, not for every search."""
        row = self.store.cursor().execute("SELECT chunk_meta FROM rag_embeddings WHERE id = ?",
                                          [hit.chunk_id]).fetchone()
        meta = json.loads(row[0]) if row and row[0] else {}
        if not meta.get("tc_marks") or match_offset(hit.text, query) is not None:
            return hit.tc_in
        (found,) = place_by_meaning([(hit.text, meta)], self.encoder.embed_query(query),
                                    lambda texts: self.encoder.embed_batch(texts, kind="passage"))
        return found if found is not None else hit.tc_in

    def _visible_record(self, section_tipo: str, section_id: int, profile: Profile) -> str:
        """The seed's title; an invisible record is reported exactly like a missing one."""
        return gate.record(self.store, section_tipo, section_id, profile).title or ""
