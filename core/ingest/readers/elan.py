"""ELAN annotation files (``.eaf``): time-aligned tiers as timecoded passages.

Every independent tier (no ``PARENT_REF``) is a speaker's or a topic's line of time-aligned
annotations; they are merged in time order as turns of one transcript, each turn's speaker the
tier's ``PARTICIPANT`` (else its id). A dependent tier of one annotation per parent (a
translation or free gloss: ``Symbolic_Association``) is read as a translation at its parent's
time; tiers that cut their parent into words or morphemes repeat its text piece by piece and are
not indexed (said in the notes). Time slots without a value (unaligned) are placed between their
aligned neighbours, as ELAN shows them.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from bisect import bisect_left
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, language_code, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.readers.xmlsafe import parse_xml, split_tag
from core.ingest.titles import choose_title


def read(path: Path, raw: bytes) -> ReadResult:
    """Read a ``.eaf`` file."""
    root, notes = parse_xml(raw, what="ELAN file")
    if split_tag(root.tag)[1] != "ANNOTATION_DOCUMENT":
        raise CorruptSource(f"not an ELAN file (root <{split_tag(root.tag)[1]}>, not <ANNOTATION_DOCUMENT>)")
    return read_tree(path, root, notes)


def read_tree(path: Path, root: ET.Element, notes: list[str]) -> ReadResult:
    """A parsed ``<ANNOTATION_DOCUMENT>`` as one transcript record."""
    header = root.find("HEADER")
    scale = 1.0 if header is not None and header.get("TIME_UNITS") == "seconds" else 0.001
    slots = _slots(root, scale)
    constraints = {t.get("LINGUISTIC_TYPE_ID"): t.get("CONSTRAINTS") or "" for t in root.iter("LINGUISTIC_TYPE")}
    # a tier whose values come from a controlled vocabulary codes its parent (a language, a gesture): labels, not text
    coded = {t.get("LINGUISTIC_TYPE_ID") for t in root.iter("LINGUISTIC_TYPE") if t.get("CONTROLLED_VOCABULARY_REF")}
    times: dict[str, tuple[float | None, float | None]] = {}
    speakers: dict[str, str | None] = {}
    blocks: list[tuple[float, int, Block]] = []
    skipped: list[str] = []
    tiers = list(root.iter("TIER"))
    for order, tier in enumerate(tiers):  # independent tiers first: their times are what the others refer to
        if tier.get("PARENT_REF"):
            continue
        who = tier.get("PARTICIPANT") or tier.get("TIER_ID")
        for ann in tier.iter("ALIGNABLE_ANNOTATION"):
            tc_in, tc_out = slots.get(ann.get("TIME_SLOT_REF1") or ""), slots.get(ann.get("TIME_SLOT_REF2") or "")
            ann_id = ann.get("ANNOTATION_ID") or ""
            times[ann_id], speakers[ann_id] = (tc_in, tc_out), who
            text = " ".join((ann.findtext("ANNOTATION_VALUE") or "").split())
            if text:
                speaker = who or split_speaker(text)[0]
                blocks.append((tc_in or 0.0, order, Block(text, tc_in=tc_in, tc_out=tc_out, speaker=speaker,
                                                           component="rag:transcript")))
    for order, tier in enumerate(tiers):
        if not tier.get("PARENT_REF"):
            continue
        kind = tier.get("LINGUISTIC_TYPE_REF")
        if constraints.get(kind) != "Symbolic_Association" or kind in coded:
            skipped.append(tier.get("TIER_ID") or "?")
            continue
        for ann in tier.iter("REF_ANNOTATION"):
            parent = ann.get("ANNOTATION_REF") or ""
            text = " ".join((ann.findtext("ANNOTATION_VALUE") or "").split())
            if text and parent in times:
                tc_in, tc_out = times[parent]
                blocks.append((tc_in or 0.0, order, Block(text, tc_in=tc_in, tc_out=tc_out,
                                                           speaker=tier.get("PARTICIPANT") or speakers.get(parent),
                                                           component="rag:translation")))
    if skipped:
        notes.append(f"dependent tiers not indexed apart (they split or code their parent): {', '.join(skipped)}")
    if not blocks:
        raise CorruptSource("no cues with text in this transcript")
    blocks.sort(key=lambda b: (b[0], b[1]))
    data: dict[str, str] = {}
    if header is not None:
        for media in header.iter("MEDIA_DESCRIPTOR"):
            data.setdefault("media_url", media.get("RELATIVE_MEDIA_URL") or media.get("MEDIA_URL") or "")
    # DATE is when the file was saved, not when the recording was made: kept, never the record's date
    for key, name in (("AUTHOR", "annotator"), ("DATE", "saved")):
        if root.get(key):
            data[name] = root.get(key) or ""
    start, end = date_from_filename(path)
    lang = next((language_code(lang.get("LANG_ID")) for lang in root.iter("LANGUAGE") if lang.get("LANG_ID")), None)
    rec = ParsedRecord(key="", title=choose_title([], path), blocks=[b for _, _, b in blocks], lang=lang,
                       date_start=start, date_end=end, data={k: v for k, v in data.items() if v},
                       media_path=find_media(path))
    return ReadResult([rec], reader="elan", notes=notes)


def _slots(root: ET.Element, scale: float) -> dict[str, float | None]:
    """Time slot id → seconds; unaligned slots get the time between their aligned neighbours."""
    ids: list[str] = []
    values: list[float | None] = []
    for slot in root.iter("TIME_SLOT"):
        ids.append(slot.get("TIME_SLOT_ID") or "")
        raw = slot.get("TIME_VALUE")
        values.append(round(int(raw) * scale, 3) if raw and raw.strip().isdigit() else None)
    known = [i for i, v in enumerate(values) if v is not None]
    for i, v in enumerate(values):
        if v is not None or not known:
            continue
        at = bisect_left(known, i)  # known holds the aligned slots' positions, in order
        before = known[at - 1] if at > 0 else None
        after = known[at] if at < len(known) else None
        low, high = values[before] if before is not None else None, values[after] if after is not None else None
        if before is not None and after is not None and low is not None and high is not None:
            values[i] = round(low + (high - low) * (i - before) / (after - before), 3)
        else:  # before the first aligned slot or after the last: the nearest aligned time
            values[i] = low if low is not None else high
    return dict(zip(ids, values))
