"""The CLI's last resort: an unexpected exception becomes one line, its traceback goes to the log folder."""

from __future__ import annotations

import argparse
import sys
import traceback
from datetime import datetime
from pathlib import Path

from cli.text import say
from core.api import Paths

EXIT_UNEXPECTED = 70  # EX_SOFTWARE (sysexits.h): distinct from 2, "your input cannot work"
LOG_NAME = "ovillo-cli.log"


def report_unexpected(exc: BaseException, args: argparse.Namespace | None) -> int:
    """Print ``error: unexpected …`` on stderr, log the traceback if a data folder exists; return 70."""
    log = _write_log(exc, args)
    where = f" (details in {log})" if log else ""
    message = " ".join(str(exc).split())
    if len(message) > 200:
        message = message[:200] + "…"
    say(f"error: unexpected {type(exc).__name__}: {message}{where}", file=sys.stderr)
    say("  This is a bug in Ovillo; please report it with that log.", file=sys.stderr)
    return EXIT_UNEXPECTED


def _write_log(exc: BaseException, args: argparse.Namespace | None) -> Path | None:
    """Append the traceback to ``logs/ovillo-cli.log``; only in a data folder that already exists."""
    try:
        home = getattr(args, "home", None)
        paths = Paths.from_home(home if isinstance(home, str) and home else None)
        if not paths.home.is_dir():
            return None  # never create a data folder just to hold a crash log
        paths.logs.mkdir(exist_ok=True)
        log = paths.logs / LOG_NAME
        command = getattr(args, "command", None)
        with log.open("a", encoding="utf-8", errors="backslashreplace") as f:
            f.write(f"--- {datetime.now().isoformat(timespec='seconds')} ovillo {command or ''}\n")
            f.write("".join(traceback.format_exception(exc)))
        return log
    except Exception:  # the log is a courtesy: failing to write it must not hide the error line
        return None
