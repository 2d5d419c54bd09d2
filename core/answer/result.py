"""What ``ask`` yields and returns: typed events and the stable ``--json`` result."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from core.answer.extract import Span
from core.retrieval.hits import Hit


@dataclass(frozen=True)
class Evidence:
    """One passage given to the model: its canonical id and the short label the prompt uses.

    The label (``S1``, ``S2``…) exists only for one turn; the validator maps it back to
    ``id``, and every answer the caller sees carries canonical ids. ``excerpt`` is what the prompt
    showed of the passage (its focused sentences, ``core/answer/focus.py``; "" = the whole text).
    """

    id: str
    hit: Hit
    label: str = ""
    excerpt: str = ""

    def provenance(self) -> dict[str, Any]:
        """The ``provenance`` entry of the result (the passage as scored by retrieval)."""
        h = self.hit
        return {"id": self.id, "label": self.label, "section_tipo": h.section_tipo, "section_id": h.section_id,
                "chunk_index": h.chunk_index, "title": h.title, "source_path": h.source_path, "page": h.page,
                "tc_in": h.tc_in, "classification": h.classification, "score": h.score, "dense_score": h.dense_score,
                "lexical_score": h.lexical_score, "excerpt": self.excerpt}


@dataclass
class Citation:
    """A citation that resolved to evidence and passed the support test.

    ``cited_text`` is the verbatim quote the (first) citing sentence rests on, and
    ``quote_start``/``quote_end`` its offsets in the passage text; ``quotes`` has one entry per
    citing sentence (``sentence``, ``text``, ``start``, ``end``) when several cite the passage.
    """

    id: str
    section_tipo: str
    section_id: int
    chunk_index: int
    cited_text: str
    source_path: str | None
    page: int | None
    tc_in: float | None
    quote_start: int | None = None
    quote_end: int | None = None
    quotes: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Timings:
    """Milliseconds of each phase and the generation speed."""

    retrieval_ms: float = 0.0
    evidence_ms: float | None = None  # the archive's spans found (shown before any model runs)
    first_verdict_ms: float | None = None  # the answer model's first verdict on a span
    check_ms: float = 0.0  # spent in the model's verdicts (its loading included on the first question)
    total_ms: float = 0.0


@dataclass
class AnswerResult:
    """The final outcome of one question.

    ``answer`` is the accepted spans, verbatim, each followed by its ``[citation id]``; ``spans`` every
    span found with the model's verdict (accepted ones are the answer, the others only related).
    ``reason`` is a stable code the front ends translate: ``grounded`` (the model accepted at least one
    span), ``no_relevant_passages`` (retrieval or the relevance gate found nothing to answer from; the
    model was not asked), ``archive_does_not_say`` (spans were found but the model accepted none: the
    closest are in ``nearest``) or ``cancelled``. ``details`` says why in plain English (the gate's
    numbers, how many spans were accepted) for the CLI and logs.
    """

    answer: str
    grounded: bool
    refused: bool
    reason: str
    citations: list[Citation] = field(default_factory=list)
    provenance: list[dict[str, Any]] = field(default_factory=list)
    model: str = ""
    timings: Timings = field(default_factory=Timings)
    unsupported: list[str] = field(default_factory=list)  # sentences flagged: no or failing citations
    nearest: list[dict[str, Any]] = field(default_factory=list)  # shown on refusal: found, judged not relevant
    details: list[str] = field(default_factory=list)  # the English explanation behind ``reason``
    spans: list[Span] = field(default_factory=list)
    lang: str = ""  # the question's language (a span in another one may be shown with a machine translation)

    def to_json(self) -> dict[str, Any]:
        """The stable ``ask --json`` shape."""
        return asdict(self)


# -- streamed events -------------------------------------------------------------
@dataclass(frozen=True)
class RetrievalDone:
    """Retrieval finished: how many passages came back and how many go to the model."""

    hits: int
    evidence: list[str]
    best_dense: float | None
    retrieval_ms: float


@dataclass(frozen=True)
class CitationCheck:
    """The validator's verdict on one citation of a written text (:func:`core.answer.citations.validate`)."""

    id: str
    ok: bool
    problem: str = ""  # "", "dangling", "unsupported"
    attempt: int = 1
    model_check: float | None = None  # P(yes) the answer model gave when asked (None: not asked)


@dataclass(frozen=True)
class EvidenceFound:
    """The archive's spans for the question, best first, before any model runs (not yet judged)."""

    spans: list[Span]
    evidence_ms: float


@dataclass(frozen=True)
class SpanVerdict:
    """The answer model's verdict on ``spans[index]`` of :class:`EvidenceFound`."""

    index: int
    span: Span


AskEvent = RetrievalDone | EvidenceFound | SpanVerdict
