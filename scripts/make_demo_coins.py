#!/usr/bin/env python3
"""Render the procedural demo coin collection (resources/demo/coins/): deterministic, numpy + Pillow.

Each typology has its own obverse and reverse motif; each coin of a typology is struck from its
own dies (small shifts of the motif, its own legend), photographed under its own light, wear,
rotation and crop. A few catalogue entries are the same coin photographed twice (near-duplicates)
and one pair shares an obverse die (a die link). Run: ``python scripts/make_demo_coins.py [OUT]``.
"""

from __future__ import annotations

import csv
import io
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageFont

SIZE = 320
CLOTH = (52, 58, 64)
METALS = {"bronce": (168, 118, 70), "plata": (178, 180, 186), "oro": (212, 172, 64), "cobre": (160, 92, 60)}


@dataclass(frozen=True)
class Typology:
    """A coin type: its name, metal, period, denomination and legend."""

    name: str
    material: str
    period: str
    denomination: str
    legend: str


TYPOLOGIES = [
    Typology("As ibérico de Kese, jinete", "bronce", "-200/-150", "as", "KESE"),
    Typology("Denario romano, cabeza de Roma", "plata", "-150/-100", "denario", "ROMA"),
    Typology("Dracma de Emporion, Pegaso", "plata", "s. III a.C.", "dracma", "EMPORITON"),
    Typology("Maravedí de Castilla, castillo", "cobre", "1300/1350", "maravedí", "CASTELLE"),
    Typology("Real de a ocho, escudo", "plata", "1681", "real de a ocho", "HISPANIARVM"),
    Typology("Ochavo, león rampante", "cobre", "1620/1660", "ochavo", "LEGIONIS"),
    Typology("Sestercio, templo", "bronce", "s. I", "sestercio", "SC AVG"),
    Typology("Escudo de oro, cruz", "oro", "1550/1600", "escudo", "PHILIPPVS"),
]


def _ascii(text: str) -> str:
    """The default bitmap font has no accented capitals."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _shade(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return (min(255, int(c[0] * f)), min(255, int(c[1] * f)), min(255, int(c[2] * f)))


def _motif(d: ImageDraw.ImageDraw, t: int, face: str, c: float, jit: np.ndarray, ink: tuple[int, int, int],
           fill: tuple[int, int, int]) -> None:
    """The type's design on one face; ``jit`` shifts its parts a little (each die is cut by hand)."""
    j = [float(v) for v in jit]
    if face == "obverse":
        if t in (0, 1, 6):  # a head in profile, facing differently per type
            s = -1 if t == 1 else 1
            d.ellipse([c - 50 + j[0], c - 70 + j[1], c + 40 + j[0], c + 30 + j[1]], fill=fill, outline=ink, width=3)
            d.polygon([(c + s * 40 + j[2], c - 20), (c + s * 62 + j[2], c + 2), (c + s * 38, c + 12)], fill=fill,
                      outline=ink)
            d.rectangle([c - 22, c + 28 + j[3], c + 18, c + 80 + j[3]], fill=_shade(fill, 0.9), outline=ink)
            for k in range(5 + t):
                d.arc([c - 56 + 3 * k, c - 78 + j[4], c + 46 - 3 * k, c - 20], 190, 340, fill=ink, width=2)
        elif t in (2, 5):  # an animal: a long body on four legs
            d.ellipse([c - 70 + j[0], c - 25 + j[1], c + 60 + j[0], c + 30 + j[1]], fill=fill, outline=ink, width=3)
            for k in range(4):
                x = c - 50 + 32 * k + j[2]
                d.line([(x, c + 20), (x + (8 if t == 2 else -6), c + 78)], fill=ink, width=6)
            d.ellipse([c + 40 + j[3], c - 70, c + 90 + j[3], c - 20], fill=fill, outline=ink, width=3)
            if t == 2:  # wings
                d.polygon([(c - 20, c - 20), (c + 10 + j[4], c - 95), (c + 30, c - 20)], fill=_shade(fill, 1.1),
                          outline=ink)
        elif t == 3:  # a castle: three towers
            for k, h in enumerate((70, 100, 70)):
                x = c - 75 + 52 * k + j[k]
                d.rectangle([x, c + 60 - h, x + 44, c + 60], fill=fill, outline=ink, width=3)
                for m in range(3):
                    d.rectangle([x + 2 + 15 * m, c + 50 - h, x + 12 + 15 * m, c + 60 - h], fill=ink)
            d.rectangle([c - 12, c + 20 + j[4], c + 12, c + 60], fill=ink)
        elif t == 4:  # a crowned shield
            d.rectangle([c - 55 + j[0], c - 55, c + 55 + j[0], c + 40], fill=fill, outline=ink, width=4)
            d.polygon([(c - 55, c + 40), (c, c + 85 + j[1]), (c + 55, c + 40)], fill=fill, outline=ink)
            d.line([(c + j[2], c - 55), (c + j[2], c + 80)], fill=ink, width=4)
            d.line([(c - 55, c - 5 + j[3]), (c + 55, c - 5 + j[3])], fill=ink, width=4)
            for k in range(5):
                d.polygon([(c - 50 + 25 * k, c - 62), (c - 40 + 25 * k, c - 92 + j[4]), (c - 30 + 25 * k, c - 62)],
                          fill=ink)
        else:  # a cross potent
            w = 22
            d.rectangle([c - w + j[0], c - 85, c + w + j[0], c + 85], fill=fill, outline=ink, width=3)
            d.rectangle([c - 85, c - w + j[1], c + 85, c + w + j[1]], fill=fill, outline=ink, width=3)
            for dx, dy in ((0, -85), (0, 85), (-85, 0), (85, 0)):
                d.ellipse([c + dx - 14 + j[2], c + dy - 14, c + dx + 14 + j[2], c + dy + 14], fill=ink)
    else:
        if t in (0, 4, 7):  # a wreath of leaves around a value mark
            for k in range(14 + 2 * t):
                a = 2 * np.pi * k / (14 + 2 * t) + j[0] / 40
                x, y = c + 72 * np.cos(a), c + 72 * np.sin(a)
                d.ellipse([x - 9, y - 5, x + 9, y + 5], fill=fill, outline=ink)
            d.rectangle([c - 30 + j[1], c - 30 + j[2], c + 30 + j[1], c + 30 + j[2]], outline=ink, width=5)
            d.line([(c - 30, c - 30), (c + 30, c + 30)], fill=ink, width=4 + t // 2)
        elif t in (1, 2):  # a horse rider or a chariot
            d.polygon([(c - 80, c + 30 + j[0]), (c + 70, c + 30), (c + 40, c - 30 + j[1]), (c - 50, c - 20)], fill=fill,
                      outline=ink)
            d.ellipse([c - 10 + j[2], c - 90, c + 30 + j[2], c - 40], fill=fill, outline=ink, width=3)
            for k in range(3 + t):
                d.line([(c - 60 + 35 * k, c + 30), (c - 70 + 35 * k + j[3], c + 85)], fill=ink, width=5)
        elif t in (3, 5):  # a lion or a tower, in a quatrefoil
            for dx, dy in ((-40, 0), (40, 0), (0, -40), (0, 40)):
                d.arc([c + dx - 50, c + dy - 50, c + dx + 50, c + dy + 50], 0, 360, fill=ink, width=3)
            d.rectangle([c - 25 + j[0], c - 45, c + 25 + j[0], c + 45], fill=fill, outline=ink, width=3)
            d.polygon([(c - 25, c - 45), (c, c - 75 + j[1]), (c + 25, c - 45)], fill=ink)
        else:  # a temple front
            d.polygon([(c - 80, c - 40), (c, c - 95 + j[0]), (c + 80, c - 40)], fill=fill, outline=ink)
            for k in range(6):
                x = c - 70 + 28 * k + j[1] / 3
                d.rectangle([x, c - 40, x + 12, c + 60], fill=fill, outline=ink)
            d.rectangle([c - 90, c + 60 + j[2] / 3, c + 90, c + 75], fill=ink)


def strike(t: int, face: str, die: int, size: int = SIZE, flan: int | None = None) -> Image.Image:
    """A freshly struck face of typology ``t`` from die ``die`` on a plain background.

    ``flan`` strikes the same die on another blank (a die link): its own outline and size, and the die
    landing off-centre, so part of the border falls off the edge; the design and the die's flaws are the same.
    """
    typ = TYPOLOGIES[t]
    metal = METALS[typ.material]
    rng = np.random.default_rng(1000 * t + 7 * die + (0 if face == "obverse" else 500))
    c, r = size / 2, size * 0.44
    if flan is None:
        im = Image.new("RGB", (size, size), CLOTH)
        d = ImageDraw.Draw(im)
        d.ellipse([c - r, c - r, c + r, c + r], fill=metal, outline=_shade(metal, 0.55), width=7)
        _die(d, t, face, die, c, r, metal, rng)
        return im
    frng = np.random.default_rng(70_000 + flan)
    struck = Image.new("RGB", (size, size), metal)
    _die(ImageDraw.Draw(struck), t, face, die, c, r, metal, rng)
    dx, dy = (frng.uniform(0.6, 1.0, 2) * frng.choice([-1, 1], 2) * size * 0.02).tolist()
    struck = struck.transform((size, size), Image.Transform.AFFINE, (1, 0, -dx, 0, 1, -dy), fillcolor=metal)
    angles = np.linspace(0, 2 * np.pi, 120, endpoint=False)
    wobble = np.zeros_like(angles)
    for k in (2, 3, 5):  # a hammered blank is never round
        wobble += frng.uniform(0.01, 0.025) * np.cos(k * angles + frng.uniform(0, 2 * np.pi))
    radius = r * frng.uniform(0.96, 1.02) * (1 + wobble)
    outline = [(float(c + q * np.cos(a)), float(c + q * np.sin(a))) for q, a in zip(radius, angles)]
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).polygon(outline, fill=255)
    im = Image.new("RGB", (size, size), CLOTH)
    im.paste(struck, mask=mask)
    ImageDraw.Draw(im).line(outline + outline[:1], fill=_shade(metal, 0.55), width=6)
    return im


def _die(d: ImageDraw.ImageDraw, t: int, face: str, die: int, c: float, r: float, metal: tuple[int, int, int],
         rng: np.random.Generator) -> None:
    """What the die impresses: border, design, the die's own flaws, legend (drawn in ``rng``'s order)."""
    typ = TYPOLOGIES[t]
    d.ellipse([c - r + 16, c - r + 16, c + r - 16, c + r - 16], outline=_shade(metal, 0.7), width=2)
    for k in range(48):
        a = 2 * np.pi * k / 48
        x, y = c + (r - 8) * np.cos(a), c + (r - 8) * np.sin(a)
        d.ellipse([x - 2, y - 2, x + 2, y + 2], fill=_shade(metal, 0.65))
    _motif(d, t, face, c, rng.normal(0, 12, 5), _shade(metal, 0.5), _shade(metal, 0.85))
    for _ in range(26):  # the die's own marks: flaws, dots and strokes that only this die strikes
        a, rr = rng.uniform(0, 2 * np.pi), rng.uniform(0.2, 0.8) * r
        x, y = c + rr * np.cos(a), c + rr * np.sin(a)
        if rng.random() < 0.5:
            s = rng.uniform(3, 8)
            d.ellipse([x - s, y - s, x + s, y + s], fill=_shade(metal, 0.5))
        else:
            d.line([(x, y), (x + rng.uniform(-18, 18), y + rng.uniform(-18, 18))], fill=_shade(metal, 0.55),
                   width=int(rng.integers(2, 4)))
    font = ImageFont.load_default(size=22)
    legend = typ.legend if face == "obverse" else f"{_ascii(typ.denomination).upper()} {die + 1}"
    d.text((c, c - r + 34), legend, font=font, fill=_shade(metal, 0.45), anchor="mm")
    d.text((c + rng.integers(-8, 8), c + r - 30), "·" * (1 + die % 4), font=font, fill=_shade(metal, 0.45),
           anchor="mm")


def photograph(im: Image.Image, seed: int, *, strength: float = 1.0) -> Image.Image:
    """The struck face as photographed: wear, light from one side, rotation, crop, blur, grain."""
    rng = np.random.default_rng(seed)
    w, h = im.size
    a = np.asarray(im).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w]
    ang = rng.uniform(0, 2 * np.pi)
    light = 1 + 0.18 * strength * ((xx / w - 0.5) * np.cos(ang) + (yy / h - 0.5) * np.sin(ang))
    wear = 1 - 0.08 * strength * np.abs(np.sin(xx / rng.uniform(9, 17) + rng.uniform(0, 6)))
    a = a * (light * wear)[..., None] + rng.normal(0, 4 * strength, a.shape)
    out = Image.fromarray(a.clip(0, 255).astype(np.uint8))
    out = out.rotate(float(rng.uniform(-12, 12) * strength), resample=Image.Resampling.BICUBIC, fillcolor=CLOTH)
    m = int(rng.uniform(0, 0.07 * strength) * w)
    out = out.crop((m, m + int(rng.uniform(0, 0.04 * strength) * w), w - m, h - m))
    out = ImageEnhance.Brightness(out).enhance(float(rng.uniform(0.88, 1.12)))
    if strength > 0:
        out = out.filter(ImageFilter.GaussianBlur(float(rng.uniform(0, 0.8 * strength))))
    return out.resize((SIZE, SIZE), Image.Resampling.BICUBIC)


def jpeg(im: Image.Image, quality: int = 82) -> bytes:
    """Encoded JPEG bytes."""
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=quality, optimize=True)
    return buf.getvalue()


def catalogue() -> list[dict[str, object]]:
    """The collection: 32 coins, 4 per typology; two near-duplicate pairs and one die link."""
    coins: list[dict[str, object]] = []
    for t in range(len(TYPOLOGIES)):
        for k in range(4):
            n = len(coins) + 1
            coins.append({"id": f"MNC-{n:03d}", "t": t, "dies": (k, k), "photo": 10 * n})
    # MNC-006 shares MNC-005's obverse die (a die link): struck on another flan, off-centre, its own reverse
    coins[5].update({"dies": (coins[4]["dies"][0], 7), "flan": 4, "die_link": "MNC-005"})  # type: ignore[index]
    coins[4]["die_link"] = "MNC-006"
    # two coins catalogued twice: the same dies photographed again under other light (near-duplicates)
    coins.append({"id": "MNC-033", "t": 1, "dies": coins[4]["dies"], "photo": 9001, "dup_of": "MNC-005"})
    coins.append({"id": "MNC-034", "t": 6, "dies": coins[24]["dies"], "photo": 9002, "dup_of": "MNC-025"})
    return coins


def main(out: Path) -> None:
    """Write images and catalogue.csv into ``out`` (their notes are in resources/demo/README.md: a README in
    an indexed folder would be a record of the archive)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "images").mkdir(exist_ok=True)
    rows = []
    for coin in catalogue():
        t = int(coin["t"])  # type: ignore[call-overload]
        typ = TYPOLOGIES[t]
        dies = coin["dies"]
        assert isinstance(dies, tuple)
        names = {}
        for face, die in zip(("obverse", "reverse"), dies):
            name = f"images/{coin['id']}_{face}.jpg"
            seed = int(coin["photo"]) + (0 if face == "obverse" else 1)  # type: ignore[call-overload]
            flan = int(coin["flan"]) if face == "obverse" and "flan" in coin else None  # type: ignore[call-overload]
            (out / name).write_bytes(jpeg(photograph(strike(t, face, int(die), flan=flan), seed)))
            names[face] = name
        note = f" Mismo ejemplar que {coin['dup_of']} (otra fotografía)." if "dup_of" in coin else ""
        if "die_link" in coin:
            note += (f" Enlace de cuños: anverso acuñado con el mismo cuño que {coin['die_link']} "
                     "(mismo diseño y mismos defectos del cuño; otro cospel, otro centrado y otro reverso).")
        rows.append({"inventario": coin["id"], "titulo": f"{typ.name} ({coin['id']})",
                     "descripcion": f"Moneda de {typ.material}, {typ.denomination}.{note}",
                     "tipologia": typ.name, "material": typ.material, "periodo": typ.period,
                     "denominacion": typ.denomination, "anverso": names["obverse"], "reverso": names["reverse"],
                     "clasificacion": "public"})
    with (out / "catalogue.csv").open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def new_find(out: Path) -> None:
    """Two photos of a coin *not* in the catalogue (a new die of a catalogued typology): what
    ``./scripts/run --cli`` looks up and characterizes, as a numismatist's new find would be."""
    out.mkdir(parents=True, exist_ok=True)
    t = 4  # "Real de a ocho, escudo": catalogued with dies 0–3; this one was struck with die 6
    for face, seed in (("obverse", 7771), ("reverse", 7772)):
        (out / f"find_{face}.jpg").write_bytes(jpeg(photograph(strike(t, face, 6), seed)))
    (out / "README.md").write_text(
        "# A new find (procedurally generated sample data)\n\n"
        "Obverse and reverse of a coin that is **not** in the demo catalogue: a real de a ocho struck with a "
        "die no catalogued coin shares, drawn by `scripts/make_demo_coins.py` like the collection. "
        "`./scripts/run --cli` looks it up among the catalogued coins and proposes its typology, material, "
        "period and denomination from its neighbours.\n", encoding="utf-8")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "resources/demo/coins"
    main(target)
    new_find(target.parent / "new_find")
