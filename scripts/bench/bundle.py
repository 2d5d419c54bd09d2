"""The offline bundle (issue #37): build time, sizes, and an install with no network, timed.

Builds the bundle as a release would (`scripts/bundle`: Python 3.12 and 3.13 wheels, the default answer
model, the `.tar.zst`), then unpacks the archive and installs it under ``unshare -n`` into a fresh HOME,
then runs the first search there; and the raw tools doing the same work side by side (`tar` + `zstd`
alone, `pip install --no-index` of the same wheelhouse alone, `cp` of the models alone).
Writes docs/bench-raw/bundle.json and the "bundle" section of docs/benchmarks.md.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

RAW_NAME = "bundle.json"


def _timed(cmd: list[str], **kw: object) -> tuple[float, subprocess.CompletedProcess[str]]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:4])} failed:\n{proc.stderr[-3000:]}")
    return time.perf_counter() - t0, proc


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


def _pythons() -> list[str]:
    """The interpreters scripts/bundle builds for by default (one each of 3.12 and 3.13)."""
    sys.path.insert(0, str(C.REPO / "scripts"))
    from ovsetup.bundle import target_pythons

    return target_pythons([])


def measure(work: Path, pythons: list[str]) -> dict[str, object]:
    """Build, archive, unpack, install offline, first search; and the raw tools alone."""
    out = work / "dist"
    cmd = [str(C.REPO / "scripts" / "bundle"), "--out", str(out)] + [a for p in pythons for a in ("--python", p)]
    build_s, build = _timed(cmd)
    folder = next(p for p in out.iterdir() if p.is_dir())
    archive = next(out.glob("*.tar.*"))
    info = json.loads((folder / "bundle.json").read_text(encoding="utf-8"))
    raw_tar_s, _ = _timed(["tar", "-C", str(out), "-I", "zstd -T0 -10", "-cf", str(work / "raw.tar.zst"), folder.name])
    unpack = work / "unpacked"
    unpack.mkdir()
    unpack_s, _ = _timed(["tar", "-C", str(unpack), "-I", "zstd -d", "-xf", str(archive)])
    bundle = unpack / folder.name
    home = work / "home"
    home.mkdir()
    py_dir = work / "py"
    py_dir.mkdir()
    (py_dir / "python3").symlink_to(pythons[0])
    env = {"HOME": str(home), "PATH": f"{py_dir}:/usr/bin:/bin", "LANG": "C.UTF-8"}
    offline = ["unshare", "-n", "--"]
    # the raw tools first, so the install does not profit from a page cache they warmed
    raw_venv = work / "raw-venv"
    venv_s, _ = _timed([pythons[0], "-m", "venv", str(raw_venv)])
    wheels = bundle / "wheels"
    pip_s, _ = _timed(offline + [str(raw_venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-index",
                                 "--find-links", str(wheels), "-r", str(wheels / "requirements.txt"), "-c",
                                 str(wheels / "constraints.txt")], env=env)
    cp_s, _ = _timed(["cp", "-r", str(bundle / "models"), str(work / "raw-models")])
    shutil.rmtree(raw_venv)
    shutil.rmtree(work / "raw-models")
    verify_s, _ = _timed(offline + [pythons[0], str(bundle / "ovsetup"), "verify"], env=env)
    install_s, _ = _timed(offline + [str(bundle / "install")], env=env)
    again_s, _ = _timed(offline + [str(bundle / "install")], env=env)
    installed_mib = _size(home / ".local" / "lib") / 2**20
    ovillo = home / ".local" / "bin" / "ovillo"
    demo = home / ".local" / "lib" / "ovillo" / "demo"
    ingest_s, _ = _timed(offline + [str(ovillo), "ingest", str(demo / "diaries"), "--collection", "demo"], env=env)
    search_s, _ = _timed(offline + [str(ovillo), "search", "cerámica vidriada", "--limit", "3"], env=env)
    uninstall_s, _ = _timed(offline + [str(bundle / "uninstall")], env=env)
    return {
        "stamp": C.stamp(), "pythons": info["pythons"], "generator": info["generator"],
        "wheels": len(list(wheels.glob("*.whl"))),
        "sizes_mib": {k: round(_size(v) / 2**20, 1) for k, v in
                      {"folder": folder, "archive": archive, "wheels": folder / "wheels", "models": folder / "models",
                       "demo": folder / "demo"}.items()} | {"installed program (venv + demo)": round(installed_mib, 1)},
        "seconds": {"build (wheels, models, sums, archive)": build_s, "raw tar + zstd of the folder": raw_tar_s,
                    "unpack the archive": unpack_s, "SHA256SUMS check alone": verify_s, "install, offline": install_s,
                    "install again (upgrade in place)": again_s, "first ingest of the demo diaries": ingest_s,
                    "first search": search_s, "uninstall": uninstall_s, "raw: python -m venv": venv_s,
                    "raw: pip install --no-index of the wheelhouse": pip_s, "raw: cp -r of the models": cp_s},
        "build_log": build.stderr[-1500:],
    }


def render(r: dict[str, object]) -> str:
    """The bundle section."""
    st = r["stamp"]
    sizes = r["sizes_mib"]
    secs = r["seconds"]
    assert isinstance(sizes, dict) and isinstance(secs, dict) and isinstance(st, dict)
    lines = ["## The offline bundle: size, build and install (`scripts/bench/bundle.py`, issue #37)", "",
             C.stamp_line(st), "",
             f"`scripts/bundle` for {', '.join(r['pythons'])} (answer model: {r['generator']}), {r['wheels']} wheels. "
             "The archive is unpacked and installed under `unshare -n` (no network device at all) into a fresh "
             "HOME; the raw rows are the same work done by the tools alone, without verification, launchers or "
             "the receipt. One run each (a build is minutes; the machine is shared, see the load).", "",
             "| what | MiB |", "|---|---|"]
    lines += [f"| {k} | {v:,.1f} |" for k, v in sizes.items()]
    lines += ["", "| step | seconds |", "|---|---|"]
    lines += [f"| {k} | {v:.1f} |" for k, v in secs.items()]
    install, pip, cp = (secs["install, offline"], secs["raw: pip install --no-index of the wheelhouse"],
                        secs["raw: cp -r of the models"])
    raw = pip + cp + secs["raw: python -m venv"]
    lines += ["", f"The install took {install / raw:.2f}× the raw venv + pip + copy it wraps ({install:.0f} s against "
              f"{raw:.0f} s, the raw tools run first); of the difference, {secs['SHA256SUMS check alone']:.0f} s is "
              "checking SHA256SUMS over every file, the rest Ovillo's own wheel, launchers, desktop entries and "
              "`ovillo models list`.", "",
              "Nothing here was tuned: the bundle has no threshold; the zstd level (10) is the one `scripts/bundle` uses."]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--render-only", action="store_true", help="re-render from docs/bench-raw/bundle.json")
    args = ap.parse_args()
    if args.render_only:
        result = json.loads(C.raw_path(RAW_NAME).read_text(encoding="utf-8"))
    else:
        if subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
            raise SystemExit("unshare -n is not permitted here: the offline install cannot be measured")
        with tempfile.TemporaryDirectory(prefix="ovillo-bundle-") as tmp:
            result = measure(Path(tmp), _pythons())
        C.save_raw(RAW_NAME, result)
    C.write_section("bundle", render(result))


if __name__ == "__main__":
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    main()
