#!/usr/bin/env python3
"""Ingest of many one-passage files (short verses) against the bare encoder on the same texts.

The demo's long chunks hide per-file costs (issue #10 measured +36 % on 400 one-passage
files when each file was embedded on its own). Each run: write N small files, ingest them
into an empty data folder with the real pipeline (scan, read, chunk, embed, commit, keyword
index), then embed the same passages with the bare encoder in batches of 32 — alternating
which goes first, medians over the runs. Writes the ``ingest_small`` section.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import _common as C  # noqa: E402  (imports core first: telemetry off before onnxruntime)

from core.ingest.options import IngestOptions  # noqa: E402
from core.service import Ovillo  # noqa: E402
from core.settings import Settings  # noqa: E402

RAW_NAME = "ingest_small.json"
SECTION = "ingest_small"


def bare(enc: Any, texts: list[str], batch: int) -> float:
    """The floor: the encoder alone over the same passages (with the passage prefix), batches of ``batch``."""
    t0 = time.perf_counter()
    for start in range(0, len(texts), batch):
        enc.embed_batch(texts[start:start + batch], kind="passage")
    return time.perf_counter() - t0


def pipeline(enc: Any, folder: Path, work: Path, threads: int) -> tuple[float, int]:
    """Wall time of ``Ovillo.library.ingest`` on ``folder`` into a fresh data folder; chunks embedded."""
    home = work / "home"
    shutil.rmtree(home, ignore_errors=True)
    settings = Settings(threads=threads)
    with Ovillo(home, models_dir=C.REPO / ".unused-models", settings=settings, encoder=enc) as app:
        t0 = time.perf_counter()
        summary = C.drain(app.library.ingest([folder], IngestOptions(collection="verses", classification="public")))
        took = time.perf_counter() - t0
    assert not summary.failed, summary.failed
    return took, summary.chunks_embedded


def render(raw: dict[str, Any]) -> str:
    rows = []
    for r in raw["configs"]:
        p, b = C.median(r["pipeline_s"]), C.median(r["bare_s"])
        ratios = [x / y for x, y in zip(r["pipeline_s"], r["bare_s"])]
        rows.append([r["threads"], r["files"], f"{p:.1f}", f"{b:.1f}", f"{r['files'] / p:.1f}",
                     f"{(C.median(ratios) - 1) * 100:+.1f} %", ", ".join(f"{(x - 1) * 100:+.0f}" for x in ratios)])
    table = C.md_table(["threads", "files", "ingest s (median)", "bare encoder s (median)", "files/s",
                        "overhead (median of per-run ratios)", "per run, %"], rows)
    return f"""## Ingest of many one-passage files (issue #10)

{C.stamp_line(raw["stamp"])}

{raw["files"]} files of one short passage each (1–2 demo sentences recombined, so every text is new to
the encoder), ingested into an empty data folder with the real pipeline — scan, read, language, chunk,
embed, commit, keyword index — against the bare encoder embedding the same passages in batches of 32.
The pipeline and the bare run alternate which goes first; {raw["runs"]} runs each. Target: overhead
≤ 15 % (issue #10; before batching across files the same shape measured +36 %). Nothing here is tuned.

{table}
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--files", type=int, default=400)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", default=str(C.default_threads()))
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from the raw file")
    a = ap.parse_args()
    if a.rebuild:
        raw = C.load_raw(RAW_NAME)
        if raw is None:
            raise SystemExit(f"no raw results at {C.raw_path(RAW_NAME)}: run without --rebuild")
        C.write_section(SECTION, render(raw))  # type: ignore[arg-type]
        return
    stamp = C.stamp()
    texts = C.recombined_passages(a.files, seed=11)
    configs = []
    with tempfile.TemporaryDirectory(prefix="ovillo-bench-small-") as tmp:
        work = Path(tmp)
        folder = work / "verses"
        folder.mkdir()
        for n, t in enumerate(texts):
            (folder / f"verse_{n:04d}.txt").write_text(t + "\n", encoding="utf-8")
        for threads in [int(x) for x in a.threads.split(",") if x]:
            enc = C.load_encoder(threads)
            bare(enc, texts[:32], 32)  # warm up the session once
            p_s, b_s = [], []
            for run in range(a.runs):
                order = ("pipeline", "bare") if run % 2 == 0 else ("bare", "pipeline")
                for what in order:
                    if what == "pipeline":
                        took, embedded = pipeline(enc, folder, work, threads)
                        assert embedded == len(texts), (embedded, len(texts))
                        p_s.append(took)
                    else:
                        b_s.append(bare(enc, texts, 32))
                print(f"threads {threads} run {run + 1}: ingest {p_s[-1]:.1f} s, bare {b_s[-1]:.1f} s", file=sys.stderr)
            configs.append({"threads": threads, "files": len(texts), "pipeline_s": p_s, "bare_s": b_s})
    raw = {"stamp": stamp, "files": len(texts), "runs": a.runs, "configs": configs}
    C.save_raw(RAW_NAME, raw)
    C.write_section(SECTION, render(raw))


if __name__ == "__main__":
    main()
