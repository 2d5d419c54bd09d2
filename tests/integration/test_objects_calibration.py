"""The near-duplicate floor, measured: the same generated coin edited (crop, rotation, relighting, blur,
JPEG, photographed again) against other coins — including other dies of the same type, the hard case.

The dies here (100-102) are not the demo collection's (0-7): the floor is not tuned on the demo.
"""

from __future__ import annotations

import core  # noqa: F401  (closes ONNX Runtime's telemetry before onnxruntime is imported)

import importlib.util
import io
import sys
from types import ModuleType

import numpy as np
from PIL import Image, ImageEnhance, ImageFilter

from core.models.encoder import ImageEncoder
from core.objects.similar import NEAR_DUPLICATE_FLOOR
from tests.demo_fixtures import REPO
from tests.integration.objects_fixtures import image_encoder

__all__ = ["image_encoder"]  # fixture


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_demo_coins", REPO / "scripts" / "make_demo_coins.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being defined
    spec.loader.exec_module(module)
    return module


def edits(m: ModuleType, im: Image.Image, t: int, face: str, die: int, seed: int) -> dict[str, Image.Image]:
    w, h = im.size
    return {
        "crop": im.crop((int(w * .08), int(h * .06), int(w * .93), int(h * .95))),
        "rotation": im.rotate(8 + seed % 7, resample=Image.Resampling.BICUBIC, fillcolor=m.CLOTH),
        "relight": ImageEnhance.Contrast(ImageEnhance.Brightness(im).enhance(1.3)).enhance(0.8),
        "blur": im.filter(ImageFilter.GaussianBlur(1.5)),
        "jpeg": Image.open(io.BytesIO(m.jpeg(im, 35))).convert("RGB"),
        "another photo": m.photograph(m.strike(t, face, die), seed + 77),
    }


def test_near_duplicate_floor_precision_and_recall(image_encoder: ImageEncoder) -> None:
    m = generator()
    coins = [(t, die) for t in range(len(m.TYPOLOGIES)) for die in (100, 101, 102)]
    base: dict[str, list[np.ndarray]] = {"obverse": [], "reverse": []}
    variant: dict[str, list[np.ndarray]] = {"obverse": [], "reverse": []}
    owners: list[int] = []
    for n, (t, die) in enumerate(coins):
        for face in ("obverse", "reverse"):
            seed = 5000 + 2 * n + (face == "reverse")
            photo = m.photograph(m.strike(t, face, die), seed)
            base[face].append(np.asarray(photo))
            variant[face] += [np.asarray(v.convert("RGB")) for v in edits(m, photo, t, face, die, seed).values()]
        owners += [n] * 6
    sims = {f: image_encoder.embed_batch(variant[f]) @ image_encoder.embed_batch(base[f]).T for f in base}
    same = np.array(owners)[:, None] == np.arange(len(coins))[None, :]
    floor = NEAR_DUPLICATE_FLOOR
    report = {}
    for f, s in sims.items():  # per view: is this face the same die's strike, photographed again?
        flagged = s >= floor
        report[f] = (flagged[same].sum() / max(flagged.sum(), 1), flagged[same].mean())
    both = (sims["obverse"] >= floor) & (sims["reverse"] >= floor)  # the object: every face over the floor
    report["object"] = (both[same].sum() / max(both.sum(), 1), both[same].mean())
    print(f"near-duplicate floor {floor}: " + "; ".join(f"{k} precision {p:.3f} recall {r:.3f}"
                                                        for k, (p, r) in report.items()))
    for f in ("obverse", "reverse"):
        assert report[f][0] >= 0.80 and report[f][1] >= 0.85, report
    assert report["object"][0] >= 0.95 and report["object"][1] >= 0.80, report
