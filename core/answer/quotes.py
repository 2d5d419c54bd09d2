"""Quotes: the exact span of a cited passage that an answer sentence rests on.

A citation names a whole passage (a chunk of up to ~450 tokens); a reader checking it needs the
sentence or two that say the thing. For each (answer sentence, cited passage) pair the quote is
the window of one to three consecutive passage sentences that best covers what the sentence adds
to the question — its numbers and names first, then its content words (accent-folded 5-letter
stems), then, for an answer written in another language than its source, e5 similarity. The quote
is verbatim: offsets into the stored passage text, located after normalising whitespace and
quotation marks. A quote *checks out* when it exists in the passage, is a statement (not a list of
index keywords), holds every number of the sentence, and every name of the sentence is in the
quote. The record's title lends its names only to a quote in the first person ("I was born…",
"vaig néixer…": the interviewee or the diarist speaking): a sentence naming the title's person over
a quote about someone else passed the old "quote or title" rule (hand check, docs/ask_spotcheck.md).
A citation whose best quote does not check out is not grounded.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.settings import MIN_RELEVANCE
from core.text import ANSWER_STOPWORDS, clauses, fold, numbers, passage_sentences, stem, stems

MAX_WINDOW = 3  # sentences in a quote
MAX_QUOTE_CHARS = 600
_NAME = re.compile(r"(?<![\w])([A-ZÁÉÍÓÚÀÈÒÏÜÇÑ][\w'’·-]{2,})", re.UNICODE)
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "“": '"', "”": '"', "«": '"', "»": '"',
                         "„": '"'})

Similarity = Callable[[str, str], float]
# words that make a quote first person (the title's interviewee or diarist speaking); English "I" is
# matched case-sensitively because Catalan "i" is "and"
_FIRST_PERSON = frozenset("my me we our us myself yo mi mis nosotros nosotras nuestro nuestra nuestros "
                          "nuestras jo meu meva meus meves em vaig vam varem nosaltres nostre nostra".split())
# the label of an index point's keyword or subject list (OHMS) and the usual catalogue equivalents
_LIST_LABEL = re.compile(r"\b(?:keywords|subjects|key words|palabras clave|materias|temas|paraules clau|"
                         r"materies|temes)\s*:", re.IGNORECASE)
_LIST_ITEM_WORDS = 3  # an item of a keyword list: a term, not a clause
# A quote sharing no word with the question must reach this e5 cosine (question as query, title and quote as
# passage) to count as being about it: the relevance gate's floor, not tuned here.
# On the dev half it rejected a recipe "answered" from a kiln's wasters, and no accepted supported citation.
QUOTE_RELEVANCE = MIN_RELEVANCE
# capitalised in English but not names: dates are checked through their numbers, and honorifics
# are translated ("Father" / "el padre" / "mossèn")
_NOT_NAMES = frozenset(stem(w) for w in """january february march april may june july august september october
november december monday tuesday wednesday thursday friday saturday sunday father mother brother sister saint
mister mrs miss doctor don dona senor senora mosen mossen padre pare senyor senyora""".split())


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


def names(text: str, known: frozenset[str] | set[str] = frozenset()) -> set[str]:
    """Capitalised words that are not the first word of a sentence (folded stems): people, places.

    A sentence's first word counts too when its stem is in ``known`` (the names of the cited passage
    and title): "Carmen va tornar…" names Carmen."""
    out: set[str] = set()
    for sent in clauses(text):
        for m in _NAME.finditer(sent):
            if m.start() == len(sent) - len(sent.lstrip()) and stem(fold(m.group(1))) not in known:
                continue  # the sentence's first word is capitalised anyway
            w = fold(m.group(1))
            if w not in ANSWER_STOPWORDS and stem(w) not in _NOT_NAMES:
                out.add(stem(w))
    return out


def _held(text: str) -> set[str]:
    """Every stem a name of the claim could match in ``text``."""
    return stems(text) | {stem(fold(w)) for w in re.findall(r"[\w'’·-]+", text)}


def first_person(text: str) -> bool:
    """Is ``text`` in the first person (es/ca/en)? Then the record's title names who speaks."""
    words = re.findall(r"[\w'’]+", text)
    return "I" in words or any(fold(w) in _FIRST_PERSON for w in words)


def index_spans(passage: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each labelled keyword or subject list of ``passage`` (to the end of its line)."""
    out: list[tuple[int, int]] = []
    for m in _LIST_LABEL.finditer(passage):
        end = passage.find("\n", m.end())
        out.append((m.start(), len(passage) if end < 0 else end))
    return out


def keyword_list(text: str) -> bool:
    """Is ``text`` a list of index terms rather than a statement? Comma- or semicolon-separated items of
    at most three words each, two or more (one is enough when it ends in ";", an item cut from a list),
    and no full stop, question or exclamation mark at its end. "midwife; Cal Vidal;" is; "Tenía dos
    hijas, Carmen y Rosa." is not."""
    body = _LIST_LABEL.sub("", text).strip()
    if not body or body[-1] in ".!?":
        return False
    items = [i.strip() for i in re.split(r"[;,]", body) if i.strip()]
    if not items or any(len(i.split()) > _LIST_ITEM_WORDS for i in items):
        return False
    return len(items) >= 2 and (";" in body or len(items) >= 3) or body.endswith(";")


def is_index(quote: Quote, passage: str) -> bool:
    """A quote that is (mostly) a keyword list: by its own shape or inside a labelled list of the passage."""
    if keyword_list(quote.text):
        return True
    inside = sum(max(0, min(quote.end, b) - max(quote.start, a)) for a, b in index_spans(passage))
    return inside * 2 > quote.end - quote.start


def problem(claim: str, quote: Quote | None, passage: str, title: str = "", question: str = "") -> str:
    """Why ``quote`` does not back ``claim`` ("" when it does): it must exist in ``passage``, state
    something (not list index keywords), and hold the claim's numbers (dates included) and the names
    it adds to the question — the record's title counts for names only when the quote is in the
    first person."""
    if quote is None or locate(quote.text, passage) is None:
        return "the quoted words are not in the cited passage"
    if is_index(quote, passage):
        return "the quoted words are a list of index keywords, not a statement"
    missing = numbers(claim) - numbers(quote.text)
    if missing:
        return f"numbers not in the quoted words: {', '.join(sorted(missing))}"
    held = _held(quote.text) | (_held(title) if title and first_person(quote.text) else set()) | _held(question)
    lost = sorted(n for n in names(claim, names(passage) | names(title)) if n not in held)
    if lost:
        return f"names not in the quoted words: {', '.join(lost)}"
    return ""


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
    # keyword lists never ground a sentence: look among the statements (all lists: the problem says so)
    windows = [q for q in windows if not is_index(q, passage)] or windows
    nums, people = numbers(claim), names(claim)
    added = stems(claim) - stems(question) or stems(claim)

    def score(q: Quote) -> tuple[float, float, float, int]:
        stems = _held(q.text) | (_held(title) if title and first_person(q.text) else set())
        facts = (len(nums & numbers(q.text)) + len(people & stems)) / max(1, len(nums) + len(people))
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
    why = problem(claim, best, passage, title, question)
    # no shared word: an answer across languages, or words about something else; meaning decides (without a
    # model to ask, as the model check does, it passes)
    if not why and question and similarity is not None and not stems(question) & stems(best.text) \
            and similarity(question, f"{title}\n{best.text}") < QUOTE_RELEVANCE:
        why = "the quoted words are not about the question"
    return best, why
