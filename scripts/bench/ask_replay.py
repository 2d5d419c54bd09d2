"""Replay today's checks on every answer an ``ask.py`` run saved, generating only where a prompt changed.

Every question of the run goes through the product's own ``Ovillo.ask`` again — retrieval, the
relevance gate, context, validation with the real model check, the one regeneration, citation
moves — with the answer model's text served from the run's saved attempts. Attempt *k* of a
question is served from the run only when today's prompt for it is identical to the one the run
sent (the run saved a sha256 of each prompt); otherwise — the context, the prompt or the
corrective note changed, or today's code asks for a regeneration the run never made — the real
model writes it now (deterministic: seed 7, the product's settings) and the row says so. Model
checks always run on the real model. Grounded answers are re-checked like the others, so the
grounded count can fall as well as rise.

Right after ``ask.py`` (as ``run_all`` runs it) nothing changed in between, so any difference is
non-determinism; after a change to the validator it shows that change's effect without the hour
of generation.

Reads ``docs/bench-raw/ask.json``; writes ``docs/bench-raw/ask-replay.json`` and the "replay" section.
With ``--split dev`` it reads a dev run (``ask-dev.json``, or ``ask-dev-TAG.json`` with ``--tag``) and
writes ``ask-dev-replay.json`` (``--out NAME``: ``ask-dev-replay-NAME.json``), printing its section
instead of writing it: dev results choose parameters, they are not reported.

    .venv/bin/python scripts/bench/ask_replay.py [--threads 2]
    .venv/bin/python scripts/bench/ask_replay.py --rebuild
    .venv/bin/python scripts/bench/ask_replay.py --split dev --tag baseline --out quote-rules
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402
import ask as A  # noqa: E402

from core.ingest.pipeline import IngestOptions  # noqa: E402
from core.models.generator import Generator, Message, load_generator  # noqa: E402
from core.paths import default_models_dir  # noqa: E402
from core.progress import CancelToken  # noqa: E402
from core.service import Ovillo  # noqa: E402
from core.settings import Settings  # noqa: E402

RAW_NAME = "ask-replay.json"


class Replay(Generator):
    """Serves a question's saved attempts for identical prompts; the real model for the rest and every check."""

    def __init__(self, inner: Generator) -> None:
        self.inner = inner
        self.name = inner.name
        self.n_ctx = inner.n_ctx
        self.row: dict[str, Any] = {}
        self.k = 0
        self.log: dict[int, dict[str, list[int]]] = {}
        self.i = -1

    def begin(self, i: int, row: dict[str, Any]) -> None:
        """The next question replays ``row`` (the run's row for it)."""
        self.i, self.row, self.k = i, row, 0
        self.log[i] = {"served": [], "generated": [], "unverified": []}

    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        self.k += 1
        saved = self.row.get("attempts", {}).get(str(self.k))
        want = self.row.get("prompts", {}).get(str(self.k))
        if saved is not None and (want is None or want == A.prompt_sha(messages)):
            self.log[self.i]["unverified" if want is None else "served"].append(self.k)
            yield saved
            return
        self.log[self.i]["generated"].append(self.k)
        yield from self.inner.stream(messages, max_tokens=max_tokens, stop=stop, cancel=cancel)

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        return self.inner.yes_probability(messages, cancel=cancel)

    def close(self) -> None:
        self.inner.close()


def render(raw: dict[str, Any]) -> str:
    """The replay section from the saved rows of the run and of the replay."""
    run, rep = raw["run_rows"], raw["rows"]
    a, b = A.summarise(run), A.summarise(rep)
    out = ["## Replay: today's checks on the saved answers (`scripts/bench/ask_replay.py`)", ""]
    out.append(C.stamp_line(raw["stamp"], "Replayed") + f" It replays the ask run measured {raw['run_stamp']['date']} "
               f"at commit `{raw['run_stamp']['commit']}` (the ask section), all {len(run)} questions.")
    out.append("")
    out.append("Every question goes through the product's `Ovillo.ask` again (retrieval, gate, validation with the "
               "real model check, regeneration, citation moves); the model's text is served from the run's saved "
               "attempts only where today's prompt is identical to the run's, otherwise the model writes it now. "
               "Grounded answers are re-checked too, so the grounded count can fall as well as rise.")
    out.append("")
    rows = [
        ["answerable grounded", A.pct(a["grounded"]), A.pct(b["grounded"])],
        ["answerable refused", A.pct(a["false_refusal"]), A.pct(b["false_refusal"])],
        ["answerable, could not ground", A.pct(a["could_not_ground"]), A.pct(b["could_not_ground"])],
        ["unanswerable answered as grounded", A.pct(a["una_grounded"]), A.pct(b["una_grounded"])],
        ["unanswerable refused", A.pct(a["refused_unanswerable"]), A.pct(b["refused_unanswerable"])],
        ["citations accepted in grounded answers", str(a["accepted"]), str(b["accepted"])],
        ["sentences moved to the passage that states them", str(a["moved"]), str(b["moved"])],
        ["sentences of answers cited nowhere, attributed to the passage that states them",
         str(a.get("attributed", 0)), str(b.get("attributed", 0))],
        ["citation precision, final attempt (validator)", A.pct(a["precision_final"]), A.pct(b["precision_final"])],
    ]
    out.append(C.md_table([f"same {len(run)} questions", "ask run", "replayed with today's checks"], rows))
    out.append("")
    by_q = {r["question"]: r for r in run}
    up = [r["i"] for r in rep if r["outcome"] == "grounded" and by_q[r["question"]]["outcome"] != "grounded"]
    down = [r["i"] for r in rep if r["outcome"] != "grounded" and by_q[r["question"]]["outcome"] == "grounded"]
    other = [r["i"] for r in rep if r["outcome"] != by_q[r["question"]]["outcome"] and r["i"] not in up + down]
    same_text = sum(1 for r in rep if r["outcome"] == "grounded" and r["answer"] == by_q[r["question"]]["answer"]
                    and by_q[r["question"]]["outcome"] == "grounded")
    served = sum(len(r["replay"]["served"]) for r in rep)
    generated = sum(len(r["replay"]["generated"]) for r in rep)
    unverified = sum(len(r["replay"]["unverified"]) for r in rep)
    out.append(f"Outcomes that changed: now grounded {len(up)} ({', '.join(f'Q{i}' for i in up) or 'none'}); no "
               f"longer grounded {len(down)} ({', '.join(f'Q{i}' for i in down) or 'none'}); other changes "
               f"{len(other)} ({', '.join(f'Q{i}' for i in other) or 'none'}). Grounded in both with the identical "
               f"shown answer: {same_text}. Attempts served from the run: {served}; written by the model now "
               f"(prompt differed, or a regeneration the run did not make): {generated}"
               + (f"; served without a saved prompt fingerprint (older run, unverified): {unverified}"
                  if unverified else "") + ".")
    out.append("")
    t = raw.get("thresholds", {})
    out.append(A.tuning_note(raw.get("split", "test"), t.get("min_relevance", A.MIN_RELEVANCE),
                             t.get("semantic", A.SEMANTIC_SUPPORT),
                             t.get("model_check", A.MODEL_CHECK), t.get("move_check", A.MOVE_CHECK)))
    out.append(f"Replayed rows: `docs/bench-raw/{raw.get('name', RAW_NAME)}`; a person's reading of the citations "
               "accepted here is in the spot-check section.")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2, help="llama.cpp and encoder threads (default 2, as ask.py)")
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from docs/bench-raw/ask-replay.json")
    ap.add_argument("--split", choices=("test", "dev"), default="test", help="which ask run to replay (default test)")
    ap.add_argument("--tag", default="", help="dev only: replay docs/bench-raw/ask-dev-TAG.json (a run, or a "
                    "replay: --tag replay-NAME)")
    ap.add_argument("--out", default="", help="dev only: write docs/bench-raw/ask-dev-replay-OUT.json")
    args = ap.parse_args()
    dev = args.split != "test"
    if not dev and (args.tag or args.out):
        raise SystemExit("--tag and --out name dev files only")
    out_name = RAW_NAME if not dev else (f"ask-dev-replay-{args.out}.json" if args.out else "ask-dev-replay.json")
    if args.rebuild:
        raw = C.load_raw(out_name)
        if not isinstance(raw, dict):
            raise SystemExit(f"no replay results at {C.raw_path(out_name)}: run without --rebuild")
        if dev:
            print(render(raw))
        else:
            C.write_section("replay", render(raw))
        return
    stamp = C.stamp()
    saved = A.load_run(A.raw_name(args.split, args.tag))
    run_rows: list[dict[str, Any]] = saved["rows"]
    by_text = {json.loads(x)["question"]: json.loads(x) for path in (A.QUESTIONS, A.EVAL)
               for x in path.read_text(encoding="utf-8").splitlines() if x.strip()}
    questions = [by_text[r["question"]] for r in run_rows]
    settings = Settings(threads=args.threads)
    gen = load_generator(default_models_dir(), settings.answer_model, threads=args.threads,
                         n_ctx=settings.answer_n_ctx)
    replay = Replay(gen)
    rec = A.Recording(replay)
    with tempfile.TemporaryDirectory(prefix="ovillo-replay-") as tmp:
        with Ovillo(tmp, encoder=C.load_encoder(args.threads), generator=rec, settings=settings) as app:
            for _ in app.ingest([C.DEMO / f for f in C.DEMO_FOLDERS],
                                IngestOptions(collection="demo", classification="public")):
                pass
            _, rows = A.quality(app, rec, questions, C.raw_path(out_name.removesuffix(".json") + ".partial.jsonl"),
                                "replay",
                                before=lambda i, q: replay.begin(i, run_rows[i]))
    gen.close()
    for i, r in enumerate(rows):
        r["i"] = run_rows[i]["i"]
        r["replay"] = replay.log[i]
    # a dev replay's own file can be replayed again (``--tag replay-NAME``): its stamp is the run's
    run_stamp = saved["meta"]["stamp"] if "meta" in saved else saved["stamp"]
    raw = {"stamp": stamp, "run_stamp": run_stamp, "split": args.split, "name": out_name, "thresholds": {
        "min_relevance": settings.answer_min_relevance, "semantic": settings.answer_semantic_support,
        "model_check": settings.answer_model_check, "move_check": A.MOVE_CHECK},
        "run_rows": [{k: v for k, v in r.items() if k not in ("attempts", "prompts")} for r in run_rows], "rows": rows}
    C.save_raw(out_name, raw)
    C.raw_path(out_name.removesuffix(".json") + ".partial.jsonl").unlink(missing_ok=True)
    section = render(raw)
    if not dev:
        C.write_section("replay", section)
    print(section)


if __name__ == "__main__":
    main()
