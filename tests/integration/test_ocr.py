"""Scanned pages through the real pipeline: PDFium renders, PP-OCRv6 (rapidocr, bundled models) reads,
the real encoder embeds, DuckDB stores — page numbers, confidences, page images, and resuming after
kill -9 mid-document. Few pages on purpose: each costs seconds of CPU."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from PIL import Image

from core.ingest.options import IngestOptions
from core.models.encoder import TextEncoder
from core.service import Ovillo
from scripts.make_demo_scan import degrade, render_page, save_scan_pdf
from tests.conftest import drain
from tests.integration.conftest import DEMO, REPO

#: character error rate allowed per page (the benchmark measures ~0–1 % on such pages; margin for
#: the degraded ones)
MAX_CER = 0.04

PDF_PAGES = [
    ["Informe de la campanya d'excavació de 1957 al jaciment de la Pedrera Vella.",
     "Al costat del molí es van trobar monedes de coure i ceràmica vidrada."],
    ["Diario de campo, 14 de julio de 1958. Llovió toda la mañana y la zanja tres se inundó.",
     "El capataz anotó catorce fragmentos de ánfora junto a la acequia."],
]
TIFF_PAGES = [
    ["The smithy stood at the corner of the square, beside the old washhouse."],
    ["Carta del alcalde: el pueblo será evacuado antes del otoño de 1959."],
]


def cer(truth: str, got: str) -> float:
    """Character error rate (Levenshtein distance / length of the truth), whitespace normalised."""
    a, b = " ".join(truth.split()), " ".join(got.split())
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        prev = cur
    return prev[-1] / max(len(a), 1)


def page_texts(app: Ovillo, path: Path) -> dict[int, str]:
    """The stored chunk text of one source, by page."""
    rows = app.store.cursor().execute(
        "SELECT CAST(json_extract_string(e.chunk_meta, '$.page') AS INTEGER), e.source_text FROM rag_embeddings e "
        "JOIN source_records s ON e.section_tipo = s.section_tipo AND e.section_id = s.section_id "
        "WHERE s.path = ? AND e.modality = 'text' ORDER BY e.chunk_index",
        [str(path)]).fetchall()
    out: dict[int, str] = {}
    for page, text in rows:
        out[int(page)] = f"{out.get(int(page), '')} {text}".strip()
    return out


def record_fields(app: Ovillo, path: Path) -> dict[str, object]:
    (raw,) = app.store.cursor().execute(
        "SELECT r.data FROM records r JOIN source_records s USING (section_tipo, section_id) WHERE s.path = ?",
        [str(path)]).fetchone()
    data = json.loads(raw) if isinstance(raw, str) else raw
    return dict(data["fields"])


def test_scanned_pdf_tiff_and_a_page_picture(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    clean_page, truth1 = render_page(PDF_PAGES[0], kind="serif", size=30)
    worn_page, truth2 = render_page(PDF_PAGES[1], kind="mono", size=28)
    save_scan_pdf([clean_page, degrade(worn_page, seed=3)], docs / "scan.pdf")
    frames = [render_page(p, kind="sans", size=30, height=500) for p in TIFF_PAGES]
    frames[0][0].save(docs / "letters.tif", save_all=True, append_images=[frames[1][0]], compression="tiff_lzw")
    note, note_truth = render_page(["Nota: la campana la Martina pesaba 412 kilos."], size=30, height=300)
    note.save(docs / "note.png")
    (docs / "note.png.options.json").write_text('{"kind": "pages"}', encoding="utf-8")

    with Ovillo(tmp_path / "h", models_dir=models_dir, encoder=encoder) as app:
        events, summary = drain(app.library.ingest([docs]))
        assert not summary.failed, summary.failed
        assert {Path(o.path).name for o in summary.ok} == {"scan.pdf", "letters.tif", "note.png"}
        ocr = [e for e in events if e.stage == "ocr"]
        assert {(e.item, e.done, e.total) for e in ocr} >= {(str(docs / "scan.pdf"), 1, 2),
                                                           (str(docs / "letters.tif"), 2, 2)}
        scan = page_texts(app, docs / "scan.pdf")
        assert set(scan) == {1, 2}
        assert cer(truth1, scan[1]) < MAX_CER, (truth1, scan[1])
        assert cer(truth2, scan[2]) < MAX_CER, (truth2, scan[2])
        tiff = page_texts(app, docs / "letters.tif")
        assert set(tiff) == {1, 2}
        for (_, truth), number in zip(frames, (1, 2)):
            assert cer(truth, tiff[number]) < MAX_CER, (truth, tiff[number])
        assert cer(note_truth, page_texts(app, docs / "note.png")[1]) < MAX_CER
        fields = record_fields(app, docs / "scan.pdf")
        pages = fields["scan_pages"]
        assert isinstance(pages, dict) and set(pages) == {"1", "2"}
        for info in pages.values():
            assert 0.8 < info["confidence"] <= 1.0
            with Image.open(info["image"]) as img:
                assert img.size[1] > img.size[0] > 1000
            assert Path(info["image"]).is_relative_to(tmp_path / "h")
        # a second run reads nothing again: the file is unchanged
        _, again = drain(app.library.ingest([docs]))
        assert len(again.skipped) == 3 and not again.ok
        # and keeps the page images the record view shows and the OCR cache beside them
        for info in pages.values():
            assert Path(info["image"]).is_file(), info
            assert Path(info["image"]).with_suffix(".json").is_file(), info
        # a rescan that reads every file again (another collection) and a re-embedding keep them too
        _, moved = drain(app.library.ingest([docs], IngestOptions(collection="cartas")))
        assert {Path(o.path).name for o in moved.ok} == {"scan.pdf", "letters.tif", "note.png"}
        assert not moved.failed, moved.failed
        drain(app.library.reindex(app.encoder.name))
        after = record_fields(app, docs / "scan.pdf")["scan_pages"]
        assert isinstance(after, dict) and set(after) == {"1", "2"}
        for info in [*pages.values(), *after.values()]:
            assert Path(info["image"]).is_file(), info
            assert Path(info["image"]).with_suffix(".json").is_file(), info
        assert set(page_texts(app, docs / "scan.pdf")) == {1, 2}


OFFLINE_CHILD = """
import sys
seen = []
def hook(event, args):
    if event.startswith(("socket.", "urllib.", "http.")):
        seen.append(event)
        raise RuntimeError(f"network use during OCR: {event}")
sys.addaudithook(hook)
import numpy as np
from PIL import Image
from core.models.ocr_engine import OcrEngine
lines = OcrEngine().read(np.asarray(Image.open(sys.argv[1]).convert("RGB")))
print(" ".join(x.text for x in lines))
print("SEEN", seen)
"""


def test_ocr_needs_no_network(tmp_path: Path) -> None:
    """A fresh process imports rapidocr, loads its models and reads a page with every socket refused."""
    img, truth = render_page(["Offline: no model is downloaded."], size=32, height=200, margin=50)
    img.save(tmp_path / "page.png")
    run = subprocess.run([sys.executable, "-c", OFFLINE_CHILD, str(tmp_path / "page.png")], cwd=REPO,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    text, seen = run.stdout.strip().splitlines()
    assert seen == "SEEN []", seen
    assert cer(truth, text) < MAX_CER, text


def test_kill_dash_nine_mid_document_resumes_at_the_next_page(tmp_path: Path, encoder: TextEncoder,
                                                              models_dir: Path) -> None:
    docs = tmp_path / "docs"
    words = [["Página primera del expediente de expropiación del molino de Comafreda."],
             ["Página segunda: tasación de las tierras de regadío junto al río."],
             ["Página tercera: firma del notario y sello del ayuntamiento."]]
    save_scan_pdf([render_page(w, size=30, height=600)[0] for w in words], docs / "expediente.pdf")
    home = tmp_path / "h"
    env = {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}
    cmd = [sys.executable, "-m", "cli", "--home", str(home), "ingest", str(docs)]
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    try:
        while not list(home.glob("pages/*/p0001.json")):
            assert proc.poll() is None, "the ingest ended before its first page was read"
            assert time.monotonic() < deadline, "no page read in 300 s"
            time.sleep(0.02)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    done = {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in home.glob("pages/*/p*.json")}
    assert "p0001.json" in done and "p0003.json" not in done, "the kill did not land mid-document"

    rerun = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert "Traceback" not in rerun.stderr and "RapidOCR" not in rerun.stderr + rerun.stdout
    after = {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in home.glob("pages/*/p*.json")}
    assert set(after) == {"p0001.json", "p0002.json", "p0003.json"}
    assert all(after[name] == stamp for name, stamp in done.items()), "a page read before the kill was read again"
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        texts = page_texts(app, docs / "expediente.pdf")
        assert set(texts) == {1, 2, 3}
        assert "notario" in texts[3] and "tasación" in texts[2]
        assert app.store.cursor().execute("SELECT count(*) FROM index_queue").fetchone()[0] == 0


def test_demo_scan_is_found_with_its_page(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    """The demo archive's scanned inventory (scripts/make_demo_scan.py) is searchable, cited by page."""
    scan = DEMO / "reports" / "parish_inventory_1958_scan.pdf"
    with Ovillo(tmp_path / "h", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([DEMO / "reports"]))
        assert not summary.failed and str(scan) in {o.path for o in summary.ok}
        hits = app.search.records("carro del mas Cabanes palau episcopal", limit=5)
        top = hits[0]
        assert top.source_path == str(scan) and top.page == 2, hits
        assert "palau episcopal" in top.text


def test_cli_as_pages_reads_a_picture_as_a_page_and_the_sidecar_is_no_unsupported_file(tmp_path: Path,
                                                                                       models_dir: Path) -> None:
    from tests.demo_fixtures import REPO

    docs = tmp_path / "fotos"
    docs.mkdir()
    page, truth = render_page(["Acta: el puente de Sant Roc se reparó en 1887."], size=30, height=300)
    page.save(docs / "acta.png")
    (docs / "acta.png.options.json").write_text('{"collection": "actas"}', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "cli", "--home", str(tmp_path / "h"), "--models",
                               str(models_dir), *args], cwd=REPO, env=env, capture_output=True, text=True,
                              timeout=600)

    run = cli("ingest", str(docs), "--as-pages", "--json")
    assert run.returncode == 0, run.stderr[-2000:]
    summary = json.loads(run.stdout)
    assert not summary["unsupported"]["paths"], summary["unsupported"]  # the sidecar is the picture's companion
    hits = json.loads(cli("search", "puente de Sant Roc", "--json").stdout)
    assert hits and hits[0]["page"] == 1 and hits[0]["source_path"].endswith("acta.png")
    assert cer(truth, hits[0]["snippet"]) < 0.5 or "1887" in hits[0]["snippet"]
