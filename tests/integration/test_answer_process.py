"""The real answer model runs in its own process: killing it mid-verdict is a clear error, not a crash."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from core.answer.result import AnswerResult, SpanVerdict
from core.errors import ModelCrashed
from core.models.assemble_gguf import DEFAULT_GENERATOR, assemble_generator
from core.models.encoder import TextEncoder
from core.models.generator_process import ProcessGenerator
from core.progress import drive
from core.service import Ovillo
from core.settings import Settings
from tests.integration.conftest import copy_home

QUESTION = "Where did the denarius of Trajan come from?"


def test_killing_the_real_model_mid_verdicts_is_an_error_and_the_next_question_is_answered(
        demo_home: Path, tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    assemble_generator(models_dir)
    settings = Settings(answer_model=DEFAULT_GENERATOR, answer_max_tokens=48, answer_n_ctx=2048)
    with Ovillo(copy_home(demo_home, tmp_path / "home"), models_dir=models_dir, encoder=encoder,
                settings=settings) as app:
        gen = app.generator()
        assert isinstance(gen, ProcessGenerator) and gen.pid not in (None, os.getpid())
        first_pid = gen.pid
        events = app.answers.ask(QUESTION)
        verdicts = 0
        with pytest.raises(ModelCrashed) as err:
            for ev in events:
                if isinstance(ev, SpanVerdict):
                    verdicts += 1
                    if verdicts == 1:  # between two verdicts: the model is reading the next span
                        os.kill(first_pid or -1, signal.SIGKILL)
        assert verdicts == 1
        assert "the answer model stopped: it was killed (SIGKILL" in str(err.value)
        assert "search and imports are unaffected" in str(err.value)
        assert app.search.records(QUESTION)  # this process is fine
        gen2 = app.generator()
        result: AnswerResult | None = drive(app.answers.ask(QUESTION))
        assert result is not None and result.spans and all(sp.verdict is not None for sp in result.spans)
        assert gen2.pid != first_pid and isinstance(gen2, ProcessGenerator) and gen2.starts == 2
    assert gen2.pid is None  # closing the data folder stopped the model's process
