"""Window responsiveness: event-loop stalls of the real window while an import and an answer run.

The issue's requirement is that the window never stops reacting for more than 100 ms. This
measures it with every component real: the main window (offscreen Qt), the text encoder, the
answer model the product loads (``Ovillo.generator``: the GGUF assembled by setup, product
settings), the store. Each run is a fresh process (a cold window, like a user's first question):

1. a copy of a data folder that already holds the demo archive (indexed once, before the runs);
2. the window opens on it after ``Ovillo.warm_up()``, as ``ovillo-gui`` does, on the Ask page;
3. at t=0 a 10 ms timer starts recording the gap between its ticks (``app/stall.py``), an
   import of the demo archive (its files copied to a new folder, so every chunk is embedded
   again) starts, a question is sent to the answer model (which loads on that first question,
   as in the product) and a live search is typed;
4. the run ends when the import, the answer and the search have all finished.

A gap is how long the window could not repaint or react to input. Reported per run: max, p99
and median gap, gaps over 100 ms, over the whole run and over the part where the import and the
answer ran together. Stacks of every thread at each stall go to ``stall_stacks.txt`` in the run's
folder (kept with ``--keep``) to trace a stall to the code holding the GIL.

    .venv/bin/python scripts/bench/responsiveness.py [--runs 3] [--question TEXT] [--keep]
    .venv/bin/python scripts/bench/responsiveness.py --rebuild   # re-render from docs/bench-raw/responsiveness.json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before anything imports Qt

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

import core  # noqa: E402,F401  (first: closes onnxruntime's telemetry before anything loads it)

QUESTION = "¿Dónde aparecieron fragmentos de cerámica vidriada en la excavación de 2019?"
SEARCH = "cerámica vidriada"
RUN_TIMEOUT_S = 1800
RAW_NAME = "responsiveness.json"


# -- one run (a child process) ----------------------------------------------------------
def one_run(home: Path, archive: Path, question: str, out: Path) -> None:
    """Open the window on ``home``, import ``archive`` while answering ``question``; write the figures."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow
    from app.stall import StallMeter, summarise
    from core.service import Ovillo

    app = QApplication.instance() or QApplication([])
    ovillo = Ovillo(home)  # product settings and models folder; the answer model loads on the first question
    ovillo.warm_up()  # as ovillo-gui does before its window shows (app/main.py)
    w = MainWindow(ovillo)
    w.show()
    imp, ask = w.importer, w.ask
    assert imp is not None and ask is not None
    w.go(w.stack.indexOf(ask))  # the user watches the answer being found and checked
    loop = QEventLoop()
    QTimer.singleShot(500, loop.quit)  # the window's first facet/status reads settle
    loop.exec()

    marks: dict[str, float] = {}

    def check() -> None:  # polled from the event loop itself (the loop under measurement is the real one)
        now = time.monotonic()
        if imp.state == "idle":
            marks.setdefault("import", now)
        if ask.worker is None:
            marks.setdefault("answer", now)
        if w.search.hits:
            marks.setdefault("search", now)
        if {"import", "answer", "search"} <= marks.keys():
            loop.quit()

    poll = QTimer(interval=20)
    poll.timeout.connect(check)
    meter = StallMeter(out.parent / "stall_stacks.txt").start()
    t0 = time.monotonic()
    imp.start_import([str(archive)], collection="demo-copy")
    ask.ask(question)
    assert ask.worker is not None
    w.search.query.setText(SEARCH)
    poll.start()
    QTimer.singleShot(RUN_TIMEOUT_S * 1000, loop.quit)
    loop.exec()
    poll.stop()
    whole = meter.stop()
    if not {"import", "answer", "search"} <= marks.keys():
        raise SystemExit(f"run did not finish within {RUN_TIMEOUT_S} s: {sorted(marks)}")
    both = summarise(meter.gaps_between(t0, min(marks["import"], marks["answer"])))
    res, summary = ask.result, imp.summary
    errors = [box.text() for box in w.error_dialogs]
    if res is None or summary is None:
        raise SystemExit(f"the answer or the import did not complete: {errors}")
    outcome = ("grounded" if res.grounded else "refused" if res.refused else
               "cancelled" if res.reason == "cancelled" else "could not ground")
    figures: dict[str, Any] = {
        "whole": whole, "both": both,
        "import_s": round(marks["import"] - t0, 1), "answer_s": round(marks["answer"] - t0, 1),
        "search_s": round(marks["search"] - t0, 1),
        "files_ok": len(summary.ok), "files_failed": len(summary.failed),
        "chunks": ovillo.library.status().chunks, "outcome": outcome, "model": res.model, "reason": res.reason,
        "first_evidence_s": round(res.timings.evidence_ms / 1000, 1) if res.timings.evidence_ms else None,
        "stalls_over_100ms_at_s": [round(t - t0, 2) for t, g in meter.ticks if g > 100],
        "load_avg_1min": round(os.getloadavg()[0], 2), "errors": errors,
    }
    w.shutdown()
    w.close()
    ovillo.close()
    out.write_text(json.dumps(figures), encoding="utf-8")


# -- the benchmark ----------------------------------------------------------------------
def index_demo(home: Path) -> None:
    """The data folder every run starts from: the demo archive indexed (product settings)."""
    from core.ingest.pipeline import IngestOptions
    from core.service import Ovillo

    with Ovillo(home) as ov:
        summary = C.drain(ov.library.ingest([C.DEMO / d for d in C.DEMO_FOLDERS],
                                    IngestOptions(collection="demo", classification="public")))
        if summary.failed:
            raise SystemExit(f"indexing the demo failed: {summary.failed}")


def copy_archive(dst: Path) -> Path:
    """The demo archive's folders copied to ``dst`` (new paths: nothing of them is in the store yet)."""
    dst.mkdir(parents=True)
    for d in C.DEMO_FOLDERS:
        shutil.copytree(C.DEMO / d, dst / d)
    return dst


def render(raw: dict[str, Any]) -> str:
    """The doc section, from the raw results."""
    runs, question = raw["runs"], raw["question"]
    rows = []
    for i, r in enumerate(runs, 1):
        wh, bo = r["whole"], r["both"]
        rows.append([i, f"{r['import_s']:.0f} ({r['files_ok']} files, {r['files_failed']} failed)",
                     f"{r['answer_s']:.0f} ({r['outcome']}; first evidence {r.get('first_evidence_s', r.get('first_token_s'))} s)",
                     f"**{wh['max_ms']}** / {wh['p99_ms']} / {wh['median_ms']}", wh["over_100ms"], wh["ticks"],
                     f"{bo['max_ms']} / {bo['p99_ms']} / {bo['median_ms']}", bo["over_100ms"],
                     f"{r['load_avg_1min']:.1f}"])
    worst = max(r["whole"]["max_ms"] for r in runs)
    over = sum(r["whole"]["over_100ms"] for r in runs)
    verdict = (f"**met** in every run (worst gap {worst} ms)" if over == 0 else
               f"**not met**: {over} gap(s) over 100 ms in {sum(r['whole']['over_100ms'] > 0 for r in runs)} "
               f"of {len(runs)} runs, worst {worst} ms")
    stalls = "; ".join(f"run {i}: at " + ", ".join(f"{t} s" for t in r["stalls_over_100ms_at_s"][:8])
                       for i, r in enumerate(runs, 1) if r["stalls_over_100ms_at_s"])
    intro = (
        "Every component real: the main window (offscreen Qt), the multilingual-e5-small encoder, the answer "
        f"model as the product loads it (`Ovillo.generator`: `{runs[0]['model']}`, llama.cpp, product settings; "
        "it loads on the first question, inside the measured time), the DuckDB store. Each run is a fresh "
        "process on a copy of a data folder holding the indexed demo archive, the window opened after "
        "`Ovillo.warm_up()` as `ovillo-gui` does, on the Ask page. At t=0 an import of the demo archive starts "
        "(its 4 folders copied to a new place, so every chunk is embedded again; one writer thread), the question "
        f"“{question}” goes to the answer model and “{raw['search']}” is typed into the live search (one reader "
        "thread serves the answer, then the search). A 10 ms `QTimer` (`app/stall.py`) records the gap between "
        "its ticks until all three have finished; a gap is how long the window could not repaint or react to "
        f"input. {len(runs)} runs, each a fresh process.")
    table = C.md_table(["run", "import done at (s)", "answer done at (s)", "whole run: max / p99 / median gap (ms)",
                        "gaps > 100 ms", "ticks", "import and answer together: max / p99 / median (ms)",
                        "gaps > 100 ms (together)", "load avg at end"], rows)
    verdict_text = (
        f"Requirement (issue): no stall over 100 ms — {verdict}. **Tuning:** none — the 100 ms figure is the "
        "issue's, not fitted to these runs. The GUI test (`tests/gui/test_responsiveness.py`) asserts only that "
        "the loop kept ticking and the window took input while both jobs were in flight, with a scripted model; "
        "this benchmark is where the figure is measured, with the real one. The machine is shared (2 cores): a "
        "gap includes the time other processes held the CPU, so read the worst case as an upper bound.")
    parts = ["## Window responsiveness during an import and an answer (`scripts/bench/responsiveness.py`)",
             C.stamp_line(raw["stamp"]), intro, table, verdict_text]
    if stalls:
        parts.append(f"When the gaps over 100 ms happened (s after t=0): {stalls}.")
    return "\n\n".join(parts) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--question", default=QUESTION)
    ap.add_argument("--keep", action="store_true", help="keep the run folders (stall stacks) and print where")
    ap.add_argument("--rebuild", action="store_true", help=f"re-render the section from docs/bench-raw/{RAW_NAME}")
    ap.add_argument("--one-run", nargs=3, metavar=("HOME", "ARCHIVE", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one_run:
        one_run(Path(args.one_run[0]), Path(args.one_run[1]), args.question, Path(args.one_run[2]))
        return
    if args.rebuild:
        saved = C.load_raw(RAW_NAME)
        if not isinstance(saved, dict):
            raise SystemExit(f"no raw results at {C.raw_path(RAW_NAME)}: run without --rebuild")
        C.write_section("responsiveness", render(saved))
        return
    if args.runs < 1:
        raise SystemExit("--runs must be at least 1")
    stamp = C.stamp()
    root = Path(tempfile.mkdtemp(prefix="ovillo-bench-resp-"))
    try:
        base = root / "base"
        t = time.perf_counter()
        index_demo(base)
        print(f"indexed the demo once in {time.perf_counter() - t:.0f} s", file=sys.stderr, flush=True)
        runs: list[dict[str, Any]] = []
        for i in range(1, args.runs + 1):
            run_dir = root / f"run{i}"
            run_dir.mkdir()
            home = run_dir / "home"
            shutil.copytree(base, home)
            archive = copy_archive(run_dir / "archive")
            out = run_dir / "figures.json"
            subprocess.run([sys.executable, __file__, "--question", args.question, "--one-run", str(home),
                            str(archive), str(out)], check=True, timeout=RUN_TIMEOUT_S + 300)
            runs.append(json.loads(out.read_text(encoding="utf-8")))
            print(f"run {i}: {runs[-1]}", file=sys.stderr, flush=True)
            shutil.rmtree(home)
            shutil.rmtree(archive)
        raw = {"stamp": stamp, "question": args.question, "search": SEARCH, "runs": runs}
        C.save_raw(RAW_NAME, raw)
        body = render(raw)
        C.write_section("responsiveness", body)
        print(body)
    finally:
        if args.keep:
            print(f"run folders (stall stacks): {root}", file=sys.stderr)
        else:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
