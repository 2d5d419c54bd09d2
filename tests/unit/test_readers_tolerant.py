"""Readers on messy real-world structures (issue #14): our own fixtures reproducing other projects' test files.

tests/fixtures/README.md says which public corpus each fixture's structure comes from.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.chunking import chunk_record
from core.chunking.model import Block, ParsedRecord
from core.errors import CorruptSource
from core.ingest.readers import html_reader, reader_for
from core.ingest.readers.common import language_code
from core.retrieval.timecodes import hit_time, match_offset, time_at
from core.service import Ovillo
from tests.conftest import drain

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def read(rel: str):  # type: ignore[no-untyped-def]
    path = FIX / rel
    return reader_for(path)(path, path.read_bytes())


# -- OHMS ------------------------------------------------------------------------------------------
def test_ohms_namespaced_legacy_export_with_sync_points_and_index() -> None:
    res = read("ohms/namespaced_sync.xml")
    (rec,) = res.records
    assert rec.title == "Entrevista a Dolores Pallarés"
    assert rec.lang == "es"  # <language>Spanish</language>, not "sp"
    assert str(rec.date_start) == "1987-06-02"  # <date value>, not the export's dt
    turns = [b for b in rec.blocks if b.component == "rag:transcript"]
    # sync "1:|6(2)|11(4)|…": line 6 is minute 1, line 11 minute 2 — not everything at 0:00
    assert [(b.tc_in, b.speaker) for b in turns] == [(0.0, "SERRA"), (0.0, "PALLARÉS"), (60.0, "SERRA"),
                                                     (60.0, "PALLARÉS"), (120.0, "SERRA"), (120.0, "PALLARÉS")]
    assert turns[5].text.startswith("PALLARÉS: El agua llegó de noche") and turns[5].tc_out == 180.0
    assert all("[[" not in b.text and "La Vanguardia" not in b.text for b in turns)  # footnote markup gone
    index = [b for b in rec.blocks if b.component == "rag:index"]
    assert [(b.heading_path, b.tc_in, b.tc_out) for b in index] == [(("Infancia en el pueblo",), 0.0, 185.0),
                                                                    (("La riada de 1962",), 185.0, None)]
    assert "Keywords: riada; pantano; iglesia" in index[1].text and "inunda la iglesia" in index[1].text
    assert rec.data["media_url"] == "https://media.example.org/oh0042.mp3"
    assert rec.data["interviewee"] == "Dolores Pallarés" and rec.media_path is None  # a URL is not played offline


def test_ohms_index_points_start_at_their_own_time() -> None:
    """An index point's title and synopsis describe its segment: a hit on any of its words plays from the
    point's <time>, never from a time interpolated inside the segment (#34 point 7)."""
    (rec,) = read("ohms/namespaced_sync.xml").records
    times = {b.heading_path: b.tc_in for b in rec.blocks if b.component == "rag:index"}

    def count(text: str) -> int:
        return len(text.split())

    for target in (450, 6):  # whole points, and points cut into several passages
        chunks = [c for c in chunk_record(rec, count, target=target, floor=2, hard_max=target + 2)
                  if c.component_tipo == "rag:index"]
        assert len(chunks) >= (2 if target == 450 else 4)
        for c in chunks:
            start = times[c.heading_path]
            assert c.tc_in == start
            for query in (c.heading_path[0], c.source_text.split()[-1], "molino harinero", "iglesia"):
                assert hit_time(c.source_text, c.meta(), query) == start, (target, c.source_text, query)
    first = next(c for c in chunk_record(rec, count) if c.heading_path == ("Infancia en el pueblo",))
    assert first.tc_out == 185.0  # the segment still ends where the next point starts


def test_ohms6_vtt_transcript_and_local_recording(tmp_path: Path) -> None:
    xml = tmp_path / "vidal.xml"
    shutil.copy(FIX / "ohms/ohms6_vtt.xml", xml)
    (tmp_path / "vidal.mp3").write_bytes(b"ID3")
    (rec,) = reader_for(xml)(xml, xml.read_bytes()).records
    assert rec.lang == "ca" and rec.media_path == str(tmp_path / "vidal.mp3")
    assert [(b.tc_in, b.tc_out, b.speaker) for b in rec.blocks] == [
        (3603.0, 3615.0, "PUIG"), (3615.0, 3640.0, "VIDAL"), (3640.0, None, "PUIG")]  # end before start: dropped
    assert rec.blocks[1].text == ("VIDAL: Vaig entrar a la fàbrica als catorze anys. Els telers feien un soroll "
                                  "que no et deixava sentir res.")


def test_ohms_without_any_content_is_refused_clearly(tmp_path: Path) -> None:
    empty = tmp_path / "empty.xml"
    empty.write_text('<ROOT xmlns="https://www.weareavp.com/nunncenter/ohms"><record><title>x</title>'
                     "<index></index><transcript>\n</transcript></record></ROOT>", encoding="utf-8")
    with pytest.raises(CorruptSource, match="without transcript text or index points"):
        reader_for(empty)(empty, empty.read_bytes())


@pytest.mark.parametrize("value,code", [("Spanish", "es"), ("español", "es"), ("Catalan", "ca"), ("català", "ca"),
                                        ("English", "en"), ("es-ES", "es"), ("spa", "es"), ("en", "en"),
                                        ("Klingon", None), ("", None)])
def test_language_names_become_codes(value: str, code: str | None) -> None:
    assert language_code(value) == code


# -- subtitles ---------------------------------------------------------------------------------------
def test_malformed_cue_timings_are_listed_and_the_good_cues_kept() -> None:
    res = read("subtitles/malformed.srt")
    (rec,) = res.records
    assert [(b.tc_in, b.text) for b in rec.blocks] == [
        (1.0, "La presa se terminó en 1959."), (9.5, "MARÍA: Los vecinos & el alcalde protestaron."),
        (16.0, "Volvimos al pueblo en verano.")]
    (note,) = res.notes
    assert note.startswith("2 cues skipped") and "line 6:" in note and "line 14:" in note


def test_cues_without_blank_lines_split_and_leak_no_timing() -> None:
    (rec,) = read("subtitles/no_blank_lines.srt").records
    assert [(b.tc_in, b.text) for b in rec.blocks] == [(1.0, "Primera frase del testimonio."),
                                                       (3.5, "Segunda frase, sin línea en blanco antes."),
                                                       (6.5, "Tercera frase.")]
    assert not any("-->" in b.text for b in rec.blocks)


def test_voice_spans_entities_settings_and_karaoke_tags() -> None:
    res = read("subtitles/voices_entities.vtt")
    (rec,) = res.records
    assert rec.lang == "ca"
    assert [(b.tc_in, b.speaker, b.text) for b in rec.blocks] == [
        (0.0, "Joan Ferrer", "Joan Ferrer: El far es va encendre el 1864 & mai s'ha apagat."),
        (4.5, "Joan Ferrer", "Joan Ferrer: Hi havia tres fanals <de petroli>."),
        (4.5, "Entrevistadora", "Entrevistadora: I els naufragis?"),
        (9.5, None, "Molt bé, tinent, va dir el meu pare.")]


@pytest.mark.parametrize("name,note", [("subtitles/utf32.vtt", "decoded as UTF-32"),
                                       ("subtitles/nul_bytes.vtt", "removed 4 stray NUL bytes")])
def test_utf32_and_stray_nuls_are_read(name: str, note: str) -> None:
    res = read(name)
    assert note in res.notes
    assert [b.text for b in res.records[0].blocks] == ["El molí de la Riba molia blat.",
                                                       "Rosa: L'aigua arribà al març."]


def test_mostly_nul_file_is_still_binary(tmp_path: Path) -> None:
    f = tmp_path / "x.vtt"
    f.write_bytes(b"WEBVTT\n\n" + b"\x00\x01" * 500)
    with pytest.raises(CorruptSource, match="binary"):
        reader_for(f)(f, f.read_bytes())


def test_bare_hh_mm_ss_marks_are_transcript_turns() -> None:
    res = read("transcripts/bare_marks.txt")
    assert res.reader == "tc-marks"
    (rec,) = res.records
    assert [(b.tc_in, b.speaker) for b in rec.blocks] == [(5.0, "ROSA"), (83.0, "ENTREVISTADOR"), (160.0, "ROSA")]


def test_one_bracketed_time_in_a_diary_is_not_a_transcript(tmp_path: Path) -> None:
    f = tmp_path / "diari.txt"
    f.write_text("Vam sortir a les [07:30:00] cap a la rasa 3.\n\nCeràmica vidriada.\n", encoding="utf-8")
    assert reader_for(f)(f, f.read_bytes()).reader == "text"


# -- CSV ---------------------------------------------------------------------------------------------
def test_duplicate_and_blank_ids_get_stable_keys_and_notes() -> None:
    res = read("csv/duplicate_ids.csv")
    keys = [r.key for r in res.records]
    assert keys == ["row:CMF-001", "row:CMF-002", "row:CMF-001~2", "row:5", "row:CMF-003", "row:7"]
    assert keys == [r.key for r in read("csv/duplicate_ids.csv").records]  # same file, same keys
    assert any("blank id" in n and "lines 5, 7" in n for n in res.notes)
    assert any("'CMF-001' → 'CMF-001~2'" in n for n in res.notes)


@pytest.mark.parametrize("name,first", [("csv/pipes.psv", ("row:P-1", "Arado")),
                                        ("csv/semicolons.ssv", ("row:S-1", "Càntir"))])
def test_pipe_and_semicolon_separated_catalogues(name: str, first: tuple[str, str]) -> None:
    recs = read(name).records
    assert len(recs) == 2 and (recs[0].key, recs[0].title) == first


def test_catalogue_with_repeated_ids_ingests_and_reingests_unchanged(fake_app: Ovillo, tmp_path: Path) -> None:
    root = tmp_path / "cat"
    root.mkdir()
    shutil.copy(FIX / "csv/duplicate_ids.csv", root / "museo.csv")
    _, s = drain(fake_app.library.ingest([root]))
    assert [o.status for o in s.outcomes] == ["ok"] and "repeating an earlier id" in s.ok[0].reason
    assert fake_app.library.status().records == 6

    def snapshot() -> list[tuple[object, ...]]:
        cur = fake_app.store.cursor()
        return (cur.execute("SELECT section_id, title, updated_at FROM records ORDER BY section_id").fetchall()
                + cur.execute("SELECT id, updated_at FROM rag_embeddings ORDER BY id").fetchall()
                + cur.execute("SELECT path, status, updated_at FROM sources").fetchall()
                + cur.execute("SELECT value FROM store_meta WHERE key = 'generation'").fetchall())

    before = snapshot()
    _, again = drain(fake_app.library.ingest([root]))
    assert [o.status for o in again.outcomes] == ["skipped"]
    assert snapshot() == before  # nothing written at all


# -- HTML --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name,article,furniture", [
    ("html/semantic_page.html", ["La noche del 18 de octubre", "Dolores Pallarés recuerda", "El archivo conserva"],
     ["Saltar al contenido", "cookies", "Inicio", "Compartir", "Te puede interesar", "El molino harinero",
      "Suscríbete", "derechos reservados", "Instagram"]),
    ("html/divsoup_page.html", ["The reservoir broke over", "Eleven interviews recorded"],
     ["Contact", "Tag Cloud", "oral-history", "Share on Facebook", "Tweet", "Copyright", "Privacy"]),
])
def test_html_keeps_the_article_and_leaves_page_furniture_out(name: str, article: list[str],
                                                             furniture: list[str]) -> None:
    res = read(name)
    (rec,) = res.records
    texts = [b.text for b in rec.blocks]
    assert all(any(t.startswith(a) for t in texts) for a in article)
    joined = " ".join(texts + [h for b in rec.blocks for h in b.heading_path])
    assert not [f for f in furniture if f in joined]
    assert any(n.startswith("page furniture left out") for n in res.notes)


def test_html_title_drops_the_site_name() -> None:
    (rec,) = read("html/semantic_page.html").records
    assert rec.title == "La riada de 1962 en el valle" and rec.lang == "es"
    assert rec.blocks[1].heading_path == ()


def test_html_page_that_is_all_navigation_is_still_read(tmp_path: Path) -> None:
    f = tmp_path / "menu.html"
    f.write_text("<html><body><nav><ul><li><a href='/a'>Fons Pallarés</a></li>"
                 "<li><a href='/b'>Fons Serra</a></li></ul></nav></body></html>", encoding="utf-8")
    res = reader_for(f)(f, f.read_bytes())
    assert [b.text for b in res.records[0].blocks] == ["Fons Pallarés", "Fons Serra"]
    assert "no main content recognised: the whole page was read" in res.notes


# readability test pages (tests/fixtures/README.md): the article's sentences, and fragments that stood alone
_WEB = {
    "html/la-nacion.html": (["Esta falsa noticia fue la más", "Las cinco provincias patagónicas"], ["2", "3", "5"]),
    "html/aclu.html": (["When you sign up for Facebook", "Given the precision of this kind"],
                       ["February 12, 2018", "April 26, 2018"]),
}


@pytest.mark.parametrize("name", [*_WEB, "html/semantic_page.html", "html/divsoup_page.html"])
def test_html_leaves_no_passage_under_the_fragment_floor(name: str) -> None:
    res = read(name)
    (rec,) = res.records
    chunks = chunk_record(rec, lambda t: len(t.split()))
    assert chunks and all(len(c.source_text) >= html_reader.FRAGMENT_CHARS for c in chunks)
    article, fragments = _WEB.get(name, ([], []))
    texts = [b.text for b in rec.blocks]
    assert all(any(a in t for t in texts) for a in article)  # the article is kept whole
    assert not [f for f in fragments if f in texts]


def test_html_fragments_join_their_section_or_go() -> None:
    blocks = [Block("Un párrafo del artículo con texto suficiente.", ("Riada",)), Block("15", ("Riada",)),
              Block("Foto: AP", ("Riada",)), Block("14 hours ago", ("Más leídas",)), Block("Loading content ...")]
    kept, dropped = html_reader._fold_fragments(blocks)
    assert [(b.text, b.heading_path) for b in kept] == [
        ("Un párrafo del artículo con texto suficiente.\n15\nFoto: AP", ("Riada",))]
    assert dropped == len("14 hours ago") + len("Loading content ...")
    # short list items together are a passage: kept as one block
    items = [Block(w, ("Fondos",)) for w in ("Fons Pallarés", "Fons Serra", "Fons Vidal")]
    assert [b.text for b in html_reader._fold_fragments(items)[0]] == ["Fons Pallarés\nFons Serra\nFons Vidal"]


def test_html_title_from_title_then_og_title_then_h1(tmp_path: Path) -> None:
    def title(head: str) -> str:
        f = tmp_path / "pagina-42.html"
        f.write_text(f"<html><head>{head}</head><body><h1>Titular del cuerpo</h1><p>{'Texto del artículo. ' * 5}"
                     "</p></body></html>", encoding="utf-8")
        return reader_for(f)(f, f.read_bytes()).records[0].title

    og = '<meta property="og:title" content="La riada de 1962">'
    assert title(f"<title>La riada — Museo de la Vall</title>{og}") == "La riada — Museo de la Vall"
    assert title(f"<title>La riada de 1962 | Museo de la Vall</title>{og}") == "La riada de 1962"  # no site name
    assert title(f"<title></title>{og}") == "La riada de 1962"
    assert title("<title>Untitled</title>") == "Titular del cuerpo"
    assert title("") == "Titular del cuerpo"


# -- unit times in chunks, and a hit's time ------------------------------------------------------------
def _cues(n: int) -> ParsedRecord:
    words = ["campana", "molino", "escuela", "riada", "iglesia", "teniente", "pantano", "huerto"]
    blocks = [Block(f"Frase número {i} sobre el {words[i % len(words)]} del pueblo.", tc_in=3600 + 10.0 * i,
                    tc_out=3600 + 10.0 * i + 9, component="rag:transcript") for i in range(n)]
    return ParsedRecord(key="", title="Entrevista", blocks=blocks)


def test_chunks_keep_the_time_of_every_unit_and_hits_use_the_matching_one() -> None:
    (chunk,) = chunk_record(_cues(8), lambda s: len(s.split()), target=400, floor=10)
    meta = chunk.meta()
    assert meta["tc_in"] == 3600.0 and len(meta["tc_marks"]) == 8
    for offset, tc, _ in meta["tc_marks"]:
        assert chunk.source_text[offset:].startswith(f"Frase número {int((tc - 3600) // 10)} ")
    # "teniente" is in cue 5 (01:00:50), not at the chunk's start (01:00:00)
    assert hit_time(chunk.source_text, meta, "muy bien, teniente") == 3650.0
    assert hit_time(chunk.source_text, meta, "pantanos") == 3660.0  # a word form, found by its stem
    assert hit_time(chunk.source_text, meta, "nada que ver") == 3600.0  # no word found: the chunk's start
    assert hit_time(chunk.source_text, {"tc_in": 12.5}, "teniente") == 12.5  # an old chunk without marks


def test_long_units_are_interpolated_with_a_lead_in() -> None:
    text = "a " * 50 + "teniente " + "b " * 41
    assert match_offset(text, "teniente") == 100
    marks = [[0, 60.0, 120.0]]  # one OHMS minute
    assert time_at(marks, 100, len(text)) == pytest.approx(60 + 60 * 100 / len(text) - 3, abs=0.01)
    assert time_at([[0, 60.0, 64.0]], 100, len(text)) == 60.0  # a short cue plays from its start
    long_block = Block(" ".join(f"Palabra{i}." for i in range(400)), tc_in=0.0, tc_out=400.0,
                       component="rag:transcript")
    chunks = chunk_record(ParsedRecord(key="", title="t", blocks=[long_block]), lambda s: len(s.split()),
                          target=100, floor=10)
    assert len(chunks) == 4
    starts = [c.meta()["tc_marks"][0][1] for c in chunks]
    assert starts[0] == 0.0 and all(abs(starts[k] - 100 * k) < 10 for k in range(1, 4))
    assert all(c.tc_in == 0.0 for c in chunks)  # the passage still says where its turn starts


def test_hits_without_shared_words_are_placed_by_meaning() -> None:
    import numpy as np

    from core.retrieval.timecodes import MAX_SEMANTIC_UNITS, place_by_meaning

    (chunk,) = chunk_record(_cues(6), lambda s: len(s.split()), target=400, floor=10)
    meta = chunk.meta()
    seen: list[list[str]] = []

    def embed(texts: list[str]) -> np.ndarray:  # unit 4 is the one "about" the query
        seen.append(texts)
        return np.array([[1.0, 0.0] if "iglesia" in t else [0.0, 1.0] for t in texts], dtype=np.float32)

    query = np.array([1.0, 0.0], dtype=np.float32)
    assert place_by_meaning([(chunk.source_text, meta)], query, embed) == [3640.0]
    assert seen == [[f"Frase número {i} sobre el {w} del pueblo." for i, w in
                     enumerate(["campana", "molino", "escuela", "riada", "iglesia", "teniente"])]]
    many = [(chunk.source_text, meta)] * (MAX_SEMANTIC_UNITS // 6 + 2)
    placed = place_by_meaning(many, query, embed)
    assert placed[:MAX_SEMANTIC_UNITS // 6] == [3640.0] * (MAX_SEMANTIC_UNITS // 6)
    assert placed[-1] is None and len(seen[-1]) <= MAX_SEMANTIC_UNITS  # the encoder's work stays bounded


def test_ohms_index_only_export_with_html_entities(tmp_path: Path) -> None:
    xml = tmp_path / "plunkett.xml"
    xml.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<ROOT xmlns="https://www.weareavp.com/nunncenter/ohms">'
                   "<record><title>Oral history with R.&nbsp;Plunkett</title><sync>1:|1(54)|8(8)</sync>"
                   "<index><point><time>3473</time><title>DuPont</title><keywords>Teflon;Patents</keywords></point>"
                   "<point><time>1</time><title>Pre-interview</title><partial_transcript>BOHNING: Check the "
                   "recorder.</partial_transcript></point></index><transcript>\n</transcript></record></ROOT>",
                   encoding="utf-8")
    (rec,) = reader_for(xml)(xml, xml.read_bytes()).records
    assert rec.title == "Oral history with R.\u00a0Plunkett"
    assert [(b.tc_in, b.tc_out, b.text) for b in rec.blocks] == [
        (1.0, 3473.0, "Pre-interview. BOHNING: Check the recorder."),
        (3473.0, None, "DuPont. Keywords: Teflon; Patents")]


def test_teams_and_youtube_style_webvtt() -> None:
    (rec,) = read("subtitles/teams_youtube.vtt").records
    assert rec.lang == "es" and rec.data == {"kind": "captions", "language": "es"}  # not the Style block's CSS
    assert [(b.tc_in, b.tc_out, b.speaker, b.text) for b in rec.blocks] == [
        (0.0, 2.57, "Rosa Camps", "Rosa Camps: Això era el molí."),  # "0:0:0.0": Teams' short timestamps
        (2.21, 5.13, "Anna Puig", "Anna Puig: I qui el portava?"),
        (5.2, 7.0, None, "el meu avi")]  # karaoke timestamps and class spans gone


def test_cue_without_timing_line_is_listed_with_its_line() -> None:
    res = read("subtitles/missing_timing.srt")
    assert [b.text for b in res.records[0].blocks] == ["La primera cua.", "La tercera cua."]
    assert res.notes == ["1 cue skipped (missing or unreadable timing): line 5: no timing line before "
                         "'2 Una cua sense línia de temps.'"]
