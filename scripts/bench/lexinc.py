"""Keyword postings that follow the change log (issue #33, lexical half): a change until the next hybrid search.

For each size a store is built in a temp folder (the search benchmark's clustered synthetic vectors and
Zipf-drawn texts of the demo's vocabulary, dim 384, 10 chunks a record, a fifth restricted). Then:

* **cold open**, in a fresh interpreter: open the store, first hybrid search (keyword index current,
  vector file present). *Before*: the postings are read whole from the keyword index (``bm25.USE_FILE``
  False: the saved postings ignored, nothing written); *first open*: read whole and saved beside the
  vector file; *after*: the saved postings mapped. Then 100 hybrid searches in the same process, and the
  resident set (``VmRSS``, ``RssAnon``, ``RssFile`` of ``/proc/self/status``) after the open and after them;
* **a change until the next hybrid search returns**, in one process, the median of ``--repeat`` runs of
  each kind — add a record (5 passages), a new title (its passages' words change, their vectors not),
  a reclassification, a deletion — timed from the write's commit to ``Searcher.retrieve`` returning
  (keyword index update, vector rows, postings, both legs, gate). *Before*: what the code did before
  this change — the keyword index compares every body (``lexical.FOLLOW_LOG`` False) and the
  postings are loaded whole (``Bm25Index.follow`` → ``load``); *after*: the change log drives both.

    .venv/bin/python scripts/bench/lexinc.py [--sizes 10000,100000] [--repeat 5] [--searches 100]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

import numpy as np  # noqa: E402

SECTION = "lexinc"
MODEL = "bench/e5-small-384"


class _NoEncoder:
    """The searcher's encoder slot: every query brings its vector, nothing is encoded."""

    name = MODEL

    def embed_query(self, text: str) -> np.ndarray:
        raise AssertionError("the benchmark passes query vectors")


def build(home: Path, size: int) -> None:
    """A store of ``size`` chunks under ``home``, its keyword index and vector file made."""
    import search as S

    from core.retrieval.lexical import rebuild_lexical_index
    from core.retrieval.dense import VectorIndex
    from core.store.db import Store

    rng = np.random.default_rng(size)
    centres = S.unit(rng.standard_normal((S.CLUSTERS, S.DIM), dtype=np.float32))
    vecs = S.clustered_vectors(size, rng, centres)
    texts = S.synthetic_texts(size, S.demo_vocabulary(), rng)
    with Store(home / "ovillo.duckdb") as store:
        S.insert_corpus(store, MODEL, np.asarray(vecs, np.float32), texts, ["es", "ca", "en"])
        rebuild_lexical_index(store)
        VectorIndex(store, MODEL).sync_vectors()


def queries(n: int) -> list[str]:
    import search as S

    vocab = S.demo_vocabulary()[20:400]
    rng = np.random.default_rng(3)
    return [" ".join(rng.choice(vocab, size=int(rng.integers(2, 4)), replace=False)) for _ in range(n)]


def rss() -> dict[str, int]:
    """This process's resident set in MiB: all of it, anonymous memory and mapped files."""
    out = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "RssAnon", "RssFile"):
            out[key] = int(value.split()[0]) // 1024
    return out


def child_open(home: Path, use_file: bool, searches: int) -> dict[str, Any]:
    """In a fresh process: open the store and run one hybrid search, then ``searches`` more."""
    from core.acl import OWNER
    from core.retrieval import bm25
    from core.retrieval.search import Searcher
    from core.store.db import Store

    bm25.USE_FILE = use_file
    qs = queries(searches + 1)  # made before the clock starts (reading the demo vocabulary takes ~0.8 s)
    rng = np.random.default_rng(9)
    t0 = time.perf_counter()
    store = Store(home / "ovillo.duckdb")
    t1 = time.perf_counter()
    searcher = Searcher(store, _NoEncoder())  # type: ignore[arg-type]
    qv = np.ones(384, np.float32) / np.sqrt(384)
    hits = searcher.retrieve(qs[0], OWNER, limit=10, query_vector=qv)
    took = time.perf_counter() - t0
    assert hits
    out: dict[str, Any] = {"open_to_hybrid_result_s": took, "store_open_s": t1 - t0,
                           "bm25_loads": searcher.index.bm25.loads, "bm25_mapped": searcher.index.bm25.adopted,
                           "rss_after_open_mib": rss()}
    index = searcher.index
    lat = []
    for q in qs[1:]:
        v = np.asarray(index.matrix[int(rng.integers(0, len(index)))], np.float32)
        v = v + rng.standard_normal(v.shape).astype(np.float32) * 0.03
        t = time.perf_counter()
        searcher.retrieve(q, OWNER, limit=10, query_vector=v / np.linalg.norm(v))
        lat.append(time.perf_counter() - t)
    out[f"rss_after_{searches}_searches_mib"] = rss()
    out["searches"] = searches
    out["hybrid_p50_ms"] = round(C.percentile(lat, 50) * 1000, 1) if lat else None
    store.close()
    return out


def run_child(home: Path, use_file: bool, searches: int) -> dict[str, Any]:
    p = subprocess.run([sys.executable, __file__, "--child", str(home), "--searches", str(searches),
                        *([] if use_file else ["--no-file"])], capture_output=True, text=True, cwd=C.REPO, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def changes(home: Path, repeat: int, before: bool) -> dict[str, Any]:
    """Milliseconds from a write's commit to the next hybrid search's return, by kind of change."""
    from core.acl import OWNER
    from core.retrieval import bm25, lexical
    from core.retrieval.search import Searcher
    from core.store.db import Store
    from core.store.rows import EmbeddingRow, RecordRow
    from core.store.writer import RecordWriter

    saved = bm25.Bm25Index.follow
    if before:
        def load_all(self: bm25.Bm25Index, ids: list[str], alive: object, rows_of: object, layout: int,
                     numbering: object = None) -> bool:
            self.load(ids, layout)
            return False

        lexical.FOLLOW_LOG = False
        bm25.Bm25Index.follow = load_all  # type: ignore[method-assign]
    rng = np.random.default_rng(5)
    qs = queries(repeat * 4)
    out: dict[str, list[float]] = {}
    try:
        with Store(home / "ovillo.duckdb") as store:
            searcher = Searcher(store, _NoEncoder())  # type: ignore[arg-type]
            w = RecordWriter(store)
            qv = np.ones(384, np.float32) / np.sqrt(384)
            searcher.retrieve(qs[0], OWNER, limit=10, query_vector=qv)
            loads = searcher.index.bm25.loads
            vs = rng.standard_normal((5, 384)).astype(np.float32)
            vs /= np.linalg.norm(vs, axis=1, keepdims=True)

            def rec(sid: int, title: str, cls: str) -> RecordRow:
                return RecordRow("bench", sid, title, cls, embeddings=[
                    EmbeddingRow("rag:body", i, MODEL, vs[i], f"molino nuevo {sid} pasaje {i}", f"n{sid}.{i}")
                    for i in range(5)])

            def timed(kind: str, change: Any, q: str) -> None:
                change()
                t0 = time.perf_counter()
                lexical.update_lexical_index(store)  # what the refresh's ensure_lexical does, timed apart
                t1 = time.perf_counter()
                searcher.index.sync_vectors()
                t2 = time.perf_counter()
                searcher.index.refresh()  # the vectors are in step: what is left is the postings
                t3 = time.perf_counter()
                searcher.retrieve(q, OWNER, limit=10, query_vector=qv)
                t4 = time.perf_counter()
                for part, took in ((kind, t4 - t0), (f"  of which keyword index ({kind})", t1 - t0),
                                   (f"  of which vector rows ({kind})", t2 - t1),
                                   (f"  of which BM25 postings ({kind})", t3 - t2),
                                   (f"  of which the search ({kind})", t4 - t3)):
                    out.setdefault(part, []).append(took * 1000)

            base = 50_000_000 + (1_000 if before else 0)
            for i in range(repeat):
                sid = base + i
                timed("add 1 record (5 passages)", lambda: w.write([rec(sid, "nuevo", "public")]), qs[4 * i])
                timed("new title of 1 record", lambda: w.write([rec(sid, f"acequia {i}", "public")]), qs[4 * i + 1])
                timed("reclassify 1 record", lambda: w.write([rec(sid, f"acequia {i}", "restricted")]), qs[4 * i + 2])
                timed("delete 1 record", lambda: w.write(remove=[("bench", sid)]), qs[4 * i + 3])
            extra_loads = searcher.index.bm25.loads - loads
    finally:
        lexical.FOLLOW_LOG, bm25.Bm25Index.follow = True, saved  # type: ignore[method-assign]
    res: dict[str, Any] = {k: round(C.median(v), 1) for k, v in out.items()}
    res["full postings loads"] = extra_loads
    return res


def main() -> None:
    """Entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--searches", type=int, default=100)
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--no-file", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(json.dumps(child_open(Path(a.child), not a.no_file, a.searches)))
        return
    stamp = C.stamp()
    results = []
    for size in (int(s) for s in a.sizes.split(",") if s):
        print(f"[lexinc] size {size:,} …", file=sys.stderr, flush=True)
        with tempfile.TemporaryDirectory(prefix="ovillo-bench-lexinc-") as tmp:
            home = Path(tmp)
            build(home, size)
            cold = {"before": run_child(home, False, a.searches), "first": run_child(home, True, 0),
                    "after": run_child(home, True, a.searches)}
            before = changes(home, a.repeat, before=True)
            after = changes(home, a.repeat, before=False)
            res = {"size": size, "cold_open": cold, "before": before, "after": after, "stamp": stamp}
        C.save_raw(f"lexinc-{size}.json", res)
        results.append(res)
    section = render(results)
    print(section)
    C.write_section(SECTION, section)


def render(results: list[dict[str, Any]]) -> str:
    """The markdown section."""
    out = ["## Keyword postings that follow the change log (`scripts/bench/lexinc.py`, issue #33)", ""]
    out += [f"- {r['size']:,} chunks (clustered synthetic vectors, Zipf texts): " + C.stamp_line(r["stamp"])
            for r in results]
    out.append("")
    out.append("Milliseconds from a write's commit until the next hybrid search (`Searcher.retrieve`, both legs "
               "and the gate) returns, median of the runs; *before* compares every indexed body and loads every "
               "posting again, as the code did before the change log drove the keyword side. Cold open: a fresh "
               "interpreter opening the store to its first hybrid result (imports and making the query excluded; "
               "the store, vector and postings files in the page cache: they were just written); *before* reads "
               "every posting from the keyword index, as every open did before the postings were saved beside the "
               "vector file, *after* maps them. Then hybrid searches (query vectors given) in that process. "
               "Nothing is tuned on these corpora (the fold threshold, 1/8 of the main postings, bounds the delta's size; it was not chosen "
               "on these timings).")
    out.append("")
    kinds = [k for k in results[0]["after"] if k != "full postings loads"] if results else []
    rows = [[f"{k}, before (ms)", *[r["before"][k] for r in results]] for k in kinds]
    rows += [[f"{k}, after (ms)", *[r["after"][k] for r in results]] for k in kinds]
    rows.append(["full postings loads during the changes, before / after",
                 *[f"{r['before']['full postings loads']} / {r['after']['full postings loads']}" for r in results]])

    def cold(r: dict[str, Any], when: str, key: str) -> str:
        return f"{r['cold_open'][when][key]:.3f}"

    def mem(r: dict[str, Any], when: str, key: str) -> str:
        m = r["cold_open"][when].get(key) or {}
        return f"{m.get('VmRSS', '–')} / {m.get('RssAnon', '–')} / {m.get('RssFile', '–')}"

    n = results[0]["cold_open"]["after"].get("searches", 100) if results else 100
    rows += [
        ["open → first hybrid result, before: postings read from the keyword index (s)",
         *[cold(r, "before", "open_to_hybrid_result_s") for r in results]],
        ["open → first hybrid result, first open: read and saved (s)",
         *[cold(r, "first", "open_to_hybrid_result_s") for r in results]],
        ["open → first hybrid result, after: saved postings mapped (s)",
         *[cold(r, "after", "open_to_hybrid_result_s") for r in results]],
        ["  of which opening the store (s)", *[cold(r, "after", "store_open_s") for r in results]],
        ["resident after the open, before: VmRSS / RssAnon / RssFile (MiB)",
         *[mem(r, "before", "rss_after_open_mib") for r in results]],
        ["resident after the open, after (MiB)", *[mem(r, "after", "rss_after_open_mib") for r in results]],
        [f"resident after {n} hybrid searches, before (MiB)",
         *[mem(r, "before", f"rss_after_{n}_searches_mib") for r in results]],
        [f"resident after {n} hybrid searches, after (MiB)",
         *[mem(r, "after", f"rss_after_{n}_searches_mib") for r in results]],
        [f"hybrid p50 over those {n} searches, before / after (ms)",
         *[f"{r['cold_open']['before']['hybrid_p50_ms']} / {r['cold_open']['after']['hybrid_p50_ms']}"
           for r in results]],
    ]
    out.append(C.md_table(["", *[f"{r['size']:,}" for r in results]], rows))
    out.append("")
    out.append("<details><summary>raw results (JSON)</summary>\n\n```json\n" + json.dumps(results, indent=1) +
               "\n```\n</details>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
