"""The result list reads like a catalogue: content words marked (not "del"), the documents' own titles,
a real count of matching records, classification values in words (real encoder, the demo archive)."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QTextBrowser
from pytestqt.qtbot import QtBot

from app.labels import classification_label
from app.main_window import MainWindow
from app.text import MARK
from core.ingest.titles import file_title
from core.api import STOPWORDS, Hit, RecordText
from core.service import Ovillo
from tests.gui.conftest import WAIT_MS, OvilloFactory, WindowFactory

SPANISH = "el molino del río"
MARKED = "#ffe08a"


def _marked_in(browser: QTextBrowser) -> list[str]:
    """The words the record view shows on the highlight colour."""
    words: list[str] = []
    block = browser.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            frag = it.fragment()
            if frag.charFormat().background().color().name() == MARKED:
                words.append(frag.text())
            it += 1
        block = block.next()
    return words


def _search(qtbot: QtBot, w: MainWindow, query: str) -> None:
    before = w.search._seq
    w.search.query.setText(query)  # QTest types ASCII only; a pasted query takes the same debounced path
    qtbot.waitUntil(lambda: w.search._seq > before and not w.search._running and bool(w.search.hits),
                    timeout=WAIT_MS)
    qtbot.waitUntil(w.search.cards_done, timeout=WAIT_MS)


def test_a_spanish_query_marks_molino_and_never_del(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    _search(qtbot, w, SPANISH)
    cards = [w.search.results.itemWidget(w.search.results.item(i)) for i in range(w.search.results.count())]
    html = [c.text() for c in cards if isinstance(c, QLabel)]
    assert any(f"{MARK}molino</span>" in h or f"{MARK}molinos</span>" in h for h in html)
    for h in html:
        for fn in ("del", "el", "Del", "El"):
            assert f"{MARK}{fn}</span>" not in h
    # the record view marks the same way, across the whole record
    hit = next(h for h in w.search.hits if "molino" in h.text.lower())
    w.search.open_hit.emit(hit, SPANISH)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    words = {x.lower() for x in _marked_in(w.record.text)}
    assert "molino" in words and not words & {"del", "el"}
    assert words <= {"molino", "molinos", "río", "rio", "ríos", "rios"}, words


def test_titles_are_the_documents_own(make_ovillo: OvilloFactory) -> None:
    ov = make_ovillo()
    rows = ov.store.cursor().execute(
        "SELECT title, json_extract_string(data, '$.source_path'), json_extract_string(data, '$.reader') "
        "FROM records WHERE deleted_at IS NULL").fetchall()
    files = [(t, p) for t, p, reader in rows if p and reader != "csv"]
    assert len(files) >= 15
    fallbacks = [(t, p) for t, p in files if t in (file_title(Path(p)), "")]
    assert not fallbacks, fallbacks
    titles = {t for t, _ in files}
    assert {"Entrevista OH02 — Carmen Rius Lahoz", "Dietario de Mosén Ramon Cases",
            "Entrevista d'història oral OH01 — Josep Vilaró i Bosch (n. 1940)"} <= titles


def _tokens(text: str) -> set[str]:
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return set(re.split(r"[^a-z0-9]+", folded)) - {""}


def _records_with(ov: Ovillo, word: str, public: bool) -> set[tuple[str, int]]:
    """Counted independently of core's count: every visible record whose title, headings or a passage
    holds ``word`` as the keyword index tokenises it."""
    rows = ov.store.cursor().execute("""
        SELECT r.section_tipo, r.section_id, r.title, e.chunk_meta, e.source_text, r.classification
        FROM rag_embeddings e JOIN records r USING (section_tipo, section_id)
        JOIN models m ON m.name = e.model AND m.state = 'active'
        WHERE e.modality = 'text' AND r.deleted_at IS NULL""").fetchall()
    found = set()
    for tipo, sid, title, meta, text, cls in rows:
        if public and cls != "public":
            continue
        heads = " ".join(json.loads(meta).get("heading_path") or []) if meta else ""
        if word in _tokens(f"{title} {heads} {text}"):
            found.add((tipo, int(sid)))
    return found


@pytest.mark.parametrize("kiosk", [False, True], ids=["owner", "kiosk"])
def test_the_count_is_of_every_matching_record_not_the_page(qtbot: QtBot, make_window: WindowFactory,
                                                            kiosk: bool) -> None:
    word = "cmf"  # the inventory prefix: in more records than a page holds
    assert word not in STOPWORDS
    w = make_window(kiosk=kiosk)
    _search(qtbot, w, word)
    shown = {(h.section_tipo, h.section_id) for h in w.search.hits}
    expected = _records_with(w.ops.ovillo, word, public=kiosk) | shown
    assert len(w.search.hits) == 20 and len(expected) > 20
    assert w.search.total == len(expected)
    assert w.search.info.text() == f"20 of {len(expected)} records"
    # a word no record holds, near nothing in meaning: no records match, and the count says so
    before = w.search._seq
    w.search.query.setText("zzqxv")
    qtbot.waitUntil(lambda: w.search._seq > before and not w.search._running and w.search.no_match.isVisible(),
                    timeout=WAIT_MS)
    assert w.search.hits == [] and w.search.total == 0
    assert w.search.info.text() == "No records match"


def test_classification_values_are_words(qtbot: QtBot, make_window: WindowFactory) -> None:
    w = make_window()
    _search(qtbot, w, "denario de plata")
    label = w.search.results.itemWidget(w.search.results.item(0))
    hit = w.search.hits[0]
    assert isinstance(label, QLabel) and classification_label(hit.classification) in label.text()
    boxes = [w.search.classification.itemText(i) for i in range(1, w.search.classification.count())]
    assert boxes and all(b == classification_label(w.search.classification.itemData(i + 1))
                         for i, b in enumerate(boxes))
    w.search.open_hit.emit(hit, "denario")
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    values = [w.record.meta.itemAt(i).widget().text() for i in range(w.record.meta.count())
              if isinstance(w.record.meta.itemAt(i).widget(), QLabel)]
    assert classification_label(hit.classification) in values
    assert [classification_label(c) for c in ("public", "restricted", "secret")] == ["public", "restricted", "secret"]
    assert classification_label("embargoed") == "embargoed"  # an unknown code is shown as stored


def _open_a_catalogue_row(qtbot: QtBot, w: MainWindow) -> tuple[Hit, RecordText]:
    """Search the demo for a silver denarius and open the catalogue row found (objects.csv)."""
    _search(qtbot, w, "denario de plata")
    hit = next(h for h in w.search.hits if h.source_path and h.source_path.endswith("objects.csv"))
    w.search.open_hit.emit(hit, "denario")
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    assert w.record.record is not None
    return hit, w.record.record


def test_a_record_reads_by_its_own_identifier_dates_and_language(qtbot: QtBot, make_window: WindowFactory) -> None:
    """The record view names a catalogue row by its inventory number, its language by name and its passage from
    1; the internal 52-bit id is only a tooltip."""
    w = make_window()
    hit, rec = _open_a_catalogue_row(qtbot, w)
    labels = [w.record.meta.itemAt(i).widget() for i in range(w.record.meta.count())
              if isinstance(w.record.meta.itemAt(i).widget(), QLabel)]
    values = [lb.text() for lb in labels]
    own_id = rec.data["fields"]["id"]
    assert own_id.startswith("CMF-") and own_id in values
    assert str(rec.section_id) not in values  # never the internal id as the record's name…
    assert any(f"{rec.section_tipo} {rec.section_id}" in lb.toolTip() for lb in labels)  # …which stays at hand
    assert "Spanish" in values and "es" not in values
    assert rec.data["fields"]["date"] in values  # the date as the catalogue wrote it
    assert any(v.startswith(f"{hit.chunk_index + 1} of {len(rec.chunks)}") for v in values)
    # the row's own columns, labelled with the catalogue's names (the text and title are shown elsewhere)
    assert "As catalogued:" in values and "material" in values and rec.data["fields"]["material"] in values
    assert rec.data["fields"]["description"] not in values


def test_copy_a_record_s_citation_plain_csl_json_and_bibtex(qtbot: QtBot, make_window: WindowFactory) -> None:
    """The record view copies a citation a person can paste: title, the archive's identifier, collection and
    dates, with the canonical id; as CSL-JSON for Zotero and as BibTeX."""
    w = make_window()
    _hit, rec = _open_a_catalogue_row(qtbot, w)
    own_id = rec.data["fields"]["id"]
    qtbot.mouseClick(w.record.cite_button, Qt.MouseButton.LeftButton)
    text = QApplication.clipboard().text()
    assert text.startswith(rec.title) and own_id in text and f"[{rec.section_tipo}-{rec.section_id}]" in text
    w.record.cite_actions["csl"].trigger()
    csl = json.loads(QApplication.clipboard().text())
    assert csl[0]["title"] == rec.title and csl[0]["archive_location"] == own_id and csl[0]["type"] == "manuscript"
    w.record.cite_actions["bibtex"].trigger()
    assert QApplication.clipboard().text().startswith("@misc{") and own_id in QApplication.clipboard().text()


def test_the_kiosk_copies_no_citation(make_window: WindowFactory) -> None:
    w = make_window(kiosk=True)
    assert not w.record.cite_button.isVisibleTo(w.record) and w.record.copy_citation() == ""


@pytest.mark.parametrize("suffix", [".csv", ".json", ".md"])
def test_export_the_results_shown(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch, suffix: str) -> None:
    """Export… saves exactly the results on screen, in the format the file name asks for."""
    w = make_window()
    _search(qtbot, w, "denario de plata")
    assert w.search.export_button.isEnabled()
    target = tmp_path / f"resultados{suffix}"
    monkeypatch.setattr("app.views.results_export.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), ""))
    w.search.export_button.click()
    text = target.read_text(encoding="utf-8")
    titles = [h.title for h in w.search.hits]
    assert titles and all(t in text for t in titles)
    if suffix == ".json":
        assert [r["title"] for r in json.loads(text)["results"]] == titles
    elif suffix == ".csv":
        assert text.splitlines()[0].startswith("rank,title,collection") and len(text.splitlines()) == len(titles) + 1


def test_the_kiosk_exports_nothing(make_window: WindowFactory) -> None:
    w = make_window(kiosk=True)
    assert not w.search.export_button.isVisibleTo(w.search)
