"""``./scripts/run``: open the window on the bundled demo archive, or run the terminal demo."""

from __future__ import annotations

import json
import os
import platform
import secrets
import shutil
import subprocess
from pathlib import Path
from typing import List

from .common import REPO, exec_or_call, say, venv_bin, venv_python

DEMO = REPO / "resources" / "demo"
FOLDERS = [DEMO / name for name in ("diaries", "catalogue", "transcripts", "reports", "coins")]
DEFAULT_QUERY = "¿Dónde aparecieron fragmentos de cerámica vidriada?"
DEFAULT_QUESTION = "Where did the denarius of Trajan come from?"


def _needs_terminal() -> bool:
    if os.environ.get("OVILLO_NO_GUI", "0") == "1":
        return True
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if headless and platform.system() == "Linux" and not os.environ.get("QT_QPA_PLATFORM"):
        say("no display found: running the terminal demo (set DISPLAY, or use --cli to choose it explicitly)")
        return True
    return False


def run_demo(venv: Path, args: List[str]) -> None:
    """The window (default) or the terminal demo (``--cli [QUERY [QUESTION]]``)."""
    os.environ.setdefault("OVILLO_HOME", str(REPO / ".ovillo-home" / "demo"))
    say(f"data folder: {os.environ['OVILLO_HOME']}")
    cli = bool(args and args[0] == "--cli")
    if cli:
        args = args[1:]
    if cli or _needs_terminal():
        terminal_demo(venv, args)
        return
    say("opening the window; the demo is indexed in the background (only what changed)")
    gui = str(venv_bin(venv, "ovillo-gui"))
    exec_or_call([gui, "--index-demo", *map(str, FOLDERS), "--collection", "demo", "--classification", "public"])


def _ov(venv: Path, *argv: str, check: bool = True, capture: bool = False) -> str:
    cmd = [str(venv_bin(venv, "ovillo")), *argv]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE if capture else None, text=True)
    if check and proc.returncode != 0:
        raise SystemExit(proc.returncode)
    return proc.stdout or ""


def _central(venv: Path, home: Path) -> tuple:
    """Start (or make) the demo's local central archive; returns (folder, port, password file)."""
    central, userpw = home.parent / "central", home / "central-user.pw"
    schema = subprocess.run([str(venv_python(venv)), "-c",
                             "from core.sync.central import known_version; print(known_version())"],
                            capture_output=True, text=True, check=True).stdout.strip()
    ready = central / ".demo-ready"
    if ready.is_file() and ready.read_text().strip() == schema and userpw.is_file():
        _ov(venv, "central", "stop", str(central), check=False, capture=True)  # left running by an interrupted run
        _ov(venv, "central", "start", str(central))
    else:
        if central.is_dir():
            _ov(venv, "central", "stop", str(central), check=False, capture=True)
            shutil.rmtree(central)
        say(f"starting a local central archive in {central}")
        # the administrator's DSN is the last line printed: kept in memory only
        admin = _ov(venv, "central", "init", str(central), capture=True).strip().splitlines()[-1]
        home.mkdir(parents=True, exist_ok=True)
        old = os.umask(0o077)
        try:
            userpw.write_text(secrets.token_urlsafe(18) + "\n")
        finally:
            os.umask(old)
        say("publishing the demo catalogue to it, and adding the user 'reader'")
        _ov(venv, "central", "publish", "--dsn", admin, str(DEMO / "catalogue"), "--collection", "catalogue",
            "--classification", "public")
        _ov(venv, "central", "user", "add", "--dsn", admin, "reader", "--clearance", "public",
            "--password-file", str(userpw))
        ready.write_text(schema + "\n")
    port = json.loads((central / "central.json").read_text())["port"]
    return central, port, userpw


def terminal_demo(venv: Path, args: List[str]) -> None:
    """Index, status, a sync from a local central archive, one search, a coin lookup, one cited answer."""
    home = Path(os.environ["OVILLO_HOME"])
    say("indexing the demo archive (only what changed is re-indexed)")
    _ov(venv, "ingest", *map(str, FOLDERS), "--collection", "demo", "--classification", "public")
    _ov(venv, "status")
    central, port, userpw = _central(venv, home)
    synced = home.parent / "synced"
    say(f"demo sync as 'reader' into {synced}")
    code = subprocess.call([str(venv_bin(venv, "ovillo")), "--home", str(synced), "sync", "--server",
                            f"postgresql://127.0.0.1:{port}/ovillo", "--user", "reader", "--password-file",
                            str(userpw)])
    if code != 0:
        say("the sync failed (see above)")
    _ov(venv, "central", "stop", str(central))
    query = args[0] if args else DEFAULT_QUERY
    say(f"demo search: {query}")
    _ov(venv, "search", query, "--limit", "5")
    find = DEMO / "new_find"  # photos of a coin the catalogue does not hold
    faces = ["--image", f"obverse={find / 'find_obverse.jpg'}", "--image", f"reverse={find / 'find_reverse.jpg'}"]
    say("demo coin lookup: the catalogued coins closest to a new find's two faces")
    _ov(venv, "objects", "lookup", *faces, "--limit", "5")
    say("its typology, material, period and denomination, voted by those neighbours (no model)")
    _ov(venv, "objects", "characterize", *faces)
    question = args[1] if len(args) > 1 else DEFAULT_QUESTION
    say("demo question (the local model; the archive's sentences first, then the answer model reads each one): "
        + question)
    if subprocess.call([str(venv_bin(venv, "ovillo")), "ask", question]) != 0:
        say("the answer model stopped (see above); nothing was shown as an answer")
