"""Chunking rules: sections are hard boundaries, units are packed whole, tails are merged."""

from __future__ import annotations

from core.chunking import CHUNKER_VERSION, chunk_record
from core.chunking.chunker import PATH_SEP
from core.chunking.model import Block, ParsedRecord


def words(n: int, word: str = "palabra") -> str:
    return " ".join([word] * n) + "."


def count(text: str) -> int:
    return len(text.split())


def test_chunks_never_cross_sections() -> None:
    rec = ParsedRecord("", "Diario", [Block(words(30), ("Julio",)), Block(words(30), ("Agosto",)),
                                      Block(words(30), ("Agosto",))])
    chunks = chunk_record(rec, count, target=450, floor=10)
    assert [c.heading_path for c in chunks] == [("Julio",), ("Agosto",)]
    assert chunks[1].source_text.count("palabra") == 60


def test_pages_are_boundaries_and_kept() -> None:
    rec = ParsedRecord("", "Informe", [Block(words(50), page=1), Block(words(50), page=2)])
    chunks = chunk_record(rec, count, target=450, floor=10)
    assert [c.page for c in chunks] == [1, 2]
    assert chunks[1].meta()["page"] == 2


def test_packing_toward_target_and_orphan_tail_merged() -> None:
    blocks = [Block(words(100)) for _ in range(8)] + [Block(words(20))]
    chunks = chunk_record(ParsedRecord("", "T", blocks), count, target=450, floor=120, hard_max=500)
    sizes = [c.tokens for c in chunks]
    assert sizes == [400, 420]  # the 20-token tail was merged back, not left alone


def test_long_paragraph_split_at_sentences_not_mid_sentence() -> None:
    sentences = [f"Frase número {i} " + " ".join(["texto"] * 40) + "." for i in range(30)]
    rec = ParsedRecord("", "T", [Block(" ".join(sentences))])
    chunks = chunk_record(rec, count, target=450, floor=120)
    assert len(chunks) > 1
    for c in chunks:
        assert c.source_text.endswith("."), c.source_text[-30:]
        assert c.tokens <= 500


def test_giant_word_is_cut() -> None:
    rec = ParsedRecord("", "T", [Block("x" * 50_000)])
    chunks = chunk_record(rec, lambda t: max(1, len(t) // 4), target=450, floor=120)
    assert sum(len(c.source_text) for c in chunks) == 50_000
    assert all(len(c.source_text) // 4 <= 500 for c in chunks)


def test_transcript_turns_pack_with_timecodes() -> None:
    blocks = [Block(f"JOSEP: {words(20)}", tc_in=10.0 * i, tc_out=10.0 * (i + 1), speaker="JOSEP",
                    component="rag:transcript") for i in range(5)]
    chunks = chunk_record(ParsedRecord("", "Entrevista", blocks), count, target=450, floor=10)
    assert len(chunks) == 1
    assert chunks[0].tc_in == 0.0 and chunks[0].tc_out == 50.0
    assert chunks[0].meta()["contributors"] == ["JOSEP"]
    assert chunks[0].source_text.count("\n") == 4


def test_embedded_text_has_context_but_source_text_is_clean() -> None:
    rec = ParsedRecord("", "Diario de campo", [Block("Cerámica vidriada.", ("Julio", "Zanja 3"))])
    (c,) = chunk_record(rec, count)
    assert c.source_text == "Cerámica vidriada."
    assert c.embedded_text == f"Julio{PATH_SEP}Zanja 3\n\nCerámica vidriada."  # the title is not embedded
    assert c.meta()["heading_path"] == ["Julio", "Zanja 3"]
    assert c.parent_key.startswith("rag:body|Julio › Zanja 3")


def test_source_hash_depends_on_version_and_embedded_text() -> None:
    import hashlib

    rec = ParsedRecord("", "A", [Block("uno dos tres.")])
    (c,) = chunk_record(rec, count)
    assert c.source_hash == hashlib.sha256(f"{CHUNKER_VERSION}|{c.embedded_text}".encode()).hexdigest()
    (d,) = chunk_record(ParsedRecord("", "B", [Block("uno dos tres.", ("Capítulo primero",))]), count)
    assert d.source_hash != c.source_hash
    (e,) = chunk_record(ParsedRecord("", "C", [Block("uno dos tres.")]), count)
    assert e.source_hash == c.source_hash  # another title, the same vector
