"""The search room of the facade: records and passages by meaning and words, a page with its count, neighbours."""

from __future__ import annotations

from core.filters import SearchFilters
from core.retrieval.count import ResultPage
from core.retrieval.hits import Hit
from core.service.folder import Folder


class Search:
    """Hybrid search as one profile may see it; every hit went through the one ACL gate."""

    def __init__(self, folder: Folder) -> None:
        self._f = folder

    def records(self, query: str, *, profile: str = "owner", limit: int | None = None,
                filters: SearchFilters | None = None) -> list[Hit]:
        """Records, the best passage of each, best first (empty with a ``no_match`` under the relevance floor)."""
        return self._f.searcher().search(query, self._f.profile(profile), limit=limit, filters=filters)

    def passages(self, query: str, *, profile: str = "owner", limit: int | None = None,
                 filters: SearchFilters | None = None) -> list[Hit]:
        """Passages, best first (several may come from one record)."""
        return self._f.searcher().retrieve(query, self._f.profile(profile), limit=limit, filters=filters)

    def page(self, query: str, *, profile: str = "owner", limit: int | None = None,
             filters: SearchFilters | None = None) -> ResultPage:
        """A page of records (as :meth:`records`) and how many records match in all, for the same
        profile and filters (:mod:`core.retrieval.count`)."""
        hits = self.records(query, profile=profile, limit=limit, filters=filters)
        no_match = getattr(hits, "no_match", None)
        if no_match is not None:  # under the relevance floor: a stray word's matches are not "records that match"
            return ResultPage([], 0, no_match)
        total = self._f.searcher().count(query, self._f.profile(profile), filters=filters, shown=hits)
        return ResultPage(hits, total)

    def similar(self, section_tipo: str, section_id: int, *, profile: str = "owner",
                limit: int | None = None, filters: SearchFilters | None = None) -> list[Hit]:
        """Records similar to a record, from its stored vectors."""
        return self._f.searcher().similar_to(section_tipo, section_id, self._f.profile(profile), limit=limit,
                                             filters=filters)
