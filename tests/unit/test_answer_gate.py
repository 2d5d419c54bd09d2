"""The second part of Ask's relevance gate: best cosine + weight × lexical coverage of the question's words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from core.answer.engine import (COVERAGE_WEIGHT, MIN_RELEVANCE, SUPPORT_MARGIN, Answerer, AskOptions, gate_support,
                                lexical_coverage)
from core.answer.result import RetrievalDone
from core.ingest.pipeline import IngestOptions
from core.models.fake_encoder import HashingEncoder
from core.models.generator import ScriptedGenerator
from core.service import Ovillo
from tests.conftest import drain


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ovillo]:
    root = tmp_path_factory.mktemp("gate")
    docs = root / "docs"
    docs.mkdir()
    (docs / "pantano.md").write_text("# El pantano\n\nEl agua del pantano cubrió el pueblo en marzo de 1959.\n",
                                     encoding="utf-8")
    (docs / "forn.md").write_text("# El forn\n\nEl forn de terrissa era circular, de 2,4 m de diàmetre.\n",
                                  encoding="utf-8")
    ov = Ovillo(root / "home", models_dir=root / "models", encoder=HashingEncoder())
    drain(ov.library.ingest([docs], IngestOptions(collection="demo", classification="public")))
    yield ov
    ov.close()


def test_coverage_counts_content_words_found_in_any_retrieved_passage(app: Ovillo) -> None:
    searcher, owner = app.searcher(), app.profile("owner")
    q = "¿Cuándo cubrió el agua del pantano el pueblo?"
    hits = searcher.retrieve(q, owner, limit=6)
    assert lexical_coverage(searcher, q, hits) == 1.0  # every content word is in the pantano passage
    both = searcher.retrieve("pantano forn", owner, limit=6)
    assert len(both) == 2 and lexical_coverage(searcher, "pantano forn", both) == 1.0  # the union of passages
    only = [h for h in both if "pantano" in h.text]
    assert lexical_coverage(searcher, "pantano forn", only) == 0.5
    assert lexical_coverage(searcher, "pantano Zaragoza", both) == 0.5  # a word the archive lacks counts against
    assert lexical_coverage(searcher, "¿Quién ganó el Tour de Francia?", hits) == 0.0
    assert lexical_coverage(searcher, q, []) == 0.0


def test_gate_support_adds_weighted_coverage_to_the_cosine() -> None:
    # shipped off (it did not generalise from dev to test): the plain cosine gate
    off = AskOptions()
    assert (off.coverage_weight, off.support_margin) == (0.0, 0.0)
    assert gate_support(0.85, 0.0, off) == (0.85, MIN_RELEVANCE)
    opt = AskOptions(coverage_weight=COVERAGE_WEIGHT, support_margin=SUPPORT_MARGIN)  # the dev choice
    support, needed = gate_support(0.85, 0.5, opt)
    assert support == pytest.approx(0.85 + COVERAGE_WEIGHT * 0.5)
    assert needed == pytest.approx(MIN_RELEVANCE + SUPPORT_MARGIN)
    # the dev choice: a fully covered question needs less cosine than an uncovered one
    assert gate_support(0.80, 1.0, opt)[0] >= needed > gate_support(0.88, 0.0, opt)[0]


# A weight of 10 makes coverage decide whatever the hashing encoder's cosines (|cosine| ≤ 1): with the floor
# at -1 and a margin of 3 the gate needs 2, which cosine + 10 × coverage reaches only with coverage > 0.3.
LEXICAL = AskOptions(min_relevance=-1.0, coverage_weight=10.0, support_margin=3.0)


def test_gate_refuses_uncovered_question_without_model_call(app: Ovillo) -> None:
    gen = ScriptedGenerator([], judge=lambda m: 1.0)
    events, res = drain(Answerer(app.searcher(), lambda: gen).ask(
        "¿Quién ganó el Tour de Francia?", app.profile("owner"), options=LEXICAL))
    done = [e for e in events if isinstance(e, RetrievalDone)]
    assert len(done) == 1 and done[0].best_dense is not None and done[0].best_dense >= -1.0  # premise: floor passed
    assert gen.judged == [] and res.refused and not res.grounded and res.model == ""
    assert res.reason == "no_relevant_passages"
    assert "share too few of the question's words" in res.details[0] and "coverage 0.00" in res.details[0]
    assert res.nearest and [type(e) for e in events] == [RetrievalDone] and done[0].evidence == []


def test_gate_passes_covered_question_to_the_model(app: Ovillo) -> None:
    gen = ScriptedGenerator([], judge=lambda m: 0.0)
    _, res = drain(Answerer(app.searcher(), lambda: gen).ask(
        "¿Cuándo cubrió el agua del pantano el pueblo?", app.profile("owner"), options=LEXICAL))
    assert gen.judged and res.refused and res.reason == "archive_does_not_say"
