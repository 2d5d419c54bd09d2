"""Search results taken away as CSV, JSON and Markdown: the hits shown, nothing looked up again."""

from __future__ import annotations

import csv
import io
import json

from core.retrieval.export import COLUMNS, results_csv, results_json, results_markdown
from core.retrieval.hits import Hit


def hit(title: str, snippet: str, **kw: object) -> Hit:
    base = dict(section_tipo="demo", section_id=42, title=title, component_tipo="rag:text", lang="ca", chunk_index=2,
                snippet=snippet, score=0.0321, source_path="/arxiu/diari.md", page=None, tc_in=None,
                classification="public")
    base.update(kw)
    return Hit(**base)  # type: ignore[arg-type]


HITS = [hit("Diari de la trinxera 4", "El forn fa 2,4 m de diàmetre interior"),
        hit("=HYPERLINK(\"http://x\")", "-2+3 *bold* | pipe", section_id=7, page=3, lang=None),
        hit("Entrevista a Josep", "va trobar les monedes", tc_in=754.9, chunk_index=0)]


def test_csv_has_a_row_per_result_and_no_cell_a_spreadsheet_would_run() -> None:
    rows = list(csv.DictReader(io.StringIO(results_csv(HITS))))
    assert tuple(rows[0]) == COLUMNS and len(rows) == 3
    assert rows[0]["rank"] == "1" and rows[0]["passage"] == "3" and rows[0]["record"] == "42"
    assert rows[1]["title"].startswith("'=") and rows[1]["snippet"].startswith("'-")  # shown as text, never run
    assert rows[1]["page"] == "3" and rows[2]["time"] == "0:12:34" and rows[2]["passage"] == "1"


def test_json_keeps_the_query_the_count_and_each_result_as_the_cli_gives_it() -> None:
    data = json.loads(results_json("forn de terrissa", HITS, total=9))
    assert data["query"] == "forn de terrissa" and data["total"] == 9 and data["exported"]
    assert data["results"] == [h.to_json() for h in HITS]


def test_markdown_escapes_what_would_be_markup() -> None:
    md = results_markdown("forn *de* terrissa", HITS)
    assert md.startswith("**forn \\*de\\* terrissa**")
    assert "2. =HYPERLINK(\"http://x\") (demo, p. 3)" in md and "\\*bold\\* \\| pipe" in md
    assert "3. Entrevista a Josep (demo, 0:12:34)" in md
