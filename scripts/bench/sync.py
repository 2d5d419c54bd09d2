"""Sync from a local central server: full first sync vs raw COPY, incremental sync, revocation check, memory.

For each size N (records the user may read; default 10k and 100k):

* a central server is made in a temporary folder by the product's own code
  (``core.sync.server.init`` = ``ovillo central init``: PostgreSQL 18 + pgvector, TCP on 127.0.0.1,
  scram passwords, the schema of ``resources/central`` with row-level security);
* it is filled by the administrator with bulk ``COPY`` (not measured): ``N / 0.6`` records of
  1–2 KB of recombined demo sentences (in ``data.text``), cut at sentence boundaries into chunks of
  ≤ 1000 characters (1–2 per record), each with a 384-dimension vector (the demo text model's
  dimension; values from a pool of 4096 random unit vectors — the sync never looks at them) of model
  ``multilingual-e5-small``. Classifications cycle public/public/restricted/restricted/secret and
  projects [1]/[2]/[3]/[1,3], so a user of clearance *restricted* limited to projects 1 and 2 reads
  exactly 60 %: RLS filters 40 % on every query;
* **raw floor**: that user's ``COPY (SELECT … FROM records) TO STDOUT`` and
  ``COPY (SELECT … FROM rag_embeddings) TO STDOUT`` through psycopg (RLS applies), bytes read and
  dropped; text format (what the issue names), and binary format beside it;
* **full first sync**: ``core.sync.puller.Puller`` into a fresh local home, in a child process (its
  peak RSS is ``ru_maxrss`` of that process), timed from the first query to the local store closed;
* **incremental**: 1 % of the permitted records updated on the server (a new title; the trigger moves
  ``updated_at``), then a sync of the same home; repeated with a different 1 % each time;
* **keyword index**: after each sync above, the update of the local keyword (FTS) index that the
  product's sync runs as its last step when records changed (rebuilt after a first sync, changed
  passages applied in place after an incremental one), timed apart from the sync;
* **revocation check**: a sync when nothing changed (one empty page query, then the keys-only listing
  of every permitted key compared with the local keys: the cost every sync pays), and a sync after the
  user lost project 2 (a third of the local records revoked and removed).

    .venv/bin/python scripts/bench/sync.py [--sizes 10000,100000] [--runs 3] [--large-runs 1]
    .venv/bin/python scripts/bench/sync.py --rebuild        # re-render from docs/bench-raw/sync-SIZE.json
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402
from sync_section import render  # noqa: E402

import numpy as np  # noqa: E402

DIM = 384
MODEL = "multilingual-e5-small"
USER = "bench_reader"
CLASSES = ("public", "public", "restricted", "restricted", "secret")
PROJECTS = ([1], [2], [3], [1, 3])
SHARE = 0.6  # what USER (restricted, projects 1 and 2) may read of the cycles above
CHUNK_CHARS = 1000
LARGE = 50_000  # sizes from here on run the full sync --large-runs times
REC_COLS = ("section_tipo, section_id, title, lang, classification, project_ids, data, date_start, date_end, "
            "updated_at")
EMB_COLS = ("section_tipo, section_id, component_tipo, lang, chunk_index, modality, model, dimension, "
            "source_text, source_hash, chunk_meta, embedding")


def permitted(i: int) -> bool:
    """Whether USER may read record ``i`` (the RLS rule applied to the cycles)."""
    return CLASSES[i % 5] != "secret" and bool({1, 2} & set(PROJECTS[(i // 5) % 4]))


# -- the central server ---------------------------------------------------------------------------
def fill(dsn: str, total: int, seed: int = 11) -> dict[str, Any]:
    """Bulk-load ``total`` records and their chunks + vectors as the administrator (COPY)."""
    import psycopg

    from core.ids import chunk_id

    rng = random.Random(seed)
    sents = C.demo_sentences()
    vrng = np.random.default_rng(seed)
    pool = vrng.standard_normal((4096, DIM)).astype(np.float32)
    pool /= np.linalg.norm(pool, axis=1, keepdims=True)
    vecs = ["[" + ",".join(f"{x:.7g}" for x in v) + "]" for v in pool]
    langs = ("es", "ca", "en")
    t0 = time.perf_counter()
    chunks = 0
    text_bytes = 0
    with psycopg.connect(dsn) as con:
        con.execute("INSERT INTO models (name, modality, dimension, sha256) VALUES (%s, 'text', %s, %s)",
                    (MODEL, DIM, "5e" * 32))
        with con.cursor() as cur:
            recs = cur.copy("COPY records (section_tipo, section_id, title, lang, classification, project_ids, data, "
                            "date_start, date_end) FROM STDIN")
            embs_rows: list[tuple[object, ...]] = []
            with recs as cp:
                for i in range(total):
                    target = rng.randint(1000, 2000)
                    parts: list[str] = []
                    size = 0
                    while size < target:
                        s = rng.choice(sents)
                        parts.append(s)
                        size += len(s) + 1
                    text = " ".join(parts)
                    text_bytes += len(text.encode())
                    lang = langs[i % 3]
                    start = dt.date(1900, 1, 1) + dt.timedelta(days=rng.randint(0, 36000))
                    data = json.dumps({"text": text, "source_path": f"/archive/bench/{i // 100}/{i}.txt",
                                       "collection": "bench"}, ensure_ascii=False)
                    cp.write_row(("bench", i, parts[0][:80], lang, CLASSES[i % 5], PROJECTS[(i // 5) % 4], data,
                                  start, start + dt.timedelta(days=rng.randint(0, 400))))
                    chunk, k = "", 0
                    for sent in [*parts, None]:
                        if sent is None or (chunk and len(chunk) + len(sent) + 1 > CHUNK_CHARS):
                            embs_rows.append((chunk_id("bench", i, "rag:body", lang, k, MODEL), "bench", i,
                                              "rag:body", lang, k, "text", MODEL, DIM, chunk, f"{i:x}.{k}",
                                              json.dumps({"page": 1 + k}), vecs[(i * 3 + k) % len(vecs)]))
                            chunk, k = "", k + 1
                        if sent is not None:
                            chunk = f"{chunk} {sent}" if chunk else sent
            with cur.copy("COPY rag_embeddings (id, section_tipo, section_id, component_tipo, lang, chunk_index, "
                          "modality, model, dimension, source_text, source_hash, chunk_meta, embedding) "
                          "FROM STDIN") as cp:
                for row in embs_rows:
                    cp.write_row(row)
            chunks = len(embs_rows)
        con.commit()
        con.autocommit = True
        con.execute("VACUUM ANALYZE records")
        con.execute("VACUUM ANALYZE rag_embeddings")
    return {"central_records": total, "central_chunks": chunks, "fill_s": round(time.perf_counter() - t0, 1),
            "mean_text_bytes": round(text_bytes / max(total, 1))}


def raw_copy(address: str, password: str, binary: bool) -> dict[str, float]:
    """The floor: COPY the permitted records and vectors as USER, reading and dropping the bytes."""
    from core.sync.connect import connect

    fmt = " (FORMAT BINARY)" if binary else ""
    with connect(address, USER, password) as con:
        nbytes, t0 = 0, time.perf_counter()
        with con.cursor() as cur:
            for sql in (f"COPY (SELECT {REC_COLS} FROM records) TO STDOUT{fmt}",
                        f"COPY (SELECT {EMB_COLS} FROM rag_embeddings) TO STDOUT{fmt}"):
                with cur.copy(sql) as cp:
                    for data in cp:
                        nbytes += len(data)
        con.commit()
        return {"s": time.perf_counter() - t0, "bytes": nbytes}


def sync_child(home: Path, address: str, pwfile: Path, page: int) -> dict[str, Any]:
    """One ``Puller`` run in a fresh interpreter (its peak RSS is the sync's); the child's JSON."""
    cmd = [sys.executable, __file__, "--child", str(home), address, str(pwfile), str(page)]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=C.REPO)
    if p.returncode != 0:
        raise RuntimeError(f"sync child failed:\n{p.stderr[-4000:]}")
    return dict(json.loads(p.stdout.strip().splitlines()[-1]))


def child_main(home: str, address: str, pwfile: str, page: int) -> None:
    """The child: open the store and the connection, run the puller, report times and memory."""
    import pyarrow as pa

    from cli.sync import read_password_file
    from core.paths import Paths
    from core.store.db import Store
    from core.sync.connect import connect
    from core.sync.puller import Puller

    paths = Paths.from_home(home)
    paths.ensure()
    password = read_password_file(pwfile)
    store = Store(paths.store)
    con = connect(address, USER, password)
    # DuckDB imports pandas at its first parameterised query (~0.3 s) and pyarrow.dataset at the first
    # Arrow table registered (~0.02 s): imports, excluded like the others
    store.cursor().execute("SELECT ?", [1]).fetchall()
    warm = store.cursor()
    warm.register("ovillo_warm", pa.table({"x": [1]}))
    warm.unregister("ovillo_warm")
    rss_before = C.current_rss_mb()
    t0 = time.perf_counter()
    t_check: float | None = None

    def seen(p: Any) -> None:
        nonlocal t_check
        if p.stage == "check" and t_check is None:
            t_check = time.perf_counter()

    summary = C.drive(Puller(store, con, server=address, user=USER, page=page).run(), seen)
    t_run = time.perf_counter()
    con.close()
    store.close()
    t_end = time.perf_counter()
    peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    store_mb = paths.store.stat().st_size / 2**20
    # the product's sync (core.sync.service.run_sync) then brings the keyword index up to date when
    # records changed, as an import does: timed apart, with the checkpoint of what it wrote (a local
    # derived index, not part of the transfer the raw COPY is the floor of); None when the index was
    # still current. The peak RSS and the store's size above are the sync's, before it
    from core.retrieval.lexical import lexical_is_stale, update_lexical_index

    keywords_s: float | None = None
    keywords = "current"
    again = Store(paths.store)
    try:
        if lexical_is_stale(again):
            t_kw = time.perf_counter()
            keywords = update_lexical_index(again)
            again.close()
            keywords_s = time.perf_counter() - t_kw
    finally:
        again.close()
    print(json.dumps({
        "s": t_end - t0, "run_s": t_run - t0, "pages_s": (t_check or t_run) - t0, "check_s": t_run - (t_check or t_run),
        "close_s": t_end - t_run, "keywords_s": keywords_s, "keywords": keywords, "summary": summary.to_json(),
        "rss_before_mb": round(rss_before, 1), "peak_rss_mb": round(peak_rss, 1), "store_mb": round(store_mb, 1),
        "keywords_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0, 1),
        "store_with_keywords_mb": round(paths.store.stat().st_size / 2**20, 1)}))


def update_some(dsn: str, ids: Sequence[int]) -> None:
    """Change ``ids``' titles as the administrator (the trigger moves their updated_at)."""
    import psycopg

    with psycopg.connect(dsn) as con:
        con.execute("UPDATE records r SET title = r.title || ' (rev.)' FROM unnest(%s::bigint[]) AS k(sid) "
                    "WHERE r.section_tipo = 'bench' AND r.section_id = k.sid", (list(ids),))
        con.commit()


# -- one size -------------------------------------------------------------------------------------
def run_size(n: int, runs: int, incr_runs: int, page: int) -> dict[str, Any]:
    """Everything measured at ``n`` permitted records (server made and removed here)."""
    from core.sync import server
    from core.sync.central import add_user_at

    total = -(-int(round(n / SHARE)) // 20) * 20  # whole cycles: exactly 60 % permitted
    res: dict[str, Any] = {"size": n, "page": page, "runs": runs}
    with tempfile.TemporaryDirectory(prefix="ovillo-bench-sync-") as tmp:
        root = Path(tmp) / "central"
        print(f"[sync] {n:,}: central init + fill {total:,} records …", file=sys.stderr, flush=True)
        dsn = server.init(root)
        try:
            port = server.Cluster(root).port
            address = f"postgresql://127.0.0.1:{port}/ovillo"
            res.update(fill(dsn, total))
            password = "bench-" + os.urandom(8).hex()
            pwfile = Path(tmp) / "pw"
            pwfile.write_text(password + "\n")
            pwfile.chmod(0o600)
            add_user_at(dsn, USER, "restricted", [1, 2], password)
            allowed = [i for i in range(total) if permitted(i)]
            res["permitted_records"] = len(allowed)

            raw_copy(address, password, binary=False)  # warm-up: the server's caches, not measured
            raws, raws_bin, fulls = [], [], []
            for r in range(max(runs, 3)):
                raws.append(raw_copy(address, password, binary=False))
                raws_bin.append(raw_copy(address, password, binary=True))
                if r < runs:
                    home = Path(tmp) / f"home-{r}"
                    print(f"[sync] {n:,}: full sync {r + 1}/{runs} …", file=sys.stderr, flush=True)
                    fulls.append(sync_child(home, address, pwfile, page))
            res["raw_copy_text"] = raws
            res["raw_copy_binary"] = raws_bin
            res["full"] = fulls
            home = Path(tmp) / f"home-{runs - 1}"
            rng = random.Random(5)
            rng.shuffle(allowed)
            step = max(1, len(allowed) // 100)
            incs = []
            print(f"[sync] {n:,}: incremental, no-op and revocation syncs …", file=sys.stderr, flush=True)
            for r in range(incr_runs):
                update_some(dsn, allowed[r * step:(r + 1) * step])
                incs.append(sync_child(home, address, pwfile, page))
            res["incremental"] = incs
            res["incremental_changed"] = step
            res["noop"] = [sync_child(home, address, pwfile, page) for _ in range(incr_runs)]
            add_user_at(dsn, USER, "restricted", [1], password)  # project 2 revoked
            res["revoke"] = sync_child(home, address, pwfile, page)
        finally:
            server.stop(root)
    return res


def main() -> None:
    """Entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10000,100000", help="records the user may read, comma-separated")
    ap.add_argument("--runs", type=int, default=3, help="full syncs per size below 50k")
    ap.add_argument("--large-runs", type=int, default=3, help="full syncs per size from 50k on")
    ap.add_argument("--incr-runs", type=int, default=3, help="incremental and no-op syncs per size")
    ap.add_argument("--page", type=int, default=500, help="records per page (the `ovillo sync` default)")
    ap.add_argument("--save-as", default="sync", help=argparse.SUPPRESS)  # sync-before: the pre-fix numbers
    ap.add_argument("--rebuild", action="store_true", help="measure nothing: re-render from docs/bench-raw/")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        child_main(a.child[0], a.child[1], a.child[2], int(a.child[3]))
        return
    sizes = [int(x) for x in a.sizes.split(",") if x]
    stamp = C.stamp()
    results: list[dict[str, Any]] = []
    failed: list[int] = []
    for n in sizes:
        if a.rebuild:
            got = C.load_raw(f"sync-{n}.json")
            if isinstance(got, dict):
                results.append(got)
            else:
                failed.append(n)
            continue
        try:
            res = run_size(n, a.large_runs if n >= LARGE else a.runs, a.incr_runs, a.page)
        except Exception as exc:  # one size failing still renders the others
            print(f"[sync] {n:,} failed: {exc!r}", file=sys.stderr)
            failed.append(n)
            continue
        res["stamp"] = stamp
        C.save_raw(f"{a.save_as}-{n}.json", res)
        results.append(res)
    if a.save_as != "sync":
        return
    before = {}
    for n in sizes:
        b = C.load_raw(f"sync-before-{n}.json")
        if isinstance(b, dict):
            before[n] = b
    prebulk, colpath, grouped, twothreads = {}, {}, {}, {}
    for n in sizes:
        b = C.load_raw(f"sync-twothreads-{n}.json")
        if isinstance(b, dict):
            twothreads[n] = b
        b = C.load_raw(f"sync-grouped-{n}.json")
        if isinstance(b, dict):
            grouped[n] = b
        b = C.load_raw(f"sync-prebulk-{n}.json")
        if isinstance(b, dict):
            prebulk[n] = b
        b = C.load_raw(f"sync-colpath-{n}.json")
        if isinstance(b, dict):
            colpath[n] = b
    section = render(results, failed, before, prebulk, colpath, grouped, twothreads)
    print(section)
    C.write_section("sync", section)


if __name__ == "__main__":
    main()
