"""The timing path with the real answer model: what ``ask`` records, and the KV prefix reused across questions.

Asserts the structure of the timings, never a wall-clock threshold: the first question after the
model loads evaluates its whole prompt; a model check in between overwrites the KV cache; the
second question still skips the system prompt (restored from the answer model's snapshot), and
checks share theirs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.answer.focus import ELISION
from core.answer.prompt import SYSTEM
from core.answer.result import AnswerResult
from core.answer.verify import judge_messages
from core.models.assemble_gguf import DEFAULT_GENERATOR, assemble_generator
from core.models.encoder import TextEncoder
from core.models.generator import Generator, load_generator
from core.service import Ovillo
from core.settings import Settings
from tests.conftest import drain
from tests.integration.conftest import copy_home

pytestmark = pytest.mark.slow

QUESTIONS = ("Where did the denarius of Trajan come from?",
             "¿Cuándo se celebró la última misa en Sant Martí de Comafreda?")
PASSAGE = "Trench 4: a circular pottery kiln with a firing chamber 2.4 m across, built of stone bonded with clay."


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
    _, res = drain(app.ask(question))
    assert isinstance(res, AnswerResult) and res.provenance, res.reason  # the model was asked
    return res


@pytest.mark.timeout(2400)  # building the demo archive and two answers on a shared 2-core machine
def test_timings_are_recorded_and_the_system_prompt_is_reused(fresh: tuple[Ovillo, Generator]) -> None:
    app, gen = fresh
    first = ask(app, QUESTIONS[0])
    t = first.timings
    assert t.first_token_ms is not None and t.answer_ms is not None and t.total_ms >= t.answer_ms >= t.first_token_ms
    assert t.retrieval_ms < t.first_token_ms and t.prompt_tokens and t.cached_tokens == 0  # a fresh model
    assert t.check_ms >= 0.0
    # a focused excerpt (a long passage's) is made of verbatim spans of the stored passage
    hits = {h.citation: h.text for h in app.search(QUESTIONS[0], passages=True, limit=50)}
    for p in first.provenance:
        assert p["id"] in hits
        if p["excerpt"]:
            assert all(piece.strip() in hits[p["id"]] for piece in p["excerpt"].split(ELISION) if piece.strip())

    # a model check overwrites the KV cache with its own prompt ...
    assert gen.yes_probability(judge_messages("How big was the kiln?", "It was 2.4 m across.", PASSAGE)) is not None
    judged = gen.prompt_stats()
    assert 0 < judged["tokens"]
    # ... yet the next question skips the answer's system prompt, restored from its snapshot
    second = ask(app, QUESTIONS[1])
    system_tokens = gen.count_tokens(SYSTEM)
    assert second.timings.prompt_tokens and second.timings.cached_tokens is not None
    assert system_tokens <= second.timings.cached_tokens < second.timings.prompt_tokens
    # and a second check reuses the first check's system prompt and passage
    gen.yes_probability(judge_messages("What was the kiln built of?", "Stone bonded with clay.", PASSAGE))
    again = gen.prompt_stats()
    assert again["reused"] >= gen.count_tokens(PASSAGE) and again["reused"] < again["tokens"]
