"""Operations on the person's work file: recent searches, saved searches, working lists.

Read once, kept in memory, written whole after every change (:mod:`core.work.file`). A lock makes
each change whole: a window calls in from its own thread and its workers' threads.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from core.errors import ConfigError, NotFound
from core.filters import SearchFilters
from core.work.file import read_work, write_work
from core.work.model import ListItem, RecentSearch, RecordKey, SavedSearch, WorkList, now

RECENT_LIMIT = 20  # enough to find last week's search again; older ones are dropped


class WorkStore:
    """The work file of one data folder."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._work: dict[str, Any] | None = None

    def _data(self) -> dict[str, Any]:
        if self._work is None:
            self._work = read_work(self.path)
        return self._work

    def _save(self) -> None:
        try:
            write_work(self.path, self._data())
        except BaseException:
            self._work = None  # what is on disk stays the truth: the change that failed is not kept
            raise

    # -- recent searches ---------------------------------------------------------------
    def recent(self) -> list[RecentSearch]:
        """The searches the person acted on, newest first (at most :data:`RECENT_LIMIT`)."""
        with self._lock:
            return [RecentSearch.from_json(r) for r in self._data()["recent"]]

    def remember(self, query: str, filters: SearchFilters | None = None, mode: str = "records") -> RecentSearch:
        """Put a search first among the recent ones; the same search run before moves up instead of repeating."""
        search = RecentSearch(" ".join(query.split()), filters or SearchFilters(), mode, now())
        if not search.query:
            raise ConfigError("an empty search is not kept")
        with self._lock:
            kept = [r for r in self.recent() if not r.same_as(search)]
            self._data()["recent"] = [r.to_json() for r in [search, *kept][:RECENT_LIMIT]]
            self._save()
        return search

    def forget_recent(self) -> None:
        """Clear the recent searches."""
        with self._lock:
            self._data()["recent"] = []
            self._save()

    # -- saved searches ----------------------------------------------------------------
    def saved(self) -> list[SavedSearch]:
        """The named searches, by name."""
        with self._lock:
            found = [SavedSearch.from_json(s) for s in self._data()["saved"]]
        return sorted(found, key=lambda s: s.name.casefold())

    def save_search(self, name: str, query: str, filters: SearchFilters | None = None,
                    mode: str = "records") -> SavedSearch:
        """Name a search; a search saved under the same name before is replaced."""
        search = SavedSearch(_name(name), " ".join(query.split()), filters or SearchFilters(), mode, now())
        with self._lock:
            kept = [s for s in self._data()["saved"] if str(s.get("name", "")).casefold() != search.name.casefold()]
            self._data()["saved"] = [*kept, search.to_json()]
            self._save()
        return search

    def delete_search(self, name: str) -> None:
        """Forget a saved search (a name not saved is no error)."""
        with self._lock:
            self._data()["saved"] = [s for s in self._data()["saved"]
                                     if str(s.get("name", "")).casefold() != name.strip().casefold()]
            self._save()

    # -- working lists -----------------------------------------------------------------
    def lists(self) -> list[WorkList]:
        """Every working list, by name, with all its items (hidden records included: callers gate them)."""
        with self._lock:
            found = [WorkList.from_json(w) for w in self._data()["lists"]]
        return sorted(found, key=lambda w: w.name.casefold())

    def get_list(self, name: str) -> WorkList:
        """One working list (:class:`NotFound` when there is none by that name)."""
        with self._lock:
            return WorkList.from_json(self._raw_list(name))

    def create_list(self, name: str) -> WorkList:
        """A new, empty working list (the one already under that name, if any)."""
        with self._lock:
            try:
                return self.get_list(name)
            except NotFound:
                made = WorkList(_name(name), (), now())
                self._data()["lists"].append(made.to_json())
                self._save()
                return made

    def delete_list(self, name: str) -> None:
        """Forget a working list and its notes."""
        with self._lock:
            raw = self._raw_list(name)
            self._data()["lists"].remove(raw)
            self._save()

    def add(self, name: str, key: RecordKey, note: str = "") -> ListItem:
        """Put a record on a list (made when missing); a record already on it keeps its place, and a new
        note replaces its old one."""
        st, sid = str(key[0]), int(key[1])
        with self._lock:
            self.create_list(name)
            items = self._raw_list(name)["items"]
            for raw in items:
                if (raw["section_tipo"], int(raw["section_id"])) == (st, sid):
                    if note.strip():
                        raw["note"] = note.strip()
                    self._save()
                    return ListItem.from_json(raw)
            item = ListItem(st, sid, note.strip(), now())
            items.append(item.to_json())
            self._save()
            return item

    def set_note(self, name: str, key: RecordKey, note: str) -> None:
        """Replace the note of a record on a list."""
        with self._lock:
            self._raw_item(name, key)["note"] = note.strip()
            self._save()

    def remove(self, name: str, key: RecordKey) -> None:
        """Take a record off a list."""
        with self._lock:
            raw = self._raw_item(name, key)
            self._raw_list(name)["items"].remove(raw)
            self._save()

    def _raw_list(self, name: str) -> dict[str, Any]:
        wanted = name.strip().casefold()
        for raw in self._data()["lists"]:
            if str(raw.get("name", "")).casefold() == wanted:
                raw.setdefault("items", [])
                return raw
        raise NotFound(f"no working list {name.strip()}")

    def _raw_item(self, name: str, key: RecordKey) -> dict[str, Any]:
        for raw in self._raw_list(name)["items"]:
            if (raw["section_tipo"], int(raw["section_id"])) == (str(key[0]), int(key[1])):
                return raw
        raise NotFound(f"no record {key[0]} {key[1]}")  # hidden or never on the list: said alike


def _name(name: str) -> str:
    clean = " ".join(name.split())
    if not clean:
        raise ConfigError("a saved search or a working list needs a name")
    return clean
