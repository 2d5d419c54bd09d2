"""The answers room of the facade: the archive's own spans the answer model accepts, and translations of them."""

from __future__ import annotations

from collections.abc import Generator

from core.answer.conversation import Conversation
from core.answer.engine import Answerer, AskOptions
from core.answer.result import AnswerResult, AskEvent
from core.filters import SearchFilters
from core.progress import CancelToken
from core.service.folder import Folder


class Answers:
    """Ask the archive, and translate a shown span (the answer model runs in its own process)."""

    def __init__(self, folder: Folder) -> None:
        self._f = folder

    def ask(self, question: str, *, profile: str = "owner", conversation: Conversation | None = None,
            cancel: CancelToken | None = None, model: str | None = None, max_tokens: int | None = None,
            filters: SearchFilters | None = None) -> Generator[AskEvent, None, AnswerResult]:
        """Answer with the archive's own spans the answer model accepts, or refuse (see :mod:`core.answer.engine`)."""
        f = self._f
        answerer = Answerer(f.searcher(), lambda: f.generator(model))
        options = AskOptions.from_settings(f.settings, max_tokens=max_tokens, filters=filters)
        result = yield from answerer.ask(question, f.profile(profile), options=options, conversation=conversation,
                                         cancel=cancel)
        return result

    def translate(self, text: str, lang: str, *, model: str | None = None,
                  cancel: CancelToken | None = None) -> str:
        """``text`` (a span already shown) in ``lang``, by the answer model: a machine translation, to be labelled
        as such (see :mod:`core.answer.translate`)."""
        from core.answer.translate import translate

        return translate(self._f.generator(model), text, lang, cancel=cancel)
