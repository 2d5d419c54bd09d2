"""A model's vectors beside the store: a memory-mapped float32 file, appended to, never rewritten in place.

Derived data, rebuilt from DuckDB whenever it is missing, stale or damaged. One folder per model
holds an *epoch*: ``e<N>.f32`` (the rows, appended), ``e<N>-<k>.arrow`` (each append's per-row
metadata, Arrow IPC), ``e<N>.dead`` (row numbers tombstoned, int64, appended) and
``manifest.json``, the commit point. An append writes and fsyncs the data files first, then
replaces the manifest atomically; bytes beyond what the manifest counts are a write a crash cut
short and are ignored (and cut off by the next append). So a kill at any moment leaves the last
committed state, never a row the manifest does not vouch for. The manifest checksums every block
of ``BLOCK_ROWS`` rows (a dead row counted as zeros, since it is zeroed once its tombstone is
committed: a removed record's vector does not stay readable), every metadata file, the dead list
and itself; :meth:`VectorFile.load` verifies them all and answers None on any mismatch. A rewrite
(a rebuild, or a compaction dropping dead rows) is a new epoch: files already mapped by a reader
stay whole until it lets go.
"""

from __future__ import annotations

import json
import mmap
import os
import re
import zlib
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np
import pyarrow as pa

FORMAT = 1
BLOCK_ROWS = 4096  # a tombstone re-checksums one block: ~6 MB at 384 dims, a few ms
MANIFEST = "manifest.json"


@dataclass(frozen=True)
class Manifest:
    """What one committed state of the file holds and the store state it reflects."""

    model: str
    dims: int
    epoch: int
    rows: int = 0
    blocks: list[int] = field(default_factory=list)  # crc32 per block of BLOCK_ROWS rows, dead rows as zeros
    segments: list[tuple[str, int, int]] = field(default_factory=list)  # (arrow file, rows, crc32)
    dead: int = 0  # entries of the dead list
    dead_crc: int = 0
    generation: int = -1
    token: str = ""


@dataclass
class Loaded:
    """A verified state: the mapped matrix, the per-row metadata and the tombstoned rows."""

    manifest: Manifest
    matrix: np.ndarray
    meta: pa.Table
    dead: np.ndarray


def vectors_root(home: Path) -> Path:
    """The folder under a data folder that holds every model's vector file."""
    return home / "vectors"


def folder_for(home: Path, model: str) -> Path:
    """Where ``model``'s vector file lives under a data folder (a model name may hold '/')."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model)
    return vectors_root(home) / f"{safe}-{zlib.crc32(model.encode()) & 0xFFFFFFFF:08x}"


def drop_candidates(folder: Path) -> list["VectorFile"]:
    """The other models' vector files beside ``folder`` (for the caller to drop those the store no longer holds)."""
    out = []
    for sibling in folder.parent.iterdir() if folder.parent.is_dir() else ():
        try:
            model = json.loads((sibling / MANIFEST).read_text(encoding="utf-8"))["body"]["model"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if sibling != folder and folder_for(folder.parent.parent, model) == sibling:
            out.append(VectorFile(sibling, model))
    return out


class VectorFile:
    """One model's vector folder: load, create (a new epoch), append and tombstone."""

    def __init__(self, folder: Path, model: str) -> None:
        self.folder = folder
        self.model = model
        self._known: tuple[Manifest, np.ndarray] | None = None  # the last state read or written, and its dead list

    # -- reading ----------------------------------------------------------------
    def manifest(self) -> Manifest | None:
        """The committed manifest, or None when missing, unreadable or not this model's."""
        try:
            raw = json.loads((self.folder / MANIFEST).read_text(encoding="utf-8"))
            body = raw["body"]
            if raw.get("format") != FORMAT or raw.get("crc") != _crc(json.dumps(body, sort_keys=True).encode()):
                return None
            m = Manifest(**{**body, "segments": [tuple(s) for s in body["segments"]]})
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return m if m.model == self.model else None

    @property
    def committed(self) -> Manifest | None:
        """The manifest this object last read or wrote."""
        return self._known[0] if self._known else None

    def is_current(self) -> bool:
        """Whether the committed manifest is the state this object last read or wrote."""
        return self._known is not None and self.manifest() == self._known[0]

    def load(self) -> Loaded | None:
        """The committed state, every checksum verified; None when anything is missing or damaged."""
        m = self.manifest()
        if m is None:
            return None
        try:
            matrix = self._map(m)
            dead = self._dead(m)
            if dead is None or (len(dead) and (dead.min() < 0 or dead.max() >= m.rows)):
                return None
            if _block_crcs(matrix, dead, range(_nblocks(m.rows))) != m.blocks:
                return None
            tables = []
            for name, rows, crc in m.segments:
                data = (self.folder / name).read_bytes()
                if _crc(data) != crc:
                    return None
                t = pa.ipc.open_file(pa.py_buffer(data)).read_all()
                if t.num_rows != rows:
                    return None
                tables.append(t)
        except (OSError, ValueError, pa.ArrowException):
            return None
        meta = pa.concat_tables(tables).combine_chunks() if tables else pa.table({})
        if meta.num_rows != m.rows:
            return None
        self._known = (m, dead)
        return Loaded(m, matrix, meta, dead)

    def _map(self, m: Manifest) -> np.ndarray:
        size = m.rows * m.dims * 4
        if not size:
            return np.zeros((0, m.dims), dtype=np.float32)
        with open(self.folder / f"e{m.epoch}.f32", "rb") as fh:
            if os.fstat(fh.fileno()).st_size < size:
                raise ValueError("vector file shorter than its manifest")
            mapped = mmap.mmap(fh.fileno(), size, access=mmap.ACCESS_READ)
        return np.frombuffer(mapped, dtype=np.float32).reshape(m.rows, m.dims)

    def _dead(self, m: Manifest) -> np.ndarray | None:
        if not m.dead:
            return np.zeros(0, dtype=np.int64)
        data = (self.folder / f"e{m.epoch}.dead").read_bytes()[: m.dead * 8]
        if len(data) != m.dead * 8 or _crc(data) != m.dead_crc:
            return None
        return np.frombuffer(data, dtype=np.int64)

    # -- writing ----------------------------------------------------------------
    def create(self, matrix: np.ndarray, meta: pa.Table, generation: int, token: str) -> Loaded:
        """Write a new epoch holding ``matrix`` and ``meta`` (no dead rows) and commit it."""
        self.folder.mkdir(parents=True, exist_ok=True)
        old = self.manifest()
        dims = int(matrix.shape[1]) if matrix.ndim == 2 and matrix.shape[1] else (old.dims if old else 0)
        m = Manifest(self.model, dims, (old.epoch + 1) if old else 1, generation=generation, token=token)
        for p in self.folder.glob(f"e{m.epoch}[.-]*"):  # a rewrite a crash cut short
            p.unlink()
        return self.append(matrix, meta, np.zeros(0, np.int64), generation, token, base=m)

    def append(self, vectors: np.ndarray, meta: pa.Table, dead: np.ndarray, generation: int, token: str,
               *, base: Manifest | None = None) -> Loaded:
        """Append ``vectors`` with their ``meta`` rows, tombstone rows ``dead``, and commit as the state of
        store generation ``generation``; returns the new state, mapped (its ``meta``: the rows appended)."""
        m = base or self.manifest()
        if m is None:
            raise ValueError("no committed vector file to append to")
        n = len(vectors)
        if n and vectors.shape[1] != m.dims:
            if m.rows:
                raise ValueError(f"vectors of {vectors.shape[1]} dims in a file of {m.dims}")
            m = replace(m, dims=int(vectors.shape[1]))  # an empty file takes the first rows' width
        segments = list(m.segments)
        if n:
            with open(self.folder / f"e{m.epoch}.f32", "ab+") as fh:
                fh.truncate(m.rows * m.dims * 4)  # what a crash left past the commit
                fh.write(np.ascontiguousarray(vectors, dtype=np.float32).tobytes())
                _sync(fh)
            name = f"e{m.epoch}-{len(segments)}.arrow"
            sink = pa.BufferOutputStream()
            with pa.ipc.new_file(sink, meta.schema) as writer:
                writer.write_table(meta)
            data = sink.getvalue().to_pybytes()
            _write(self.folder / name, data)
            segments.append((name, n, _crc(data)))
        dead_list = self._known[1] if self._known and self._known[0] == m else self._dead(m)
        if dead_list is None:
            raise ValueError("the dead list does not match its manifest")
        if len(dead):
            dead_list = np.concatenate([dead_list, np.asarray(dead, np.int64)])
            with open(self.folder / f"e{m.epoch}.dead", "ab+") as fh:
                fh.truncate(m.dead * 8)
                fh.write(np.asarray(dead, np.int64).tobytes())
                _sync(fh)
        rows = m.rows + n
        matrix = self._map(replace(m, rows=rows))
        # only the blocks touched: the old last one (it grew), the new ones, and those holding a new dead row
        touched = sorted(set(range(m.rows // BLOCK_ROWS, _nblocks(rows))) | {int(d) // BLOCK_ROWS for d in dead})
        blocks = list(m.blocks[:_nblocks(rows)]) + [0] * (_nblocks(rows) - len(m.blocks))
        for b, crc in zip(touched, _block_crcs(matrix, dead_list, touched)):
            blocks[b] = crc
        new = replace(m, rows=rows, blocks=blocks, segments=segments, dead=len(dead_list),
                      dead_crc=zlib.crc32(np.asarray(dead, np.int64).tobytes(), m.dead_crc) & 0xFFFFFFFF,
                      generation=generation, token=token)
        body = asdict(new)
        doc = {"format": FORMAT, "body": body, "crc": _crc(json.dumps(body, sort_keys=True).encode())}
        _write(self.folder / MANIFEST, json.dumps(doc).encode())  # the commit point
        self._zero(new, dead)
        if base is not None:
            self._drop_other_epochs(new.epoch)
        self._known = (new, dead_list)
        return Loaded(new, matrix, meta, dead_list)

    def _zero(self, m: Manifest, dead: np.ndarray) -> None:
        """Overwrite committed dead rows with zeros (a crash part way is harmless: checksums count them as zeros)."""
        if not len(dead):
            return
        zeros = bytes(m.dims * 4)
        with open(self.folder / f"e{m.epoch}.f32", "r+b") as fh:
            for row in np.unique(np.asarray(dead, np.int64)):
                fh.seek(int(row) * m.dims * 4)
                fh.write(zeros)
            _sync(fh)

    def remove(self) -> None:
        """Delete the folder (derived data of a model the store no longer holds)."""
        self._drop_other_epochs(-1)
        for p in (self.folder / MANIFEST, self.folder):
            try:
                p.unlink() if p.is_file() else p.rmdir()
            except OSError:
                pass  # still mapped where that forbids it: the next rebuild tries again

    def _drop_other_epochs(self, epoch: int) -> None:
        for p in self.folder.iterdir():
            if p.name != MANIFEST and not re.match(rf"e{epoch}[.-]", p.name):
                try:
                    p.unlink()
                except OSError:
                    pass  # still mapped on a system that forbids it: the next rewrite tries again


def _nblocks(rows: int) -> int:
    return (rows + BLOCK_ROWS - 1) // BLOCK_ROWS


def _block_crcs(matrix: np.ndarray, dead: np.ndarray, blocks: Iterable[int]) -> list[int]:
    """crc32 of each of ``blocks``, dead rows counted as zeros (on every core: zlib lets go of the GIL)."""
    dead = np.asarray(dead, np.int64)

    def one(b: int) -> int:
        lo, hi = b * BLOCK_ROWS, min((b + 1) * BLOCK_ROWS, len(matrix))
        block = matrix[lo:hi]
        hit = dead[(dead >= lo) & (dead < hi)]
        if len(hit):
            block = block.copy()
            block[hit - lo] = 0
        return _crc(memoryview(np.ascontiguousarray(block)).cast("B"))

    todo = list(blocks)
    if len(todo) < 8:
        return [one(b) for b in todo]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(one, todo))


def _crc(data: bytes | memoryview) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF


def _sync(fh: object) -> None:
    fh.flush()  # type: ignore[attr-defined]
    os.fsync(fh.fileno())  # type: ignore[attr-defined]


def _write(path: Path, data: bytes | memoryview) -> None:
    """Write ``path`` whole or not at all: a temporary file, fsynced, renamed over it, the folder fsynced."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        _sync(fh)
    os.replace(tmp, path)
    if hasattr(os, "O_DIRECTORY"):
        fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
