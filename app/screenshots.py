"""Render each main view on the demo archive to PNG (``scripts/screenshots`` runs it in Xvfb, or offscreen).

Works on a temporary copy of the data folder so the shoot (which imports a folder to show
progress) never changes the user's archive.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer  # noqa: E402
from PySide6.QtGui import QGuiApplication, QIcon  # noqa: E402
from PySide6.QtWidgets import QApplication, QTextBrowser, QWidget  # noqa: E402

from app.guide import GuideDialog  # noqa: E402
from app.i18n import install_translators  # noqa: E402
from app.kiosk import KioskConfig  # noqa: E402
from app.main import ICON  # noqa: E402
from app.style import install_style  # noqa: E402
from core.api import IngestOptions, Ovillo, worklist_markdown  # noqa: E402

QUERY = "¿Dónde aparecieron fragmentos de cerámica vidriada?"
QUESTION = "¿Cuándo se celebró la última misa en Sant Martí de Comafreda?"
INTERVIEW = "maestro del pueblo escuela don Anselmo Rius"  # a passage of the one demo interview with a recording
LIST_NAME = "Kiln and pottery"  # the working list the shot shows, with the person's own note
LIST_NOTE = "Compare with the kiln report of 1957"
COIN = "MNC-033"  # a second photograph of MNC-005: the grid shows near-duplicates and the die link


def spin(until: Callable[[], bool], timeout_s: float = 180.0) -> bool:
    """Run the event loop until ``until()`` or the timeout."""
    end = time.monotonic() + timeout_s
    while not until() and time.monotonic() < end:
        loop = QEventLoop()
        QTimer.singleShot(50, loop.quit)
        loop.exec()
    return until()


def save(widget: QWidget, out: Path, name: str) -> None:
    """Grab the window as the X server shows it (xcb), or render the widget (offscreen: no display server)."""
    spin(lambda: False, 0.4)  # let layouts and repaints settle
    screen = QGuiApplication.primaryScreen()
    if QGuiApplication.platformName() == "xcb" and screen is not None:
        widget.raise_()
        widget.activateWindow()
        spin(lambda: False, 0.3)
        shot = screen.grabWindow(widget.winId())
    else:
        shot = widget.grab()
    shot.save(str(out / f"{name}.png"))
    print(f"wrote {out / name}.png")


def shoot(home: Path, out: Path, demo: list[str], *, ask: bool, lang: str) -> None:
    """Index the demo if needed, then capture search, record, ask, objects, import, library, preferences, kiosk."""
    from app.main_window import MainWindow

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setWindowIcon(QIcon(str(ICON)))
    keep = install_translators(app, lang)
    install_style(app)  # the window's own look, light or dark as the system is
    out.mkdir(parents=True, exist_ok=True)
    ov = Ovillo(home)
    if ov.library.status().records == 0 or not ov.library.sources():  # kept as sources: the Library page lists them
        gen = ov.library.ingest(demo, IngestOptions(collection="demo", classification="public"), remember=True)
        for _ in gen:
            pass
    coins = Path(demo[0]).parent / "coins"
    if coins.is_dir() and ("coins" not in ov.library.facets().collections
                           or str(coins) not in {s.source.path for s in ov.library.sources()}):
        for _ in ov.library.ingest([str(coins)], IngestOptions(collection="coins"), remember=True):
            pass
    w = MainWindow(ov)
    w.resize(1280, 800)

    def page(view: QWidget | None) -> int:
        return next(i for i, (_t, v) in enumerate(w.pages) if v is view)
    w.show()
    w.search.query.setText(QUERY)
    spin(lambda: bool(w.search.hits) and w.search.cards_done())
    save(w, out, "search")
    # a long record (a diary or the report) shows the highlighted passage inside its full text
    hit = next((h for h in w.search.hits if h.source_path and not h.source_path.endswith(".csv")), w.search.hits[0])
    w.open_hit(hit, QUERY)
    spin(lambda: w.record.record is not None and w.record.similar.count() > 0)
    save(w, out, "record")
    # the working list: the record just read, kept with a note, then the Browse page narrowed to Catalan
    rec = w.record.record
    if w.worklist is not None and rec is not None:
        ov.work.add(LIST_NAME, rec.section_tipo, rec.section_id, LIST_NOTE)
        w.go(page(w.worklist))
        spin(lambda: w.worklist is not None and w.worklist.items.rowCount() > 0)
        save(w, out, "lists")
        # the list as its Markdown export reads (the file Export… writes), rendered
        export = QTextBrowser()
        export.setWindowTitle(f"{LIST_NAME}.md")
        export.setMarkdown(worklist_markdown(LIST_NAME, ov.work.items(LIST_NAME)))
        export.resize(900, 600)
        export.show()
        save(export, out, "export")
        export.close()
    w.go(page(w.browse))
    w.browse.choose(langs=("ca",))
    spin(lambda: w.browse.results.count() > 0 and w.browse.langs.count() > 0)
    save(w, out, "browse")
    guide = GuideDialog(w)
    guide.resize(900, 760)
    guide.show()
    spin(lambda: guide.isVisible())
    save(guide, out, "guide")
    guide.close()
    # an interview opened at a passage: the recording's player, cued at the passage's timecode
    timed = [h for h in ov.search.passages(INTERVIEW, limit=20) if h.media_path and h.tc_in]
    if timed and w.record.media.available:
        w.record.record = None
        w.open_hit(timed[0], INTERVIEW)
        spin(lambda: w.record.record is not None and w.record.media.slider.maximum() > 0)
        save(w, out, "interview")
    else:
        print("skipped interview.png: no indexed recording, or QtMultimedia cannot load here", file=sys.stderr)
    if ask and w.ask is not None and importlib.util.find_spec("llama_cpp") is not None:
        w.go(1)
        w.ask.ask(QUESTION)
        spin(lambda: w.ask is not None and w.ask.result is not None, 600)
        save(w, out, "ask")
    if coins.is_dir():
        w.go(page(w.objects))
        w.objects.photos.add([str(coins / "images" / f"{COIN}_{face}.jpg") for face in ("obverse", "reverse")])
        w.objects.lookup()
        spin(lambda: w.objects.examination is not None, 300)
        save(w, out, "objects")
    assert w.importer is not None
    w.go(page(w.importer))
    inbox = Path(tempfile.mkdtemp(prefix="ovillo-inbox-"))
    shutil.copytree(Path(demo[0]), inbox / "diaries_copy")
    w.importer.start_import([str(inbox / "diaries_copy")], collection="inbox")
    # caught mid-import (a few files done of many), or done already when the folder holds only a
    # few files: waiting for a third file of a two-file folder hit the 180 s timeout on every run

    def mid_import() -> bool:
        if w.importer is None or w.importer.state == "idle":
            return True
        total = w.importer.overall.maximum()
        return total > 1 and w.importer.overall.value() >= min(3, total - 1)
    spin(mid_import)
    save(w, out, "import")
    spin(lambda: w.importer is not None and w.importer.state == "idle", 600)
    w.start_watching()  # the sources' states as a user sees them: watched, after the reconciling scan
    w.go(page(w.status_view))
    sources = w.status_view.sources if w.status_view is not None else None
    spin(lambda: sources is not None and w.library_watch is not None and w.library_watch.worker is None
         and bool(sources.rows) and all(r["state"] == "watching" for r in sources.rows))
    if sources is not None and sources.rows:
        sources.table.selectRow(0)
    save(w, out, "library")
    w.go(page(w.preferences))
    save(w, out, "preferences")
    w.shutdown()
    w.close()
    k = MainWindow(ov, kiosk=True, kiosk_config=KioskConfig(idle_s=600))
    k.resize(1280, 800)
    k.show()
    k.search.query.setText("Quan va arribar l'aigua al poble?")
    spin(lambda: bool(k.search.hits) and k.search.cards_done())
    save(k, out, "kiosk")
    k.shutdown()
    k.close()
    ov.close()
    shutil.rmtree(inbox, ignore_errors=True)
    del keep


def main(argv: list[str] | None = None) -> int:
    """``python -m app.screenshots --home DIR --out docs/screenshots DEMO_FOLDERS...``."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--home", type=Path, required=True, help="data folder to copy (indexed demo, or empty)")
    p.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    p.add_argument("--no-ask", action="store_true", help="skip the Ask view (no answer model installed)")
    p.add_argument("--lang", default="en")
    p.add_argument("demo", nargs="+", help="demo folders (the first is also copied to show an import)")
    args = p.parse_args(argv)
    QCoreApplication.setApplicationName("Ovillo")
    with tempfile.TemporaryDirectory(prefix="ovillo-shots-") as tmp:
        home = Path(tmp) / "home"
        if args.home.exists():
            shutil.copytree(args.home, home)
        shoot(home, args.out, args.demo, ask=not args.no_ask, lang=args.lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
