"""An answer taken away: Markdown quotes with their sources, and a conversation as JSON with its date."""

from __future__ import annotations

import json
from datetime import datetime, timezone

from core.answer.export import answer_markdown, conversation_json, conversation_markdown
from core.answer.result import AnswerResult, Citation

SPAN = "El agua del pantano cubrió el pueblo en marzo de 1959."


def grounded() -> AnswerResult:
    c = Citation("demo-7#0", "demo", 7, 0, SPAN, "/a/pantano.md", 3, None, 10, 10 + len(SPAN),
                 [{"sentence": SPAN, "text": SPAN, "start": 10, "end": 10 + len(SPAN)}])
    return AnswerResult(f"{SPAN} [demo-7#0]", True, False, "grounded", citations=[c],
                        provenance=[{"id": "demo-7#0", "title": "Diario *del* pantano"}])


def test_the_markdown_quotes_the_archive_with_its_source_and_escapes_markup() -> None:
    md = answer_markdown("¿Cuándo se inundó el pueblo?", grounded())
    assert md.splitlines() == ["**¿Cuándo se inundó el pueblo?**", "", f"> {SPAN}", ">",
                               "> — Diario \\*del\\* pantano, p. 3 (`/a/pantano.md`)"]
    refused = AnswerResult("", False, True, "archive_does_not_say",
                           nearest=[{"id": "demo-8#0", "title": "Molino", "source_path": "/a/molino.md"}])
    assert answer_markdown("¿Y el trigo?", refused).splitlines()[2] == "*The archive does not say this directly.*"
    assert "- Molino (`/a/molino.md`)" in answer_markdown("¿Y el trigo?", refused)


def test_a_conversation_exports_every_turn_with_its_date() -> None:
    turns = [("¿Cuándo?", grounded()), ("¿Y el trigo?", AnswerResult("", False, True, "no_relevant_passages"))]
    md = conversation_markdown(turns)
    assert md.index("**¿Cuándo?**") < md.index("**¿Y el trigo?**")
    js = json.loads(conversation_json(turns, now=datetime(2026, 12, 4, 10, 0, tzinfo=timezone.utc)))
    assert js["exported"] == "2026-12-04T10:00:00+00:00"
    assert [t["question"] for t in js["turns"]] == ["¿Cuándo?", "¿Y el trigo?"]
    assert js["turns"][0]["citations"][0]["cited_text"] == SPAN and js["turns"][1]["reason"] == "no_relevant_passages"


def test_a_translation_is_the_models_reply_to_a_translation_prompt() -> None:
    from core.answer.translate import translate, translation_messages
    from core.models.generator import ScriptedGenerator

    gen = ScriptedGenerator(['"The water covered the village in March 1959."'])
    assert translate(gen, SPAN, "en") == "The water covered the village in March 1959."
    (system, user), = gen.calls
    assert user.content == f"Translate into English:\n\n{SPAN}" and "translation only" in system.content
    assert translation_messages("x", "ca")[1].content.startswith("Translate into Catalan:")
