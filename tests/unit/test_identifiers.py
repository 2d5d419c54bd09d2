"""Identifier matching (issue #29 point 4): folded, separator-blind, conservative."""

from __future__ import annotations

from core.retrieval.floor import Signals, judge
from core.retrieval.identifiers import is_identifier, parts, remainder, shaped_like_id, spans


def test_parts_fold_case_accents_separators_and_leading_zeros() -> None:
    assert parts("CMF-038") == parts("cmf 38") == parts("Cmf038") == parts("CMF–0038") == ("cmf", "38")
    assert parts("CMF-OH04") == ("cmf", "oh", "4") != parts("OH04")
    assert parts("CMF-38B") != parts("CMF-038")


def test_a_bare_number_or_word_is_not_an_identifier() -> None:
    assert is_identifier("CMF-038") and is_identifier("OH04")
    assert not is_identifier("1654") and not is_identifier("kiln") and not is_identifier("")


def test_spans_find_identifiers_inside_a_query() -> None:
    keys = {s.key for s in spans("el denario CMF-022 de la esquella")}
    assert ("cmf", "22") in keys
    assert {s.key for s in spans("cmf 38")} >= {("cmf", "38")}


def test_prose_with_a_number_is_not_shaped_like_an_identifier() -> None:
    assert shaped_like_id("glazed sherds in trench 3", {"cmf", "mnc"}) == []
    assert [s.key for s in shaped_like_id("mnc 88", {"cmf", "mnc"})] == [("mnc", "88")]
    assert [s.key for s in shaped_like_id("CMF-999", ())] == [("cmf", "999")]


def test_the_rest_of_a_query_drops_words_that_only_announce_an_identifier() -> None:
    q = "inventario MNC-999"
    assert remainder(q, shaped_like_id(q)) == ""
    q = "CMF-999 esquella"
    assert remainder(q, shaped_like_id(q)) == "esquella"


def test_the_floor_rule() -> None:
    unrelated = Signals(0.79, 0.0, pinned=False, id_shaped=False, content=True)
    assert not judge(unrelated) and judge(unrelated, cosine=0.78)
    assert judge(Signals(0.79, 0.5, False, False, True))  # half its words in one passage: a keyword match
    assert judge(Signals(0.0, 0.0, True, False, False))  # a visible record holds the identifier
    assert not judge(Signals(0.9, 1.0, False, True, False))  # an absent identifier and nothing else
