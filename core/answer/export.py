"""An answer as a person takes it away: Markdown to paste (the archive's words, quoted, with their sources)
and a JSON record of a whole conversation (questions, spans, verdicts, sources, the model and the date)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timezone

from core.answer.result import AnswerResult
from core.text import markdown_line, timecode


def _where(page: int | None, tc_in: float | None) -> str:
    if page:
        return f", p. {page}"
    if tc_in is not None:
        return f", {timecode(tc_in)}"
    return ""


def answer_markdown(question: str, res: AnswerResult) -> str:
    """The question, then each accepted span as a quote with its record and place; a refusal says so."""
    out = [f"**{markdown_line(question)}**", ""]
    if res.grounded:
        titles = {str(p["id"]): str(p.get("title") or p["id"]) for p in res.provenance}
        for c in res.citations:
            for q in c.quotes or [{"text": c.cited_text}]:
                out.append(f"> {markdown_line(str(q['text']))}")
                out.append(">")
                out.append(f"> — {markdown_line(titles.get(c.id, c.id))}{_where(c.page, c.tc_in)} "
                           f"(`{c.source_path or c.id}`)")
                out.append("")
    elif res.reason == "cancelled":
        out += ["*(stopped)*", ""]
    else:
        out += ["*The archive does not say this directly.*" if res.reason == "archive_does_not_say"
                else "*Nothing in the archive is close enough to the question to answer it.*", ""]
        for n in res.nearest:
            out.append(f"- {markdown_line(str(n.get('title') or n.get('id')))} (`{n.get('source_path') or n.get('id')}`)")
        if res.nearest:
            out.append("")
    return "\n".join(out)


def conversation_markdown(turns: Sequence[tuple[str, AnswerResult]]) -> str:
    """Every turn of a conversation, in order."""
    return "\n".join(answer_markdown(q, r) for q, r in turns)


def conversation_json(turns: Sequence[tuple[str, AnswerResult]], *, now: datetime | None = None) -> str:
    """The conversation as JSON: each question with its full ``ask --json`` result, the models and the date."""
    when = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    return json.dumps({"exported": when, "turns": [{"question": q, **r.to_json()} for q, r in turns]},
                      ensure_ascii=False, indent=2)
