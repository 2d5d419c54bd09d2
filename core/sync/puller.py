"""``ovillo sync``: pull exactly the records (and vectors) the central server lets this user read.

The server's row-level security decides what is visible; the client never filters. Records are
read in keyset order ``(updated_at, section_tipo, section_id)`` (one COPY stream cut into pages
when every vector is reused, :mod:`core.sync.stream`); each page (or group of consecutive pages)
is written through the one :class:`~core.store.writer.RecordWriter` with the new watermark in
the *same* local transaction, so a ``kill -9`` at any moment loses at most the pages in flight
and the next sync resumes after the last committed one. Then a keys-only listing of everything
permitted is compared with the local central-origin records: keys no longer listed are removed
(tombstoned on the server → ``removed``, otherwise → ``revoked``), and keys whose ``updated_at``
differs are fetched again (a row committed late with an earlier timestamp cannot slip past the
watermark).
Local-origin records are never touched.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import asdict, dataclass
from datetime import date, datetime, timezone
from typing import Any, cast

import duckdb
import numpy as np
import psycopg
import pyarrow as pa

from core.errors import ModelMismatch
from core.models.encoder import TextEncoder
from core.progress import CancelToken, EtaClock, Progress
from core.store.db import Store, now
from core.store.connection import ROW_GROUP_ROWS
from core.store.writer import EmbeddingRow, RecordKey, RecordRow, RecordWriter
from core.sync.bulk import Page, PageReader, fetch_page, payload, permitted_keys
from core.sync.central import known_version
from core.sync.connect import Connection, SyncError
from core.sync.state import STATE_KEY, read_state

_RECORD_COLS = ("section_tipo, section_id, title, lang, classification, project_ids, data, date_start, date_end, "
                "updated_at")
_ORIGIN = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MODELS_REFERENCED = 3  # the central schema version from which every vector names a registered model
# pages are written together until they hold this many records and vectors: the store's row group,
# the size a transaction writes straight into the file instead of the WAL (scripts/bench/sync.py)
GROUP_ROWS = ROW_GROUP_ROWS
GROUP_SECONDS = 10.0  # … or until this long after the group's first page: a slow link still commits often


@dataclass
class SyncSummary:
    """What one sync did (``ovillo sync --json`` prints exactly this)."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    revoked: int = 0
    vectors_reused: int = 0
    vectors_embedded: int = 0
    bytes: int = 0  # payload received: the sizes of the values read
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain dict."""
        return asdict(self)


@dataclass(frozen=True)
class Watermark:
    """The last record committed locally, in keyset order."""

    updated_at: datetime
    section_tipo: str
    section_id: int

    def to_json(self) -> list[object]:
        """``[iso timestamp, section_tipo, section_id]``."""
        return [self.updated_at.isoformat(), self.section_tipo, self.section_id]


def _state_step(state: dict[str, Any]) -> Callable[[duckdb.DuckDBPyConnection], None]:
    def step(cur: duckdb.DuckDBPyConnection) -> None:
        cur.execute("INSERT INTO sync_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE "
                    "SET value = excluded.value, updated_at = excluded.updated_at",
                    [STATE_KEY, json.dumps(state), now()])
    return step


def _utc(ts: datetime) -> datetime:
    return ts.astimezone(timezone.utc)


def _local_ts(ts: datetime) -> datetime:
    """The local store's naive-UTC form of a server timestamp."""
    return _utc(ts).replace(tzinfo=None)


def _vector(sent: bytes) -> np.ndarray:
    """pgvector's binary form (int16 dimension, int16 unused, big-endian float4s) as float32."""
    n = int.from_bytes(sent[:2], "big")
    if len(sent) != 4 + 4 * n:
        return np.zeros(0, np.float32)  # malformed: the caller's dimension check refuses it
    return np.frombuffer(sent, ">f4", count=n, offset=4).astype(np.float32)


def _size(values: Sequence[object]) -> int:
    total = 0
    for v in values:
        if isinstance(v, str):
            total += len(v.encode())
        elif isinstance(v, (dict, list)):
            total += len(json.dumps(v, default=str).encode()) if not (isinstance(v, list) and v and
                                                                       isinstance(v[0], float)) else 4 * len(v)
        elif v is not None:
            total += 8
    return total


class Puller:
    """One sync of one local store from one central connection (as the user it was opened with)."""

    def __init__(self, store: Store, con: Connection, *, server: str, user: str, page: int = 500,
                 encoder: Callable[[str], TextEncoder] | None = None, group_rows: int = GROUP_ROWS,
                 ahead_rows: int | None = None, ramp: bool = True) -> None:
        """``encoder(name)`` loads the local text model, for when the central vectors are of another
        model (None: such a sync is refused with :class:`ModelMismatch`); ``group_rows``: see
        :meth:`_bulk_pages` (0: every page its own transaction); ``ahead_rows``: vectors read ahead
        at most (default: a few groups, so the reader is rarely what the writer waits for); ``ramp``:
        start a long sync with smaller groups (see :meth:`_bulk_pages`)."""
        self.store, self.con, self.server, self.user, self.page = store, con, server, user, page
        self.group_rows, self.ramp = group_rows, ramp
        self.ahead_rows = 8 * group_rows if ahead_rows is None else ahead_rows
        self.writer = RecordWriter(store)
        self.summary = SyncSummary()
        self.local_models: dict[str, tuple[str, int, str | None]] = {}
        self._load_encoder = encoder
        self._encoder: TextEncoder | None = None
        self.reusable: dict[str, str] = {}  # modality → the central model whose vectors are reused

    # -- checks ---------------------------------------------------------------
    def check_server(self) -> None:
        """Refuse a central schema newer than this program, and vectors of another model."""
        row = self.con.execute("SELECT coalesce(max(version), 0) FROM central_schema_version").fetchone()
        version = int(cast(int, row[0])) if row else 0
        if version > known_version():
            raise SyncError(f"the central schema is version {version}, newer than this Ovillo knows "
                            f"({known_version()})", hint="Update Ovillo, then sync again; nothing was changed.")
        central = {str(n): (str(m), int(cast(int, d)), str(s)) for n, m, d, s in
                   self.con.execute("SELECT name, modality, dimension, sha256 FROM models").fetchall()}
        used: dict[str, list[str]] = {}
        # which models the readable vectors use, without reading every vector. First the vectors
        # of the first 100 readable records (10.5 ms for 1,000 under a restricted user's row
        # check on the AVX2 EPYC, 1.3 ms for 100: a tenth of a no-op sync); only a model not found
        # there gets one readable row searched among its vectors, and (before schema 3, which
        # refuses them) unregistered names are scanned for, their row-level check run only on rows
        # of such names. A small work_mem keeps that check a probe per row rather than a hash of
        # every readable record built first (0.1 s at 100k on each sync, even one with nothing to
        # fetch)
        self.con.commit()
        self.con.execute("SET LOCAL work_mem = '64kB'")
        rows = self.con.execute(
            "SELECT DISTINCT e.model, e.modality FROM (SELECT section_tipo, section_id FROM records LIMIT 100) r "
            "JOIN rag_embeddings e ON e.section_tipo = r.section_tipo AND e.section_id = r.section_id").fetchall()
        missing = [n for n in central if n not in {str(r[0]) for r in rows}]
        unregistered = "" if version >= _MODELS_REFERENCED else (
            " UNION SELECT DISTINCT model, modality FROM rag_embeddings WHERE model <> ALL(%s::text[])")
        if missing or unregistered:
            rows += self.con.execute(
                "SELECT m.name, x.modality FROM models m CROSS JOIN LATERAL (SELECT e.modality FROM rag_embeddings e "
                f"WHERE e.model = m.name LIMIT 1) x WHERE m.name = ANY(%s::text[]){unregistered}",
                ([missing, [*central]] if unregistered else [missing])).fetchall()
        rows = sorted({(str(n), str(m)) for n, m in rows})
        self.con.commit()
        for n, m in rows:
            if str(n) not in central:
                raise SyncError(f"the central {m} vectors name a model ({n}) the server does not register")
            used.setdefault(str(m), []).append(str(n))
        for modality, names in used.items():
            local = self.store.cursor().execute(
                "SELECT name, dimension, sha256 FROM models WHERE modality = ? AND state = 'active'",
                [modality]).fetchone()
            if local is None:
                # a fresh laptop: adopt the archive's model, so its vectors are reused as they are
                _, dim, sha = central[names[0]]
                with self.store.transaction() as cur:
                    cur.execute("INSERT INTO models (name, modality, dimension, sha256, state, created_at, "
                                "activated_at) VALUES (?, ?, ?, ?, 'active', ?, ?)",
                                [names[0], modality, dim, sha, now(), now()])
                local = (names[0], dim, sha)
            lname, ldim, lsha = str(local[0]), int(local[1]), local[2]
            self.local_models[modality] = (lname, ldim, lsha)
            # the same model: same name, and the same files when this archive recorded their sha256
            if lname in names and (lsha is None or lsha == central[lname][2]):
                self.reusable[modality] = lname
                continue
            if modality == "text" and self._load_encoder is not None:
                self._encoder = self._load_encoder(lname)  # the central vectors are of no use here
                continue
            other = names[0]
            raise ModelMismatch(
                f"the central {modality} vectors are from {other} (sha256 {central[other][2][:12]}…) but this "
                f"archive is pinned to {lname}" + (f" (sha256 {str(lsha)[:12]}…)" if lsha else ""),
                hint=("Embedding synced images locally is not built yet; " if modality != "text" else
                      "Install the local model's files to embed the records here, or ") +
                     f"switch the local index with `ovillo reindex --model {other}"
                     f"{'' if modality == 'text' else ' --modality ' + modality}`. Nothing was changed.")

    # -- the run --------------------------------------------------------------
    def run(self, cancel: CancelToken | None = None) -> Generator[Progress, None, SyncSummary]:
        """Pages, then the keys comparison; yields progress, returns the summary."""
        try:
            return (yield from self._run(cancel))
        except psycopg.OperationalError as exc:
            # the server went away mid-sync: every committed page (and its watermark) is kept
            raise SyncError(f"the connection to the central server was lost mid-sync "
                            f"({str(exc).strip().splitlines()[-1] if str(exc).strip() else 'no answer'})",
                            hint="What arrived is kept; run the same sync again to resume.") from exc

    def _run(self, cancel: CancelToken | None) -> Generator[Progress, None, SyncSummary]:
        started = time.monotonic()
        self.check_server()
        state = read_state(self.store)
        if not state or state.get("server") != self.server or state.get("user") != self.user:
            # another server or user: start from the beginning (the keys comparison removes the rest)
            state = {"server": self.server, "user": self.user, "last_sync": None, "watermark": None}
        mark = Watermark(datetime.fromisoformat(state["watermark"][0]), str(state["watermark"][1]),
                         int(state["watermark"][2])) if state.get("watermark") else Watermark(_ORIGIN, "", -1)
        total_row = self.con.execute("SELECT count(*) FROM records WHERE (updated_at, section_tipo, section_id) > "
                                     "(%s, %s, %s)", (mark.updated_at, mark.section_tipo, mark.section_id)).fetchone()
        total = int(cast(int, total_row[0])) if total_row else 0
        restore = self._defer_checkpoints()
        try:
            listed = yield from self._pages(mark, state, total, cancel)
            yield Progress("check", 0, None, "keys", message="comparing permitted keys")
            self._compare(state, listed)
            state["last_sync"] = datetime.now(timezone.utc).isoformat()
            self.writer.write(also=[_state_step(state)])
        finally:
            restore()  # the one checkpoint
        self.summary.seconds = round(time.monotonic() - started, 3)
        return self.summary

    def _pages(self, mark: Watermark, state: dict[str, Any], total: int,
               cancel: CancelToken | None) -> Generator[Progress, None, pa.Table | None]:
        """Every record after the watermark, page by page, each page committed with its watermark;
        returns the permitted keys when they were listed on the way (see :meth:`_bulk_pages`)."""
        if self._encoder is None:
            return (yield from self._bulk_pages(mark, state, total, cancel))
        clock, done = EtaClock(), 0
        while True:
            if cancel:
                cancel.check()
            rows = self.con.execute(
                f"SELECT {_RECORD_COLS} FROM records WHERE (updated_at, section_tipo, section_id) > (%s, %s, %s) "
                "ORDER BY updated_at, section_tipo, section_id LIMIT %s",
                (mark.updated_at, mark.section_tipo, mark.section_id, self.page)).fetchall()
            self.con.commit()  # end the read transaction: no snapshot held across pages
            if not rows:
                break
            last = rows[-1]
            mark = Watermark(_utc(cast(datetime, last[9])), str(last[0]), int(cast(int, last[1])))
            state["watermark"] = mark.to_json()
            self._write(rows, state)
            done += len(rows)
            yield Progress("sync", done, max(total, done), "records", eta_s=clock.eta(done, max(total, done)))
        return None

    def _bulk_pages(self, mark: Watermark, state: dict[str, Any], total: int,
                    cancel: CancelToken | None) -> Generator[Progress, None, pa.Table | None]:
        """:meth:`_pages` when every vector is reused: pages in columns, read ahead by one thread
        while the caller writes; consecutive pages are written together, with the last one's
        watermark, once they hold :attr:`group_rows` records and as many vectors (or four times
        that of either: a collection of few vectors or of many per record), or :data:`GROUP_SECONDS`
        have passed.

        DuckDB writes a transaction's inserts of a whole row group straight into the file; smaller
        ones go through the WAL and are written again by the next checkpoint, which made up most
        of a first sync (scripts/bench/sync.py). A kill loses at most the group in flight, and the
        next sync resumes after the last one committed; a cancel or a lost connection first writes
        the pages already read.
        """
        clock, done = EtaClock(), 0
        staged: list[Page] = []
        since = 0.0
        size = [0, 0]  # records, vectors staged
        groups = [0]
        # a long sync starts writing early: its first two groups are a quarter and half of one
        # (through the WAL, written again at the end), so the writer does not wait for a whole
        # group to be read (100k records: 10.7 → 10.1 s); a short one writes once
        long_sync = self.ramp and total >= 4 * self.group_rows

        def flush() -> None:
            if not staged:
                return
            try:
                self._write_group(staged, state)
            except (duckdb.Error, OSError):
                if len(staged) == 1:
                    raise
                # the group did not fit (a full disk): page by page, so whatever fits is kept
                for one in staged:
                    self._write_group([one], state)
            staged.clear()
            size[:] = [0, 0]

        reader = PageReader(self.con, self.page, (mark.updated_at, mark.section_tipo, mark.section_id),
                            self._reused(), ahead_rows=self.ahead_rows)
        try:
            while True:
                if cancel is not None and cancel.cancelled:
                    flush()
                    cancel.check()
                try:
                    page = reader.next()
                except BaseException:
                    flush()  # what arrived is kept
                    raise
                if page.last is None:
                    break
                if not staged:
                    since = time.monotonic()
                staged.append(page)
                done += page.records.num_rows
                size[0] += page.records.num_rows
                size[1] += page.chunks.num_rows
                g = self.group_rows >> (max(0, 2 - groups[0]) if long_sync else 0)
                if (min(size) >= g or max(size) >= 4 * g or time.monotonic() - since >= GROUP_SECONDS):
                    groups[0] += 1
                    flush()
                yield Progress("sync", done, max(total, done), "records", eta_s=clock.eta(done, max(total, done)))
            flush()
        finally:
            reader.close()
        return reader.keys

    def _write_group(self, pages: Sequence[Page], state: dict[str, Any]) -> None:
        group = Page.joined(pages)
        assert group.last is not None
        state["watermark"] = Watermark(*group.last).to_json()
        self._write_page(group, state)

    def _defer_checkpoints(self) -> Callable[[], None]:
        """Let the local WAL grow for the rest of the sync; returns the undo, which checkpoints.

        DuckDB checkpoints whenever the WAL passes ``checkpoint_threshold`` (16 MiB), and each
        checkpoint cost more as the tables grew: most of a first sync's time went there
        (scripts/bench/sync.py). One checkpoint at the end writes the same pages once. A crash
        mid-sync replays the WAL at the next open, so every committed page is still kept.

        That checkpoint runs without DuckDB's vacuum: each group's commit ends its tables with a
        partly filled row group, and the vacuum rewrote the runs of them into fewer full ones,
        which took 2 s of a 100k sync's close (a few partial row groups cost nothing measurable
        to search). Later checkpoints vacuum as usual; they leave these row groups alone.

        DuckDB runs on one thread until then. A second thread made a 10k group's write cost 1.8
        CPU-s instead of 1.05 (its vector insert 1.37 against 0.33) and took a core from the
        reader and the server: alternating the two, a 10k first sync took 2.39-2.88 s with two
        threads and 2.16-2.60 s with one, 100k 17.9-22.8 s and 16.8-17.0 s (docs/benchmarks.md,
        sync section). A search in the window meanwhile runs on one thread too, for the sync's
        length only.
        """
        cur = self.store.cursor()
        before = {name: str(row[0]).replace("'", "''")
                  for name in ("checkpoint_threshold", "max_vacuum_tasks", "threads")
                  if (row := cur.execute(f"SELECT current_setting('{name}')").fetchone())}
        cur.execute("SET checkpoint_threshold = '1TiB'")
        cur.execute("SET max_vacuum_tasks = 0")
        cur.execute("SET threads = 1")

        def restore() -> None:
            try:
                cur.execute("CHECKPOINT")
            except duckdb.Error:
                pass  # another transaction is open (a search in the window) or the disk is full: the WAL
                # holds every commit, and a later checkpoint writes it
            finally:
                for name, value in before.items():
                    cur.execute(f"SET {name} = '{value}'")
        return restore

    def _reused(self) -> dict[str, tuple[str, int]]:
        """Modality → (the central model whose vectors are kept as sent, its dimension)."""
        return {m: (name, self.local_models[m][1]) for m, name in self.reusable.items()}

    def _write_page(self, page: Page, state: dict[str, Any]) -> None:
        """Write a page read in columns (every vector reused) with the state, in one local transaction."""
        recs, chunks = page.records, page.chunks
        keys = list(zip(recs["section_tipo"].to_pylist(), recs["section_id"].to_pylist(), strict=True))
        local = self._local_origins(keys)
        mine = {k for k, o in local.items() if o == "local"}
        nbytes = page.nbytes
        if mine:  # a local record with the same key is the user's own: never replaced
            recs = recs.filter(pa.array([k not in mine for k in keys]))
            chunks = chunks.filter(pa.array([k not in mine for k in zip(
                chunks["section_tipo"].to_pylist(), chunks["section_id"].to_pylist(), strict=True)], pa.bool_()))
            nbytes = payload(recs.drop_columns(["origin"])) + payload(chunks)
        self.writer.write_tables(recs, chunks, also=[_state_step(state)])
        # counted once committed: a group that failed is written again page by page
        self.summary.bytes += nbytes
        self.summary.updated += len(local) - len(mine)
        self.summary.added += recs.num_rows - (len(local) - len(mine))
        self.summary.vectors_reused += chunks.num_rows

    def _write(self, rows: Sequence[tuple[object, ...]], state: dict[str, Any]) -> None:
        """Upsert central rows with their vectors, and the state, in one local transaction."""
        keys = [(str(r[0]), int(cast(int, r[1]))) for r in rows]
        local = self._local_origins(keys)
        recs = []
        for r in rows:
            key = (str(r[0]), int(cast(int, r[1])))
            if local.get(key) == "local":
                continue  # a local record with the same key is the user's own: never replaced
            self.summary.bytes += _size(r)
            recs.append(RecordRow(
                section_tipo=key[0], section_id=key[1], title=str(r[2]), lang=cast(str | None, r[3]),
                classification=str(r[4]), project_ids=[int(p) for p in cast(list[int], r[5] or [])],
                data=cast(dict[str, Any], r[6] or {}), date_start=cast(date | None, r[7]),
                date_end=cast(date | None, r[8]), origin="central", updated_at=_local_ts(cast(datetime, r[9]))))
            if key in local:
                self.summary.updated += 1
            else:
                self.summary.added += 1
        by_key = {rec.key: rec for rec in recs}
        for key, emb in self._embeddings(list(by_key)):
            by_key[key].embeddings.append(emb)
        self.writer.write(recs, also=[_state_step(state)])

    def _local_origins(self, keys: Sequence[RecordKey]) -> dict[RecordKey, str]:
        if not keys:
            return {}
        # the keys as a registered table, not two list parameters (an incremental sync's 1,000
        # keys at 100k: 0.18 s that way, 0.02 s this way)
        cur = self.store.cursor()
        cur.register("ovillo_page_keys", pa.table({"st": pa.array([k[0] for k in keys], pa.string()),
                                                   "sid": pa.array([k[1] for k in keys], pa.int64())}))
        try:
            rows = cur.execute("SELECT r.section_tipo, r.section_id, r.origin FROM records r "
                               "JOIN ovillo_page_keys k ON r.section_tipo = k.st AND r.section_id = k.sid").fetchall()
        finally:
            cur.unregister("ovillo_page_keys")
        return {(str(st), int(sid)): str(o) for st, sid, o in rows}

    def _embeddings(self, keys: Sequence[RecordKey]) -> list[tuple[RecordKey, EmbeddingRow]]:
        if not keys:
            return []
        # vectors in pgvector's binary form (vector_send), one numpy view each: as real[] text every
        # float became a Python object, a quarter of a first sync's time (scripts/bench/sync.py)
        with self.con.cursor(binary=True) as cur:
            rows = cur.execute(
                "SELECT e.section_tipo, e.section_id, component_tipo, lang, chunk_index, modality, model, dimension, "
                "source_text, source_hash, chunk_meta, vector_send(embedding) FROM rag_embeddings e "
                "JOIN unnest(%s::text[], %s::bigint[]) AS k(st, sid) ON e.section_tipo = k.st AND e.section_id = k.sid",
                ([k[0] for k in keys], [k[1] for k in keys])).fetchall()
        self.con.commit()
        out: list[tuple[RecordKey, EmbeddingRow]] = []
        ours = {(str(r[0]), int(cast(int, r[1])), str(r[5])) for r in rows
                if str(r[6]) == self.reusable.get(str(r[5]))}
        foreign: dict[tuple[RecordKey, str, int], tuple[object, ...]] = {}
        for r in rows:
            modality, model, dim = str(r[5]), str(r[6]), int(cast(int, r[7]))
            pinned = self.local_models.get(modality)
            if pinned is None or self.reusable.get(modality) != model:
                key = (str(r[0]), int(cast(int, r[1])))
                if self._encoder is not None and modality == "text" and (*key, modality) not in ours:
                    # one chunk once, whichever central model it came in (the smallest name wins)
                    slot = (key, str(r[2]), int(cast(int, r[4])))
                    if slot not in foreign or model < str(foreign[slot][6]):
                        foreign[slot] = r
                continue  # else: a model being built beside the active one on the server, not ours to mix in
            vec = _vector(cast(bytes, r[11]))
            if vec.shape != (dim,) or dim != pinned[1]:
                raise SyncError(f"a central vector of {r[0]}-{r[1]} has {vec.shape[0]} dimensions, "
                                f"{model} has {pinned[1]}", hint="The central archive needs repair; "
                                "everything committed before this record is kept.")
            self.summary.bytes += _size(r[:11]) + 4 * dim
            out.append(((str(r[0]), int(cast(int, r[1]))), EmbeddingRow(
                component_tipo=str(r[2]), chunk_index=int(cast(int, r[4])), model=model, embedding=vec,
                source_text=str(r[8]), source_hash=str(r[9]), lang=cast(str | None, r[3]), modality=modality,
                chunk_meta=cast(dict[str, Any], r[10] or {}))))
        self.summary.vectors_reused += len(out)
        return out + self._embed_locally(list(foreign.values()))

    def _embed_locally(self, rows: list[tuple[object, ...]]) -> list[tuple[RecordKey, EmbeddingRow]]:
        """Embed central chunks with the local text model (their source text: the passage as cited)."""
        if not rows or self._encoder is None:
            return []
        name, dim, _ = self.local_models["text"]
        vecs = self._encoder.embed_batch([str(r[8]) for r in rows], kind="passage")
        self.summary.vectors_embedded += len(rows)
        for r in rows:
            self.summary.bytes += _size(r[:11])
        return [((str(r[0]), int(cast(int, r[1]))), EmbeddingRow(
            component_tipo=str(r[2]), chunk_index=int(cast(int, r[4])), model=name,
            embedding=np.asarray(v, np.float32), source_text=str(r[8]), source_hash=str(r[9]),
            lang=cast(str | None, r[3]), modality="text", chunk_meta=cast(dict[str, Any], r[10] or {})))
            for r, v in zip(rows, vecs, strict=True)]

    def _compare(self, state: dict[str, Any], listed: pa.Table | None = None) -> None:
        """Remove what is no longer permitted; fetch again what changed behind the watermark.

        Both sets are compared in the local store by two joins over the keys listing (no Python
        object per key): a sync with nothing to fetch pays the listing and little else. ``listed``:
        that listing when the page reader took it after the last page, while the last group was
        being written (a listing taken after the pages' statement is as good as one taken now: a
        record changed since is fetched again below, or by the next sync).
        """
        cur = self.store.cursor()
        cur.register("ovillo_central_keys", permitted_keys(self.con) if listed is None else listed)
        try:
            gone = [(str(st), int(sid)) for st, sid in cur.execute(
                "SELECT section_tipo, section_id FROM records r WHERE origin = 'central' AND deleted_at IS NULL "
                "AND NOT EXISTS (SELECT 1 FROM ovillo_central_keys c WHERE c.st = r.section_tipo "
                "AND c.sid = r.section_id)").fetchall()]
            stale = [(str(st), int(sid)) for st, sid in cur.execute(
                "SELECT c.st, c.sid FROM ovillo_central_keys c LEFT JOIN records r ON r.section_tipo = c.st "
                "AND r.section_id = c.sid AND r.origin = 'central' AND r.deleted_at IS NULL "
                "WHERE r.updated_at IS DISTINCT FROM c.ts").fetchall()]
        finally:
            cur.unregister("ovillo_central_keys")
        if gone:
            dead = {(str(st), int(cast(int, sid))) for st, sid in self.con.execute(
                "SELECT section_tipo, section_id FROM ovillo_tombstoned(%s::text[], %s::bigint[])",
                ([k[0] for k in gone], [k[1] for k in gone])).fetchall()}
            self.con.commit()
            self.writer.write(remove=gone, also=[_state_step(state)])
            self.summary.removed += len(dead)
            self.summary.revoked += len(gone) - len(dead)
        for i in range(0, len(stale), self.page):
            chunk = stale[i:i + self.page]
            if self._encoder is None:
                page = fetch_page(self.con, chunk, self._reused())
                if page.records.num_rows:
                    self._write_page(page, state)
                continue
            rows = self.con.execute(
                f"SELECT {_RECORD_COLS} FROM records r JOIN unnest(%s::text[], %s::bigint[]) AS k(st, sid) "
                "ON r.section_tipo = k.st AND r.section_id = k.sid",
                ([k[0] for k in chunk], [k[1] for k in chunk])).fetchall()
            self.con.commit()
            if rows:
                self._write(rows, state)
