"""The citation grammar and the validator that decides whether an answer is grounded.

Grammar: ``[section_tipo-section_id#chunk_index]``; several ids may share brackets,
separated by ``,`` or ``;`` (``[demo-1#0; demo-2#3]``). Bracketed text with a ``#``
that does not parse is a malformed citation and counts as dangling.

Support test for a sentence and the passages it cites:
  * every number in the sentence appears in a cited passage (numbers survive translation,
    and invented dates or counts are the commonest hallucination), and
  * lexical: at least ``LEXICAL_SUPPORT`` of the sentence's content words share a 5-letter
    accent-folded stem with the cited passages, or
  * semantic: e5 cosine (sentence as query, passage as passage) ≥ the semantic threshold,
    which covers answers written in another language than their sources.
Each cited passage must itself contribute (a shared stem or number, or the semantic test).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from core.answer.result import CitationCheck, Evidence
from core.answer.text import content_words, numbers, sentences, stem

CITE_GROUP = re.compile(r"\[([^\[\]\n]{1,300})\]")
CITE_ID = re.compile(r"^[A-Za-z0-9_.:\-]+-\d+#\d+$")
LEXICAL_SUPPORT = 0.5

Similarity = Callable[[str, str], float]


@dataclass
class SentenceVerdict:
    """One sentence of the answer, its citations and what was wrong with it."""

    text: str
    claim: str
    ids: list[str]
    problems: list[str] = field(default_factory=list)


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
    def ok(self) -> bool:
        """Grounded: at least one valid citation, and no dangling or unsupported one."""
        return bool(self.valid_ids) and not any(not c.ok for c in self.checks)

    @property
    def uncited(self) -> list[str]:
        """Sentences that cite nothing (flagged, not fatal)."""
        return [s.text for s in self.sentences if not s.ids]


def parse_citations(text: str) -> list[str]:
    """Every citation token in ``text``, in order (malformed ones included, as written)."""
    out: list[str] = []
    for group in CITE_GROUP.findall(text):
        for token in re.split(r"[,;]", group):
            token = token.strip()
            if "#" in token or CITE_ID.match(token):
                out.append(token)
    return out


def strip_citations(text: str) -> str:
    """The sentence without its bracketed citations."""
    return re.sub(r"\s+([.,;:!?])", r"\1", CITE_GROUP.sub(
        lambda m: "" if parse_citations(m.group(0)) else m.group(0), text)).strip()


def answer_sentences(answer: str) -> list[str]:
    """Sentences of an answer; a fragment that is only citations joins the sentence before it."""
    out: list[str] = []
    for sent in sentences(answer):
        if out and parse_citations(sent) and not strip_citations(sent).strip(" .;,"):
            out[-1] = f"{out[-1]} {sent}"
        else:
            out.append(sent)
    return out


def tidy(answer: str) -> str:
    """Drop sentences a small model repeated and an unfinished last one (cut by max_tokens)."""
    out: list[str] = []
    seen: set[str] = set()
    parts = answer_sentences(answer)
    for n, sent in enumerate(parts):
        key = " ".join(sorted(content_words(sent)))
        if key in seen:
            continue
        if n == len(parts) - 1 and out and not re.search(r"[.!?\]»\"')]\W*$", sent):
            continue
        seen.add(key)
        out.append(sent)
    return " ".join(out)


def _stems(text: str) -> set[str]:
    return {stem(w) for w in content_words(text)}


def _support(claim: str, passages: list[str], similarity: Similarity | None, semantic: float) -> tuple[bool, str]:
    """Does the union of ``passages`` support ``claim``? (verdict, reason when not)."""
    joined = "\n".join(passages)
    missing = numbers(claim) - numbers(joined)
    if missing:
        return False, f"numbers not in the cited passage: {', '.join(sorted(missing))}"
    words = _stems(claim)
    if not words:
        return True, ""
    overlap = len(words & _stems(joined)) / len(words)
    if overlap >= LEXICAL_SUPPORT:
        return True, ""
    if similarity is not None and max(similarity(claim, p) for p in passages) >= semantic:
        return True, ""
    return False, f"only {overlap:.0%} of its content words are in the cited passage"


def _contributes(claim: str, passage: str, similarity: Similarity | None, semantic: float) -> bool:
    if (_stems(claim) & _stems(passage)) or (numbers(claim) & numbers(passage)):
        return True
    return similarity is not None and similarity(claim, passage) >= semantic


def validate(answer: str, evidence: Mapping[str, Evidence], *, similarity: Similarity | None = None,
             semantic: float = 0.86, attempt: int = 1) -> Validation:
    """Check every citation of ``answer`` against the evidence given in this turn."""
    verdicts: list[SentenceVerdict] = []
    checks: list[CitationCheck] = []
    valid: list[str] = []
    for sent in answer_sentences(answer):
        ids = parse_citations(sent)
        v = SentenceVerdict(sent, strip_citations(sent), ids)
        verdicts.append(v)
        known = [i for i in ids if i in evidence]
        for i in ids:
            if i not in evidence:
                v.problems.append(f"[{i}] is not one of the evidence passages given")
                checks.append(CitationCheck(i, False, "dangling", attempt))
        if not known:
            continue
        texts = [f"{evidence[i].hit.title}\n{evidence[i].hit.text}" for i in known]
        ok, why = _support(v.claim, texts, similarity, semantic)
        for i, t in zip(known, texts):
            good = ok and _contributes(v.claim, t, similarity, semantic)
            if good:
                checks.append(CitationCheck(i, True, "", attempt))
                if i not in valid:
                    valid.append(i)
            else:
                v.problems.append(f"\"{v.claim[:80]}\" is not supported by [{i}]" + (f" ({why})" if why else ""))
                checks.append(CitationCheck(i, False, "unsupported", attempt))
    return Validation(verdicts, checks, valid)
