"""Context assembly under the model's real context size (docs/design.md §8).

Budget of ``n_ctx`` tokens: fixed system prompt · task and scope · evidence · conversation
(~15%) · reserve for the output (``max_tokens``, at least ~10%). Evidence takes whatever the
other parts leave. Each passage is shown as its focused excerpt (``focus.py``: the sentences that
match the question, with neighbours, ~``focus_tokens`` tokens; 0 = whole passages), made of
verbatim spans. An excerpt that does not fit is skipped (a later, shorter one may still fit),
except the best one, which is always kept.

The system prompt comes first and is the same for every question, so the answer model's KV cache
(``LlamaGenerator`` keeps a snapshot per system prompt) skips it from the second question on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.answer.conversation import Conversation, fit_conversation
from core.answer.focus import FOCUS_PASSAGES, FOCUS_TOKENS, focus
from core.answer.prompt import SYSTEM, evidence_block, task_text, user_message
from core.answer.result import Evidence
from core.models.generator import Generator, Message
from core.retrieval.hits import Hit
from core.text import content_words, jaccard

CONVERSATION_SHARE = 0.15
RESERVE_SHARE = 0.10
NEAR_DUPLICATE = 0.8  # Jaccard of content words above which two chunks say the same thing
PER_RECORD_FIRST_PASS = 1  # diversify: one passage per record first, then seconds
TEMPLATE_SLACK = 48  # chat-template tokens around each message


@dataclass
class Context:
    """The messages for the model and the evidence they carry."""

    messages: list[Message]
    evidence: list[Evidence]
    prompt_tokens: int
    budget: dict[str, int]


def dedupe(hits: Sequence[Hit]) -> list[Hit]:
    """Drop chunks that repeat an earlier (better-ranked) chunk almost word for word."""
    kept: list[Hit] = []
    words: list[set[str]] = []
    for h in hits:
        w = content_words(h.text)
        if any(jaccard(w, seen) >= NEAR_DUPLICATE for seen in words):
            continue
        kept.append(h)
        words.append(w)
    return kept


def diversify(hits: Sequence[Hit]) -> list[Hit]:
    """Rank order, but each record's first passage before any record's second one."""
    first: list[Hit] = []
    rest: list[Hit] = []
    counts: dict[tuple[str, int], int] = {}
    for h in hits:
        key = (h.section_tipo, h.section_id)
        counts[key] = counts.get(key, 0) + 1
        (first if counts[key] <= PER_RECORD_FIRST_PASS else rest).append(h)
    return first + rest


def build_context(question: str, hits: Sequence[Hit], gen: Generator, *, max_tokens: int, lang: str,
                  scope: str, conversation: Conversation | None = None, short_labels: bool = True,
                  focus_tokens: int = FOCUS_TOKENS, focus_passages: int = FOCUS_PASSAGES) -> Context:
    """Choose the evidence and conversation that fit, and write the messages."""
    n_ctx = gen.n_ctx
    count = gen.count_tokens
    reserve = max(max_tokens, int(n_ctx * RESERVE_SHARE))
    fixed = count(SYSTEM) + count(task_text(question, lang, scope)) + 3 * TEMPLATE_SLACK
    conv = conversation or Conversation()
    summary, turns = fit_conversation(conv, int(n_ctx * CONVERSATION_SHARE), count)
    conv_tokens = (count(summary) if summary else 0) + sum(count(t.question) + count(t.answer) + 8 for t in turns)
    evidence_budget = n_ctx - reserve - fixed - conv_tokens
    chosen: list[Evidence] = []
    blocks: list[str] = []
    used = 0
    for h in diversify(dedupe(hits)):
        if focus_tokens > 0 and len(chosen) >= focus_passages:
            break
        excerpt = focus(question, h.text, budget=focus_tokens, count=count).text if focus_tokens > 0 else ""
        ev = Evidence(h.citation, h, f"S{len(chosen) + 1}" if short_labels else "",
                      excerpt if excerpt != h.text.strip() else "")
        block = evidence_block(ev)
        cost = count(block) + 2
        if chosen and used + cost > evidence_budget:
            continue  # never cut: skip it, a shorter later passage may fit
        chosen.append(ev)
        blocks.append(block)
        used += cost
    messages = [Message("system", SYSTEM)]
    for t in turns:
        messages += [Message("user", t.question), Message("assistant", t.answer)]
    example = (chosen[0].label or chosen[0].id) if chosen else "S1"
    messages.append(Message("user", user_message(question, lang, scope, blocks, summary, example)))
    total = sum(count(m.content) for m in messages) + TEMPLATE_SLACK * len(messages)
    return Context(messages, chosen, total, {"n_ctx": n_ctx, "reserve": reserve, "fixed": fixed,
                                             "conversation": conv_tokens, "evidence": evidence_budget,
                                             "evidence_used": used})
