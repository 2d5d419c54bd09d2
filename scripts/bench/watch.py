"""Watching library folders (#36): what choosing watchdog rests on, and the reconciling scan's cost.

Prints JSON (docs/design.md §2 quotes it as [M: note]): for a tree of FILES files in folders of 100,
watchdog's recursive watch and Qt's QFileSystemWatcher (folders added one by one, as it needs) — time
to start, resident memory added, CPU over IDLE_S seconds with no event, the median and p95 from a
file's write to the watcher's callback; then a reconciling scan of SCAN_FILES unchanged indexed files
(the hashing encoder: the scan never embeds). Run: PYTHONPATH=. python scripts/bench/watch.py [FILES] [SCAN_FILES];
``watch.py latency``: from a save in a watched folder to the change being searchable (the real encoder).
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

IDLE_S = 10.0
PROBES = 40


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _cpu_s() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def tree(root: Path, files: int) -> list[Path]:
    """``files`` small files in folders of 100; the folders."""
    folders = []
    for i in range(0, files, 100):
        d = root / f"d{i // 100:05}"
        d.mkdir(parents=True)
        folders.append(d)
        for j in range(min(100, files - i)):
            (d / f"f{j:03}.txt").write_text(f"file {i + j}", encoding="utf-8")
    return folders


def _probe(root: Path, seen: threading.Event, wait: callable, name: str) -> list[float]:  # type: ignore[valid-type]
    """Latencies of new files (a folder watch reports new names; Qt's does not report a file's new content)."""
    lat = []
    for k in range(PROBES):
        seen.clear()
        t = time.perf_counter()
        (root / "d00000" / f"{name}{k}.txt").write_text("x", encoding="utf-8")
        wait()
        lat.append((time.perf_counter() - t) * 1000)
    return lat


def bench_watchdog(root: Path) -> dict[str, float]:
    from core.ingest.watcher import Watcher

    seen = threading.Event()

    class Probe(Watcher):
        def note(self, source: str, path: str, *, writing: bool) -> None:
            super().note(source, path, writing=writing)
            seen.set()

    rss, t = _rss_mb(), time.perf_counter()
    w = Probe()
    assert w.watch(str(root)) is None
    start = time.perf_counter() - t
    added = _rss_mb() - rss
    time.sleep(1)
    cpu = _cpu_s()
    time.sleep(IDLE_S)
    idle = _cpu_s() - cpu
    lat = _probe(root, seen, lambda: seen.wait(5), "watchdog")
    w.stop()
    return {"start_s": round(start, 2), "rss_added_mb": round(added, 1), "idle_cpu_pct": round(100 * idle / IDLE_S, 3),
            "latency_ms_p50": round(statistics.median(lat), 2),
            "latency_ms_p95": round(sorted(lat)[int(0.95 * len(lat)) - 1], 2)}


def bench_qt(root: Path, folders: list[Path]) -> dict[str, float]:
    from PySide6.QtCore import QCoreApplication, QEventLoop, QFileSystemWatcher, QTimer

    _app = QCoreApplication.instance() or QCoreApplication([])  # noqa: F841 - the watcher needs one
    seen = threading.Event()
    rss, t = _rss_mb(), time.perf_counter()
    w = QFileSystemWatcher()
    w.addPaths([str(root)] + [str(f) for f in folders])  # not recursive: every folder by name
    start = time.perf_counter() - t
    added = _rss_mb() - rss
    w.directoryChanged.connect(lambda _p: seen.set())
    cpu = _cpu_s()
    loop = QEventLoop()
    QTimer.singleShot(int(IDLE_S * 1000), loop.quit)
    loop.exec()
    idle = _cpu_s() - cpu

    def wait() -> None:
        if seen.is_set():
            return
        loop = QEventLoop()
        w.directoryChanged.connect(loop.quit)  # the signal is delivered by this thread's event loop
        QTimer.singleShot(5000, loop.quit)
        loop.exec()
        w.directoryChanged.disconnect(loop.quit)

    lat = _probe(root, seen, wait, "qt")
    return {"start_s": round(start, 2), "rss_added_mb": round(added, 1), "idle_cpu_pct": round(100 * idle / IDLE_S, 3),
            "latency_ms_p50": round(statistics.median(lat), 2),
            "latency_ms_p95": round(sorted(lat)[int(0.95 * len(lat)) - 1], 2)}


def bench_reconcile(base: Path, files: int) -> dict[str, float]:
    from core.models.fake_encoder import HashingEncoder
    from core.progress import drive
    from core.service import Ovillo

    docs = base / "scan"
    tree(docs, files)
    with Ovillo(base / "home", models_dir=base / "models", encoder=HashingEncoder()) as app:
        t = time.perf_counter()
        s = drive(app.library.ingest([docs], remember=True), lambda _e: None)
        ingest = time.perf_counter() - t
        assert len(s.ok) == files, s.failed[:3]
        t = time.perf_counter()
        s = drive(app.library.rescan(), lambda _e: None)
        rescan = time.perf_counter() - t
        assert len(s.skipped) == files and not s.ok
    return {"files": files, "ingest_s": round(ingest, 1), "reconcile_s": round(rescan, 2)}


def bench_latency(base: Path, runs: int = 10) -> dict[str, dict[str, float]]:
    """From a save in a watched folder to the change being searchable (the real encoder; the window's loop:
    settled changes indexed every 0.1 s): a one-page text rewritten, and one row of a 200-row catalogue."""
    from core.models.registry import load_text_encoder
    from core.paths import default_models_dir
    from core.progress import drive
    from core.service import Ovillo

    docs = base / "latency"
    docs.mkdir()
    page = " ".join(f"Line {i} of the ledger of the mill by the river, kept by the miller's family." for i in range(40))
    (docs / "page.txt").write_text(page, encoding="utf-8")
    rows = ["id,title,description"] + [f"{i},Item {i},A ceramic jar number {i} from the kiln." for i in range(200)]
    (docs / "catalogue.csv").write_text("\n".join(rows), encoding="utf-8")
    out: dict[str, dict[str, float]] = {}
    enc = load_text_encoder(default_models_dir(), threads=1)
    with Ovillo(base / "lhome", models_dir=default_models_dir(), encoder=enc) as app:
        drive(app.library.ingest([docs], remember=True), lambda _e: None)
        app.library.watch()
        for kind in ("page", "row"):
            lat = []
            for k in range(runs):
                word = f"zq{kind}{k}x"
                t = time.perf_counter()
                if kind == "page":
                    (docs / "page.txt").write_text(page + f" {word}", encoding="utf-8")
                else:
                    rows[1 + k] = f"{k},Item {k},A ceramic jar {word} from the kiln."
                    (docs / "catalogue.csv").write_text("\n".join(rows), encoding="utf-8")
                while not app.search.passages(word, limit=1) or word not in app.search.passages(word, limit=1)[0].text:
                    drive(app.library.index_watched(), lambda _e: None)
                    time.sleep(0.1)
                lat.append(time.perf_counter() - t)
            out[kind] = {"p50_s": round(statistics.median(lat), 2), "max_s": round(max(lat), 2), "runs": runs}
    return out


def main() -> None:
    if sys.argv[1:2] == ["latency"]:
        with tempfile.TemporaryDirectory() as tmp:
            print(json.dumps({"load": os.getloadavg()[0], **bench_latency(Path(tmp))}, indent=1))
        return
    files = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    scan_files = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "tree"
        folders = tree(root, files)
        out = {"files": files, "folders": len(folders), "load": os.getloadavg()[0],
               "watchdog": bench_watchdog(root), "qt": bench_qt(root, folders),
               "reconcile": bench_reconcile(Path(tmp), scan_files) if scan_files else None}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
