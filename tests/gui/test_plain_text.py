"""Hostile names render as text in every view, the kiosk included (issue 28, finding 5).

A public file named ``<img src="&#47;…&#47;coin.jpg">.txt`` once made the result card load any image
the name pointed at. Here files, a catalogue row and a record carry ``<img>``, ``<b>``, ``<a href>``
and an entity in their names, titles, text and fields; each view shows them, and every label, text
area, tooltip and list item in the window is then read back the way Qt will render it.
"""

from __future__ import annotations

import csv
import re
import shutil
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtGui import Qt as GuiQt  # QtGui's Qt namespace holds mightBeRichText
from PySide6.QtWidgets import QAbstractItemView, QApplication, QDialog, QLabel, QTextEdit, QWidget
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.plain import RICH
from core.errors import StoreError
from core.ingest.pipeline import IngestOptions
from core.models.generator import ScriptedGenerator
from core.objects.catalogue import Examination
from core.objects.characterize import Proposal
from core.objects.similar import ObjectHit, ViewScore
from core.progress import Progress
from tests.conftest import drain
from tests.demo_fixtures import DEMO
from tests.gui.conftest import WAIT_MS, HeldReader, OvilloFactory, WindowFactory, flat, reader

MARKER = "ovillo-hostile.png"  # an image element naming it means a name was rendered as HTML
NAME = f'<img src="&#47;tmp&#47;{MARKER}" width=200>'  # a file name cannot hold "/": an entity does
IMG = f'<img src="/tmp/{MARKER}">'
BOLD = "<b>BOLDMARK</b>"
LINK = '<a href="http://evil.example/">LINKMARK</a>'
WORD = "zorrobarrica"  # only the hostile records hold it
TEXT_FILE = f"{NAME}.txt"


def hostile_folder(root: Path) -> Path:
    """A text file, a catalogue, a broken PDF and an unknown file, all named or filled with markup."""
    folder = root / "hostil"
    folder.mkdir()
    (folder / TEXT_FILE).write_text(
        f"{BOLD} {LINK} {WORD}\n\nEl acta de la {WORD} dice {IMG} y {BOLD} junto al molino. "
        f"Se guardó en el archivo parroquial con {LINK}.\n", encoding="utf-8")
    with (folder / "catalogo.csv").open("w", encoding="utf-8", newline="") as f:
        out = csv.writer(f)
        out.writerow(["id", "title", "description", "date", "classification", "lang", "material", "period"])
        out.writerow(["HX-1", f"{IMG} {BOLD} moneda {WORD}", f"Moneda {WORD} de plata {LINK}.", "1650", "public",
                      "es", f"{BOLD} plata", "<i>moderno</i>"])
    (folder / f"{NAME}.pdf").write_bytes(b"%PDF-1.4 not a pdf")  # fails: listed by name
    (folder / f"{NAME}.xyz").write_bytes(b"?")  # no reader: listed by name
    return folder


def markup(doc: QTextDocument) -> list[str]:
    """What of the hostile markup ``doc`` renders as HTML rather than showing as text."""
    html, text = doc.toHtml(), doc.toPlainText()
    found = []
    if re.search(rf"<img[^>]*{re.escape(MARKER)}", html):
        found.append("an image")
    if re.search(r"<a [^>]*evil\.example", html):
        found.append("a link")
    if "BOLDMARK" in text.replace("<b>BOLDMARK", ""):
        found.append("bold type")
    return found


class Reading:
    """The window read back as Qt renders it: hostile markup rendered as HTML, labels whose format is not
    fixed by app.plain (the rule that keeps the next name safe), and all the text shown."""

    def __init__(self, roots: Iterable[QWidget]) -> None:
        self.rendered: list[str] = []
        self.unruled: list[str] = []
        self.shown: list[str] = []
        for root in roots:
            for w in (root, *root.findChildren(QWidget)):
                self._widget(w, f"{type(w).__name__}#{w.objectName()}")

    def _text(self, where: str, text: str, rich: bool) -> None:
        if not text:
            return
        if not rich:
            self.shown.append(text)
            return
        doc = QTextDocument()
        doc.setHtml(text)
        self.rendered += [f"{where}: {p}" for p in markup(doc)]
        self.shown.append(doc.toPlainText())

    def _widget(self, w: QWidget, where: str) -> None:
        if isinstance(w, QLabel) and w.text():
            fmt = w.textFormat()
            if fmt != Qt.TextFormat.PlainText and not w.property(RICH):
                self.unruled.append(f"{where}: {w.text()[:60]!r}")
            self._text(where, w.text(), fmt == Qt.TextFormat.RichText
                       or (fmt == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(w.text())))
        if isinstance(w, QTextEdit):
            self.rendered += [f"{where}: {p}" for p in markup(w.document())]
            self.shown.append(w.toPlainText())
        for kind, tip in (("tooltip", w.toolTip()), ("what's this", w.whatsThis())):
            self._text(f"{where} {kind}", tip, GuiQt.mightBeRichText(tip))  # how QToolTip and QWhatsThis decide
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            m = w.model()
            for row in range(m.rowCount(QModelIndex())):
                col = 0
                while (index := m.index(row, col)).isValid():  # columnCount is private in PySide's list models
                    self.shown.append(str(index.data(Qt.ItemDataRole.DisplayRole) or ""))  # items paint plain
                    tip = str(index.data(Qt.ItemDataRole.ToolTipRole) or "")
                    self._text(f"{where} item {row} tooltip", tip, GuiQt.mightBeRichText(tip))
                    col += 1


def dialogs() -> list[QWidget]:
    return [t for t in QApplication.topLevelWidgets() if isinstance(t, QDialog) and t.isVisible()]


def assert_plain(w: MainWindow, *expected: str) -> None:
    """Nothing in the window (and its open dialogs) renders markup, and each ``expected`` text is shown."""
    read = Reading([w, *dialogs()])
    assert not read.rendered, read.rendered
    assert not read.unruled, ("labels not made by app.plain", read.unruled)
    shown = "\n".join(read.shown)
    missing = [e for e in expected if e not in shown]
    assert not missing, (missing, shown[:3000])


def page(w: MainWindow, view: QWidget | None) -> int:
    return next(i for i, (_t, v) in enumerate(w.pages) if v is view)


def search(qtbot: QtBot, w: MainWindow) -> None:
    w.go(page(w, w.search))
    w.search.query.setText(WORD)
    qtbot.waitUntil(lambda: any(WORD in h.text for h in w.search.hits) and not w.search._running, timeout=WAIT_MS)
    qtbot.waitUntil(w.search.cards_done, timeout=WAIT_MS)


def open_hostile_record(qtbot: QtBot, w: MainWindow, suffix: str) -> None:
    hit = next(h for h in w.search.hits if (h.source_path or "").endswith(suffix))
    w.search.open_hit.emit(hit, WORD)
    qtbot.waitUntil(lambda: w.record.record is not None and w.record.record.section_id == hit.section_id
                    and w.record.similar.count() > 0, timeout=WAIT_MS)


def ask(qtbot: QtBot, w: MainWindow, held: HeldReader) -> None:
    """Ask about the hostile records: the spans found, their titles and the answer all show as text, both
    while the model is still reading them and once it has accepted them."""
    assert w.ask is not None
    w.go(page(w, w.ask))
    w.ask.ask(f"{BOLD} ¿Qué dice el acta de la {WORD}?")
    qtbot.waitUntil(lambda: w.ask is not None and held.asked >= 1
                    and "checking…" in w.ask.transcript.toPlainText(), timeout=WAIT_MS)
    found = list(w.ask._found)
    hostile = [s for s in found if WORD in s.text]
    assert hostile and any("<" in s.text for s in hostile) and any("<" in s.title for s in hostile), found
    assert_plain(w, BOLD, *[f"“{flat(s.text)}”" for s in found], *[s.title for s in found])
    held.release()
    qtbot.waitUntil(lambda: w.ask is not None and w.ask.result is not None and w.ask.worker is None,
                    timeout=WAIT_MS)
    res = w.ask.result
    assert res.grounded, res
    accepted = [s for s in res.spans if s.accepted]
    assert accepted and all(WORD in s.text for s in accepted) and any("<" in s.text for s in accepted)
    titles = [str(p["title"]) for p in res.provenance if p["id"] in {c.id for c in res.citations}]
    assert any("<" in t for t in titles), titles
    assert_plain(w, BOLD, "The archive says:", *[f"“{flat(s.text)}”" for s in accepted], *titles)


def examine(w: MainWindow, photo: Path) -> None:
    """The Objects page showing neighbours, proposals and evidence whose titles and values are hostile
    (an examination built here: the page is what is tested, not the image model)."""
    w.go(page(w, w.objects))
    w.objects.photos.add([str(photo)])
    hit = ObjectHit("hostil", 1, f"{IMG} {BOLD} {LINK}", 0.5, views={"obverse": ViewScore(0.9, 1)},
                    thumbnail=str(photo))
    proposals = {"typology": Proposal("typology", voters=3, confidence=0.9, value=BOLD,
                                      runners_up=[(IMG, 0.1)], evidence=[hit]),
                 "material": Proposal("material", voters=3, confidence=0.8, value=LINK, evidence=[hit])}
    exam = Examination(photos={"obverse": photo}, sha256={}, vectors={}, model="test", hits=[hit],
                       proposals=proposals)
    w.objects.show_examination(w.objects._seq, exam)
    assert w.objects.examination is exam


def hostile_photo(root: Path) -> Path:
    photo = root / f"{NAME}_obverse.jpg"
    shutil.copy(DEMO / "coins" / "images" / "MNC-001_obverse.jpg", photo)
    return photo


def shown_everywhere(w: MainWindow, qtbot: QtBot, tmp_path: Path, owner: bool, held: HeldReader) -> None:
    """Search, the text file's record, the catalogue row's record, an answer and the Objects page."""
    search(qtbot, w)
    assert_plain(w, TEXT_FILE, BOLD, LINK, IMG)  # the file name is on the card, kiosk included
    open_hostile_record(qtbot, w, ".txt")
    assert_plain(w, f"{BOLD} {LINK} {WORD}", IMG, *([TEXT_FILE] if owner else []))  # the File row: staff only
    w.record.go_back()
    open_hostile_record(qtbot, w, ".csv")
    assert_plain(w, f"{IMG} {BOLD} moneda {WORD}", "<i>moderno</i>")
    ask(qtbot, w, held)
    examine(w, hostile_photo(tmp_path))
    assert_plain(w, f"{NAME}_obverse.jpg", f"{IMG} {BOLD} {LINK}", IMG, LINK)


@pytest.fixture
def held(make_window: WindowFactory) -> Iterator[HeldReader]:
    """A reader accepting the spans that name the hostile records, held until the test has looked
    (released before the window's workers are stopped)."""
    judge = HeldReader(reader(WORD))
    try:
        yield judge
    finally:
        judge.release()


def test_hostile_names_show_as_text_to_staff(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path,
                                             held: HeldReader) -> None:
    w = make_window(generator=ScriptedGenerator([], judge=held))
    imp = w.importer
    assert imp is not None and w.status_view is not None
    folder = hostile_folder(tmp_path)
    imp.start_import([str(folder)], collection="hostil", classification="public")
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)
    w.go(page(w, imp))
    assert_plain(w, f"{NAME}.pdf", f"{NAME}.xyz")  # the problems list and its tooltips
    # the current-file line and the status bar while a file is indexed (the worker coalesces progress,
    # so which files a real import reports is not certain: the view is handed this one)
    imp._progress(Progress("index", 1, 4, "files", item=str(folder / TEXT_FILE)))
    assert_plain(w, TEXT_FILE, f"Indexing: {TEXT_FILE}")

    w.status_view.refresh()
    qtbot.waitUntil(lambda: w.status_view is not None and w.status_view.failed.count() > 0, timeout=WAIT_MS)
    w.go(page(w, w.status_view))
    assert_plain(w, f"{NAME}.pdf")

    shown_everywhere(w, qtbot, tmp_path, owner=True, held=held)

    # an error naming a file: the dialog shows its name
    w.show_error(StoreError(code="store.open", params={"path": str(tmp_path / NAME), "detail": BOLD}))
    assert w.error_dialogs
    assert_plain(w, NAME, BOLD)


@pytest.fixture
def hostile_public(make_ovillo: OvilloFactory, tmp_path: Path) -> None:
    """The hostile folder in the demo copy, public (imported as the owner before the kiosk opens)."""
    ov = make_ovillo()
    _, summary = drain(ov.library.ingest([hostile_folder(tmp_path)], IngestOptions(collection="hostil",
                                                                           classification="public")))
    assert len(summary.ok) == 2
    ov.close()


def test_hostile_names_show_as_text_in_the_kiosk(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path,
                                                  hostile_public: None, held: HeldReader) -> None:
    w = make_window(kiosk=True, generator=ScriptedGenerator([], judge=held))
    assert w.ops.profile == "public"
    shown_everywhere(w, qtbot, tmp_path, owner=False, held=held)


def test_the_reading_sees_what_qt_would_render(qtbot: QtBot) -> None:
    """The check itself: a guessing label, a rich label and a tooltip with raw markup are each caught."""
    root = QWidget()
    qtbot.addWidget(root)
    guessing = QLabel(f"{NAME}.txt", root)
    rich = QLabel(root)
    rich.setTextFormat(Qt.TextFormat.RichText)
    rich.setProperty(RICH, True)
    rich.setText(f"card · {LINK}")
    root.setToolTip(BOLD)
    read = Reading([root])
    assert [u for u in read.unruled if NAME in u]  # the guessing label, before it renders anything
    rendered: Sequence[str] = read.rendered
    assert any("an image" in p for p in rendered) and any("a link" in p for p in rendered)
    assert any("tooltip: bold type" in p for p in rendered)
    assert guessing.text() and rich.text()
