"""The timing path with the real answer model: what ``ask`` records, and the KV prefix its verdicts reuse.

Asserts the structure of the timings, never a wall-clock threshold: the archive's spans are found
before the model's first verdict; every verdict shares the system prompt (only its excerpt and the
question are evaluated), a later question's too.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.answer.judge import READER_SYSTEM, reader_messages
from core.answer.result import AnswerResult
from core.models.assemble_gguf import DEFAULT_GENERATOR, assemble_generator
from core.models.encoder import TextEncoder
from core.models.generator import Generator
from core.models.generator_process import load_generator
from core.service import Ovillo
from core.settings import Settings
from tests.conftest import drain
from tests.integration.conftest import copy_home

pytestmark = pytest.mark.slow

QUESTIONS = ("Where did the denarius of Trajan come from?",
             "¿Cuándo se celebró la última misa en Sant Martí de Comafreda?")


@pytest.fixture(scope="module")
def fresh(demo_home: Path, tmp_path_factory: pytest.TempPathFactory, encoder: TextEncoder,
          models_dir: Path) -> Iterator[tuple[Ovillo, Generator]]:
    """The demo archive and a newly started answer model (its KV cache empty), 2 threads."""
    assemble_generator(models_dir)
    gen = load_generator(models_dir, DEFAULT_GENERATOR, threads=2, n_ctx=2048)
    home = copy_home(demo_home, tmp_path_factory.mktemp("timing") / "home")
    app = Ovillo(home, models_dir=models_dir, encoder=encoder, generator=gen,
                 settings=Settings(answer_max_tokens=96, answer_n_ctx=2048))
    yield app, gen
    app.close()
    gen.close()


def ask(app: Ovillo, question: str) -> AnswerResult:
    _, res = drain(app.answers.ask(question))
    assert isinstance(res, AnswerResult) and res.provenance, res.reason  # the model was asked
    return res


@pytest.mark.timeout(2400)  # building the demo archive and two answers on a shared 2-core machine
def test_timings_are_recorded_and_the_verdicts_share_their_prefix(fresh: tuple[Ovillo, Generator]) -> None:
    app, gen = fresh
    first = ask(app, QUESTIONS[0])
    t = first.timings
    assert first.spans and t.evidence_ms is not None and t.first_verdict_ms is not None
    assert t.retrieval_ms <= t.evidence_ms < t.first_verdict_ms <= t.total_ms and t.check_ms > 0
    assert all(s.verdict is not None for s in first.spans)  # the real model judged every span
    # the last verdict evaluated only its excerpt and the question: the system prompt came from the cache
    last = gen.prompt_stats()
    assert gen.count_tokens(READER_SYSTEM) <= last["reused"] < last["tokens"], last
    # a later question keeps the system prompt
    second = ask(app, QUESTIONS[1])
    assert second.spans and second.timings.evidence_ms is not None
    gen.yes_probability(reader_messages(QUESTIONS[1], second.spans[0]))
    again = gen.prompt_stats()
    assert gen.count_tokens(READER_SYSTEM) <= again["reused"] < again["tokens"], again  # the system prompt, restored
