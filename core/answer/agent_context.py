"""The evidence an outside agent is given for a question: what the local Ask would rest its answer on.

The same retrieval and relevance gate as :class:`core.answer.engine.Answerer` (the same passages,
limit and thresholds from the data folder's settings, through the one ACL gate), then the context
rules of :mod:`core.answer.context`: near-duplicates dropped, each record's first passage before any
record's second, and whole verbatim passages packed under the caller's token budget — a passage that
does not fit is skipped (a later, shorter one may), except the best one, which is cut to its focused
excerpt (:mod:`core.answer.focus`, verbatim spans) rather than dropped. Tokens are counted with the
text encoder's tokenizer, which is loaded for the query anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.acl import Profile
from core.answer.context import dedupe, diversify
from core.answer.engine import AskOptions, relevance_gate
from core.answer.focus import focus
from core.retrieval.hits import Hit
from core.retrieval.search import Searcher

PASSAGE_OVERHEAD = 24  # tokens of the id, title and place an agent reads beside each passage's text


@dataclass(frozen=True)
class AgentPassage:
    """One passage given to an agent: the hit it came from and the verbatim text shown (whole, or an excerpt)."""

    hit: Hit
    text: str
    excerpt: bool
    tokens: int


@dataclass
class AgentContext:
    """The packed passages, the tokens they take, and why there are none (empty when there are)."""

    passages: list[AgentPassage] = field(default_factory=list)
    tokens: int = 0
    why: str = ""


def agent_context(searcher: Searcher, question: str, profile: Profile, *, max_tokens: int,
                  options: AskOptions | None = None) -> AgentContext:
    """The Ask's permitted, relevant passages for ``question``, packed under ``max_tokens``."""
    opt = options or AskOptions()
    hits = searcher.retrieve(question, profile, limit=opt.limit, filters=opt.filters)
    relevant, _, why = relevance_gate(searcher, question, list(hits), opt)
    if not relevant:
        return AgentContext(why=why)
    count = searcher.encoder.count_tokens
    out = AgentContext()
    for h in diversify(dedupe(relevant)):
        text, excerpt = h.text.strip(), False
        cost = count(text) + PASSAGE_OVERHEAD
        if out.tokens + cost > max_tokens:
            if out.passages:
                continue  # never cut a later passage: skip it, a shorter one may still fit
            budget = max(1, max_tokens - PASSAGE_OVERHEAD)
            text, excerpt = focus(question, text, budget=budget, count=count).text, True
            cost = count(text) + PASSAGE_OVERHEAD
        out.passages.append(AgentPassage(h, text, excerpt, cost))
        out.tokens += cost
    return out
