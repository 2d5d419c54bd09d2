"""search.py's fresh-process rows: open → first result, the resident set, and recall against exact.

A new interpreter opens a store search.py built (the OS file cache is warm: dropping it needs root),
runs one hybrid search with the query vector given, loads the encoder, runs one embedding the query,
then 100 more hybrid searches embedding the query. The resident set is read from /proc after the
first result and after the 100 (``VmRSS`` split into ``RssAnon``, the process's own memory, and
``RssFile``, mapped files such as the vector file, which the kernel can drop and re-read).

    .venv/bin/python scripts/bench/search_cold.py STORE QUERIES.npz   (prints one JSON line)
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

SEARCHES = 100


def rss() -> dict[str, float]:
    """VmRSS, RssAnon and RssFile of this process in MiB."""
    out: dict[str, float] = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key = line.split(":")[0]
        if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
            out[key] = round(int(line.split()[1]) / 1024.0, 1)
    return out


class _LazyEncoder:
    """The searcher's encoder, loaded on first use so the open is timed without it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.real: Any = None

    def embed_query(self, text: str) -> np.ndarray:
        if self.real is None:
            self.real = C.load_encoder(C.default_threads())
        return self.real.embed_query(text)  # type: ignore[no-any-return]


def child(store_path: Path, queries: Path) -> dict[str, Any]:
    """In this fresh process: open, first results, the 100 searches; timings in seconds / ms."""
    from core.acl import OWNER
    from core.retrieval.search import Searcher
    from core.settings import Settings
    from core.store.db import Store

    q = np.load(queries)
    texts, vecs, model = [str(t) for t in q["texts"]], q["vecs"], str(q["model"])
    t0 = time.perf_counter()
    store = Store(store_path, threads=Settings().threads)
    opened = time.perf_counter() - t0
    enc = _LazyEncoder(model)
    searcher = Searcher(store, enc)  # type: ignore[arg-type]
    assert searcher.search(texts[0], OWNER, limit=10, query_vector=vecs[0])
    first = time.perf_counter() - t0
    rss_first = rss()
    t = time.perf_counter()
    enc.embed_query("warm")
    encoder_s = time.perf_counter() - t
    t = time.perf_counter()
    searcher.search(texts[1 % len(texts)], OWNER, limit=10)
    first_embedded = time.perf_counter() - t
    lat = []
    for i in range(SEARCHES):
        t = time.perf_counter()
        searcher.search(texts[i % len(texts)], OWNER, limit=10)
        lat.append((time.perf_counter() - t) * 1000)
    rss_after = rss()
    held = {"duckdb_mb": round(store.cursor().execute(
                "SELECT sum(memory_usage_bytes) FROM duckdb_memory()").fetchone()[0] / 2**20, 1),
            "keyword_postings_mb": round(sum(a.nbytes for a in (searcher.index.bm25.rows, searcher.index.bm25.tf,
                                                                 searcher.index.bm25.lengths)) / 2**20, 1),
            "vector_file_mb": round(searcher.index.matrix.nbytes / 2**20, 1)}
    store.close()
    return {"store_open_s": round(opened, 3), "open_to_first_result_s": round(first, 3),
            "encoder_load_s": round(encoder_s, 3), "first_embedded_search_s": round(first_embedded, 3),
            "hybrid_embedding_p50_ms": round(C.median(lat), 1), "hybrid_embedding_p95_ms": round(C.percentile(lat, 95), 1),
            "searches": SEARCHES, "rss_after_first_result": rss_first, "rss_after_searches": rss_after, "held": held}


def measure(store_path: Path, texts: list[str], vecs: np.ndarray, model: str) -> dict[str, Any]:
    """Run :func:`child` in a new interpreter on a closed store; its JSON result."""
    qfile = store_path.with_name("cold-queries.npz")
    np.savez(qfile, texts=np.array(texts), vecs=np.asarray(vecs, np.float32), model=np.array(model))
    p = subprocess.run([sys.executable, __file__, str(store_path), str(qfile)], capture_output=True, text=True,
                       cwd=C.REPO)
    if p.returncode != 0:
        raise RuntimeError(p.stderr[-4000:])
    return json.loads(p.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def recall_at_10(index: Any, vecs: np.ndarray, mask: np.ndarray) -> float:
    """Mean recall@10 of the dense leg (``VectorIndex.top``) against an exact float32 scan under ``mask``."""
    mat = np.asarray(index.matrix, np.float32)
    got = []
    for q in vecs:
        s = mat @ q
        s[~mask] = -np.inf
        exact = set(np.argpartition(-s, 9)[:10].tolist())
        rows = {index.row_of(h.chunk_id) for h in index.top(q, 10, mask)}
        got.append(len(exact & rows) / 10)
    return round(float(np.mean(got)), 4)


if __name__ == "__main__":
    sys.path.insert(0, str(C.REPO))
    print(json.dumps(child(Path(sys.argv[1]), Path(sys.argv[2]))))
