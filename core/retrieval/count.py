"""How many records match a query: the real count behind "20 of 143 records".

A hybrid search always returns a full page (the dense leg ranks every passage), so the page's
length says nothing. A record *matches* when one of its passages the profile may see (after the
user's filters) holds one of the query's content words, as the keyword index tokenises them —
or when the search showed it (a passage found by meaning, e.g. across languages). The rows come
from the same profile-and-filter mask both search legs use (the ACL rule compiled by
:meth:`core.acl.Rule.numpy_mask`), so a word that occurs only in records a profile may not see
counts nothing for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from core.retrieval.dense import VectorIndex
from core.retrieval.hits import Hit, NoMatch


@dataclass
class ResultPage:
    """One page of search results and the number of records that match in all; ``no_match`` says why a
    page is empty when the relevance floor emptied it (:mod:`core.retrieval.floor`)."""

    hits: list[Hit] = field(default_factory=list)
    total: int = 0
    no_match: NoMatch | None = None


def matching_rows(index: VectorIndex, query: str, mask: np.ndarray) -> np.ndarray:
    """Row numbers allowed by ``mask`` whose passage holds one of the query's content words."""
    bm25 = index.bm25
    hit = np.zeros(len(index), dtype=bool)
    for term in bm25.content_terms(query):
        hit[bm25.term_rows(term)] = True
    hit &= mask[: len(hit)]
    return np.flatnonzero(hit)


def count_records(index: VectorIndex, query: str, mask: np.ndarray,
                  shown: Iterable[tuple[str, int]] = ()) -> int:
    """Distinct records matching ``query`` among the rows of ``mask``, plus the records ``shown``
    (hits that already passed the gate: found by meaning, they match too)."""
    found = np.zeros(len(index.record_ordinal), dtype=bool)  # a flag per record: no sort, unlike np.unique
    found[index.rec_ord[matching_rows(index, query, mask)]] = True
    extra = {key for key in shown if (o := index.record_ordinal.get(key)) is None or not found[o]}
    return int(found.sum()) + len(extra)
