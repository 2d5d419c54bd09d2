"""Shared helpers for the benchmark scripts: timing stats, machine facts, the doc merger, raw results, corpora.

Every benchmark prints one markdown section and merges it into ``docs/benchmarks.md``
between ``<!-- bench:NAME -->`` / ``<!-- /bench:NAME -->`` markers, so scripts can run
alone or through ``scripts/bench/run_all`` without clobbering each other's sections.
The raw results a section is rendered from are saved in the repo under ``docs/bench-raw/``
by the script that measured them (:func:`save_raw`), each with a :func:`stamp` saying when,
at which commit and how it was measured; nothing a section shows comes from outside the repo.

``OVILLO_BENCH_DOC`` / ``OVILLO_BENCH_RAW`` point the doc and the raw folder elsewhere (a
smoke run that must not touch the committed files).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import platform
import random
import re
import resource
import statistics
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import core  # noqa: E402,F401  (first: sets ORT_DISABLE_TELEMETRY before anything imports onnxruntime)
from core.progress import drive  # noqa: E402

DOC = Path(os.environ.get("OVILLO_BENCH_DOC", REPO / "docs" / "benchmarks.md"))
RAW = Path(os.environ.get("OVILLO_BENCH_RAW", REPO / "docs" / "bench-raw"))
DEMO = REPO / "resources" / "demo"
DEMO_FOLDERS = ("diaries", "catalogue", "transcripts", "reports")
CACHE_DIR = Path(os.environ.get("OVILLO_BENCH_CACHE", "/tmp/ovillo-bench-cache"))
# where each script's section goes; a section not listed here (a new script) is appended after these
SECTION_ORDER = ("ingest", "ingest_small", "search", "vecfile", "lexinc", "quality", "fusion", "embedded_text", "objects", "ocr", "formats", "sync", "watch",
                 "portable",
                 "responsiveness", "gate", "ask")


def drain(gen: Any) -> Any:
    """Run a core progress generator to its end; its return value."""
    return drive(gen)


# -- statistics --------------------------------------------------------------------
def median(xs: Sequence[float]) -> float:
    """Median (0.0 for an empty list)."""
    return statistics.median(xs) if xs else 0.0


def percentile(xs: Sequence[float], p: float) -> float:
    """Nearest-rank percentile ``p`` in [0, 100] (no interpolation)."""
    if not xs:
        return 0.0
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(round(p / 100.0 * len(s) + 0.5)) - 1))
    return s[k]


def ms(seconds: float) -> str:
    """Seconds as a short milliseconds string."""
    return f"{seconds * 1000:.1f}"


# -- memory ------------------------------------------------------------------------
def peak_rss_mb() -> float:
    """Peak resident set size of this process in MiB (``ru_maxrss`` is KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def current_rss_mb() -> float:
    """Current resident set size in MiB from /proc (0.0 where unavailable)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


def reset_peak_rss() -> bool:
    """Reset this process's RSS high-water mark (``/proc/self/clear_refs``, Linux ≥ 4.0); False where refused."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def hwm_rss_mb() -> float:
    """This process's RSS high-water mark in MiB (``VmHWM``: since start or the last :func:`reset_peak_rss`)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


# -- machine facts -------------------------------------------------------------------
def machine_facts() -> dict[str, str]:
    """Cores, RAM, versions and date, for the doc header."""
    import duckdb
    import numpy
    import onnxruntime

    ram = "?"
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                ram = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    cpu = cpu_description()
    load = "?"
    try:
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        pass
    return {
        "cores": str(os.cpu_count()), "cpu": cpu, "ram": ram, "python": platform.python_version(),
        "duckdb": duckdb.__version__, "onnxruntime": onnxruntime.__version__, "numpy": numpy.__version__,
        "os": f"{platform.system()} {platform.release()}", "load": load,
        "date": _dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
    }


def cpu_description() -> str:
    """The CPU as a reader can tell two apart: the model name alone ("AMD EPYC") named two
    machines of different speed and instruction sets, so family, model and the widest vector
    extension are added (read from /proc/cpuinfo)."""
    fields: dict[str, str] = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            key = key.strip()
            if key in ("model name", "cpu family", "model", "flags") and key not in fields:
                fields[key] = value.strip()
            if not line.strip() and fields:
                break  # the first processor is enough
    except OSError:
        pass
    name = fields.get("model name") or platform.processor() or "?"
    flags = set(fields.get("flags", "").split())
    widest = ("AVX-512" if "avx512f" in flags else "AVX2, no AVX-512" if "avx2" in flags
              else "no AVX2" if flags else "")
    detail = ", ".join(x for x in (f"family {fields['cpu family']} model {fields['model']}"
                                   if "cpu family" in fields and "model" in fields else "", widest) if x)
    return f"{name} ({detail})" if detail else name


def header() -> str:
    """The doc's header: machine facts and how to reproduce."""
    f = machine_facts()
    return f"""# Ovillo benchmarks

Generated by `scripts/bench/` — do not edit by hand; re-run to refresh.

| machine | |
|---|---|
| CPU | {f['cpu']} — **{f['cores']} cores**, the machine that last wrote this file (load average {f['load']} then); each section names the CPU it was measured on, and sections of different CPUs are compared by their ratios only |
| RAM | {f['ram']} |
| OS | {f['os']} |
| Python / DuckDB / ONNX Runtime / numpy | {f['python']} / {f['duckdb']} / {f['onnxruntime']} / {f['numpy']} |
| file last written | {f['date']} (each section gives the date of its own measurement) |

**Reproduce:** `./scripts/bench/run_all` runs every script of `scripts/bench/` that writes a section,
in order, and regenerates this whole file with no hand step (a section kept from an older run says so). A partial re-run —
`ONLY="quality portable" ./scripts/bench/run_all`, or `.venv/bin/python scripts/bench/NAME.py` —
rewrites only its own sections (each between its own `bench:NAME` comment markers) and keeps the others. The raw
results each section is rendered from are written by the script that measured them to `docs/bench-raw/`
(in the repo; `--rebuild` re-renders a section from them). Each section says when, at which commit and with
which command it was measured, and whether the thresholds it reports were tuned on the same data. Models
are read from the user models folder (`core.paths.default_models_dir()`, assembled by `./scripts/run`);
every store is built in a temporary folder; embedded 10k-corpus vectors are cached in `{CACHE_DIR}`
(inputs only, never results). Times are medians / nearest-rank percentiles of repeated runs on a shared
machine: compare ratios, not absolute numbers.
"""


def write_section(name: str, body: str) -> None:
    """Merge one section into docs/benchmarks.md (header refreshed; other sections kept)."""
    sections: dict[str, str] = {}
    if DOC.exists():
        text = DOC.read_text(encoding="utf-8")
        for m in re.finditer(r"<!-- bench:(\w+) -->\n(.*?)<!-- /bench:\1 -->", text, re.S):
            sections[m.group(1)] = m.group(2)
    sections[name] = body.rstrip() + "\n"
    order = [s for s in SECTION_ORDER if s in sections] + sorted(s for s in sections if s not in SECTION_ORDER)
    out = [header()]
    for s in order:
        out.append(f"<!-- bench:{s} -->\n{sections[s]}<!-- /bench:{s} -->\n")
    DOC.parent.mkdir(parents=True, exist_ok=True)
    tmp = DOC.with_name(DOC.name + ".tmp")
    tmp.write_text("\n".join(out), encoding="utf-8")
    tmp.replace(DOC)


def git_commit() -> str:
    """The checked-out commit (short), with ``+changes`` when tracked files differ from it (read-only git)."""
    import subprocess

    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "diff-index", "--quiet", "HEAD", "--"], cwd=REPO,
                               capture_output=True).returncode != 0
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def stamp() -> dict[str, str]:
    """When, where and how a measurement was taken (saved with every raw result)."""
    load = "?"
    try:
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        pass
    script = Path(sys.argv[0]).name
    return {"date": _dt.datetime.now().strftime("%Y-%m-%d %H:%M"), "commit": git_commit(), "load": load,
            "command": " ".join(["scripts/bench/" + script, *sys.argv[1:]]), "cpu": cpu_description(),
            "cores": str(os.cpu_count())}


def stamp_line(st: dict[str, str], what: str = "Measured") -> str:
    """One sentence for a section: when, at which commit, by which command, under which load."""
    where, cpu = (f" on {st['cpu']}, {st.get('cores', '?')} cores", "") if st.get("cpu") else \
        ("", "CPU not recorded, before 2026-12-02: not necessarily the header's; ")
    return (f"{what} {st.get('date', '?')} at commit `{st.get('commit', '?')}` by `{st.get('command', '?')}`"
            f"{where} ({cpu}load average at the start: {st.get('load', '?')}).")


def raw_path(name: str) -> Path:
    """Where raw result ``name`` lives (``docs/bench-raw/NAME``)."""
    return RAW / name


def save_raw(name: str, data: object) -> Path:
    """Write raw result ``name`` as JSON (atomically: a crash never leaves half a file)."""
    path = raw_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1, default=str) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def load_raw(name: str) -> object | None:
    """Raw result ``name`` (None when no script has written it)."""
    path = raw_path(name)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def rebuild_section(section: str, raw_name: str, render: Callable[[Any], str]) -> None:
    """A script's ``--rebuild``: its section rendered again from its saved raw results, nothing measured."""
    saved = load_raw(raw_name)
    if saved is None:
        raise SystemExit(f"no raw results at {raw_path(raw_name)}: run without --rebuild")
    write_section(section, render(saved))


def md_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


# -- model ---------------------------------------------------------------------------
def load_encoder(threads: int, batch_size: int = 32):  # type: ignore[no-untyped-def]
    """The assembled default text model (read-only use of the user models folder)."""
    from core.models.registry import load_text_encoder
    from core.paths import default_models_dir

    return load_text_encoder(default_models_dir(), threads=threads, batch_size=batch_size)


def default_threads() -> int:
    """The product default for encoder threads."""
    from core.settings import default_threads as d

    return d()


# -- demo corpus -----------------------------------------------------------------------
_SENT = re.compile(r"(?<=[.!?…;])\s+(?=[\"'«“¿¡(\[]?[A-ZÀ-ÝÑÇ0-9])")


def demo_sentences() -> list[str]:
    """Every sentence of the demo archive (via the product readers), deduplicated, in file order."""
    from core.ingest.readers import is_supported, reader_for

    seen: set[str] = set()
    out: list[str] = []
    for folder in DEMO_FOLDERS:
        for f in sorted((DEMO / folder).rglob("*")):
            if not f.is_file() or not is_supported(f):
                continue
            result = reader_for(f)(f, f.read_bytes())
            for rec in result.records:
                for block in rec.blocks:
                    for s in _SENT.split(" ".join(block.text.split())):
                        s = s.strip()
                        if len(s.split()) >= 4 and s not in seen:
                            seen.add(s)
                            out.append(s)
    return out


def recombined_passages(n: int, seed: int = 7, min_sent: int = 1, max_sent: int = 2) -> list[str]:
    """``n`` distinct synthetic-but-realistic passages: runs of 1–2 demo sentences in a new order."""
    sents = demo_sentences()
    rng = random.Random(seed)
    out: list[str] = []
    seen: set[str] = set()
    while len(out) < n:
        k = rng.randint(min_sent, max_sent)
        p = " ".join(rng.sample(sents, k))
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


def corpus_key(texts: Sequence[str], model: str) -> str:
    """A cache key for a list of texts and a model."""
    h = hashlib.sha256(model.encode())
    for t in texts:
        h.update(b"\x1f" + t.encode())
    return h.hexdigest()[:16]


def batched(xs: Sequence[str], n: int) -> Iterator[Sequence[str]]:
    """Consecutive slices of ``n``."""
    for i in range(0, len(xs), n):
        yield xs[i:i + n]


def embed_cached(texts: Sequence[str], threads: int = 2, batch: int = 256, log: bool = True):  # type: ignore[no-untyped-def]
    """Embed ``texts`` as passages with the real encoder, cached (resumably) under CACHE_DIR.

    Progress is saved every ``batch`` texts, so an interrupted build resumes where it stopped.
    Returns a float32 matrix [len(texts), dim].
    """
    import time

    import numpy as np

    enc = load_encoder(threads)
    key = corpus_key(texts, enc.name)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    final = CACHE_DIR / f"vectors-{key}.npy"
    if final.exists():
        return np.load(final)
    parts = CACHE_DIR / f"vectors-{key}.parts"
    parts.mkdir(exist_ok=True)
    t0 = time.perf_counter()
    for start in range(0, len(texts), batch):
        part = parts / f"{start:08d}.npy"
        if part.exists():
            continue
        vecs = enc.embed_batch(list(texts[start:start + batch]), kind="passage")
        np.save(part.with_suffix(".tmp.npy"), vecs)
        part.with_suffix(".tmp.npy").replace(part)
        if log:
            done = min(start + batch, len(texts))
            print(f"  embedded {done}/{len(texts)} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)
    mat = np.concatenate([np.load(parts / f"{s:08d}.npy") for s in range(0, len(texts), batch)])
    np.save(final, mat)
    for p in parts.iterdir():
        p.unlink()
    parts.rmdir()
    return mat
