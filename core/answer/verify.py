"""The answer model asked, once per cited passage, whether that passage states the sentence.

The lexical support test (``citations.py``) sees words, not who did what to whom: a sentence
stitched from a passage's own names and dates passes it ("The Vilaró family left in October
1958" cited to Elena Vidal's interview). So after the lexical test accepts a citation, the
model that wrote the answer reads the passage and the sentence alone — without the other
evidence it mixed them up from — and its next-token probability of "yes" against "no" is the
verdict; a citation below the threshold counts as unsupported. No text is sampled.

Measured on the hand-checked citations of the grounding benchmark (docs/benchmarks.md): it
rejects a share of the inventions the lexical test let through, at the cost of a prompt
evaluation per accepted citation — only of what follows the shared prefix: every check starts with
the same system prompt and then the passage (title, quote), the claim last, and the answer model
keeps a KV snapshot per system prompt (``LlamaGenerator``), so a check evaluates the passage and
the claim only, and a second claim resting on the same quote only the claim. Set the threshold to 0 to
switch it off.
"""

from __future__ import annotations

from core.answer.citations import Entailment
from core.models.generator import Generator, Message
from core.progress import CancelToken


JUDGE_SYSTEM = ("You check claims against a source passage. Answer with one word: yes if the passage itself "
                "states the claim (in any language), no if the passage does not say it, says something different, "
                "or is about something else.")


def judge_messages(question: str, claim: str, passage: str) -> list[Message]:
    """The check prompt: the passage first (shared between claims, so its evaluation is cached)."""
    return [Message("system", JUDGE_SYSTEM),
            Message("user", f"Passage:\n{passage}\n\nQuestion asked: {question}\nClaim: {claim}\n\n"
                            "Does the passage state this claim and answer the question? yes or no.")]


def model_check(gen: Generator, cancel: CancelToken | None = None) -> Entailment:
    """A memoised ``(question, claim, passage) → P(yes)`` over ``gen`` (None when it cannot judge)."""
    seen: dict[tuple[str, str, str], float | None] = {}

    def entails(question: str, claim: str, passage: str) -> float | None:
        key = (question, claim, passage)
        if key not in seen:
            seen[key] = gen.yes_probability(judge_messages(question, claim, passage), cancel=cancel)
        return seen[key]

    return entails
