"""Answer models that really die, hang or take their time, for the child-process tests (built inside the child).

Ask never lets the model write: it only asks it, span by span, whether an excerpt of the archive answers
the question (``Generator.yes_probability``). So these models die, hang and dawdle there, where the
window and the engine really wait on them.
"""

from __future__ import annotations

import os
import resource
import signal
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from core.answer.judge import excerpt_of
from core.models.generator import Generator, Message, ScriptedGenerator
from core.progress import CancelToken

def excerpt(messages: Sequence[Message]) -> str:
    """The span of the archive a verdict prompt shows."""
    return excerpt_of(messages)


def says(words: Sequence[str]) -> Callable[[Sequence[Message]], float]:
    """A reader: 0.9 for an excerpt holding any of ``words`` (case-insensitive; none given: every one), else 0.1."""
    wanted = [w.lower() for w in words]
    return lambda messages: 0.9 if not wanted or any(w in excerpt(messages).lower() for w in wanted) else 0.1


class DyingGenerator(ScriptedGenerator):
    """Gives ``verdicts`` verdicts, then kills its own process with ``signum`` while asked for the next one —
    once per ``marker`` file.

    The marker makes the death happen in the first process only, so a test can show that the
    next question, in a fresh process, is answered.
    """

    def __init__(self, signum: int, verdicts: int, marker: str, words: Sequence[str] = ()) -> None:
        super().__init__([], name="dying", judge=says(words))
        self.signum = signum
        self.verdicts = verdicts
        self.marker = Path(marker)

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        if len(self.judged) == self.verdicts and not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core file in the work tree
            os.kill(os.getpid(), self.signum)
            time.sleep(10)  # a signal that does not kill at once must not let the verdict through
        return super().yes_probability(messages, cancel=cancel)


class HangingGenerator(ScriptedGenerator):
    """Asked for a verdict, blocks without ever polling its cancel token (a native hang)."""

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        self.judged.append(list(messages))
        time.sleep(3600)
        return None


class SlowGenerator(ScriptedGenerator):
    """Takes ``delay_s`` over each verdict, polling its cancel token all the while (as llama.cpp's abort
    callback does), then says ``yes``. Its ``stream`` writes ``reply`` a slow word at a time."""

    def __init__(self, reply: str, delay_s: float, yes: float) -> None:
        super().__init__([reply], name="slow", delay_s=delay_s, judge=lambda _messages: yes)

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        until = time.monotonic() + self.delay_s
        while time.monotonic() < until:
            if cancel is not None:
                cancel.check()
            time.sleep(min(0.01, max(0.0, until - time.monotonic())))
        if cancel is not None:
            cancel.check()
        return super().yes_probability(messages, cancel=cancel)


def dying(signum: int, verdicts: int, marker: str, words: Sequence[str] = ()) -> Generator:
    """Factory the child calls (module:callable)."""
    return DyingGenerator(signal.Signals(signum), verdicts, marker, words)


def hanging() -> Generator:
    """Factory the child calls."""
    return HangingGenerator([], name="hanging")


def slow(delay_s: float, reply: str = "", yes: float = 0.9) -> Generator:
    """A scripted reader that takes ``delay_s`` per verdict (and per written word), polling its cancel token."""
    return SlowGenerator(reply, delay_s, yes)


def failing_load() -> Generator:
    """A model that cannot load."""
    from core.errors import ModelError

    raise ModelError("cannot load broken.gguf: bad magic")
