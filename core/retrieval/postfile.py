"""A model's keyword postings beside the store: memory-mapped arrays, a base and appended segments.

Derived data, as the vector file is (:mod:`core.retrieval.vecfile`), in a sibling folder of it. A *base*
(epoch ``p<N>``) holds what :meth:`core.retrieval.bm25.Bm25Index.load` reads from the keyword index:
the terms, sorted (``.terms`` the UTF-8 bytes, ``.toff`` their offsets), the postings grouped by term
in that order (``.rows`` int32, ``.tf`` float32, ``.tpos`` each term's first posting), and per dense row
its length (``.len``) and whether the index holds it (``.docs``). Each later change the postings
followed is a *segment* (``p<N>-<k>.arrow``): the rows tokenised again, each with a marker (term null,
tf its length or -1 when the index does not hold it) and its postings. ``manifest.json`` is the commit
point: every file's size and crc32, the dense rows the state covers and the vector file's segments
that number them, the keyword index's build (``lexical_epoch``) and update (``mark``) it reflects and
the newest document read, and the store generation and token. A write writes and fsyncs its files,
then replaces the manifest atomically, so a kill leaves the last committed state; files the manifest
does not name are ignored. :meth:`PostingsFile.load` verifies every checksum and answers None on any
mismatch.
"""

from __future__ import annotations

import bisect
import json
import mmap
import re
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np
import pyarrow as pa

from core.retrieval.vecfile import _crc, _write, folder_for

FORMAT = 1
MANIFEST = "manifest.json"
SEGMENT = pa.schema([("row", pa.int32()), ("term", pa.string()), ("tf", pa.float32())])
_BASE = {"terms": np.uint8, "toff": np.int64, "tpos": np.int64, "rows": np.int32, "tf": np.float32,
         "len": np.float32, "docs": np.bool_}

Numbering = list[tuple[str, int, int]]  # the vector file's segments (name, rows, crc32): its row numbering


@dataclass(frozen=True)
class PostManifest:
    """What one committed state of the postings holds and what it reflects."""

    model: str
    epoch: int
    rows: int = 0  # dense rows the state covers
    base_rows: int = 0  # rows the base covers (the others came in segments)
    files: list[tuple[str, int, int]] = field(default_factory=list)  # the base: (file, bytes, crc32)
    segments: list[tuple[str, int, int]] = field(default_factory=list)  # (file, entries, crc32)
    numbering: Numbering = field(default_factory=list)
    lexical_epoch: str = ""
    mark: str = ""  # the keyword index update the state reflects (core.retrieval.lexical's trail)
    max_docid: int = -1
    generation: int = -1
    token: str = ""


class TermTable:
    """Sorted terms over mapped bytes: term → (first, stop) posting, found by bisection."""

    def __init__(self, blob: memoryview | bytes, offsets: np.ndarray, starts: np.ndarray) -> None:
        self._blob, self._off, self._pos = blob, offsets, starts

    def __len__(self) -> int:
        return max(len(self._off) - 1, 0)

    def __getitem__(self, i: int) -> bytes:  # what bisect compares: the i-th term's bytes
        return bytes(self._blob[int(self._off[i]):int(self._off[i + 1])])

    def get(self, term: str) -> tuple[int, int] | None:
        """The span of ``term``'s postings, or None."""
        key = term.encode()
        i = bisect.bisect_left(self, key)
        if i >= len(self) or self[i] != key:
            return None
        return int(self._pos[i]), int(self._pos[i + 1])

    def __contains__(self, term: object) -> bool:
        return isinstance(term, str) and self.get(term) is not None

    def __iter__(self) -> Iterator[str]:
        text = bytes(self._blob).decode()
        if text.isascii():  # the index's terms are ASCII: byte offsets are string offsets
            off = self._off.tolist()
            return iter([text[a:b] for a, b in zip(off, off[1:])])
        return iter([self[i].decode() for i in range(len(self))])

    def items(self) -> Iterator[tuple[str, tuple[int, int]]]:
        """(term, span) pairs in sorted order."""
        pos = self._pos.tolist()
        return ((t, (pos[i], pos[i + 1])) for i, t in enumerate(self))


@dataclass
class Base:
    """A base, mapped (read-only arrays)."""

    terms: TermTable
    rows: np.ndarray
    tf: np.ndarray
    lengths: np.ndarray
    in_docs: np.ndarray


@dataclass
class Mapped:
    """A verified state: the base and the segments, in order."""

    manifest: PostManifest
    base: Base
    segments: list[pa.Table]


def folder(home: Path, model: str) -> Path:
    """The postings folder of ``model``, beside its vector folder (under the same root, so an erase drops it)."""
    return beside(folder_for(home, model))


def beside(vector_folder: Path) -> Path:
    """The postings folder of the model whose vector folder is ``vector_folder``."""
    return vector_folder.with_name(vector_folder.name + ".bm25")


class PostingsFile:
    """One model's postings folder: load, write a base (a new epoch) and append segments."""

    def __init__(self, path: Path, model: str) -> None:
        self.folder = path
        self.model = model
        self.known: PostManifest | None = None  # the last state read or written

    def manifest(self) -> PostManifest | None:
        """The committed manifest, or None when missing, unreadable or not this model's."""
        try:
            raw = json.loads((self.folder / MANIFEST).read_text(encoding="utf-8"))
            body = raw["body"]
            if raw.get("format") != FORMAT or raw.get("crc") != _crc(json.dumps(body, sort_keys=True).encode()):
                return None
            m = PostManifest(**{**body, **{k: [tuple(x) for x in body[k]] for k in ("files", "segments", "numbering")}})
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return m if m.model == self.model else None

    def is_current(self) -> bool:
        """Whether the committed manifest is the state this object last read or wrote."""
        return self.known is not None and self.manifest() == self.known

    def load(self) -> Mapped | None:
        """The committed state, every checksum verified; None when anything is missing or damaged."""
        m = self.manifest()
        if m is None or [f[0] for f in m.files] != [f"p{m.epoch}.{k}" for k in _BASE]:
            return None
        try:
            arrays: dict[str, np.ndarray] = {}
            for (name, size, crc), (kind, dtype) in zip(m.files, _BASE.items(), strict=True):
                view = self._map(name, size)
                if _crc(view) != crc:
                    return None
                arrays[kind] = np.frombuffer(view, dtype=dtype)
            tables = []
            for name, count, crc in m.segments:
                data = (self.folder / name).read_bytes()
                if _crc(data) != crc:
                    return None
                t = pa.ipc.open_file(pa.py_buffer(data)).read_all()
                if t.num_rows != count or not t.schema.equals(SEGMENT):
                    return None
                tables.append(t)
        except (OSError, ValueError, pa.ArrowException):
            return None
        off, pos = arrays["toff"], arrays["tpos"]
        if len(arrays["len"]) != m.base_rows or len(arrays["docs"]) != m.base_rows or len(off) != len(pos) or \
                (len(off) and (off[0] != 0 or off[-1] != len(arrays["terms"]) or pos[0] != 0
                               or pos[-1] != len(arrays["rows"]))) or len(arrays["rows"]) != len(arrays["tf"]):
            return None
        self.known = m
        base = Base(TermTable(arrays["terms"].data, off, pos), arrays["rows"], arrays["tf"], arrays["len"],
                    arrays["docs"])
        return Mapped(m, base, tables)

    def _map(self, name: str, size: int) -> memoryview:
        if not size:
            return memoryview(b"")
        with open(self.folder / name, "rb") as fh:
            mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        if len(mapped) != size:
            raise ValueError(f"{name}: {len(mapped)} bytes, the manifest says {size}")
        return memoryview(mapped)

    def write_base(self, terms: list[str], spans: np.ndarray, rows: np.ndarray, tf: np.ndarray,
                   lengths: np.ndarray, in_docs: np.ndarray, state: PostManifest) -> Mapped:
        """Write a new epoch from postings grouped by term (``spans``: each term's (start, stop) in ``rows``/``tf``,
        any order) and commit it as ``state`` (its counts and marks; files and epoch are set here)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        old = self.manifest()
        epoch = (old.epoch + 1) if old else 1
        order = sorted(range(len(terms)), key=terms.__getitem__)  # code point order = UTF-8 byte order
        sorted_spans = spans[np.asarray(order, np.int64)] if order else np.zeros((0, 2), np.int64)
        lens = (sorted_spans[:, 1] - sorted_spans[:, 0]).astype(np.int64)
        tpos = np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)
        # the postings in the terms' sorted order: each term's run moved whole
        idx = np.repeat(sorted_spans[:, 0] - tpos[:-1], lens) + np.arange(int(tpos[-1]), dtype=np.int64)
        encoded = [terms[i].encode() for i in order]
        toff = np.concatenate([[0], np.cumsum([len(b) for b in encoded], dtype=np.int64)]).astype(np.int64)
        data: dict[str, bytes | np.ndarray] = {"terms": b"".join(encoded), "toff": toff, "tpos": tpos,
                "rows": np.ascontiguousarray(rows[idx], np.int32), "tf": np.ascontiguousarray(tf[idx], np.float32),
                "len": np.ascontiguousarray(lengths, np.float32), "docs": np.ascontiguousarray(in_docs, np.bool_)}
        for p in self.folder.glob(f"p{epoch}[.-]*"):  # a rewrite a crash cut short
            p.unlink()
        files = []
        for kind in _BASE:
            value = data[kind]
            raw = value if isinstance(value, bytes) else memoryview(value).cast("B")
            name = f"p{epoch}.{kind}"
            _write(self.folder / name, raw)
            files.append((name, len(raw), _crc(raw)))
        new = replace(state, model=self.model, epoch=epoch, base_rows=len(lengths), files=files, segments=[])
        self._commit(new)
        for p in self.folder.iterdir():
            if p.name != MANIFEST and not re.match(rf"p{epoch}[.-]", p.name):
                try:
                    p.unlink()
                except OSError:
                    pass  # still mapped where that forbids it: the next rewrite tries again
        loaded = self.load()
        if loaded is None:
            raise OSError("the postings just written do not verify")
        return loaded

    def append(self, entries: pa.Table, state: PostManifest) -> None:
        """Append one segment (``entries``: :data:`SEGMENT` rows) and commit ``state`` with it."""
        m = self.known
        if m is None:
            raise ValueError("no committed postings to append to")
        segments = list(m.segments)
        if entries.num_rows:
            name = f"p{m.epoch}-{len(segments)}.arrow"
            sink = pa.BufferOutputStream()
            with pa.ipc.new_file(sink, SEGMENT) as writer:
                writer.write_table(entries.cast(SEGMENT))
            data = sink.getvalue().to_pybytes()
            _write(self.folder / name, data)
            segments.append((name, entries.num_rows, _crc(data)))
        self._commit(replace(state, model=self.model, epoch=m.epoch, base_rows=m.base_rows, files=m.files,
                             segments=segments))

    def _commit(self, m: PostManifest) -> None:
        body = asdict(m)
        doc = {"format": FORMAT, "body": body, "crc": _crc(json.dumps(body, sort_keys=True).encode())}
        _write(self.folder / MANIFEST, json.dumps(doc).encode())  # the commit point
        self.known = m

    def remove(self) -> None:
        """Delete the folder (derived data of a model the store no longer holds)."""
        for p in list(self.folder.iterdir()) if self.folder.is_dir() else []:
            try:
                p.unlink()
            except OSError:
                pass
        try:
            self.folder.rmdir()
        except OSError:
            pass
