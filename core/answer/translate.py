"""A span of the archive in the question's language, on demand, always labelled as machine translation.

The archive's words stay the answer: a translation is shown beside a span, never instead of it, and the
front ends mark it as the answer model's wording. It is the one place the model writes, and only a
rendering of text already accepted, so the rule that nothing unchecked is an answer holds.
"""

from __future__ import annotations

from core.answer.prompt import LANG_NAMES
from core.models.generator import Generator, Message
from core.progress import CancelToken

TRANSLATOR = ("You translate short excerpts from a heritage archive. Reply with the translation only: no "
              "explanation, no quotation marks, nothing added or left out. Keep names, numbers and dates as written.")


def translation_messages(text: str, lang: str) -> list[Message]:
    """The prompt: the target language, then the excerpt."""
    target = LANG_NAMES.get(lang, lang)
    return [Message("system", TRANSLATOR), Message("user", f"Translate into {target}:\n\n{text}")]


def translate(gen: Generator, text: str, lang: str, *, cancel: CancelToken | None = None) -> str:
    """``text`` in ``lang`` by the answer model (its whole reply, stripped)."""
    budget = max(32, 2 * gen.count_tokens(text) + 16)
    pieces = gen.stream(translation_messages(text, lang), max_tokens=budget, stop=["<|im_end|>"], cancel=cancel)
    return "".join(pieces).strip().strip('"“”«»').strip()
