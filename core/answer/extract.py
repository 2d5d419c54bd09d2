"""Evidence first: the archive's own sentences that answer a question, verbatim, before any model runs.

Every sentence of the permitted passages retrieval returned is embedded once (e5, as a passage) and
scored against the question (e5, as a query); a span is a run of one or two consecutive sentences,
its score the better of its sentences' cosines plus :data:`COVERAGE_WEIGHT` × the share of the
question's content stems it holds. The best spans, at most one per passage region and never
overlapping, are the answer's body: ``text == passage[start:end]`` always. Keyword lists of an
index point are never evidence. No generation is involved, so this is what a person sees first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from core.answer.quotes import Quote, is_index
from core.retrieval.hits import Hit
from core.text import numbers, passage_sentences, stems

MAX_SPANS = 4  # spans shown as the answer's evidence
WINDOW = 2  # sentences in a span at most
MAX_SPAN_CHARS = 600
MIN_SENTENCE_CHARS = 12  # a timecode line or a bare label says nothing
# chosen on the dev half of resources/eval/ask: the lowest weight of the plateau that puts a span of a record
# holding the answer first for 18 of 23 answerable dev questions (e5 alone, weight 0: 15; 0.05-0.1: 17)
COVERAGE_WEIGHT = 0.2
MAX_SENTENCES = 160  # embedded per question at most (six passages of a long transcript are ~60)

Embed = Callable[[Sequence[str]], np.ndarray]


@dataclass(frozen=True)
class Span:
    """A verbatim span of a permitted passage that may answer the question.

    ``verdict`` is the answer model's P(yes) that the span answers the question (None: not asked);
    ``accepted`` is whether it is shown as the answer rather than as related.
    """

    id: str  # the passage's canonical citation id
    section_tipo: str
    section_id: int
    chunk_index: int
    title: str
    source_path: str | None
    page: int | None
    tc_in: float | None
    lang: str | None
    start: int
    end: int
    text: str
    score: float
    cosine: float
    coverage: float
    verdict: float | None = None
    accepted: bool = False

    def judged(self, verdict: float | None, accepted: bool) -> "Span":
        """This span with the model's verdict."""
        return replace(self, verdict=None if verdict is None else round(verdict, 4), accepted=accepted)

    def to_json(self) -> dict[str, object]:
        """The ``spans`` entry of ``ask --json``."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def _terms(text: str) -> set[str]:
    """What a span is scored on: its content stems and, unlike the support tests, its numbers."""
    return stems(text) | numbers(text)


def candidate_spans(passage: str) -> list[Quote]:
    """Runs of 1..WINDOW consecutive sentences of ``passage`` as verbatim quotes (keyword lists left out)."""
    sents = [(a, b) for a, b in passage_sentences(passage)  # a keyword list's items are no sentences either
             if len(passage[a:b].strip()) >= MIN_SENTENCE_CHARS and not is_index(Quote(a, b, passage[a:b]), passage)]
    out: list[Quote] = []
    for i in range(len(sents)):
        for j in range(i, min(i + WINDOW, len(sents))):
            if j > i and passage[sents[j - 1][1]:sents[j][0]].strip():  # not consecutive: something lies between
                break
            start, end = sents[i][0], sents[j][1]
            last = passage[sents[j][0]:sents[j][1]].strip()
            if last.startswith("#") or last.endswith("?"):
                continue  # a heading opens a span (its date, its subject), and a question leads to one: neither ends it
            raw = passage[start:end]
            lead = len(raw) - len(raw.lstrip())
            text = raw.strip()
            if text and len(text) <= MAX_SPAN_CHARS:
                q = Quote(start + lead, start + lead + len(text), text)
                if not is_index(q, passage):
                    out.append(q)
    return out


def extract(question: str, hits: Sequence[Hit], query_vector: np.ndarray, embed: Embed, *,
            limit: int = MAX_SPANS, coverage_weight: float = COVERAGE_WEIGHT) -> list[Span]:
    """The best non-overlapping spans of ``hits`` for ``question``, best first. ``hits`` must already be
    gated for the profile; ``embed`` embeds texts as passages (unit vectors)."""
    per_hit = [(h, candidate_spans(h.text)) for h in hits]
    sentences: dict[str, int] = {}
    for _, quotes in per_hit:
        for q in quotes:
            for sent in _sentence_texts(q.text):
                if len(sentences) < MAX_SENTENCES:
                    sentences.setdefault(sent, len(sentences))
    if not sentences:
        return []
    vecs = np.asarray(embed(list(sentences)), dtype=np.float32)
    cos = vecs @ np.asarray(query_vector, dtype=np.float32)
    asked = _terms(question)
    scored: list[Span] = []
    for h, quotes in per_hit:
        for q in quotes:
            ids = [sentences[t] for t in _sentence_texts(q.text) if t in sentences]
            if not ids:
                continue
            c = float(max(cos[i] for i in ids))
            held = len(asked & _terms(q.text)) / len(asked) if asked else 0.0
            scored.append(Span(h.citation, h.section_tipo, h.section_id, h.chunk_index, h.title, h.source_path,
                               h.page, h.tc_in, h.lang, q.start, q.end, q.text,
                               round(c + coverage_weight * held, 6), round(c, 6), round(held, 4)))
    # a longer span must earn its place: the pair wins over its best sentence only when it scores higher
    scored.sort(key=lambda s: (-s.score, s.end - s.start, s.id, s.start))
    chosen: list[Span] = []
    for s in scored:
        if any(o.id == s.id and o.start < s.end and s.start < o.end for o in chosen):
            continue
        chosen.append(s)
        if len(chosen) >= limit:
            break
    return chosen


def _sentence_texts(text: str) -> list[str]:
    return [text[a:b].strip() for a, b in passage_sentences(text) if text[a:b].strip()]
