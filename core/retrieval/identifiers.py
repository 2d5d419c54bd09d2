"""Exact identifiers: a query that names an inventory number or accession the archive holds finds it first.

An identifier is the value of a record's id column (the CSV reader's ``id`` role: ``id``, ``inventario``,
``codi``, …), an OHMS ``accession``, an EAD ``eadid``/``unitid`` or a catalogue record's ``identifier``. It must hold a letter and a digit: a bare number (``12``, ``1654``)
is too often a year or a count to pin anything. Matching folds case and accents, ignores the
separators between letter and digit runs (``CMF-038`` = ``cmf 038`` = ``CMF038``) and leading zeros of
a digit run (``cmf 38``); the parts themselves must be equal, so ``CMF-38B`` or ``OH04`` do not
name ``CMF-038`` or ``CMF-OH04``. Records found here still go through the ACL gate like every other
candidate; this module only says which records a query names.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from core.ids import ID_COLUMNS
from core.store.db import Store
from core.text import fold_ascii

# the OHMS accession, an EAD finding aid's and unit's ids, a DC/MODS/OAI record's identifier
ID_FIELDS: tuple[str, ...] = ID_COLUMNS + ("accession", "eadid", "unitid", "identifier")
MAX_PARTS = 6  # longer runs of letters and digits are prose, not an identifier
# words that often precede an identifier and carry nothing else ("inventario MNC-020", "ref CMF-777")
ID_WORDS = frozenset({"id", "inventory", "inventario", "inventari", "ref", "reference", "referencia",
                      "referència", "no", "num", "number", "numero", "número", "nº", "n", "code", "codigo",
                      "código", "codi", "accession", "item", "object", "objeto", "objecte", "coin", "moneda"})
_RUN = re.compile(r"[^\W\d_]+|\d+")
_WORD = re.compile(r"\S+")


def parts(text: str) -> tuple[str, ...]:
    """Letter and digit runs of ``text``, case- and accent-folded, digit runs without leading zeros."""
    return tuple(p.lstrip("0") or "0" if p.isdigit() else p for p in _RUN.findall(fold_ascii(text)))


def is_identifier(value: str) -> bool:
    """A value that can name a record: letters and digits, 2–6 runs (``CMF-038``, ``OH04``; not ``1654``)."""
    ps = parts(value)
    return 2 <= len(ps) <= MAX_PARTS and any(p.isdigit() for p in ps) and any(not p.isdigit() for p in ps)


@dataclass(frozen=True)
class Span:
    """Words ``start``–``end`` (exclusive) of a query, read as one identifier."""

    start: int
    end: int
    key: tuple[str, ...]


def spans(query: str) -> list[Span]:
    """Every run of consecutive query words whose parts could be an identifier, longest first per start."""
    words = _WORD.findall(query)
    word_parts = [parts(w) for w in words]
    out: list[Span] = []
    for i in range(len(words)):
        key: tuple[str, ...] = ()
        for j in range(i, min(len(words), i + MAX_PARTS)):
            key = key + word_parts[j]
            if len(key) > MAX_PARTS:
                break
            if 2 <= len(key) and any(p.isdigit() for p in key) and any(not p.isdigit() for p in key):
                out.append(Span(i, j + 1, key))
    return sorted(out, key=lambda s: (s.start, s.start - s.end))


def shaped_like_id(query: str, prefixes: Iterable[str] = ()) -> list[Span]:
    """Spans that look like an identifier even if none is held: one word mixing letters and digits
    (``CMF-999``, ``OH99``), or a word followed by a number when the word starts identifiers the archive
    holds (``mnc 88``; ``trench 3`` is prose)."""
    known = set(prefixes)
    words = _WORD.findall(query)
    out = []
    for n, w in enumerate(words):
        ps = parts(w)
        if is_identifier(w):
            out.append(Span(n, n + 1, ps))
        elif len(ps) == 1 and not ps[0].isdigit() and ps[0] in known and n + 1 < len(words) \
                and parts(words[n + 1]) and all(p.isdigit() for p in parts(words[n + 1])):
            out.append(Span(n, n + 2, ps + parts(words[n + 1])))
    return out


def remainder(query: str, taken: Iterable[Span]) -> str:
    """The query without the words of ``taken`` and the words that only announce an identifier."""
    drop = {n for s in taken for n in range(s.start, s.end)}
    return " ".join(w for n, w in enumerate(_WORD.findall(query))
                    if n not in drop and fold_ascii(w).strip(".:#") not in ID_WORDS)


class IdentifierIndex:
    """Identifier → records, reloaded when the store's generation moves (one SQL scan of ``records``)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._generation = -1
        self.records: dict[tuple[str, ...], list[tuple[str, int]]] = {}
        self.prefixes: frozenset[str] = frozenset()

    def refresh(self) -> None:
        """Reload after the store changed."""
        gen = self.store.generation()
        if gen == self._generation:
            return
        with self._lock:
            if gen != self._generation:
                self._load()
                self._generation = gen

    def _load(self) -> None:
        # the header as written: lower case, Capitalised or UPPER (the reader matched it case-blind)
        keys = sorted({k for f in ID_FIELDS for k in (f, f.capitalize(), f.upper())})
        picks = ", ".join(f"json_extract_string(data, '$.fields.{json.dumps(k)}')" for k in keys)
        rows = self.store.cursor().execute(
            f"SELECT section_tipo, section_id, [{picks}] FROM records "
            "WHERE deleted_at IS NULL AND data LIKE '%\"fields\"%'").fetchall()
        found: dict[tuple[str, ...], list[tuple[str, int]]] = {}
        for tipo, sid, values in rows:
            for v in {v for v in values if v}:
                if is_identifier(v):
                    found.setdefault(parts(v), []).append((tipo, int(sid)))
        self.records = found
        self.prefixes = frozenset(k[0] for k in found if not k[0].isdigit())

    def find(self, query: str) -> tuple[list[tuple[str, int]], list[Span]]:
        """Records the query names (in query order) and the spans that named them."""
        self.refresh()
        out: list[tuple[str, int]] = []
        used: list[Span] = []
        covered: set[int] = set()
        for s in spans(query):
            if s.start in covered or s.key not in self.records:
                continue
            used.append(s)
            covered.update(range(s.start, s.end))
            out.extend(r for r in self.records[s.key] if r not in out)
        return out, used
