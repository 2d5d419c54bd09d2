"""The answer model's child process: real deaths by SIGILL/SIGKILL, hangs and cancels stay contained."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path

import pytest

from core.errors import Cancelled, ModelCrashed, ModelError
from core.models.generator import Message
from core.models.generator_process import GeneratorSpec, ProcessGenerator, death_reason
from core.progress import CancelToken

MSG = [Message("user", "¿Dónde apareció el denario?")]
VERDICT = [Message("system", "You read excerpts."),
           Message("user", "Excerpt (from “Diario”):\nEl denario apareció en la trinchera 3.\n\nQuestion: ¿Dónde "
                           "apareció el denario?\n\nDoes the excerpt state the answer to this question? yes or no.")]


def _dying(tmp_path: Path, signum: int) -> ProcessGenerator:
    spec = GeneratorSpec("tests.crashing_generators:dying",
                         {"signum": int(signum), "verdicts": 2, "marker": str(tmp_path / "died")})
    return ProcessGenerator(spec, name="dying")


@pytest.mark.parametrize("signum, words", [(signal.SIGILL, "does not support (SIGILL)"),
                                           (signal.SIGKILL, "killed (SIGKILL")])
def test_a_child_that_dies_mid_verdicts_is_a_clear_error_and_the_next_question_starts_afresh(
        tmp_path: Path, signum: int, words: str) -> None:
    gen = _dying(tmp_path, signum)
    try:
        first_pid = gen.pid
        got = [gen.yes_probability(VERDICT) for _ in range(2)]  # two verdicts before the death
        assert got == [0.9, 0.9]
        with pytest.raises(ModelCrashed) as err:
            gen.yes_probability(VERDICT)
        assert words in str(err.value)
        assert "the answer model stopped" in str(err.value)
        assert "search and imports are unaffected" in str(err.value)
        assert (tmp_path / "died").read_text() == str(first_pid)  # the child itself died, not us
        # the next question starts a fresh child (the marker makes it survive) and is judged
        assert gen.yes_probability(VERDICT) == 0.9
        assert gen.starts == 2 and gen.pid != first_pid
    finally:
        gen.close()


def test_a_hung_child_is_killed_and_reported(tmp_path: Path) -> None:
    gen = ProcessGenerator(GeneratorSpec("tests.crashing_generators:hanging"), name="hanging", stall_s=1.5)
    try:
        pid = gen.pid
        t0 = time.monotonic()
        with pytest.raises(ModelCrashed, match="stopped responding for 2 s"):
            gen.yes_probability(VERDICT)
        assert time.monotonic() - t0 < 15
        assert gen.pid is None
        with pytest.raises(ProcessLookupError):
            import os

            os.kill(pid or -1, 0)
    finally:
        gen.close()


def test_cancel_reaches_a_verdict_in_the_child_without_killing_it() -> None:
    gen = ProcessGenerator(GeneratorSpec("tests.crashing_generators:slow", {"delay_s": 3.0}), name="slow")
    try:
        pid = gen.pid
        token = CancelToken()
        timer = threading.Timer(0.5, token.cancel)
        timer.start()
        t0 = time.monotonic()
        with pytest.raises(Cancelled):
            gen.yes_probability(VERDICT, cancel=token)
        timer.join()
        assert time.monotonic() - t0 < 2.0 and gen.pid == pid  # the shared flag stopped it, not a kill
    finally:
        gen.close()


def test_cancel_reaches_the_child_without_killing_it() -> None:
    gen = ProcessGenerator(GeneratorSpec("tests.crashing_generators:slow",
                                         {"reply": " ".join(["palabra"] * 200), "delay_s": 0.05}), name="slow")
    try:
        pid = gen.pid
        token = CancelToken()
        timer = threading.Timer(0.5, token.cancel)
        timer.start()
        t0 = time.monotonic()
        got = []
        with pytest.raises(Cancelled):
            for piece in gen.stream(MSG, max_tokens=500, cancel=token):
                got.append(piece)
        timer.join()
        assert time.monotonic() - t0 < 2.0
        assert 0 < len(got) < 200
        assert gen.pid == pid  # stopped by the shared flag, not by a kill
        assert gen.count_tokens("abc def") >= 1
        assert "".join(gen.stream(MSG, max_tokens=3)).split() == ["palabra"] * 3
    finally:
        gen.close()


def test_abandoning_a_stream_stops_the_child_work() -> None:
    gen = ProcessGenerator(GeneratorSpec("tests.crashing_generators:slow",
                                         {"reply": " ".join(["uno"] * 100), "delay_s": 0.02}), name="slow")
    try:
        it = gen.stream(MSG, max_tokens=500)
        assert next(it) == "uno "
        it.close()  # the consumer went away: the child is told to stop, and stays usable
        assert "".join(gen.stream(MSG, max_tokens=2)).split() == ["uno", "uno"]
        assert gen.starts == 1
    finally:
        gen.close()


def test_a_load_error_in_the_child_is_raised_in_the_parent() -> None:
    with pytest.raises(ModelError, match="bad magic"):
        ProcessGenerator(GeneratorSpec("tests.crashing_generators:failing_load"), name="broken")


def test_death_reasons_read_like_sentences() -> None:
    assert "SIGILL" in death_reason(-int(signal.SIGILL))
    assert "out of memory" in death_reason(-int(signal.SIGKILL))
    assert death_reason(3) == "it exited with code 3"
