"""Answering for a held store: the holder serves reads on a private local socket, others ask it.

While one process holds a data folder (the window, ``ovillo ingest``), DuckDB refuses every
other process (:mod:`core.store.holder`). The holder therefore listens on an ``AF_UNIX``
socket in a folder only its user can enter (0700, socket 0600), checks each peer's uid with
``SO_PEERCRED``, and answers a small JSON-lines protocol (:mod:`core.remote_protocol`) with the
facade's read operations.

One request per line, one reply per line::

    {"op": "search", "query": "molino", "profile": "public", "limit": 10, "passages": false,
     "filters": {"langs": ["es"]}}
    {"ok": true, "result": [...]}
    {"ok": false, "error": {"kind": "NotFound", "message": "...", "hint": "..."}}

The profile is the client's: required, never defaulted, and the facade applies it exactly as
for a local call (the gate re-checks every hit), so a request can never see more than the same
command run locally. Unknown fields are refused rather than ignored.

A misbehaving client costs the holder little: one selector thread reads every connection
without blocking, a few workers run complete requests, at most :data:`MAX_CLIENTS` connections
are open at once (the next one gets an error line and is closed), and a client has
:data:`REQUEST_S` seconds from connecting, or from its last reply, to send a whole request line.
"""

from __future__ import annotations

import json
import os
import queue
import selectors
import socket
import struct
import threading
import time
from pathlib import Path
from typing import Any

from core import errors
from core.errors import OvilloError
from core.remote_protocol import (MAX_LINE, MAX_QUERY_CHARS, PROTOCOL, Answering, HolderGone, ProtocolError,
                                  encode, error_reply, filters_to_json, handle, parse)
from core.filters import SearchFilters
from core.retrieval.hits import Hit
from core.platform_support import current_uid, holder_socket_missing, unix_sockets
from core.store.holder import HolderInfo, HolderLock, socket_path

__all__ = ["BACKLOG", "MAX_CLIENTS", "MAX_LINE", "MAX_QUERY_CHARS", "PROTOCOL", "REQUEST_S", "WORKERS",
           "HolderGone", "ProtocolError", "RemoteAgent", "RemoteOvillo", "Server", "filters_to_json", "handle",
           "peer_uid"]

REQUEST_S = 30.0  # from connecting or the last reply to a whole request line; also bounds writing a reply
MAX_CLIENTS = 64  # connections open at once; each holds at most MAX_LINE bytes of a request
WORKERS = 2  # requests take turns on the store; a second worker keeps a slow reader from stalling the next
BACKLOG = 256  # a burst of clients waits in the kernel instead of getting EAGAIN


def peer_uid(conn: socket.socket) -> int:
    """The uid of the process at the other end of a connected AF_UNIX socket."""
    fmt = "3i"  # struct ucred: pid, uid, gid
    _, uid, _ = struct.unpack(fmt, conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize(fmt)))
    return int(uid)


# -- the server (in the holder) -----------------------------------------------------------------------
class _Conn:
    """One client: the part of its next request read so far, and until when it may finish sending it."""

    __slots__ = ("sock", "buf", "deadline")

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        self.sock, self.buf, self.deadline = sock, bytearray(), deadline


class Server:
    """Serves the holder's socket: a selector thread reads every client, :data:`WORKERS` threads answer."""

    def __init__(self, app: Answering, lock: HolderLock, path: Path, *, request_s: float | None = None,
                 max_clients: int | None = None, workers: int | None = None, backlog: int | None = None) -> None:
        self.app, self.lock, self.path = app, lock, path
        # the module's values are read here, not at import, so a test can make them small first
        self.request_s = REQUEST_S if request_s is None else request_s
        self.max_clients = MAX_CLIENTS if max_clients is None else max_clients
        self._stop = threading.Event()
        self._busy = threading.Lock()  # one request on the store at a time; close() waits for it
        self._guard = threading.Lock()  # the open connections, counted by the selector, closed by either side
        self._open: set[_Conn] = set()
        self._watched: set[_Conn] = set()  # the selector thread's alone
        self._jobs: queue.SimpleQueue[tuple[_Conn, bytes] | None] = queue.SimpleQueue()
        self._answered: queue.SimpleQueue[_Conn] = queue.SimpleQueue()  # back from a worker, to read again
        self._sel = selectors.DefaultSelector()
        self._wake, self._waker = socket.socketpair()  # wakes the selector for stop() and answered clients
        self._waker.setblocking(False)
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            try:
                path.unlink()  # a dead holder's socket: we hold the lock, so it is not anyone's now
            except FileNotFoundError:
                pass
            self._listener.bind(str(path))
            os.chmod(path, 0o600)
            self._listener.listen(BACKLOG if backlog is None else backlog)
            self._listener.setblocking(False)
        except OSError:
            for s in (self._listener, self._wake, self._waker, self._sel):
                s.close()
            raise
        self._threads = [threading.Thread(target=self._serve, name="ovillo-holder", daemon=True)]
        self._threads += [threading.Thread(target=self._work, name="ovillo-holder-worker", daemon=True)
                          for _ in range(WORKERS if workers is None else workers)]
        for thread in self._threads:
            thread.start()

    @classmethod
    def start(cls, app: Answering, lock: HolderLock) -> "Server | None":
        """Serve ``app`` and publish the socket in the lock file; None when this system offers no private
        socket (:func:`~core.platform_support.holder_socket_missing`: others then wait, or say it is busy)."""
        path = None if holder_socket_missing() else socket_path(lock.home)
        if path is None:
            return None
        try:
            server = cls(app, lock, path)
        except OSError:
            return None  # the holder still works; others then wait instead of asking
        lock.publish(str(path))
        return server

    # the selector thread
    def _serve(self) -> None:
        self._sel.register(self._listener, selectors.EVENT_READ)
        self._sel.register(self._wake, selectors.EVENT_READ)
        try:
            while not self._stop.is_set():
                soonest = min((c.deadline for c in self._watched), default=None)
                for key, _ in self._sel.select(None if soonest is None else max(0.0, soonest - time.monotonic())):
                    if key.fileobj is self._listener:
                        self._accept()
                    elif key.fileobj is self._wake:
                        self._wake.recv(4096)
                    else:
                        self._read(key.data)
                while not self._answered.empty():
                    self._dispatch(self._answered.get())
                now = time.monotonic()
                for conn in [c for c in self._watched if c.deadline <= now]:
                    self._unwatch(conn)
                    if conn.buf:  # a request begun and not finished; a silent client is just dropped
                        self._say(conn.sock, ProtocolError(f"no whole request within {self.request_s:g} s"))
                    self._close(conn)
        finally:
            for conn in list(self._watched):
                self._close(conn)
            self._sel.close()

    def _accept(self) -> None:
        while True:
            try:
                sock, _ = self._listener.accept()
            except BlockingIOError:
                return
            except OSError:
                time.sleep(0.1)  # out of descriptors: the listener stays ready, so do not spin on it
                return
            try:
                foreign = peer_uid(sock) != current_uid()
                sock.setblocking(False)
            except OSError:
                foreign = True
            if foreign:
                sock.close()  # the folder is private already; this is the second lock on the door
                continue
            conn = _Conn(sock, time.monotonic() + self.request_s)
            with self._guard:
                full = len(self._open) >= self.max_clients
                if not full:
                    self._open.add(conn)
            if full:
                self._say(sock, HolderGone(f"the Ovillo holding the store is answering {self.max_clients} "
                                           "connections already; try again"))
                sock.close()
                continue
            self._sel.register(sock, selectors.EVENT_READ, conn)
            self._watched.add(conn)

    def _read(self, conn: _Conn) -> None:
        try:
            data = conn.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._unwatch(conn)
            self._close(conn)
            return
        conn.buf += data
        if b"\n" in data or len(conn.buf) > MAX_LINE:  # a watched buffer holds no newline: look only at news
            self._dispatch(conn)

    def _dispatch(self, conn: _Conn) -> None:
        """Hand the next whole line (or an overlong one) to a worker, else wait for more of it."""
        end = conn.buf.find(b"\n")
        if end < 0 and len(conn.buf) <= MAX_LINE:
            if conn not in self._watched:
                self._sel.register(conn.sock, selectors.EVENT_READ, conn)
                self._watched.add(conn)
            return
        self._unwatch(conn)
        cut = end + 1 if 0 <= end < MAX_LINE else len(conn.buf)
        line = bytes(conn.buf[:cut])
        del conn.buf[:cut]
        self._jobs.put((conn, line))

    def _unwatch(self, conn: _Conn) -> None:
        if conn in self._watched:
            self._watched.discard(conn)
            self._sel.unregister(conn.sock)

    # the workers
    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            conn, line = job
            try:
                conn.sock.settimeout(self.request_s)  # sendall's timeout bounds the whole reply
                conn.sock.sendall(self._answer(line))
                conn.sock.setblocking(False)
            except OSError:
                self._close(conn)
                continue
            if len(line) > MAX_LINE or self._stop.is_set():
                self._close(conn)
                continue
            conn.deadline = time.monotonic() + self.request_s
            self._answered.put(conn)
            self._poke()

    def _answer(self, line: bytes) -> bytes:
        try:
            req = parse(line)
        except ProtocolError as exc:
            return encode(error_reply(exc))
        with self._busy:
            if self._stop.is_set():
                return encode(error_reply(HolderGone("the Ovillo holding the store is closing")))
            try:
                return encode({"ok": True, "result": handle(self.app, req, self.lock.info)})
            except Exception as exc:  # every failure becomes a reply; the holder's own work goes on
                return encode(error_reply(exc, self.app.paths.logs))

    # either side
    def _say(self, sock: socket.socket, exc: OvilloError) -> None:
        try:
            sock.send(encode(error_reply(exc)))  # one short line fits a fresh socket's buffer
        except OSError:
            pass

    def _close(self, conn: _Conn) -> None:
        with self._guard:
            self._open.discard(conn)
        conn.sock.close()

    def _poke(self) -> None:
        try:
            self._waker.send(b"x")
        except OSError:
            pass  # full: the selector has wake-ups waiting already

    def stop(self) -> None:
        """Stop listening, drop clients, and wait for a running request to finish."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._poke()
        self._threads[0].join(timeout=5)
        with self._guard:
            clients = list(self._open)
        for conn in clients:
            try:
                conn.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        for _ in self._threads[1:]:
            self._jobs.put(None)
        with self._busy:  # after this no request touches the store
            pass
        for thread in self._threads[1:]:
            thread.join(timeout=5)
        for conn in clients:
            self._close(conn)
        for s in (self._listener, self._wake, self._waker):
            s.close()
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
        if not unix_sockets():  # a record written elsewhere (a shared folder) names a socket we cannot reach
            raise HolderGone(code="store.holder_unreachable", params={"holder": info.describe()})
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.settimeout(timeout)
        try:
            self._sock.connect(info.socket)
            if holder_socket_missing() is None and peer_uid(self._sock) != current_uid():
                raise HolderGone(f"the socket {info.socket} belongs to another user")
        except OSError as exc:
            self._sock.close()
            raise HolderGone(f"{info.describe()} did not answer: {exc.strerror or exc}") from exc
        except HolderGone:
            self._sock.close()
            raise
        self._reader = self._sock.makefile("rb")
        self.search = RemoteSearch(self)
        self.agent = RemoteAgent(self)

    def call(self, op: str, **fields: Any) -> Any:
        """Send one request; return its result or raise the holder's error as the same kind."""
        try:
            # escaped, so text that is not valid Unicode reaches the holder and is refused there, in words
            self._sock.sendall(json.dumps({"op": op, **fields}).encode("ascii") + b"\n")
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

    def status(self, profile: str) -> dict[str, Any]:
        """The facade's status (plus ``sync`` and ``failed``), run by the holder."""
        return dict(self.call("status", profile=profile))

    def sources(self, profile: str) -> list[dict[str, Any]]:
        """``library list --json``'s entries, as the holder (watching them, maybe) sees them; none but the owner's."""
        return list(self.call("sources", profile=profile))

    def close(self) -> None:
        """Hang up."""
        self._reader.close()
        self._sock.close()

    def __enter__(self) -> "RemoteOvillo":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class RemoteSearch:
    """The facade's search room (:class:`core.service.search.Search`), run by the holder."""

    def __init__(self, remote: RemoteOvillo) -> None:
        self._remote = remote

    def records(self, query: str, *, profile: str, limit: int | None = None,
                filters: SearchFilters | None = None) -> list[Hit]:
        """Records, the best passage of each."""
        return self._find(query, profile, limit, filters, passages=False)

    def passages(self, query: str, *, profile: str, limit: int | None = None,
                 filters: SearchFilters | None = None) -> list[Hit]:
        """Passages."""
        return self._find(query, profile, limit, filters, passages=True)

    def similar(self, section_tipo: str, section_id: int, *, profile: str, limit: int | None = None,
                filters: SearchFilters | None = None) -> list[Hit]:
        """Records similar to a record."""
        return [Hit(**h) for h in self._remote.call("similar", section_tipo=section_tipo, section_id=section_id,
                                                    profile=profile, limit=limit, filters=filters_to_json(filters))]

    def _find(self, query: str, profile: str, limit: int | None, filters: SearchFilters | None, *,
              passages: bool) -> list[Hit]:
        return [Hit(**h) for h in self._remote.call("search", query=query, profile=profile, limit=limit,
                                                    passages=passages, filters=filters_to_json(filters))]


class RemoteAgent:
    """The facade's agent room (:class:`core.service.agent.Agent`), run by the holder."""

    def __init__(self, remote: RemoteOvillo) -> None:
        self._remote = remote

    def call(self, tool: str, args: dict[str, Any], *, profile: str) -> dict[str, Any]:
        """One tool's JSON result, as the holder's own :meth:`Agent.call` gives it (``ask`` is refused there)."""
        return dict(self._remote.call("agent", tool=tool, args=args, profile=profile))
