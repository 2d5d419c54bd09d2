"""``python scripts/ovsetup COMMAND``: run | test | ensure | bundle | install | uninstall."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as ``python scripts/ovsetup``: make the package importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "ovsetup"

from ovsetup import system, venv  # noqa: E402
from ovsetup.common import REPO, exec_or_call, venv_python  # noqa: E402

# core/__init__.py sets this for every Python entry point; set here too for anything started before
# core is imported (onnxruntime >= 1.31 resolves a telemetry host from a native thread)
os.environ["ORT_DISABLE_TELEMETRY"] = "1"


def setup_all(extras: str) -> Path:
    """Everything ``./scripts/run`` and ``./scripts/test`` need; idempotent. Returns the venv."""
    env = venv.venv_path()
    venv.ensure_venv(env)
    venv.ensure_deps(env, extras)
    venv.ensure_generator(env)
    venv.ensure_models(env)
    system.ensure_audio_lib()
    system.ensure_display_libs(env)
    if extras == "dev":
        system.ensure_test_tools()
    return env


def main(argv: list) -> None:
    """Dispatch; ``run`` and ``test`` pass every later argument on untouched (pytest's own ``-h`` too)."""
    if argv and argv[0] == "run":
        from ovsetup.demo import run_demo

        run_demo(setup_all("dev"), argv[1:])
        return
    if argv and argv[0] == "test":
        env = setup_all("dev")
        os.chdir(REPO)
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        exec_or_call([str(venv_python(env)), "-m", "pytest", *argv[1:]])
        return
    from ovsetup import bundle, install

    parser = argparse.ArgumentParser(prog="ovsetup", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("run", help="set up, then open the window on the demo (--cli: the terminal demo)")
    sub.add_parser("test", help="set up, then run pytest with the arguments given")
    ens = sub.add_parser("ensure", help="set up only")
    ens.add_argument("extras", nargs="?", default="dev", choices=["dev", "run"])
    bundle.add_parser(sub)
    install.add_parsers(sub)
    args = parser.parse_args(argv)
    if args.command == "ensure":
        setup_all(args.extras)
    else:
        args.func(args)


if __name__ == "__main__":
    main(sys.argv[1:])
