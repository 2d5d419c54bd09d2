"""Hand spot-check of accepted citations: list what still needs a verdict, then render the report.

A person reads every citation the validator accepted in a run of ``ask.py`` against its passage
and records a verdict in ``docs/ask_spotcheck_verdicts.json`` (keyed by question, citation id
and the exact sentence, so a verdict is never reused for a different sentence):

    .venv/bin/python scripts/bench/spotcheck.py --answers /tmp/ovillo-ask-answers.jsonl --todo
    .venv/bin/python scripts/bench/spotcheck.py --answers /tmp/ovillo-ask-answers.jsonl

The second form writes ``docs/ask_spotcheck.md`` (and fails while a verdict is missing).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

from core.answer.citations import answer_sentences, parse_citations, strip_citations  # noqa: E402

VERDICTS = C.REPO / "docs" / "ask_spotcheck_verdicts.json"
REPORT = C.REPO / "docs" / "ask_spotcheck.md"


def accepted(rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], str, str, dict[str, Any]]]:
    """(row, sentence, citation id, cited passage) for every citation of every grounded answer."""
    out = []
    for r in rows:
        if r["outcome"] != "grounded":
            continue
        cited = {c["id"]: c for c in r["citations"]}
        for s in answer_sentences(r["answer"]):
            for cid in parse_citations(s):
                if cid in cited:
                    out.append((r, strip_citations(s), cid, cited[cid]))
    return out


def key(row: dict[str, Any], claim: str, cid: str) -> str:
    return f"{row['question']} | {cid} | {claim}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=Path, default=Path(tempfile.gettempdir()) / "ovillo-ask-answers.jsonl")
    ap.add_argument("--todo", action="store_true", help="print the citations that still need a verdict")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.answers.read_text(encoding="utf-8").splitlines() if line.strip()]
    verdicts: dict[str, dict[str, Any]] = json.loads(VERDICTS.read_text(encoding="utf-8")) if VERDICTS.exists() else {}
    items = accepted(rows)
    todo = [(r, claim, cid, c) for r, claim, cid, c in items if key(r, claim, cid) not in verdicts]
    if args.todo:
        for r, claim, cid, c in todo:
            print(json.dumps({"key": key(r, claim, cid), "question": r["question"], "sentence": claim,
                              "passage": c["text"]}, ensure_ascii=False))
        print(f"{len(todo)} of {len(items)} accepted citations need a verdict", file=sys.stderr)
        return
    if todo:
        sys.exit(f"{len(todo)} accepted citations have no verdict yet: run with --todo")
    lines = ["| Q | sentence (shortened) | citation | supported | note |", "|---|---|---|---|---|"]
    ok = 0
    for r, claim, cid, c in items:
        v = verdicts[key(r, claim, cid)]
        ok += bool(v["supported"])
        short = claim.replace("|", "/")
        short = short if len(short) < 110 else short[:107] + "…"
        kind = "" if r["answerable"] else ", unanswerable"
        lines.append(f"| {r['i']} ({r['lang']}{kind}) | {short} | `{cid}` {c['source']} | "
                     f"{'yes' if v['supported'] else '**no**'} | {v['note']} |")
    n = len(items)
    head = REPORT.read_text(encoding="utf-8").split("<!-- table -->")[0] if REPORT.exists() else ""
    result = (f"**Result: {ok} of {n} accepted citations ({100 * ok / n:.0f} %) are supported by their passage.**"
              if n else "**Result: no citation was accepted.**")
    body = head.split("**Result:")[0] + result + "\n\n<!-- table -->\n" + "\n".join(lines) + "\n"
    REPORT.write_text(body, encoding="utf-8")
    print(result)


if __name__ == "__main__":
    main()
