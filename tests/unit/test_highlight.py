"""Result highlighting marks the query's content words only: whole words, accents and case folded,
singular/plural; never the function words ("the", "del", "de") the keyword index ignores."""

from __future__ import annotations

import re

from app.text import MARK, highlight
from core.text import query_terms


def marked(text: str, query: str) -> list[str]:
    return re.findall(re.escape(MARK) + r"(.*?)</span>", highlight(text, query))


def test_function_words_are_not_marked_in_any_main_language() -> None:
    assert query_terms("el molino del río") == {"molino", "rio"}
    assert query_terms("the mill of the river") == {"mill", "river"}
    assert query_terms("el molí de la vall") == {"moli", "vall"}
    assert query_terms("le moulin de la rivière") == {"moulin", "riviere"}
    assert query_terms("o moinho do rio") == {"moinho", "rio"}
    text = "El molino del río Salí y la muela de la presa; the mill of the river."
    assert marked(text, "el molino del río") == ["molino", "río"]
    assert marked(text, "the mill of the river") == ["mill", "river"]


def test_whole_words_accents_case_and_plurals() -> None:
    text = "Los MOLINOS, el molinero y las paredes; una pared. Río, rios."
    assert marked(text, "molino") == ["MOLINOS"]  # not "molinero": whole words only
    assert marked(text, "paredes") == ["paredes", "pared"]
    assert marked(text, "pared") == ["paredes", "pared"]
    assert marked(text, "rio") == ["Río"]  # three letters: no plural guessed
    assert marked("La trinchera 5 y la 15.", "trinchera 5") == ["trinchera", "5"]


def test_markup_in_the_text_is_escaped() -> None:
    out = highlight("<b>molino</b> & co", "molino")
    assert out.startswith("&lt;b&gt;") and "&amp; co" in out and f"{MARK}molino</span>" in out
