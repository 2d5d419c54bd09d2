"""The validator that decides whether a written answer is grounded (its citations' grammar:
:mod:`core.answer.citation_grammar`).

Support test for a sentence and the passages it cites:
  * every number in the sentence appears in a cited passage (numbers survive translation,
    and invented dates or counts are the commonest hallucination), and
  * for *each* cited passage on its own — lexical: at least ``LEXICAL_SUPPORT`` of the
    content words the sentence adds to the question (restating the question proves nothing)
    share a 5-letter accent-folded stem with it — a sentence that adds only numbers needs
    them in a passage holding most of the question's words — or
    semantic: e5 cosine (sentence as query, passage as passage) ≥ the semantic threshold,
    for answers written in another language than their sources.
A citation that passes must then have a *quote* (``quotes.py``): the one to three consecutive
sentences of the passage that the sentence rests on, verbatim, holding the sentence's numbers and
names. A lexical test cannot see who did what to whom (hand check, docs/ask_spotcheck.md), so the
quote is then put to the answer model itself (``verify.py``): do these words, read alone, state
the sentence? Any failing citation sends the answer back once; after that, a
citation piled onto a sentence another cited passage states is dropped, and a sentence cited
under the wrong label, or an answer cited nowhere, may move to the passage that states it
(``reattribute``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from core.answer.citation_grammar import (answer_sentences, canonical, parse_citations, resolve, strip_citations,
                                          titles_to_labels, without)
from core.answer.quotes import Quote, find_quote
from core.answer.result import CitationCheck, Evidence
from core.settings import LEXICAL_SUPPORT, SEMANTIC_SUPPORT
from core.text import numbers, stems

WORD = re.compile(r"[^\W\d_]{2,}")  # two letters in a row: a sentence says something beyond numbers

Similarity = Callable[[str, str], float]
# (question, sentence, passage) → P(the passage states the sentence), None when it cannot be judged
Entailment = Callable[[str, str, str], float | None]


@dataclass
class SentenceVerdict:
    """One sentence of the answer, its citations and what was wrong with it."""

    text: str
    claim: str
    ids: list[str]
    problems: list[str] = field(default_factory=list)
    supported: list[str] = field(default_factory=list)  # the cited passages that do say it
    quotes: dict[str, Quote] = field(default_factory=dict)  # per supporting passage: the words it rests on
    dangling: bool = False
    moved: bool = False  # none of its citations said it (or it had none); ``supported`` is the passage that does

    @property
    def cited(self) -> bool:
        """It names a passage: written by the model, or attributed by ``reattribute``."""
        return bool(self.ids) or self.moved

    @property
    def grounded(self) -> bool:
        """Cites no invented label, and at least one cited passage states it (the others are dropped)."""
        return not self.dangling and bool(self.supported)

    @property
    def dropped(self) -> list[str]:
        """Cited passages that do not say it, next to one that does: removed from the shown answer."""
        return [i for i in self.ids if i not in self.supported] if self.grounded else []

    def shown(self, evidence: Mapping[str, Evidence]) -> str:
        """The sentence as shown: canonical ids, citations that did not check out removed or moved."""
        if not self.dropped and not self.moved:
            return canonical(self.text, evidence)
        text = without(self.text, self.dropped, evidence)
        if self.moved:
            cites = "".join(f"[{i}]" for i in self.supported)
            end = len(text.rstrip(".!?"))
            text = f"{text[:end].rstrip()} {cites}{text[end:]}"
        return canonical(text, evidence)


@dataclass
class Validation:
    """The verdict on a whole answer."""

    sentences: list[SentenceVerdict]
    checks: list[CitationCheck]
    valid_ids: list[str]

    @property
    def problems(self) -> list[str]:
        """Every problem, one line each (they go into the corrective note)."""
        return [p for s in self.sentences for p in s.problems]

    @property
    def clean(self) -> bool:
        """Every citation written checks out (otherwise the answer is regenerated once)."""
        return bool(self.valid_ids) and not any(not c.ok for c in self.checks)

    @property
    def ok(self) -> bool:
        """Grounded once the citations that did not check out are dropped: every sentence that cites
        has a passage that states it, and no citation names anything outside this turn's evidence."""
        return bool(self.valid_ids) and all(s.grounded for s in self.sentences if s.cited)

    def shown(self, evidence: Mapping[str, Evidence]) -> str:
        """The answer as shown: dropped citations removed, labels replaced by canonical ids."""
        return " ".join(s.shown(evidence) for s in self.sentences)

    @property
    def moved(self) -> int:
        """Sentences whose citation was moved to the passage of this turn that states them."""
        return sum(s.moved and bool(s.ids) for s in self.sentences)

    @property
    def attributed(self) -> int:
        """Sentences the model left uncited, attributed to the passage of this turn that states them."""
        return sum(s.moved and not s.ids for s in self.sentences)

    @property
    def uncited(self) -> list[str]:
        """Sentences that cite nothing (flagged, not fatal)."""
        return [s.text for s in self.sentences if not s.cited]


def _numbers_missing(claim: str, passages: list[str]) -> str:
    """Why the cited passages together lack a number of the claim ("" when none is missing)."""
    missing = numbers(claim) - numbers("\n".join(passages))
    return f"numbers not in the cited passage: {', '.join(sorted(missing))}" if missing else ""


def _backs(claim: str, passage: str, given: set[str], similarity: Similarity | None,
           semantic: float) -> tuple[bool, str]:
    """Does this one passage say what ``claim`` adds to the question? (verdict, reason when not).

    Judged per passage, not over the union of the cited ones: over the union, a sentence
    stitched from the words of several passages passed while none of them said it (hand
    spot-check, docs/ask_spotcheck.md). A sentence that adds only numbers ("en 1959") must
    find them in a passage about the question (most of the question's words in it); one that
    adds nothing at all has nothing a passage could confirm, and one without a word ("1940 2") is
    no statement: a reader cannot tell what the numbers are of.
    """
    if not WORD.search(claim):
        return False, "it is only numbers, not a statement"
    added = stems(claim) - given
    if not added:
        nums = numbers(claim)
        about = len(given & stems(passage)) / len(given) if given else 0.0
        if nums and nums <= numbers(passage) and about >= LEXICAL_SUPPORT:
            return True, ""
        return False, "it adds nothing to the question that this passage confirms"
    share = len(added & stems(passage)) / len(added)
    if share >= LEXICAL_SUPPORT:
        return True, ""
    if similarity is not None and similarity(claim, passage) >= semantic:
        return True, ""
    return False, f"only {share:.0%} of the words it adds to the question are in the cited passage"


def _judged(entails: Entailment | None, threshold: float, question: str, claim: str,
            passage: str) -> tuple[bool, str, float | None]:
    """The model check of a citation the lexical test accepted (passes when it cannot be asked)."""
    if entails is None or threshold <= 0:
        return True, "", None
    p = entails(question, claim, passage)
    if p is None or p >= threshold:
        return True, "", p
    return False, f"read alone, the passage does not state it (model check {p:.2f} < {threshold:.2f})", p


def validate(answer: str, evidence: Mapping[str, Evidence], *, similarity: Similarity | None = None,
             semantic: float = SEMANTIC_SUPPORT, attempt: int = 1, question: str = "",
             entails: Entailment | None = None, entailment_min: float = 0.5) -> Validation:
    """Check every citation of ``answer`` against the evidence given in this turn (by id or label; a record
    title in brackets stands for its passages' labels)."""
    answer = titles_to_labels(answer, evidence)
    given = stems(question)
    verdicts: list[SentenceVerdict] = []
    checks: list[CitationCheck] = []
    valid: list[str] = []
    for sent in answer_sentences(answer):
        tokens = parse_citations(sent)
        resolved = {t: resolve(t, evidence) for t in tokens}
        ids = [resolved[t] or t for t in tokens]
        v = SentenceVerdict(sent, strip_citations(sent), ids)
        verdicts.append(v)
        known = list(dict.fromkeys(i for i in resolved.values() if i is not None))
        for t, i in resolved.items():
            if i is None:
                v.dangling = True
                v.problems.append(f"[{t}] is not one of the evidence passages given")
                checks.append(CitationCheck(t, False, "dangling", attempt))
        if not known:
            continue
        verdict = _sentence_support(v.claim, known, evidence, given, question, similarity, semantic, entails,
                                    entailment_min)
        v.supported = [i for i, (good, _, _, _) in verdict.items() if good]
        v.quotes = {i: q for i, (good, _, _, q) in verdict.items() if good and q is not None}
        for i, (good, why, judged, _) in verdict.items():
            checks.append(CitationCheck(i, good, "" if good else "unsupported", attempt, judged))
            if good:
                if i not in valid:
                    valid.append(i)
                continue
            shown = evidence[i].label or i  # the model knows the passage by its label
            fits = "" if v.supported else _better_passage(v.claim, evidence, known, given)
            v.problems.append(f"\"{v.claim[:80]}\" is not supported by [{shown}]" + (f" ({why})" if why else "")
                              + fits)
    return Validation(verdicts, checks, valid)


Support = tuple[bool, str, float | None, Quote | None]  # supports?, why not, model check, the quote


def _sentence_support(claim: str, known: list[str], evidence: Mapping[str, Evidence], given: set[str],
                      question: str, similarity: Similarity | None, semantic: float, entails: Entailment | None,
                      entailment_min: float) -> dict[str, Support]:
    """Per cited passage: (supports the sentence?, why not, model check, quote) — word test, quote, model.

    The numbers of the sentence must be in the quote of each passage that supports it, so a
    passage cannot lend its date to a sentence another passage carries, nor one of its sentences
    its date to another.
    """
    texts = {i: _passage(evidence[i]) for i in known}
    words = {i: _backs(claim, t, given, similarity, semantic) for i, t in texts.items()}
    backing = [texts[i] for i, (good, _) in words.items() if good]
    missing = _numbers_missing(claim, backing or list(texts.values()))
    if missing:
        return {i: (False, missing, None, None) for i in texts}
    out: dict[str, Support] = {}
    for i, (good, why) in words.items():
        if not good:
            out[i] = (False, why, None, None)
            continue
        hit = evidence[i].hit
        quote, why = find_quote(claim, hit.text, question=question, title=hit.title, similarity=similarity)
        if why or quote is None:
            out[i] = (False, why or "no quote", None, None)
            continue
        ok, why, judged = _judged(entails, entailment_min, question, claim, f"{hit.title}\n{quote.text}")
        out[i] = (ok, why, judged, quote)
    return out


def _passage(e: Evidence) -> str:
    """What a cited passage is judged on: its record's title and its text."""
    return f"{e.hit.title}\n{e.hit.text}"


def _better_passage(claim: str, evidence: Mapping[str, Evidence], cited: list[str], given: set[str]) -> str:
    """A hint for the regeneration: the passages of this turn whose words and numbers fit the sentence.

    Only the word test (cheap); the regenerated answer is checked in full like the first one.
    """
    fits = [f"[{e.label or cid}]" for cid, e in evidence.items()
            if cid not in cited and not _numbers_missing(claim, [_passage(e)])
            and _backs(claim, _passage(e), given, None, 2.0)[0]]
    return f"; its words fit {', '.join(fits[:2])}" if fits else ""


def reattribute(validation: Validation, evidence: Mapping[str, Evidence], *, question: str,
                entails: Entailment | None, entailment_min: float, similarity: Similarity | None = None,
                semantic: float = SEMANTIC_SUPPORT, attempt: int = 2) -> list[CitationCheck]:
    """Move the citation of a sentence none of whose passages states it to one of this turn's that does.

    The last resort after the regeneration: the small model often writes a true sentence under the
    wrong label, or writes its whole answer without a label (7 of 23 answerable dev-half answers
    under a trimmed prompt, 5 of them right by reading). A passage qualifies only by the full test — words and numbers, the
    quote, then the model check on that passage alone — so without a model to ask nothing is moved.
    An answer that cites nothing is attributed whole or not at all: one sentence no passage states
    would otherwise ride into a grounded answer beside the ones that check out. Dangling citations
    are never repaired (they may come from text injected into the archive). Returns the new checks.
    """
    if entails is None or entailment_min <= 0:
        return []
    given = stems(question)
    uncited = not any(v.ids for v in validation.sentences)
    found: list[tuple[SentenceVerdict, str, Quote | None, float | None]] = []
    for v in validation.sentences:
        if v.dangling or v.supported or not v.ids and not uncited:
            continue  # a sentence left uncited beside cited ones stays flagged as uncited
        if not stems(v.claim) - given:  # a sentence that adds no word to the question (a bare number) never moves
            if uncited:
                return []
            continue
        for i in (i for i in evidence if i not in v.ids):  # the word test runs first; only passes are judged
            good, _, judged, quote = _sentence_support(v.claim, [i], evidence, given, question, similarity,
                                                       semantic, entails, entailment_min)[i]
            if good:
                found.append((v, i, quote, judged))
                break
        else:
            if uncited:
                return []
    new: list[CitationCheck] = []
    for v, i, quote, judged in found:
        v.supported, v.moved = [i], True
        v.quotes = {i: quote} if quote is not None else {}
        new.append(CitationCheck(i, True, "", attempt, judged))
        if i not in validation.valid_ids:
            validation.valid_ids.append(i)
    validation.checks.extend(new)
    return new
