"""Typed user settings (pydantic), persisted as JSON in the data folder.

The model doubles as the schema of the preferences UI: each field carries a
title and description a front end can render.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from core.acl import CLASSIFICATIONS
from core.errors import ConfigError

SETTINGS_VERSION = 1

# -- Ask's thresholds: stated here once; the Settings defaults and core.answer read them -----------------
# Relevance gate. e5 cosines are compressed (~0.75–0.80 unrelated, 0.85+ related). Calibrated on
# resources/demo/ask_questions.jsonl (46 questions, 12 unanswerable), best dense cosine of the
# retrieved passages: answerable 0.814–0.919, unanswerable 0.792–0.863 — the ranges overlap, so
# no threshold separates them. The gate sits below every answerable question (0.80, margin 0.014
# under the lowest): refusing a real question costs more than a model call. It refuses the
# clearly off-archive questions (1 of 12 in the demo set); the model's NO_ANSWER and the
# validator handle the rest. A threshold of 0.845 would refuse 8/12 unanswerable but also 7/34
# answerable questions. It stays the floor a passage must reach to be evidence at all.
MIN_RELEVANCE = 0.80
# Second part of the gate, measured on resources/eval/ask (scripts/bench/gate.py, issue #13): the best
# cosine plus GATE_COVERAGE_WEIGHT × the share of the question's content words found in the retrieved
# passages must reach MIN_RELEVANCE + GATE_SUPPORT_MARGIN. Among cosine, margins over off-topic and
# archive-mean cosines and cosine + w·coverage (w 0.05–0.2), these values refused the most unanswerable
# *dev* questions (8/11) within the 1-in-20 answerable bound (1/23) — but on the *test* half they refused
# 4/22 answerable questions (cosine alone: 3/22) and 4/10 unanswerable: chosen on a dev half this small,
# they did not generalise, so the shipped default is off (weight 0, margin 0: the plain cosine gate) and
# these are the dev choice, switched on with AskOptions(coverage_weight=..., support_margin=...).
GATE_COVERAGE_WEIGHT = 0.2
GATE_SUPPORT_MARGIN = 0.133
# P(yes) the answer model must give a span for it to be the answer. Chosen on the dev half of
# resources/eval/ask (scripts/bench/ask.py --split dev, docs/design.md §8): the lowest threshold at which
# no unanswerable dev question has a span accepted (34 dev questions, then again on 60).
SPAN_CHECK = 0.80
# The model check a written sentence's citation needs (citations.validate); Ask itself reads spans (SPAN_CHECK).
MODEL_CHECK = 0.65
# Share of the content words a sentence adds to the question that a cited passage must hold (citations).
LEXICAL_SUPPORT = 0.5
# e5 cosine (sentence as query, passage as passage) from which a cited passage supports a sentence
# that shares few words with it (a translation): the "related" end of e5's range.
SEMANTIC_SUPPORT = 0.86
# An OCR'd page read with less confidence than this (the recogniser's line scores weighted by characters)
# is named in the ingest summary, `ovillo status` and the record view: its text may need checking.
OCR_LOW_CONFIDENCE = 0.75


def default_threads() -> int:
    """One core is left for the user interface and the rest of the machine (docs/design.md §4)."""
    return max(1, (os.cpu_count() or 2) - 1)


class Settings(BaseModel):
    """Everything a user may change."""

    version: int = Field(SETTINGS_VERSION, description="settings format version")
    text_model: str = Field("multilingual-e5-small", title="Text model",
                            description="Encoder used for new indexes (name of a model manifest).")
    image_model: str = Field("sscd-disc-mixup-distilled", title="Image model",
                             description="Encoder for photographs of objects (name of a model manifest).")
    image_max_px: int = Field(1024, ge=288, le=16384, title="Largest photograph side before encoding (px)",
                              description="Larger photographs are reduced to this long side when read (never the "
                                          "short side below the 288 px the image model resizes to).")
    objects_neighbours: int = Field(10, ge=3, le=100, title="Neighbours that vote when characterizing an object")
    threads: int = Field(default_factory=default_threads, ge=1, le=256, title="Threads",
                         description="CPU threads for the encoder and the answer model.")
    embed_batch: int = Field(32, ge=1, le=512, title="Embedding batch size")
    chunk_target_tokens: int = Field(450, ge=64, le=510, title="Target chunk size (tokens)")
    chunk_min_tokens: int = Field(120, ge=16, le=400, title="Minimum chunk size (tokens)")
    default_classification: str = Field("restricted", pattern=f"^({'|'.join(CLASSIFICATIONS)})$",
                                        title="Classification of locally ingested records")
    claim_ttl_s: int = Field(600, ge=5, title="Seconds before an abandoned queue claim is retried")
    max_attempts: int = Field(3, ge=1, le=20, title="Attempts before a failing source is parked")
    max_file_mb: int = Field(200, ge=1, title="Largest file accepted (MB)")
    lexical_weight: float = Field(1.0, ge=0.0, le=1.0, title="Keyword weight in hybrid search",
                                  description="Weight in Reciprocal Rank Fusion (dense = 1) of a BM25 hit holding "
                                              "every query word; a hit holding fewer counts less (coverage³).")
    ui_language: str = Field("system", title="Interface language")
    # fused RRF scores mean nothing to a reader ("score 0.0242"); they help whoever tunes retrieval
    show_scores: bool = Field(False, title="Show retrieval scores on results",
                              description="For tuning and debugging; never shown in the kiosk.")
    answer_model: str = Field("qwen2.5-coder-1.5b-instruct-q4_k_m", title="Answer model",
                              description="GGUF generation model used by Ask (name of a model manifest).")
    # 2048 / 6 passages: prompt evaluation dominates the wait on a laptop CPU (about 20-40 tokens/s
    # measured here, docs/benchmarks.md "Ask"), and a 4096 / 8 prompt doubles it.
    # the answer model runs in its own process and prompt evaluation scales with cores, so it gets
    # them all (the window's thread is idle while it waits for tokens); the encoder keeps one free
    answer_threads: int = Field(default_factory=lambda: os.cpu_count() or 1, ge=1, le=256,
                                title="Answer model threads",
                                description="CPU threads of the answer model (its own process).")
    answer_n_ctx: int = Field(2048, ge=512, le=32768, title="Answer context size (tokens)",
                              description="Context window the answer model is loaded with; the prompt budget "
                                          "follows it. Larger gives more evidence but a slower first token.")
    answer_max_tokens: int = Field(256, ge=16, le=4096, title="Longest answer (tokens)")
    answer_passages: int = Field(6, ge=1, le=50, title="Passages retrieved per question")
    answer_min_relevance: float = Field(MIN_RELEVANCE, ge=-1.0, le=1.0, title="Relevance threshold (dense cosine)",
                                        description="Below it a passage is not evidence; with none, Ask refuses "
                                                    "without calling the model (calibrated for e5).")
    answer_span_check: float = Field(SPAN_CHECK, ge=0.0, le=1.0, title="Answer check threshold",
                                     description="The answer model reads each sentence of the archive found for a "
                                                 "question; below this probability of \"yes, it answers\" the "
                                                 "sentence is shown as related, not as the answer.")


def load_settings(path: Path) -> Settings:
    """Read settings, migrating older versions; a missing file gives defaults."""
    if not path.exists():
        return Settings()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(f"cannot read settings {path}: {exc}",
                          hint="Fix or delete the file; defaults will be used.") from exc
    raw = _migrate(raw)
    try:
        return Settings.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(f"invalid settings in {path}: {exc}") from exc


def save_settings(settings: Settings, path: Path) -> None:
    """Write settings atomically (write, then rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(settings.model_dump_json(indent=2), encoding="utf-8")
    tmp.replace(path)


def _migrate(raw: dict[str, object]) -> dict[str, object]:
    """Bring an older settings dict to the current version (none older exist yet)."""
    raw.setdefault("version", SETTINGS_VERSION)
    return raw
