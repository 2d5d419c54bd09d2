"""Ingest and search open no network socket (an audit hook fails on any socket use)."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.conftest import drain
from tests.integration.conftest import DEMO

_ARMED = {"on": False, "seen": []}


def _local(event: str, args: tuple) -> bool:  # type: ignore[type-arg]
    """An AF_UNIX socket (the data folder's holder talks to other Ovillos on one): not network."""
    if event == "socket.__new__":
        return len(args) > 1 and args[1] == socket.AF_UNIX
    if event in ("socket.connect", "socket.bind"):
        return len(args) > 1 and isinstance(args[1], (str, bytes))  # a path, not a (host, port)
    return False


def _hook(event: str, args: tuple) -> None:  # type: ignore[type-arg]
    if _ARMED["on"] and event in ("socket.connect", "socket.bind", "socket.getaddrinfo", "socket.__new__",
                                  "socket.sendto", "urllib.Request", "http.client.connect") \
            and not _local(event, args):
        _ARMED["seen"].append(event)  # type: ignore[attr-defined]
        raise RuntimeError(f"network use during an offline operation: {event} {args!r}")


sys.addaudithook(_hook)  # audit hooks cannot be removed; it only acts while armed


def test_hook_catches_sockets() -> None:
    _ARMED["on"] = True
    try:
        for family in (socket.AF_INET, socket.AF_INET6):
            try:
                socket.socket(family)
            except RuntimeError:
                pass
            else:
                raise AssertionError("the audit hook did not fire")
        a, b = socket.socketpair()  # AF_UNIX: allowed
        a.close()
        b.close()
    finally:
        _ARMED["on"] = False
        _ARMED["seen"] = []


def test_ingest_search_similar_open_no_socket(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    _ARMED["on"] = True
    try:
        with Ovillo(tmp_path / "h", models_dir=models_dir, encoder=None) as app:  # loads the model too
            _, summary = drain(app.library.ingest([DEMO / "transcripts", DEMO / "reports"]))
            assert len(summary.ok) >= 4 and not summary.failed
            hits = app.search.records("¿Cuándo llegó el agua al valle?")
            assert hits
            assert app.search.similar(hits[0].section_tipo, hits[0].section_id)
            app.library.status()
    finally:
        _ARMED["on"] = False
    assert _ARMED["seen"] == []
