"""Ask: overhead of the pipeline over bare llama-cpp-python, and grounding quality on a question set.

Two parts, one loaded model:

* **overhead** — for a few answerable questions, ``Ovillo.ask`` (retrieval, relevance gate,
  context assembly, streaming through the engine) against bare ``Llama.create_chat_completion``
  on the very messages ``ask`` sent (captured), same sampling settings. The KV cache is reset
  before every run on both sides (llama-cpp-python would otherwise reuse the shared prefix and
  the second side would skip prompt evaluation). Time to first token is measured from the call;
  tokens/s over the first attempt's stream after its first token (both sides count the same
  streamed pieces). The ``ask`` side stops after its first attempt (validation and any
  regeneration are not part of the comparison).
* **quality** — every question of ``resources/demo/ask_questions.jsonl`` through ``Ovillo.ask``
  with the product settings: grounded share, refusals (gate = no model call, or the model's
  NO_ANSWER), could-not-ground, citation precision as judged by the validator (accepted
  citations / all citations written, final attempt and first attempt), and a loose coverage of
  the expected facts. Every answer with its cited passages is saved (``docs/bench-raw/ask.json``) for the
  hand spot-check (``docs/ask_spotcheck.md``).
* optionally **labels** — the same es/ca questions with canonical ids in the prompt instead of
  ``[S1]`` labels (``--compare-labels N``), to show why labels are used.

The answer model runs as in the product: in its child process (``load_generator``). For the
overhead pairs the ``ask`` side uses a child whose model forgets its KV cache before every
reply (so repeated questions evaluate their whole prompt, like the bare side) and the bare side
loads llama-cpp-python in this process.

Everything measured is saved to ``docs/bench-raw/ask.json`` (meta, overhead pairs, one row per
question with its attempts, the sha256 of the prompt of each attempt, citations and checks):
``spotcheck.py``, ``ask_replay.py`` and ``support.py`` read it, and ``--rebuild`` re-renders the
section from it. While the run goes, rows are appended to ``docs/bench-raw/ask.partial.jsonl``.

    .venv/bin/python scripts/bench/ask.py [--threads 2] [--limit N] [--compare-labels 8]
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import inspect
import json
import re
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

from core.answer.engine import MIN_RELEVANCE, SEMANTIC_SUPPORT  # noqa: E402
from core.answer.result import AnswerResult, CitationCheck, Regenerating, RetrievalDone, Token  # noqa: E402
from core.answer.text import content_words, fold, stem  # noqa: E402
from core.answer.verify import MODEL_CHECK, MOVE_CHECK  # noqa: E402
from core.models.generator import Generator, LlamaGenerator, Message, load_generator  # noqa: E402
from core.paths import default_models_dir  # noqa: E402
from core.progress import CancelToken  # noqa: E402
from core.service import Ovillo  # noqa: E402
from core.settings import Settings  # noqa: E402

QUESTIONS = C.DEMO / "ask_questions.jsonl"
OVERHEAD_QUESTIONS = (22, 13, 2)  # en, es, ca — answerable, different lengths of evidence
RAW_NAME = "ask.json"
PARTIAL_NAME = "ask.partial.jsonl"
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


def open_cold_llama(path: str, name: str, n_ctx: int, threads: int) -> LlamaGenerator:
    """In the answer model's child: the product's model, forgetting its KV cache before every reply."""
    class Cold(LlamaGenerator):
        def stream(self, messages: Sequence[Message], **kw: Any) -> Iterator[str]:
            self._llm.reset()
            return super().stream(messages, **kw)

    return Cold(Path(path), name=name, n_ctx=n_ctx, threads=threads)


class Recording(Generator):
    """The real model behind a recorder of the messages of each call."""

    def __init__(self, inner: Generator) -> None:
        self.inner = inner
        self.name = inner.name
        self.n_ctx = inner.n_ctx
        self.calls: list[list[Message]] = []
        self.check_s: list[float] = []  # seconds per model check (citation read back to the model)

    def stream(self, messages: Sequence[Message], *, max_tokens: int, stop: Sequence[str] = (),
               cancel: CancelToken | None = None) -> Iterator[str]:
        self.calls.append(list(messages))
        return self.inner.stream(messages, max_tokens=max_tokens, stop=stop, cancel=cancel)

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

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
        elif first_attempt_only and isinstance(ev, (CitationCheck, Regenerating)):
            gen.close()
            break
    total = time.perf_counter() - t0
    n1 = pieces.get(1, 0)
    span = lasts.get(1, 0.0) - firsts.get(1, 0.0)
    return {"result": result, "events": events, "total_s": total,
            "attempts": {k: "".join(v) for k, v in texts.items()},
            "ttft_s": (firsts[1] - t0) if 1 in firsts else None,
            "tps": (n1 - 1) / span if n1 > 1 and span > 0 else None, "pieces": n1}


def run_bare(raw: Any, messages: Sequence[Message], max_tokens: int) -> dict[str, Any]:
    """The same messages straight through llama-cpp-python (in this process), same sampling as the product."""
    raw.reset()
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
            "pieces": n}


def overhead(app: Ovillo, rec: Recording, bare: Any, questions: list[dict[str, Any]], reps: int,
             max_tokens: int) -> tuple[str, list[dict[str, Any]]]:
    """Interleaved ask / bare runs; returns the markdown and the raw rows."""
    rows: list[dict[str, Any]] = []
    for qi in OVERHEAD_QUESTIONS:
        q = questions[qi]["question"]
        for rep in range(reps):
            rec.calls.clear()
            a = run_ask(app, q, first_attempt_only=True)
            if not rec.calls:
                raise RuntimeError(f"question {qi} was refused by the gate; pick an answerable one")
            b = run_bare(bare, rec.calls[0], max_tokens)
            rows.append({"q": qi, "rep": rep, "ask": {k: a[k] for k in ("ttft_s", "tps", "pieces", "total_s")},
                         "bare": b,
                         "retrieval_ms": a["result"].timings.retrieval_ms if a["result"] else None})
            print(f"overhead q{qi} rep{rep}: ask ttft {a['ttft_s']:.2f}s {a['tps'] or 0:.2f} tok/s | "
                  f"bare ttft {b['ttft_s']:.2f}s {b['tps'] or 0:.2f} tok/s", file=sys.stderr, flush=True)
    return overhead_md(rows, reps, max_tokens,
                       rec.count_tokens("".join(m.content for m in rec.calls[0])) if rec.calls else 0), rows


def overhead_md(rows: list[dict[str, Any]], reps: int, max_tokens: int, prompt_tokens: int) -> str:
    """The overhead table from the raw pairs."""
    ask_ttft = [r["ask"]["ttft_s"] for r in rows if r["ask"]["ttft_s"]]
    bare_ttft = [r["bare"]["ttft_s"] for r in rows if r["bare"]["ttft_s"]]
    ask_tps = [r["ask"]["tps"] for r in rows if r["ask"]["tps"]]
    bare_tps = [r["bare"]["tps"] for r in rows if r["bare"]["tps"]]
    ratios_ttft = [r["ask"]["ttft_s"] / r["bare"]["ttft_s"] for r in rows if r["ask"]["ttft_s"] and r["bare"]["ttft_s"]]
    ratios_tps = [r["ask"]["tps"] / r["bare"]["tps"] for r in rows if r["ask"]["tps"] and r["bare"]["tps"]]
    table = C.md_table(
        ["", "ask (median)", "bare llama-cpp-python (median)", "median of per-pair ratios ask/bare"],
        [["time to first token (s)", f"{C.median(ask_ttft):.2f}", f"{C.median(bare_ttft):.2f}",
          f"{C.median(ratios_ttft):.3f} (**{(C.median(ratios_ttft) - 1) * 100:+.1f} %**)"],
         ["tokens/s after the first token", f"{C.median(ask_tps):.2f}", f"{C.median(bare_tps):.2f}",
          f"{C.median(ratios_tps):.3f} (**{(C.median(ratios_tps) - 1) * 100:+.1f} %** speed)"],
         ["retrieval inside ask (ms)",
          f"{C.median([r['retrieval_ms'] for r in rows if r.get('retrieval_ms')]):.0f}" if any(
              r.get("retrieval_ms") for r in rows) else "not recorded", "—", "part of the ask TTFT"]])
    return (f"{len(rows)} pairs ({len(OVERHEAD_QUESTIONS)} questions × {reps}, ask and bare interleaved, KV cache "
            f"reset before each run; last prompt ≈ {prompt_tokens or '?'} tokens, max_tokens {max_tokens}).\n\n"
            f"{table}\n\nTarget: overhead ≤ 10 %. The ask TTFT includes query embedding, hybrid retrieval, the "
            f"relevance gate, context assembly (exact token counts with the model's tokenizer) and the pipe to the "
            f"answer model's child process, which runs at a lower priority (`nice` 5) than the bare side in this "
            f"process; both sides start each reply from an empty KV cache.")


# -- quality --------------------------------------------------------------------------
def covered(fact: str, answer: str) -> bool:
    """Loose: the fact's numbers all appear and ≥ 60 % of its content words share a stem with the answer."""
    from core.answer.text import numbers

    if numbers(fact) - numbers(answer):
        return False
    words = {stem(w) for w in content_words(fact)}
    have = {stem(w) for w in content_words(answer)}
    return not words or len(words & have) / len(words) >= 0.6


def outcome(run: dict[str, Any]) -> str:
    res: AnswerResult = run["result"]
    gate = any(isinstance(e, RetrievalDone) and not e.evidence for e in run["events"])
    if res.refused:
        return "refused (gate, no model call)" if gate else "refused (model: NO_ANSWER)"
    if res.grounded:
        return "grounded"
    return "cancelled" if res.reason == "cancelled" else "could not ground"


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
               "outcome": outcome(run), "reason": res.reason, "answer": res.answer,
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


MOVED = re.compile(r"(\d+) sentence\(s\) cited under the wrong label moved")


def moved(row: dict[str, Any]) -> int:
    """Sentences the engine moved to the passage that states them (it says so in the result's reason)."""
    m = MOVED.search(row.get("reason") or "")
    return int(m.group(1)) if m and row["outcome"] == "grounded" else 0


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    ans = [r for r in rows if r["answerable"]]
    una = [r for r in rows if not r["answerable"]]

    def share(xs: list[dict[str, Any]], pred: Any) -> tuple[int, int]:
        return sum(1 for x in xs if pred(x)), len(xs)

    def precision(key: str, xs: list[dict[str, Any]]) -> tuple[int, int]:
        cs = [c for r in xs for c in r[key]]
        return sum(1 for c in cs if c[1]), len(cs)

    facts = [ok for r in ans if r["outcome"] == "grounded" for ok in r["facts"].values()]
    by_lang = {lang: share([r for r in ans if r["lang"] == lang], lambda r: r["outcome"] == "grounded")
               for lang in ("es", "ca", "en")}
    return {
        "answerable": len(ans), "unanswerable": len(una),
        "grounded": share(ans, lambda r: r["outcome"] == "grounded"),
        "grounded_by_lang": by_lang,
        "false_refusal": share(ans, lambda r: r["outcome"].startswith("refused")),
        "could_not_ground": share(ans, lambda r: r["outcome"] == "could not ground"),
        "regenerated": share([r for r in rows if r["checks_first"]], lambda r: r["regenerated"]),
        "precision_final": precision("checks_final", rows),
        "precision_first": precision("checks_first", rows),
        "uncited_sentences": sum(len(r["unsupported"]) for r in ans if r["outcome"] == "grounded"),
        "moved": sum(moved(r) for r in rows),
        "accepted": sum(len(r["citations"]) for r in rows if r["outcome"] == "grounded"),
        "facts": (sum(facts), len(facts)),
        "refused_unanswerable": share(una, lambda r: r["outcome"].startswith("refused")),
        "refused_by_gate": share(una, lambda r: r["outcome"] == "refused (gate, no model call)"),
        "una_could_not_ground": share(una, lambda r: r["outcome"] == "could not ground"),
        "una_grounded": share(una, lambda r: r["outcome"] == "grounded"),
        "una_nothing_asserted": share(una, lambda r: r["outcome"] != "grounded"),
        "median_total_s": C.median([r["total_s"] for r in rows if r["ttft_s"]]),
        "model_checked": sum(len(r.get("model_checks", [])) for r in rows),
        "model_rejected": sum(1 for r in rows for c in r.get("model_checks", []) if not c[1]),
        "una_model_rejected": sum(1 for r in una for c in r.get("model_checks", []) if not c[1]),
        "check_s": sorted(t for r in rows for t in r.get("check_s", [])),
        "cos_answerable": sorted(r["best_dense"] for r in ans if r["best_dense"] is not None),
        "cos_unanswerable": sorted(r["best_dense"] for r in una if r["best_dense"] is not None),
        "median_ttft_s": C.median([r["ttft_s"] for r in rows if r["ttft_s"]]),
    }


def pct(pair: tuple[int, int]) -> str:
    n, d = pair
    return f"{n}/{d} ({100 * n / d:.0f} %)" if d else "—"


def spread(xs: list[float]) -> str:
    return f"{xs[0]:.3f} / {C.median(xs):.3f} / {xs[-1]:.3f}" if xs else "—"


def quality_md(s: dict[str, Any]) -> str:
    rows = [
        ["answerable questions grounded", pct(s["grounded"])],
        ["… by language es / ca / en", " / ".join(pct(s["grounded_by_lang"][k]) for k in ("es", "ca", "en"))],
        ["answerable but refused (false refusals)", pct(s["false_refusal"])],
        ["answerable, could not ground (no answer shown)", pct(s["could_not_ground"])],
        ["expected facts present in grounded answers (loose match)", pct(s["facts"])],
        ["uncited sentences inside grounded answers (flagged)", str(s["uncited_sentences"])],
        ["citation precision, final attempt (validator: accepted / written)", pct(s["precision_final"])],
        ["citations accepted in grounded answers / sentences moved to the passage that states them",
         f"{s.get('accepted', '—')} / {s.get('moved', '—')}"],
        ["citation precision, first attempt", pct(s["precision_first"])],
        ["answers regenerated once (first attempt failed validation)", pct(s["regenerated"])],
        ["unanswerable questions refused", pct(s["refused_unanswerable"])],
        ["… of which by the relevance gate (no model call)", pct(s["refused_by_gate"])],
        ["unanswerable, could not ground (nothing shown as answer)", pct(s["una_could_not_ground"])],
        ["unanswerable but answered as grounded", pct(s["una_grounded"])],
        ["unanswerable, no answer asserted (refused or could not ground)",
         pct(s["una_nothing_asserted"]) if "una_nothing_asserted" in s else "—"],
        ["citations read back to the model (model check) / rejected by it",
         f"{s.get('model_checked', 0)} / {s.get('model_rejected', 0)} "
         f"({s.get('una_model_rejected', 0)} of those in answers to unanswerable questions)"],
        ["seconds per model check: median (max)",
         f"{C.median(s['check_s']):.1f} ({s['check_s'][-1]:.1f})" if s.get("check_s") else "—"],
        ["median time to first token / total per question (s)",
         f"{s['median_ttft_s']:.1f} / {s['median_total_s']:.1f}"],
        ["best dense cosine, answerable: min / median / max", spread(s["cos_answerable"])],
        ["best dense cosine, unanswerable: min / median / max", spread(s["cos_unanswerable"])],
    ]
    return C.md_table(["measure", "value"], rows)


def intro(settings: Settings, threads: int, n_ctx: int) -> str:
    return (f"Model `{settings.answer_model}` (n_ctx {n_ctx}), {threads} threads for llama.cpp and the "
            f"encoder (the product default is cores − 1 = {C.default_threads()} here, leaving a core to the "
            f"window), answer budget {settings.answer_max_tokens} tokens, {settings.answer_passages} passages "
            f"retrieved per question, relevance gate {settings.answer_min_relevance}, semantic support "
            f"{settings.answer_semantic_support}, model check {settings.answer_model_check} (a moved citation: "
            f"{max(settings.answer_model_check, MOVE_CHECK)}). Other jobs shared the machine: read the ratios, not "
            f"the absolute times.\n")


def tuning_note(min_relevance: float = MIN_RELEVANCE, semantic: float = SEMANTIC_SUPPORT,
                model_check: float = MODEL_CHECK, move_check: float = MOVE_CHECK) -> str:
    """Which thresholds were chosen on this same question set (all of them, so far)."""
    if (min_relevance, semantic, model_check, move_check) != (MIN_RELEVANCE, SEMANTIC_SUPPORT, MODEL_CHECK, MOVE_CHECK):
        return (f"**Tuning:** this run used non-product thresholds (gate {min_relevance}, semantic {semantic}, model "
                f"check {model_check}, move {move_check}); the product's ({MIN_RELEVANCE}, {SEMANTIC_SUPPORT}, "
                f"{MODEL_CHECK}, {MOVE_CHECK}) were all chosen on this same question set.\n")
    return (
        "**Tuning — in-sample, stated plainly.** Every threshold the answers above went through was chosen on this "
        "same question set (`resources/demo/ask_questions.jsonl`), so the grounding and refusal figures are "
        "in-sample, not evidence that the thresholds generalise; no held-out question set exists yet:\n\n"
        f"- relevance gate {min_relevance:.2f}: set under the lowest best dense cosine of these questions' "
        "answerable half (the two \"best dense cosine\" rows are its calibration data; `core/answer/engine.py`);\n"
        f"- semantic support {semantic:.2f}: first set from e5's general cosine range, then kept on the evidence of "
        "(sentence, cited passage) pairs from an earlier run of these questions (the support section);\n"
        f"- model check {model_check:.2f}: picked on citations of an earlier run of these questions that a person "
        "had labelled (`docs/ask_spotcheck_verdicts.json`);\n"
        f"- moved-citation check {move_check:.2f}: picked on the citations moved in a replay of an earlier run of "
        "these questions, judged by a person (`docs/ask_spotcheck.md`).\n")


def render(meta: dict[str, Any], over: list[dict[str, Any]], rows: list[dict[str, Any]],
           canon: list[dict[str, Any]]) -> str:
    """The whole section from the saved raw results."""
    parts = ["## Ask: overhead and grounding (`scripts/bench/ask.py`)\n", C.stamp_line(meta["stamp"]) + "\n",
             meta["intro"]]
    if over:
        parts.append("### Overhead of `ask` over bare llama-cpp-python\n\n"
                     + overhead_md(over, meta["reps"], meta["max_tokens"], meta["prompt_tokens"]) + "\n")
    summary = summarise(rows)
    parts.append(f"### Grounding on `resources/demo/ask_questions.jsonl` ({summary['answerable']} answerable in "
                 f"es/ca/en, {summary['unanswerable']} unanswerable)\n\n" + quality_md(summary) + "\n")
    parts.append("The validator's citation precision counts what it rejected, not what it wrongly accepted: a "
                 "person's reading of every accepted citation is the spot-check section (`scripts/bench/spotcheck.py`)"
                 ", and the same answers re-checked by today's code are the replay section "
                 "(`scripts/bench/ask_replay.py`).\n")
    if canon:
        same = {r["question"] for r in canon}
        lab, can = summarise([r for r in rows if r["question"] in same]), summarise(canon)
        parts.append(
            "### Why the prompt labels passages `[S1]`… instead of canonical ids\n\n"
            + C.md_table([f"same {len(canon)} es/ca questions", "[S1] labels (product)",
                          "canonical ids `[demo-4503599627370496#2]`"],
                         [["grounded", pct(lab["grounded"]), pct(can["grounded"])],
                          ["citation precision, first attempt", pct(lab["precision_first"]),
                           pct(can["precision_first"])],
                          ["citation precision, final attempt", pct(lab["precision_final"]),
                           pct(can["precision_final"])]]) + "\n")
    t = meta.get("thresholds", {})
    parts.append(tuning_note(t.get("min_relevance", MIN_RELEVANCE), t.get("semantic", SEMANTIC_SUPPORT),
                             t.get("model_check", MODEL_CHECK), t.get("move_check", MOVE_CHECK)))
    parts.append(f"Per-question answers, their attempts and cited passages: `docs/bench-raw/{RAW_NAME}`.\n")
    return "\n".join(parts)


def load_run() -> dict[str, Any]:
    """The saved raw results of the last ask run (docs/bench-raw/ask.json)."""
    saved = C.load_raw(RAW_NAME)
    if not isinstance(saved, dict):
        raise SystemExit(f"no ask results at {C.raw_path(RAW_NAME)}: run scripts/bench/ask.py first")
    return saved


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2, help="llama.cpp and encoder threads (default 2)")
    ap.add_argument("--reps", type=int, default=2, help="overhead repetitions per question")
    ap.add_argument("--limit", type=int, default=0, help="only the first N questions of each kind (0 = all)")
    ap.add_argument("--compare-labels", type=int, default=0, help="also run N es/ca questions with canonical ids")
    ap.add_argument("--skip-overhead", action="store_true")
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from docs/bench-raw/ask.json")
    args = ap.parse_args()
    if args.rebuild:
        saved = load_run()
        C.write_section("ask", render(saved["meta"], saved["overhead"], saved["rows"], saved["canonical"]))
        return

    stamp = C.stamp()
    questions = [json.loads(line) for line in QUESTIONS.read_text(encoding="utf-8").splitlines() if line.strip()]
    picked = questions
    if args.limit:
        picked = [q for q in questions if q.get("answer_in")][:args.limit] + \
                 [q for q in questions if not q.get("answer_in")][:max(1, args.limit // 3)]
    settings = Settings(threads=args.threads)
    meta: dict[str, Any] = {"stamp": stamp, "reps": args.reps, "max_tokens": settings.answer_max_tokens,
                            "prompt_tokens": 0, "limit": args.limit,
                            "thresholds": {"min_relevance": settings.answer_min_relevance,
                                           "semantic": settings.answer_semantic_support,
                                           "model_check": settings.answer_model_check, "move_check": MOVE_CHECK}}
    over: list[dict[str, Any]] = []
    canon: list[dict[str, Any]] = []
    partial = C.raw_path(PARTIAL_NAME)
    with tempfile.TemporaryDirectory(prefix="ovillo-bench-ask-") as tmp:
        enc = C.load_encoder(args.threads)
        rec: Recording | None = None
        if not args.skip_overhead:
            from llama_cpp import Llama

            from core.models.generator_process import GeneratorSpec, ProcessGenerator

            gguf = answer_gguf(settings.answer_model)
            cold = ProcessGenerator(GeneratorSpec("ask:open_cold_llama", {
                "path": str(gguf), "name": settings.answer_model, "n_ctx": settings.answer_n_ctx,
                "threads": args.threads}), name=settings.answer_model)
            rec = Recording(cold)
        product = load_generator(default_models_dir(), settings.answer_model, threads=args.threads,
                                 n_ctx=settings.answer_n_ctx)
        if rec is None:
            rec = Recording(product)
        meta["intro"] = intro(settings, args.threads, product.n_ctx)
        with Ovillo(tmp, encoder=enc, generator=rec, settings=settings) as ov:
            from core.ingest.pipeline import IngestOptions

            for _ in ov.ingest([C.DEMO / f for f in C.DEMO_FOLDERS], IngestOptions(collection="demo",
                                                                                 classification="public")):
                pass
            if not args.skip_overhead:
                bare = Llama(model_path=str(gguf), n_ctx=settings.answer_n_ctx, n_threads=args.threads,
                             n_threads_batch=args.threads, seed=_LLAMA_DEFAULTS["seed"].default, verbose=False)
                _, over = overhead(ov, rec, bare, questions, args.reps, settings.answer_max_tokens)
                meta["prompt_tokens"] = rec.count_tokens("".join(m.content for m in rec.calls[0]))
                del bare
                rec.inner.close()  # the cold child; the grounding run uses the product's
                rec.inner = product
            _, rows = quality(ov, rec, picked, partial, "labels")
            if args.compare_labels:
                import core.answer.engine as engine

                esca = [q for q in picked if q.get("answer_in") and q.get("lang") in ("es", "ca")]
                original = engine.AskOptions
                engine.AskOptions = functools.partial(original, short_labels=False)  # type: ignore[misc]
                try:
                    _, canon = quality(ov, rec, esca[:args.compare_labels],
                                       C.raw_path("ask-canonical.partial.jsonl"), "canonical")
                finally:
                    engine.AskOptions = original  # type: ignore[misc]
        product.close()
    C.save_raw(RAW_NAME, {"meta": meta, "overhead": over, "rows": rows, "canonical": canon})
    for f in (partial, C.raw_path("ask-canonical.partial.jsonl")):
        f.unlink(missing_ok=True)
    body = render(meta, over, rows, canon)
    C.write_section("ask", body)
    print(body)


if __name__ == "__main__":
    main()
