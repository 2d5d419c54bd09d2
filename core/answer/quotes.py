"""Quotes: the exact span of a cited passage that an answer sentence rests on.

A citation names a whole passage (a chunk of up to ~450 tokens); a reader checking it needs the
sentence or two that say the thing. For each (answer sentence, cited passage) pair the quote is
the window of one to three consecutive passage sentences that best covers what the sentence adds
to the question — its numbers and names first, then its content words (accent-folded 5-letter
stems), then, for an answer written in another language than its source, e5 similarity. The quote
is verbatim: offsets into the stored passage text, located after normalising whitespace and
quotation marks. A quote *checks out* when it exists in the passage and holds every number of the
sentence, and every name of the sentence is in the quote or in the record's title (a diary's
author is often named only there). A citation whose best quote does not check out is not
grounded.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.answer.text import STOPWORDS, content_words, fold, numbers, stem

MAX_WINDOW = 3  # sentences in a quote
MAX_QUOTE_CHARS = 600
# a passage sentence ends at . ! ? ; or a line break (list items, transcript lines)
_PASSAGE_SENTENCE = re.compile(r"[^.!?;\n]+(?:[.!?;]+[\"'»”’)]*|\n|$)")
_NAME = re.compile(r"(?<![\w])([A-ZÁÉÍÓÚÀÈÒÏÜÇÑ][\w'’·-]{2,})", re.UNICODE)
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"', "«": '"', "»": '"',
                         "„": '"'})

Similarity = Callable[[str, str], float]
# capitalised in English but not names: dates are checked through their numbers, and honorifics
# are translated ("Father" / "el padre" / "mossèn")
_NOT_NAMES = frozenset(stem(w) for w in """january february march april may june july august september october
november december monday tuesday wednesday thursday friday saturday sunday father mother brother sister saint
mister mrs miss doctor don dona senor senora""".split())


@dataclass(frozen=True)
class Quote:
    """A verbatim span of a passage: ``text == passage[start:end]``."""

    start: int
    end: int
    text: str


def normalise(text: str) -> tuple[str, list[int]]:
    """Whitespace collapsed and quotation marks unified; and, per character kept, its offset in ``text``."""
    out: list[str] = []
    where: list[int] = []
    space = False
    for i, ch in enumerate(text.translate(_QUOTES)):
        if ch.isspace():
            if out and not space:
                out.append(" ")
                where.append(i)
            space = True
            continue
        space = False
        out.append(ch)
        where.append(i)
    while out and out[-1] == " ":
        out.pop()
        where.pop()
    return "".join(out), where


def locate(span: str, passage: str) -> Quote | None:
    """Where ``span`` occurs in ``passage`` (whitespace and quotation marks normalised), or None."""
    needle, _ = normalise(span)
    hay, where = normalise(passage)
    if not needle:
        return None
    at = hay.find(needle)
    if at < 0:
        return None
    start, end = where[at], where[at + len(needle) - 1] + 1
    return Quote(start, end, passage[start:end])


def names(text: str) -> set[str]:
    """Capitalised words that are not the first word of a sentence (folded stems): people, places."""
    out: set[str] = set()
    for sent in re.split(r"(?<=[.!?:;])\s+|\n+", text):
        for m in _NAME.finditer(sent):
            if m.start() == len(sent) - len(sent.lstrip()):
                continue  # the sentence's first word is capitalised anyway
            w = fold(m.group(1))
            if w not in STOPWORDS and stem(w) not in _NOT_NAMES:
                out.add(stem(w))
    return out


def _stems(text: str) -> set[str]:
    return {stem(w) for w in content_words(text)}


def problem(claim: str, quote: Quote | None, passage: str, title: str = "") -> str:
    """Why ``quote`` does not back ``claim`` ("" when it does): it must exist in ``passage`` and hold
    the claim's numbers (dates included), and its names (or the record's title must)."""
    if quote is None or locate(quote.text, passage) is None:
        return "the quoted words are not in the cited passage"
    missing = numbers(claim) - numbers(quote.text)
    if missing:
        return f"numbers not in the quoted words: {', '.join(sorted(missing))}"
    held = _stems(quote.text) | _stems(title) | {stem(fold(w)) for w in re.findall(r"[\w'’·-]+", quote.text + " " + title)}
    lost = sorted(n for n in names(claim) if n not in held)
    if lost:
        return f"names not in the quoted words: {', '.join(lost)}"
    return ""


def passage_sentences(passage: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence of a stored passage (ends at . ! ? ; or a line break)."""
    return [(m.start(), m.end()) for m in _PASSAGE_SENTENCE.finditer(passage) if m.group(0).strip()]


def _windows(passage: str) -> list[Quote]:
    """Every run of 1..MAX_WINDOW consecutive sentences of the passage, as verbatim spans."""
    spans = passage_sentences(passage)
    out: list[Quote] = []
    for i in range(len(spans)):
        for j in range(i, min(i + MAX_WINDOW, len(spans))):
            start, end = spans[i][0], spans[j][1]
            text = passage[start:end]
            lead = len(text) - len(text.lstrip())
            text = text.strip()
            if text and len(text) <= MAX_QUOTE_CHARS:
                out.append(Quote(start + lead, start + lead + len(text), text))
    return out


def find_quote(claim: str, passage: str, *, question: str = "", title: str = "",
               similarity: Similarity | None = None) -> tuple[Quote | None, str]:
    """The best quote of ``passage`` for ``claim`` and why it does not check out ("" when it does)."""
    windows = _windows(passage)
    if not windows:
        return None, "the cited passage is empty"
    nums, people = numbers(claim), names(claim)
    added = _stems(claim) - _stems(question) or _stems(claim)

    def score(q: Quote) -> tuple[float, float, float, int]:
        stems = _stems(q.text)
        facts = (len(nums & numbers(q.text)) + len(people & (stems | _stems(title)))) / max(1, len(nums) + len(people))
        words = len(added & stems) / max(1, len(added))
        return facts, words, 0.0, -len(q.text)

    ranked = sorted(windows, key=score, reverse=True)
    best = ranked[0]
    if similarity is not None and score(best)[1] < 0.5:
        # little word overlap: an answer in another language than its source; let meaning pick among
        # the windows that hold the facts best
        top_facts = score(best)[0]
        pool = [q for q in ranked if score(q)[0] == top_facts][:12]
        best = max(pool, key=lambda q: (similarity(claim, q.text), -len(q.text)))
    return best, problem(claim, best, passage, title)
