"""Every string in Spanish and Catalan: the catalogues hold no unfinished or empty message and keep each
message's slots, and no English interface text reaches the window in es/ca — every page, every empty
state, the record view and an error dialog for every message id core names.

English here means a catalogue source whose translation differs (the same word in both languages,
"Ovillo" or "CSV", is not English), or a common English word in interface text. Archive content —
titles, passages, file names, facet values — is exempt: the archive is in whatever language it is.
(``test_prefs_i18n.py`` checks every ``tr()`` string of app/ is in both catalogues and the .qm files
are fresh; this module checks what the window actually shows.)
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (QAbstractButton, QAbstractSpinBox, QComboBox, QFormLayout, QGroupBox, QLabel,
                               QLineEdit, QListWidget, QMenu, QMessageBox, QPushButton, QTableWidget, QTabWidget,
                               QTextEdit, QWidget)
from pytestqt.qtbot import QtBot

from app.empty_state import EmptyState
from app.error_texts import ERROR_TEXTS
from app.window_texts import WINDOW_TEXTS
from app.errors import report_error
from app.i18n import TRANSLATIONS, install_translators
from app.main_window import MainWindow
from core.api import OvilloError
from tests.gui.conftest import WAIT_MS, WindowFactory
from tests.gui.test_layout_i18n import _first_record

SLOT = re.compile(r"\{\w+\}|%\d|%n|%L\d")
NAMED = re.compile(r"\{(\w+)\}")
# interface words that are neither Spanish nor Catalan (whole words, any case)
ENGLISH_WORDS = re.compile(r"\b(the|and|with|your|this|that|from|not|file|files|folder|records?|search|save|"
                           r"open|close|show|choose|nothing|none|yet|please|copy|list|add|remove|there)\b", re.I)
# widgets that show the archive itself (names as app/ sets them; their children too)
CONTENT = {"results", "similar", "neighbours", "fullText", "transcript", "recordTitle", "failedSources",
           "importPaths", "paths", "recordImages", "status_home", "status_model", "status_schema", "mediaTime"}
FACETS = {"collection", "lang"}  # filter boxes: the first item is ours, the rest are the archive's values


def catalogue(lang: str) -> dict[tuple[str, str], ET.Element]:
    """(context, source) → <message> of the shipped ``lang`` catalogue."""
    root = ET.parse(TRANSLATIONS / f"ovillo_{lang}.ts").getroot()
    return {(ctx.findtext("name") or "", m.findtext("source") or ""): m
            for ctx in root.iter("context") for m in ctx.iter("message")}


def translations(message: ET.Element) -> list[str]:
    """The message's translation, or each of its plural forms."""
    tr = message.find("translation")
    if tr is None:
        return []
    forms = [f.text or "" for f in tr.findall("numerusform")]
    return forms or [tr.text or ""]


def plain(text: str) -> str:
    """``text`` as read: markup and accelerators gone, the shortcut after a tab dropped, spaces collapsed."""
    if "<" in text and ">" in text:  # a tooltip's paragraph (app.plain.tip_markup): no accelerators in it
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())
    text = text.split("\t")[0].replace("&&", "\0").replace("&", "").replace("\0", "&")
    return " ".join(text.split())


def english_sources(lang: str) -> tuple[set[str], set[str]]:
    """Whole source texts that are English in ``lang`` (their translation differs), and the fragments of
    three words or more between their slots (a filled-in template shows those)."""
    same: set[str] = set()
    differ: set[str] = set()
    said: list[str] = []
    for (_ctx, source), message in catalogue(lang).items():
        forms = [plain(t) for t in translations(message) if t]
        said += forms
        (same if plain(source) in forms else differ).add(plain(source))
    whole = differ - same  # a source some context keeps as it is may be shown as it is
    fragments = {f.strip(" :;,.·—()“”\"'") for s in whole for f in SLOT.split(s)}
    # words a translation keeps ("Use `ovillo reindex --model …`": Spanish "use", a command) are not English
    kept = "\n".join(said)
    return whole, {f for f in fragments if len(f.split()) >= 3 and f not in kept}


def untranslated(texts: dict[str, str], lang: str) -> list[str]:
    """The texts (by where they were seen) that are English interface text in ``lang``."""
    whole, fragments = english_sources(lang)
    found = []
    for where, raw in texts.items():
        text = plain(raw)
        if not text:
            continue
        word = ENGLISH_WORDS.search(text)
        if text in whole:
            found.append(f"{where}: {text!r} is the English source")
        elif hit := next((f for f in fragments if f in text), None):
            found.append(f"{where}: {text!r} holds the English {hit!r}")
        elif word:
            found.append(f"{where}: {text!r} has the English word {word.group(0)!r}")
    return found


def _is_content(w: QWidget, stop: QWidget, data: frozenset[int]) -> bool:
    p: QWidget | None = w
    while p is not None and p is not stop:
        if isinstance(p, EmptyState):
            return False  # guidance laid over a content list is ours
        if p.objectName() in CONTENT or id(p) in data:
            return True
        p = p.parentWidget()
    return False


def chrome_texts(root: QWidget, window: QWidget, data: frozenset[int] = frozenset()) -> dict[str, str]:
    """Every interface text shown under ``root``: labels, buttons, placeholders, tooltips, box items, tabs."""
    out: dict[str, str] = {}
    for n, w in enumerate([root, *root.findChildren(QWidget)]):
        if not w.isVisibleTo(window) or _is_content(w, window, data):
            continue
        at = f"{type(w).__name__} {w.objectName() or f'#{n}'}"  # unnamed widgets are many: numbered
        out[f"{at} tooltip"] = w.toolTip()
        out[f"{at} accessible name"] = w.accessibleName()
        if isinstance(w, (QLabel, QAbstractButton)):
            out[at] = w.text()
        if isinstance(w, QLineEdit):
            out[f"{at} placeholder"] = w.placeholderText()
        if isinstance(w, QTextEdit):
            out[f"{at} placeholder"] = w.placeholderText()
        if isinstance(w, QAbstractSpinBox):
            out[f"{at} special"] = getattr(w, "specialValueText", lambda: "")()
        if isinstance(w, QGroupBox):
            out[at] = w.title()
        if isinstance(w, QTabWidget):
            out.update({f"{at} tab {i}": w.tabText(i) for i in range(w.count())})
        if isinstance(w, QComboBox):
            count = 1 if w.objectName() in FACETS else w.count()
            out.update({f"{at} item {i}": w.itemText(i) for i in range(count)})
        if isinstance(w, QTableWidget):
            heads = (w.horizontalHeaderItem(i) for i in range(w.columnCount()))
            out.update({f"{at} column {i}": h.text() for i, h in enumerate(heads) if h is not None})
        if isinstance(w, QListWidget) and w.objectName() == "nav":
            out.update({f"{at} item {i}": w.item(i).text() for i in range(w.count())})
    return out


def menu_texts(window: MainWindow) -> dict[str, str]:
    """The menu bar's menus and every action in them."""
    out: dict[str, str] = {}
    for menu in window.menuBar().findChildren(QMenu):
        out[f"menu {menu.title()}"] = menu.title()
        for a in menu.actions():
            out[f"menu {plain(menu.title())}: {a.objectName() or '?'}"] = a.text()
            out[f"menu {plain(menu.title())}: {a.objectName() or '?'} tip"] = a.toolTip() if a.toolTip() != a.text() \
                else ""
    return out


def _record_values(w: MainWindow) -> frozenset[int]:
    """The record's own facts (the right column of its form): archive content."""
    ids = set()
    for form in w.record.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            if item is not None and item.widget() is not None:
                ids.add(id(item.widget()))
    return frozenset(ids)


@pytest.fixture
def installed(request: pytest.FixtureRequest) -> Iterator[str]:
    app = QCoreApplication.instance()
    assert app is not None
    kept = install_translators(app, request.param)
    assert len(kept) == 2, request.param  # ours and Qt's own (standard buttons)
    yield request.param
    for t in kept:
        app.removeTranslator(t)


@pytest.mark.parametrize("lang", ["es", "ca"])
def test_no_message_is_unfinished_empty_or_missing_a_slot(lang: str) -> None:
    problems = []
    for (ctx, source), message in catalogue(lang).items():
        tr = message.find("translation")
        kind = tr.get("type") if tr is not None else "missing"
        if kind in ("unfinished", "missing"):
            problems.append(f"{ctx}: {source!r} is {kind}")
            continue
        if kind in ("vanished", "obsolete"):
            continue  # lupdate keeps what app/ no longer says; nothing shows it
        for form in translations(message):
            if not form.strip():
                problems.append(f"{ctx}: {source!r} has an empty translation")
            # a slot lost or misspelt shows "{path}" or nothing where the file name belongs
            wanted = sorted(set(SLOT.findall(source)) - ({"%n"} if message.get("numerus") == "yes" else set()))
            have = sorted(set(SLOT.findall(form)) - {"%n"})
            if wanted != have and not (message.get("numerus") == "yes" and set(wanted) <= set(have)):
                problems.append(f"{ctx}: {source!r} → {form!r}: slots {have}, not {wanted}")
    assert problems == [], "\n".join(problems)


def test_the_checks_themselves_find_english() -> None:
    """The detector is real: the English source, a filled template and a stray English word are found,
    Spanish, a kept word and archive content are not."""
    texts = {"a": "&Look up", "b": "Look up", "c": "Importando: no disponible en el modo quiosco",
             "d": "datos.txt: empty file: nothing to index", "e": "Buscar en el archivo", "f": "Ovillo",
             "g": "Abrir the archivo"}
    found = untranslated(texts, "es")
    assert [f.split(":")[0] for f in found] == ["a", "b", "d", "g"], found
    page = QWidget()
    title = QLabel("The excavation of trench 3", page)
    title.setObjectName("recordTitle")  # archive content: skipped by name
    QPushButton("Close", page)
    assert [t for t in chrome_texts(page, page).values() if t] == ["Close"]
    assert plain("<p style='white-space:pre-wrap'>Open &amp; close</p>") == "Open & close"


@pytest.mark.parametrize("installed", ["es", "ca"], indirect=True)
def test_no_english_reaches_the_window(qtbot: QtBot, make_window: WindowFactory, installed: str) -> None:
    w = make_window()
    w.resize(1280, 800)
    seen: dict[str, str] = {f"window {k}": v for k, v in menu_texts(w).items()}
    seen["window title"] = w.windowTitle()
    # the record page before any record: its empty state
    w.stack.setCurrentWidget(w.record)
    qtbot.wait(20)
    seen.update({f"record (empty) {k}": v for k, v in chrome_texts(w.record, w).items()})
    for i, (title, page) in enumerate(w.pages):  # each page as it first opens: its empty state shows
        w.go(i)
        qtbot.wait(50)
        seen.update({f"{title} {k}": v for k, v in chrome_texts(page, w).items()})
    # a search that finds nothing: the no-match note and its suggestions
    w.go(0)
    w.search.query.setText("zzqxv wpqqk")
    qtbot.waitUntil(lambda: w.search.no_match.isVisible(), timeout=WAIT_MS)
    seen.update({f"no match {k}": v for k, v in chrome_texts(w.search, w).items()})
    w.open_record(*_first_record(w)[0])
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    qtbot.wait(200)
    seen.update({f"record {k}": v for k, v in chrome_texts(w.record, w, _record_values(w)).items()})
    seen.update({f"status bar {k}": v for k, v in chrome_texts(w.statusBar(), w).items()})
    assert len([t for t in seen.values() if t]) > 100  # the pages really were read
    problems = untranslated(seen, installed)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("installed", ["es", "ca"], indirect=True)
def test_every_error_id_reads_in_the_language(qtbot: QtBot, installed: str) -> None:
    """A dialog for every message id and hint core names (slots filled with a neutral value)."""
    shipped = catalogue(installed)
    problems = []
    for table, context in ((ERROR_TEXTS, "CoreErrors"), (WINDOW_TEXTS, "WindowErrors")):
        for code, template in table.items():
            message = shipped.get((context, template))
            if message is not None and template in translations(message):
                continue  # the same in both languages
            params = {name: "X1" for name in NAMED.findall(template)}
            english = NAMED.sub("X1", template)
            if code.startswith("hint."):
                exc = OvilloError("X1", hint=english)
                exc.hint_code, exc.hint_params = code, params
            else:
                exc = OvilloError(code=code, params=params)
            box = report_error(None, exc)
            assert isinstance(box, QMessageBox)
            qtbot.addWidget(box)
            shown = box.informativeText() if code.startswith("hint.") else box.text()
            box.close()
            if shown == english:
                problems.append(f"{code}: {english!r}")
            elif hit := [f for f in english_sources(installed)[1] if f in shown]:
                problems.append(f"{code}: {shown!r} holds the English {hit[0]!r}")
    assert problems == [], "\n".join(problems)
