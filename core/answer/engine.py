"""One question, end to end: retrieve → relevance gate → the archive's own spans → the model's verdicts.

The answer is what the archive says, verbatim: the spans :mod:`core.answer.extract` finds in the
permitted passages (shown as soon as they are found, before any model runs), each judged by the
answer model as a reader (:mod:`core.answer.judge`). A span the model accepts is the answer, with its
record, page or timecode; a span it does not accept is only *related*; no accepted span is an honest
refusal (``archive_does_not_say``). The model never writes the answer, so nothing unchecked can be
shown as one. The model is only called when retrieval found at least one permitted passage whose
dense cosine reaches the relevance threshold; only those passages become evidence, so nothing the
profile may not see can reach the prompt, the spans or the provenance.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator as Gen, Sequence
from dataclasses import dataclass

import numpy as np

from core.acl import Profile
from core.answer.conversation import Conversation
from core.answer.extract import COVERAGE_WEIGHT as SPAN_COVERAGE, MAX_SPANS, Span, extract
from core.answer.judge import judge_spans
from core.answer.prompt import question_language
from core.answer.result import (AnswerResult, AskEvent, Citation, Evidence, EvidenceFound, RetrievalDone, SpanVerdict,
                                Timings)
from core.errors import Cancelled
from core.models.generator import Generator
from core.progress import CancelToken
from core.filters import SearchFilters
from core.retrieval.hits import Hit
from core.retrieval.search import Searcher
# the gate's dev choice, named here too for scripts/bench/gate.py (engine.COVERAGE_WEIGHT) and its tests
from core.settings import GATE_COVERAGE_WEIGHT as COVERAGE_WEIGHT, GATE_SUPPORT_MARGIN as SUPPORT_MARGIN
from core.settings import MIN_RELEVANCE, SPAN_CHECK, Settings

EXTRACT_BATCH = 16  # sentences embedded between two looks at the cancel token


@dataclass
class AskOptions:
    """Knobs of one question (defaults come from settings through the facade)."""

    max_tokens: int = 256  # kept for a synthesis of the accepted spans (the spans alone are the answer today)
    limit: int = 6
    min_relevance: float = MIN_RELEVANCE
    coverage_weight: float = 0.0  # off by default: see core.settings.GATE_COVERAGE_WEIGHT
    support_margin: float = 0.0  # cosine + weight × coverage must reach min_relevance + this
    spans: int = MAX_SPANS  # spans found and judged
    span_coverage: float = SPAN_COVERAGE  # weight of the question's words in a span's score (core.answer.extract)
    span_check: float = SPAN_CHECK  # P(yes) the answer model must give a span for it to be the answer
    filters: SearchFilters | None = None

    @classmethod
    def from_settings(cls, settings: Settings, *, max_tokens: int | None = None,
                      filters: SearchFilters | None = None) -> "AskOptions":
        """A question's knobs as the data folder's settings set them (the one place they are read)."""
        return cls(max_tokens=max_tokens or settings.answer_max_tokens, limit=settings.answer_passages,
                   min_relevance=settings.answer_min_relevance, span_check=settings.answer_span_check,
                   filters=filters)


def _ms(t0: float) -> float:
    return round((time.monotonic() - t0) * 1000, 1)


def _nearest(hits: list[Hit]) -> list[dict[str, object]]:
    return [{"id": h.citation, "title": h.title, "source_path": h.source_path, "page": h.page,
             "dense_score": h.dense_score, "snippet": h.snippet} for h in hits[:5]]


def _related(spans: list[Span], hits: list[Hit]) -> list[dict[str, object]]:
    """What a refusal shows: the spans found (not accepted), then the other passages, one entry per passage."""
    out: list[dict[str, object]] = []
    for s in spans:
        if all(o["id"] != s.id for o in out):
            out.append({"id": s.id, "title": s.title, "source_path": s.source_path, "page": s.page, "tc_in": s.tc_in,
                        "dense_score": s.cosine, "snippet": s.text, "start": s.start, "end": s.end})
    out += [n for n in _nearest(hits) if all(o["id"] != n["id"] for o in out)]
    return out[:5]


def lexical_coverage(searcher: Searcher, query: str, hits: list[Hit]) -> float:
    """Share of the query's content words found in at least one of ``hits`` (tokenised like the keyword index)."""
    bm25 = searcher.index.bm25
    terms = set(bm25.content_terms(query))
    if not terms or not hits:
        return 0.0
    found: set[str] = set()
    for h in hits:
        found.update(bm25.query_terms(h.text))
    return len(terms & found) / len(terms)


def gate_support(best: float, coverage: float, opt: AskOptions) -> tuple[float, float]:
    """The gate's signal for a question and the value it must reach."""
    return best + opt.coverage_weight * coverage, opt.min_relevance + opt.support_margin


def relevance_gate(searcher: Searcher, query: str, hits: list[Hit],
                   opt: AskOptions) -> tuple[list[Hit], float | None, str]:
    """The passages an answer may rest on (dense cosine at the threshold, and the gate's support), the best
    cosine, and why none passed (agents are given the same evidence: :mod:`core.answer.agent_context`)."""
    relevant = [h for h in hits if h.dense_score is not None and h.dense_score >= opt.min_relevance]
    best = max((h.dense_score for h in hits if h.dense_score is not None), default=None)
    why = ("nothing in the archive visible to this profile matched" if not hits else
           f"no passage is relevant enough (best cosine {best or 0:.3f} < {opt.min_relevance:.2f})")
    if relevant and best is not None:
        coverage = lexical_coverage(searcher, query, hits)
        support, needed = gate_support(best, coverage, opt)
        if support < needed:
            why = (f"the passages found share too few of the question's words (cosine {best:.3f} + "
                   f"{opt.coverage_weight:g} × coverage {coverage:.2f} = {support:.3f} < {needed:.3f})")
            relevant = []
    return relevant, best, why


class Answerer:
    """Answers questions over one searcher with a lazily created generator (the reader of the spans)."""

    def __init__(self, searcher: Searcher, generator: Callable[[], Generator]) -> None:
        self.searcher = searcher
        self._generator = generator

    def ask(self, question: str, profile: Profile, *, options: AskOptions | None = None,
            conversation: Conversation | None = None,
            cancel: CancelToken | None = None) -> Gen[AskEvent, None, AnswerResult]:
        """Yield retrieval, evidence and verdict events; return the result."""
        opt = options or AskOptions()
        t0 = time.monotonic()
        query = question
        if conversation is not None and conversation.turns:
            query = f"{conversation.turns[-1].question} {question}"  # follow-ups lean on the last question
        hits = self.searcher.retrieve(query, profile, limit=opt.limit, filters=opt.filters)
        timings = Timings(retrieval_ms=_ms(t0))
        relevant, best, why = relevance_gate(self.searcher, query, hits, opt)
        yield RetrievalDone(len(hits), [h.citation for h in relevant], best, timings.retrieval_ms)
        if not relevant:
            timings.total_ms = _ms(t0)
            return AnswerResult("", False, True, "no_relevant_passages", timings=timings, nearest=_nearest(hits),
                                details=[why])
        enc = self.searcher.encoder

        def embed(texts: Sequence[str]) -> np.ndarray:
            """The sentences as passages, a batch at a time: Stop is honoured after each batch."""
            parts = []
            for i in range(0, len(texts), EXTRACT_BATCH):
                parts.append(enc.embed_batch(texts[i:i + EXTRACT_BATCH], kind="passage"))
                if cancel is not None:
                    cancel.check()
            return np.concatenate(parts) if parts else np.zeros((0, enc.dimension), dtype=np.float32)

        try:
            spans = extract(query, relevant, enc.embed_query(query), embed, limit=opt.spans,
                            coverage_weight=opt.span_coverage)
        except Cancelled:
            timings.evidence_ms = timings.total_ms = _ms(t0)
            return AnswerResult("", False, False, "cancelled", timings=timings, lang=question_language(question))
        timings.evidence_ms = _ms(t0)
        yield EvidenceFound(spans, timings.evidence_ms)
        res = AnswerResult("", False, False, "", provenance=[Evidence(h.citation, h).provenance() for h in relevant], timings=timings,
                           lang=question_language(question))
        if not spans:
            return _refuse(res, spans, relevant, t0, "the passages found hold no sentence to show")
        gen = self._generator()
        res.model = gen.name
        judged: list[Span] = []
        t_check = time.monotonic()
        try:
            for s in judge_spans(gen, query, spans, threshold=opt.span_check, cancel=cancel):
                judged.append(s)
                if timings.first_verdict_ms is None:
                    timings.first_verdict_ms = _ms(t0)
                yield SpanVerdict(len(judged) - 1, s)
        except Cancelled:
            res.spans = judged + spans[len(judged):]
            timings.check_ms, timings.total_ms = _ms(t_check), _ms(t0)
            res.reason = "cancelled"
            return res
        timings.check_ms = _ms(t_check)
        res.spans = judged
        accepted = [s for s in judged if s.accepted]
        if not accepted:
            return _refuse(res, judged, relevant, t0, f"the answer model accepted none of the {len(judged)} "
                                                      "passages' sentences as an answer")
        res.answer = "\n\n".join(f"{s.text} [{s.id}]" for s in accepted)
        res.citations = _citations(accepted)
        res.grounded = True
        res.reason = "grounded"
        res.details = [f"{len(accepted)} of {len(judged)} spans accepted by the answer model"]
        timings.total_ms = _ms(t0)
        if conversation is not None:
            conversation.add(question, " ".join(s.text for s in accepted))
        return res


def _refuse(res: AnswerResult, spans: list[Span], relevant: list[Hit], t0: float, why: str) -> AnswerResult:
    """The archive does not say: the spans found are shown as related, never as the answer."""
    res.refused, res.reason, res.details = True, "archive_does_not_say", [why]
    res.nearest = _related(spans, relevant)
    res.timings.total_ms = _ms(t0)
    return res


def _citations(accepted: list[Span]) -> list[Citation]:
    """One citation per passage, its quotes the accepted spans of that passage (verbatim, with offsets)."""
    out: dict[str, Citation] = {}
    for s in accepted:
        quote = {"sentence": s.text, "text": s.text, "start": s.start, "end": s.end}
        if s.id in out:
            out[s.id].quotes.append(quote)
            continue
        out[s.id] = Citation(s.id, s.section_tipo, s.section_id, s.chunk_index, s.text, s.source_path, s.page,
                             s.tc_in, s.start, s.end, [quote])
    return list(out.values())
