"""llama.cpp generation speed: the portable build setup ships against a native build, same machine.

* **portable** — the llama-cpp-python installed in ``.venv`` by ``scripts/ovsetup``: built with its
  ``LLAMA_CMAKE_ARGS`` (``GGML_NATIVE=OFF``, AVX/AVX2/FMA/F16C/BMI2 baseline, AVX-512 and AMX off),
  wheel cached in ``~/.cache/ovillo/wheels/llama-<key>/``. The script checks that the venv holds
  that build (setup's stamp carries the key).
* **native** — the same llama-cpp-python version and the same flags except the instruction set:
  every ISA switch dropped, which leaves llama.cpp's upstream default, a native build (the
  compiler targets this machine's CPU) — what setup built before issue #9. Built once into a bench-only cache,
  ``~/.cache/ovillo/bench-wheels/llama-native-<key>/`` (``OVILLO_BENCH_WHEELS`` overrides the parent
  folder), installed with ``pip install --target`` next to the wheel; never into ``.venv``, never
  into the product's wheel cache. The native build is measured, never shipped.

Each measurement runs in a child process (the native one with ``PYTHONPATH`` on the bench-only
folder, so it imports that ``llama_cpp``; the portable one with the venv's), loading the answer
GGUF through the product's :class:`~core.models.generator.LlamaGenerator` (seed 7, ``n_ctx`` and
threads as given), formatting one fixed answer-style prompt (the product's system prompt, four demo
passages, a question) with the GGUF's chat template, and timing, per run: prompt evaluation from an
empty KV cache, then greedy decoding of exactly ``--gen`` tokens (end-of-text ignored, so both builds
do the same work). Each child warms up once (untimed) and prints JSON; children alternate portable,
native, portable, native… so load drift on a shared machine hits both. Medians over all runs.

    .venv/bin/python scripts/bench/portable.py [--threads 1,2] [--rounds 3] [--runs 2] [--gen 128]
    .venv/bin/python scripts/bench/portable.py --rebuild     # re-render from docs/bench-raw/portable.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

VENV = C.REPO / ".venv"
RAW_NAME = "portable.json"
# instruction-set switches the portable build pins; the native build drops them all (upstream default: native)
ISA_FLAG = re.compile(r"^-DGGML_(NATIVE|AVX\w*|FMA|F16C|BMI2|AMX\w*|SSE\w*)=")
CPU_FLAGS_SHOWN = re.compile(r"^(avx\w*|fma|f16c|bmi2|amx\w*)$")


# -- builds ----------------------------------------------------------------------------------
def setup_build() -> tuple[str, str]:
    """(llama-cpp-python version, portable CMake flags) exactly as scripts/ovsetup/llama.py sets them."""
    sys.path.insert(0, str(C.REPO / "scripts"))
    from ovsetup import llama

    return llama.LLAMA_VERSION, llama.LLAMA_CMAKE_ARGS


def build_key(version: str, flags: str) -> str:
    """The wheel-cache key setup computes: sha256 of ``version|flags``, 16 hex digits."""
    return hashlib.sha256(f"{version}|{flags}".encode()).hexdigest()[:16]


def native_flags(portable: str) -> str:
    """The portable flags without any instruction-set switch: llama.cpp's own default, a native build."""
    return " ".join(f for f in portable.split() if not ISA_FLAG.match(f))


def cache_home() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def bench_wheel_dir(key: str) -> Path:
    root = Path(os.environ.get("OVILLO_BENCH_WHEELS") or cache_home() / "ovillo" / "bench-wheels")
    return root / f"llama-native-{key}"


def ensure_native(version: str, flags: str, key: str) -> tuple[Path, float | None]:
    """Build (once) and unpack the native wheel in the bench-only cache; (import folder, build seconds)."""
    folder = bench_wheel_dir(key)
    site = folder / "site"
    wheels = sorted(folder.glob(f"llama_cpp_python-{version}-*.whl"))
    build_s: float | None = None
    if not wheels:
        folder.mkdir(parents=True, exist_ok=True)
        print(f"[portable] building llama-cpp-python {version} natively into {folder} (a few minutes, once)",
              file=sys.stderr, flush=True)
        env = {**os.environ, "CMAKE_ARGS": flags, "FORCE_CMAKE": "1"}
        t = time.perf_counter()
        p = subprocess.run([str(VENV / "bin" / "python"), "-m", "pip", "wheel", "--quiet", "--no-deps",
                            "--no-binary", "llama-cpp-python", "--no-cache-dir", f"llama-cpp-python=={version}",
                            "-w", str(folder)], env=env)
        build_s = time.perf_counter() - t
        wheels = sorted(folder.glob(f"llama_cpp_python-{version}-*.whl"))
        if p.returncode != 0 or not wheels:
            shutil.rmtree(folder, ignore_errors=True)
            raise SystemExit("could not build the native llama-cpp-python wheel")
        (folder / "BUILD_FLAGS").write_text(flags + "\n", encoding="utf-8")
        (folder / "BUILD_SECONDS").write_text(f"{build_s:.0f}\n", encoding="utf-8")
        shutil.rmtree(site, ignore_errors=True)
    if not (site / "llama_cpp").is_dir():
        p = subprocess.run([str(VENV / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps",
                            "--no-index", "--target", str(site), str(wheels[-1])])
        if p.returncode != 0:
            raise SystemExit(f"could not unpack {wheels[-1]} into {site}")
    if build_s is None and (folder / "BUILD_SECONDS").exists():
        build_s = float((folder / "BUILD_SECONDS").read_text().strip())
    return site, build_s


def venv_is_portable(key: str) -> bool:
    """setup writes ``<pyproject hash>-<build key>`` to this stamp when it installs the cached wheel."""
    stamp = VENV / ".ovillo-deps-generator"
    return stamp.exists() and stamp.read_text().strip().endswith(f"-{key}")


def cpu_flags() -> list[str]:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                return sorted(f for f in line.split(":", 1)[1].split() if CPU_FLAGS_SHOWN.match(f))
    except OSError:
        pass
    return []


# -- the GGUF and the prompt -------------------------------------------------------------------
def answer_gguf() -> tuple[Path, str, str]:
    """(path, model name, sha256) of the product's answer model, verified against its manifest."""
    from core.models.manifest import read_manifest, verify
    from core.paths import default_models_dir
    from core.settings import Settings

    name = Settings().answer_model
    folder = default_models_dir() / name
    manifest = read_manifest(folder)
    verify(folder, manifest)
    return manifest.file(folder, "gguf"), name, manifest.files["gguf"].sha256


def prompt_messages() -> list[tuple[str, str]]:
    """One fixed answer-style prompt: the product's system prompt, four demo passages, a question."""
    from core.answer.prompt import SYSTEM, user_message

    files = ["2019-07-17_trinxera4_forn.md", "2019-07-12_trench3.md", "2019-07-03_trinxera1_esglesia.md",
             "2019-08-05_conservation_lab.md"]
    blocks = []
    for i, name in enumerate(files, 1):
        text = " ".join((C.DEMO / "diaries" / name).read_text(encoding="utf-8").split())[:600]
        blocks.append(f"[S{i}] {name}\n{text}")
    user = user_message("Com era el forn de terrissa de la trinxera 4 i què s'hi va trobar?", "ca",
                        "4 passages from the archive visible to profile owner", blocks, "")
    return [("system", SYSTEM), ("user", user)]


# -- child: one build, timed ------------------------------------------------------------------------
def child(spec: dict[str, Any]) -> dict[str, Any]:
    """Load the GGUF with whichever llama_cpp this interpreter imports; time prompt and generation."""
    import llama_cpp
    import numpy as np

    from core.errors import ModelError
    from core.models.generator import LlamaGenerator, Message

    t = time.perf_counter()
    gen = LlamaGenerator(Path(spec["gguf"]), name=spec["name"], n_ctx=spec["n_ctx"], threads=spec["threads"])
    load_s = time.perf_counter() - t
    llm = gen.llama
    try:
        prompt = gen.prompt_text([Message(r, c) for r, c in spec["messages"]])
    except ModelError as exc:
        raise SystemExit(str(exc)) from None
    tokens = llm.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)
    n_vocab = llm.n_vocab()

    def once(n_gen: int, toks: list[int]) -> tuple[float, float, list[int]]:
        llm.reset()
        t0 = time.perf_counter()
        llm.eval(toks)
        t1 = time.perf_counter()
        out: list[int] = []
        for _ in range(n_gen):
            logits = np.ctypeslib.as_array(llama_cpp.llama_get_logits(llm.ctx), shape=(n_vocab,))
            tok = int(np.argmax(logits))
            out.append(tok)
            llm.eval([tok])
        return t1 - t0, time.perf_counter() - t1, out

    once(8, tokens[:64])  # warm-up: pages the weights in, builds the graphs (untimed)
    runs = []
    generated: list[int] = []
    for _ in range(spec["runs"]):
        p_s, g_s, generated = once(spec["gen"], tokens)
        runs.append({"prompt_s": round(p_s, 4), "gen_s": round(g_s, 4), "prompt_tps": round(len(tokens) / p_s, 2),
                     "gen_tps": round(spec["gen"] / g_s, 2)})
    info = llama_cpp.llama_print_system_info()
    return {"llama_cpp": str(Path(llama_cpp.__file__).parent), "version": llama_cpp.__version__,
            "system_info": info.decode("utf-8", "replace") if isinstance(info, bytes) else str(info),
            "load_s": round(load_s, 2), "n_prompt": len(tokens), "n_gen": spec["gen"], "runs": runs,
            "generated_sha": hashlib.sha256(json.dumps(generated).encode()).hexdigest()[:16],
            "generated_text": llm.detokenize(generated).decode("utf-8", "replace")[:300]}


def run_child(spec: dict[str, Any], pythonpath: Path | None) -> dict[str, Any]:
    """One child process; its JSON, or {"error": ...} (with the signal when it died of one)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    p = subprocess.run([sys.executable, __file__, "--child", json.dumps(spec)], env=env, capture_output=True,
                       text=True, cwd=C.REPO)
    if p.returncode != 0:
        reason = f"exit code {p.returncode}"
        if p.returncode < 0:
            import signal

            reason = f"killed by {signal.Signals(-p.returncode).name}"
        return {"error": reason, "stderr": p.stderr[-2000:]}
    return json.loads(p.stdout.strip().splitlines()[-1])


# -- render ---------------------------------------------------------------------------------------
def med(xs: list[float]) -> float:
    return C.median(xs)


def render(raw: dict[str, Any]) -> str:
    """The markdown section from the raw results."""
    out = ["## llama.cpp: portable build vs native build (`scripts/bench/portable.py`)", ""]
    out.append(C.stamp_line(raw["stamp"]))
    out.append("")
    out.append(
        f"Same machine, same GGUF (`{raw['model']}`, sha256 `{raw['gguf_sha256'][:16]}…`), same prompt "
        f"({raw['n_prompt']} tokens: the product's system prompt, four demo passages and a question, formatted "
        f"with the GGUF's chat template), same seed (7), `n_ctx` {raw['n_ctx']}, same threads (`n_threads` = "
        f"`n_threads_batch`), loaded through the product's `LlamaGenerator`. Per run: prompt evaluation from an "
        f"empty KV cache, then greedy decoding of exactly {raw['n_gen']} tokens (end-of-text ignored, so both "
        f"builds do the same work). Each build runs in its own child process that warms up once (untimed) and "
        f"then times {raw['runs']} runs; children alternate portable / native for {raw['rounds']} rounds, so each "
        f"figure is the median of {raw['runs'] * raw['rounds']} runs.")
    out.append("")
    out.append(f"- **portable** (what setup builds and ships; the venv's `llama_cpp`): "
               f"`{raw['portable_flags']}` — wheel cache key `{raw['portable_key']}`.")
    build = (f", built once in {raw['native_build_s'] / 60:.1f} min on this shared machine"
             if raw.get("native_build_s") else "")
    out.append(f"- **native** (bench-only): `{raw['native_flags']}` — built from the same llama-cpp-python "
               f"{raw['version']} sdist into `{raw['native_dir']}`{build}, imported through `PYTHONPATH`; "
               "never installed into `.venv`, never put in the product's wheel cache.")
    out.append(f"- this CPU advertises: {', '.join(f'`{f}`' for f in raw['cpu_flags']) or '?'}.")
    out.append("")
    rows = []
    notes: list[str] = []
    spreads: list[str] = []
    identical: list[str] = []
    different: list[str] = []
    for t in raw["threads"]:
        res = {b: [r for r in raw["results"] if r["threads"] == t and r["build"] == b] for b in ("portable", "native")}
        errors = [r for b in res.values() for r in b if "error" in r]
        ok = {b: [x for r in rs if "error" not in r for x in r["runs"]] for b, rs in res.items()}
        med_p = {b: med([x["prompt_tps"] for x in ok[b]]) for b in ok}
        med_g = {b: med([x["gen_tps"] for x in ok[b]]) for b in ok}
        for b in ("portable", "native"):
            rows.append([str(t), b, f"{med_p[b]:.1f}" if ok[b] else "—", f"{med_g[b]:.1f}" if ok[b] else "—",
                         str(len(ok[b]))])
        spread = max((max(v) / min(v) for b in ok for v in ([x["prompt_tps"] for x in ok[b]],
                                                             [x["gen_tps"] for x in ok[b]]) if v and min(v) > 0),
                     default=1.0)
        spreads.append(f"{t} thread(s) {spread:.1f}×")
        if spread > 2:
            loads = [r["load"] for rs in res.values() for r in rs if "load" in r]
            at = f" (load average {min(loads):.1f}–{max(loads):.1f} on {os.cpu_count()} cores as its children started)" \
                if loads else ""
            notes.append(f"**{t} thread(s): not a reliable comparison.** Runs of one build differ by up to "
                         f"{spread:.1f}× at this thread count{at}: other jobs held the cores, and llama.cpp threads "
                         "collapse when another process is busy (`docs/design.md` §4), so these figures and their "
                         "ratio measure contention more than the build; re-run on an idle machine.")
        if ok["portable"] and ok["native"]:
            rp = med_p["native"] / med_p["portable"]
            rg = med_g["native"] / med_g["portable"]
            rows.append([str(t), "**ratio native / portable**", f"**{rp:.2f}×** ({(rp - 1) * 100:+.0f} %)",
                         f"**{rg:.2f}×** ({(rg - 1) * 100:+.0f} %)", ""])
            same = {r["generated_sha"] for rs in res.values() for r in rs if "error" not in r}
            (identical if len(same) == 1 else different).append(f"{t}")
        for e in errors:
            notes.append(f"{t} thread(s), {e['build']} build: **the child failed — {e['error']}**.")
    out.append(C.md_table(["threads", "build", "prompt tokens/s (median)", "generation tokens/s (median)",
                           "runs"], rows))
    out.append("")
    per_round = []
    for t in raw["threads"]:
        for rnd in range(raw["rounds"]):
            pair = {r["build"]: r for r in raw["results"]
                    if r["threads"] == t and r["round"] == rnd and "error" not in r}
            if len(pair) == 2:
                g = med([x["gen_tps"] for x in pair["native"]["runs"]]) / med(
                    [x["gen_tps"] for x in pair["portable"]["runs"]])
                p = med([x["prompt_tps"] for x in pair["native"]["runs"]]) / med(
                    [x["prompt_tps"] for x in pair["portable"]["runs"]])
                per_round.append(f"{t} thread(s), round {rnd + 1}: prompt {p:.2f}×, generation {g:.2f}×")
    if spreads:
        out.append("Spread within a build (fastest / slowest of its runs, prompt or generation): " + "; ".join(spreads)
                   + ". The machine is shared (see the load column under \"every run\"), so read the ratio, and "
                   "a ratio within that spread of 1.0 as no measurable difference.")
        out.append("")
    if per_round:
        out.append("Ratio per round (native / portable, medians of that round's runs): " + "; ".join(per_round)
                   + ".")
        out.append("")
    if different:
        notes.append(f"At {' and '.join(different)} thread(s) the two builds generated different {raw['n_gen']} tokens "
                     "(greedy): the wider kernels round differently, so the argmax eventually differs; the work per "
                     "token is the same.")
    if identical:
        notes.append(f"At {' and '.join(identical)} thread(s) the two builds generated the same {raw['n_gen']} tokens.")
    for note in notes:
        out += [note, ""]
    infos = {r["build"]: r["system_info"] for r in raw["results"] if "system_info" in r}
    for b, info in infos.items():
        cpu = next((seg.strip() for seg in info.split("\n") if "CPU" in seg), info.strip())
        out.append(f"`llama_print_system_info()`, {b}: `{cpu.strip()[:400]}`  ")
    out.append("")
    out.append(
        "**The native build is only measured here, never shipped.** A build with `GGML_NATIVE` (the upstream "
        "default) executed AMX `tilezero` and died with `SIGILL` on an Intel virtual machine that advertises AMX "
        "but traps it (issue #9), so setup builds the portable flags above on every machine and the answer "
        "model runs in a child process. The ratio is what that safety costs on this CPU (AVX-512 here); on a "
        "CPU without AVX-512 the two builds should differ less (not measured here).")
    out.append("")
    out.append("Tuning: this section reports no threshold and nothing in it was tuned; the thread counts are "
               "the product default (cores − 1) and 2.")
    out.append("")
    out.append("<details><summary>every run (tokens/s)</summary>\n")
    rows = []
    for r in raw["results"]:
        if "error" in r:
            rows.append([r["threads"], r["round"] + 1, r["build"], r["error"], "", "", r.get("load", "")])
            continue
        rows.append([r["threads"], r["round"] + 1, r["build"],
                     ", ".join(f"{x['prompt_tps']:.1f}" for x in r["runs"]),
                     ", ".join(f"{x['gen_tps']:.1f}" for x in r["runs"]), f"{r['load_s']:.1f}",
                     r.get("load", "not recorded")])
    out.append(C.md_table(["threads", "round", "build", "prompt tok/s per run", "generation tok/s per run",
                           "model load (s)", "load average at its start"], rows))
    out.append("</details>")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", default="", help="comma-separated thread counts (default: product default and 2)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating portable/native child pairs per thread count")
    ap.add_argument("--runs", type=int, default=2, help="timed runs per child (after one untimed warm-up)")
    ap.add_argument("--gen", type=int, default=128, help="tokens generated per run")
    ap.add_argument("--n-ctx", type=int, default=2048)
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from docs/bench-raw/portable.json")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(json.dumps(child(json.loads(a.child))))
        return
    if a.rebuild:
        raw = C.load_raw(RAW_NAME)
        if not isinstance(raw, dict):
            raise SystemExit(f"no raw results at {C.raw_path(RAW_NAME)}: run without --rebuild")
        C.write_section("portable", render(raw))
        return
    if a.rounds * a.runs < 3:
        raise SystemExit("need at least 3 timed runs per build (--rounds × --runs)")
    stamp = C.stamp()
    version, flags = setup_build()
    key = build_key(version, flags)
    if not venv_is_portable(key):
        raise SystemExit(f"{VENV} does not hold the portable build {key} of scripts/ovsetup: run ./scripts/run")
    nflags = native_flags(flags)
    nkey = build_key(version, nflags)
    site, build_s = ensure_native(version, nflags, nkey)
    gguf, name, sha = answer_gguf()
    threads = [int(x) for x in a.threads.split(",") if x] or sorted({C.default_threads(), 2})
    messages = prompt_messages()
    results: list[dict[str, Any]] = []
    for t in threads:
        spec = {"gguf": str(gguf), "name": name, "n_ctx": a.n_ctx, "threads": t, "runs": a.runs, "gen": a.gen,
                "messages": messages}
        for rnd in range(a.rounds):
            for build, path in (("portable", None), ("native", site)):
                load = os.getloadavg()[0]
                got = run_child(spec, path)
                got.update(build=build, threads=t, round=rnd, load=round(load, 1))
                if "error" not in got:
                    want = str(site) if build == "native" else str(VENV)
                    if not got["llama_cpp"].startswith(want):
                        raise SystemExit(f"the {build} child imported {got['llama_cpp']}, not from {want}")
                    print(f"[portable] {t} thread(s) round {rnd + 1} {build}: prompt "
                          f"{med([x['prompt_tps'] for x in got['runs']]):.1f} tok/s, generation "
                          f"{med([x['gen_tps'] for x in got['runs']]):.1f} tok/s", file=sys.stderr, flush=True)
                else:
                    print(f"[portable] {t} thread(s) round {rnd + 1} {build}: {got['error']}\n{got['stderr']}",
                          file=sys.stderr, flush=True)
                results.append(got)
    ok = [r for r in results if "error" not in r]
    raw = {"stamp": stamp, "version": version, "portable_flags": flags, "portable_key": key,
           "native_flags": nflags, "native_key": nkey, "native_dir": str(site.parent).replace(str(Path.home()), "~"),
           "native_build_s": build_s, "model": name, "gguf_sha256": sha, "n_ctx": a.n_ctx,
           "n_prompt": ok[0]["n_prompt"] if ok else 0, "n_gen": a.gen, "runs": a.runs, "rounds": a.rounds,
           "threads": threads, "cpu_flags": cpu_flags(), "results": results}
    C.save_raw(RAW_NAME, raw)
    section = render(raw)
    C.write_section("portable", section)
    print(section)


if __name__ == "__main__":
    main()
