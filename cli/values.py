"""The value rules every ``ovillo`` option is checked by: limits, names, numbers, dates, paths.

:mod:`cli.args` applies them per command, :mod:`cli.queries` and :mod:`cli.objects` to their own
inputs; a bad value is one clear line and exit code 2 (:class:`UsageError`).
"""

from __future__ import annotations

import re
import stat
import unicodedata
from datetime import date

from core.api import ConfigError

MAX_QUERIES_BYTES = 10 * 1024 * 1024  # a query file larger than this is not a query set
MAX_QUERY_CHARS = 4000  # the encoder reads 512 tokens of a query at most: ~2,000 characters
MAX_QUESTION_CHARS = 2000  # a question must leave room for its passages in the answer model's context
MAX_PATH_CHARS = 4096  # PATH_MAX on Linux
MAX_NAME_CHARS = 200
MAX_TOKENS = (1, 4096)  # the same upper bound as the answer_max_tokens setting
PROJECT_IDS = (1, 2**31 - 1)  # project_ids are INTEGER[] in the store
SECTION_IDS = (0, 2**63 - 1)  # section_id is a BIGINT
PORTS = (1, 65535)  # TCP

CONTROL = re.compile(r"[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]")  # \t \n \r are fine in text
SURROGATE = re.compile(r"[\ud800-\udfff]")  # argv bytes that were not UTF-8 (surrogateescape)
LANG = re.compile(r"[a-z]{2,3}(?:-[a-z0-9]{1,8})*")
PROFILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
MODEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")  # a folder name: no separator, no leading dot
FACET = re.compile(r"[a-z][a-z0-9_]{0,63}(?::[a-z0-9_]{1,64})?")
SECTION_TIPO = re.compile(r"[a-z0-9_]{1,64}")
WHOLE = re.compile(r"\+?[0-9]+")


class UsageError(ConfigError):
    """A command-line value that cannot work (exit code 2)."""


# -- values --------------------------------------------------------------------------------
def show(value: str, width: int = 40) -> str:
    """A value as quoted in a message: repr (so NUL and escapes stay visible), cut short."""
    return repr(value if len(value) <= width else value[:width] + "…")


def scalar(value: object, flag: str) -> str | None:
    # argparse turns `--flag=--` into an empty list (it drops the `--`): a missing value
    if value is None or isinstance(value, str):
        return value
    raise UsageError(f"{flag} needs a value")


def value_list(values: object, flag: str) -> list[str]:
    if not isinstance(values, list):
        raise UsageError(f"{flag} needs a value")
    return [str(scalar(v, flag)) for v in values]


def clean(value: str, what: str) -> str:
    """No NUL, no control character, valid UTF-8."""
    if "\x00" in value:
        raise UsageError(f"{what} contains a NUL character")
    if CONTROL.search(value):
        raise UsageError(f"{what} contains a control character")
    if SURROGATE.search(value):
        raise UsageError(f"{what} is not valid UTF-8")
    return value


def check_text(value: str | None, what: str, limit: int) -> str:
    """A query or question: words, at most ``limit`` characters."""
    if value is None or not value.strip():
        raise UsageError(f"{what} is empty")
    if len(value) > limit:
        raise UsageError(f"{what} is too long ({len(value):,} characters; at most {limit:,})")
    clean(value, what)
    if not any(ch.isalnum() for ch in value):
        raise UsageError(f"{what} {show(value)} has no words")
    return value.strip()


def checked_name(value: str, flag: str, pattern: re.Pattern[str], example: str) -> str:
    if len(value) > MAX_NAME_CHARS:
        raise UsageError(f"{flag} is too long ({len(value):,} characters)")
    clean(value, flag)
    if not pattern.fullmatch(value):
        raise UsageError(f"{flag} {show(value)} is not valid (e.g. {example})")
    return value


def profile_name(value: object) -> str:
    name = scalar(value, "--profile") or ""
    return checked_name(name, "--profile", PROFILE, "owner or public")


def lang_code(value: str) -> str:
    """An ISO 639 code, optionally with a region (``es``, ``ca``, ``pt-br``); lowercase."""
    return checked_name(value.lower().replace("_", "-"), "--lang", LANG, "es, ca or en")


def facet_name(value: str) -> str:
    return checked_name(value.lower(), "--facet", FACET, "rag:transcript")


def collection_name(value: str) -> str:
    """A collection name as given to ingest (it is stored as its slug, so it needs a letter or digit)."""
    if len(value) > MAX_NAME_CHARS:
        raise UsageError(f"--collection is too long ({len(value):,} characters; at most {MAX_NAME_CHARS})")
    clean(value, "--collection")
    folded = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode()
    if not any(ch.isalnum() for ch in folded):
        raise UsageError(f"--collection {show(value)} has no letter or digit to name a collection by",
                         hint="Collection names are stored as lowercase ascii, e.g. 'Fondo Pérez' → fondo_perez.")
    return value


def section_tipo_name(value: object) -> str:
    tipo = scalar(value, "SECTION_TIPO") or ""
    return checked_name(tipo, "SECTION_TIPO", SECTION_TIPO, "the collection id search prints, like catalogue")


def whole(value: str, flag: str, low: int, high: int | None = None) -> int:
    """A whole number in [low, high]; an absurdly long one saturates (``--limit 10**40`` is just large)."""
    text = value.strip()
    n: int | None = None
    if WHOLE.fullmatch(text):
        digits = text.lstrip("+").lstrip("0") or "0"
        n = int(digits) if len(digits) <= 19 else 10**19  # int() refuses > 4,300 digits; 10**19 > any bound
    if n is None or n < low or (high is not None and n > high):
        bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise UsageError(f"{flag} must be a whole number {bounds} (got {show(value)})")
    return n


def day(value: object, flag: str) -> date | None:
    text = scalar(value, flag)
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(f"{flag} {show(text)} is not a date (YYYY-MM-DD)") from None


# -- paths ---------------------------------------------------------------------------------
def path_text(value: str, what: str) -> str:
    if not value:
        raise UsageError(f"{what} is empty")
    if len(value) > MAX_PATH_CHARS:
        raise UsageError(f"{what} is too long ({len(value):,} characters; at most {MAX_PATH_CHARS})")
    if "\x00" in value:
        raise UsageError(f"{what} contains a NUL character")
    return value


def opt_path(value: object, flag: str) -> str | None:
    text = scalar(value, flag)
    return None if text is None else path_text(text, flag)


def file_kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return name
    return "not a regular file"
