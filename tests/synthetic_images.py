"""Synthetic photographs for image-encoder tests: a drawn coin, edited copies of it, unrelated images."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

BACKGROUND = (54, 60, 66)


def _shade(colour: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    r, g, b = (int(v * f) for v in colour)
    return r, g, b


def coin(legend: str = "HISPANIA 1872", *, seed: int = 0, metal: tuple[int, int, int] = (176, 141, 87),
         size: int = 480) -> Image.Image:
    """A struck coin on a dark cloth: rim, beads, a profile, a legend and wear."""
    rng = np.random.default_rng(seed)
    cloth = (rng.normal(0, 6, (size, size, 3)) + np.array(BACKGROUND)).clip(0, 255).astype(np.uint8)
    im = Image.fromarray(cloth)
    d = ImageDraw.Draw(im)
    c, r = size // 2, int(size * 0.42)
    d.ellipse([c - r, c - r, c + r, c + r], fill=metal, outline=_shade(metal, 0.6), width=10)
    d.ellipse([c - r + 26, c - r + 26, c + r - 26, c + r - 26], outline=_shade(metal, 0.75), width=3)
    for k in range(60):
        a = 2 * np.pi * k / 60
        x, y = c + (r - 14) * np.cos(a), c + (r - 14) * np.sin(a)
        d.ellipse([x - 3, y - 3, x + 3, y + 3], fill=_shade(metal, 0.7))
    d.ellipse([c - 70, c - 95, c + 55, c + 45], fill=_shade(metal, 0.85), outline=(90, 70, 40), width=3)
    d.polygon([(c - 30, c + 30), (c + 30, c + 30), (c + 45, c + 110), (c - 45, c + 110)], fill=_shade(metal, 0.8))
    for k in range(9):
        x = c - 60 + 14 * k
        d.line([(x, c - 100 + (k % 3) * 4), (x + 10, c - 80)], fill=(80, 60, 30), width=4)
    font = ImageFont.load_default(size=34)
    d.text((c, c - r + 58), legend, font=font, fill=(70, 52, 25), anchor="mm")
    d.text((c, c + r - 50), f"{seed * 7 + 3} R", font=font, fill=(70, 52, 25), anchor="mm")
    worn = np.asarray(im).astype(np.int16) + rng.normal(0, 5, (size, size, 3)).astype(np.int16)
    return Image.fromarray(worn.clip(0, 255).astype(np.uint8))


def edited_copies(im: Image.Image) -> dict[str, Image.Image]:
    """The same object rotated, cropped, re-lit, downsized and blurred."""
    w, h = im.size
    return {
        "rotated 15°": im.rotate(15, resample=Image.Resampling.BICUBIC, fillcolor=BACKGROUND),
        "rotated 90°": im.rotate(90, expand=True),
        "cropped": im.crop((int(w * .1), int(h * .08), int(w * .92), int(h * .9))),
        "re-lit": ImageEnhance.Contrast(ImageEnhance.Brightness(im).enhance(1.35)).enhance(0.8),
        "small, blurred": im.resize((w // 2, h // 2), Image.Resampling.BILINEAR).filter(ImageFilter.GaussianBlur(1)),
    }


def unrelated(seed: int = 0) -> dict[str, Image.Image]:
    """Images of other things: another coin, a landscape, a typed diary page, a chequerboard."""
    rng = np.random.default_rng(100 + seed)
    w, h = 520, 400
    yy, xx = np.mgrid[0:h, 0:w]
    sky = np.stack([80 + 100 * yy / h, 120 + 60 * np.sin(xx / 40), 200 - 120 * yy / h], -1)
    land = Image.fromarray(sky.clip(0, 255).astype(np.uint8))
    d = ImageDraw.Draw(land)
    for _ in range(12):
        x, y = int(rng.integers(0, w)), int(rng.integers(h // 2, h))
        r, g, b = (int(v) for v in rng.integers(20, 90, 3))
        d.polygon([(x, y), (x + 40, y - 90), (x + 80, y)], fill=(r, g, b))
    page = Image.new("RGB", (420, 560), (238, 232, 215))
    d = ImageDraw.Draw(page)
    font = ImageFont.load_default(size=18)
    line = "Diario de campo, 12 de mayo: el molino del río"
    for i in range(22):
        d.text((30, 30 + 22 * i), line[: 20 + (i * 7) % 26], font=font, fill=(40, 35, 30))
    tiles = ((xx // 40 + yy // 40) % 2)[..., None] * np.array([200, 40, 40]) + 30
    return {"another coin": coin("AUGUSTUS IMP", seed=5, metal=(150, 150, 158)), "landscape": land,
            "diary page": page, "chequerboard": Image.fromarray(tiles.astype(np.uint8))}
