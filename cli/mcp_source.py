"""Where ``ovillo mcp`` gets each answer: the data folder opened for one call, or the Ovillo holding it.

The server lives as long as the AI tool that started it, so it never keeps the data folder: the window
refuses to open a folder another process holds. Each call opens the folder, answers and lets it go
(the text encoder is kept between calls: it is most of an open's cost). While another Ovillo holds the
folder (the window, an import) the call goes through that Ovillo's socket instead — never around it —
and when the holder does not answer requests, the call waits for it, up to :data:`WAIT_S` seconds,
then says who holds the folder.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from core.api import HolderGone, Ovillo, OvilloError, RemoteOvillo, StoreBusy, StoreLocked

WAIT_S = 60.0  # a holder that does not answer requests (an older Ovillo, or one closing) is waited for this long
LOG_NAME = "ovillo-mcp.log"


class Source:
    """Answers one profile's tool calls, one at a time, from the data folder at ``home``."""

    def __init__(self, home: Path, models: Path | None, profile: str) -> None:
        self.home, self.models, self.profile = home, models, profile
        self._lock = threading.Lock()  # the SDK runs each call in a worker thread; the folder takes them in turn
        self._encoder: Any = None
        self.answered_by: str = ""  # who answered the last call: "" (this process) or the holder's description

    def call(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        """``tool``'s JSON result for the server's profile (raises the facade's errors)."""
        with self._lock:
            deadline = time.monotonic() + WAIT_S
            while True:
                try:
                    app = Ovillo(self.home, models_dir=self.models, doing="mcp", serve=False)
                except StoreLocked:
                    raise  # a program that does not say who it is: said at once
                except StoreBusy as busy:
                    answer = self._ask_holder(busy, tool, args)
                    if answer is not None:
                        return answer
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.3)
                    continue
                with app:
                    return self._local(app, tool, args)

    def _local(self, app: Any, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        kept = self._encoder
        if kept is not None and kept.name == app.settings.text_model:
            app.use_encoder(kept)
        self.answered_by = ""
        result = dict(app.agent.call(tool, args, profile=self.profile))
        if self._encoder is None:
            try:
                self._encoder = app.encoder  # loaded by the call, or now: the next search needs it anyway
            except OvilloError:
                pass  # no encoder installed: the calls that need one say so themselves
        return result

    def _ask_holder(self, busy: Any, tool: str, args: dict[str, Any]) -> dict[str, Any] | None:
        holder = busy.holder
        if holder is None or not holder.socket or holder.pid == os.getpid():
            return None
        try:
            with RemoteOvillo(holder) as remote:
                self.answered_by = holder.describe()
                return dict(remote.agent.call(tool, args, profile=self.profile))
        except HolderGone:
            return None  # closing: open the folder ourselves on the next turn


def log_to_folder(logs: Path) -> Path:
    """Send every log record (the SDK's included) to ``logs/ovillo-mcp.log``: stdout is the protocol's, and
    a traceback on stderr would reach the AI tool's own log."""
    logs.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = logs / LOG_NAME
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0), 0o600)
    os.close(fd)  # created private; the handler appends to it
    handler = logging.FileHandler(path, encoding="utf-8", errors="backslashreplace")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)  # before the SDK's basicConfig, which then adds no handler of its own
    root.setLevel(logging.INFO)
    return path
