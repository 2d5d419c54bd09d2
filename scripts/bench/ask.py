"""Ask, evidence first: the archive's own spans as the answer, the answer model as their reader.

Store: the demo archive as ``./scripts/run`` indexes it. Questions: one half of
``resources/eval/ask/questions.jsonl`` (``--split test``, the default, is the report; ``--split dev`` is
where the extraction weight and the reader's threshold are chosen, and only prints). Each question goes
through ``Ovillo.answers.ask`` with the product settings and the default answer model in its child process,
loaded once beforehand (its load time is reported apart). Per question: what was shown as the answer
(the accepted spans, verbatim, with their records), what was shown as related, the verdicts, and the
times to the first evidence, the first verdict and the complete answer.

Counted automatically: an answerable question is *answered from the right source* when at least one
accepted span comes from a record its ``answer_in`` names; an unanswerable one is *shown as answered*
when any span was accepted. Whether a shown span really states the expected fact is a person's reading:
``docs/bench-raw/ask-verdicts.json`` maps ``question ␟ span text`` to ``supported`` / ``not`` (and
``answers`` true/false: it states an expected fact); spans without a verdict are counted as unread.

Side by side, in the same run: a bare llama-cpp-python run of a 1000-token prompt + 100 generated tokens
on the same GGUF, threads and context (median of three), the cost of a model that *writes*.
Raw: ``docs/bench-raw/ask.json`` (``ask-dev.json``); ``--rebuild`` re-renders the section.

    .venv/bin/python scripts/bench/ask.py [--split test|dev] [--limit N] [--rebuild]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402

from core.answer.extract import COVERAGE_WEIGHT  # noqa: E402
from core.answer.judge import SPAN_CHECK  # noqa: E402
from core.answer.result import AnswerResult, EvidenceFound, SpanVerdict  # noqa: E402
from core.ingest.pipeline import IngestOptions  # noqa: E402
from core.service import Ovillo  # noqa: E402
from core.settings import Settings  # noqa: E402

EVAL = C.REPO / "resources" / "eval" / "ask" / "questions.jsonl"
VERDICTS = "ask-verdicts.json"
SEP = "\u241f"
BARE_PROMPT_TOKENS, BARE_NEW_TOKENS = 1000, 100


def raw_name(split: str) -> str:
    """Where a split's rows go (only the test half's feed the section)."""
    return "ask.json" if split == "test" else "ask-dev.json"


def record_paths(app: Ovillo) -> dict[int, str]:
    """section_id → the demo-relative path a question's ``answer_in`` uses (catalogue rows as ``file#ID``)."""
    out: dict[int, str] = {}
    for sid, data in app.store.cursor().execute("SELECT section_id, data FROM records").fetchall():
        d = json.loads(data) if data else {}
        rel = str(d.get("source_path") or "").split("/resources/demo/")[-1]
        ident = (d.get("fields") or {}).get("id")
        out[int(sid)] = f"{rel}#{ident}" if ident else rel
    return out


def run_question(app: Ovillo, q: dict[str, Any], where: dict[int, str]) -> dict[str, Any]:
    """One question through ``Ovillo.answers.ask``: times as the caller sees them, spans and verdicts."""
    t0 = time.perf_counter()
    first_evidence = first_verdict = None

    def seen(ev: object) -> None:
        nonlocal first_evidence, first_verdict
        now = time.perf_counter() - t0
        if isinstance(ev, EvidenceFound) and first_evidence is None:
            first_evidence = now
        elif isinstance(ev, SpanVerdict) and first_verdict is None:
            first_verdict = now

    res: AnswerResult = C.drive(app.answers.ask(q["question"]), seen)
    total = time.perf_counter() - t0
    spans = [{"text": s.text, "source": where.get(s.section_id, "?"), "title": s.title, "verdict": s.verdict,
              "accepted": s.accepted, "score": s.score, "page": s.page, "tc_in": s.tc_in} for s in res.spans]
    answer_in = q.get("answer_in") or []
    return {"question": q["question"], "lang": q.get("lang"), "kind": q.get("kind"), "answerable": bool(answer_in),
            "answer_in": answer_in, "expected_facts": q.get("expected_facts") or [], "reason": res.reason,
            "grounded": res.grounded, "spans": spans,
            "right_source": any(s["accepted"] and s["source"] in answer_in for s in spans),
            "evidence_s": first_evidence, "first_verdict_s": first_verdict, "total_s": total}


def bare_run(gguf: Path, threads: int, n_ctx: int) -> dict[str, Any]:
    """A 1000-token prompt and 100 new tokens straight through llama-cpp-python (median of three)."""
    from llama_cpp import Llama

    llm = Llama(model_path=str(gguf), n_ctx=n_ctx, n_threads=threads, verbose=False)
    text = " ".join(C.demo_sentences())
    tokens = llm.tokenize(text.encode("utf-8"), add_bos=True)[:BARE_PROMPT_TOKENS]
    runs = []
    for _ in range(3):
        llm.reset()
        t = time.perf_counter()
        prompt_s = 0.0
        made = 0
        for _tok in llm.generate(tokens, temp=0.0):
            made += 1
            if made == 1:
                prompt_s = time.perf_counter() - t  # the prompt evaluated and the first token out
            if made >= BARE_NEW_TOKENS:
                break
        runs.append({"prompt_s": prompt_s, "total_s": time.perf_counter() - t})
    del llm
    return {"prompt_tokens": len(tokens), "new_tokens": BARE_NEW_TOKENS,
            "total_s": C.median([r["total_s"] for r in runs]), "prompt_s": C.median([r["prompt_s"] for r in runs]),
            "runs": runs}


def read_verdicts() -> dict[str, dict[str, Any]]:
    raw = C.load_raw(VERDICTS)
    return raw if isinstance(raw, dict) else {}


def summarise(rows: list[dict[str, Any]], verdicts: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The counts the section shows."""
    ans = [r for r in rows if r["answerable"]]
    una = [r for r in rows if not r["answerable"]]
    shown = [(r, s) for r in rows for s in r["spans"] if s["accepted"]]
    read = [(r, s, verdicts.get(f"{r['question']}{SEP}{s['text']}")) for r, s in shown]
    judged = [v for _, _, v in read if v]
    right_fact = sum(1 for r in ans if any(
        s["accepted"] and (v := verdicts.get(f"{r['question']}{SEP}{s['text']}")) and v.get("answers")
        and s["source"] in r["answer_in"] for s in r["spans"]))
    return {"answerable": len(ans), "unanswerable": len(una),
            "right_source": sum(r["right_source"] for r in ans), "right_fact": right_fact,
            "answered_any": sum(r["grounded"] for r in ans),
            "unanswerable_shown": sum(r["grounded"] for r in una),
            "gate_refused": sum(r["reason"] == "no_relevant_passages" for r in rows),
            "gate_refused_answerable": sum(r["reason"] == "no_relevant_passages" for r in ans),
            "found_right": sum(any(sp["source"] in r["answer_in"] for sp in r["spans"]) for r in ans),
            "shown_spans": len(shown), "read": len(judged),
            "supported": sum(1 for v in judged if v.get("supported")),
            "evidence_s": C.median([r["evidence_s"] for r in rows if r["evidence_s"] is not None] or [0.0]),
            "first_verdict_s": C.median([r["first_verdict_s"] for r in rows if r["first_verdict_s"] is not None]
                                        or [0.0]),
            "total_s": C.median([r["total_s"] for r in rows if r["first_verdict_s"] is not None] or [0.0])}


def render(raw: dict[str, Any]) -> str:
    """The section from the saved numbers and the person's verdicts."""
    s = summarise(raw["rows"], read_verdicts())
    bare = raw["bare"]
    out = ["## Ask, evidence first (`scripts/bench/ask.py`)", "", C.stamp_line(raw["stamp"]), ""]
    out.append(f"Store: the demo archive ({raw['chunks']} passages). Questions: the **{raw['split']}** half of "
               f"`resources/eval/ask/questions.jsonl` ({s['answerable']} answerable, {s['unanswerable']} unanswerable). "
               f"Answer model `{raw['model']}` in its child process, {raw['threads']} threads, loaded once before the "
               f"questions in {raw['load_s']:.1f} s. Every answer shown is the archive's own spans the model accepted "
               "(P(yes) ≥ the reader's threshold); nothing the model writes is shown.")
    out.append("")
    pct = lambda a, b: f"{a}/{b} ({100 * a / b:.0f} %)" if b else "–"  # noqa: E731
    out.append(C.md_table(["measure", "value"], [
        ["answerable: an accepted span from a record that holds the answer", pct(s["right_source"], s["answerable"])],
        ["answerable: … and a person's reading says it states an expected fact", pct(s["right_fact"], s["answerable"])],
        ["answerable: any span accepted", pct(s["answered_any"], s["answerable"])],
        ["unanswerable shown as answered", pct(s["unanswerable_shown"], s["unanswerable"])],
        ["refused by the relevance gate (no model call)", f"{s['gate_refused']} ({s['gate_refused_answerable']} of them "
                                                           "answerable)"],
        ["answerable: a span from a record that holds the answer among those found (before the verdicts)",
         pct(s["found_right"], s["answerable"])],
        ["shown spans a person's reading supports (answer the question)",
         f"{pct(s['supported'], s['read'])} of {s['read']} read; {s['shown_spans']} shown"],
        ["every shown span is a verbatim span of its passage", "yes (tests/unit/test_answer_extract.py, and the "
                                                                  "engine's own offsets)"],
    ]))
    out.append("")
    out.append(C.md_table(["time (median over the questions the model read)", "seconds", "× bare run"], [
        ["first evidence on screen", f"{s['evidence_s']:.2f}", f"{s['evidence_s'] / bare['total_s']:.3f}"],
        ["first verdict", f"{s['first_verdict_s']:.2f}", f"{s['first_verdict_s'] / bare['total_s']:.3f}"],
        ["complete answer", f"{s['total_s']:.2f}", f"{s['total_s'] / bare['total_s']:.3f}"],
        [f"bare llama-cpp-python: {bare['prompt_tokens']}-token prompt + {bare['new_tokens']} tokens (same run)",
         f"{bare['total_s']:.2f}", "1"],
    ]))
    out.append("")
    out.append(f"**Tuning:** the span score's word weight ({raw['coverage_weight']}) and the reader's threshold "
               f"({raw['span_check']}) were chosen on the dev half only (`--split dev`, `docs/bench-raw/ask-dev.json`); "
               "this table is the test half, never tuned on. The person's reading is in "
               "`docs/bench-raw/ask-verdicts.json`.")
    return "\n".join(out)


def main() -> None:
    """Entry point."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", choices=("test", "dev"), default="test")
    ap.add_argument("--limit", type=int, default=0, help="at most this many questions (0: all)")
    ap.add_argument("--rebuild", action="store_true", help="re-render the section from the saved rows")
    a = ap.parse_args()
    if a.rebuild:
        raw = C.load_raw(raw_name("test"))
        if not isinstance(raw, dict):
            raise SystemExit("no raw results: run without --rebuild")
        C.write_section("ask", render(raw))
        return
    questions = [json.loads(line) for line in EVAL.read_text(encoding="utf-8").splitlines() if line.strip()]
    questions = [q for q in questions if q["split"] == a.split][: a.limit or None]
    stamp = C.stamp()
    settings = Settings()
    enc = C.load_encoder(C.default_threads())
    with tempfile.TemporaryDirectory(prefix="ovillo-bench-ask-") as tmp, Ovillo(tmp, encoder=enc) as app:
        drain = C.drain
        drain(app.library.ingest([C.DEMO / f for f in C.DEMO_FOLDERS], IngestOptions(collection="demo",
                                                                          classification="public")))
        chunks = app.library.status().chunks
        where = record_paths(app)
        t = time.perf_counter()
        gen = app.generator()
        load_s = time.perf_counter() - t
        rows = []
        for n, q in enumerate(questions, 1):
            row = run_question(app, q, where)
            rows.append(row)
            print(f"[ask] {n}/{len(questions)} {row['reason']:<22} {row['total_s']:5.1f}s right_source="
                  f"{row['right_source']} {q['question'][:60]}", file=sys.stderr, flush=True)
        gguf = next(Path(app.paths.models).glob(f"{gen.name}/*.gguf"))
    bare = bare_run(gguf, settings.answer_threads, settings.answer_n_ctx)
    raw = {"stamp": stamp, "split": a.split, "chunks": chunks, "model": gen.name, "threads": settings.answer_threads,
           "load_s": load_s, "rows": rows, "bare": bare, "coverage_weight": COVERAGE_WEIGHT, "span_check": SPAN_CHECK}
    C.save_raw(raw_name(a.split), raw)
    section = render(raw)
    print(section)
    if a.split == "test":
        C.write_section("ask", section)


if __name__ == "__main__":
    main()
