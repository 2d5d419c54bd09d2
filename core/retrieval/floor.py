"""The relevance floor of search, and exact identifiers first.

A dense leg ranks every passage, so a search always had a full page: ``xyzzy qwerty`` returned ten
records at cosines of ~0.79, e5's "unrelated" band. A search now says *no records match* when

* no identifier the query names is held by a record the profile may see (those are pinned first), and
* the best passage's cosine is below :data:`FLOOR_COSINE` and no passage holds at least
  :data:`FLOOR_COVERAGE` of the query's content words (the share :meth:`Bm25Index.coverage` gives the
  fusion; one stray word of a long query is noise, not a match).

A word that looks like an identifier (``CMF-999``, ``mnc 88``) but names nothing the profile may see is
no evidence: the floor then judges the rest of the query, and with nothing left says no match — a
hidden record's id answers exactly like an absent one. Both constants were chosen on the dev half of
``resources/eval/floor`` (``scripts/bench/floor.py``: at most 1 % of the answerable dev queries
refused, then the most dev negatives refused; test-half results in docs/benchmarks.md). They
are the search-side counterpart of Ask's gate (``core.settings.MIN_RELEVANCE``: a passage under
0.80 is no evidence), using the same two signals, best cosine and lexical coverage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import numpy as np

from core.retrieval.fusion import Candidate
from core.retrieval.hits import Hit, Hits, NoMatch
from core.retrieval.identifiers import remainder, shaped_like_id
from core.text import STOPWORDS

if TYPE_CHECKING:
    from core.models.encoder import TextEncoder
    from core.retrieval.dense import VectorIndex
    from core.retrieval.identifiers import IdentifierIndex

FLOOR_COSINE = 0.835
# more than a third of the words: at exactly a third (0.33) 4 more dev negatives pass (three words, one in the
# archive: "preu de la llum avui") for 1 answerable query kept
FLOOR_COVERAGE = 0.34
MIN_SPELLING = 4  # shorter words have too many neighbours one letter away


class Searcher(Protocol):
    """What the floor reads of :class:`core.retrieval.search.Searcher`: its dense index, identifiers and encoder."""

    @property
    def index(self) -> VectorIndex: ...
    @property
    def identifiers(self) -> IdentifierIndex: ...
    @property
    def encoder(self) -> TextEncoder: ...


@dataclass(frozen=True)
class Signals:
    """What the floor looks at for one query (kept on the result, for benchmarks)."""

    cosine: float  # best dense cosine among passages the profile may see (under the filters)
    coverage: float  # best share of the query's content words one passage holds
    pinned: bool  # an identifier the query names is held by a visible record
    id_shaped: bool  # the query holds identifier-like words that name nothing visible
    content: bool  # the query (without those words) has content words at all


def judge(s: Signals, cosine: float = FLOOR_COSINE, coverage: float = FLOOR_COVERAGE) -> bool:
    """True when the query matches something: the floor's one rule."""
    if s.pinned:
        return True
    if not s.content:
        return False
    return s.cosine >= cosine or s.coverage >= coverage


def pin(searcher: Searcher, cands: list[Candidate], query: str) -> tuple[list[Candidate], set[tuple[str, int]]]:
    """Candidates with one passage of each record the query names put first (the gate still checks them)."""
    records, _ = searcher.identifiers.find(query)
    if not records:
        return cands, set()
    index = searcher.index
    top = (cands[0].score if cands else 0.0) + 1.0
    by_id = {c.chunk_id: c for c in cands}
    first: list[Candidate] = []
    for n, key in enumerate(records):
        ordinal = index.record_ordinal.get(key)
        if ordinal is None:
            continue
        rows = np.flatnonzero((index.rec_ord == ordinal) & index.alive)  # a tombstoned row names no passage
        if not len(rows):
            continue
        ids = [index.ids[r] for r in rows]
        best = next((c for c in cands if c.chunk_id in ids), None)  # its best passage for this query
        cid = best.chunk_id if best else ids[0]
        old = by_id.get(cid)
        first.append(Candidate(cid, top + len(records) - n, old.dense if old else None,
                               old.lexical if old else None))
    taken = {c.chunk_id for c in first}
    return first + [c for c in cands if c.chunk_id not in taken], set(records)


def verdict(searcher: Searcher, query: str, mask: np.ndarray, cands: Sequence[Candidate], hits: list[Hit],
            pinned: set[tuple[str, int]], cosine: float = FLOOR_COSINE, coverage: float = FLOOR_COVERAGE) -> Hits:
    """``hits`` if the query matches (:func:`judge`), else an empty result saying why, with suggestions.
    ``mask``: the rows the profile may see under the filters (both legs' mask)."""
    s = signals(searcher, query, mask, cands, hits, pinned)
    if judge(s, cosine, coverage):
        return Hits(hits, signals=s)
    reason = "identifier" if s.id_shaped else "unrelated"
    return Hits([], no_match=NoMatch(reason, suggestions(searcher.index, query, mask, s), closest=hits), signals=s)


def signals(searcher: Searcher, query: str, mask: np.ndarray, cands: Sequence[Candidate], hits: list[Hit],
            pinned: set[tuple[str, int]]) -> Signals:
    """The floor's inputs; an identifier naming nothing visible is taken out and the rest judged alone."""
    index = searcher.index
    if any((h.section_tipo, h.section_id) in pinned for h in hits):
        return Signals(1.0, 1.0, True, False, True)
    shaped = shaped_like_id(query, _visible_prefixes(searcher, mask))
    text = remainder(query, shaped) if shaped else query
    content = index.bm25.content_terms(text) if text.strip() else []
    if not content:
        return Signals(0.0, 0.0, False, bool(shaped), False)
    if shaped:  # judge the words left, by their own meaning and keywords
        qv = searcher.encoder.embed_query(text)
        cos = float(max((h.score for h in index.top(qv, 1, mask)), default=0.0))
        top = index.bm25.top(text, 20, mask, len(index), mask)
        cov = index.bm25.coverage(text, [r for r, _ in top])
        return Signals(cos, float(cov.max()) if len(cov) else 0.0, False, True, True)
    cos = max((c.dense for c in cands if c.dense is not None), default=0.0)
    rows = [r for c in cands if c.lexical is not None and (r := _row(index, c.chunk_id)) is not None]
    cov = index.bm25.coverage(query, rows)
    return Signals(float(cos), float(cov.max()) if len(cov) else 0.0, False, False, True)


def suggestions(index: VectorIndex, query: str, mask: np.ndarray, s: Signals) -> list[tuple[str, str]]:
    """What to try instead, as (kind, text): ``spelling`` (a query with each unknown word replaced by
    the nearest word the profile's records hold), ``identifier`` (check the number), ``fewer_words``,
    ``other_language``. Kinds are translated by the front ends; only ``spelling`` carries text."""
    out: list[tuple[str, str]] = []
    if s.id_shaped:
        out.append(("identifier", ""))
    fixed = spelling(index, query, mask)
    if fixed:
        out.append(("spelling", fixed))
    words = index.bm25.content_terms(query)
    if len(words) >= 3 and not s.id_shaped:
        out.append(("fewer_words", ""))
    out.append(("other_language", ""))
    return out


def spelling(index: VectorIndex, query: str, mask: np.ndarray) -> str:
    """``query`` with each word the visible records do not hold replaced by the nearest one they do
    (edit distance 1, or 2 from eight letters); "" when nothing changes. Words only in records the
    profile may not see are never proposed."""
    bm25 = index.bm25
    words = query.split()
    changed = False
    for n, w in enumerate(words):
        terms = bm25.query_terms(w)
        if len(terms) != 1 or len(terms[0]) < MIN_SPELLING or terms[0] in STOPWORDS or not terms[0].isalpha():
            continue
        t = terms[0]
        if _visible_term(index, t, mask):
            continue
        limit = 1 if len(t) < 8 else 2
        near = sorted((_distance(t, v, limit), v) for v in bm25.vocabulary()
                      if abs(len(v) - len(t)) <= limit and v.isalpha())
        pick = next((v for d, v in near if d <= limit and _visible_term(index, v, mask)), "")
        if pick:
            words[n], changed = pick, True
    return " ".join(words) if changed else ""


def _visible_term(index: VectorIndex, term: str, mask: np.ndarray) -> bool:
    return bool(mask[index.bm25.term_rows(term)].any())


def _distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, cut off at ``limit + 1``."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) > limit:
            return limit + 1
        prev = cur
    return prev[-1]


def _row(index: VectorIndex, chunk_id: str) -> int | None:
    return index.row_of(chunk_id)


def _visible_prefixes(searcher: Searcher, mask: np.ndarray) -> set[str]:
    """First parts of identifiers held by records the profile may see (``cmf``, ``mnc``)."""
    index, ids = searcher.index, searcher.identifiers
    ids.refresh()
    visible = set(np.unique(index.rec_ord[mask[: len(index.rec_ord)]]).tolist()) if len(index.rec_ord) else set()
    out = set()
    for key, records in ids.records.items():
        if key[0] not in out and any(index.record_ordinal.get(r) in visible for r in records):
            out.add(key[0])
    return out

