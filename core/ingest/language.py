"""Language of a record when neither the user nor the file says it."""

from __future__ import annotations

import re
from functools import lru_cache

from py3langid.langid import LanguageIdentifier

MIN_CHARS = 20


@lru_cache(maxsize=1)
def _identifier() -> LanguageIdentifier:
    from py3langid.langid import MODEL_FILE

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def detect_language(text: str) -> str | None:
    """ISO 639-1 code, or None for text too short or too uncertain to tell."""
    sample = re.sub(r"\s+", " ", text)[:4000]
    if len(re.sub(r"\W", "", sample)) < MIN_CHARS:
        return None
    lang, prob = _identifier().classify(sample)
    return str(lang) if prob >= 0.5 else None
