"""Core's errors reach the window in the interface language: translated by message id, parts filled in.

The shipped catalogues are filled by the lead at the end of a round, so these tests install a
translator of their own for the "CoreErrors" context (a fake *in addition to* the real catalogue
tests in test_prefs_i18n.py); everything else is real: the store lock, the import, the dialog.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from pytestqt.qtbot import QtBot

from app.error_texts import ERROR_TEXTS
from app.errors import error_text, reason_text, report_error, translate_code
from core.errors import CorruptSource, PermissionDenied, StoreError
from core.messages import MESSAGES
from core.store.connection import connect
from tests.gui.conftest import WAIT_MS, WindowFactory

SPANISH = {
    MESSAGES["store.locked"]: "otro Ovillo está usando el almacén {path} ({detail})",
    MESSAGES["hint.store_locked"]: "Cierre la otra ventana de Ovillo y vuelva a intentarlo.",
    MESSAGES["hint.store_held"]: "Cierre la otra ventana de Ovillo y vuelva a intentarlo.",
    MESSAGES["ingest.binary"]: "datos binarios, no texto ({what} parece un archivo binario)",
    MESSAGES["hint.binary"]: "Compruebe el tipo de archivo.",
    MESSAGES["ingest.empty"]: "{what} vacío: nada que indexar",
    MESSAGES["ingest.not_pdf"]: "no es un PDF (no hay cabecera %PDF en su primer kilobyte)",
    MESSAGES["ingest.image_model"]: "las fotografías necesitan el modelo de imagen: {detail}",
    MESSAGES["model.manifest_missing"]: "no hay manifiesto de modelo en {path}",
    "file": "archivo",
    MESSAGES["kiosk.staff_only"]: "{what}: no disponible en el modo quiosco",
    "Importing": "Importar",
}


class CoreErrorsEs(QTranslator):
    """Spanish for a few of core's messages, looked up exactly as a .qm catalogue would be."""

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:  # noqa: D102
        return SPANISH.get(source, "") if context == "CoreErrors" else ""

    def isEmpty(self) -> bool:  # noqa: N802 - Qt API
        return False


@pytest.fixture
def spanish_errors() -> Iterator[None]:
    app = QCoreApplication.instance()
    assert app is not None
    tr = CoreErrorsEs()
    app.installTranslator(tr)
    yield
    app.removeTranslator(tr)


def _hold(path: str, ready: "object", done: "object") -> None:
    import duckdb

    con = duckdb.connect(path)
    ready.set()  # type: ignore[attr-defined]
    done.wait(120)  # type: ignore[attr-defined]
    con.close()


def test_the_app_has_a_text_for_every_core_message_id() -> None:
    assert ERROR_TEXTS == MESSAGES  # same ids, same English: the app's source strings never drift from core's


def test_a_locked_store_is_explained_in_spanish(qtbot: QtBot, spanish_errors: None, tmp_path: Path) -> None:
    db = tmp_path / "store.duckdb"
    import duckdb

    duckdb.connect(str(db)).close()
    ctx = mp.get_context("spawn")
    ready, done = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold, args=(str(db), ready, done))
    holder.start()
    try:
        assert ready.wait(60)
        with pytest.raises(StoreError) as info:
            connect(db)
    finally:
        done.set()
        holder.join(60)
    exc = info.value
    box = report_error(None, exc)
    assert box is not None
    qtbot.addWidget(box)
    assert box.text().startswith(f"otro Ovillo está usando el almacén {db} (")
    assert box.informativeText() == "Cierre la otra ventana de Ovillo y vuelva a intentarlo."
    assert box.property("code") == "store.locked"
    assert str(exc).startswith("cannot open the store")  # the CLI keeps core's English
    box.close()


def test_unknown_codes_and_untranslated_ids_fall_back_to_english(qtbot: QtBot, spanish_errors: None) -> None:
    unknown = CorruptSource("a reason nobody registered", hint="a hint nobody registered")
    assert error_text(unknown) == ("a reason nobody registered", "a hint nobody registered")
    untranslated = CorruptSource("this PDF has no pages with text")  # an id without a Spanish text yet
    assert error_text(untranslated) == ("this PDF has no pages with text", "")
    assert translate_code("no.such.code", {}) is None
    # a cause inside a message is translated too
    nested = "photographs need the image model: no model manifest at /m/x/manifest.json"
    assert reason_text(nested) == "las fotografías necesitan el modelo de imagen: no hay manifiesto de modelo en " \
                                  "/m/x/manifest.json"


def test_import_failures_are_listed_in_spanish(qtbot: QtBot, make_window: WindowFactory, spanish_errors: None,
                                               tmp_path: Path) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    (folder / "datos.txt").write_bytes(bytes(range(256)) * 64)
    (folder / "vacio.txt").write_bytes(b"")
    (folder / "roto.pdf").write_bytes(b"this is not really a pdf at all")
    w = make_window()
    imp = w.importer
    assert imp is not None
    imp.start_import([str(folder)])
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)
    listed = sorted(imp.failures.item(i).text() for i in range(imp.failures.count()))
    assert listed[:2] == [
        "datos.txt: datos binarios, no texto (archivo parece un archivo binario) — Compruebe el tipo de archivo.",
        "roto.pdf: no es un PDF (no hay cabecera %PDF en su primer kilobyte)"], listed
    assert listed[2] == "vacio.txt: archivo vacío: nada que indexar", listed
    assert len(listed) == 3
    library = w.status_view  # the Library page lists the same failures, from the store
    assert library is not None
    library.refresh()
    qtbot.waitUntil(lambda: library.failed.count() == 3, timeout=WAIT_MS)
    stored = sorted(library.failed.item(i).text() for i in range(3))
    assert stored[2] == f"{folder / 'vacio.txt'}: archivo vacío: nada que indexar", stored


def test_a_kiosk_refusal_is_translated(qtbot: QtBot, make_window: WindowFactory, spanish_errors: None) -> None:
    w = make_window(kiosk=True)
    with pytest.raises(PermissionDenied) as info:
        w.ops.ingest(["/tmp"], None, on_progress=print, on_result=print)  # type: ignore[arg-type]
    assert error_text(info.value) == ("Importar: no disponible en el modo quiosco", "")
