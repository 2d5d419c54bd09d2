"""The citation grammar: how an answer names the passages it rests on, and how those names are rewritten.

Grammar: ``[section_tipo-section_id#chunk_index]`` (canonical) or ``[S3]`` (the label an
evidence block carries in this turn's prompt); several may share brackets, separated by
``,`` or ``;`` (``[S1; S4]``), or follow each other (``[S1][S4]``). A label resolves only
to an evidence block of this turn; bracketed text with a ``#`` that does not parse is a
malformed citation and counts as dangling. Accepted answers are rewritten with canonical ids.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from core.answer.result import Evidence
from core.text import content_words, sentences

CITE_GROUP = re.compile(r"\[([^\[\]\n]{1,300})\]")
CITE_ID = re.compile(r"^[A-Za-z0-9_.:\-]+-\d+#\d+$")
CITE_LABEL = re.compile(r"^[Ss]\d{1,3}$")


def parse_citations(text: str) -> list[str]:
    """Every citation token in ``text``, in order (malformed ones included, as written)."""
    out: list[str] = []
    for group in CITE_GROUP.findall(text):
        for token in re.split(r"[,;]", group):
            token = token.strip()
            if "#" in token or CITE_ID.match(token) or CITE_LABEL.match(token):
                out.append(token)
    return out


def strip_citations(text: str) -> str:
    """The sentence without its bracketed citations."""
    return re.sub(r"\s+([.,;:!?])", r"\1", CITE_GROUP.sub(
        lambda m: "" if parse_citations(m.group(0)) else m.group(0), text)).strip()


LEADING_GROUP = re.compile(r"\s*\[[^\[\]\n]{1,300}\][.,;]?")
# Tags a small model sometimes emits around answers (``[OBSERVATION]``, ``[ANSWER]``): not content, not citations.
MODEL_TAG = re.compile(r"\[[A-Z][A-Z_ ]{2,30}\]")


def _leading_citations(sent: str) -> tuple[str, str]:
    """Split ``"[S1][S2] Next sentence."`` into its leading citations and the rest."""
    pos = 0
    while m := LEADING_GROUP.match(sent, pos):
        if not parse_citations(m.group(0)):
            break
        pos = m.end()
    return sent[:pos].strip(), sent[pos:].strip()


def answer_sentences(answer: str) -> list[str]:
    """Sentences of an answer, each with the citations that belong to it.

    Citations written after the full stop (``... 1959. [S2] Next ...``) or on a line of their
    own belong to the sentence before them, not the one they happen to precede.
    """
    out: list[str] = []
    for sent in sentences(answer):
        lead, rest = _leading_citations(sent)
        if out and lead:
            out[-1] = f"{out[-1]} {lead}"
            sent = rest
        # a piece with nothing but brackets ("[O2][S3]", "[OH04]") is no claim: it belongs to the sentence before
        if not sent or not any(ch.isalnum() for ch in CITE_GROUP.sub("", sent)) and out:
            if sent:
                out[-1] = f"{out[-1]} {sent}"
            continue
        out.append(sent)
    return out


def tidy(answer: str) -> str:
    """Drop model tags, sentences a small model repeated and an unfinished last one (cut by max_tokens)."""
    out: list[str] = []
    seen: set[str] = set()
    parts = answer_sentences(MODEL_TAG.sub("", answer))
    for n, sent in enumerate(parts):
        key = " ".join(sorted(content_words(sent)))
        if key in seen:
            continue
        if n == len(parts) - 1 and out and not re.search(r"[.!?\]»\"')]\W*$", sent):
            continue
        seen.add(key)
        out.append(sent)
    return " ".join(out)


def _labels(evidence: Mapping[str, Evidence]) -> dict[str, str]:
    return {e.label.upper(): cid for cid, e in evidence.items() if e.label}


def resolve(token: str, evidence: Mapping[str, Evidence]) -> str | None:
    """The canonical id a citation token stands for in this turn, or None (dangling)."""
    if token in evidence:
        return token
    return _labels(evidence).get(token.upper()) if CITE_LABEL.match(token) else None


def canonical(answer: str, evidence: Mapping[str, Evidence]) -> str:
    """``answer`` with every resolvable label replaced by its canonical id (``[S2]`` → ``[demo-9#2]``)."""
    def swap(m: re.Match[str]) -> str:
        tokens = parse_citations(m.group(0))
        if not tokens:
            return m.group(0)
        return "".join(f"[{resolve(t, evidence) or t}]" for t in tokens)

    return CITE_GROUP.sub(swap, answer)


def _title_key(text: str) -> str:
    return " ".join(text.casefold().split())


def titles_to_labels(answer: str, evidence: Mapping[str, Evidence]) -> str:
    """``answer`` with a bracketed record title (``[Site diary — Season opening]``) replaced by the labels of
    this turn's passages under that title: the prompt heads each passage ``[S1] Title``, and the small model
    sometimes cites the title instead of the label (dev half). Each passage is then checked like any citation."""
    by_title: dict[str, list[str]] = {}
    for e in evidence.values():
        if e.label:
            by_title.setdefault(_title_key(e.hit.title), []).append(e.label)

    def swap(m: re.Match[str]) -> str:
        labels = by_title.get(_title_key(m.group(1)))
        return "".join(f"[{label}]" for label in labels) if labels else m.group(0)

    return CITE_GROUP.sub(swap, answer) if by_title else answer


def without(sentence: str, ids: Collection[str], evidence: Mapping[str, Evidence]) -> str:
    """``sentence`` without the citations that resolve to ``ids`` (the ones that did not check out)."""
    def drop(m: re.Match[str]) -> str:
        tokens = parse_citations(m.group(0))
        if not tokens:
            return m.group(0)
        kept = [t for t in tokens if (resolve(t, evidence) or t) not in ids]
        return "".join(f"[{t}]" for t in kept)

    return re.sub(r"\s+([.,;:!?])", r"\1", CITE_GROUP.sub(drop, sentence)).strip()
