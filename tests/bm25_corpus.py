"""A small random corpus for the keyword-postings tests: records of a few passages drawn from a mixed
es/ca/en vocabulary, a third of them secret, so per-profile statistics have something to differ on."""

from __future__ import annotations

import random

import numpy as np

from core.store.writer import EmbeddingRow, RecordRow

MODEL, DIM = "e5", 4
WORDS = ("molino", "trigo", "valle", "río", "acequia", "Ermita", "camí", "forn", "2019", "trinchera", "el", "de",
         "denario", "Trajano", "moneda", "harina", "piedra", "rueda", "agua", "mill", "the", "wheat", "1950")
QUERIES = ("molino trigo", "Río agua", "denario de Trajano", "2019 mill wheat", "piedra", "ermita camí forn")


def text(rng: random.Random) -> str:
    """0-10 words of the vocabulary."""
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 10)))


def record(sid: int, rng: random.Random, classification: str | None = None) -> RecordRow:
    """A record of 1-3 passages with random vectors and texts (public twice as often as secret)."""
    embs = [EmbeddingRow("rag:body", k, MODEL, np.asarray([rng.random() for _ in range(DIM)], np.float32),
                         text(rng), f"h{sid}.{k}", lang="es") for k in range(rng.randint(1, 3))]
    return RecordRow("col", sid, f"{text(rng)} v{sid}x{rng.randint(0, 99)}",
                     classification or rng.choice(("public", "public", "secret")), embeddings=embs)
