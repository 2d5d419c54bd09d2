"""Erasing removed records: what rewriting the store file costs (issue 28, `core/store/compact.py`).

For each size (records of 10 passages each; default 10k and 100k records = 100k and 1M passages):

* a store is built once in a temporary folder the way ``search.py`` builds its synthetic ones
  (``search.insert_corpus``: records + chunks through pyarrow, then the keyword index): 384-float
  clustered unit vectors and passages of 4–6 recombined demo sentences (~60–100 words). One record in
  the middle carries a unique marker word in each of its passages and its whole text (≥ 6 KB) in its
  ``data``, as a synced record does: DuckDB stores a value over 4 KB as plain bytes, while passages are
  FSST-compressed (not plain bytes, though decodable), so the marker's bytes are in the file;
* **Ovillo** (one child process per run, on a fresh copy of that store): the removal of that one
  record through ``RecordWriter.write(remove=[…])`` (timed), the keyword-index update the import or
  sync runs before erasing (timed), then ``compact(store)`` (timed; peak RSS of the process during
  it, the high-water mark reset just before through ``/proc/self/clear_refs``);
* **raw DuckDB** (its own child process per run, no Ovillo code): a bare connection attached to a copy
  of the same store after the same removal, running ``ATTACH fresh; COPY FROM DATABASE old TO fresh;
  DETACH fresh`` with the store's own settings (plain floats, row groups of 16,384, its thread count);
* the marker's bytes are asserted present in the file before the rewrite (after the removal too:
  DuckDB frees the blocks without overwriting them) and absent after it.

    .venv/bin/python scripts/bench/erase.py [--sizes 10000,100000] [--runs 3]
    .venv/bin/python scripts/bench/erase.py --rebuild      # re-render from docs/bench-raw/erase.json
"""

from __future__ import annotations

import argparse
import json
import mmap
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402
import search as S  # noqa: E402  (its store builder: insert_corpus, clustered_vectors)

import numpy as np  # noqa: E402

RAW_NAME = "erase.json"
MODEL = "multilingual-e5-small"
MARKER = "ovilloerasemarkerq7z4k"  # one lower-case word: the keyword index holds it as written
LANGS = ("es", "ca", "en")
BASE, REMOVED = "base.duckdb", "removed.duckdb"


def has_marker(path: Path) -> bool:
    """Whether the marker's bytes are anywhere in the file or its WAL."""
    for p in (path, path.with_name(path.name + ".wal")):
        if p.exists() and p.stat().st_size:
            with p.open("rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
                if m.find(MARKER.encode()) >= 0:
                    return True
    return False


def reset_peak() -> bool:
    """Reset this process's RSS high-water mark (Linux ≥ 4.0); False where the kernel refuses."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def threads() -> int:
    """The store's DuckDB threads as the product sets them."""
    from core.settings import Settings

    return Settings().threads


def victim(records: int) -> int:
    """The section_id of the record that is removed (one in the middle)."""
    return records // 2


# -- children -------------------------------------------------------------------------------
def build(size: int, folder: Path) -> dict[str, Any]:
    """The store of ``size`` records (base) and a copy with the record removed, not rewritten (raw's input)."""
    from core.retrieval.lexical import rebuild_lexical_index, update_lexical_index
    from core.store.db import Store
    from core.store.writer import RecordWriter

    passages = size * S.CHUNKS_PER_RECORD
    t0 = time.perf_counter()
    texts = C.recombined_passages(passages, seed=size, min_sent=4, max_sent=6)
    gone = victim(size)
    lo, hi = gone * S.CHUNKS_PER_RECORD, (gone + 1) * S.CHUNKS_PER_RECORD
    for i in range(lo, hi):
        texts[i] = f"{MARKER} {texts[i]}"
    words = [len(t.split()) for t in texts]
    full, k = " ".join(texts[lo:hi]), hi
    while len(full.encode()) < 6000:  # a long record: its text in data is stored as plain bytes
        full, k = f"{full} {texts[k % passages]}", k + 1
    rng = np.random.default_rng(size)
    vecs = S.clustered_vectors(passages, rng, S.unit(rng.standard_normal((S.CLUSTERS, S.DIM), dtype=np.float32)))
    gen_s = time.perf_counter() - t0
    base = folder / BASE
    store = Store(base, threads=os.cpu_count())  # the build is not measured: every core
    t0 = time.perf_counter()
    records = S.insert_corpus(store, MODEL, vecs, texts, list(LANGS))
    del texts, vecs
    with store.transaction() as cur:
        cur.execute("UPDATE records SET data = ? WHERE section_tipo = 'bench' AND section_id = ?",
                    [json.dumps({"text": full}, ensure_ascii=False), gone])
    rebuild_lexical_index(store)
    store.close()
    build_s = time.perf_counter() - t0
    assert has_marker(base), "the marker is not readable in the built store: the check would prove nothing"
    shutil.copyfile(base, folder / REMOVED)
    with Store(folder / REMOVED, threads=threads()) as st:
        assert RecordWriter(st).write(remove=[("bench", gone)]).removed
        update_lexical_index(st)
    assert has_marker(folder / REMOVED), "the removed record's bytes were gone before any rewrite"
    return {"records": records, "passages": passages, "words_mean": round(float(np.mean(words)), 1),
            "words_p10_p90": [int(np.percentile(words, 10)), int(np.percentile(words, 90))],
            "file_mb": round(base.stat().st_size / 2**20, 1), "gen_s": round(gen_s, 1),
            "build_s": round(build_s, 1), "marker_in_base": True, "marker_after_removal": True}


def ovillo_run(folder: Path, records: int) -> dict[str, Any]:
    """Remove one record, update the keyword index, compact: Ovillo's own calls on a copy of the store."""
    from core.retrieval.lexical import update_lexical_index
    from core.store.compact import compact, erase_pending
    from core.store.db import Store
    from core.store.writer import RecordWriter

    work = folder / "ovillo" / "ovillo.duckdb"
    work.parent.mkdir()
    shutil.copyfile(folder / BASE, work)
    store = Store(work, threads=threads())
    t0 = time.perf_counter()
    changes = RecordWriter(store).write(remove=[("bench", victim(records))])
    write_s = time.perf_counter() - t0
    assert changes.removed and erase_pending(store)
    t0 = time.perf_counter()
    update_lexical_index(store)
    keyword_s = time.perf_counter() - t0
    assert has_marker(work), "the marker was gone before compact()"
    rss_before = C.current_rss_mb()
    reset = reset_peak()
    t0 = time.perf_counter()
    compact(store)
    compact_s = time.perf_counter() - t0
    peak = C.peak_rss_mb()
    assert not erase_pending(store)
    assert not has_marker(work), "the removed record's marker is still in the file after compact()"
    after_mb = store.size_bytes() / 2**20
    store.close()
    assert not has_marker(work)
    shutil.rmtree(work.parent)
    return {"write_s": round(write_s, 3), "keyword_s": round(keyword_s, 3), "compact_s": round(compact_s, 3),
            "rss_before_mb": round(rss_before), "peak_rss_mb": round(peak), "peak_reset": reset,
            "file_after_mb": round(after_mb, 1), "load": os.getloadavg()[0]}


def raw_run(folder: Path, n_threads: int) -> dict[str, Any]:
    """The same rewrite by a bare DuckDB connection on a copy of the store after the removal."""
    import duckdb

    work = folder / "raw" / "old.duckdb"
    fresh = work.with_name("fresh.duckdb")
    work.parent.mkdir()
    shutil.copyfile(folder / REMOVED, work)
    con = duckdb.connect(":memory:", config={"threads": n_threads})
    con.execute("SET disabled_compression_methods = 'alp,alprd'")  # the store's floats are plain
    con.execute(f"ATTACH '{work}' AS old")
    rss_before = C.current_rss_mb()
    reset = reset_peak()
    t0 = time.perf_counter()
    con.execute(f"ATTACH '{fresh}' AS fresh (ROW_GROUP_SIZE 16384)")
    con.execute("COPY FROM DATABASE old TO fresh")
    con.execute("DETACH fresh")
    raw_s = time.perf_counter() - t0
    peak = C.peak_rss_mb()
    con.close()
    assert not has_marker(fresh), "the raw copy carried the removed record's marker"
    out = {"raw_s": round(raw_s, 3), "rss_before_mb": round(rss_before), "peak_rss_mb": round(peak),
           "peak_reset": reset, "fresh_mb": round(fresh.stat().st_size / 2**20, 1), "load": os.getloadavg()[0]}
    shutil.rmtree(work.parent)
    return out


def child(*args: str) -> dict[str, Any]:
    """Run this script with ``args`` in a fresh interpreter; its JSON answer (raises on failure)."""
    p = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, cwd=C.REPO)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{p.stderr[-4000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def measure(size: int, runs: int, note: str) -> dict[str, Any]:
    """Build one size, then ``runs`` Ovillo and raw rewrites, alternating."""
    stamp = C.stamp() | ({"note": note} if note else {})
    with tempfile.TemporaryDirectory(prefix="ovillo-bench-erase-") as tmp:
        print(f"[erase] {size:,} records: building …", file=sys.stderr, flush=True)
        built = child("--build", str(size), tmp)
        ovillo, raw = [], []
        for r in range(runs):
            ovillo.append(child("--ovillo", tmp, str(built["records"])))
            raw.append(child("--raw", tmp, str(threads())))
            print(f"[erase] {size:,} run {r + 1}/{runs}: compact {ovillo[-1]['compact_s']} s, "
                  f"raw {raw[-1]['raw_s']} s", file=sys.stderr, flush=True)
    stamp["load_end"] = " ".join(f"{x:.1f}" for x in os.getloadavg())
    return {"size": size, "stamp": stamp, "threads": threads(), **built, "ovillo": ovillo, "raw": raw}


# -- the section ------------------------------------------------------------------------------
def med(rows: Sequence[dict[str, Any]], key: str) -> float:
    """The median of ``key`` over runs."""
    return C.median([float(r[key]) for r in rows])


def render(results: Sequence[dict[str, Any]]) -> str:
    """The markdown section."""
    out = ["## Erasing removed records: the store rewrite (`scripts/bench/erase.py`)", ""]
    for r in results:
        out.append(f"- {r['records']:,} records: " + C.stamp_line(r["stamp"]) +
                   f" Load average at the end: {r['stamp'].get('load_end', '?')}. {r['stamp'].get('note', '')}".rstrip())
    out += ["", (
        "A removal or revocation leaves the deleted rows' bytes in freed blocks of the DuckDB file, so the import "
        "or sync that removed records rewrites the store into a fresh file (`core.store.compact.compact`: "
        "CHECKPOINT, ATTACH a new file, `COPY FROM DATABASE`, DETACH, fsync, rename over the old one, re-ATTACH). "
        "Measured on stores built as the search benchmark builds its synthetic ones (records of 10 passages of "
        "4–6 recombined demo sentences, "
        + "; ".join(f"{r['words_mean']:.0f} words on average, 10th–90th percentile {r['words_p10_p90'][0]}–"
                    f"{r['words_p10_p90'][1]}, at {r['records']:,}" for r in results)
        + "; 384-float clustered unit vectors stored plain; the keyword index built): one record is removed "
        "through `RecordWriter.write(remove=[…])` (*removal write*), the keyword index is updated as the import "
        "does, then `compact(store)` runs (*compact*, in its own process per run on a fresh copy of the store; "
        "peak RSS is that process's high-water mark during `compact` alone, reset just before it). *Raw COPY* is "
        "a bare DuckDB connection (no Ovillo code) attached to the same store after the same removal, timing "
        "`ATTACH fresh; COPY FROM DATABASE old TO fresh; DETACH fresh` with the store's settings (plain floats, "
        "row groups of 16,384, the same thread count); it skips Ovillo's CHECKPOINT of the removal, the fsyncs, "
        "the rename and the re-ATTACH. Each run asserts that a unique word of the removed record's passages is "
        "in the file's bytes before the rewrite (after the removal too) and in none after it; the removed record "
        "also holds its whole text (≥ 6 KB) in its `data`, as a synced record does, and DuckDB stores a value "
        "over 4 KB as plain bytes (passages are FSST-compressed: not plain bytes, yet decodable by anyone "
        "reading the file). "
        "Times in seconds, "
        f"medians of {min(len(r['ovillo']) for r in results) if results else 0} runs [min–max]."), ""]
    rows = []
    for r in results:
        o, w = r["ovillo"], r["raw"]
        comp = [x["compact_s"] for x in o]
        ratio = med(o, "compact_s") / med(w, "raw_s") if med(w, "raw_s") else 0.0
        rows.append([f"{r['records']:,}", f"{r['passages']:,}", f"{r['file_mb']:,.0f}", f"{med(o, 'write_s'):.3f}",
                     f"{med(o, 'compact_s'):.2f} [{min(comp):.2f}–{max(comp):.2f}]", f"{med(w, 'raw_s'):.2f}",
                     f"{ratio:.2f}", f"{med(o, 'peak_rss_mb'):,.0f} / {med(w, 'peak_rss_mb'):,.0f}"])
    out.append(C.md_table(["records", "passages", "store file (MiB)", "removal write (s)", "compact (s)",
                           "raw COPY (s)", "compact / raw", "peak RSS during it (MiB), Ovillo / raw"], rows))
    out.append("")
    for r in results:
        o = r["ovillo"]
        out.append(f"- {r['records']:,}: keyword-index update after the removal {med(o, 'keyword_s'):.2f} s "
                   f"(not part of the rewrite); RSS before `compact` {med(o, 'rss_before_mb'):,.0f} MiB; file "
                   f"after it {med(o, 'file_after_mb'):,.0f} MiB; store built in {r['build_s']:.0f} s "
                   f"(not measured here).")
    if results:
        big = max(results, key=lambda r: r["file_mb"])
        per_gb = med(big["ovillo"], "compact_s") / (big["file_mb"] / 1024)
        raw_gb = med(big["raw"], "raw_s") / (big["file_mb"] / 1024)
        out += ["", (
            f"The rewrite costs about **{per_gb:.0f} s per GiB of store** on this shared machine "
            f"({big['file_mb'] / 1024:.1f} GiB in {med(big['ovillo'], 'compact_s'):.1f} s; DuckDB's own copy "
            f"{raw_gb:.0f} s per GiB), paid once by an import or sync that removed records however few: removing "
            f"the one record took {med(big['ovillo'], 'write_s'):.2f} s, erasing its bytes rewrites the whole file; "
            f"its memory is DuckDB's copy's (peak {med(big['ovillo'], 'peak_rss_mb'):,.0f} MiB, the bare copy "
            f"{med(big['raw'], 'peak_rss_mb'):,.0f}).")]
    out += ["", "Tuning: nothing was tuned on these stores; the sizes are the issue's, the passage length and "
            "vectors are chosen to look like a real archive's."]
    return "\n".join(out) + "\n"


def main() -> None:
    """Entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10000,100000", help="records per store (10 passages each)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--note", default="", help="saved with the results and shown, e.g. what shared the machine")
    ap.add_argument("--rebuild", action="store_true", help="run nothing: re-render from docs/bench-raw/erase.json")
    ap.add_argument("--build", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--ovillo", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--raw", nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.build or a.ovillo or a.raw:
        if a.build:
            got = build(int(a.build[0]), Path(a.build[1]))
        elif a.ovillo:
            got = ovillo_run(Path(a.ovillo[0]), int(a.ovillo[1]))
        else:
            got = raw_run(Path(a.raw[0]), int(a.raw[1]))
        print(json.dumps(got))
        return
    saved = C.load_raw(RAW_NAME)
    by_size: dict[int, dict[str, Any]] = {int(k): v for k, v in (saved or {}).items()} \
        if isinstance(saved, dict) else {}
    if not a.rebuild:
        for s in (int(x) for x in a.sizes.split(",") if x):
            by_size[s] = measure(s, a.runs, a.note)
            C.save_raw(RAW_NAME, {str(k): by_size[k] for k in sorted(by_size)})
    section = render([by_size[k] for k in sorted(by_size)])
    print(section)
    C.write_section("erase", section)


if __name__ == "__main__":
    main()
