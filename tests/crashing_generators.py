"""Answer models that really die, for the child-process tests (built inside the child)."""

from __future__ import annotations

import os
import resource
import signal
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from core.models.generator import Generator, Message, ScriptedGenerator
from core.progress import CancelToken


class DyingGenerator(ScriptedGenerator):
    """Writes ``pieces`` words, then kills its own process with ``signum`` — once per ``marker`` file.

    The marker makes the death happen in the first process only, so a test can show that the
    next question, in a fresh process, is answered.
    """

    def __init__(self, reply: str, signum: int, pieces: int, marker: str) -> None:
        super().__init__([reply], name="dying")
        self.signum = signum
        self.pieces = pieces
        self.marker = Path(marker)

    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        for n, piece in enumerate(super().stream(messages, max_tokens=max_tokens, stop=stop, cancel=cancel)):
            if n == self.pieces and not self.marker.exists():
                self.marker.write_text(str(os.getpid()))
                resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core file in the work tree
                os.kill(os.getpid(), self.signum)
                time.sleep(10)  # a signal that does not kill at once must not let the reply go on
            yield piece


class HangingGenerator(ScriptedGenerator):
    """Writes one word, then blocks without ever polling its cancel token (a native hang)."""

    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        yield "stuck "
        time.sleep(3600)


def dying(reply: str, signum: int, pieces: int, marker: str) -> Generator:
    """Factory the child calls (module:callable)."""
    return DyingGenerator(reply, signal.Signals(signum), pieces, marker)


def hanging() -> Generator:
    """Factory the child calls."""
    return HangingGenerator(["never"], name="hanging")


def slow(reply: str, delay_s: float) -> Generator:
    """A scripted model that polls its cancel token between slow words."""
    return ScriptedGenerator([reply], name="slow", delay_s=delay_s)


def failing_load() -> Generator:
    """A model that cannot load."""
    from core.errors import ModelError

    raise ModelError("cannot load broken.gguf: bad magic")
