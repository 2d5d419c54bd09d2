"""The classification each ingested record gets: it only ever tightens unless loosening is asked for."""

from __future__ import annotations

from core.acl import looser, strictest


class Classifier:
    """The effective classification of each record of one source.

    The most restrictive of the value asked for and the record's own (a CSV row's
    column); a record already in the store never becomes looser unless reclassifying
    was asked for explicitly. When neither says anything, a stored record keeps what
    it has and a new one gets the default.
    """

    def __init__(self, current: dict[int, str], asked: str | None, reclassify: bool, default: str) -> None:
        self.current = current
        self.asked = asked
        self.reclassify = reclassify
        self.default = default
        self.loosened: dict[tuple[str, str], int] = {}
        self.kept: dict[tuple[str, str], int] = {}

    def decide(self, section_id: int, own: str | None, floor: str | None = None) -> str:
        """The classification record ``section_id`` gets (its own value is ``own``; ``floor``: the strictest
        its content has had under any path, which only ``--reclassify`` goes below)."""
        chosen = self._decide(section_id, own)
        if floor and not self.reclassify and looser(chosen, floor):
            self.kept[(chosen, floor)] = self.kept.get((chosen, floor), 0) + 1
            return floor
        return chosen

    def _decide(self, section_id: int, own: str | None) -> str:
        now = self.current.get(section_id)
        stated = strictest(self.asked, own)  # None: nobody said anything about this record
        if now is None or self.reclassify:
            wanted = stated or self.default
            if now is not None and looser(wanted, now):
                self.loosened[(now, wanted)] = self.loosened.get((now, wanted), 0) + 1
            return wanted
        if stated is None:
            return now
        final = strictest(stated, now) or now
        if final != stated:
            self.kept[(stated, final)] = self.kept.get((stated, final), 0) + 1
        return final

    def notes(self) -> list[str]:
        """Sentences for the summary and the ``sources`` row."""
        out = [f"{n} record{'s' if n != 1 else ''} reclassified: {a} → {b}" for (a, b), n in self.loosened.items()]
        out += [f"{n} record{'s' if n != 1 else ''} kept {b} (asked: {a}); pass --reclassify to loosen"
                for (a, b), n in self.kept.items()]
        return out
