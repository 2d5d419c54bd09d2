"""Conversation memory: prior turns within a budget, older ones folded into a rolling summary.

The summary is extractive (question + first sentence of each older answer, without its
citations): it costs no model call and cannot invent anything the answers did not say.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from core.text import sentences

_CITE = re.compile(r"\s*\[[^\]]*#\d+[^\]]*\]")


@dataclass
class Turn:
    """One question and the answer given to it."""

    question: str
    answer: str


@dataclass
class Conversation:
    """The turns so far and the summary of the ones that no longer fit."""

    turns: list[Turn] = field(default_factory=list)
    summary: str = ""

    def add(self, question: str, answer: str) -> None:
        """Remember a finished turn."""
        self.turns.append(Turn(question, answer))


def _gist(turn: Turn) -> str:
    first = sentences(_CITE.sub("", turn.answer))
    return f"- Q: {turn.question} A: {first[0] if first else '(no answer)'}"


def fit_conversation(conv: Conversation, budget: int, count: Callable[[str], int]) -> tuple[str, list[Turn]]:
    """The summary text and the most recent turns that fit ``budget`` tokens together.

    Turns that do not fit are folded, oldest first, into ``conv.summary`` (kept on the
    conversation so the summary rolls forward from turn to turn).
    """
    kept: list[Turn] = []
    used = count(conv.summary) if conv.summary else 0
    for turn in reversed(conv.turns):
        cost = count(turn.question) + count(turn.answer) + 8
        if used + cost > budget:
            break
        kept.insert(0, turn)
        used += cost
    dropped = conv.turns[: len(conv.turns) - len(kept)]
    if dropped:
        lines = [ln for ln in conv.summary.splitlines() if ln] + [_gist(t) for t in dropped]
        # the summary itself stays inside the budget: oldest gists go first
        while lines and count("\n".join(lines)) > max(budget // 2, 16):
            lines.pop(0)
        conv.summary = "\n".join(lines)
        conv.turns = kept
    return conv.summary, kept
