"""Replay the validator of today's code on the answers an ``ask.py`` run saved, without generating again.

Generation is deterministic here (fixed seed, same prompt), so the saved attempts are what the
model would write again; only the checks after it are re-run: retrieval and context rebuild the
same labelled evidence, then each could-not-ground answer goes through ``validate`` (with the real
model check) and the engine's last steps (keep a groundable first attempt, move a citation written
under the wrong label). Prints one line per replayed question and the new totals.

    .venv/bin/python scripts/bench/ask_replay.py --answers /tmp/ovillo-ask-answers.jsonl [--threads 2]
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

from core.answer.citations import reattribute, tidy, validate  # noqa: E402
from core.answer.context import build_context  # noqa: E402
from core.answer.engine import AskOptions  # noqa: E402
from core.answer.prompt import question_language  # noqa: E402
from core.answer.verify import MOVE_CHECK, model_check  # noqa: E402
from core.ingest.pipeline import IngestOptions  # noqa: E402
from core.models.generator import load_generator  # noqa: E402
from core.paths import default_models_dir  # noqa: E402
from core.service import Ovillo  # noqa: E402
from core.settings import Settings  # noqa: E402


def replay(app: Ovillo, row: dict[str, Any], settings: Settings) -> tuple[str, str, list[dict[str, Any]]]:
    """(outcome, answer as shown, its citations) of today's checks on the saved attempts of one question."""
    opt = AskOptions(limit=settings.answer_passages, min_relevance=settings.answer_min_relevance,
                     semantic_support=settings.answer_semantic_support, model_check=settings.answer_model_check)
    profile = app.profile("owner")
    hits = [h for h in app.searcher().retrieve(row["question"], profile, limit=opt.limit)
            if h.dense_score is not None and h.dense_score >= opt.min_relevance]
    gen = app.generator()
    ctx = build_context(row["question"], hits, gen, max_tokens=settings.answer_max_tokens,
                        lang=question_language(row["question"]), short_labels=True,
                        scope=f"{len(hits)} passages from the archive visible to profile {profile.name}")
    by_id = {e.id: e for e in ctx.evidence}
    assert [e.id for e in ctx.evidence] == [e["id"] for e in row["evidence"]], "evidence differs from the run"
    entails = model_check(gen)
    enc = app.encoder

    def similarity(sentence: str, passage: str) -> float:  # as Ovillo.ask gives the engine
        return float(enc.embed_batch([sentence], kind="query")[0] @ enc.embed_batch([passage], kind="passage")[0])

    def check(text: str, attempt: int) -> Any:
        return validate(tidy(text.strip()), by_id, question=row["question"], entails=entails, similarity=similarity,
                        entailment_min=opt.model_check, semantic=opt.semantic_support, attempt=attempt)

    first = check(row["attempts"]["1"], 1)
    final = first
    if "2" in row["attempts"]:
        final = check(row["attempts"]["2"], 2)
        if not final.ok and first.ok:
            final = first
        if not final.ok:
            reattribute(final, by_id, question=row["question"], entails=entails,  # as the engine does
                        entailment_min=max(opt.model_check, MOVE_CHECK) if opt.model_check > 0 else 0.0,
                        similarity=similarity, semantic=opt.semantic_support)
    if not final.ok:
        return "could not ground", "", []
    cited = [{"id": i, "text": by_id[i].hit.text, "source": Path(by_id[i].hit.source_path or "").name}
             for i in final.valid_ids]
    return "grounded", final.shown(by_id), cited


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=Path, required=True)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.answers.read_text(encoding="utf-8").splitlines() if line.strip()]
    settings = Settings(threads=args.threads)
    gen = load_generator(default_models_dir(), settings.answer_model, threads=args.threads,
                         n_ctx=settings.answer_n_ctx)
    out = []
    with tempfile.TemporaryDirectory(prefix="ovillo-replay-") as tmp:
        with Ovillo(tmp, encoder=C.load_encoder(args.threads), generator=gen, settings=settings) as app:
            for _ in app.ingest([C.DEMO / f for f in C.DEMO_FOLDERS],
                                IngestOptions(collection="demo", classification="public")):
                pass
            for row in rows:
                outcome, shown, cited = (row["outcome"], row["answer"], row["citations"])
                if row["outcome"] == "could not ground":
                    outcome, shown, cited = replay(app, row, settings)
                    print(f"{row['i']:2d} {'A' if row['answerable'] else 'U'} {outcome:<18} {shown[:110]!r}",
                          file=sys.stderr, flush=True)
                out.append({**row, "outcome": outcome, "answer": shown, "citations": cited,
                            "replayed": row["outcome"] != outcome})
    ans = [r for r in out if r["answerable"]]
    una = [r for r in out if not r["answerable"]]
    print(json.dumps({"answerable_grounded": sum(r["outcome"] == "grounded" for r in ans), "answerable": len(ans),
                      "unanswerable_grounded": sum(r["outcome"] == "grounded" for r in una),
                      "unanswerable": len(una)}))
    args.answers.with_suffix(".replay.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out), encoding="utf-8")


if __name__ == "__main__":
    main()
