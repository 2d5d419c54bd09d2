"""Choosing the dense search by measurement (issue #33 point 2): ANN libraries against the exact scan.

Data: the search benchmark's 10k REAL multilingual-e5-small passage vectors (cached in
``$OVILLO_BENCH_CACHE``; embedded once when missing) tiled with small Gaussian noise to ``--size``
rows and renormalised (copy ``t`` of passage ``j`` is row ``t * 10k + j``; ``--sigma`` per
dimension), written once as a float32 file and memory-mapped as the vector file is. Queries: the
demo query set embedded as queries (real questions, es/ca/en). Ground truth: the exact float32
scan (``M @ q`` + argpartition), unmasked and under two profile masks drawn by record (10 rows
a record): one that sees 1 % of the rows and one that sees 50 %.

Each configuration runs in its own interpreter (``--worker NAME``) so its resident set is its own:
build time, query p50/p95 at top-10 and top-40 across a range of search depths, recall@10
against exact, the masked searches (faiss ``IDSelectorBitmap`` through ``SearchParametersHNSW``;
usearch's Python ``search`` takes no filter, so it over-fetches and filters afterwards), quantised
storage (faiss ``IndexHNSWSQ`` 8-bit, usearch ``i8``/``f16``) with exact float32 rescoring of the
top ``4 × limit`` from the mapped file, adding 5 vectors, deleting 5, saving and loading (mapped
where the library can). The libraries are not dependencies: install them into a folder of their
own and put it on ``PYTHONPATH``; without them the script says so and exits 0. Results go to
``docs/bench-raw/ann-SIZE.json`` and, as tables, ``docs/bench-raw/ann.md`` — not to docs/benchmarks.md,
whose sections are each a ``run_all`` step's, and this script is none while the libraries are not
dependencies.

    pip install --target /tmp/annlib faiss-cpu==1.15.1 usearch==2.26.6
    PYTHONPATH=/tmp/annlib:. .venv/bin/python scripts/bench/ann.py [--size 1000000] [--configs a,b]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

import numpy as np  # noqa: E402

DIM = 384
REAL = 10_000
ROWS_PER_RECORD = 10
MASKS = {"1%": 0.01, "50%": 0.5}
DEPTHS = (64, 128, 256, 512, 1024)
RESCORE = 4  # quantised candidates rescored in float32: RESCORE × limit
# name → (library, storage, graph degree, construction depth)
CONFIGS: dict[str, tuple[str, str, int, int]] = {
    "faiss-hnsw32-f32": ("faiss", "f32", 32, 80),
    "faiss-hnsw32-sq8": ("faiss", "sq8", 32, 80),
    "usearch-c16-f32": ("usearch", "f32", 16, 128),
    "usearch-c16-i8": ("usearch", "i8", 16, 128),
}


# -- data ---------------------------------------------------------------------------------
def work_dir() -> Path:
    """Where the tiled matrix, queries, masks and ground truth live (inputs, never results)."""
    d = C.CACHE_DIR / "ann"
    d.mkdir(parents=True, exist_ok=True)
    return d


def real_vectors() -> np.ndarray:
    """The search benchmark's 10k real e5 passage vectors (embedded once, then cached)."""
    return C.embed_cached(C.recombined_passages(REAL))


def query_vectors() -> np.ndarray:
    """The demo query set embedded as queries."""
    from core.evaluation import load_query_set

    path = work_dir() / "queries.npy"
    if not path.exists():
        qs = load_query_set(C.DEMO / "queries.jsonl", C.DEMO.absolute())
        np.save(path, C.load_encoder(2).embed_batch([q.query for q in qs], kind="query").astype(np.float32))
    return np.load(path)


def tiled(size: int, sigma: float) -> Path:
    """The real vectors tiled with noise to ``size`` rows, renormalised, as a float32 file."""
    path = work_dir() / f"tiled-{size}-{sigma}.f32"
    if path.exists() and path.stat().st_size == size * DIM * 4:
        return path
    real = real_vectors().astype(np.float32)
    rng = np.random.default_rng(33)
    tmp = path.with_suffix(".tmp")
    m = np.memmap(tmp, dtype=np.float32, mode="w+", shape=(size, DIM))
    for s in range(0, size, REAL):
        n = min(REAL, size - s)
        x = real[:n] + (rng.standard_normal((n, DIM), dtype=np.float32) * sigma if s else 0)
        m[s:s + n] = x / np.linalg.norm(x, axis=1, keepdims=True)
    m.flush()
    del m
    tmp.replace(path)
    return path


def mapped(path: Path, size: int) -> np.ndarray:
    """The tiled matrix, memory-mapped read-only."""
    return np.memmap(path, dtype=np.float32, mode="r", shape=(size, DIM))


def masks(size: int) -> dict[str, np.ndarray]:
    """Profile masks drawn by record: every row of a chosen record is visible."""
    rng = np.random.default_rng(7)
    records = (size + ROWS_PER_RECORD - 1) // ROWS_PER_RECORD
    out = {}
    for name, frac in MASKS.items():
        rec = rng.random(records) < frac
        out[name] = np.repeat(rec, ROWS_PER_RECORD)[:size]
    return out


def exact(matrix: np.ndarray, q: np.ndarray, k: int, mask: np.ndarray | None = None) -> np.ndarray:
    """The dense leg's exact top-k (``VectorIndex.top``): rank among the visible rows only."""
    scores = matrix @ q
    rows = np.flatnonzero(mask) if mask is not None else np.arange(len(scores))
    sub = scores[rows]
    part = np.argpartition(-sub, k - 1)[:k]
    return rows[part[np.lexsort((part, -sub[part]))]]


def exact_visible(matrix: np.ndarray, q: np.ndarray, k: int, rows: np.ndarray) -> np.ndarray:
    """Exact top-k over the visible rows alone (the fallback for a small visible fraction)."""
    sub = matrix[rows] @ q
    part = np.argpartition(-sub, k - 1)[:k]
    return rows[part[np.argsort(-sub[part], kind="stable")]]


def recall(found: list[np.ndarray], truth: np.ndarray, k: int = 10) -> float:
    """Mean recall@k of ``found`` against the exact ids."""
    return float(np.mean([len(set(f[:k].tolist()) & set(t[:k].tolist())) / k for f, t in zip(found, truth)]))


def lat(xs: list[float]) -> dict[str, float]:
    """p50/p95 in ms."""
    return {"p50": round(C.percentile(xs, 50) * 1000, 2), "p95": round(C.percentile(xs, 95) * 1000, 2)}


def timed(fn: Any, qs: np.ndarray, reps: int = 2) -> tuple[list[np.ndarray], dict[str, float]]:
    """Run ``fn`` on every query ``reps`` times (the first pass untimed); results and latency."""
    out = [fn(q) for q in qs]
    ts = []
    for _ in range(reps):
        for q in qs:
            t = time.perf_counter()
            fn(q)
            ts.append(time.perf_counter() - t)
    return out, lat(ts)


def rss() -> dict[str, float]:
    """Resident set in MiB: total, anonymous (the process's own) and file-backed (mapped files)."""
    out = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key = line.split(":")[0]
        if key in ("VmRSS", "RssAnon", "RssFile"):
            out[key] = round(int(line.split()[1]) / 1024, 1)
    return out


# -- the workers -----------------------------------------------------------------------------
class Faiss:
    """faiss ``IndexHNSWFlat`` / ``IndexHNSWSQ`` (inner product on unit vectors = cosine)."""

    def __init__(self, storage: str, degree: int, depth: int) -> None:
        import faiss

        self.faiss = faiss
        faiss.omp_set_num_threads(2)
        metric = faiss.METRIC_INNER_PRODUCT
        self.index = faiss.IndexHNSWFlat(DIM, degree, metric) if storage == "f32" else \
            faiss.IndexHNSWSQ(DIM, faiss.ScalarQuantizer.QT_8bit, degree, metric)
        self.index.hnsw.efConstruction = depth
        self.depth = 64

    def build(self, matrix: np.ndarray) -> None:
        """Train (quantised) and add every row (label = row)."""
        if not self.index.is_trained:
            self.index.train(np.ascontiguousarray(matrix[:: max(1, len(matrix) // 100_000)]))
        for s in range(0, len(matrix), 200_000):
            self.index.add(np.ascontiguousarray(matrix[s:s + 200_000]))

    def search(self, q: np.ndarray, k: int, mask_bits: Any = None) -> np.ndarray:
        """Top-k labels; ``mask_bits`` a faiss ``IDSelectorBitmap`` of the visible rows."""
        params = self.faiss.SearchParametersHNSW(efSearch=max(self.depth, k))
        if mask_bits is not None:
            params.sel = mask_bits
        _, ids = self.index.search(q[None, :], k, params=params)
        return ids[0][ids[0] >= 0]

    def selector(self, mask: np.ndarray) -> Any:
        """The mask as a bitmap selector (bit i of byte i // 8, little-endian within the byte)."""
        bits = np.packbits(mask, bitorder="little")
        sel = self.faiss.IDSelectorBitmap(len(mask), self.faiss.swig_ptr(bits))
        sel.keep_alive = bits  # the selector points into the array: keep it alive
        return sel

    def add(self, vecs: np.ndarray) -> None:
        self.index.add(vecs)

    def delete(self, labels: np.ndarray) -> str:
        """HNSW in faiss cannot remove: a deleted row is hidden by the selector (a bitmap write)."""
        return "not supported by IndexHNSW; hidden through the selector"

    def save(self, path: Path) -> None:
        self.faiss.write_index(self.index, str(path))

    def load(self, path: Path, mmap: bool) -> None:
        flags = self.faiss.IO_FLAG_MMAP if mmap else 0
        self.index = self.faiss.read_index(str(path), flags)


class USearch:
    """usearch ``Index`` (metric ``ip`` for float32, ``cos`` for the quantised kinds)."""

    def __init__(self, storage: str, degree: int, depth: int) -> None:
        from usearch.index import Index

        self.Index = Index
        self.index = Index(ndim=DIM, metric="ip" if storage == "f32" else "cos", dtype=storage,
                           connectivity=degree, expansion_add=depth, expansion_search=64)
        self.depth = 64

    def build(self, matrix: np.ndarray) -> None:
        for s in range(0, len(matrix), 200_000):
            part = np.ascontiguousarray(matrix[s:s + 200_000])
            self.index.add(np.arange(s, s + len(part), dtype=np.uint64), part, threads=2)

    def search(self, q: np.ndarray, k: int, mask: np.ndarray | None = None, frac: float = 1.0) -> np.ndarray:
        """Top-k keys; with a mask, over-fetch ``k / frac × 2`` and keep the visible (no filter in Python)."""
        self.index.expansion_search = max(self.depth, k)
        if mask is None:
            return self.index.search(q, k, threads=1).keys.astype(np.int64)
        want = int(min(len(self.index), np.ceil(k / frac * 2)))
        self.index.expansion_search = max(self.depth, want)
        keys = self.index.search(q, want, threads=1).keys.astype(np.int64)
        return keys[mask[keys]][:k]

    def add(self, vecs: np.ndarray) -> None:
        n = len(self.index)
        self.index.add(np.arange(n, n + len(vecs), dtype=np.uint64), vecs, threads=1)

    def delete(self, labels: np.ndarray) -> str:
        self.index.remove(labels.astype(np.uint64))
        return "index.remove"

    def save(self, path: Path) -> None:
        self.index.save(str(path))

    def load(self, path: Path, mmap: bool) -> None:
        idx = self.Index(ndim=DIM)
        (idx.view if mmap else idx.load)(str(path))
        self.index = idx


def rescored(matrix: np.ndarray, q: np.ndarray, cand: np.ndarray, k: int) -> np.ndarray:
    """Exact float32 rescoring of candidate rows from the mapped file."""
    cand = np.sort(cand[cand >= 0])
    s = matrix[cand] @ q
    return cand[np.argsort(-s, kind="stable")[:k]]


def worker(name: str, size: int, sigma: float) -> dict[str, Any]:
    """Measure one configuration at ``size`` rows; the result as a dict."""
    lib, storage, degree, depth = CONFIGS[name]
    w = work_dir()
    matrix = mapped(tiled(size, sigma), size)
    qs = np.load(w / "queries.npy")
    truth = {m: np.load(w / f"truth-{size}-{sigma}-{m}.npy") for m in ("all", *MASKS)}
    ms = masks(size)
    res: dict[str, Any] = {"config": name, "library": lib, "storage": storage, "degree": degree,
                           "construction_depth": depth, "rss_start": rss()}
    eng = Faiss(storage, degree, depth) if lib == "faiss" else USearch(storage, degree, depth)
    t = time.perf_counter()
    eng.build(matrix)
    res["build_s"] = round(time.perf_counter() - t, 1)
    res["rss_built"] = rss()
    quant = storage != "f32"
    sweep = []
    for d in DEPTHS:
        eng.depth = d
        row: dict[str, Any] = {"depth": d}
        for k in (10, 40):
            fetch = RESCORE * k if quant else k
            fn = (lambda q, k=k, f=fetch: rescored(matrix, q, eng.search(q, f), k)) if quant else \
                (lambda q, k=k: eng.search(q, k))
            found, row[f"top{k}"] = timed(fn, qs)
            if k == 10:
                row["recall10"] = round(recall(found, truth["all"]), 4)
                row["min_recall10"] = round(min(recall([f], truth["all"][i:i + 1]) for i, f in enumerate(found)), 2)
        for m, frac in MASKS.items():
            fetch = RESCORE * 10 if quant else 10
            if lib == "faiss":
                sel = eng.selector(ms[m])
                base = lambda q, f=fetch, s=sel: eng.search(q, f, s)  # noqa: E731
            else:
                base = lambda q, f=fetch, mm=ms[m], fr=frac: eng.search(q, f, mm, fr)  # noqa: E731
            fn = (lambda q, b=base: rescored(matrix, q, b(q), 10)) if quant else base
            found, row[f"mask{m}"] = timed(fn, qs, reps=1)
            row[f"recall10_mask{m}"] = round(recall(found, truth[m]), 4)
            row[f"leak_mask{m}"] = int(sum((~ms[m][f]).sum() for f in found))
        sweep.append(row)
        print(f"  {name} depth {d}: {json.dumps(row)}", file=sys.stderr, flush=True)
    res["sweep"] = sweep
    res["rss_searched"] = rss()
    new = np.ascontiguousarray(matrix[:5] * 0.9 + matrix[5:10] * 0.1)
    new /= np.linalg.norm(new, axis=1, keepdims=True)
    t = time.perf_counter()
    eng.add(new)
    res["add5_ms"] = round((time.perf_counter() - t) * 1000, 2)
    t = time.perf_counter()
    res["delete_how"] = eng.delete(np.arange(size, size + 5))
    res["delete5_ms"] = round((time.perf_counter() - t) * 1000, 2)
    with tempfile.TemporaryDirectory(prefix="ovillo-ann-", dir=w) as tmp:
        path = Path(tmp) / "index.bin"
        t = time.perf_counter()
        eng.save(path)
        os.sync()
        res["save_s"] = round(time.perf_counter() - t, 2)
        res["file_mb"] = round(path.stat().st_size / 2**20, 1)
        del eng.index
        for mm in (False, True):
            t = time.perf_counter()
            try:
                eng.load(path, mm)
            except Exception as e:  # noqa: BLE001 (a library refusing to map this index kind is a result)
                res[f"load{'_mmap' if mm else ''}"] = f"refused: {type(e).__name__}: {e}"[:200]
                continue
            dt = time.perf_counter() - t
            eng.depth = 128
            t = time.perf_counter()
            eng.search(qs[0], 10)
            res[f"load{'_mmap' if mm else ''}"] = {"s": round(dt, 3), "first_query_ms": round(
                (time.perf_counter() - t) * 1000, 1), "rss": rss()}
            del eng.index
    return res


# -- the parent --------------------------------------------------------------------------------
def ground_truth(size: int, sigma: float) -> dict[str, Any]:
    """Exact top-40 per query and mask (kept between runs), and the exact scan's own latency on the mapped matrix."""
    w = work_dir()
    matrix = mapped(tiled(size, sigma), size)
    qs = query_vectors()
    ms = masks(size)
    out: dict[str, Any] = {"rss_mapped": rss()}
    for m, mask in (("all", None), *ms.items()):
        path = w / f"truth-{size}-{sigma}-{m}.npy"
        if not path.exists():
            np.save(path, np.stack([exact(matrix, q, 40, mask) for q in qs]))
    _, out["exact_top10"] = timed(lambda q: exact(matrix, q, 10), qs, reps=1)
    for m, mask in ms.items():
        _, out[f"exact_{m}"] = timed(lambda q, mk=mask: exact(matrix, q, 10, mk), qs[:20], reps=1)
        rows = np.flatnonzero(mask)
        _, out[f"exact_visible_{m}"] = timed(lambda q, r=rows: exact_visible(matrix, q, 10, r), qs[:20], reps=1)
        out[f"visible_{m}"] = int(mask.sum())
    out["rss_scanned"] = rss()
    return out


def libraries() -> list[str]:
    """The candidate libraries importable here."""
    return [m for m in ("faiss", "usearch") if importlib.util.find_spec(m) is not None]


def render(data: dict[str, Any]) -> str:
    """The section's markdown."""
    gt, size = data["exact"], data["size"]
    lines = [f"### {size:,} rows" + (f", noise σ = {data['sigma']}" if data["sigma"] != 0.01 else ""), "",
             C.stamp_line(data["stamp"]), "",
             f"Real e5 vectors (10k) tiled with noise σ = {data['sigma']} to {size:,} rows; "
             f"{data['queries']} demo queries; recall@10 against the exact float32 scan. Exact scan on the "
             f"mapped matrix: top-10 p50 {gt['exact_top10']['p50']} ms, p95 {gt['exact_top10']['p95']} ms; "
             f"(20 queries) 1 % mask {gt['exact_1%']['p50']} ms (over the visible rows alone {gt['exact_visible_1%']['p50']} ms), "
             f"50 % mask {gt['exact_50%']['p50']} ms.", ""]
    rows = []
    for r in data["results"]:
        if "error" in r:
            rows.append([r["config"], "failed: " + r["error"][:80]] + [""] * 10)
            continue
        for s in r["sweep"]:
            rows.append([r["config"], s["depth"], r["build_s"], s["top10"]["p50"], s["top10"]["p95"],
                         s["top40"]["p50"], s["recall10"], s["min_recall10"], s["recall10_mask1%"],
                         s["mask1%"]["p50"], s["recall10_mask50%"], s["mask50%"]["p50"]])
    lines.append(C.md_table(["config", "depth", "build s", "top-10 p50", "p95", "top-40 p50", "recall@10",
                             "worst query", "1 % recall", "1 % p50", "50 % recall", "50 % p50"], rows))
    lines += ["", C.md_table(["config", "RSS built (anon) MiB", "add 5 ms", "delete 5", "save s", "file MiB",
                              "load s", "load mapped s"],
                             [[r["config"], f"{r['rss_built']['VmRSS']} ({r['rss_built']['RssAnon']})",
                               r["add5_ms"], f"{r['delete5_ms']} ms ({r['delete_how']})", r["save_s"], r["file_mb"],
                               r["load"]["s"] if isinstance(r["load"], dict) else r["load"],
                               r["load_mmap"]["s"] if isinstance(r["load_mmap"], dict) else r["load_mmap"]]
                              for r in data["results"] if "error" not in r])]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=1_000_000)
    ap.add_argument("--sigma", type=float, default=0.01)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--worker", default="")
    ap.add_argument("--no-doc", action="store_true", help="save the raw result, leave docs/bench-raw/ann.md alone")
    ap.add_argument("--render-sizes", default="", help="only render these sizes' (or raw files') saved results into ann.md")
    a = ap.parse_args()
    if a.render_sizes:
        write_doc([x if x.endswith(".json") else raw_name(int(x), 0.01) for x in a.render_sizes.split(",")])
        return 0
    if a.worker:
        print(json.dumps(worker(a.worker, a.size, a.sigma)))
        return 0
    have = libraries()
    if not have:
        print("ann: neither faiss nor usearch is importable (they are not dependencies); nothing measured")
        return 0
    st = C.stamp()
    gt = ground_truth(a.size, a.sigma)
    print(f"exact: {json.dumps(gt)}", file=sys.stderr, flush=True)
    results = []
    for name in a.configs.split(","):
        if CONFIGS[name][0] not in have:
            results.append({"config": name, "error": f"{CONFIGS[name][0]} not importable"})
            continue
        p = subprocess.run([sys.executable, __file__, "--worker", name, "--size", str(a.size),
                            "--sigma", str(a.sigma)], capture_output=True, text=True)
        sys.stderr.write(p.stderr[-4000:])
        results.append(json.loads(p.stdout) if p.returncode == 0 else
                       {"config": name, "error": p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "?"})
        C.save_raw(raw_name(a.size, a.sigma), {"stamp": st, "size": a.size, "sigma": a.sigma, "exact": gt,
                                          "queries": len(np.load(work_dir() / "queries.npy")), "results": results})
    print(render(C.load_raw(raw_name(a.size, a.sigma))))  # type: ignore[arg-type]
    if not a.no_doc:
        write_doc([raw_name(a.size, a.sigma)])
    return 0


def raw_name(size: int, sigma: float) -> str:
    """The raw result's file name (the default noise unnamed)."""
    return f"ann-{size}.json" if sigma == 0.01 else f"ann-{size}-sigma{sigma}.json"


def write_doc(names: list[str]) -> None:
    """``docs/bench-raw/ann.md`` from the saved raw results of ``sizes`` (each measured when its own line says).

    Not a section of docs/benchmarks.md: every section there is one a ``run_all`` step writes, and this
    script is not one while the libraries are not dependencies."""
    parts = [render(d) for s in names if (d := C.load_raw(s)) is not None]  # type: ignore[arg-type]
    intro = ("Not wired into `run_all`: faiss and usearch are not dependencies (docs/design.md §5, \"Dense search "
             "is an exact numpy scan\"). Latencies are single queries on one thread; p95 on a loaded machine is "
             "dominated by scheduling, compare p50. \"depth\" is `efSearch` / `expansion_search`; a masked search is "
             "faiss's `IDSelectorBitmap` through `SearchParametersHNSW`, and for usearch (no filter in its Python "
             "`search`) an over-fetch of `2 × limit / fraction` filtered afterwards. Quantised configurations rescore "
             f"the top {RESCORE} × limit in float32 from the mapped file. Nothing was tuned on these queries: the "
             "degrees and construction depths were set before the runs, and every search depth run is shown.\n\n")
    C.raw_path("ann.md").write_text("## Dense search: ANN libraries against the exact scan (`scripts/bench/ann.py`, issue #33)\n\n" + intro + "\n".join(parts), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
