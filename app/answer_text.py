"""The answer as it streams: citation markers become superscript footnote numbers as they arrive.

The model writes ``[S1]`` (or a canonical id) after each sentence; a marker can arrive split
over several tokens, so an unclosed ``[`` at the end is held back until it closes. Passages are
numbered by first appearance, as the final footnotes are (the validator keeps that order), so a
number seen while writing is the one the footnote gets unless an earlier citation is dropped.
"""

from __future__ import annotations

from app.text import escape
from core.answer.citations import CITE_GROUP, answer_sentences, parse_citations

NO_ANSWER = "NO_ANSWER"
LONGEST_MARKER = 302  # CITE_GROUP's bracketed text is at most 300 characters


def settled(raw: str) -> str:
    """``raw`` without a trailing ``[…`` that may still become a citation marker."""
    start = raw.rfind("[")
    if start < 0:
        return raw
    tail = raw[start:]
    if "]" in tail or "\n" in tail or len(tail) > LONGEST_MARKER:
        return raw
    return raw[:start]


def is_refusal(raw: str) -> bool:
    """The model is writing (or has written) its NO_ANSWER token: nothing to show as an answer."""
    head = raw.strip().upper().replace(" ", "_")
    return bool(head) and (NO_ANSWER.startswith(head) or head.startswith(NO_ANSWER))


def streamed_html(raw: str) -> str:
    """HTML of the text streamed so far: markers as ``<sup>`` numbers, a partial marker hidden."""
    text = settled(raw)
    if is_refusal(text):
        return ""
    numbers: dict[str, int] = {}
    out: list[str] = []
    pos = 0
    for m in CITE_GROUP.finditer(text):
        tokens = parse_citations(m.group(0))
        if not tokens:
            continue  # an ordinary bracket, e.g. "[sic]": shown as written
        out.append(escape(text[pos:m.start()].rstrip()))
        marks = [str(numbers.setdefault(t, len(numbers) + 1)) for t in dict.fromkeys(tokens)]
        out.append(f"<sup>{','.join(marks)}</sup>")
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


def citation_count(raw: str) -> int:
    """How many citation checks the validator will report for ``raw`` (one per passage per sentence)."""
    return sum(len(dict.fromkeys(parse_citations(s))) for s in answer_sentences(raw.strip()))


def parse_passage_id(cid: str) -> tuple[str, int, int] | None:
    """(section_tipo, section_id, chunk_index) of a canonical passage id ``tipo-id#chunk``."""
    head, sep, chunk = cid.rpartition("#")
    tipo, dash, sid = head.rpartition("-")
    if not sep or not dash or not tipo:
        return None
    try:
        return tipo, int(sid), int(chunk)
    except ValueError:
        return None
