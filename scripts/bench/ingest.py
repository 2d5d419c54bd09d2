"""Ingest throughput end to end versus the bare ONNX encoder on exactly the same chunk texts.

For each encoder thread count (the product default ``max(1, cores-1)`` and 2) and each run:

1. **pipeline** — ``Ovillo(home, encoder=enc, settings=Settings(threads=t)).library.ingest([...])`` on a
   fresh temp data folder over the demo archive copied ``--copies`` times into distinct folders
   (facade open → scan → read → chunk → embed → commit → FTS rebuild → close/checkpoint).
   The encoder is wrapped in a thin recorder that keeps the texts it was asked to embed
   (``kind="passage"``) and the time spent inside ``embed_batch``.
2. **bare, flat loop** — the same encoder embeds exactly those texts, in the same order, in one
   loop of ``embed_batch`` calls of the encoder's batch size (32).
3. **bare, same calls** — replays the pipeline's own ``embed_batch`` calls (per-file groups),
   to separate the cost of per-file batching from everything else.
4. **re-ingest** — the unchanged corpus again on the same data folder (expects 0 embedded).

Overhead % = pipeline_time / bare_time − 1, median of the per-run ratios. The figure held against
the ≤ 15 % target is the **in-run overhead** (pipeline time / the embedding time inside that same
pipeline run − 1): it cannot drift with the machine's load between two timings, and it cannot go
negative. A negative overhead against the flat loop is a measurement artefact (padding differs, load
drifts), never a met target: it is labelled "not comparable".

Raw per-run times go to ``docs/bench-raw/ingest.json``; ``--rebuild`` re-renders the section from them.

    .venv/bin/python scripts/bench/ingest.py [--copies 1] [--runs 3] [--threads 1,2]
    .venv/bin/python scripts/bench/ingest.py --rebuild
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

import numpy as np  # noqa: E402

from core.ingest.pipeline import IngestOptions, IngestSummary  # noqa: E402
from core.models.encoder import Kind, TextEncoder  # noqa: E402
from core.progress import drive  # noqa: E402
from core.service import Ovillo  # noqa: E402
from core.settings import Settings  # noqa: E402

TARGET_OVERHEAD = 0.15
RAW_NAME = "ingest.json"


class RecordingEncoder(TextEncoder):
    """Forwards to a real encoder; records passage batches and the time spent embedding."""

    def __init__(self, inner: TextEncoder) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimension = inner.dimension
        self.max_tokens = inner.max_tokens
        self.calls: list[list[str]] = []
        self.embed_s = 0.0

    def embed_batch(self, texts: Sequence[str], *, kind: Kind) -> np.ndarray:
        """Embed through the real encoder, recording passage calls."""
        t = time.perf_counter()
        out = self.inner.embed_batch(texts, kind=kind)
        self.embed_s += time.perf_counter() - t
        if kind == "passage":
            self.calls.append(list(texts))
        return out

    def count_tokens(self, text: str) -> int:
        """The real tokenizer's count (the chunker packs with it)."""
        return self.inner.count_tokens(text)


@dataclass
class Run:
    """One run's timings (seconds)."""

    pipeline_s: float
    embed_inside_s: float
    bare_flat_s: float
    bare_calls_s: float
    reingest_s: float
    chunks: int
    embedded: int
    reembedded: int
    calls: int


@dataclass
class Config:
    """All runs of one thread count."""

    threads: int
    runs: list[Run] = field(default_factory=list)


def make_corpus(root: Path, copies: int, names: Sequence[str] = C.DEMO_FOLDERS) -> list[Path]:
    """Copy the demo folders ``copies`` times under ``root``; return the folders to ingest."""
    out: list[Path] = []
    for i in range(copies):
        for name in names:
            dst = root / f"copy{i:02d}" / name
            shutil.copytree(C.DEMO / name, dst)
            out.append(dst)
    return out


def drain(gen) -> IngestSummary:  # type: ignore[no-untyped-def]
    """Run an ingest generator to the end and return its summary."""
    return drive(gen)


def one_run(enc: TextEncoder, threads: int, folders: list[Path], work: Path, idx: int, replay: bool) -> Run:
    """Pipeline, bare flat loop, bare same-calls and re-ingest, once."""
    home = work / f"home-{threads}-{idx}"
    rec = RecordingEncoder(enc)
    settings = Settings(threads=threads)
    opts = IngestOptions(classification="public")
    t = time.perf_counter()
    with Ovillo(home, encoder=rec, settings=settings) as ov:
        summary = drain(ov.library.ingest(folders, opts))
    pipeline_s = time.perf_counter() - t
    if summary.failed:
        raise RuntimeError(f"ingest failed: {[(o.path, o.reason) for o in summary.failed]}")
    chunks = sum(o.chunks for o in summary.ok)
    texts = [x for call in rec.calls for x in call]
    batch = getattr(enc, "batch_size", 32)

    t = time.perf_counter()
    for part in C.batched(texts, batch):
        enc.embed_batch(part, kind="passage")
    bare_flat_s = time.perf_counter() - t

    bare_calls_s = float("nan")
    if replay:
        t = time.perf_counter()
        for call in rec.calls:
            enc.embed_batch(call, kind="passage")
        bare_calls_s = time.perf_counter() - t

    rec2 = RecordingEncoder(enc)
    t = time.perf_counter()
    with Ovillo(home, encoder=rec2, settings=settings) as ov:
        again = drain(ov.library.ingest(folders, opts))
    reingest_s = time.perf_counter() - t
    shutil.rmtree(home, ignore_errors=True)
    return Run(pipeline_s, rec.embed_s, bare_flat_s, bare_calls_s, reingest_s, chunks, len(texts),
               again.chunks_embedded, len(rec.calls))


def pct(x: float) -> str:
    """A ratio as a signed percentage."""
    return f"{x * 100:+.1f} %"


def render(configs: Sequence[Config], copies: int, runs: int, names: Sequence[str], stamp: dict[str, str],
           default_threads: int, provenance: str = "") -> str:
    """The markdown section."""
    out = ["## Ingest throughput vs the bare encoder (`scripts/bench/ingest.py`)", ""]
    out.append(C.stamp_line(stamp) + (" " + provenance if provenance else ""))
    out.append("")
    first = configs[0].runs[0]
    out.append(
        f"Corpus: the demo archive (`resources/demo/{{{','.join(names)}}}`; the full demo is 17 files: text, "
        f"Markdown, HTML, PDF, CSV, VTT/SRT, OHMS XML) copied **{copies}×** into distinct folders → **{first.chunks} chunks**, "
        f"{first.embedded} embedded texts (`kind=\"passage\"`) in {first.calls} `embed_batch` calls. "
        f"Median of **{runs} runs** per thread count; pipeline and bare runs interleaved. The pipeline time is "
        "end to end: facade open, scan, read, chunk, embed, commit, FTS rebuild, close (checkpoint). "
        "The bare flat loop embeds the identical texts in order, `embed_batch` slices of 32 (the encoder's "
        "batch size), same ONNX session and thread count. DuckDB runs with the same thread count "
        "(`Settings(threads=t)`).")
    out.append("")
    rows = []
    for c in configs:
        pipe = C.median([r.pipeline_s for r in c.runs])
        flat = C.median([r.bare_flat_s for r in c.runs])
        calls = C.median([r.bare_calls_s for r in c.runs])  # nan when not replayed
        inside = C.median([r.embed_inside_s for r in c.runs])
        re_s = C.median([r.reingest_s for r in c.runs])
        ov_flat = C.median([r.pipeline_s / r.bare_flat_s - 1 for r in c.runs])
        ov_calls = C.median([r.pipeline_s / r.bare_calls_s - 1 for r in c.runs])
        ov_inside = C.median([r.pipeline_s / r.embed_inside_s - 1 for r in c.runs])
        n = c.runs[0].chunks
        default = " (product default)" if c.threads == default_threads else ""
        flat_cell = (f"{pct(ov_flat)} — **not comparable** (see note)" if ov_flat < 0 else pct(ov_flat))
        verdict = "met" if ov_inside <= TARGET_OVERHEAD else "missed"
        rows.append([f"{c.threads}{default}", f"{pipe:.1f}", f"{n / pipe:.2f}", f"{flat:.1f}", f"{n / flat:.2f}",
                     flat_cell, "not run" if math.isnan(calls) else f"{calls:.1f}",
                     "not run (`--replay`)" if math.isnan(ov_calls) else pct(ov_calls),
                     f"{inside:.1f} ({inside / pipe * 100:.0f} %)", f"**{pct(ov_inside)}** ({verdict})",
                     f"{re_s:.2f} / {max(r.reembedded for r in c.runs)}"])
    out.append(C.md_table(
        ["encoder threads", "pipeline (s)", "pipeline chunks/s", "bare flat loop (s)", "bare chunks/s",
         "overhead vs flat loop", "bare, pipeline's own calls (s)", "overhead vs own calls",
         "embedding inside pipeline (s, share)",
         f"in-run overhead (pipeline / its own embedding − 1): the figure against the ≤ {TARGET_OVERHEAD * 100:.0f} % target",
         "re-ingest unchanged (s) / chunks embedded"], rows))
    out.append("")
    out.append(f"Target: the pipeline adds ≤ {TARGET_OVERHEAD * 100:.0f} % to the time spent embedding. The figure "
               "held against it is the **in-run overhead**: the pipeline's end-to-end time over the time its own "
               "`embed_batch` calls took inside that same run, so load drifting between two separate timings on "
               "this shared machine cannot move it, and it cannot be negative. \"Overhead vs flat loop\" compares "
               "with a separate bare run over the same texts; it is shown, but it is not the verdict. \"Overhead vs "
               "own calls\" replays the pipeline's per-file `embed_batch` groups bare, so the difference between "
               "those two columns is the cost (or gain) of batching per file instead of across files; \"embedding "
               "inside pipeline\" is the time spent in `embed_batch` during the pipeline run (the rest is reading, "
               "chunking/tokenising, store writes and the FTS rebuild).")
    if any(C.median([r.pipeline_s / r.bare_flat_s - 1 for r in c.runs]) < 0 for c in configs):
        out.append("")
        out.append("**Not comparable:** a negative overhead against the flat loop means the bare loop was slower "
                   "than the whole pipeline, which cannot be a pipeline speed-up (the pipeline does the same "
                   "embedding plus everything else). It is a measurement artefact, not a met target. Likely causes "
                   "(not separately measured in this run): slices of 32 texts taken in file order mix long diary "
                   "chunks (~450 tokens) with short catalogue rows, so the flat loop pads more than the pipeline, "
                   "whose `embed_batch` calls are per file (each sorted by length inside); and machine load "
                   "drifting between the two timings (see the spread of bare times under \"every run\"). Re-run "
                   "with `--replay` to time the pipeline's own calls bare.")
    out.append("")
    out.append("Tuning: no threshold is reported or tuned here; the encoder batch size (32) and the per-file "
               "batching are product defaults that were not chosen on this corpus.")
    if first.chunks < 500:
        out.append("")
        out.append(f"Only {first.chunks} chunks: the ≥ 500-chunk corpus (`--copies 5`, the script's default) did not "
                   "fit the time budget of this run on this machine; re-run without `--copies` to measure it.")
    out.append("")
    raw = [[c.threads, i + 1, f"{r.pipeline_s:.1f}", f"{r.embed_inside_s:.1f}", f"{r.bare_flat_s:.1f}",
            "—" if math.isnan(r.bare_calls_s) else f"{r.bare_calls_s:.1f}", f"{r.reingest_s:.2f}", r.reembedded] for c in configs for i, r in enumerate(c.runs)]
    out.append("<details><summary>every run</summary>\n")
    out.append(C.md_table(["threads", "run", "pipeline", "embed inside", "bare flat", "bare calls", "re-ingest",
                           "re-embedded"], raw))
    out.append("</details>")
    return "\n".join(out) + "\n"


def main() -> None:
    """Entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--copies", type=int, default=5, help="demo copies (5 → ≥ 500 chunks)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", default=f"{C.default_threads()},2")
    ap.add_argument("--replay", action="store_true",
                    help="also replay the pipeline's own embed_batch calls bare (one more embedding pass per run)")
    ap.add_argument("--folders", default=",".join(C.DEMO_FOLDERS), help="demo sub-folders to use")
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from docs/bench-raw/ingest.json")
    a = ap.parse_args()
    if a.rebuild:
        saved = C.load_raw(RAW_NAME)
        if not isinstance(saved, dict):
            raise SystemExit(f"no raw results at {C.raw_path(RAW_NAME)}: run without --rebuild")
        C.write_section("ingest", render_raw(saved))
        return
    stamp = C.stamp()
    thread_counts = list(dict.fromkeys(int(x) for x in a.threads.split(",")))
    configs = [Config(t) for t in thread_counts]
    encoders = {t: C.load_encoder(t) for t in thread_counts}
    with tempfile.TemporaryDirectory(prefix="ovillo-bench-ingest-") as tmp:
        work = Path(tmp)
        folders = make_corpus(work / "corpus", a.copies, a.folders.split(","))
        # warm-up: page in the model and the readers (not timed)
        encoders[thread_counts[0]].embed_batch(["passage warm-up"] * 4, kind="passage")
        for i in range(a.runs):
            for c in configs:
                r = one_run(encoders[c.threads], c.threads, folders, work, i, a.replay)
                c.runs.append(r)
                print(f"[ingest] threads={c.threads} run {i + 1}: pipeline {r.pipeline_s:.1f}s "
                      f"bare {r.bare_flat_s:.1f}s re-ingest {r.reingest_s:.2f}s", file=sys.stderr, flush=True)
    raw = {"stamp": stamp, "copies": a.copies, "runs": a.runs, "folders": a.folders.split(","),
           "default_threads": C.default_threads(),
           "configs": [{"threads": c.threads, "runs": [{k: (None if isinstance(v, float) and math.isnan(v) else v)
                                                     for k, v in dataclasses.asdict(r).items()} for r in c.runs]} for c in configs]}
    C.save_raw(RAW_NAME, raw)
    section = render_raw(raw)
    print(section)
    C.write_section("ingest", section)


def render_raw(raw: dict[str, Any]) -> str:
    """The section from the saved raw results (``None`` in a time means "not run")."""
    def run(d: dict[str, Any]) -> Run:
        values: dict[str, Any] = {k: (float("nan") if v is None else v) for k, v in d.items()}
        return Run(**values)

    configs = [Config(c["threads"], [run(r) for r in c["runs"]]) for c in raw["configs"]]
    return render(configs, raw["copies"], raw["runs"], raw["folders"], raw["stamp"], raw["default_threads"],
                  raw.get("provenance", ""))


if __name__ == "__main__":
    main()
