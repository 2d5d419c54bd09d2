"""Import shows progress, pause/resume and cancel leave a consistent store, search keeps working."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from core.progress import Progress
from tests.gui.conftest import WAIT_MS, WindowFactory

TOPICS = ["molino harinero", "acequia medieval", "torre de vigía", "horno de cal", "puente romano",
          "ermita románica", "masía fortificada", "nevera de piedra"]


def make_folder(root: Path, n: int = 6) -> Path:
    """``n`` small new documents (different content, so each one is embedded)."""
    folder = root / "inbox"
    folder.mkdir()
    for i, topic in enumerate(TOPICS[:n]):
        paras = [f"Informe {i} sobre el {topic}. Párrafo {j}: se documentó el {topic} con fotografías, "
                 f"planimetría y una descripción de {j + 3} unidades estratigráficas del sector {i}{j}."
                 for j in range(6)]
        (folder / f"informe_{i}.md").write_text(f"# {topic.title()}\n\n" + "\n\n".join(paras), encoding="utf-8")
    (folder / "roto.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf")
    return folder


def store_is_consistent(ov) -> None:  # type: ignore[no-untyped-def]
    """Every indexed source has its records and chunks; nothing half-written."""
    cur = ov.store.cursor()
    orphans = cur.execute("""SELECT count(*) FROM rag_embeddings e LEFT JOIN records r
        ON r.section_tipo = e.section_tipo AND r.section_id = e.section_id WHERE r.section_id IS NULL""").fetchone()[0]
    assert orphans == 0
    ok_without_records = cur.execute("""SELECT count(*) FROM sources s WHERE s.status = 'ok' AND s.chunks > 0
        AND NOT EXISTS (SELECT 1 FROM source_records sr WHERE sr.path = s.path)""").fetchone()[0]
    assert ok_without_records == 0


def test_import_progress_cancel_and_resume(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path) -> None:
    w = make_window()
    imp = w.importer
    assert imp is not None
    folder = make_folder(tmp_path)
    events: list[Progress] = []
    cancelled_at: list[int] = []

    def on_progress(p: Progress) -> None:
        events.append(p)
        if p.stage == "index" and not cancelled_at:
            cancelled_at.append(p.done)
            imp.cancel_import()

    imp.add_paths([str(folder)])
    imp.collection.setText("inbox")
    imp.progressed.connect(on_progress)
    imp.start_import()
    assert imp.state == "running" and w.progress_bar.isVisibleTo(w)
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)
    assert cancelled_at, [e.stage for e in events]
    assert imp.summary is not None
    ov = w.ops.ovillo
    store_is_consistent(ov)
    indexed_first = len(imp.summary.ok)
    assert imp.summary.cancelled or indexed_first == 6

    # run again: it finishes exactly (nothing twice), the broken PDF is listed with its reason
    imp.start_import()
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)
    assert imp.summary is not None and not imp.summary.cancelled
    assert len(imp.summary.ok) == 6 - indexed_first
    assert imp.failures.count() == 1 and "roto.pdf" in imp.failures.item(0).text()
    assert imp.failures.wordWrap()  # the reason is read whole…
    copied = imp.copy_failures()  # …and can be copied, with the file's full path
    assert copied == QApplication.clipboard().text() and imp.failures.item(0).text() in copied
    assert str(tmp_path) in copied and copied.rstrip().endswith("roto.pdf)")
    store_is_consistent(ov)
    assert ov.library.status().queue_pending == 0
    assert w.ops.ovillo.search.records("acequia medieval", limit=3)[0].section_tipo == "inbox"
    assert not w.progress_bar.isVisibleTo(w)


def test_pause_resume_and_search_while_indexing(qtbot: QtBot, make_window: WindowFactory, tmp_path: Path) -> None:
    w = make_window()
    imp = w.importer
    assert imp is not None
    folder = make_folder(tmp_path, 8)
    paused: list[bool] = []

    def pause_once(p: Progress) -> None:
        if p.stage in ("index", "embed") and not paused:
            paused.append(True)
            imp.pause_import()

    imp.progressed.connect(pause_once)
    imp.start_import([str(folder)], collection="inbox")
    # searching keeps working while the import runs on the writer thread
    w.search.query.setText("cerámica vidriada trinchera")
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: imp.state in ("paused", "idle"), timeout=WAIT_MS)
    if imp.state == "paused":
        assert imp.resume.isEnabled() and not imp.start.isEnabled()
        store_is_consistent(w.ops.ovillo)
        imp.resume_import()
        qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)
    st = w.ops.ovillo.library.status()
    assert st.queue_pending == 0
    rows = w.ops.ovillo.store.cursor().execute(
        "SELECT count(*) FROM records WHERE section_tipo = 'inbox'").fetchone()[0]
    assert rows == 8
    assert "8" in imp.overall.format() or imp.overall.value() in (0, 1)


def test_first_run_indexes_in_background_while_usable(qtbot: QtBot, tmp_path: Path, models_dir: Path,
                                                      encoder: object) -> None:
    from app.main_window import MainWindow
    from core.service import Ovillo
    from tests.demo_fixtures import DEMO

    ov = Ovillo(tmp_path / "fresh", models_dir=models_dir, encoder=encoder)  # type: ignore[arg-type]
    w = MainWindow(ov)
    qtbot.addWidget(w)
    w.show()
    try:
        w.index_in_background([str(DEMO / "transcripts")], collection="demo", classification="public")
        assert w.progress_bar.isVisibleTo(w) and w.importer is not None and w.importer.state == "running"
        w.go(0)  # the user can type while it indexes
        w.search.query.setText("riada pantano")
        qtbot.waitUntil(lambda: w.importer is not None and w.importer.state == "idle", timeout=WAIT_MS)
        qtbot.waitUntil(lambda: w.search.collection.findData("demo") >= 0, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
        assert not w.progress_bar.isVisibleTo(w)
    finally:
        w.shutdown()
        ov.close()


def test_import_keeps_classifications_unless_loosening_is_confirmed(qtbot: QtBot, make_window: WindowFactory,
                                                                     tmp_path: Path) -> None:
    w = make_window()
    imp = w.importer
    assert imp is not None
    assert imp.classification.currentData() is None and not imp.reclassify.isChecked()  # "keep current"
    folder = tmp_path / "fondo"
    folder.mkdir()
    (folder / "ficha.md").write_text("# Ficha reservada\n\nLa losa catorce del molino guarda monedas.\n",
                                     encoding="utf-8")
    ov = w.ops.ovillo

    def classes() -> set[str]:
        rows = ov.store.cursor().execute("SELECT classification FROM records r JOIN source_records s "
                                         "USING (section_tipo, section_id) WHERE s.path = ?",
                                         [str(folder / "ficha.md")]).fetchall()
        return {r[0] for r in rows}

    def run(classification: str | None) -> None:
        imp.classification.setCurrentIndex(imp.classification.findData(classification))
        imp.start_import([str(folder)])
        qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)

    run("secret")
    assert classes() == {"secret"}
    run(None)  # keep current: still secret (it used to fall back to the default, restricted)
    assert classes() == {"secret"}
    run("public")  # not loosened, and the window says so
    assert classes() == {"secret"}
    assert any("kept secret" in imp.failures.item(i).text() for i in range(imp.failures.count()))
    asked: list[str] = []
    imp.confirm_reclassify = lambda c: asked.append(c) or False  # the curator says no
    imp.reclassify.setChecked(True)
    imp.classification.setCurrentIndex(imp.classification.findData("public"))
    imp.start_import([str(folder)])
    assert asked == ["public"] and imp.state == "idle" and classes() == {"secret"}
    imp.confirm_reclassify = lambda c: True  # ...then yes
    run("public")
    assert classes() == {"public"}
    assert any("reclassified: secret → public" in imp.failures.item(i).text() for i in range(imp.failures.count()))


def test_one_changed_signal_refreshes_facets_status_and_an_open_record(qtbot: QtBot, make_window: WindowFactory,
                                                                      tmp_path: Path) -> None:
    w = make_window()
    imp = w.importer
    assert imp is not None
    folder = tmp_path / "cartas"
    folder.mkdir()
    (folder / "carta.md").write_text("# Carta del molinero\n\nEl molino de Comafreda volvió a moler.\n",
                                     encoding="utf-8")
    seen: list[object] = []
    w.ops.changed.connect(seen.append)
    imp.collection.setText("cartas")
    imp.start_import([str(folder)])
    qtbot.waitUntil(lambda: imp.state == "idle" and bool(seen), timeout=WAIT_MS)
    assert dict(seen[-1].added) == {("cartas", "text"): 1}  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: w.search.collection.findData("cartas") >= 0, timeout=WAIT_MS)  # facets refreshed
    tipo, sid = w.ops.ovillo.store.cursor().execute(
        "SELECT section_tipo, section_id FROM records WHERE section_tipo = 'cartas'").fetchone()
    w.record.open(tipo, sid)
    qtbot.waitUntil(lambda: w.record.record is not None, timeout=WAIT_MS)
    (folder / "carta.md").unlink()  # the file goes; the next import removes its record
    imp.start_import([str(folder)])
    qtbot.waitUntil(lambda: imp.state == "idle" and len(seen) == 2, timeout=WAIT_MS)
    assert dict(seen[-1].removed) == {("cartas", "text"): 1}  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: w.record.record is None, timeout=WAIT_MS)
    assert "no longer in the library" in w.record.title.text()
    qtbot.waitUntil(lambda: w.search.collection.findData("cartas") < 0, timeout=WAIT_MS)


def test_files_no_reader_handles_are_listed_not_dropped(qtbot: QtBot, make_window: WindowFactory,
                                                         tmp_path: Path) -> None:
    w = make_window()
    imp = w.importer
    assert imp is not None
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "nota.md").write_text("# Nota\n\nEl molino de abajo se reparó en 1921.", encoding="utf-8")
    for name in ("plano.dwg", "alzado.dwg", "modelo.blend"):
        (folder / name).write_bytes(b"\x00\x01binary drawing")
    imp.add_paths([str(folder)])
    imp.collection.setText("mixed")
    imp.start_import()
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)
    assert imp.summary is not None and len(imp.summary.ok) == 1 and len(imp.summary.unsupported) == 3
    listed = [imp.failures.item(i).text() for i in range(imp.failures.count())]
    assert any(".dwg" in t and "plano.dwg" in t and "alzado.dwg" in t for t in listed), listed
    assert any(".blend" in t and "modelo.blend" in t for t in listed), listed


def test_an_import_is_kept_as_a_watched_source_unless_unticked(qtbot: QtBot, make_window: WindowFactory,
                                                              tmp_path: Path) -> None:
    w = make_window()
    imp = w.importer
    assert imp is not None and imp.keep.isChecked()  # as `ovillo ingest` keeps its paths unless --once
    kept, once = tmp_path / "kept", tmp_path / "once"
    for folder, text in ((kept, "Informe del molino harinero."), (once, "Informe de la acequia medieval.")):
        folder.mkdir()
        (folder / "a.md").write_text(f"# Informe\n\n{text}\n", encoding="utf-8")
    imp.add_paths([str(kept)])
    imp.start_import()
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)
    imp.paths.clear()
    imp.keep.setChecked(False)
    imp.add_paths([str(once)])
    imp.start_import()
    qtbot.waitUntil(lambda: imp.state == "idle", timeout=WAIT_MS)
    assert imp.summary is not None and len(imp.summary.ok) == 1
    sources = [s.source.path for s in w.ops.ovillo.library.sources()]
    assert str(kept) in sources and str(once) not in sources
