"""core.text: folding, function words per language, stems, query terms and sentence splits."""

from __future__ import annotations

import ast
from pathlib import Path

from core.text import (ANSWER_STOPWORDS, STOPWORDS, STOPWORDS_BY_LANGUAGE, clauses, content_words, fold,
                       fold_aligned, fold_ascii, jaccard, locating_terms, numbers, passage_sentences, query_terms,
                       sentences, stem, stems, words)

TEXT = Path(__file__).resolve().parents[2] / "core" / "text.py"


def test_fold_drops_spanish_and_catalan_accents_and_case() -> None:
    assert fold("Pantáno del RÍO Ebro") == "pantano del rio ebro"
    assert fold("Añoranza, pingüino") == "anoranza, pinguino"
    assert fold("Vaig néixer a Olot; l'àvia, col·lecció, Ç") == "vaig neixer a olot; l'avia, col·leccio, c"
    assert fold("ÀÈÉÍÏÒÓÚÜ") == "aeeiioouu"


def test_aligned_fold_keeps_offsets_and_ascii_fold_drops_other_letters() -> None:
    text = "El molí de l'Àvia: ﬁnca"
    assert len(fold_aligned(text)) == len(text)
    assert fold_aligned(text) == "el moli de l'avia: fnca"  # the ligature keeps its first letter
    assert fold(text) == "el moli de l'avia: finca"  # the plain fold spells it out
    assert fold_ascii("CMF-038 Straße Ñ") == "cmf-038 strae n"


def test_stopwords_per_language() -> None:
    assert set(STOPWORDS_BY_LANGUAGE) == {"es", "ca", "en", "fr", "pt", "it", "de"}
    assert {"del", "los", "porque"} <= STOPWORDS_BY_LANGUAGE["es"]
    assert {"amb", "dels", "perque"} <= STOPWORDS_BY_LANGUAGE["ca"]
    assert {"the", "which"} <= STOPWORDS_BY_LANGUAGE["en"]
    assert "amb" not in STOPWORDS_BY_LANGUAGE["es"] and "molino" not in STOPWORDS
    assert STOPWORDS == frozenset().union(*STOPWORDS_BY_LANGUAGE.values())
    assert all(w == fold(w) for w in STOPWORDS)  # folded, as the keyword index folds
    # the answer checks keep their own list: "tiene" is a function word for search only, "quan" for answers only
    assert "tiene" in STOPWORDS and "tiene" not in ANSWER_STOPWORDS
    assert "quan" in ANSWER_STOPWORDS and "quan" not in STOPWORDS


def test_content_words_and_stems() -> None:
    assert content_words("El agua del pantano cubrió l'aigua en 1959") == {"agua", "pantano", "cubrio", "aigua"}
    assert stem("inundación") == "inund" and stem("mar") == "mar"
    assert stems("Las inundaciones inundaron el pueblo") == {"inund", "puebl"}
    assert stems("la riuada") == stems("les riuades")  # an inflection keeps its stem
    assert numbers("Fue en 1959, a 2,4 m y 1.654 personas") == {"1959", "2.4", "1654"}
    assert jaccard({"a", "b"}, {"b", "c"}) == 1 / 3 and jaccard(set(), set()) == 1.0


def test_query_terms_two_ways() -> None:
    assert words("l'aigua, 2 cops") == ["l", "aigua", "2", "cops"]
    # what the app marks: content words, function words and single letters left out
    assert query_terms("el molino del río") == {"molino", "rio"}
    assert query_terms("la vall d'Olot 2 ok") == {"vall", "olot", "2", "ok"}
    # what places a snippet or a timecode: 3+ letters or numbers, longest first, function words kept
    assert locating_terms("El molino del río 7 ok") == ["molino", "del", "rio", "7"]


def test_sentence_splits() -> None:
    assert sentences("El forn era circular. Fa 2,4 m.\n- Un pou") == ["El forn era circular.", "Fa 2,4 m.", "- Un pou"]
    passage = "Mide 1.20 m de alto; era de piedra. ¿Dónde?\nNo consta"
    spans = passage_sentences(passage)
    assert [passage[a:b].strip() for a, b in spans] == ["Mide 1.20 m de alto;", "era de piedra.", "¿Dónde?",
                                                         "No consta"]
    assert clauses("Nota: Carmen vino. Luego\nRosa") == ["Nota:", "Carmen vino.", "Luego", "Rosa"]


def test_text_sits_below_the_rest_of_core() -> None:
    tree = ast.parse(TEXT.read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module} | \
        {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {m for m in imported if m.split(".")[0] == "core" and m != "core.errors"}
