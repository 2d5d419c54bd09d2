"""Hybrid is never below the dense leg on the archive-like cross-lingual pairs written for Ovillo.

The English→Spanish and Spanish→Catalan pairs of ``resources/eval/xling/own_*.jsonl`` (dev half,
where the coverage floor was chosen) are indexed beside the demo archive, whose passages in the
query's language share a few words with most queries. Without the floor those partial keyword
matches outvoted the dense leg's first answer (P@1 0.75 vs 0.80 and 0.90 vs 1.00).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.acl import OWNER
from core.ingest.pipeline import IngestOptions
from core.models.encoder import TextEncoder
from core.filters import SearchFilters
from core.retrieval.search import Searcher
from core.service import Ovillo
from tests.conftest import drain
from tests.demo_fixtures import REPO, copy_home

SET = REPO / "resources" / "eval" / "xling"
PAIRS = (("en", "es"), ("es", "ca"))

Fixture = tuple[Ovillo, list[dict[str, str]], dict[str, tuple[str, int]]]


@pytest.fixture(scope="module")
def own(tmp_path_factory: pytest.TempPathFactory, demo_home: Path, encoder: TextEncoder,
        models_dir: Path) -> Iterator[Fixture]:
    root = tmp_path_factory.mktemp("own_pairs")
    app = Ovillo(copy_home(demo_home, root / "home"), models_dir=models_dir, encoder=encoder)
    docs = [json.loads(x) for x in (SET / "own_docs.jsonl").read_text(encoding="utf-8").splitlines()]
    for lang in sorted({d for _, d in PAIRS}):
        folder = root / lang
        folder.mkdir()
        for d in docs:
            if d["lang"] == lang:
                (folder / f"{d['id']}.txt").write_text(d["text"], encoding="utf-8")
        _, summary = drain(app.library.ingest([folder], IngestOptions(collection=f"own_{lang}", lang=lang,
                                                              classification="public")))
        assert not summary.failed
    records = {}
    for tipo, sid, data in app.store.cursor().execute("SELECT section_tipo, section_id, data FROM records").fetchall():
        stem = Path(json.loads(data).get("source_path") or "x").stem
        if stem.startswith("own-"):
            records[stem] = (tipo, int(sid))
    queries = [json.loads(x) for x in (SET / "own_queries.jsonl").read_text(encoding="utf-8").splitlines()]
    chosen = [q for q in queries if q["split"] == "dev" and (q["query_lang"], q["doc_lang"]) in PAIRS]
    yield app, chosen, records
    app.close()


FLOOR_COST = {("en", "es"): 2}  # queries of the pair the relevance floor empties today (issue #29 stays open)


def p_at_1(searcher: Searcher, mode: str, queries: list[dict[str, str]], records: dict[str, tuple[str, int]]) -> float:
    right = 0
    for q in queries:
        hits = searcher.search(q["query"], OWNER, limit=10, mode=mode,
                               filters=SearchFilters(collections=(f"own_{q['doc_lang']}", "demo")))
        right += bool(hits) and (hits[0].section_tipo, hits[0].section_id) == records[q["relevant"]]
    return right / len(queries)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0]}>{p[1]}")
def test_hybrid_reaches_dense_on_own_pairs(own: Fixture, pair: tuple[str, str]) -> None:
    app, queries, records = own
    qs = [q for q in queries if (q["query_lang"], q["doc_lang"]) == pair]
    assert len(qs) == 20
    s = Searcher(app.store, app.encoder)
    s.floor = None  # the fusion alone; the relevance floor is weighed just below
    dense, hybrid = p_at_1(s, "dense", qs, records), p_at_1(s, "hybrid", qs, records)
    assert hybrid >= dense, (pair, hybrid, dense)
    # the floor as shipped wrongly empties 2 of these 20 en>es queries (best cosine 0.81-0.82, a third or
    # less of their words shared; the window offers their closest records): no more may follow
    floored = p_at_1(Searcher(app.store, app.encoder), "hybrid", qs, records)
    assert floored >= hybrid - FLOOR_COST.get(pair, 0) / len(qs) - 1e-9, (pair, floored, hybrid)
