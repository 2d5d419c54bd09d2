#!/usr/bin/env python3
"""Generate the demo archive's scanned document: typed pages drawn as pictures, no text layer.

Output: resources/demo/reports/parish_inventory_1958_scan.pdf (2 pages, image only, so Ovillo
must read it by OCR). All content is fictional sample data written for the Ovillo demo; the
pages are drawn with the DejaVu fonts (free licence) when installed, else Pillow's own font.

The drawing helpers are shared with the OCR tests and benchmark (tests/integration/test_ocr.py,
scripts/bench/ocr.py): :func:`render_page` returns the page and the exact text drawn on it.
Usage:  python scripts/make_demo_scan.py [output.pdf]
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "resources" / "demo" / "reports" / "parish_inventory_1958_scan.pdf"
FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu")]
FONT_FILES = {"serif": "DejaVuSerif.ttf", "sans": "DejaVuSans.ttf", "mono": "DejaVuSansMono.ttf"}

PAGES = [
    ["PARRÒQUIA DE SANT MARTÍ DE COMAFREDA",
     "Inventari de l'arxiu parroquial abans del tancament de la presa",
     "Comafreda, 2 de febrer de 1958",
     "Mostra de dades fictícies per a l'arxiu de demostració d'Ovillo."],
    ["Caixa 7. Llibres de baptismes (1702-1851) i de defuncions (1744-1858), en bon estat.",
     "Caixa 8. Capbreu de la Pabordia de 1612, amb la tapa de pergamí malmesa per la humitat.",
     "Caixa 9. Plànol del molí de baix dibuixat per l'agrimensor Jaume Ferrer el 1803.",
     "Les nou caixes es van traslladar al palau episcopal en un carro del mas Cabanes el dia "
     "3 de febrer de 1958, sota la custòdia del rector mossèn Ramon Vilaró."],
]


def font(kind: str = "serif", size: int = 30) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A TrueType font of this kind (DejaVu when installed, else Pillow's bundled one)."""
    for folder in FONT_DIRS:
        f = folder / FONT_FILES[kind]
        if f.is_file():
            return ImageFont.truetype(str(f), size)
    return ImageFont.load_default(size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, fnt: ImageFont.ImageFont | ImageFont.FreeTypeFont,
          width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if cur and draw.textlength(trial, font=fnt) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


def render_page(paragraphs: list[str], *, kind: str = "serif", size: int = 30, columns: int = 1,
                width: int = 1240, height: int = 1754, margin: int = 110) -> tuple[Image.Image, str]:
    """A white page (A4 at 150 dpi by default) with the paragraphs typed on it, and the text drawn
    (lines in reading order, one per line, paragraphs separated by a blank line)."""
    img = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(img)
    fnt = font(kind, size)
    gap = 40
    col_w = (width - 2 * margin - gap * (columns - 1)) // columns
    step = int(size * 1.45)
    col, x, y = 0, margin, margin
    truth: list[str] = []
    for para in paragraphs:
        lines = _wrap(draw, para, fnt, col_w)
        for line in lines:
            if y + step > height - margin:
                col += 1
                if col >= columns:
                    raise ValueError("the text does not fit on the page")
                x, y = margin + col * (col_w + gap), margin
            draw.text((x, y), line, font=fnt, fill=0)
            y += step
        y += step // 2
        truth.append("\n".join(lines))
    return img, "\n\n".join(truth)


def degrade(img: Image.Image, seed: int, *, noise: float = 18.0, blur: float = 0.8,
            skew_deg: float = 0.6) -> Image.Image:
    """A photocopy-like page: slightly rotated, blurred, with speckle noise (deterministic per seed)."""
    import numpy as np

    rng = random.Random(seed)
    out = img.rotate(rng.uniform(-skew_deg, skew_deg), resample=Image.Resampling.BICUBIC, expand=False,
                     fillcolor=255)
    out = out.filter(ImageFilter.GaussianBlur(blur))
    arr = np.asarray(out, dtype=np.float32)
    arr += np.random.default_rng(seed).normal(0.0, noise, arr.shape)
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), mode="L")


def save_scan_pdf(pages: list[Image.Image], out: Path, dpi: int = 150) -> None:
    """An image-only PDF (no text layer), one picture per page, as a scanner writes."""
    out.parent.mkdir(parents=True, exist_ok=True)
    rgb = [p.convert("L") for p in pages]
    rgb[0].save(out, format="PDF", save_all=True, append_images=rgb[1:], resolution=float(dpi),
                title="", author="")


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT
    pages = [degrade(render_page(p, kind="serif", size=30)[0], seed=i, noise=0.0, blur=0.5, skew_deg=0.4)
             for i, p in enumerate(PAGES)]
    save_scan_pdf(pages, out)
    print(f"wrote {out} ({len(pages)} scanned pages)")


if __name__ == "__main__":
    main()
