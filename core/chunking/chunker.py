"""Structure first, then token packing.

Rules (docs/design.md, issue #2): a chunk never crosses a section (heading path,
page, component); units — paragraphs, transcript turns — are packed whole
toward ``target`` tokens; a unit longer than that is split at sentence ends
(or, failing that, at words); a chunk under ``floor`` tokens is merged into its
neighbour in the same section when the two fit under ``hard_max``. The stored
``source_text`` is the clean raw text; the embedded text (:func:`compose_embedded`) is the passage
with the informative part of its heading path, never the record's title.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from core.chunking.model import Block, ParsedRecord

# c2: the title is no longer embedded, nor a heading that is an id or repeats the passage's start
# (docs/benchmarks.md, "What a passage's embedded text holds"); a new value re-embeds stored
# passages once (core/ingest/reembed.py)
CHUNKER_VERSION = "c2"
PATH_SEP = " › "
_SENTENCE_END = re.compile(r"(?<=[.!?…;])\s+(?=[\"'«“¿¡(\[]?[A-ZÀ-ÝÑÇ0-9])")

_WORD = re.compile(r"\w+")

TokenCounter = Callable[[str], int]


@dataclass
class Chunk:
    """One retrievable passage of a record."""

    chunk_index: int
    component_tipo: str
    source_text: str
    embedded_text: str
    tokens: int
    heading_path: tuple[str, ...] = ()
    page: int | None = None
    tc_in: float | None = None
    tc_out: float | None = None
    speakers: list[str] = field(default_factory=list)
    # where each timed unit starts in source_text: (char offset, tc_in, tc_out) — a hit plays from the
    # unit holding the words that matched, not from the chunk's first second
    tc_marks: list[tuple[int, float, float | None]] = field(default_factory=list)

    @property
    def parent_key(self) -> str:
        """The section this chunk belongs to (neighbours share it)."""
        loc = f"p{self.page}" if self.page is not None else ""
        return f"{self.component_tipo}|{PATH_SEP.join(self.heading_path)}|{loc}"

    @property
    def source_hash(self) -> str:
        """sha256 of chunker version and embedded text: equal hash ⇒ equal vector."""
        return embedded_hash(self.embedded_text)

    def meta(self) -> dict[str, object]:
        """The ``chunk_meta`` JSON stored beside the vector."""
        out: dict[str, object] = {"heading_path": list(self.heading_path), "parent_key": self.parent_key}
        if self.page is not None:
            out["page"] = self.page
        if self.tc_in is not None:
            out["tc_in"] = self.tc_in
        if self.tc_out is not None:
            out["tc_out"] = self.tc_out
        if self.speakers:
            out["contributors"] = self.speakers
        if len(self.tc_marks) > 1 or (self.tc_marks and self.tc_marks[0][2] is not None
                                      and self.tc_marks[0][2] - self.tc_marks[0][1] > 15):
            out["tc_marks"] = [list(m) for m in self.tc_marks]
        return out


@dataclass
class _Unit:
    text: str
    tokens: int
    block: Block
    tc_out: float | None
    # this piece's own start and end when a timed block is cut into several pieces (estimated by its
    # share of the block's characters: speech runs at a roughly even pace)
    t0: float | None = None
    t1: float | None = None


def chunk_record(record: ParsedRecord, count: TokenCounter, *, target: int = 450,
                 floor: int = 120, hard_max: int = 500) -> list[Chunk]:
    """Split one record into chunks following the structural rules."""
    chunks: list[Chunk] = []
    for _, group in groupby(record.blocks, key=lambda b: b.section):
        blocks = list(group)
        units = [u for b in blocks for u in _units(b, count, target)]
        for packed in _pack(units, floor, hard_max, target):
            chunks.append(_make_chunk(len(chunks), packed))
    return chunks


def _units(block: Block, count: TokenCounter, target: int) -> list[_Unit]:
    """A block as one unit, or split at sentences (then words) when too long."""
    text = block.text.strip()
    if not text:
        return []
    n = count(text)
    if n <= target:
        return [_Unit(text, n, block, block.tc_out)]
    pieces: list[_Unit] = []
    for sentence in _SENTENCE_END.split(text):
        sentence = sentence.strip()
        if not sentence:
            continue
        sn = count(sentence)
        if sn <= target:
            pieces.append(_Unit(sentence, sn, block, block.tc_out))
        else:
            pieces.extend(_Unit(w, count(w), block, block.tc_out) for w in _split_words(sentence, count, target))
    # sentences of one long block re-pack toward the target before chunk packing
    merged: list[_Unit] = []
    for p in pieces:
        if merged and merged[-1].tokens + p.tokens <= target:
            last = merged[-1]
            merged[-1] = _Unit(f"{last.text} {p.text}", last.tokens + p.tokens, block, block.tc_out)
        else:
            merged.append(p)
    return _time_pieces(merged, block)


def _time_pieces(pieces: list[_Unit], block: Block) -> list[_Unit]:
    """Give each piece of a cut timed block the share of the block's time its characters take."""
    if (not block.paced or block.tc_in is None or block.tc_out is None or block.tc_out <= block.tc_in
            or len(pieces) < 2):
        return pieces
    total = sum(len(p.text) + 1 for p in pieces)
    span = block.tc_out - block.tc_in
    pos = 0
    for p in pieces:
        p.t0 = round(block.tc_in + span * pos / total, 3)
        pos += len(p.text) + 1
        p.t1 = round(block.tc_in + span * pos / total, 3)
    return pieces


def _split_words(sentence: str, count: TokenCounter, target: int) -> list[str]:
    """Last resort for a sentence longer than a chunk: cut between words by token count."""
    words = sentence.split()
    out: list[str] = []
    cur: list[str] = []
    cur_tokens = 0
    for w in words:
        wt = count(w)
        if cur and cur_tokens + wt > target:
            out.append(" ".join(cur))
            cur, cur_tokens = [], 0
        if wt > target:  # a "word" of thousands of characters: cut by characters
            step = max(1, len(w) * target // max(wt, 1))
            out.extend(w[i:i + step] for i in range(0, len(w), step))
            continue
        cur.append(w)
        cur_tokens += wt
    if cur:
        out.append(" ".join(cur))
    return out


def _pack(units: Sequence[_Unit], floor: int, hard_max: int, target: int) -> list[list[_Unit]]:
    """Greedy packing toward the target, then fold undersized chunks into a neighbour."""
    groups: list[list[_Unit]] = []
    cur: list[_Unit] = []
    cur_tokens = 0
    for u in units:
        if cur and cur_tokens + u.tokens > target:
            groups.append(cur)
            cur, cur_tokens = [], 0
        cur.append(u)
        cur_tokens += u.tokens
    if cur:
        groups.append(cur)

    def size(g: list[_Unit]) -> int:
        return sum(u.tokens for u in g)

    i = 0
    while i < len(groups):
        g = groups[i]
        if size(g) < floor and len(groups) > 1:
            if i > 0 and size(groups[i - 1]) + size(g) <= hard_max:
                groups[i - 1].extend(g)
                del groups[i]
                continue
            if i + 1 < len(groups) and size(groups[i + 1]) + size(g) <= hard_max:
                groups[i + 1][:0] = g
                del groups[i]
                continue
        i += 1
    return groups


def fold(text: str) -> tuple[str, ...]:
    """``text`` as accent-free, case-folded word tokens (what "the same words" means below)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return tuple(_WORD.findall(plain.casefold()))


def is_id_like(tokens: Sequence[str]) -> bool:
    """A label, not words: no word of three letters or more ("2019", "1.2", "V0043", "IMG_2034")."""
    return not any(t.isalpha() and len(t) >= 3 for t in tokens)


def informative(label: str, passage: str) -> bool:
    """True when ``label`` (a heading) says something the passage does not: it is not an id, nor
    the passage's own start, nor the whole passage."""
    t, p = fold(label), fold(passage)
    return bool(t) and not is_id_like(t) and p[:len(t)] != t and t[:len(p)] != p


def compose_embedded(heading_path: Sequence[str], raw: str) -> str:
    """The text that is embedded: the informative headings of the path, then the raw passage.

    The record's title is left out: titles taken from documents are often the file name or the
    passage again, and on the dev halves an informative title helped no more than the headings
    alone (docs/benchmarks.md, "What a passage's embedded text holds")."""
    context = PATH_SEP.join(h for h in heading_path if informative(h, raw))
    return f"{context}\n\n{raw}" if context else raw


def embedded_hash(embedded: str) -> str:
    """A passage's ``source_hash``: sha256 of chunker version and embedded text."""
    return hashlib.sha256(f"{CHUNKER_VERSION}|{embedded}".encode()).hexdigest()


def _make_chunk(index: int, units: list[_Unit]) -> Chunk:
    first = units[0].block
    is_turns = first.tc_in is not None
    raw = ("\n" if is_turns else "\n\n").join(u.text for u in units)
    embedded = compose_embedded(first.heading_path, raw)
    tc_ins = [u.block.tc_in for u in units if u.block.tc_in is not None]
    tc_outs = [u.tc_out for u in units if u.tc_out is not None]
    speakers = list(dict.fromkeys(u.block.speaker for u in units if u.block.speaker))
    marks: list[tuple[int, float, float | None]] = []
    offset = 0
    for u in units:
        tc = u.t0 if u.t0 is not None else u.block.tc_in
        # an unpaced unit's end is not marked, so nothing inside it is placed later than its start
        end = u.t1 if u.t1 is not None else (u.tc_out if u.block.paced else None)
        if tc is not None and (not marks or marks[-1][1:] != (tc, end)):
            marks.append((offset, tc, end))
        offset += len(u.text) + (1 if is_turns else 2)
    return Chunk(chunk_index=index, component_tipo=first.component, source_text=raw,
                 embedded_text=embedded, tokens=sum(u.tokens for u in units),
                 heading_path=first.heading_path, page=first.page,
                 tc_in=min(tc_ins) if tc_ins else None, tc_out=max(tc_outs) if tc_outs else None,
                 speakers=speakers, tc_marks=marks)
