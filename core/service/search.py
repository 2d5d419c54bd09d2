"""The search room of the facade: records and passages by meaning and words, a page with its count, neighbours,
and browsing without a query (counts per collection, kind, language and period; records listed)."""

from __future__ import annotations

from core.filters import SearchFilters
from core.retrieval.browse import PAGE as BROWSE_PAGE
from core.retrieval.browse import BrowseCounts, BrowseFilters, browse_counts, browse_page, check_sort, sort_hits
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
             filters: SearchFilters | None = None, sort: str = "relevance") -> ResultPage:
        """A page of records (as :meth:`records`) and how many records match in all, for the same
        profile and filters (:mod:`core.retrieval.count`); ``sort`` orders the page: ``relevance``,
        ``title`` or ``date`` (oldest first)."""
        check_sort(sort, query=True)
        hits = self.records(query, profile=profile, limit=limit, filters=filters)
        no_match = getattr(hits, "no_match", None)
        if no_match is not None:  # under the relevance floor: a stray word's matches are not "records that match"
            return ResultPage([], 0, no_match)
        total = self._f.searcher().count(query, self._f.profile(profile), filters=filters, shown=hits)
        if sort != "relevance":
            hits = sort_hits(self._f.store, self._f.profile(profile), hits, sort)
        return ResultPage(hits, total)

    def browse(self, filters: BrowseFilters | None = None, *, profile: str = "owner", sort: str = "title",
               offset: int = 0, limit: int | None = None) -> ResultPage:
        """Without a query: the visible records a choice passes, by ``title`` or ``date``, one page of them
        (each at its first passage) and how many pass in all (:mod:`core.retrieval.browse`)."""
        f = self._f
        pinned = f.pinned_model()
        return browse_page(f.store, f.profile(profile), pinned.name if pinned else None, filters, sort=sort,
                           offset=offset, limit=limit or BROWSE_PAGE)

    def browse_counts(self, filters: BrowseFilters | None = None, *, profile: str = "owner") -> BrowseCounts:
        """Visible records per collection, kind, language and date bucket, each dimension under the others'
        choices: a collection whose records the profile may not see never appears."""
        return browse_counts(self._f.store, self._f.profile(profile), filters)

    def similar(self, section_tipo: str, section_id: int, *, profile: str = "owner",
                limit: int | None = None, filters: SearchFilters | None = None) -> list[Hit]:
        """Records similar to a record, from its stored vectors."""
        return self._f.searcher().similar_to(section_tipo, section_id, self._f.profile(profile), limit=limit,
                                             filters=filters)
