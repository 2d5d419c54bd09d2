"""Text recognition for scanned pages: PP-OCRv6 (small) through rapidocr on onnxruntime.

The detection and recognition models ship inside the rapidocr wheel (``rapidocr/models``); Ovillo
opens them from there itself and hands rapidocr the sessions, so its download code is never reached
and OCR works with no network (tests/integration/test_ocr.py runs it with every socket refused).
The angle classifier is off (it costs time and flips some lines); a page's orientation is found once
per page instead (:meth:`OcrEngine.orientation`: the detector on a small copy, then the recogniser on a
few of its lines both ways up).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import core  # noqa: F401  # ORT_DISABLE_TELEMETRY is set before onnxruntime (imported by rapidocr) loads
from core.errors import ModelError
from core.models.ort_session import open_session

DET_MODEL = "PP-OCRv6_det_small.onnx"
REC_MODEL = "PP-OCRv6_rec_small.onnx"
CLS_MODEL = "ch_ppocr_mobile_v2.0_cls_mobile.onnx"
#: names the models and settings; a cached page read by another engine is read again
ENGINE_TAG = "rapidocr-3.10/PP-OCRv6-small/det+rec/orient"

#: a gap between two words wider than this many line heights is a gutter, not a space
GUTTER = 1.0
#: longest side of the copy the orientation and text-density probes detect lines on
PROBE_SIDE = 960
#: lines the orientation probe reads both ways up (the longest ones)
PROBE_LINES = 16
_LOCK = threading.Lock()
_SHARED: "OcrEngine | None" = None


@dataclass(frozen=True)
class OcrLine:
    """One line of recognised text: its words, its score (0–1) and its box (left, top, right, bottom)."""

    text: str
    score: float
    x: float
    y: float
    x2: float
    y2: float


class OcrEngine:
    """One loaded OCR engine; :func:`shared_engine` keeps one per process (loading takes ~1 s)."""

    def __init__(self, threads: int | None = None) -> None:
        try:
            rapidocr = _import_rapidocr()
            RapidOCR = rapidocr.RapidOCR
        except ImportError as exc:  # pragma: no cover - a broken install
            raise ModelError("the OCR engine (rapidocr) is not installed",
                             hint="Run ./scripts/run once to install Ovillo's dependencies.") from exc
        models = Path(rapidocr.__file__).parent / "models"
        for name in (DET_MODEL, REC_MODEL, CLS_MODEL):
            if not (models / name).is_file():
                raise ModelError(f"the OCR model {name} is missing from the rapidocr package",
                                 hint="Reinstall rapidocr 3.10 (its wheel bundles the models).")
        params: dict[str, Any] = {
            "Global.log_level": "critical", "Global.use_cls": False,
            "Det.model_path": str(models / DET_MODEL), "Rec.model_path": str(models / REC_MODEL),
            "Cls.model_path": str(models / CLS_MODEL),
        }
        self._engine = RapidOCR(params=params)
        # rapidocr logs each model path at INFO through its own handler: keep the CLI output clean
        logging.getLogger("RapidOCR").setLevel(logging.CRITICAL)
        # our own sessions, handed over through its config: their idle threads sleep instead of spinning
        # (core/models/ort_session.py: spinning starved the window) and the thread count is ours
        n = threads or min(4, os.cpu_count() or 1)
        cfg = self._engine.cfg
        cfg._set_flag("allow_objects", True)
        cfg.Det.session = open_session(models / DET_MODEL, DET_MODEL, n)
        cfg.Rec.session = open_session(models / REC_MODEL, REC_MODEL, n)
        cfg.Cls.session = open_session(models / CLS_MODEL, CLS_MODEL, 1)

    def read(self, pixels: np.ndarray) -> list[OcrLine]:
        """Recognise the lines of one page image (H×W×3 uint8 RGB or H×W grayscale), top to bottom."""
        # BGR, as rapidocr takes OpenCV's order; word boxes to split lines the detector ran across a gutter
        out: Any = self._engine(_bgr(pixels), use_det=True, use_cls=False, use_rec=True, return_word_box=True)
        if out.txts is None or out.boxes is None or out.scores is None:
            return []
        words = out.word_results if out.word_results and len(out.word_results) == len(out.txts) else None
        lines: list[OcrLine] = []
        for i, (t, s, b) in enumerate(zip(out.txts, out.scores, out.boxes)):
            if not str(t).strip():
                continue
            line = OcrLine(str(t), float(s), float(np.min(b[:, 0])), float(np.min(b[:, 1])),
                           float(np.max(b[:, 0])), float(np.max(b[:, 1])))
            lines += split_at_gutter(line, words[i]) if words else [line]
        return lines


    def detect(self, pixels: np.ndarray) -> tuple[np.ndarray, float]:
        """The text-line boxes (N×4×2, corners clockwise from top left) found on a copy of the image no
        larger than ``PROBE_SIDE``, in that copy's pixels, and the copy's scale against the image."""
        scale = min(1.0, PROBE_SIDE / max(pixels.shape[:2]))
        small = _resize(pixels, scale)
        out: Any = self._engine(_bgr(small), use_det=True, use_cls=False, use_rec=False)
        boxes = np.asarray(out.boxes, dtype=np.float32) if out.boxes is not None and len(out.boxes) else \
            np.zeros((0, 4, 2), np.float32)
        return boxes, scale

    def orientation(self, pixels: np.ndarray) -> int:
        """Degrees to turn the page counter-clockwise (0, 90, 180, 270; ``np.rot90``'s sense) so its text
        is upright: lines taller than wide mean a page on its side; which way up is the vote of rapidocr's
        text-line angle classifier (0° or 180°) over the page's longest lines, weighted by its scores."""
        boxes, scale = self.detect(pixels)
        if len(boxes) < 2:
            return 0
        widths = np.linalg.norm(boxes[:, 1] - boxes[:, 0], axis=1)
        heights = np.linalg.norm(boxes[:, 3] - boxes[:, 0], axis=1)
        turn = 0
        if float(np.median(widths / np.maximum(heights, 1.0))) < 1.0:
            turn, pixels = 90, np.rot90(pixels, 1)
            boxes, scale = self.detect(pixels)
            if len(boxes) < 1:
                return 0
            widths = np.linalg.norm(boxes[:, 1] - boxes[:, 0], axis=1)
        # the lines as the small copy shows them: legible enough to tell up from down, and cheap
        small = _bgr(_resize(pixels, scale))
        crops = [c for c in self._engine.crop_text_regions(small, boxes[np.argsort(-widths)[:PROBE_LINES]]) if c.size]
        if not crops:
            return turn
        _, out = self._engine.cls_and_rotate(crops)
        vote = sum(float(sc) * (-1.0 if "180" in str(label) else 1.0) for label, sc in out.cls_res or ())
        return (turn + 180) % 360 if vote < 0 else turn


def _bgr(pixels: np.ndarray) -> np.ndarray:
    """rapidocr's input: three channels in OpenCV's order, contiguous."""
    if pixels.ndim == 2:
        pixels = np.stack([pixels] * 3, axis=-1)
    return np.ascontiguousarray(pixels[:, :, ::-1])


def _resize(pixels: np.ndarray, scale: float) -> np.ndarray:
    if scale >= 1.0:
        return pixels
    from PIL import Image

    img = Image.fromarray(pixels)
    size = (max(1, round(img.width * scale)), max(1, round(img.height * scale)))
    return np.asarray(img.resize(size, Image.Resampling.BILINEAR))


def split_at_gutter(line: OcrLine, words: Any) -> list[OcrLine]:
    """A line whose words leave a gap wider than ``GUTTER`` line heights is two lines (two columns,
    a table's cells): the detector sometimes joins them when the gutter is narrow."""
    try:
        boxes = [(str(w[0]), float(min(p[0] for p in w[2])), float(max(p[0] for p in w[2]))) for w in words]
    except (TypeError, IndexError, ValueError):
        return [line]
    height = line.y2 - line.y
    if len(boxes) < 2 or height <= 0:
        return [line]
    gaps = [(boxes[k + 1][1] - boxes[k][2], k) for k in range(len(boxes) - 1)]
    gap, k = max(gaps)
    if gap < GUTTER * height:
        return [line]
    left, right = boxes[:k + 1], boxes[k + 1:]
    return [OcrLine(" ".join(w for w, _, _ in left), line.score, line.x, line.y, left[-1][2], line.y2),
            OcrLine(" ".join(w for w, _, _ in right), line.score, right[0][1], line.y, line.x2, line.y2)]


def _import_rapidocr() -> Any:
    """rapidocr imports ``requests`` only to download models, which it is never let do here; importing
    ``requests`` imports urllib3, whose import opens a socket to probe for IPv6 — an offline program
    opens none (tests/integration/test_no_network.py). A stand-in is used while rapidocr is imported."""
    import importlib

    if "rapidocr.main" in sys.modules or "requests" in sys.modules:
        return importlib.import_module("rapidocr")
    sys.modules["requests"] = _offline_requests()
    try:
        importlib.import_module("rapidocr.main")  # the package imports its modules lazily: load them now
        return importlib.import_module("rapidocr")
    finally:
        del sys.modules["requests"]  # whoever imports requests later gets the real one


def _offline_requests() -> types.ModuleType:
    mod = types.ModuleType("requests", "Ovillo's offline stand-in for requests while rapidocr loads")

    class RequestException(Exception):
        """Raised by every call: nothing is fetched."""

    def get(*args: object, **kwargs: object) -> None:
        raise RequestException("Ovillo works offline: nothing is downloaded")

    mod.RequestException = RequestException  # type: ignore[attr-defined]
    mod.Response = type("Response", (), {})  # type: ignore[attr-defined]
    mod.get = get  # type: ignore[attr-defined]
    return mod


def shared_engine() -> OcrEngine:
    """The process's OCR engine, loaded on first use."""
    global _SHARED
    with _LOCK:
        if _SHARED is None:
            _SHARED = OcrEngine()
        return _SHARED


def release_shared() -> bool:
    """Let the process's OCR engine go (its two sessions); the next page loads it again.
    A caller reading pages holds its own reference, so its reading is never cut. True if one was loaded."""
    global _SHARED
    with _LOCK:
        had, _SHARED = _SHARED is not None, None
    return had
