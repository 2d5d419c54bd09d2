"""Answering for a held store: the holder serves reads on a private local socket, others ask it.

While one process holds a data folder (the window, ``ovillo ingest``), DuckDB refuses every
other process (:mod:`core.store.holder`). The holder therefore listens on an ``AF_UNIX``
socket in a folder only its user can enter (0700, socket 0600), checks each peer's uid with
``SO_PEERCRED``, and answers a small JSON-lines protocol with the facade's read operations.

One request per line, one reply per line::

    {"op": "search", "query": "molino", "profile": "public", "limit": 10, "passages": false,
     "filters": {"langs": ["es"]}}
    {"ok": true, "result": [...]}
    {"ok": false, "error": {"kind": "NotFound", "message": "...", "hint": "..."}}

The profile is the client's: required, never defaulted, and the facade applies it exactly as
for a local call (the gate re-checks every hit), so a request can never see more than the same
command run locally. Unknown fields are refused rather than ignored.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import socket
import struct
import threading
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core import errors
from core.errors import ConfigError, OvilloError, StoreError
from core.retrieval.filters import SearchFilters
from core.retrieval.hits import Hit
from core.store.holder import HolderInfo, HolderLock, socket_path

if TYPE_CHECKING:
    from core.service import Ovillo

PROTOCOL = 1
MAX_LINE = 1 << 20  # a request or reply longer than this is not one of ours
IDLE_S = 30.0  # a connected client that says nothing for this long is dropped
_PROFILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")  # the CLI's rule for --profile
MAX_QUERY_CHARS = 4000
_FILTER_LISTS = ("collections", "facets", "langs", "classifications")
_FIELDS = {
    "hello": set(),
    "status": {"profile"},
    "search": {"profile", "query", "limit", "passages", "filters"},
    "similar": {"profile", "section_tipo", "section_id", "limit", "filters"},
}


class HolderGone(StoreError):
    """The holder named in the lock file did not answer (it just ended, or is not serving)."""


class ProtocolError(ConfigError):
    """A request that is not part of the protocol."""


def peer_uid(conn: socket.socket) -> int:
    """The uid of the process at the other end of a connected AF_UNIX socket."""
    fmt = "3i"  # struct ucred: pid, uid, gid
    _, uid, _ = struct.unpack(fmt, conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize(fmt)))
    return int(uid)


# -- requests: checked, then run on the facade ------------------------------------------------------
def _profile(req: dict[str, Any]) -> str:
    name = req.get("profile")
    if not isinstance(name, str) or not _PROFILE.fullmatch(name):
        raise ProtocolError("a request must name its profile (e.g. owner or public)")
    return name


def _limit(req: dict[str, Any]) -> int | None:
    limit = req.get("limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise ProtocolError("limit must be a positive whole number")
    return limit


def _filters(req: dict[str, Any]) -> SearchFilters:
    raw = req.get("filters") or {}
    if not isinstance(raw, dict) or set(raw) - {*_FILTER_LISTS, "date_from", "date_to"}:
        raise ProtocolError("unknown filter")
    lists: dict[str, tuple[str, ...]] = {}
    for key in _FILTER_LISTS:
        values = raw.get(key) or []
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ProtocolError(f"filter {key} must be a list of strings")
        lists[key] = tuple(values)
    dates: dict[str, date | None] = {}
    for key in ("date_from", "date_to"):
        value = raw.get(key)
        try:
            dates[key] = date.fromisoformat(value) if value is not None else None
        except (TypeError, ValueError):
            raise ProtocolError(f"filter {key} must be a date (YYYY-MM-DD)") from None
    return SearchFilters(collections=lists["collections"], facets=lists["facets"], langs=lists["langs"],
                         classifications=lists["classifications"], date_from=dates["date_from"],
                         date_to=dates["date_to"])


def filters_to_json(filters: SearchFilters | None) -> dict[str, Any]:
    """The protocol's form of search filters."""
    if filters is None:
        return {}
    return {"collections": list(filters.collections), "facets": list(filters.facets), "langs": list(filters.langs),
            "classifications": list(filters.classifications),
            "date_from": filters.date_from.isoformat() if filters.date_from else None,
            "date_to": filters.date_to.isoformat() if filters.date_to else None}


def handle(app: "Ovillo", req: object, holder: HolderInfo | None = None) -> Any:
    """Run one request on ``app`` and return its JSON-able result (raises :class:`OvilloError`)."""
    if not isinstance(req, dict) or not isinstance(req.get("op"), str) or req["op"] not in _FIELDS:
        raise ProtocolError("unknown operation")
    op = req["op"]
    unknown = set(req) - _FIELDS[op] - {"op"}
    if unknown:  # e.g. a "clearance" or "acl" smuggled in: refused, not ignored
        raise ProtocolError(f"unknown field(s) for {op}: {', '.join(sorted(unknown))}")
    if op == "hello":
        return {"protocol": PROTOCOL, "pid": os.getpid(), "doing": holder.doing if holder else ""}
    profile = _profile(req)
    if op == "status":
        status = app.status(profile)
        owner = status.profile == "owner"
        return {**status.to_json(), "sync": app.sync_status(),  # as `ovillo status --json` prints locally
                "failed": [list(f) for f in app.failed_sources()] if owner else []}
    if op == "search":
        query = req.get("query")
        if not isinstance(query, str) or not query.strip() or len(query) > MAX_QUERY_CHARS:
            raise ProtocolError(f"query must be text of 1 to {MAX_QUERY_CHARS} characters")
        hits = app.search(query, profile=profile, limit=_limit(req), filters=_filters(req),
                          passages=bool(req.get("passages", False)))
        return [h.to_json() for h in hits]
    tipo, sid = req.get("section_tipo"), req.get("section_id")
    if not isinstance(tipo, str) or not isinstance(sid, int) or isinstance(sid, bool):
        raise ProtocolError("similar needs section_tipo (text) and section_id (whole number)")
    return [h.to_json() for h in app.similar(tipo, sid, profile=profile, limit=_limit(req), filters=_filters(req))]


def _error(exc: BaseException) -> dict[str, Any]:
    if isinstance(exc, OvilloError):
        return {"kind": type(exc).__name__, "message": str(exc), "hint": exc.hint}
    return {"kind": "OvilloError", "message": f"the Ovillo holding the store failed: {type(exc).__name__}: {exc}",
            "hint": ""}


# -- the server (in the holder) -----------------------------------------------------------------------
class Server:
    """Listens on the holder's socket on a daemon thread; one short-lived thread per client."""

    def __init__(self, app: "Ovillo", lock: HolderLock, path: Path) -> None:
        self.app, self.lock, self.path = app, lock, path
        self._stop = threading.Event()
        self._busy = threading.Lock()  # one request on the store at a time; close() waits for it
        self._clients: set[socket.socket] = set()
        self._wake, self._waker = socket.socketpair()  # stop() wakes the accept loop at once
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            try:
                path.unlink()  # a dead holder's socket: we hold the lock, so it is not anyone's now
            except FileNotFoundError:
                pass
            self._listener.bind(str(path))
            os.chmod(path, 0o600)
            self._listener.listen(16)
        except OSError:
            for s in (self._listener, self._wake, self._waker):
                s.close()
            raise
        self._thread = threading.Thread(target=self._serve, name="ovillo-holder", daemon=True)
        self._thread.start()

    @classmethod
    def start(cls, app: "Ovillo", lock: HolderLock) -> "Server | None":
        """Serve ``app`` and publish the socket in the lock file; None when no private place exists."""
        path = socket_path(lock.home)
        if path is None or not hasattr(socket, "SO_PEERCRED"):
            return None
        try:
            server = cls(app, lock, path)
        except OSError:
            return None  # the holder still works; others then wait instead of asking
        lock.publish(str(path))
        return server

    def _serve(self) -> None:
        with selectors.DefaultSelector() as sel:
            sel.register(self._listener, selectors.EVENT_READ)
            sel.register(self._wake, selectors.EVENT_READ)
            while not self._stop.is_set():
                ready = sel.select()
                if self._stop.is_set() or not any(key.fileobj is self._listener for key, _ in ready):
                    continue
                try:
                    conn, _ = self._listener.accept()
                    if peer_uid(conn) != os.getuid():
                        conn.close()  # the folder is private already; this is the second lock on the door
                        continue
                except OSError:
                    continue
                self._clients.add(conn)
                threading.Thread(target=self._client, args=(conn,), name="ovillo-holder-client", daemon=True).start()

    def _client(self, conn: socket.socket) -> None:
        conn.settimeout(IDLE_S)
        try:
            with conn.makefile("rb") as reader:
                while not self._stop.is_set():
                    line = reader.readline(MAX_LINE + 1)
                    if not line:
                        return
                    reply = self._reply(line)
                    conn.sendall(json.dumps(reply, ensure_ascii=False, default=str).encode("utf-8") + b"\n")
                    if len(line) > MAX_LINE:
                        return
        except OSError:
            return  # the client went away or went quiet
        finally:
            self._clients.discard(conn)
            conn.close()

    def _reply(self, line: bytes) -> dict[str, Any]:
        if len(line) > MAX_LINE:
            return {"ok": False, "error": _error(ProtocolError("request too long"))}
        try:
            req = json.loads(line)
        except ValueError:
            return {"ok": False, "error": _error(ProtocolError("a request is one JSON object per line"))}
        with self._busy:
            if self._stop.is_set():
                return {"ok": False, "error": _error(HolderGone("the Ovillo holding the store is closing"))}
            try:
                return {"ok": True, "result": handle(self.app, req, self.lock.info)}
            except Exception as exc:  # every failure becomes a reply; the holder's own work goes on
                return {"ok": False, "error": _error(exc)}

    def stop(self) -> None:
        """Stop listening, drop clients, and wait for a running request to finish."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._waker.send(b"x")
        self._thread.join(timeout=5)
        for s in (self._listener, self._wake, self._waker):
            s.close()
        for conn in list(self._clients):
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        with self._busy:  # after this no request touches the store
            pass
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        self.lock.publish(None)


# -- the client (in any other process) ------------------------------------------------------------------
class RemoteOvillo:
    """Asks the holder named in ``info``; raises :class:`HolderGone` when it does not answer."""

    def __init__(self, info: HolderInfo, *, timeout: float = 600.0) -> None:
        self.holder = info
        if not info.socket:
            raise HolderGone(f"{info.describe()} does not answer requests")
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.settimeout(timeout)
        try:
            self._sock.connect(info.socket)
            if hasattr(socket, "SO_PEERCRED") and peer_uid(self._sock) != os.getuid():
                raise HolderGone(f"the socket {info.socket} belongs to another user")
        except OSError as exc:
            self._sock.close()
            raise HolderGone(f"{info.describe()} did not answer: {exc.strerror or exc}") from exc
        except HolderGone:
            self._sock.close()
            raise
        self._reader = self._sock.makefile("rb")

    def call(self, op: str, **fields: Any) -> Any:
        """Send one request; return its result or raise the holder's error as the same kind."""
        try:
            self._sock.sendall(json.dumps({"op": op, **fields}, ensure_ascii=False).encode("utf-8") + b"\n")
            line = self._reader.readline(MAX_LINE * 64)
        except OSError as exc:
            raise HolderGone(f"{self.holder.describe()} stopped answering: {exc.strerror or exc}") from exc
        if not line:
            raise HolderGone(f"{self.holder.describe()} closed the connection")
        reply = json.loads(line)
        if reply.get("ok"):
            return reply.get("result")
        err = reply.get("error") or {}
        name = str(err.get("kind", ""))
        kind = {"HolderGone": HolderGone, "ProtocolError": ProtocolError}.get(name) or getattr(errors, name, None)
        cls = kind if isinstance(kind, type) and issubclass(kind, OvilloError) else OvilloError
        raise cls(str(err.get("message", "the holder refused the request")), hint=str(err.get("hint") or ""))

    def search(self, query: str, *, profile: str, limit: int | None = None, filters: SearchFilters | None = None,
               passages: bool = False) -> list[Hit]:
        """The facade's search, run by the holder."""
        return [Hit(**h) for h in self.call("search", query=query, profile=profile, limit=limit,
                                            passages=passages, filters=filters_to_json(filters))]

    def similar(self, section_tipo: str, section_id: int, *, profile: str, limit: int | None = None,
                filters: SearchFilters | None = None) -> list[Hit]:
        """The facade's similar, run by the holder."""
        return [Hit(**h) for h in self.call("similar", section_tipo=section_tipo, section_id=section_id,
                                            profile=profile, limit=limit, filters=filters_to_json(filters))]

    def status(self, profile: str) -> dict[str, Any]:
        """The facade's status (plus ``sync`` and ``failed``), run by the holder."""
        return dict(self.call("status", profile=profile))

    def close(self) -> None:
        """Hang up."""
        self._reader.close()
        self._sock.close()

    def __enter__(self) -> "RemoteOvillo":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
