"""TTML and DFXP captions (``.ttml``, ``.dfxp``, or ``.xml`` with a ``<tt>`` root): each ``<p>`` a timed cue.

Times follow the TTML timing model: clock times (``00:00:05.916``, ``00:01:02:12`` with frames),
offsets (``0.76s``, ``1500ms``, ``2m``, ``90f``, ``10010000t`` with ``ttp:tickRate``) and ``dur``;
a child's ``begin`` counts from its parent's (``body``/``div``), as in the default parallel time
container. A paragraph without timing whose spans are timed (EBU-TT-D, word-timed lyrics) becomes
one cue from its first span's start to its last span's end. ``ttm:agent`` names the speaker.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from core.errors import CorruptSource
from core.chunking.model import Block, ParsedRecord, ReadResult
from core.ingest.readers.common import date_from_filename, language_code, split_speaker
from core.ingest.readers.media import find_media
from core.ingest.readers.subtitles import MAX_LISTED, clean_cue_text
from core.ingest.readers.xmlsafe import XML_NS, parse_xml, split_tag, strip_namespaces
from core.ingest.titles import choose_title

_CLOCK = re.compile(r"^(\d+):(\d{2}):(\d{2})(?:\.(\d+)|:(\d+)(?:\.(\d+))?)?$")
_OFFSET = re.compile(r"^(\d+(?:\.\d+)?)(h|m|s|ms|f|t)?$")  # a bare number (Apple's, Netflix's) is seconds
_SHORT_CLOCK = re.compile(r"^(\d{1,2}):(\d{2}(?:\.\d+)?)$")  # "3:58.640", as lyric and web exports write
_UNITS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}


class Rates:
    """Frame and tick rates a document declares (``ttp:frameRate``, ``ttp:frameRateMultiplier``,
    ``ttp:tickRate``), for times given in frames or ticks."""

    def __init__(self, root: ET.Element) -> None:
        attrs = {split_tag(k)[1]: v for k, v in root.attrib.items()}
        self.frames = float(attrs.get("frameRate") or 30)
        num, _, den = (attrs.get("frameRateMultiplier") or "1 1").partition(" ")
        self.frames *= float(num or 1) / float(den or 1)
        self.ticks = float(attrs.get("tickRate") or (self.frames if "frameRate" in attrs else 1))


def parse_time(value: str, rates: Rates) -> float:
    """A TTML time expression in seconds; :class:`ValueError` when it is not one."""
    v = value.strip()
    m = _CLOCK.match(v)
    if m:
        h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if mi > 59 or s > 60:
            raise ValueError(value)
        seconds = float(h * 3600 + mi * 60 + s)
        if m.group(4):
            seconds += float(f"0.{m.group(4)}")
        elif m.group(5):
            seconds += int(m.group(5)) / rates.frames
        return seconds
    m = _SHORT_CLOCK.match(v)
    if m:
        return int(m.group(1)) * 60 + float(m.group(2))
    m = _OFFSET.match(v)
    if not m:
        raise ValueError(value)
    number, unit = float(m.group(1)), m.group(2) or "s"
    if unit == "f":
        return number / rates.frames
    if unit == "t":
        return number / rates.ticks
    return number * _UNITS[unit]


def read(path: Path, raw: bytes) -> ReadResult:
    """Read a ``.ttml``/``.dfxp`` file."""
    root, notes = parse_xml(raw, what="caption file")
    if split_tag(root.tag)[1].lower() != "tt":
        raise CorruptSource(f"not a TTML file (root <{split_tag(root.tag)[1]}>, not <tt>)")
    return read_tree(path, root, notes)


def read_tree(path: Path, root: ET.Element, notes: list[str]) -> ReadResult:
    """A parsed ``<tt>`` document as one transcript record."""
    rates = Rates(root)
    lang = root.get(f"{XML_NS}lang")
    strip_namespaces(root)
    agents = {a.get(f"{XML_NS}id") or a.get("id") or "": " ".join(a.findtext("name", "").split())
              for a in root.iter("agent")}
    title = " ".join((root.findtext("head/metadata/title") or "").split())
    blocks: list[Block] = []
    bad: list[str] = []
    body = root.find("body")
    if body is not None:
        _timed(body, 0.0, None, rates, agents, blocks, bad)
    if bad:
        listed = "; ".join(bad[:MAX_LISTED]) + (f"; and {len(bad) - MAX_LISTED} more" if len(bad) > MAX_LISTED else "")
        notes.append(f"{len(bad)} cue{'s' if len(bad) != 1 else ''} skipped (unreadable timing): {listed}")
    if not blocks:
        raise CorruptSource("no cues with text in this transcript")
    blocks.sort(key=lambda b: b.tc_in or 0.0)
    start, end = date_from_filename(path)
    data = {k: v for k, v in (("copyright", " ".join((root.findtext("head/metadata/copyright") or "").split())),
                              ("description", " ".join((root.findtext("head/metadata/desc") or "").split())))
            if v}
    rec = ParsedRecord(key="", title=choose_title([title], path), blocks=blocks, lang=language_code(lang),
                       date_start=start, date_end=end, data=data, media_path=find_media(path))
    return ReadResult([rec], reader="ttml", notes=notes)


def _span(el: ET.Element, base: float, parent_begin: float, parent_end: float | None,
          rates: Rates) -> tuple[float, float | None, bool]:
    """(begin, end, has own timing) of an element whose times count from ``base``, inside its parent's interval."""
    begin_attr, end_attr, dur_attr = el.get("begin"), el.get("end"), el.get("dur")
    begin = base + parse_time(begin_attr, rates) if begin_attr else parent_begin
    end = base + parse_time(end_attr, rates) if end_attr else None
    if dur_attr:
        by_dur = begin + parse_time(dur_attr, rates)
        end = min(end, by_dur) if end is not None else by_dur
    if end is None:
        end = parent_end
    elif parent_end is not None:
        end = min(end, parent_end)  # a child ends with its parent at the latest
    return begin, end, bool(begin_attr or end_attr or dur_attr)


def _base(children: list[ET.Element], begin: float, end: float | None, rates: Rates) -> float:
    """Where the children's times count from: the parent's begin, as the timing model says — unless they
    only fit the parent's interval as absolute times (Apple's lyrics repeat the div's times on its lines)."""
    if not begin or end is None:
        return begin
    try:
        own = [parse_time(c.get("begin") or "", rates) for c in children if c.get("begin")]
    except ValueError:
        return begin
    if own and all(begin <= b <= end for b in own) and any(begin + b > end for b in own):
        return 0.0
    return begin


def _timed(el: ET.Element, begin: float, end: float | None, rates: Rates, agents: dict[str, str],
           blocks: list[Block], bad: list[str]) -> None:
    children = [c for c in el if isinstance(c.tag, str)]
    base = _base(children, begin, end, rates)
    for child in children:
        try:
            c_begin, c_end, own = _span(child, base, begin, end, rates)
        except ValueError:
            bad.append(f"<{child.tag} begin={child.get('begin')!r} end={child.get('end')!r}>")
            continue
        if child.tag == "div":
            _timed(child, c_begin, c_end, rates, agents, blocks, bad)
        elif child.tag == "p":
            if not own:  # timing on the spans only: the cue runs from the first to the last timed span
                times = []
                spans = list(child.iter("span"))
                span_base = _base(spans, c_begin, c_end, rates)
                for span in spans:
                    try:
                        s_begin, s_end, s_own = _span(span, span_base, c_begin, c_end, rates)
                    except ValueError:
                        continue
                    if s_own:
                        times.append((s_begin, s_end))
                if times:
                    c_begin = min(t[0] for t in times)
                    c_end = max((t[1] for t in times if t[1] is not None), default=c_end)
            text = clean_cue_text(_text(child))
            if not text:
                continue
            agent = next((a for e in child.iter() if (a := _agent(e))), None)
            speaker = agents.get(agent or "") or (agent if agent else None) or split_speaker(text)[0]
            blocks.append(Block(text, tc_in=round(c_begin, 3), tc_out=round(c_end, 3) if c_end is not None else None,
                                speaker=speaker, component="rag:transcript"))


def _agent(el: ET.Element) -> str | None:
    """``ttm:agent`` (its namespace differs between TTML and DFXP drafts)."""
    return next((v for k, v in el.attrib.items() if split_tag(k)[1] == "agent"), None)


def _text(p: ET.Element) -> str:
    """A paragraph's text with ``<br/>`` as a space (metadata inside it left out)."""
    parts = [p.text or ""]
    for child in p:
        if child.tag == "br":
            parts.append(" ")
        elif child.tag != "metadata":
            parts.append(_text(child))
        parts.append(child.tail or "")
    return "".join(parts)
