"""Cross-lingual retrieval over one-sentence files, real encoder and a real import (issue #29).

The shape of the issue's held-out set: one-paragraph files named like accessions (``V0043.txt``),
which the text reader titles by the file name, or — a line without a full stop — by the line itself.
Embedding ``title › passage`` gave such a collection two kinds of vectors and cut Spanish→English
P@1 (0.68 / 0.84 on the dev / test halves of docs/benchmarks.md, "What a passage's embedded text
holds"); the passage alone gives 0.96 / 1.00. Documents: the English first sentences of the 50 UDHR
paragraphs (``resources/eval/xling``, the ``eng>es`` queries); queries: the Spanish ones (``spa>en``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from core.ingest.pipeline import IngestOptions
from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.aged_store import old_embedded_text
from tests.conftest import drain
from tests.demo_fixtures import REPO

SET = REPO / "resources" / "eval" / "xling"
THRESHOLD = 0.9  # between the two rules' P@1 on these 50 queries (c1 0.76, c2 0.98 in the benchmark)

Fixture = tuple[Ovillo, list[dict[str, str]], dict[str, str]]


@pytest.fixture(scope="module")
def sentences(tmp_path_factory: pytest.TempPathFactory, encoder: TextEncoder, models_dir: Path) -> Fixture:
    queries = [json.loads(x) for x in (SET / "queries.jsonl").read_text(encoding="utf-8").splitlines()]
    docs = {q["id"].split(":")[1]: q["query"] for q in queries if q["id"].startswith("eng>es:")}
    root = tmp_path_factory.mktemp("sentences")
    folder = root / "en"
    folder.mkdir()
    names = {}
    for n, unit in enumerate(sorted(docs, key=lambda u: hashlib.sha256(u.encode()).hexdigest()), start=1):
        names[f"V{n:04d}"] = f"udhr-en-{unit}"
        (folder / f"V{n:04d}.txt").write_text(docs[unit] + "\n", encoding="utf-8")
    app = Ovillo(root / "home", models_dir=models_dir, encoder=encoder)
    _, summary = drain(app.library.ingest([folder], IngestOptions(collection="udhr_en", lang="en", classification="public")))
    assert not summary.failed
    record_of = {str(sid): names[Path(json.loads(data)["source_path"]).stem]
                 for sid, data in app.store.cursor().execute("SELECT section_id, data FROM records").fetchall()}
    yield app, [q for q in queries if q["id"].startswith("spa>en:")], record_of
    app.close()


def p_at_1(app: Ovillo, queries: list[dict[str, str]], record_of: dict[str, str],
           vectors: np.ndarray, sids: list[str]) -> float:
    """The dense leg's exact scan (one passage per record here): the share of queries whose first record is right."""
    qv = app.encoder.embed_batch([q["query"] for q in queries], kind="query")
    best = np.argmax(qv @ vectors.T, axis=1)
    return float(np.mean([record_of[sids[b]] == q["relevant"] for b, q in zip(best, queries)]))


def test_spanish_queries_find_english_one_sentence_files(sentences: Fixture) -> None:
    app, queries, record_of = sentences
    rows = app.store.cursor().execute(
        "SELECT e.section_id, e.embedding, e.source_text, r.title FROM rag_embeddings e "
        "JOIN records r USING (section_tipo, section_id) ORDER BY e.section_id").fetchall()
    sids = [str(r[0]) for r in rows]
    stems = sum(r[3].startswith("V0") for r in rows)
    repeated = sum(r[3] == r[2] for r in rows)
    assert len(rows) == len(queries) == 50 and stems >= 20 and repeated >= 20  # premise: both kinds of title
    got = p_at_1(app, queries, record_of, np.asarray([r[1] for r in rows], np.float32), sids)
    assert got >= THRESHOLD, got
    # the rule it replaces, on the same files and queries, scores under the threshold
    old = app.encoder.embed_batch([old_embedded_text(r[3], [], r[2]) for r in rows], kind="passage")
    before = p_at_1(app, queries, record_of, old, sids)
    assert before < THRESHOLD <= got, (before, got)
