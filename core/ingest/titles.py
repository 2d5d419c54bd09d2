"""A record's title: the document's own title, heading or metadata, the file name last.

A result list reads like a catalogue only when titles are what the document calls itself
("Entrevista OH02 — Carmen Rius Lahoz"), not its file name ("Oh02 carmen es"). Readers pass
their candidates in order of trust to :func:`choose_title`; each is cleaned and dropped when it
is not a title (empty, a sentence, a "Key: value" line, a tool's placeholder such as "Microsoft
Word - x.doc"); the file name, prettified, is the last resort.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

MAX_TITLE = 160  # characters; a longer first line is a paragraph, not a title
MAX_WORDS = 24
# what word processors, scanners and converters write into a PDF's Title when the author did not
_JUNK = re.compile(
    r"^(?:microsoft\s+\w+\s*-\s*|untitled|sin t[ií]tulo|sense t[ií]tol|sans titre|document\s*\d*$|"
    r"doc\d*$|scan\w*\s*\d*$|image\s*\d*$|page\s*\d*$|title$|titulo$|no title|\(anonymous\)|"
    r"[\w\- ]+\.(?:docx?|odt|rtf|pdf|txt|tmp|indd|qxd|pages|wpd|xlsx?|pptx?)$)", re.I)
_KEY_VALUE = re.compile(r"^[\w .'-]{1,30}:\s+\S")  # "Autor: …", "Date: …" — metadata, not a title
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$")
_LETTER = re.compile(r"[^\W\d_]")


def clean_title(value: str | None) -> str:
    """``value`` as a title, or "" when it is not one."""
    text = re.sub(r"[ \t\r\n]+", " ", value or "").strip(" -–—:;,")  # a no-break space stays: "R.\u00a0Plunkett"
    if text.endswith(".") and not text.endswith(("..", " etc.")) and not re.search(r"\b\w\.$", text):
        text = text[:-1].rstrip()  # "… (n. 1940)." keeps its abbreviation, loses the full stop
    if not text or len(text) > MAX_TITLE or len(text.split()) > MAX_WORDS:
        return ""
    if len(_LETTER.findall(text)) < 2 or _JUNK.match(text):
        return ""
    return text


def first_sentence(text: str) -> str:
    """The part of ``text`` before its first sentence break (a slate: "Entrevista OH02 — Carmen Rius. Datos …")."""
    return re.split(r"(?<=[^\s.A-Z]{2}[.!?])\s+(?=[A-ZÀ-Ý¿¡\[(])", " ".join(text.split()), maxsplit=1)[0]


def is_shouting(text: str) -> bool:
    """True when every letter is upper case ("DIARIO DE EXCAVACIÓN — PROYECTO COMAFREDA 2019")."""
    letters = _LETTER.findall(text)
    return bool(letters) and all(c.isupper() for c in letters)


def plain_text_title(text: str) -> str:
    """The title of a plain-text document: its first line when that line looks like a title (short,
    not a sentence or a "Key: value" line). A first line in capitals is usually a running header
    ("SITE DIARY — COMAFREDA PROJECT 2019"): a ``# heading`` further down names the document better."""
    lines = [ln.strip() for ln in text.lstrip("\ufeff").splitlines()[:60]]
    at = next((i for i, ln in enumerate(lines) if ln), None)
    heading = next((m.group(1) for ln in lines if (m := _HEADING.match(ln))), "")
    if at is None:
        return ""
    first, after = lines[at], (lines[at + 1] if at + 1 < len(lines) else "")
    if _HEADING.match(first):
        return clean_title(heading)
    # a title stands alone: a blank line or metadata follows it, and it is not a sentence
    alone = not after or bool(_KEY_VALUE.match(after)) or is_shouting(first)
    sentence = first.endswith((".", ",", ";", ":")) and not re.search(r"\b\w\.$", first)
    title = clean_title(first) if alone and not sentence and not _KEY_VALUE.match(first) else ""
    if title and not is_shouting(title):
        return title
    return clean_title(heading) or title


def file_title(path: Path) -> str:
    """The last resort: the file name made readable ("2019-07-09_trinchera2_molino.txt" →
    "2019-07-09 trinchera2 molino"); dates keep their hyphens."""
    stem = path.stem
    dates = re.findall(r"\d{4}-\d{2}(?:-\d{2})?", stem)
    for n, d in enumerate(dates):
        stem = stem.replace(d, f"\0{n}\0", 1)
    stem = " ".join(re.sub(r"[_\-.]+", " ", stem).split())
    for n, d in enumerate(dates):
        stem = stem.replace(f"\0{n}\0", d)
    return stem[:1].upper() + stem[1:] if stem else path.name


def choose_title(candidates: Iterable[str | None], path: Path) -> str:
    """The first candidate that is a title, else the file name (:func:`file_title`)."""
    for value in candidates:
        title = clean_title(value)
        if title:
            return title
    return file_title(path)
