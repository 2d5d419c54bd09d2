"""Context budget: whole passages only, at least one, dedupe, diversity, conversation summary."""

from __future__ import annotations

from core.answer.context import build_context, dedupe, diversify
from core.answer.conversation import Conversation, fit_conversation
from core.models.generator import ScriptedGenerator
from core.retrieval.hits import Hit


def hit(sid: int, idx: int, text: str) -> Hit:
    return Hit(section_tipo="demo", section_id=sid, title=f"r{sid}", component_tipo="rag:text", lang="es",
               chunk_index=idx, snippet="", score=1.0 / (sid + idx + 1), source_path=None, page=None, tc_in=None,
               text=text, dense_score=0.9)


def words(n: int, seed: str) -> str:
    return " ".join(f"{seed}{i}" for i in range(n))


def test_budget_follows_n_ctx_and_never_cuts() -> None:
    hits = [hit(i, 0, words(150, f"w{i}x")) for i in range(12)]
    small, large = ScriptedGenerator([], n_ctx=1024), ScriptedGenerator([], n_ctx=8192)
    a = build_context("¿Qué?", hits, small, max_tokens=128, lang="es", scope="demo")
    b = build_context("¿Qué?", hits, large, max_tokens=128, lang="es", scope="demo")
    assert 1 <= len(a.evidence) < len(b.evidence)
    assert a.prompt_tokens <= 1024 - a.budget["reserve"]
    for ctx in (a, b):
        prompt = ctx.messages[-1].content
        assert all(e.hit.text in prompt for e in ctx.evidence)  # each passage whole
        # under a per-turn label, S1… in order (the canonical id stays out of the prompt)
        assert [e.label for e in ctx.evidence] == [f"S{n}" for n in range(1, len(ctx.evidence) + 1)]
        assert all(f"[{e.label}] " in prompt and e.id not in prompt for e in ctx.evidence)


def test_keeps_at_least_one_even_when_it_does_not_fit() -> None:
    ctx = build_context("q", [hit(1, 0, words(3000, "z"))], ScriptedGenerator([], n_ctx=1024), max_tokens=128,
                        lang="en", scope="demo")
    assert len(ctx.evidence) == 1 and ctx.evidence[0].hit.text in ctx.messages[-1].content


def test_dedupe_and_diversify() -> None:
    base = words(60, "same")
    hits = [hit(1, 0, base), hit(1, 1, base + " extra"), hit(1, 2, words(60, "other")), hit(2, 0, words(60, "b"))]
    kept = dedupe(hits)
    assert [h.citation for h in kept] == ["demo-1#0", "demo-1#2", "demo-2#0"]
    assert [h.citation for h in diversify(kept)] == ["demo-1#0", "demo-2#0", "demo-1#2"]


def test_rolling_summary_replaces_old_turns() -> None:
    conv = Conversation()
    for i in range(10):
        conv.add(f"pregunta número {i} sobre el pantano", f"Respuesta {i} [demo-{i}#0]. " + words(40, f"a{i}"))
    summary, turns = fit_conversation(conv, 300, ScriptedGenerator([]).count_tokens)
    assert 1 <= len(turns) < 10 and turns[-1].question.startswith("pregunta número 9")
    last_dropped = 9 - len(turns)
    assert f"pregunta número {last_dropped} " in summary and f"Respuesta {last_dropped}." in summary
    assert "[demo-" not in summary  # old citations are not carried into the summary
    assert conv.turns == turns  # folded turns leave the conversation; the summary rolls forward
    conv.add("otra", "Respuesta nueva.")
    for i in range(3):
        conv.add(f"más {i}", words(40, f"b{i}"))
    summary2, _ = fit_conversation(conv, 300, ScriptedGenerator([]).count_tokens)
    count = ScriptedGenerator([]).count_tokens
    assert "pregunta número 9 " in summary2 and count(summary2) <= 150  # rolled forward, oldest gists out


def test_conversation_goes_into_the_messages() -> None:
    conv = Conversation()
    conv.add("¿Cuándo llegó el agua?", "En marzo de 1959.")
    ctx = build_context("¿Y después?", [hit(1, 0, "texto")], ScriptedGenerator([]), max_tokens=64, lang="es",
                        scope="demo", conversation=conv)
    assert [m.role for m in ctx.messages] == ["system", "user", "assistant", "user"]
    assert ctx.messages[2].content == "En marzo de 1959."
