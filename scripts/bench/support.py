"""Calibrating the semantic support threshold from the answers the ask benchmark saved.

Pairs come from grounded answers (``scripts/bench/ask.py`` writes them): a *positive* is an
answer sentence with a passage it cites (accepted by the validator; the hand spot-check in
``docs/ask_spotcheck.md`` found how many truly support it); a *negative* is the same sentence
with a cited passage of an answer to a different question. The e5 cosine (sentence as query,
passage as passage) of both sets shows where a threshold separates "says the same" from "is
about the same archive".

    .venv/bin/python scripts/bench/support.py [--answers /tmp/ovillo-ask-answers.jsonl]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

from core.answer.citations import answer_sentences, parse_citations, strip_citations  # noqa: E402
from core.answer.engine import SEMANTIC_SUPPORT  # noqa: E402


def pairs(rows: list[dict]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:  # type: ignore[type-arg]
    """(sentence, passage) positives and cross-question negatives."""
    pos: list[tuple[str, str]] = []
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
                    pos.append((claim, texts[cid]))
            neg.extend((claim, t) for t in others[:1])
    return pos, neg


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=Path, default=Path(tempfile.gettempdir()) / "ovillo-ask-answers.jsonl")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    rows = [json.loads(x) for x in args.answers.read_text(encoding="utf-8").splitlines() if x.strip()]
    pos, neg = pairs(rows)
    enc = C.load_encoder(args.threads)

    def cos(ps: list[tuple[str, str]]) -> list[float]:
        q = enc.embed_batch([a for a, _ in ps], kind="query")
        p = enc.embed_batch([b for _, b in ps], kind="passage")
        return sorted(float(x) for x in (q * p).sum(axis=1))

    cp, cn = cos(pos), cos(neg)
    rows_md = []
    for t in (0.82, 0.84, 0.85, 0.86, 0.87, 0.88, 0.90):
        rows_md.append([f"{t:.2f}" + (" (product)" if abs(t - SEMANTIC_SUPPORT) < 1e-9 else ""),
                        f"{sum(x >= t for x in cp)}/{len(cp)}", f"{sum(x >= t for x in cn)}/{len(cn)}"])
    body = (f"## Semantic support threshold (`scripts/bench/support.py`)\n\n"
            f"From the grounded answers of the ask run: {len(cp)} (sentence, cited passage) pairs the validator "
            f"accepted (the hand check in `docs/ask_spotcheck.md` found only about half of them truly supported, "
            f"so these positives are noisy) and {len(cn)} "
            f"(sentence, passage cited for another question) pairs. e5 cosine, positives min / median / max "
            f"{cp[0]:.3f} / {C.median(cp):.3f} / {cp[-1]:.3f}; negatives {cn[0]:.3f} / {C.median(cn):.3f} / "
            f"{cn[-1]:.3f}.\n\n"
            + C.md_table(["threshold", "positives at or above (accepted)", "negatives at or above (false support)"],
                         rows_md)
            + "\n\nThe semantic test only decides sentences that fail the lexical test (translations, paraphrase);"
              " a false support here needs the numbers check to pass too. 0.86 admits no cross-question pair but"
              " does not separate a supported sentence from an unsupported one about the same record (both span"
              " 0.79–0.91 among the hand-labelled pairs), so it is weak evidence, used only for translations.\n")
    C.write_section("support", body)
    print(body)


if __name__ == "__main__":
    main()
