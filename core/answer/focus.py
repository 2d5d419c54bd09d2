"""Focused evidence: the sentences of a retrieved passage that best match the question, with their neighbours.

Whole ~450-token chunks made the answer prompt ~1160 tokens, and on a laptop CPU prompt evaluation is
most of the wait (~40 tokens/s for the 1.5B model at 2 threads). An excerpt keeps the passage's
sentences that share most content words (5-letter accent-folded stems) and numbers with the question,
each with its neighbours, under a token budget; a passage that shares nothing with the question (a
question in another language) keeps its opening sentences. Every piece is a verbatim span of the
stored passage, pieces are joined by " … " (and an elided start or end is marked the same way), so
whatever the model copies from the excerpt exists in the passage the validator and the quotes check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.text import numbers, passage_sentences, stems

ELISION = "…"
# per passage; 0 gives whole passages. Prompt evaluation runs at ~75 tokens/s (1.5B model, 2 threads), so the
# first token waits ≈ new prompt tokens / 75. Chosen on the dev half of resources/eval/ask (scripts/bench/ask.py
# --split dev, docs/bench-raw/ask-dev-*.json): five excerpts of 100 tokens were ~590 new prompt tokens; three of
# 100 are ~380 with as many supported answers (three of 80, ~320, elided the sentence some answers rest on:
# 13 grounded answerable questions instead of 15). Every citation the dev run accepted from a fourth or fifth
# passage was unsupported or did not answer the question.
FOCUS_TOKENS = 100
FOCUS_PASSAGES = 3  # excerpts in one prompt
NEIGHBOURS = 1  # sentences kept on each side of a matching one


@dataclass(frozen=True)
class Excerpt:
    """The text shown to the model and the verbatim ``(start, end)`` spans of the passage it is made of."""

    text: str
    spans: tuple[tuple[int, int], ...]


def _strip(passage: str, start: int, end: int) -> tuple[int, int]:
    """A span without its surrounding whitespace."""
    piece = passage[start:end]
    lead = len(piece) - len(piece.lstrip())
    return start + lead, start + lead + len(piece.strip())


def render(passage: str, sentences: list[tuple[int, int]], chosen: set[int]) -> Excerpt:
    """The chosen sentences as runs of consecutive ones, elisions marked with ``…``."""
    order = sorted(chosen)
    runs: list[tuple[int, int]] = []
    for i in order:
        if runs and runs[-1][1] == i - 1:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    spans = tuple(_strip(passage, sentences[a][0], sentences[b][1]) for a, b in runs)
    text = f" {ELISION} ".join(passage[s:e] for s, e in spans)
    if runs and runs[0][0] > 0:
        text = f"{ELISION} {text}"
    if runs and runs[-1][1] < len(sentences) - 1:
        text = f"{text} {ELISION}"
    return Excerpt(text, spans)


def focus(question: str, passage: str, *, budget: int, count: Callable[[str], int]) -> Excerpt:
    """The excerpt of ``passage`` for ``question`` within ``budget`` tokens (``count`` measures them).

    The best-matching sentence is always kept, whole, even past the budget; a passage within the
    budget is kept whole.
    """
    sentences = passage_sentences(passage)
    if budget <= 0 or not sentences or count(passage) <= budget:
        whole = _strip(passage, 0, len(passage))
        return Excerpt(passage[whole[0]:whole[1]], (whole,) if whole[1] > whole[0] else ())
    asked, nums = stems(question), numbers(question)

    def score(i: int) -> int:
        text = passage[sentences[i][0]:sentences[i][1]]
        return len(asked & stems(text)) + 2 * len(nums & numbers(text))

    scores = [score(i) for i in range(len(sentences))]
    # one count per sentence (through the model's tokenizer), summed: an elision costs ~2 tokens
    tokens = [count(passage[a:b]) for a, b in sentences]

    def cost(picked: set[int]) -> int:
        gaps = sum(1 for i in picked if i - 1 not in picked) + 1
        return sum(tokens[i] for i in picked) + 2 * gaps

    ranked = sorted(range(len(sentences)), key=lambda i: (-scores[i], i))
    chosen: set[int] = set()
    for i in ranked:
        if chosen and scores[i] == 0 and scores[ranked[0]] > 0:
            break  # the rest shares nothing with the question
        if i in chosen:
            continue
        around = {j for j in range(i - NEIGHBOURS, i + NEIGHBOURS + 1) if 0 <= j < len(sentences)}
        for trial in (chosen | around, chosen | {i}):
            if cost(trial) <= budget:
                chosen = trial
                break
        else:
            if not chosen:
                chosen = {i}  # the best sentence, whole, even over budget
    return render(passage, sentences, chosen)
