"""The answer model in a child process, so a native fault there never takes the caller down.

llama.cpp is native code: an instruction the CPU traps (SIGILL), an out-of-memory kill
or a hang inside it would end the whole window, imports in flight included. Here the
model lives in a spawned child; the parent talks to it over a pipe and turns the
child's death into :class:`~core.errors.ModelCrashed` ("the answer model stopped: …;
search and imports are unaffected"). The next request starts a fresh child.

Cancelling sets a shared flag that the child's cancel token (and so llama.cpp's abort
callback) reads; a child that does not stop within a grace period is killed. The
child's token also stamps a shared heartbeat every time it is polled — llama.cpp polls
it between graph nodes — so a child that stops polling for ``stall_s`` is a hang and is
killed too.
"""

from __future__ import annotations

import importlib
import multiprocessing as mp
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import Synchronized
from pathlib import Path
from typing import Any

from core.errors import Cancelled, ModelCrashed, ModelError, OvilloError
from core.models.generator import Generator, Message
from core.models.manifest import read_manifest, verify
from core.platform_support import exit_with_parent, lower_priority, signal_name_words
from core.progress import CancelToken

# a stopped child gets this long to acknowledge a cancel before it is killed
CANCEL_GRACE_S = 5.0
POLL_S = 0.05

# by name: Windows has no SIGKILL, SIGBUS nor SIGILL-by-signal deaths
_SIGNAL_WORDS = signal_name_words({
    "SIGILL": "it executed an instruction this processor does not support (SIGILL)",
    "SIGKILL": "it was killed (SIGKILL; the system may have run out of memory)",
    "SIGSEGV": "it crashed (SIGSEGV)",
    "SIGBUS": "it crashed (SIGBUS)",
    "SIGABRT": "it aborted (SIGABRT)",
    "SIGFPE": "it crashed (SIGFPE)",
    "SIGTERM": "it was terminated (SIGTERM)",
})


@dataclass(frozen=True)
class GeneratorSpec:
    """What the child builds: ``factory`` is ``"module:callable"``, called with ``kwargs``."""

    factory: str
    kwargs: dict[str, Any] = field(default_factory=dict)


def death_reason(exitcode: int | None) -> str:
    """A child's exit code as a sentence."""
    if exitcode is None:
        return "it stopped responding"
    if exitcode < 0:
        try:
            sig = signal.Signals(-exitcode)
        except ValueError:
            return f"it was stopped by signal {-exitcode}"
        return _SIGNAL_WORDS.get(sig, f"it was stopped by {sig.name}")
    return f"it exited with code {exitcode}"


class ProcessGenerator(Generator):
    """A :class:`Generator` whose model runs in a child process (one request at a time)."""

    def __init__(self, spec: GeneratorSpec, *, name: str, load_timeout_s: float = 300.0,
                 stall_s: float = 180.0) -> None:
        self.spec = spec
        self.name = name
        self.load_timeout_s = load_timeout_s
        self.stall_s = stall_s
        self._ctx = mp.get_context("spawn")
        self._proc: Any = None
        self._conn: Connection | None = None
        self._flag: Synchronized[int] = self._ctx.Value("b", 0, lock=False)
        self._beat: Synchronized[float] = self._ctx.Value("d", 0.0, lock=False)
        self._lock = threading.Lock()
        self.starts = 0
        self.start()

    # -- lifecycle -----------------------------------------------------------------
    @property
    def pid(self) -> int | None:
        """The child's process id while it runs."""
        return int(self._proc.pid) if self._proc is not None and self._proc.is_alive() else None

    def start(self) -> None:
        """Start a child and wait until its model is loaded (raises what loading raised)."""
        parent, child = self._ctx.Pipe(duplex=True)
        self._flag.value = 0
        self._beat.value = time.monotonic()
        proc = self._ctx.Process(target=child_main, args=(child, self.spec, self._flag, self._beat),
                                 name=f"ovillo-answer-model-{self.name}", daemon=True)
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        self.starts += 1
        msg = self._recv(deadline=time.monotonic() + self.load_timeout_s, cancel=None, stall=False)
        if msg[0] != "ready":
            raise ModelError(f"the answer model could not start: unexpected reply {msg[0]!r}")
        self.n_ctx = int(msg[1])

    def close(self) -> None:
        """Stop the child (politely, then by force)."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            try:
                conn.send(("close",))
            except (OSError, ValueError):
                pass
        if proc is not None:
            proc.join(2.0)
            if proc.is_alive():
                proc.kill()
                proc.join(2.0)
            proc.close()
        if conn is not None:
            conn.close()

    def _ensure(self) -> Connection:
        if self._proc is None or self._conn is None or not self._proc.is_alive():
            self._discard()
            self.start()
        assert self._conn is not None
        return self._conn

    def _discard(self) -> None:
        """Forget a dead or hung child (killing it if needed)."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if proc is not None:
            if proc.is_alive():
                proc.kill()
            proc.join(5.0)
            proc.close()
        if conn is not None:
            conn.close()

    # -- the protocol ----------------------------------------------------------------
    def _crashed(self, reason: str) -> ModelCrashed:
        self._discard()
        return ModelCrashed(f"the answer model stopped: {reason}; search and imports are unaffected",
                            hint="Ask again to start it afresh. If it keeps stopping, choose the smaller "
                                 "answer model in Preferences or lower its context size.")

    def _recv(self, *, deadline: float | None, cancel: CancelToken | None, stall: bool = True) -> tuple[Any, ...]:
        """The child's next message; turns death, hangs and errors into exceptions."""
        conn, proc = self._conn, self._proc
        assert conn is not None and proc is not None
        kill_at: float | None = None
        while True:
            if cancel is not None and cancel.cancelled and kill_at is None:
                self._flag.value = 1
                kill_at = time.monotonic() + CANCEL_GRACE_S
            try:
                ready = conn.poll(POLL_S)
            except (OSError, EOFError):
                ready = False
            if ready:
                try:
                    msg: tuple[Any, ...] = conn.recv()
                except (EOFError, OSError):
                    proc.join(5.0)
                    raise self._crashed(death_reason(proc.exitcode)) from None
                if msg[0] == "error":
                    raise _rebuild_error(msg[1], msg[2], msg[3])
                if msg[0] == "cancelled":
                    raise Cancelled("cancelled")
                return msg
            now = time.monotonic()
            if not proc.is_alive():
                proc.join(1.0)
                raise self._crashed(death_reason(proc.exitcode))
            if kill_at is not None and now > kill_at:
                self._discard()
                raise Cancelled("cancelled")
            if deadline is not None and now > deadline:
                raise self._crashed(f"it did not finish loading in {self.load_timeout_s:.0f} s")
            if stall and now - self._beat.value > self.stall_s:
                raise self._crashed(f"it stopped responding for {self.stall_s:.0f} s")

    def _request(self, *msg: Any, cancel: CancelToken | None) -> Connection:
        conn = self._ensure()
        if cancel is not None:
            cancel.check()
        self._flag.value = 0
        self._beat.value = time.monotonic()
        conn.send(msg)
        return conn

    def _finish(self, cancel: CancelToken | None) -> None:
        """After an abandoned request: stop the child's work and read up to its end marker."""
        if self._conn is None:
            return
        self._flag.value = 1
        deadline = time.monotonic() + CANCEL_GRACE_S
        try:
            while time.monotonic() < deadline:
                if self._conn.poll(POLL_S):
                    if self._conn.recv()[0] in ("end", "cancelled", "error"):
                        return
                elif self._proc is None or not self._proc.is_alive():
                    break
        except (EOFError, OSError):
            pass
        self._discard()  # did not stop in time: the next request starts a fresh child

    # -- Generator ---------------------------------------------------------------------
    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        """Pieces of the reply as the child writes them."""
        with self._lock:
            self._request("stream", [(m.role, m.content) for m in messages], max_tokens, list(stop), cancel=cancel)
            done = False
            try:
                while True:
                    msg = self._recv(deadline=None, cancel=cancel)
                    if msg[0] == "end":
                        done = True
                        return
                    yield str(msg[1])
            except OvilloError:
                done = True  # the child ended the request itself (error, cancel) or is gone
                raise
            finally:
                if not done:
                    self._finish(cancel)

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        """The child model's verdict (see :meth:`LlamaGenerator.yes_probability`)."""
        with self._lock:
            self._request("yes", [(m.role, m.content) for m in messages], cancel=cancel)
            value = self._recv(deadline=None, cancel=cancel)[1]
        return None if value is None else float(value)

    def prompt_stats(self) -> dict[str, int]:
        """The child model's counters for its last prompt (see :meth:`LlamaGenerator.prompt_stats`)."""
        with self._lock:
            self._request("stats", cancel=None)
            return {str(k): int(v) for k, v in dict(self._recv(deadline=None, cancel=None)[1]).items()}

    def count_tokens(self, text: str) -> int:
        """Exact count with the child model's tokenizer."""
        with self._lock:
            self._request("count", text, cancel=None)
            return int(self._recv(deadline=None, cancel=None)[1])


def _rebuild_error(kind: str, message: str, hint: str) -> OvilloError:
    """An error the child raised, as the same class in the parent (core's tree only)."""
    import core.errors as errors

    cls = getattr(errors, kind, None)
    if not (isinstance(cls, type) and issubclass(cls, OvilloError)):
        cls = ModelError
    return cls(message, hint=hint)


# ---------------------------------------------------------------------------------------------------
# the child side


class _SharedCancel(CancelToken):
    """The child's view of the parent's cancel: a shared flag; every poll stamps the heartbeat."""

    def __init__(self, flag: Synchronized[int], beat: Synchronized[float]) -> None:
        super().__init__()
        self._flag = flag
        self._beat = beat

    def cancel(self) -> None:
        """Set the shared flag."""
        self._flag.value = 1

    @property
    def cancelled(self) -> bool:
        """True once the parent asked to stop (and: the child is alive and polling)."""
        self._beat.value = time.monotonic()
        return bool(self._flag.value)

    def check(self) -> None:
        """Raise :class:`Cancelled` when the parent asked to stop."""
        if self.cancelled:
            raise Cancelled("cancelled")


def _build(spec: GeneratorSpec) -> Generator:
    module, _, attr = spec.factory.partition(":")
    factory = getattr(importlib.import_module(module), attr)
    gen = factory(**spec.kwargs)
    if not isinstance(gen, Generator):
        raise ModelError(f"{spec.factory} did not return an answer model")
    return gen


def child_main(conn: Connection, spec: GeneratorSpec, flag: Synchronized[int],
               beat: Synchronized[float]) -> None:
    """Serve requests until the parent closes the pipe or says ``close``."""
    exit_with_parent()  # an orphan model would hold ~1 GB
    lower_priority(5)  # answers yield the CPU to the window and to search (where the system allows it)
    token = _SharedCancel(flag, beat)
    try:
        gen = _build(spec)
    except OvilloError as exc:
        conn.send(("error", type(exc).__name__, str(exc), exc.hint))
        return
    except Exception as exc:  # a broken model file or binding: say it, don't hang the parent
        conn.send(("error", "ModelError", f"cannot load the answer model: {type(exc).__name__}: {exc}", ""))
        return
    conn.send(("ready", gen.n_ctx))
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        op = msg[0]
        if op == "close":
            return
        try:
            if op == "stream":
                messages = [Message(r, c) for r, c in msg[1]]
                for piece in gen.stream(messages, max_tokens=int(msg[2]), stop=msg[3], cancel=token):
                    conn.send(("piece", piece))
                conn.send(("end",))
            elif op == "yes":
                conn.send(("value", gen.yes_probability([Message(r, c) for r, c in msg[1]], cancel=token)))
            elif op == "stats":
                conn.send(("value", gen.prompt_stats()))
            elif op == "count":
                conn.send(("value", gen.count_tokens(str(msg[1]))))
            else:
                conn.send(("error", "ModelError", f"unknown request {op!r}", ""))
        except Cancelled:
            conn.send(("cancelled",))
        except OvilloError as exc:
            conn.send(("error", type(exc).__name__, str(exc), exc.hint))
        except Exception as exc:
            conn.send(("error", "ModelError", f"the answer model failed: {type(exc).__name__}: {exc}", ""))


def load_generator(models_dir: Path, name: str, *, threads: int = 1, n_ctx: int = 4096) -> Generator:
    """Verify a GGUF against its manifest and start it in a child process.

    The model runs in its own process: a native fault,
    out-of-memory kill or hang there becomes a clear error and the next request starts afresh.
    """
    folder = models_dir / name
    manifest = read_manifest(folder)
    if manifest.task != "generation" or manifest.runtime != "llama.cpp":
        raise ModelError(f"{name} is not a llama.cpp generation model")
    verify(folder, manifest)
    spec = GeneratorSpec("core.models.generator:open_llama",
                         {"path": str(manifest.file(folder, "gguf")), "name": name, "n_ctx": n_ctx,
                          "threads": threads})
    return ProcessGenerator(spec, name=name)
