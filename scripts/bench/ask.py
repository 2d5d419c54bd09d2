"""Ask: speed (idle and loaded), overhead over bare llama-cpp-python, and grounding on a held-out question set.

Parts, one loaded answer model (in its child process, as in the product):

* **timing** — the answerable demo questions (``resources/demo/ask_questions.jsonl``) through
  ``Ovillo.ask`` with the product settings, one after another on a warm model (the system prompt's
  KV state is reused across questions, as in the window): time to first token, time to the first
  attempt written, time to the complete *checked* answer (validation, model checks, any
  regeneration), model-check time, prompt tokens and how many of them the KV cache already held.
  Medians. An idle run by default; ``--loaded`` repeats only this part (and the overhead pairs)
  while a CPU burner runs — one busy-looping process per llama.cpp thread, normal priority — and
  keeps the idle results already saved, so the section shows both side by side. ``--skip-grounding``
  (an idle re-timing, e.g. on another CPU) keeps the saved grounding rows, which a person's verdicts
  on their citations are keyed to (``spotcheck.py``).
* **overhead** — for a few answerable demo questions, ``ask`` (first attempt) against bare
  ``Llama.create_chat_completion`` on the very messages ``ask`` sent (captured), same sampling.
  Both sides start with the system prompt in their KV cache and nothing else of that question
  (the previous run on each side was another question): ratios side by side in one run.
* **grounding** — the **test** half of ``resources/eval/ask/questions.jsonl`` (``--split dev`` for
  the half parameters are chosen on): answerable questions grounded, unanswerable ones presented
  as grounded, refusals by the relevance gate without a model call, citation precision as judged
  by the validator, loose coverage of the expected facts.

Every question's full result (answer, reason and details, citations with ``cited_text`` and their
quotes, the evidence excerpts the prompt showed, timings) is saved to ``docs/bench-raw/ask.json`` so
a person can judge each accepted citation (``spotcheck.py``); ``ask_replay.py`` and ``support.py`` read
it too, and ``--rebuild`` re-renders the section from it. While a run goes, rows are appended to
``docs/bench-raw/ask.partial.jsonl``.

A ``--split dev`` run is for choosing parameters, never for the report: it saves to
``docs/bench-raw/ask-dev.json`` (``ask-dev-TAG.json`` with ``--tag TAG``, to keep variants side by
side), appends to ``ask-dev.partial.jsonl`` (``ask-dev-TAG.partial.jsonl``) and prints its section
instead of writing it into ``docs/benchmarks.md``; the test half's files and section are left alone.

    .venv/bin/python scripts/bench/ask.py [--threads 2] [--timing N] [--limit N] [--loaded] [--split test]
    .venv/bin/python scripts/bench/ask.py --split dev --skip-overhead --skip-timing [--tag NAME]
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import hashlib
import inspect
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

from core.answer.engine import MIN_RELEVANCE, SEMANTIC_SUPPORT  # noqa: E402
from core.answer.result import AnswerResult, Checking, CitationCheck, Regenerating, RetrievalDone, Token  # noqa: E402
from core.answer.text import content_words, fold, stem  # noqa: E402
from core.answer.verify import MODEL_CHECK, MOVE_CHECK  # noqa: E402
from core.models.generator import Generator, LlamaGenerator, Message, load_generator  # noqa: E402
from core.paths import default_models_dir  # noqa: E402
from core.progress import CancelToken  # noqa: E402
from core.service import Ovillo  # noqa: E402
from core.settings import Settings  # noqa: E402
from ask_report import (OVERHEAD_QUESTIONS, RAW_NAME, moved, outcome, overhead_md, pct, quality_md, render, spread,  # noqa: E402,F401
                        summarise, timing_md, tuning_note, intro)

QUESTIONS = C.DEMO / "ask_questions.jsonl"  # the demo questions: timing and overhead
EVAL = C.REPO / "resources" / "eval" / "ask" / "questions.jsonl"  # grounding: dev/test halves
PARTIAL_NAME = "ask.partial.jsonl"


def raw_name(split: str = "test", tag: str = "") -> str:
    """The raw results file of a run on ``split`` (the test half's is the reported ``ask.json``)."""
    if split == "test":
        return RAW_NAME
    return f"ask-{split}-{tag}.json" if tag else f"ask-{split}.json"


def partial_name(split: str = "test", tag: str = "") -> str:
    """The rows-as-they-come file of a run on ``split``."""
    return PARTIAL_NAME if split == "test" else raw_name(split, tag).removesuffix(".json") + ".partial.jsonl"
_LLAMA_DEFAULTS = inspect.signature(LlamaGenerator.__init__).parameters  # the product's sampling settings


def prompt_sha(messages: Sequence[Message]) -> str:
    """A fingerprint of one prompt (the replay serves a saved attempt only for the very same prompt)."""
    h = hashlib.sha256()
    for m in messages:
        h.update(m.role.encode() + b"\x1e" + m.content.encode() + b"\x1f")
    return h.hexdigest()[:16]


def answer_gguf(name: str) -> Path:
    """The verified GGUF of the answer model (what ``load_generator`` loads)."""
    from core.models.manifest import read_manifest, verify

    folder = default_models_dir() / name
    manifest = read_manifest(folder)
    verify(folder, manifest)
    return manifest.file(folder, "gguf")


class Recording(Generator):
    """The real model behind a recorder of the messages of each call."""

    def __init__(self, inner: Generator) -> None:
        self.inner = inner
        self.name = inner.name
        self.n_ctx = inner.n_ctx
        self.calls: list[list[Message]] = []
        self.check_s: list[float] = []  # seconds per model check (citation read back to the model)
        self.streamed: dict[str, int] = {}  # the prompt counters of the last reply

    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        self.calls.append(list(messages))
        yield from self.inner.stream(messages, max_tokens=max_tokens, stop=stop, cancel=cancel)
        self.streamed = self.inner.prompt_stats()  # before any model check replaces them

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def prompt_stats(self) -> dict[str, int]:
        return self.inner.prompt_stats()

    def yes_probability(self, messages: Sequence[Message], *, cancel: CancelToken | None = None) -> float | None:
        t0 = time.perf_counter()
        try:
            return self.inner.yes_probability(messages, cancel=cancel)
        finally:
            self.check_s.append(time.perf_counter() - t0)


def run_ask(app: Ovillo, question: str, first_attempt_only: bool = False) -> dict[str, Any]:
    """One ``ask``: its result and what the events say about timing and attempts."""
    t0 = time.perf_counter()
    gen = app.ask(question)
    texts: dict[int, list[str]] = {}
    firsts: dict[int, float] = {}
    lasts: dict[int, float] = {}
    pieces: dict[int, int] = {}
    events: list[object] = []
    result: AnswerResult | None = None
    while True:
        try:
            ev = next(gen)
        except StopIteration as stop:
            result = stop.value
            break
        now = time.perf_counter()
        events.append(ev)
        if isinstance(ev, Token):
            firsts.setdefault(ev.attempt, now)
            lasts[ev.attempt] = now
            pieces[ev.attempt] = pieces.get(ev.attempt, 0) + 1
            texts.setdefault(ev.attempt, []).append(ev.text)
        elif first_attempt_only and isinstance(ev, (Checking, CitationCheck, Regenerating)):
            gen.close()
            break
    total = time.perf_counter() - t0
    n1 = pieces.get(1, 0)
    span = lasts.get(1, 0.0) - firsts.get(1, 0.0)
    return {"result": result, "events": events, "total_s": total,
            "attempts": {k: "".join(v) for k, v in texts.items()},
            "ttft_s": (firsts[1] - t0) if 1 in firsts else None,
            "tps": (n1 - 1) / span if n1 > 1 and span > 0 else None, "pieces": n1}


def system_tokens(raw: Any, messages: Sequence[Message], cached: int | None = None) -> list[int]:
    """The first ``cached`` tokens of the chat prompt, by default up to the end of its system message."""
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    fmt: Any = Jinja2ChatFormatter(raw.metadata["tokenizer.chat_template"], eos_token="", bos_token="")
    chat = [{"role": m.role, "content": m.content} for m in messages]
    full = raw.tokenize(fmt(messages=chat).prompt.encode(), special=True)
    head = raw.tokenize(fmt(messages=chat[:1]).prompt.encode(), special=True)
    n = 0
    while n < min(len(full), len(head)) and full[n] == head[n]:
        n += 1
    return list(full[:cached if cached is not None else n])


def run_bare(raw: Any, messages: Sequence[Message], max_tokens: int, cached: int | None = None) -> dict[str, Any]:
    """The same messages straight through llama-cpp-python (in this process), same sampling as the product.

    Like ``ask`` on a warm model, it starts with the prompt's first ``cached`` tokens (default: the
    system prompt) in its KV cache, evaluated here untimed, and nothing else of this prompt.
    """
    head = system_tokens(raw, messages, cached)
    raw.reset()
    raw.eval(head)
    t0 = time.perf_counter()
    first = last = None
    n = 0
    for chunk in raw.create_chat_completion(messages=[{"role": m.role, "content": m.content} for m in messages],
                                            max_tokens=max_tokens, stop=["<|im_end|>"],
                                            temperature=_LLAMA_DEFAULTS["temperature"].default,
                                            repeat_penalty=1.1, stream=True):
        if chunk["choices"][0]["delta"].get("content"):
            now = time.perf_counter()
            first = first or now
            last = now
            n += 1
    span = (last or 0.0) - (first or 0.0)
    return {"ttft_s": (first - t0) if first else None, "tps": (n - 1) / span if n > 1 and span > 0 else None,
            "pieces": n, "cached": len(head)}


def overhead(app: Ovillo, rec: Recording, bare: Any, questions: list[dict[str, Any]], reps: int,
             max_tokens: int) -> tuple[str, list[dict[str, Any]]]:
    """Interleaved ask / bare runs on a warm model; returns the markdown and the raw rows.

    The repetitions are the outer loop, so the run before each one (on either side) was another
    question and only the system prompt is shared with it.
    """
    rows: list[dict[str, Any]] = []
    run_ask(app, questions[OVERHEAD_QUESTIONS[-1]]["question"], first_attempt_only=True)  # warm-up, not counted
    for rep in range(reps):
        for qi in OVERHEAD_QUESTIONS:
            q = questions[qi]["question"]
            rec.calls.clear()
            a = run_ask(app, q, first_attempt_only=True)
            if not rec.calls:
                raise RuntimeError(f"question {qi} was refused by the gate; pick an answerable one")
            stats = rec.streamed
            b = run_bare(bare, rec.calls[0], max_tokens, stats.get("reused"))  # what the ask side had cached
            rows.append({"q": qi, "rep": rep,
                         "ask": {k: a[k] for k in ("ttft_s", "tps", "pieces", "total_s")}
                         | {"prompt_tokens": stats.get("tokens"), "cached": stats.get("reused")},
                         "bare": b, "retrieval_ms": next((e.retrieval_ms for e in a["events"]
                                                          if isinstance(e, RetrievalDone)), None)})
            print(f"overhead q{qi} rep{rep}: ask ttft {a['ttft_s']:.2f}s {a['tps'] or 0:.2f} tok/s "
                  f"(cached {stats.get('reused')}/{stats.get('tokens')}) | bare ttft {b['ttft_s']:.2f}s "
                  f"{b['tps'] or 0:.2f} tok/s (cached {b['cached']})", file=sys.stderr, flush=True)
    prompts = [r["ask"]["prompt_tokens"] for r in rows if r["ask"].get("prompt_tokens")]
    return overhead_md(rows, reps, max_tokens, int(C.median(prompts)) if prompts else 0), rows


# -- timing ---------------------------------------------------------------------------
def _burn() -> None:
    parent = os.getppid()
    n = 0
    while True:
        n += 1
        if n % 5_000_000 == 0 and os.getppid() != parent:  # the bench was killed: never outlive it
            return


class Burner:
    """``n`` busy-looping processes (normal priority) for the loaded run; stopped by their own pids."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.procs: list[Any] = []

    def __enter__(self) -> Burner:
        ctx = mp.get_context("spawn")
        self.procs = [ctx.Process(target=_burn, daemon=True, name=f"ask-bench-burner-{i}") for i in range(self.n)]
        for proc in self.procs:
            proc.start()
        time.sleep(1.0)
        return self

    def __exit__(self, *exc: object) -> None:
        for proc in self.procs:
            proc.terminate()
            proc.join(5)


def timing(app: Ovillo, rec: Recording, questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each question through the product path on a warm model; per-question timings and the full result."""
    rows: list[dict[str, Any]] = []
    for i, q in enumerate(questions):
        run = run_ask(app, q["question"])
        res: AnswerResult = run["result"]
        rows.append({"i": i, "lang": q.get("lang"), "question": q["question"], "outcome": outcome(run),
                     "timings": dataclasses.asdict(res.timings), "ttft_s": run["ttft_s"], "total_s": run["total_s"],
                     "regenerated": any(isinstance(e, Regenerating) for e in run["events"]),
                     "result": full_result(res)})
        t = res.timings
        print(f"[timing] {i:2d} {q.get('lang')} {outcome(run):<30} first token {(t.first_token_ms or 0) / 1000:5.1f}s "
              f"written {(t.answer_ms or 0) / 1000:5.1f}s checked {t.total_ms / 1000:5.1f}s (checks "
              f"{t.check_ms / 1000:.1f}s) prompt {t.prompt_tokens} cached {t.cached_tokens}", file=sys.stderr,
              flush=True)
    return rows


# -- quality --------------------------------------------------------------------------
def covered(fact: str, answer: str) -> bool:
    """Loose: the fact's numbers all appear and ≥ 60 % of its content words share a stem with the answer."""
    from core.answer.text import numbers

    if numbers(fact) - numbers(answer):
        return False
    words = {stem(w) for w in content_words(fact)}
    have = {stem(w) for w in content_words(answer)}
    return not words or len(words & have) / len(words) >= 0.6


def full_result(res: AnswerResult) -> dict[str, Any]:
    """What a person needs to judge an answer: the answer, why, each citation with its quote, the excerpts."""
    return {"answer": res.answer, "grounded": res.grounded, "refused": res.refused, "reason": res.reason,
            "details": list(getattr(res, "details", [])), "unsupported": res.unsupported,
            "citations": [{"id": c.id, "cited_text": c.cited_text, "quote_start": c.quote_start,
                           "quote_end": c.quote_end, "quotes": c.quotes, "source": Path(c.source_path or "").name,
                           "page": c.page, "tc_in": c.tc_in} for c in res.citations],
            "evidence": [{"id": p["id"], "label": p.get("label"), "title": p["title"],
                          "dense_score": p.get("dense_score"), "excerpt": p.get("excerpt", "")}
                         for p in res.provenance],
            "timings": dataclasses.asdict(res.timings)}


def quality(app: Ovillo, rec: Recording, questions: list[dict[str, Any]], answers_path: Path, label: str,
            before: Callable[[int, dict[str, Any]], None] | None = None
            ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Every question through ask; aggregate numbers and the per-question rows (``before(i, q)`` runs first)."""
    rows: list[dict[str, Any]] = []
    answers_path.parent.mkdir(parents=True, exist_ok=True)
    answers_path.write_text("", encoding="utf-8")
    for i, q in enumerate(questions):
        if before is not None:
            before(i, q)
        checks_before = len(rec.check_s)
        rec.calls.clear()
        run = run_ask(app, q["question"])
        res: AnswerResult = run["result"]
        checks = [e for e in run["events"] if isinstance(e, CitationCheck)]
        final_attempt = max((c.attempt for c in checks), default=1)
        row = {"i": i, "lang": q.get("lang"), "answerable": bool(q.get("answer_in")), "question": q["question"],
               "split": q.get("split"), "kind": q.get("kind"), "timings": dataclasses.asdict(res.timings),
               "result": full_result(res),
               "outcome": outcome(run), "reason": "; ".join([res.reason, *res.details]), "answer": res.answer,
               "regenerated": any(isinstance(e, Regenerating) for e in run["events"]),
               "checks_first": [(c.id, c.ok, c.problem, c.model_check) for c in checks if c.attempt == 1],
               "checks_final": [(c.id, c.ok, c.problem, c.model_check) for c in checks
                                if c.attempt == final_attempt],
               "citations": [{"id": c.id, "text": c.cited_text, "source": Path(c.source_path or "").name,
                              "page": c.page, "tc_in": c.tc_in} for c in res.citations],
               "unsupported": res.unsupported,
               "model_checks": [(c.id, c.ok, c.model_check, c.attempt) for c in checks if c.model_check is not None],
               "check_s": rec.check_s[checks_before:],
               "attempts": run["attempts"],
               "prompts": {str(k + 1): prompt_sha(m) for k, m in enumerate(rec.calls)},
               "evidence": [{"id": p["id"], "label": p.get("label"), "title": p["title"]} for p in res.provenance],
               "facts": {f: covered(f, res.answer) for f in q.get("expected_facts", [])},
               "ttft_s": run["ttft_s"], "total_s": run["total_s"],
               "best_dense": next((e.best_dense for e in run["events"] if isinstance(e, RetrievalDone)), None)}
        rows.append(row)
        with answers_path.open("a", encoding="utf-8") as f:  # as it goes: a long run can be inspected live
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"[{label}] {i:2d} {row['lang']} {'A' if row['answerable'] else 'U'} {row['outcome']:<30} "
              f"{run['total_s']:6.1f}s  {res.answer[:90]!r}", file=sys.stderr, flush=True)
    return summarise(rows), rows


def load_run(name: str = RAW_NAME) -> dict[str, Any]:
    """The saved raw results of the last ask run (docs/bench-raw/ask.json, or a dev run's file)."""
    saved = C.load_raw(name)
    if not isinstance(saved, dict):
        raise SystemExit(f"no ask results at {C.raw_path(name)}: run scripts/bench/ask.py first")
    return saved


def read_questions(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2, help="llama.cpp and encoder threads (default 2)")
    ap.add_argument("--reps", type=int, default=2, help="overhead repetitions per question")
    ap.add_argument("--timing", type=int, default=0, help="only the first N answerable demo questions are timed "
                                                           "(0 = all)")
    ap.add_argument("--limit", type=int, default=0, help="grounding: only the first N questions of each kind (0 = all)")
    ap.add_argument("--split", choices=("test", "dev"), default="test", help="grounding: which half (default test)")
    ap.add_argument("--loaded", action="store_true", help="timing and overhead only, while a CPU burner runs "
                                                          "(one busy process per thread); keeps the saved idle run")
    ap.add_argument("--compare-labels", type=int, default=0, help="also run N es/ca questions with canonical ids")
    ap.add_argument("--skip-overhead", action="store_true")
    ap.add_argument("--skip-grounding", action="store_true")
    ap.add_argument("--skip-timing", action="store_true", help="no timing part (dev runs: grounding only)")
    ap.add_argument("--tag", default="", help="dev only: save to docs/bench-raw/ask-dev-TAG.json")
    ap.add_argument("--focus-tokens", type=int, default=None, help="dev only: AskOptions.focus_tokens for this run")
    ap.add_argument("--focus-passages", type=int, default=None, help="dev only: AskOptions.focus_passages")
    ap.add_argument("--regenerate", choices=("always", "ungrounded", "never"), default=None,
                    help="dev only: AskOptions.regenerate")
    ap.add_argument("--model-check", type=float, default=None, help="dev only: Settings.answer_model_check")
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from docs/bench-raw/ask.json")
    args = ap.parse_args()
    knobs = {k: v for k, v in (("focus_tokens", args.focus_tokens), ("focus_passages", args.focus_passages),
                               ("regenerate", args.regenerate)) if v is not None}
    if args.split == "test" and (args.tag or knobs or args.model_check is not None):
        raise SystemExit("--tag, --focus-*, --regenerate and --model-check are for dev runs only: the test half "
                         "runs the product's settings")
    if knobs:  # the facade builds AskOptions from settings; a dev run tries other budgets through its defaults
        import core.answer.engine as engine

        engine.AskOptions = functools.partial(engine.AskOptions, **knobs)  # type: ignore[misc, assignment]
    name, dev = raw_name(args.split, args.tag), args.split != "test"
    if args.rebuild:
        last = load_run(name)
        body = render(last["meta"], last["overhead"], last["rows"], last["canonical"], last.get("timing"))
        if dev:  # a dev run chooses parameters; the section reports the test half only
            print(body)
        else:
            C.write_section("ask", body)
        return

    stamp = C.stamp()
    demo = read_questions(QUESTIONS)
    timed = [q for q in demo if q.get("answer_in")][: args.timing or None]
    picked = [q for q in read_questions(EVAL) if q.get("split") == args.split]
    if args.limit:
        picked = [q for q in picked if q.get("answer_in")][:args.limit] + \
                 [q for q in picked if not q.get("answer_in")][:max(1, args.limit // 2)]
    settings = Settings(threads=args.threads)
    if args.model_check is not None:
        settings = Settings(threads=args.threads, answer_model_check=args.model_check)
        knobs["model_check"] = args.model_check
    kind = "loaded" if args.loaded else "idle"
    # a loaded run adds to the idle one; an idle run without grounding re-times and keeps the saved rows
    saved: Any = C.load_raw(name) if args.loaded or args.skip_grounding else None
    if args.loaded and not isinstance(saved, dict):
        raise SystemExit("--loaded adds to an idle run: run scripts/bench/ask.py first")
    meta: dict[str, Any] = saved["meta"] if isinstance(saved, dict) else {
        "stamp": stamp, "reps": args.reps, "max_tokens": settings.answer_max_tokens, "prompt_tokens": 0,
        "limit": args.limit, "split": args.split, "threads": args.threads, **({"knobs": knobs} if knobs else {}),
        "thresholds": {"min_relevance": settings.answer_min_relevance, "semantic": settings.answer_semantic_support,
                       "model_check": settings.answer_model_check, "move_check": MOVE_CHECK}}
    runs: dict[str, dict[str, Any]] = dict(saved.get("timing") or {}) if isinstance(saved, dict) else {}
    over: list[dict[str, Any]] = saved["overhead"] if isinstance(saved, dict) else []
    rows: list[dict[str, Any]] = saved["rows"] if isinstance(saved, dict) else []
    canon: list[dict[str, Any]] = saved["canonical"] if isinstance(saved, dict) else []
    partial = C.raw_path(partial_name(args.split, args.tag))
    with tempfile.TemporaryDirectory(prefix="ovillo-bench-ask-") as tmp:
        enc = C.load_encoder(args.threads)
        product = load_generator(default_models_dir(), settings.answer_model, threads=args.threads,
                                 n_ctx=settings.answer_n_ctx)
        rec = Recording(product)
        meta.setdefault("intro", intro(settings, args.threads, product.n_ctx))
        with Ovillo(tmp, encoder=enc, generator=rec, settings=settings) as ov:
            from core.ingest.pipeline import IngestOptions

            for _ in ov.ingest([C.DEMO / f for f in C.DEMO_FOLDERS], IngestOptions(collection="demo",
                                                                                 classification="public")):
                pass
            burner = Burner(args.threads) if args.loaded else None
            if burner is not None:
                burner.__enter__()
            try:
                if not args.skip_timing:
                    runs[kind] = {"stamp": C.stamp(), "rows": timing(ov, rec, timed),
                                  "load_note": (f"A CPU burner ran throughout: {args.threads} busy-looping Python "
                                                f"processes at normal priority." if args.loaded else "")}
                if not args.skip_overhead:
                    from llama_cpp import Llama

                    bare = Llama(model_path=str(answer_gguf(settings.answer_model)), n_ctx=settings.answer_n_ctx,
                                 n_threads=args.threads, n_threads_batch=args.threads,
                                 seed=_LLAMA_DEFAULTS["seed"].default, verbose=False)
                    _, pairs = overhead(ov, rec, bare, demo, args.reps, settings.answer_max_tokens)
                    del bare
                    runs.setdefault(kind, {"stamp": C.stamp(), "rows": [], "load_note": ""})["overhead"] = pairs
                    if not args.loaded:  # the main overhead table is the idle run's
                        over = pairs
                        meta["prompt_tokens"] = int(C.median([r["ask"]["prompt_tokens"] for r in pairs
                                                              if r["ask"].get("prompt_tokens")] or [0]))
            finally:
                if burner is not None:
                    burner.__exit__(None, None, None)
            if not args.loaded and not args.skip_grounding:
                _, rows = quality(ov, rec, picked, partial, "labels")
                if args.compare_labels:
                    import core.answer.engine as engine

                    esca = [q for q in picked if q.get("answer_in") and q.get("lang") in ("es", "ca")]
                    original = engine.AskOptions
                    labelled = functools.partial(original, short_labels=False)
                    engine.AskOptions = labelled  # type: ignore[misc, assignment]
                    try:
                        _, canon = quality(ov, rec, esca[:args.compare_labels],
                                           C.raw_path("ask-canonical.partial.jsonl"), "canonical")
                    finally:
                        engine.AskOptions = original  # type: ignore[misc]
        product.close()
    C.save_raw(name, {"meta": meta, "overhead": over, "rows": rows, "canonical": canon, "timing": runs})
    for f in (partial, C.raw_path("ask-canonical.partial.jsonl")):
        f.unlink(missing_ok=True)
    body = render(meta, over, rows, canon, runs)
    if not dev:
        C.write_section("ask", body)
    print(body)


if __name__ == "__main__":
    main()
