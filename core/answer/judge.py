"""The answer model as a reader: does this span of the archive answer the question? yes or no.

A 1.5B model that *writes* puts the right words about the wrong object; asked a yes/no question over a
short excerpt, it only has to read. Its next-token probability of "yes" against "no" is the verdict
(no text is sampled). The prompt puts the system text and the question first and the excerpt last, so
the answer model's KV snapshot (``LlamaGenerator``) holds the shared prefix and each further span
costs the evaluation of its own few dozen tokens.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from core.answer.extract import Span
from core.models.generator import Generator, Message
from core.progress import CancelToken

# chosen on the dev half of resources/eval/ask (scripts/bench/ask.py --split dev): the lowest threshold at which
# no unanswerable dev question had a span accepted (0.60 accepted spans for 2 of 9; 0.65 kept 19 of 22 answerable
# questions with an accepted span from a record that holds the answer, 0.70 only 15)
SPAN_CHECK = 0.65

READER_SYSTEM = ("You read excerpts from an archive. Answer with one word: yes if the excerpt itself states the "
                 "answer to the question (in any language), no if it does not, only mentions the same subject, "
                 "or is about something else.")


def reader_messages(question: str, span: Span) -> list[Message]:
    """The verdict prompt: the question before the excerpt, so consecutive spans share the prefix."""
    where = f" (from “{span.title}”)" if span.title else ""
    return [Message("system", READER_SYSTEM),
            Message("user", f"Question: {question}\n\nExcerpt{where}:\n{span.text}\n\n"
                            "Does the excerpt answer the question? yes or no.")]


def judge_spans(gen: Generator, question: str, spans: Sequence[Span], *, threshold: float = SPAN_CHECK,
                cancel: CancelToken | None = None) -> Iterator[Span]:
    """Each span with the model's verdict, in order; a model that cannot judge accepts nothing."""
    for s in spans:
        if cancel is not None:
            cancel.check()
        p = gen.yes_probability(reader_messages(question, s), cancel=cancel)
        yield s.judged(p, p is not None and p >= threshold)
