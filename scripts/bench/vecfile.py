"""The dense index's vector file (issue #33): open → first dense result, scan cost, cost of a change.

For each size a store is built in a temp folder (the search benchmark's clustered synthetic
vectors, dim 384; with ``--real`` the 10k store takes its real e5 vectors; 10 chunks a record, a
fifth restricted), then measured in fresh interpreters so every open is a first open:

* **before**: the dense index without its file, every row read from DuckDB (what each open and
  each change cost before the file: ``VectorIndex._load``);
* **after, first open**: no file yet — read from DuckDB and write the file;
* **after**: the file exists — mapped, checksums verified, rows of the change log applied.

Then, in one process: the dense leg's scan (``VectorIndex.top`` under the owner's and the public
profile's masks) against raw numpy ``M @ q`` + argpartition over the same matrix, and what a change
costs until the next dense search sees it — a new file of one record (5 passages) and a deleted
record — incrementally and with a full reload. The keyword side is left out (``ensure_lexical``,
the BM25 postings): ``scripts/bench/lexinc.py`` measures it.

    .venv/bin/python scripts/bench/vecfile.py [--sizes 10000,100000] [--queries 40] [--real]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

import numpy as np  # noqa: E402

SECTION = "vecfile"
MODEL = "bench/e5-small-384"


def build(home: Path, size: int, real: bool) -> str:
    """A store of ``size`` chunks under ``home``; returns what the vectors are."""
    import search as S  # the search benchmark's corpora and insert

    from core.store.db import Store

    rng = np.random.default_rng(size)
    kind = "clustered synthetic vectors"
    vecs = None
    if real and size <= 10_000:  # embedding 10k passages costs minutes without the search benchmark's cache
        try:
            vecs, kind = C.embed_cached(C.recombined_passages(size), log=False), "real e5 vectors"
        except Exception:  # noqa: BLE001 no model or cache here: synthetic, said so
            vecs = None
    if vecs is None:
        centres = S.unit(rng.standard_normal((S.CLUSTERS, S.DIM), dtype=np.float32))
        vecs = S.clustered_vectors(size, rng, centres)
    texts = [f"passage {i}" for i in range(size)]
    with Store(home / "ovillo.duckdb") as store:
        S.insert_corpus(store, MODEL, np.asarray(vecs, np.float32), texts, ["es", "ca", "en"])
    return kind


def child_open(home: Path, use_file: bool) -> dict[str, float]:
    """In a fresh process: open the store, bring the dense index in step, run one dense search."""
    t0 = time.perf_counter()
    from core.acl import OWNER
    from core.filters import SearchFilters
    from core.retrieval.dense import VectorIndex
    from core.store.db import Store

    t_import = time.perf_counter()
    store = Store(home / "ovillo.duckdb")
    t_store = time.perf_counter()
    index = VectorIndex(store, MODEL)
    if not use_file:
        index.file = None
    index.sync_vectors()  # refresh() without the keyword index
    t_sync = time.perf_counter()
    q = np.asarray(index.matrix[len(index) // 2], np.float32)
    hits = index.top(q, 40, index.mask(OWNER, SearchFilters()))
    t_first = time.perf_counter()
    assert hits
    store.close()
    return {"import_s": t_import - t0, "store_open_s": t_store - t_import, "vectors_s": t_sync - t_store,
            "first_search_s": t_first - t_sync, "open_to_result_s": t_first - t_import}


def run_child(home: Path, use_file: bool) -> dict[str, float]:
    p = subprocess.run([sys.executable, __file__, "--child", str(home), "--file" if use_file else "--no-file"],
                       capture_output=True, text=True, cwd=C.REPO, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def in_process(home: Path, n_queries: int) -> dict[str, object]:
    """Scan latencies and the cost of one change, incremental and full, in one process."""
    from core.acl import OWNER, PUBLIC
    from core.filters import SearchFilters
    from core.retrieval.dense import VectorIndex
    from core.store.db import Store
    from core.store.rows import EmbeddingRow, RecordRow
    from core.store.writer import RecordWriter

    out: dict[str, object] = {}
    rng = np.random.default_rng(1)
    with Store(home / "ovillo.duckdb") as store:
        index = VectorIndex(store, MODEL)
        index.sync_vectors()
        qs = np.asarray(index.matrix[rng.integers(0, len(index), n_queries)], np.float32)
        qs += rng.standard_normal(qs.shape).astype(np.float32) * 0.03
        qs /= np.linalg.norm(qs, axis=1, keepdims=True)
        owner, public = index.mask(OWNER, SearchFilters()), index.mask(PUBLIC, SearchFilters())
        mapped = index.matrix
        in_ram = np.ascontiguousarray(np.array(mapped))

        def lat(fn: object) -> float:
            ts = []
            for i, q in enumerate(qs):
                t = time.perf_counter()
                fn(q)  # type: ignore[operator]
                if i >= 3:
                    ts.append(time.perf_counter() - t)
            return round(C.percentile(ts, 50) * 1000, 2)

        def raw(m: np.ndarray) -> object:
            return lambda q: (lambda s: np.argpartition(-s, 39)[:40])(m @ q)

        out["p50 dense leg `VectorIndex.top`, owner (ms)"] = lat(lambda q: index.top(q, 40, owner))
        out["p50 dense leg `VectorIndex.top`, public (ms)"] = lat(lambda q: index.top(q, 40, public))
        out["p50 raw numpy `M @ q` + argpartition, mapped file (ms)"] = lat(raw(mapped))
        out["p50 raw numpy `M @ q` + argpartition, matrix in RAM (ms)"] = lat(raw(in_ram))
        del in_ram

        w = RecordWriter(store)
        dims = index.matrix.shape[1]

        def new_record(sid: int) -> RecordRow:
            vs = rng.standard_normal((5, dims)).astype(np.float32)
            vs /= np.linalg.norm(vs, axis=1, keepdims=True)
            return RecordRow("bench", sid, "nuevo", "public", embeddings=[
                EmbeddingRow("rag:body", i, MODEL, vs[i], f"nuevo {i}", f"n{sid}.{i}") for i in range(5)])

        def seen(change: object, full: bool) -> float:
            change()  # type: ignore[operator]
            t = time.perf_counter()
            if full:
                index.file = None
                index.invalidate()
            index.sync_vectors()
            index.top(qs[0], 40, index.mask(OWNER, SearchFilters()))
            took = time.perf_counter() - t
            return round(took * 1000, 1)

        base = 10_000_000
        out["add 1 file (1 record, 5 passages) until a dense search sees it, incremental (ms)"] = \
            seen(lambda: w.write([new_record(base)]), False)
        out["delete 1 record until a dense search sees it, incremental (ms)"] = \
            seen(lambda: w.write(remove=[("bench", 5)]), False)
        out["add 1 file until a dense search sees it, full reload as before (ms)"] = \
            seen(lambda: w.write([new_record(base + 1)]), True)
        out["delete 1 record until a dense search sees it, full reload as before (ms)"] = \
            seen(lambda: w.write(remove=[("bench", 6)]), True)
    return out


def main() -> None:
    """Entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--queries", type=int, default=40)
    ap.add_argument("--real", action="store_true", help="10k: the search benchmark's real e5 vectors (cached)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--file", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--no-file", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(json.dumps(child_open(Path(a.child), a.file)))
        return
    stamp = C.stamp()
    results = []
    for size in (int(s) for s in a.sizes.split(",") if s):
        print(f"[vecfile] size {size:,} …", file=sys.stderr, flush=True)
        with tempfile.TemporaryDirectory(prefix="ovillo-bench-vecfile-") as tmp:
            home = Path(tmp)
            kind = build(home, size, a.real)
            before = run_child(home, False)
            first = run_child(home, True)
            after = run_child(home, True)
            res = {"size": size, "kind": kind, "before": before, "first_open_with_file": first, "after": after,
                   "file_mb": round(sum(p.stat().st_size for p in (home / "vectors").rglob("*")) / 2**20, 1),
                   **in_process(home, a.queries), "stamp": stamp}
        C.save_raw(f"vecfile-{size}.json", res)
        results.append(res)
    section = render(results)
    print(section)
    C.write_section(SECTION, section)


def render(results: list[dict[str, object]]) -> str:
    """The markdown section."""
    sizes = [f"{r['size']:,}" for r in results]
    out = ["## Dense vectors from a mapped file (`scripts/bench/vecfile.py`, issue #33)", ""]
    out += [f"- {r['size']:,} ({r['kind']}): " + C.stamp_line(r["stamp"]) for r in results]  # type: ignore[arg-type]
    out.append("")
    out.append("Open → first dense result in a fresh interpreter (imports excluded; the store file and the vector "
               "file in the page cache: both were just written), then scan and change costs in one process. "
               "Nothing tuned on these corpora; the machine is shared and busy, so compare the ratios within a "
               "column rather than the absolute numbers.")
    out.append("")

    def s(d: object, k: str) -> str:
        return f"{d[k]:.3f}"  # type: ignore[index]

    rows = [
        ["open → first dense result, before: every row from DuckDB (s)", *[s(r["before"], "open_to_result_s") for r in results]],
        ["  of which reading the vectors (s)", *[s(r["before"], "vectors_s") for r in results]],
        ["open → first dense result, first open: DuckDB + writing the file (s)",
         *[s(r["first_open_with_file"], "open_to_result_s") for r in results]],
        ["open → first dense result, after: the mapped file (s)", *[s(r["after"], "open_to_result_s") for r in results]],
        ["  of which mapping + verifying the file (s)", *[s(r["after"], "vectors_s") for r in results]],
        ["  of which opening the store (s)", *[s(r["after"], "store_open_s") for r in results]],
        ["vector file on disk (MiB)", *[f"{r['file_mb']}" for r in results]],
    ]
    keys = [k for k in results[0] if k.startswith(("p50", "add", "delete"))] if results else []
    rows += [[k, *[f"{r[k]}" for r in results]] for k in keys]
    out.append(C.md_table(["", *sizes], rows))
    out.append("")
    out.append("<details><summary>raw results (JSON)</summary>\n\n```json\n" + json.dumps(results, indent=1) +
               "\n```\n</details>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
