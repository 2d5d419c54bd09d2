"""Retrieval quality on a labelled query set (recall@k, MRR) — used by tests and benchmarks.

Labels name records the way a person would: a file path relative to the
collection root (``diaries/x.md``) or a CSV row (``catalogue/objects.csv#CMF-001``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from core.ids import section_id_for
from core.retrieval.hits import Hit


@dataclass(frozen=True)
class LabelledQuery:
    """A query and the records that answer it."""

    query: str
    lang: str
    relevant: frozenset[int]  # section_ids
    labels: tuple[str, ...]
    restricted: bool = False


def label_to_section_id(root: Path, label: str) -> int:
    """``file`` or ``file.csv#ROWID`` → the section_id ingest gives that record."""
    path, _, row = label.partition("#")
    return section_id_for(str((root / path).absolute()), f"row:{row}" if row else "")


def load_query_set(path: Path, root: Path) -> list[LabelledQuery]:
    """Read a JSONL query set (``query``, ``lang``, ``relevant``, optional ``restricted``)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        d = json.loads(line)
        out.append(LabelledQuery(d["query"], d.get("lang", ""),
                                 frozenset(label_to_section_id(root, lab) for lab in d["relevant"]),
                                 tuple(d["relevant"]), bool(d.get("restricted"))))
    return out


@dataclass(frozen=True)
class Quality:
    """Averages over a query set."""

    recall_at_k: float
    mrr: float
    hit_rate: float  # share of queries with at least one relevant record in the top k
    queries: int


def evaluate(queries: Sequence[LabelledQuery], run: Callable[[str], list[Hit]], k: int = 10) -> Quality:
    """recall@k (share of relevant records retrieved, averaged), MRR and hit rate over record-level results."""
    recalls, rrs, hits = [], [], []
    for q in queries:
        ranked = [h.section_id for h in run(q.query)][:k]
        found = [sid for sid in ranked if sid in q.relevant]
        recalls.append(len(set(found)) / len(q.relevant))
        first = next((i for i, sid in enumerate(ranked, 1) if sid in q.relevant), None)
        rrs.append(1.0 / first if first else 0.0)
        hits.append(1.0 if first else 0.0)
    n = max(len(queries), 1)
    return Quality(sum(recalls) / n, sum(rrs) / n, sum(hits) / n, len(queries))
