"""The one exception tree of Ovillo's core.

Every error core raises on purpose derives from :class:`OvilloError`, so the
CLI and the GUI can tell "expected, explain it to the user" from "a bug".

Each error also carries a stable message id (``code``) and its variable parts (``params``), and
its hint likewise (``hint_code``, ``hint_params``): core has no Qt and no catalogues, so the
window translates by id (``app/errors.py``) while the CLI keeps printing the English text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from core.messages import MESSAGES

_SLOT = re.compile(r"\{([a-z_]+)\}")  # a variable part; other braces (a JSON example) are literal text
_LOCK_WORDS = ("could not set lock", "conflicting lock", "lock on file")
#: hints that say more than the one the raise site gave, once the message id is known
_BETTER_HINTS = {"store.locked": "hint.store_locked"}


def render(code: str, params: Mapping[str, object] | None = None) -> str:
    """The English text of ``code`` with its parts filled (the code itself when unknown)."""
    template = MESSAGES.get(code, code)
    values = params or {}
    return _SLOT.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    compiled = []
    for code, template in MESSAGES.items():
        parts, seen, last = [], set(), 0
        for m in _SLOT.finditer(template):
            parts.append(re.escape(template[last:m.start()]))
            name = m.group(1)
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
            seen.add(name)
            last = m.end()
        parts.append(re.escape(template[last:]))
        compiled.append((code, re.compile("".join(parts), re.S)))
    return tuple(compiled)


def identify(text: str) -> tuple[str, dict[str, str]] | None:
    """The message id and parts of an English message (or hint) core produces; None when unknown.

    Raise sites keep writing plain English (the CLI's output and the logs stay as they are) or
    pass ``code=``/``params=``; the id is recovered from the registry above, and
    tests/unit/test_error_codes.py checks every raise site's wording against it.
    """
    if not text:
        return None
    for code, pattern in _patterns():
        m = pattern.fullmatch(text)
        if m:
            params = m.groupdict()
            if code == "store.open" and any(w in params["detail"].lower() for w in _LOCK_WORDS):
                code = "store.locked"  # a lock held by another process is not damage: said apart
            return code, params
    return None


def split_reason(reason: str) -> tuple[str, str]:
    """A stored per-file reason ("message — hint") as (message, hint); hint is "" when there is none."""
    splits = []
    at = len(reason)
    while (at := reason.rfind(" — ", 0, at)) >= 0:
        splits.append((reason[:at], reason[at + 3:]))
    for head, tail in splits:  # a known hint after a known message: the surest reading
        hint = identify(tail)
        if hint is not None and hint[0].startswith("hint.") and identify(head) is not None:
            return head, tail
    if identify(reason) is not None:
        return reason, ""
    for head, tail in splits:
        if identify(head) is not None:
            return head, tail
    return reason, ""


class OvilloError(Exception):
    """Root of every error core raises deliberately."""

    #: A short hint the user can act on; front ends show it under the message.
    hint: str = ""
    #: The message id front ends translate (see :data:`MESSAGES`); the class's own when none matches.
    code: str = "error"

    def __init__(self, message: str = "", *, hint: str = "", code: str = "",
                 params: Mapping[str, object] | None = None) -> None:
        if code and not message:
            message = render(code, params)
        super().__init__(message)
        if hint:
            self.hint = hint
        found = (code, {k: str(v) for k, v in (params or {}).items()}) if code else identify(message)
        #: the variable parts of the message, by name, for the front end to fill in
        self.params: dict[str, str] = {}
        if found is not None:
            self.code, self.params = found
        hint_found = identify(self.hint)
        #: the hint's id and parts ("" when the hint is not in the registry)
        self.hint_code, self.hint_params = hint_found if hint_found is not None else ("", {})
        if self.code in _BETTER_HINTS and self.hint_code in ("", "hint.store_open"):
            self.hint_code, self.hint_params = _BETTER_HINTS[self.code], {}


class Cancelled(OvilloError):
    """The user (or a cancel token) stopped the operation; front ends stay quiet."""

    code = "cancelled"


class ConfigError(OvilloError):
    """Settings, paths or arguments that cannot work."""

    code = "error.config"


class StoreError(OvilloError):
    """The local DuckDB store cannot be opened, migrated or written."""

    code = "error.store"


class MigrationError(StoreError):
    """A schema migration failed or the store is newer than this program."""

    code = "error.migration"


class ModelError(OvilloError):
    """A model is missing, fails its sha256 check or cannot be loaded."""

    code = "error.model"


class ModelCrashed(ModelError):
    """The answer model's child process died or hung; the caller is unaffected and may ask again."""

    code = "error.model_crashed"


class ModelMismatch(ModelError):
    """The store is pinned to another model than the one asked for."""

    code = "error.model_mismatch"


class IngestError(OvilloError):
    """One source could not be read; the batch goes on without it."""

    code = "error.ingest"


class UnsupportedFormat(IngestError):
    """No reader handles this file type."""

    code = "error.unsupported"


class UnsupportedKind(UnsupportedFormat):
    """A file of a type a reader takes whose content is of another kind (an EAD finding aid in an ``.xml``):
    counted as unsupported, not failed, even when named explicitly."""


class RefusedSource(IngestError):
    """A link, device, pipe or system file that must not be read; rows it left earlier are removed."""

    code = "error.refused"


class CorruptSource(IngestError):
    """The file is damaged, encrypted, binary or not in the expected format."""

    code = "error.corrupt"


class NotFound(OvilloError):
    """A record, profile or model that does not exist (or is not visible)."""

    code = "error.not_found"


class PermissionDenied(OvilloError):
    """The active profile may not do this."""

    code = "error.permission"
