"""Small text tools for answers: accent folding, content words, numbers, sentences (es/ca/en)."""

from __future__ import annotations

import re
import unicodedata

# Function words of the three demo languages: they say nothing about support.
STOPWORDS = frozenset("""
a al als amb an and are as at be been but by de del dels des do does el els en era es est esta este
este esto for from had has have he her his i in into is it its la las les lo los more na no nos not o
of on or per pero por que qui quin quina se ser she sin sobre some son su sus than that the their them
then there they this to un una uno unos unas va van was we were what when where which who why will
with y ya you com quan on què perquè també molt mes més han hi ho li ni ens seu seva seus seves aquest
aquesta aquell aquella fue fueron había hay muy como cuando donde dónde cuál cuáles qué quién
""".split())

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
# A sentence ends at . ! ? or a line break, unless the dot sits inside a number (2,4 / 1.5).
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)|\n+")


def fold(text: str) -> str:
    """Lowercase without accents (``Pantáno`` → ``pantano``), as the lexical leg does."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def content_words(text: str) -> set[str]:
    """Folded words of 3+ letters that are not function words (numbers excluded)."""
    out: set[str] = set()
    for w in _WORD.findall(fold(text)):
        w = w.replace("’", "'").split("'")[-1]  # l'aigua → aigua
        if len(w) >= 3 and w not in STOPWORDS and not w.isdigit():
            out.add(w)
    return out


def stem(word: str) -> str:
    """A crude shared stem: the first 5 letters carry most inflections of es/ca/en content words."""
    return word[:5]


def numbers(text: str) -> set[str]:
    """Numbers written in ``text``, normalised (``2,4`` = ``2.4``; thousands separators dropped)."""
    out: set[str] = set()
    for n in _NUMBER.findall(text):
        n = n.replace(",", ".")
        # 1.654 or 12.000 are thousands, not decimals, when the group after the dot has 3 digits
        if re.fullmatch(r"\d{1,3}(\.\d{3})+", n):
            n = n.replace(".", "")
        out.add(n)
    return out


def sentences(text: str) -> list[str]:
    """Split an answer into sentences (list items and lines count as sentences)."""
    parts = [p.strip() for p in _SENTENCE.split(text.strip())]
    return [p for p in parts if p and any(ch.isalnum() for ch in p)]


def jaccard(a: set[str], b: set[str]) -> float:
    """Set overlap in [0, 1]."""
    return len(a & b) / len(a | b) if a or b else 1.0
