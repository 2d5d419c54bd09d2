"""Words of archive text: accent folding, function words per language, stems, query terms, sentences.

The one home of the text rules retrieval, snippets, timecodes, answers and the app's highlighting share.
Where two callers need different rules the module keeps both, named, with the reason they differ.
It sits at the bottom of core's layers: it imports nothing from core.
"""

from __future__ import annotations

import re
import unicodedata

# -- accent folding --------------------------------------------------------------------------------------


def fold(text: str) -> str:
    """Lowercase without accents (``Pantáno`` → ``pantano``), as the keyword index folds."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold_aligned(text: str) -> str:
    """:func:`fold` one character at a time, so an offset in the result is one in ``text`` (Latin text).

    Unlike :func:`fold`, a ligature keeps only its first letter (``ﬁ`` → ``f``): snippets and
    timecodes find words in the folded text and cut the original at the same offsets."""
    out = []
    for ch in text.lower():
        base = unicodedata.normalize("NFKD", ch)
        stripped = "".join(c for c in base if not unicodedata.combining(c))
        out.append(stripped[:1] if len(stripped) >= 1 else ch)
    return "".join(out)


def fold_ascii(text: str) -> str:
    """Case-folded ASCII only: accents dropped, and every other non-ASCII letter too (``ß``, ``ø``).

    Identifiers (``CMF-038``) are compared as runs of ASCII letters and digits, which is stricter
    than :func:`fold`."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().casefold()


# -- function words --------------------------------------------------------------------------------------

# Function words of the archive's main languages, accent-folded as the keyword index folds them. Without
# them BM25 rewards a Spanish query for every "de", "la" and "que" in a Catalan or Spanish passage, which
# pushes same-language noise above cross-lingual answers found by the dense leg.
_ES = """a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella
ellas ellos en entre era eran es esa esas ese eso esos esta estaba estas este esto estos fue fueron ha han hay
la las le les lo los mas me mi muy nada ni no nos o os otra otro para pero poco por porque que quien se sea
ser si sin sobre son su sus tambien tan te tiene todo todos tu un una unas uno unos y ya yo"""
_CA = """a al als amb aquell aquella aquest aquesta aixo als cap com d de del dels des el els en entre era es
esta eren ha han hi i ja jo l la les li lo ls m me mes meu molt n ne no nos o on pel pels per perque pero que
qui s se sense seu seva sobre son su te tot tots tu un una unes uns va van vaig"""
_EN = """a about after all also an and any are as at be been but by can could did do does for from had has
have he her his how i if in into is it its me more my no not of on or our out she so some than that the their
them then there these they this those to up was we were what when where which who why will with would you your"""
_FR = """au aux avec ce ces dans de des du elle en et eux il je la le les leur lui ma mais me meme mes moi mon
ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous"""
_PT = """ao aos as com como da das de do dos e ela elas ele eles em entre era essa esse esta este eu foi ha
isso mais mas me na nao nas no nos o os ou para pela pelo por que se sem seu sua sao tambem um uma"""
_IT = """al alla alle che chi con da dal dei del della delle di e gli ha il in io la le lo ma mi nel nella
non per piu se si sono su sua suo tra un una"""
_DE = """aber als am an auch auf aus bei bin bis das dass dem den der des die doch du ein eine einem einen
einer er es fur hat ich ihr im in ist ja kein mit nach nicht noch nur oder sein sich sie sind so und uns von
vor war was wie wir zu zum zur"""

STOPWORDS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in (("es", _ES), ("ca", _CA), ("en", _EN), ("fr", _FR), ("pt", _PT), ("it", _IT), ("de", _DE))}
# The keyword index's list (its hash keys the index: changing a word rebuilds it), and what search ignores.
STOPWORDS: frozenset[str] = frozenset().union(*STOPWORDS_BY_LANGUAGE.values())

# The answer checks' own es/ca/en list: words that say nothing about whether a passage supports a sentence.
# It differs from STOPWORDS (it keeps "tiene", "para", "todo"; drops "com", "quan", "than") and the support
# tests were tuned with it. Its accented entries never match a folded word.
ANSWER_STOPWORDS = frozenset("""
a al als amb an and are as at be been but by de del dels des do does el els en era es est esta este
este esto for from had has have he her his i in into is it its la las les lo los more na no nos not o
of on or per pero por que qui quin quina se ser she sin sobre some son su sus than that the their them
then there they this to un una uno unos unas va van was we were what when where which who why will
with y ya you com quan on què perquè també molt mes més han hi ho li ni ens seu seva seus seves aquest
aquesta aquell aquella fue fueron había hay muy como cuando donde dónde cuál cuáles qué quién
""".split())

# -- words, stems and numbers ----------------------------------------------------------------------------

_WORD = re.compile(r"\w+", re.UNICODE)
_CONTENT_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def words(text: str) -> list[str]:
    """The runs of word characters of ``text``, as written (not folded)."""
    return _WORD.findall(text)


def content_words(text: str) -> set[str]:
    """Folded words of 3+ letters that are not answer function words (numbers excluded)."""
    out: set[str] = set()
    for w in _CONTENT_WORD.findall(fold(text)):
        w = w.replace("’", "'").split("'")[-1]  # l'aigua → aigua
        if len(w) >= 3 and w not in ANSWER_STOPWORDS and not w.isdigit():
            out.add(w)
    return out


STEM_CHARS = 5  # the first 5 letters carry most inflections of es/ca/en content words


def stem(word: str) -> str:
    """A crude shared stem: the word's first :data:`STEM_CHARS` letters."""
    return word[:STEM_CHARS]


def stems(text: str) -> set[str]:
    """The stems of the content words of ``text`` (:func:`content_words`)."""
    return {stem(w) for w in content_words(text)}


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


def jaccard(a: set[str], b: set[str]) -> float:
    """Set overlap in [0, 1]."""
    return len(a & b) / len(a | b) if a or b else 1.0


# -- query terms -----------------------------------------------------------------------------------------


def query_terms(query: str) -> set[str]:
    """Folded content words of the query: the function words the keyword index ignores and single
    letters left out (the words the app marks in a result)."""
    return {w for w in (fold(m) for m in words(query)) if w not in STOPWORDS and (len(w) > 1 or w.isdigit())}


def locating_terms(query: str) -> list[str]:
    """Folded words of 3+ letters (or numbers) of the query, longest first: the words looked for in a
    passage to place a snippet or a timecode.

    Unlike :func:`query_terms` they are folded by :func:`fold_aligned` (offsets must match the passage's)
    and function words are kept (a caller drops them when it wants to)."""
    found = {w for w in words(fold_aligned(query)) if len(w) > 2 or w.isdigit()}
    return sorted(found, key=lambda w: (-len(w), w))  # a set's order changes per process: sort fully


# -- sentences -------------------------------------------------------------------------------------------

# An answer's sentence ends at . ! ? or a line break, unless the dot sits inside a number (2,4 / 1.5).
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)|\n+")
# A stored passage's sentence also ends at ; (list items, transcript lines) — not at the point of a number
# ("1.20 m"): a quote cut there lost the words saying what measured 1.20 m.
_PASSAGE_SENTENCE = re.compile(r"(?:[^.!?;\n]|(?<=\d)[.,](?=\d))+(?:[.!?;]+[\"'»”’)]*|\n|$)")
_CLAUSE = re.compile(r"(?<=[.!?:;])\s+|\n+")


def sentences(text: str) -> list[str]:
    """Split an answer into sentences (list items and lines count as sentences)."""
    parts = [p.strip() for p in _SENTENCE.split(text.strip())]
    return [p for p in parts if p and any(ch.isalnum() for ch in p)]


def passage_sentences(passage: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence of a stored passage (ends at . ! ? ; or a line break)."""
    return [(m.start(), m.end()) for m in _PASSAGE_SENTENCE.finditer(passage) if m.group(0).strip()]


def clauses(text: str) -> list[str]:
    """``text`` cut after . ! ? : ; and at line breaks: after any of them a capital starts a clause,
    not a name."""
    return _CLAUSE.split(text)


def timecode(seconds: float | None, *, padded: bool = False) -> str:
    """A position in a recording as ``H:MM:SS`` (``HH:MM:SS`` when ``padded``); "" for none."""
    if seconds is None:
        return ""
    s = int(seconds)
    hours = f"{s // 3600:02d}" if padded else str(s // 3600)
    return f"{hours}:{s % 3600 // 60:02d}:{s % 60:02d}"


def markdown_line(text: str) -> str:
    """``text`` as one line of Markdown that shows it as written (its markup characters escaped)."""
    flat = " ".join(text.split())
    return "".join("\\" + c if c in "\\`*_[]<>#|" else c for c in flat)


#: a spacing accent a PDF's text layer places after its letter ("prote´ge´", "Luı´s"), as the combining mark
_SPACING_ACCENTS = {"´": "\u0301", "ˋ": "\u0300", "¨": "\u0308", "ˆ": "\u0302", "˜": "\u0303", "¸": "\u0327",
                    "˚": "\u030a", "ˇ": "\u030c"}
#: the letters each accent may join: an apostrophe typed as ´ after a consonant ("don´t") stays as written; the
#: ASCII backtick is left alone (a code span's closing "`" after a vowel is no grave accent)
_ACCENT_BASES = {"´": "aeiouy", "ˋ": "aeiou", "¨": "aeiouy", "ˆ": "aeiou", "˜": "ano", "¸": "c", "˚": "a",
                 "ˇ": "cszrne"}
_DOTLESS = {"ı": "i", "ȷ": "j"}  # the accent's own dot replaces the i's: PDFs set í as ı + ´
_LETTER_ACCENT = re.compile("([A-Za-zıȷ])([" + "".join(_SPACING_ACCENTS) + "])")


def compose_accents(text: str) -> str:
    """``text`` in NFC with each spacing accent that follows a letter it belongs to joined to it ("prote´ge´" →
    "protégé"); anything else is left as written."""
    def join(m: re.Match[str]) -> str:
        base, accent = _DOTLESS.get(m[1], m[1]), m[2]
        if base.lower() not in _ACCENT_BASES[accent]:
            return m[0]
        composed = unicodedata.normalize("NFC", base + _SPACING_ACCENTS[accent])
        return composed if len(composed) == 1 else m[0]

    return _LETTER_ACCENT.sub(join, unicodedata.normalize("NFC", text))

