"""Calibrating the semantic support threshold from the answers the ask benchmark saved.

Pairs come from grounded answers (``scripts/bench/ask.py`` saves them in ``docs/bench-raw/ask.json``):
a *positive* is an answer sentence with a passage it cites (accepted by the validator; where a
person judged it in ``docs/ask_spotcheck_verdicts.json`` the verdict splits the positives into
supported and not supported); a *negative* is the same sentence with a cited passage of an answer
to a different question. The e5 cosine (sentence as query, passage as passage) of these sets shows
where a threshold separates "says the same" from "is about the same archive".

    .venv/bin/python scripts/bench/support.py [--rebuild]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

from core.answer.citations import answer_sentences, parse_citations, strip_citations  # noqa: E402
from core.answer.engine import SEMANTIC_SUPPORT  # noqa: E402

RAW_NAME = "support.json"
THRESHOLDS = (0.82, 0.84, 0.85, 0.86, 0.87, 0.88, 0.90)
VERDICTS = C.REPO / "docs" / "ask_spotcheck_verdicts.json"


def pairs(rows: list[dict[str, Any]]) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]]]:
    """(verdict key, sentence, passage) positives and (sentence, passage) cross-question negatives."""
    pos: list[tuple[str, str, str]] = []
    neg: list[tuple[str, str]] = []
    grounded = [r for r in rows if r["outcome"] == "grounded"]
    for n, r in enumerate(grounded):
        texts = {c["id"]: c["text"] for c in r["citations"]}
        others = [c["text"] for o in grounded[n + 1:] + grounded[:n] if o["question"] != r["question"]
                  for c in o["citations"]][:3]
        for sent in answer_sentences(r["answer"]):
            claim = strip_citations(sent)
            for cid in parse_citations(sent):
                if cid in texts:
                    pos.append((f"{r['question']} | {cid} | {claim}", claim, texts[cid]))
            neg.extend((claim, t) for t in others[:1])
    return pos, neg


def spread(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"{xs[0]:.3f} / {C.median(xs):.3f} / {xs[-1]:.3f} (n={len(xs)})" if xs else "— (n=0)"


def render(raw: dict[str, Any]) -> str:
    cp, cn = raw["positives"], raw["negatives"]
    yes = [p["cos"] for p in cp if p["verdict"] is True]
    no = [p["cos"] for p in cp if p["verdict"] is False]
    allp = [p["cos"] for p in cp]
    out = ["## Semantic support threshold (`scripts/bench/support.py`)", ""]
    out.append(C.stamp_line(raw["stamp"]) + f" From the grounded answers of the ask run measured "
               f"{raw['run_stamp']['date']} at commit `{raw['run_stamp']['commit']}`.")
    out.append("")
    out.append(f"{len(cp)} (sentence, cited passage) pairs the validator accepted — {len(yes)} a person judged "
               f"supported, {len(no)} not supported, {len(cp) - len(yes) - len(no)} not judged "
               f"(`docs/ask_spotcheck_verdicts.json`) — and {len(cn)} (sentence, passage cited for another "
               "question) pairs. e5 cosine, min / median / max:")
    out.append("")
    out.append(C.md_table(["pairs", "cosine"], [["accepted, all", spread(allp)], ["accepted, judged supported",
                                                                                 spread(yes)],
                                                 ["accepted, judged not supported", spread(no)],
                                                 ["other question's passage", spread(cn)]]))
    out.append("")
    rows = []
    for t in THRESHOLDS:
        rows.append([f"{t:.2f}" + (" (product)" if abs(t - raw["product"]) < 1e-9 else ""),
                     f"{sum(x >= t for x in allp)}/{len(allp)}", f"{sum(x >= t for x in yes)}/{len(yes)}",
                     f"{sum(x >= t for x in no)}/{len(no)}", f"{sum(x >= t for x in cn)}/{len(cn)}"])
    out.append(C.md_table(["threshold", "accepted pairs at or above", "… judged supported", "… judged not supported",
                           "other question's passage at or above (false support)"], rows))
    out.append("")
    out.append("The semantic test only decides sentences that fail the lexical test (translations, paraphrase); a "
               "false support here also needs the numbers check to pass. A threshold that admits no cross-question "
               "pair can still fail to separate a supported sentence from an unsupported one about the same record "
               "(compare the judged rows), so this is weak evidence, used only for translations.")
    out.append("")
    if raw.get("split") == "test":
        out.append(f"**Tuning:** the product's {raw['product']:.2f} was first set from e5's general cosine range "
                   "(\"the related end\", `core/answer/engine.py`) and then kept on this table computed on a "
                   "2026-11-29 run of the demo questions; these pairs come from the held-out **test** half of "
                   "`resources/eval/ask`, which it never saw.")
    else:
        out.append(f"**Tuning — in-sample, stated plainly:** the product's {raw['product']:.2f} was first set from "
                   "e5's general cosine range (\"the related end\", `core/answer/engine.py`) and then kept on the "
                   "evidence of this table computed on an earlier ask run of this same question set (2026-11-29); "
                   "these pairs come from the same questions, so the table describes the threshold on the data it "
                   "was checked on — it is not a held-out test.")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from docs/bench-raw/support.json")
    args = ap.parse_args()
    if args.rebuild:
        raw = C.load_raw(RAW_NAME)
        if not isinstance(raw, dict):
            raise SystemExit(f"no raw results at {C.raw_path(RAW_NAME)}: run without --rebuild")
        C.write_section("support", render(raw))
        return
    stamp = C.stamp()
    run = C.load_raw("ask.json")
    if not isinstance(run, dict):
        raise SystemExit(f"no ask results at {C.raw_path('ask.json')}: run scripts/bench/ask.py first")
    pos, neg = pairs(run["rows"])
    verdicts: dict[str, dict[str, Any]] = json.loads(VERDICTS.read_text(encoding="utf-8")) if VERDICTS.exists() else {}
    enc = C.load_encoder(args.threads)

    def cos(ps: list[tuple[str, str]]) -> list[float]:
        if not ps:
            return []
        q = enc.embed_batch([a for a, _ in ps], kind="query")
        p = enc.embed_batch([b for _, b in ps], kind="passage")
        return [round(float(x), 4) for x in (q * p).sum(axis=1)]

    cp = cos([(a, b) for _, a, b in pos])
    raw = {"stamp": stamp, "run_stamp": run["meta"]["stamp"], "split": run["meta"].get("split"),
           "product": SEMANTIC_SUPPORT,
           "positives": [{"cos": c, "verdict": verdicts[k]["supported"] if k in verdicts else None}
                         for (k, _, _), c in zip(pos, cp)],
           "negatives": cos(neg)}
    C.save_raw(RAW_NAME, raw)
    body = render(raw)
    C.write_section("support", body)
    print(body)


if __name__ == "__main__":
    main()
