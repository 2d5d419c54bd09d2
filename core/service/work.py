"""The work room of the facade: the person's recent and saved searches and working lists, in the data folder.

The work file keeps record keys and notes only; what a list shows of a record comes from the store
through the one ACL gate, as the profile asking may see it, so a list never reveals a record that
profile may not see — not its title, and not by its count.
"""

from __future__ import annotations

import json

from core import gate
from core.acl import Profile
from core.errors import NotFound
from core.filters import SearchFilters
from core.service.folder import Folder
from core.work.model import ListEntry, ListItem, ListSummary, RecentSearch, SavedSearch, WorkList
from core.work.store import WorkStore


class Work:
    """Recent searches, saved searches and working lists of one data folder (never kept by a kiosk:
    the window that is one does not call here)."""

    def __init__(self, folder: Folder) -> None:
        self._f = folder
        self._store = WorkStore(folder.paths.work)

    # -- searches ---------------------------------------------------------------------
    def recent(self) -> list[RecentSearch]:
        """The searches acted on, newest first, each once."""
        return self._store.recent()

    def remember(self, query: str, filters: SearchFilters | None = None, mode: str = "records") -> RecentSearch:
        """Keep a search among the recent ones (first; the same one earlier moves up)."""
        return self._store.remember(query, filters, mode)

    def forget_recent(self) -> None:
        """Clear the recent searches."""
        self._store.forget_recent()

    def saved(self) -> list[SavedSearch]:
        """The named searches, by name."""
        return self._store.saved()

    def save_search(self, name: str, query: str, filters: SearchFilters | None = None,
                    mode: str = "records") -> SavedSearch:
        """Name a search with its filters (the same name again replaces it)."""
        return self._store.save_search(name, query, filters, mode)

    def delete_search(self, name: str) -> None:
        """Forget a saved search."""
        self._store.delete_search(name)

    # -- working lists ------------------------------------------------------------------
    def list_names(self) -> list[str]:
        """The names of the working lists, by name (the person's own words: nothing of the archive)."""
        return [w.name for w in self._store.lists()]

    def lists(self, profile: str = "owner") -> list[ListSummary]:
        """Every working list with how many of its records ``profile`` may see."""
        p = self._f.profile(profile)
        return [ListSummary(w.name, sum(1 for i in w.items if self._visible(i, p) is not None), w.created)
                for w in self._store.lists()]

    def items(self, name: str, profile: str = "owner") -> list[ListEntry]:
        """The records of a list ``profile`` may see, in the order they were added, with their notes."""
        p = self._f.profile(profile)
        entries = []
        for item in self._store.get_list(name).items:
            rec = self._visible(item, p)
            if rec is not None:
                source = _source_path(rec.data)
                entries.append(ListEntry(item.section_tipo, item.section_id, rec.title or "", item.note, item.added,
                                         rec.lang, rec.classification, rec.date_start, rec.date_end, source))
        return entries

    def create_list(self, name: str) -> WorkList:
        """A new, empty working list (or the one already under that name)."""
        return self._store.create_list(name)

    def delete_list(self, name: str) -> None:
        """Forget a working list and its notes."""
        self._store.delete_list(name)

    def add(self, name: str, section_tipo: str, section_id: int, note: str = "", *,
            profile: str = "owner") -> ListItem:
        """Put a record ``profile`` may see on a list (made when missing), with a note."""
        self._check(section_tipo, section_id, profile)
        return self._store.add(name, (section_tipo, int(section_id)), note)

    def set_note(self, name: str, section_tipo: str, section_id: int, note: str, *, profile: str = "owner") -> None:
        """Replace the note of a record on a list."""
        self._check(section_tipo, section_id, profile)
        self._store.set_note(name, (section_tipo, int(section_id)), note)

    def remove(self, name: str, section_tipo: str, section_id: int, *, profile: str = "owner") -> None:
        """Take a record off a list."""
        self._check(section_tipo, section_id, profile)
        self._store.remove(name, (section_tipo, int(section_id)))

    def _check(self, section_tipo: str, section_id: int, profile: str) -> None:
        """A record the profile may not see is :class:`NotFound`, as everywhere else."""
        gate.record(self._f.store, section_tipo, int(section_id), self._f.profile(profile))

    def _visible(self, item: ListItem, profile: Profile) -> gate.VisibleRecord | None:
        try:
            return gate.record(self._f.store, item.section_tipo, item.section_id, profile)
        except NotFound:
            return None  # hidden, or gone from the archive: the list shows neither


def _source_path(data: str | None) -> str | None:
    try:
        value = json.loads(data).get("source_path") if data else None
    except (ValueError, AttributeError):
        return None
    return str(value) if value else None
