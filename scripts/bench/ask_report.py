"""The ask benchmark's report: markdown for its section of docs/benchmarks.md, from the raw results
``ask.py`` saves (so ``ask.py --rebuild`` re-renders without a model). Split from ``ask.py`` by
responsibility: measuring there, rendering here."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from collections.abc import Callable
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

from core.answer.engine import MIN_RELEVANCE, SEMANTIC_SUPPORT  # noqa: E402
from core.answer.result import AnswerResult, RetrievalDone  # noqa: E402
from core.answer.focus import FOCUS_PASSAGES, FOCUS_TOKENS  # noqa: E402
from core.answer.verify import MODEL_CHECK, MOVE_CHECK  # noqa: E402
from core.settings import Settings  # noqa: E402

OVERHEAD_QUESTIONS = (22, 13, 2)  # en, es, ca — answerable, different lengths of evidence
RAW_NAME = "ask.json"

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
         ["prompt tokens held in the KV cache at the start (median)",
          f"{C.median([r['ask']['cached'] for r in rows if r['ask'].get('cached') is not None]):.0f}",
          f"{C.median([r['bare']['cached'] for r in rows if r['bare'].get('cached') is not None]):.0f}", "—"],
         ["retrieval inside ask (ms)",
          f"{C.median([r['retrieval_ms'] for r in rows if r.get('retrieval_ms')]):.0f}" if any(
              r.get("retrieval_ms") for r in rows) else "not recorded", "—", "part of the ask TTFT"]])
    return (f"{len(rows)} pairs ({len(OVERHEAD_QUESTIONS)} questions × {reps}, ask and bare interleaved, identical "
            f"messages; prompt ≈ {prompt_tokens or '?'} tokens (median), max_tokens {max_tokens}).\n\n"
            f"{table}\n\nTarget: overhead ≤ 10 %. The ask TTFT includes query embedding, hybrid retrieval, the "
            f"relevance gate, focusing the evidence, context assembly (exact token counts with the model's "
            f"tokenizer), restoring the system prompt's KV snapshot and the pipe to the answer model's child "
            f"process, which runs at a lower priority (`nice` 5) than the bare side in this process. Both sides "
            f"start with the same prompt prefix in the KV cache — the system prompt and the few tokens after it "
            f"that the previous question shared — which the bare side evaluates untimed before each run.")


def timing_md(runs: dict[str, dict[str, Any]]) -> str:
    """Idle and loaded timing medians side by side."""
    kinds = [k for k in ("idle", "loaded") if k in runs]

    def med(kind: str, pick: Callable[[dict[str, Any]], float | None], scale: float = 1000.0) -> str:
        xs = [v for r in runs[kind]["rows"] if (v := pick(r)) is not None]
        return f"{C.median(xs) / scale:.1f}" if xs else "—"

    asked = [lambda r: r["timings"]["first_token_ms"], lambda r: r["timings"]["answer_ms"],
             lambda r: r["timings"]["total_ms"] if r["timings"]["first_token_ms"] else None,
             lambda r: r["timings"]["check_ms"] if r["timings"]["first_token_ms"] else None]
    rows = [["time to first token (s)", *[med(k, asked[0]) for k in kinds], "≤ 4"],
            ["first attempt written (s)", *[med(k, asked[1]) for k in kinds], "—"],
            ["complete checked answer (s)", *[med(k, asked[2]) for k in kinds], "≤ 15"],
            ["… of which model checks (s)", *[med(k, asked[3]) for k in kinds], "—"],
            ["prompt tokens of the first attempt", *[med(k, lambda r: r["timings"]["prompt_tokens"], 1) for k in kinds],
             "—"],
            ["… already in the KV cache (system prompt)",
             *[med(k, lambda r: r["timings"]["cached_tokens"], 1) for k in kinds], "—"],
            ["answers regenerated once", *[pct((sum(1 for r in runs[k]["rows"] if r["regenerated"]),
                                                sum(1 for r in runs[k]["rows"] if r["timings"]["first_token_ms"])))
                                           for k in kinds], "—"],
            ["questions (model asked / all)", *[f"{sum(1 for r in runs[k]['rows'] if r['timings']['first_token_ms'])}"
                                                f" / {len(runs[k]['rows'])}" for k in kinds], ""]]
    loads = " ".join(f"*{k.capitalize()} run:* {C.stamp_line(runs[k]['stamp'])}"
                     + (f" {runs[k]['load_note']}" if runs[k].get("load_note") else "") for k in kinds)
    return (C.md_table(["median per question", *kinds, "target"], rows)
            + f"\n\nMedians over the questions the model was asked (gate refusals take no model time). {loads}\n")


def outcome(run: dict[str, Any]) -> str:
    res: AnswerResult = run["result"]
    gate = any(isinstance(e, RetrievalDone) and not e.evidence for e in run["events"])
    if res.refused:
        return "refused (gate, no model call)" if gate else "refused (model: NO_ANSWER)"
    if res.grounded:
        return "grounded"
    return "cancelled" if res.reason == "cancelled" else "could not ground"


MOVED = re.compile(r"(\d+) sentence\(s\) cited under the wrong label moved")
ATTRIBUTED = re.compile(r"(\d+) sentence\(s\) the model left uncited attributed")


def moved(row: dict[str, Any], pattern: re.Pattern[str] = MOVED) -> int:
    """Sentences the engine moved to the passage that states them (it says so in the result's reason)."""
    m = pattern.search(row.get("reason") or "")
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
        "attributed": sum(moved(r, ATTRIBUTED) for r in rows),
        "accepted": sum(len(r["citations"]) for r in rows if r["outcome"] == "grounded"),
        "facts": (sum(facts), len(facts)),
        "refused_unanswerable": share(una, lambda r: r["outcome"].startswith("refused")),
        "refused_by_gate": share(una, lambda r: r["outcome"] == "refused (gate, no model call)"),
        "ans_refused_by_gate": share(ans, lambda r: r["outcome"] == "refused (gate, no model call)"),
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
        ["answerable questions grounded (target ≥ 70 %)", pct(s["grounded"])],
        ["… by language es / ca / en", " / ".join(pct(s["grounded_by_lang"][k]) for k in ("es", "ca", "en"))],
        ["answerable but refused (false refusals)", pct(s["false_refusal"])],
        ["… of which by the relevance gate (no model call; target ≤ 1 in 20)",
         pct(s.get("ans_refused_by_gate", (0, 0)))],
        ["answerable, could not ground (no answer shown)", pct(s["could_not_ground"])],
        ["expected facts present in grounded answers (loose match)", pct(s["facts"])],
        ["uncited sentences inside grounded answers (flagged)", str(s["uncited_sentences"])],
        ["citation precision, final attempt (validator: accepted / written)", pct(s["precision_final"])],
        ["citations accepted in grounded answers / sentences moved to the passage that states them",
         f"{s.get('accepted', '—')} / {s.get('moved', '—')}"],
        *([["… sentences of an answer the model cited nowhere, attributed to the passage that states them",
            str(s["attributed"])]] if s.get("attributed") else []),
        ["citation precision, first attempt", pct(s["precision_first"])],
        ["answers regenerated once (first attempt failed validation)", pct(s["regenerated"])],
        ["unanswerable questions refused", pct(s["refused_unanswerable"])],
        ["… of which by the relevance gate (no model call; target ≥ half)", pct(s["refused_by_gate"])],
        ["unanswerable, could not ground (nothing shown as answer)", pct(s["una_could_not_ground"])],
        ["unanswerable but presented as grounded (target ≤ 1 in 15)", pct(s["una_grounded"])],
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
            f"encoder (the product default is all cores = {Settings().answer_threads} here), answer budget "
            f"{settings.answer_max_tokens} tokens, {settings.answer_passages} passages retrieved per question, up to "
            f"{FOCUS_PASSAGES} of them shown to the model as focused excerpts of ~{FOCUS_TOKENS} tokens, relevance "
            f"gate "
            f"{settings.answer_min_relevance}, semantic support {settings.answer_semantic_support}, model check "
            f"{settings.answer_model_check} (a moved citation: {max(settings.answer_model_check, MOVE_CHECK)}).\n")


def tuning_note(split: str, min_relevance: float = MIN_RELEVANCE, semantic: float = SEMANTIC_SUPPORT,
                model_check: float = MODEL_CHECK, move_check: float = MOVE_CHECK) -> str:
    """Where each threshold was chosen, against the questions reported on."""
    if (min_relevance, semantic, model_check, move_check) != (MIN_RELEVANCE, SEMANTIC_SUPPORT, MODEL_CHECK, MOVE_CHECK):
        return (f"**Tuning:** this run used non-product thresholds (gate {min_relevance}, semantic {semantic}, model "
                f"check {model_check}, move {move_check}).\n")
    where = ("the **test** half, which no threshold or budget was chosen on" if split == "test" else
             f"the **{split}** half, the one parameters are chosen on — in-sample, not a result")
    return (
        f"**Tuning.** Grounding is reported on {where} (`resources/eval/ask/questions.jsonl`). Chosen earlier "
        f"on the demo questions (`resources/demo/ask_questions.jsonl`), which the timing and overhead parts use: "
        f"relevance gate {min_relevance:.2f}, semantic support {semantic:.2f}, moved-citation check "
        f"{move_check:.2f}. Chosen on the **dev** half (`ask.py --split dev`, raw results in "
        f"`docs/bench-raw/ask-dev-*.json`): the model check {model_check:.2f} (0.50 before), the focus budget "
        f"({FOCUS_PASSAGES} excerpts of {FOCUS_TOKENS} tokens), answering without a second attempt, and the quote "
        f"rules (names only from the quote, no keyword list as a quote, a quote about the question).\n")


def render(meta: dict[str, Any], over: list[dict[str, Any]], rows: list[dict[str, Any]],
           canon: list[dict[str, Any]], runs: dict[str, dict[str, Any]] | None = None) -> str:
    """The whole section from the saved raw results."""
    stamp = C.stamp_line(meta["stamp"])
    if runs and any(r["stamp"].get("date") != meta["stamp"].get("date") for r in runs.values()):
        # re-timed later (another CPU, `--skip-grounding`): the header dates the grounding rows only
        stamp = (f"Grounding part: {stamp[0].lower()}{stamp[1:]} The timing runs and the overhead pairs "
                 f"were measured later: each run is named under its table (the overhead pairs are the idle run's).")
    parts = ["## Ask: speed, overhead and grounding (`scripts/bench/ask.py`)\n", stamp + "\n", meta["intro"]]
    if runs:
        n = max(len(r["rows"]) for r in runs.values())
        parts.append(f"### Time per question on the demo questions ({n} answerable, idle and loaded)\n\n"
                     + timing_md(runs))
    if over:
        parts.append("### Overhead of `ask` over bare llama-cpp-python\n\n"
                     + overhead_md(over, meta["reps"], meta["max_tokens"], meta["prompt_tokens"]) + "\n")
    if runs and runs.get("loaded", {}).get("overhead"):
        parts.append("Loaded run (CPU burner), same pairs:\n\n"
                     + overhead_md(runs["loaded"]["overhead"], meta["reps"], meta["max_tokens"], meta["prompt_tokens"])
                     + "\n")
    split = meta.get("split", "test")
    if rows:
        summary = summarise(rows)
        parts.append(f"### Grounding on the {split} half of `resources/eval/ask/questions.jsonl` "
                     f"({summary['answerable']} answerable in es/ca/en, {summary['unanswerable']} unanswerable)\n\n"
                     + quality_md(summary) + "\n")
        parts.append("The validator's citation precision counts what it rejected, not what it wrongly accepted: a "
                     "person's reading of every accepted citation (its `cited_text` against its sentence, all in "
                     f"`docs/bench-raw/{RAW_NAME}`) is the spot-check section (`scripts/bench/spotcheck.py`).\n")
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
    parts.append(tuning_note(split, t.get("min_relevance", MIN_RELEVANCE), t.get("semantic", SEMANTIC_SUPPORT),
                             t.get("model_check", MODEL_CHECK), t.get("move_check", MOVE_CHECK)))
    parts.append(f"Per-question results (answer, reason, citations with their quotes, the excerpts shown, timings): "
                 f"`docs/bench-raw/{RAW_NAME}`.\n")
    return "\n".join(parts)
