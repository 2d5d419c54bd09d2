"""The real text encoder: one tokenizer truncating by hand as its own truncation did, and buffers given back
(issue #32, memory)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from tokenizers import Tokenizer

from core.models.encoder import TextEncoder
from core.models.onnx_text_encoder import OnnxTextEncoder


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def long_texts(n: int) -> list[str]:
    words = "el molino de Comafreda volvió a moler trigo y centeno para las masías del valle".split()
    return [" ".join(words[(i + j) % len(words)] for j in range(60 * (i + 1))) for i in range(n)]


def test_ids_are_the_truncating_tokenizers(encoder: TextEncoder, models_dir: Path) -> None:
    assert isinstance(encoder, OnnxTextEncoder)
    reference = Tokenizer.from_file(str(models_dir / encoder.name / "tokenizer.json"))
    reference.no_padding()
    reference.enable_truncation(max_length=encoder.max_tokens)
    texts = ["", "passage: ", "query: ñandú", *("passage: " + t for t in long_texts(12)), "àèìòù " * 900]
    ids = encoder.token_ids(texts)
    assert ids == [e.ids for e in reference.encode_batch(texts)]
    assert max(len(x) for x in ids) == encoder.max_tokens  # some were cut
    assert encoder.count_tokens(texts[-1]) > encoder.max_tokens  # counting is never cut


def test_released_buffers_come_back_and_vectors_stay_the_same(encoder: TextEncoder) -> None:
    assert isinstance(encoder, OnnxTextEncoder)
    texts = long_texts(16)
    first = encoder.embed_batch(texts, kind="passage")
    grown = rss_mib()
    encoder.release_memory()
    assert rss_mib() < grown - 50  # batches of ~500-token passages leave hundreds of MiB in the arena
    again = encoder.embed_batch(texts, kind="passage")
    assert np.allclose(first, again, atol=1e-6)
