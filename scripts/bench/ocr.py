#!/usr/bin/env python3
"""OCR of scanned pages: character error rate per kind of page, and the bare engine against the pipeline.

A labelled set drawn here (scripts/make_demo_scan.py): es/ca/en pages with accents — clean, degraded
(speckle, blur, slight skew), typewriter-like monospace, two columns, pages turned 90/180/270°, two
columns under a heading and over a footer — and real scans kept in tests/fixtures/scans (OCRmyPDF's
linn.png brochure page and cardinal.pdf, the same page at four orientations; tesseract's phototest
turned left and upside down). The bare call is the OCR engine alone on each page image (PP-OCRv6 small
through rapidocr, models from its wheel), after its orientation probe; the pipeline is
``Ovillo.library.ingest`` of the same pages as one image-only PDF (PDFium render, orientation, OCR,
reading order, page cache, chunk, embed, commit). A third table is the text-line probe that decides
whether a picture is a page or a photograph. Peak RSS is read per page in the bare run and over the ingest
(in a child process) in the pipeline. Writes the ``ocr`` section and docs/bench-raw/ocr.json.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import _common as C  # noqa: E402  (imports core first: telemetry off before onnxruntime)

import numpy as np  # noqa: E402

from core.ingest.ocr import layout  # noqa: E402
from core.ingest.readers.page_images import TEXT_LINES, text_lines  # noqa: E402
from core.ingest.options import IngestOptions  # noqa: E402
from core.models.ocr_engine import ENGINE_TAG, OcrEngine  # noqa: E402
from core.service import Ovillo  # noqa: E402
from core.settings import Settings  # noqa: E402
from scripts.make_demo_scan import degrade, render_page, save_scan_pdf  # noqa: E402

RAW_NAME = "ocr.json"
SECTION = "ocr"

SENTENCES = {
    "es": ["El capataz anotó catorce fragmentos de ánfora junto a la acequia del molino.",
           "La campaña de 1958 terminó en octubre, cuando el agua cubrió los campos del valle.",
           "En la zanja tres apareció una moneda de vellón acuñada en Barcelona en 1374.",
           "Según el párroco, la campana pesaba más de cuatrocientos kilos y sonaba en la fiesta.",
           "Los vecinos guardaron las llaves de sus casas durante años, por si volvía a bajar el pantano."],
    "ca": ["La pedrera vella, al costat del molí, conté monedes de coure i ceràmica vidrada.",
           "El rector mossèn Vilaró va traslladar l'arxiu parroquial al palau episcopal.",
           "A la fàbrica de teules s'hi coïen peces per a tota la vall fins a l'any 1931.",
           "L'àvia explicava que l'aigua va arribar a la plaça una nit de febrer.",
           "Els llibres de baptismes comencen el 1702 i són escrits en català i en llatí."],
    "en": ["The smithy stood at the corner of the square, beside the old washhouse.",
           "Five trenches were excavated by twenty-seven volunteers in July 2019.",
           "The hoard of ninety-six coins was found beneath the threshold of a house.",
           "Water levels were recorded every morning at the brass datum pin by the church door.",
           "Former residents identified the mill, the forge and the school from old photographs."],
}
KINDS = ["clean_es", "clean_ca", "clean_en", "degraded", "typewriter", "two_column",
         "rotated_90", "rotated_180", "rotated_270", "columns_heading", "real_rotated", "real_two_column"]
FIXTURES = C.REPO / "tests" / "fixtures" / "scans"


def columns_page(paras: list[str]) -> tuple[Any, str]:
    """A heading across the page, two columns, a footer across: the layout reading order must keep."""
    from PIL import Image

    page = Image.new("L", (1240, 1754), 255)
    parts = [render_page([paras[0][:50].rsplit(" ", 1)[0]], size=32, height=260, margin=100),
             render_page(paras[1:4], size=24, width=640, height=1300, margin=100),
             render_page(paras[4:7], size=24, width=640, height=1300, margin=100),
             render_page([paras[7]], size=24, height=380, margin=100)]
    for (img, _), at in zip(parts, [(0, 0), (0, 200), (600, 200), (0, 1374)]):
        page.paste(img, at)
    return page, "\n\n".join(t for _, t in parts)


def real_pages() -> list[dict[str, Any]]:
    """The real scans kept as fixtures, with the text their projects give for them."""
    import pypdfium2
    from PIL import Image

    linn = (FIXTURES / "linn.txt").read_text(encoding="utf-8")
    photo = (FIXTURES / "phototest.gold.txt").read_text(encoding="utf-8")
    pages = [{"kind": "real_two_column", "lang": "en", "image": Image.open(FIXTURES / "linn.png").convert("L"),
              "truth": linn, "rotated": False, "name": "linn.png"}]
    pdf = pypdfium2.PdfDocument(str(FIXTURES / "cardinal.pdf"))
    for i in range(len(pdf)):
        pages.append({"kind": "real_rotated", "lang": "en", "image": pdf[i].render(scale=200 / 72).to_pil().convert("L"),
                      "truth": linn, "rotated": i > 0, "name": f"cardinal.pdf p{i + 1}"})
    for name in ("phototest-rotated-L.png", "phototest-rotated-180.png"):
        pages.append({"kind": "real_rotated", "lang": "en", "image": Image.open(FIXTURES / name).convert("L"),
                      "truth": photo, "rotated": True, "name": name})
    return pages


def recall(truth: str, got: str) -> float:
    """Share of the truth's words (lower-cased, as a multiset) found in the text read."""
    from collections import Counter

    want, have = Counter(re.findall(r"\w+", truth.lower())), Counter(re.findall(r"\w+", got.lower()))
    return sum((want & have).values()) / max(1, sum(want.values()))


def make_pages(per_kind: int, seed: int = 5) -> list[dict[str, Any]]:
    """The labelled pages: image, truth, kind and language."""
    rng = random.Random(seed)
    pages = []
    for kind in KINDS:
        for i in range(per_kind):
            lang = {"clean_es": "es", "clean_ca": "ca", "clean_en": "en"}.get(kind, ["es", "ca", "en"][i % 3])
            paras = [" ".join(rng.sample(SENTENCES[lang], 3))
                     for _ in range(9 if kind == "two_column" else 8 if kind == "columns_heading" else 5)]
            if kind.startswith("real_"):
                continue
            if kind == "columns_heading":
                img, truth = columns_page(paras)
            elif kind.startswith("rotated_"):
                img, truth = render_page(paras, kind="serif" if i % 2 else "sans", size=28)
                img = img.rotate(int(kind.split("_")[1]), expand=True)
            elif kind == "typewriter":
                img, truth = render_page(paras, kind="mono", size=27)
                img = degrade(img, seed=i, noise=8, blur=0.6, skew_deg=0.4)
            elif kind == "two_column":
                img, truth = render_page(paras, kind="serif", size=24, columns=2)
            else:
                img, truth = render_page(paras, kind="serif" if i % 2 else "sans", size=28)
                if kind == "degraded":
                    img = degrade(img, seed=100 + i, noise=22, blur=1.0, skew_deg=0.8)
            pages.append({"kind": kind, "lang": lang, "image": img, "truth": truth,
                          "rotated": kind.startswith("rotated_"), "name": f"{kind} {i + 1}"})
    return pages + real_pages()


def cer(truth: str, got: str) -> float:
    """Character error rate: Levenshtein distance / length of the truth (whitespace normalised)."""
    a, b = " ".join(truth.split()), " ".join(got.split())
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        prev = cur
    return prev[-1] / max(len(a), 1)


def bare(pages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The engine alone per page: CPU and wall seconds (orientation probe included, and alone), the turn it
    chose, CER in the engine's own line order and after layout, word recall; a turned page is also read as
    it lies (what was indexed before the probe)."""
    engine = OcrEngine()
    engine.read(np.asarray(pages[0]["image"].convert("RGB")))  # load the sessions before timing
    out = []
    for p in pages:
        pixels = np.asarray(p["image"].convert("RGB"))
        rss_before = C.current_rss_mb()
        C.reset_peak_rss()  # the high-water mark from here is this page's
        c0, t0 = time.process_time(), time.perf_counter()
        turn = engine.orientation(pixels)
        probe_cpu = time.process_time() - c0
        lines = engine.read(np.ascontiguousarray(np.rot90(pixels, turn // 90)))
        cpu, wall = time.process_time() - c0, time.perf_counter() - t0
        peak = C.hwm_rss_mb()
        text = " ".join(layout(lines))
        row = {"cpu_s": cpu, "wall_s": wall, "probe_cpu_s": probe_cpu, "turn": turn,
               "rss_before_mb": rss_before, "peak_rss_mb": peak,
               "cer_engine_order": cer(p["truth"], " ".join(x.text for x in lines)),
               "cer_layout": cer(p["truth"], text), "recall": recall(p["truth"], text)}
        if p["rotated"]:
            as_is = " ".join(layout(engine.read(pixels)))
            row |= {"cer_unturned": cer(p["truth"], as_is), "recall_unturned": recall(p["truth"], as_is)}
        out.append(row)
        print(f"bare {p['name']}: turn {turn}, {wall:.1f} s", file=sys.stderr)
    return out


def probe() -> list[dict[str, Any]]:
    """The page-or-photograph probe on the demo coins, the new find and the scans kept as fixtures."""
    from PIL import Image

    files = sorted((C.DEMO / "coins" / "images").glob("*.jpg")) + sorted((C.DEMO / "new_find").glob("*.jpg"))
    files += sorted(FIXTURES.glob("*.png"))
    out = []
    for f in files:
        raw = f.read_bytes()
        c0 = time.process_time()
        n = text_lines(raw, f.name)
        with Image.open(f) as im:
            size = im.size
        out.append({"file": f.name, "scan": f.parent == FIXTURES, "lines": n, "cpu_s": time.process_time() - c0,
                    "size": list(size)})
    return out


def ingest_child(folder: str, home: str, threads: int) -> dict[str, Any]:
    """In a fresh process: open the store with the encoder loaded, then ingest with the RSS high-water mark reset,
    so the peak is the ingest's alone (not the bare engine's, nor the page images the parent holds)."""
    enc = C.load_encoder(threads)
    with Ovillo(Path(home), models_dir=C.REPO / ".unused-models", settings=Settings(threads=threads), encoder=enc) as app:
        rss_before = C.current_rss_mb()
        reset = C.reset_peak_rss()
        c0, t0 = time.process_time(), time.perf_counter()
        summary = C.drain(app.library.ingest([Path(folder)], IngestOptions(collection="bench", classification="public")))
        cpu, wall = time.process_time() - c0, time.perf_counter() - t0
        peak = C.hwm_rss_mb() if reset else C.peak_rss_mb()
        chunks = app.library.status().chunks
    return {"wall_s": wall, "cpu_s": cpu, "chunks": chunks, "failed": [(o.path, o.reason) for o in summary.failed],
            "rss_before_mb": rss_before, "peak_rss_mb": peak, "peak_reset": reset}


def pipeline(pages: list[dict[str, Any]], work: Path, threads: int) -> dict[str, Any]:
    """Ingest the pages as one image-only PDF (in a child process); the per-page text stored, times and memory."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pdf = work / "scans" / "bench_scan.pdf"
    save_scan_pdf([p["image"] for p in pages], pdf)
    home = work / "home"
    shutil.rmtree(home, ignore_errors=True)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        run = pool.submit(ingest_child, str(pdf.parent), str(home), threads).result()
    assert not run.pop("failed"), "pipeline ingest failed"
    per_page = []
    for n, p in enumerate(pages, start=1):
        (cached,) = home.glob(f"pages/*/p{n:04d}.json")
        d = json.loads(cached.read_text(encoding="utf-8"))
        text = " ".join(d["paragraphs"])
        per_page.append({"cer": cer(p["truth"], text), "recall": recall(p["truth"], text),
                         "confidence": d["confidence"], "render_ocr_cpu_s": d["seconds"], "turn": d.get("turn", 0)})
    return run | {"pages": per_page}


def _pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def _growth(bare_rows: list[dict[str, Any]]) -> str:
    """One sentence: how far a page took the bare process above its RSS just before it."""
    up = [b["peak_rss_mb"] - b["rss_before_mb"] for b in bare_rows if b.get("peak_rss_mb")]
    return (f"In the bare run a page took the process {min(up):,.0f}–{max(up):,.0f} MiB above its RSS just before it "
            f"(median {C.median(up):,.0f} MiB).") if up else ""


def _mib(x: float | None) -> str:
    return f"{x:,.0f}" if x else "—"  # raw results from before the memory was measured have none


def render(raw: dict[str, Any]) -> str:
    n = len(raw["pages"])
    rows, turned = [], []
    for kind in KINDS:
        idx = [i for i, p in enumerate(raw["pages"]) if p["kind"] == kind]
        if not idx:
            continue
        pipe = [raw["pipeline"]["pages"][i] for i in idx]
        bare_ = [raw["bare"][i] for i in idx]
        rows.append([kind, len(idx), _pct(C.median([p["cer"] for p in pipe])), _pct(max(p["cer"] for p in pipe)),
                     f"{C.median([p['recall'] for p in pipe]):.3f}",
                     _pct(C.median([b["cer_engine_order"] for b in bare_])),
                     f"{C.median([p['confidence'] for p in pipe]):.3f}",
                     f"{C.median([b['cpu_s'] for b in bare_]):.1f}", f"{C.median([b['probe_cpu_s'] for b in bare_]):.2f}",
                     f"{C.median([b['wall_s'] for b in bare_]):.1f}", _mib(max(b.get("peak_rss_mb", 0) for b in bare_))])
    for p, b, q in zip(raw["pages"], raw["bare"], raw["pipeline"]["pages"]):
        if "cer_unturned" in b:
            turned.append([p["name"], b["turn"], q.get("turn", "—"), _pct(b["cer_unturned"]), f"{b['recall_unturned']:.3f}",
                           _pct(b["cer_layout"]), f"{b['recall']:.3f}", _pct(q["cer"])])
    table = C.md_table(["page kind", "pages", "CER pipeline (median)", "CER pipeline (worst)", "word recall",
                        "CER bare, engine's line order", "confidence", "bare CPU-s/page", "of which orientation",
                        "bare wall s/page", "bare peak RSS MiB (worst page)"], rows)
    turns = C.md_table(["turned page", "turn (bare)", "turn (pipeline)", "CER read as it lies", "recall as it lies",
                        "CER turned (bare)", "recall turned", "CER pipeline"], turned)
    scans = [r for r in raw["probe"] if r["scan"]]
    photos = [r for r in raw["probe"] if not r["scan"]]
    probe_rows = [["demo coins and new find (photographs)", len(photos), f"{min(r['lines'] for r in photos)}–"
                   f"{max(r['lines'] for r in photos)}", sum(r["lines"] >= TEXT_LINES for r in photos),
                   f"{C.median([r['cpu_s'] for r in photos]):.2f}"]]
    probe_rows += [[f"scan {r['file']}", 1, r["lines"], int(r["lines"] >= TEXT_LINES), f"{r['cpu_s']:.2f}"] for r in scans]
    probe_table = C.md_table(["pictures", "files", "text lines found", f"read as pages (≥ {TEXT_LINES})",
                              "probe CPU-s (median)"], probe_rows)
    bare_wall = sum(b["wall_s"] for b in raw["bare"])
    pipe = raw["pipeline"]
    return f"""## OCR of scanned pages (issues #14, #34)

{C.stamp_line(raw["stamp"])}

{n} pages. Synthetic A4 pages at 150 dpi drawn by scripts/make_demo_scan.py (es/ca/en with accents; clean serif
and sans, degraded — speckle, blur, skew ≤ 0.8° —, typewriter-like monospace, two columns, clean pages turned
90/180/270°, two columns between a heading and a footer across the page), each with the exact text drawn as
its label; and real scans kept in tests/fixtures/scans: OCRmyPDF's `linn.png` (a 300 dpi brochure page, one
column over two over one) and `cardinal.pdf` (the same page at 0/90/180/270°), whose label is OCRmyPDF's own
`linn.txt` (itself an OCR output with a few errors, so these CERs are upper bounds), and tesseract's
`phototest` turned left and upside down, labelled by its `phototest.gold.txt`. Engine: `{raw["engine"]}`
(angle classifier used only to vote on a page's orientation). *Bare*: the orientation probe, then the engine
on the turned page image. *Pipeline*: `Ovillo.library.ingest` of the same pages as one image-only PDF —
PDFium render at 200 dpi, orientation, OCR, reading order and paragraphs, page cache, chunk, embed
({raw["threads"]} threads), commit. CER = Levenshtein distance / characters of the truth, whitespace
normalised; word recall = share of the truth's words (as a multiset) found. The "engine's line order"
column shows what reading order adds: on two columns the engine interleaves the columns' lines. The PDF
stores each page as a JPEG (Pillow, as many scanners do) and is rendered again at 200 dpi; the bare run
sees the lossless drawing. JPEG's grey ringing made the engine drop spaces between words (0.6–1 % CER on
clean pages), so the pipeline whitens light background before OCR on clean paper (`clean_background`).
Two columns: the detector sometimes joins a line of each column across a narrow gutter (7 mm here);
such a line is split where its words leave a gap wider than a line height (`split_at_gutter`; before
that split one two-column page measured 7.8 % CER).

{table}

Turned pages, read as they lie (what was indexed before #34) and turned by the orientation probe:

{turns}

| | total wall s | pages/minute | wall s/page | RSS before MiB | peak RSS MiB |
|---|---|---|---|---|---|
| bare engine (turned pages are read twice: as they lie and turned) | {bare_wall:.1f} | {60 * n / bare_wall:.1f} | {bare_wall / n:.1f} | {_mib(min((b.get("rss_before_mb", 0) for b in raw["bare"]), default=0))} | {_mib(max((b.get("peak_rss_mb", 0) for b in raw["bare"]), default=0))} |
| pipeline (ingest, embed and commit included) | {pipe["wall_s"]:.1f} | {60 * n / pipe["wall_s"]:.1f} | {pipe["wall_s"] / n:.1f} | {_mib(pipe.get("rss_before_mb"))} | {_mib(pipe.get("peak_rss_mb"))} |

Peak RSS is the resident-set high-water mark (`VmHWM` of `/proc/self/status`) after resetting it through
`/proc/self/clear_refs`: in the bare run just before each page (the column above is the worst page of each
kind, the process holding the engine and every page image), in the pipeline just before the ingest, in a child
process of its own that has loaded the encoder and opened the store ("RSS before") and reads the pages one
after another — so its peak is what reading one page at a time needs at most, not a sum over pages.
{_growth(raw["bare"])}

Pipeline CPU time {pipe["cpu_s"]:.0f} s ({pipe["cpu_s"] / n:.1f} CPU-s/page, encoder included); render + OCR
alone {C.median([p["render_ocr_cpu_s"] for p in pipe["pages"]]):.1f} CPU-s/page (median); {pipe["chunks"]} chunks.
The machine is shared (see the load average above): wall times are upper bounds.

A picture with no flag and no sidecar is read as pages when the OCR detector finds {TEXT_LINES} or more lines of
text on a copy at most 960 px on its longest side (`core/ingest/readers/page_images.py`, `text_lines`):

{probe_table}

**Tuning — in-sample, stated plainly:** `clean_background` (its `NOISY_PAPER` cut) and `split_at_gutter` (its
`GUTTER` of one line height) were added and set while looking at these same synthetic pages (the before/after
figures above are from them), so the pipeline CER is measured on the data those steps were made on, not held out.
The reading order's tolerances and the probe's line count were set looking at linn.png, the demo coins and
the synthetic two-column pages above. The OCR engine and its models were not tuned here.
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--pages-per-kind", type=int, default=2, help="pages of each synthetic kind (default 2: 20 pages, and 7 real scans)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from the saved raw results")
    a = ap.parse_args()
    if a.rebuild:
        C.rebuild_section(SECTION, RAW_NAME, render)
        return
    stamp = C.stamp()
    pages = make_pages(a.pages_per_kind)
    with tempfile.TemporaryDirectory(prefix="ovillo-bench-ocr-") as tmp:
        bare_results = bare(pages)
        pipe = pipeline(pages, Path(tmp), a.threads)
    raw = {"stamp": stamp, "engine": ENGINE_TAG, "threads": a.threads,
           "pages": [{"kind": p["kind"], "lang": p["lang"], "truth": p["truth"], "name": p["name"]} for p in pages],
           "bare": bare_results, "pipeline": pipe, "probe": probe()}
    C.save_raw(RAW_NAME, raw)
    C.write_section(SECTION, render(raw))


if __name__ == "__main__":
    main()
