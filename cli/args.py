"""Checks every ``ovillo`` option value before anything is opened.

argparse checks the grammar, this module checks the values: a bad one becomes one clear
line and exit code 2 (:class:`UsageError`) instead of a traceback from deep in the store
or the model, and it costs nothing because no store or model is loaded yet.
"""

from __future__ import annotations

import argparse
import os
import re
import stat
import sys
import tempfile
import unicodedata
from datetime import date
from pathlib import Path

from core.cli_text import say
from core.errors import ConfigError
from core.ids import slug
from core.paths import default_models_dir, resolve_home

MAX_QUERIES_BYTES = 10 * 1024 * 1024  # a query file larger than this is not a query set
MAX_QUERY_CHARS = 4000  # the encoder reads 512 tokens of a query at most: ~2,000 characters
MAX_QUESTION_CHARS = 2000  # a question must leave room for its passages in the answer model's context
MAX_PATH_CHARS = 4096  # PATH_MAX on Linux
MAX_NAME_CHARS = 200
MAX_TOKENS = (1, 4096)  # the same upper bound as the answer_max_tokens setting
PROJECT_IDS = (1, 2**31 - 1)  # project_ids are INTEGER[] in the store
SECTION_IDS = (0, 2**63 - 1)  # section_id is a BIGINT
PORTS = (1, 65535)  # TCP
SYNC_PAGES = (1, 10_000)  # records per local transaction of a sync

_CONTROL = re.compile(r"[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]")  # \t \n \r are fine in text
_SURROGATE = re.compile(r"[\ud800-\udfff]")  # argv bytes that were not UTF-8 (surrogateescape)
_LANG = re.compile(r"[a-z]{2,3}(?:-[a-z0-9]{1,8})*")
_PROFILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_MODEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")  # a folder name: no separator, no leading dot
_FACET = re.compile(r"[a-z][a-z0-9_]{0,63}(?::[a-z0-9_]{1,64})?")
_SECTION_TIPO = re.compile(r"[a-z0-9_]{1,64}")
_WHOLE = re.compile(r"\+?[0-9]+")


class UsageError(ConfigError):
    """A command-line value that cannot work (exit code 2)."""


def check_args(args: argparse.Namespace) -> None:
    """Validate and normalise ``args`` in place; raise :class:`UsageError` on the first bad value."""
    cmd = args.command
    home = _opt_path(args.home, "--home")
    models = _opt_path(args.models, "--models")
    if cmd == "ingest":
        _check_ingest(args)
    elif cmd in ("search", "similar"):
        _check_filters(args)
        if cmd == "search":
            _check_search(args)
        else:
            args.section_tipo = _section_tipo(args.section_tipo)
            args.section_id = _whole(args.section_id, "SECTION_ID", *SECTION_IDS)
    elif cmd == "status":
        args.profile = _profile(args.profile)
    elif cmd == "ask":
        _check_ask(args)
    elif cmd == "reindex":
        args.model = _model_name(args.model)
        _scalar(args.modality, "--modality")
    elif cmd == "models":
        _scalar(args.action, "the models action")
        _scalar(args.generator, "--generator")
    elif cmd in ("sync", "central"):
        _check_central(args)
    _check_folders(args, home, models)  # the file system last: a bad value must not leave a new folder


# -- commands ------------------------------------------------------------------------------
def _check_ingest(args: argparse.Namespace) -> None:
    args.paths = [_ingest_path(p) for p in _values(args.paths, "PATH")]
    collection = _scalar(args.collection, "--collection")
    if collection is not None:
        _collection(collection)
    args.collection = collection
    lang = _scalar(args.lang, "--lang")
    args.lang = None if lang is None else _lang(lang)
    _scalar(args.classification, "--classification")
    args.projects = [_whole(p, "--project", *PROJECT_IDS) for p in _values(args.projects, "--project")]


def _model_name(value: object) -> str | None:
    model = _scalar(value, "--model")
    if model is not None and not _MODEL.fullmatch(model):
        raise UsageError(f"--model {_show(model)} is not a model name",
                         hint="`ovillo models list` shows the installed ones.")
    return model


def _check_ask(args: argparse.Namespace) -> None:
    args.question = check_text(_scalar(args.question, "the question"), "the question", MAX_QUESTION_CHARS)
    args.profile = _profile(args.profile)
    args.model = _model_name(args.model)
    tokens = _scalar(args.max_tokens, "--max-tokens")
    args.max_tokens = None if tokens is None else _whole(tokens, "--max-tokens", *MAX_TOKENS)


def _check_central(args: argparse.Namespace) -> None:
    """``sync`` and ``central …``: addresses, names and paths (a bad one used to end as exit 70)."""
    for attr, flag in (("server", "--server"), ("dsn", "--dsn"), ("user", "--user"), ("name", "NAME")):
        if hasattr(args, attr):
            value = _scalar(getattr(args, attr), flag)
            if value is not None:
                if len(value) > MAX_PATH_CHARS:
                    raise UsageError(f"{flag} is too long ({len(value):,} characters)")
                setattr(args, attr, _clean(value, flag))
    for attr, flag in (("password_file", "--password-file"), ("ca_file", "--ca-file")):
        if hasattr(args, attr):
            setattr(args, attr, _opt_path(getattr(args, attr), flag))
    ca = getattr(args, "ca_file", None)
    if ca is not None and os.path.exists(ca) and not os.path.isfile(ca):  # libpq would block on a FIFO
        raise UsageError(f"--ca-file {_show(ca, 80)} is {file_kind(os.stat(ca).st_mode)}, not a regular file")
    if hasattr(args, "dir"):
        args.dir = _path_text(str(_scalar(args.dir, "DIR")), "DIR")
        try:  # init creates DIR: it must be a folder or not exist; start/stop report a missing one
            mode = os.stat(args.dir).st_mode
        except (FileNotFoundError, NotADirectoryError):
            mode = None
        except OSError as exc:
            raise UsageError(f"DIR {_show(args.dir, 80)} cannot be used: {exc.strerror or exc}") from None
        if mode is not None and not stat.S_ISDIR(mode):
            kind = "a file" if stat.S_ISREG(mode) else file_kind(mode)
            raise UsageError(f"DIR {_show(args.dir, 80)} is {kind}, not a folder")
    if hasattr(args, "port"):  # the server reads a missing or 0 port as "any free one": never by accident
        port = _scalar(args.port, "--port")
        args.port = None if port is None else _whole(port, "--port", *PORTS)
    if hasattr(args, "page"):
        args.page = _whole(str(_scalar(args.page, "--page")), "--page", *SYNC_PAGES)
    if getattr(args, "projects", None) is not None:  # `user add` without --project: every project
        args.projects = [_whole(p, "--project", *PROJECT_IDS) for p in _values(args.projects, "--project")]
    if hasattr(args, "paths"):
        args.paths = [_ingest_path(p) for p in _values(args.paths, "PATH")]
    if getattr(args, "collection", None) is not None:
        args.collection = _collection(str(_scalar(args.collection, "--collection")))


def _check_folders(args: argparse.Namespace, home: str | None, models: str | None) -> None:
    """The data folder must be a writable folder; the models folder a folder (writable to assemble)."""
    if args.command != "models":
        label = "--home" if home is not None else "OVILLO_HOME" if os.environ.get("OVILLO_HOME") else \
            "the data folder"
        args.home = str(_writable_folder(resolve_home(home), label))
    label = "--models" if models is not None else "OVILLO_MODELS"
    if models is None and not os.environ.get("OVILLO_MODELS"):
        return  # the platform default: created when a model is assembled
    folder = Path(models).expanduser().resolve() if models is not None else default_models_dir()
    if args.command == "models" and args.action == "assemble":
        _writable_folder(folder, label)
    else:
        _existing_folder_or_none(folder, label)


def _check_filters(args: argparse.Namespace) -> None:
    from core.retrieval.search import DEFAULT_LIMIT, MAX_LIMIT  # lazily: numpy and duckdb cost 0.3 s

    limit = _scalar(args.limit, "--limit")
    n = DEFAULT_LIMIT if limit is None else _whole(limit, "--limit", 1)
    if n > MAX_LIMIT:
        say(f"note: --limit is more than {MAX_LIMIT}; showing at most {MAX_LIMIT}", file=sys.stderr)
    args.limit = min(n, MAX_LIMIT)
    args.collection = [slug(_collection(c)) for c in _values(args.collection, "--collection")]
    args.facet = [_facet(f) for f in _values(args.facet, "--facet")]
    args.lang = [_lang(v) for v in _values(args.lang, "--lang")]
    args.classification = _values(args.classification, "--classification")
    args.date_from = _date(args.date_from, "--from")
    args.date_to = _date(args.date_to, "--to")
    if args.date_from and args.date_to and args.date_from > args.date_to:
        raise UsageError(f"--from {args.date_from} is after --to {args.date_to}")
    args.profile = _profile(args.profile)


def _check_search(args: argparse.Namespace) -> None:
    queries = _scalar(args.queries, "--queries")
    query = _scalar(args.query, "QUERY")
    if queries is not None and query is not None:
        raise UsageError("give a QUERY or --queries FILE, not both")
    if queries is None and query is None:
        raise UsageError("give a QUERY or --queries FILE")
    if query is not None:
        args.query = check_text(query, "the query", MAX_QUERY_CHARS)
        args.query_list = None
        return
    from core.cli_queries import read_queries

    args.query_list = read_queries(_path_text(str(queries), "--queries"))


# -- values --------------------------------------------------------------------------------
def _show(value: str, width: int = 40) -> str:
    """A value as quoted in a message: repr (so NUL and escapes stay visible), cut short."""
    return repr(value if len(value) <= width else value[:width] + "…")


def _scalar(value: object, flag: str) -> str | None:
    # argparse turns `--flag=--` into an empty list (it drops the `--`): a missing value
    if value is None or isinstance(value, str):
        return value
    raise UsageError(f"{flag} needs a value")


def _values(values: object, flag: str) -> list[str]:
    if not isinstance(values, list):
        raise UsageError(f"{flag} needs a value")
    return [str(_scalar(v, flag)) for v in values]


def _clean(value: str, what: str) -> str:
    """No NUL, no control character, valid UTF-8."""
    if "\x00" in value:
        raise UsageError(f"{what} contains a NUL character")
    if _CONTROL.search(value):
        raise UsageError(f"{what} contains a control character")
    if _SURROGATE.search(value):
        raise UsageError(f"{what} is not valid UTF-8")
    return value


def check_text(value: str | None, what: str, limit: int) -> str:
    """A query or question: words, at most ``limit`` characters."""
    if value is None or not value.strip():
        raise UsageError(f"{what} is empty")
    if len(value) > limit:
        raise UsageError(f"{what} is too long ({len(value):,} characters; at most {limit:,})")
    _clean(value, what)
    if not any(ch.isalnum() for ch in value):
        raise UsageError(f"{what} {_show(value)} has no words")
    return value.strip()


def _name(value: str, flag: str, pattern: re.Pattern[str], example: str) -> str:
    if len(value) > MAX_NAME_CHARS:
        raise UsageError(f"{flag} is too long ({len(value):,} characters)")
    _clean(value, flag)
    if not pattern.fullmatch(value):
        raise UsageError(f"{flag} {_show(value)} is not valid (e.g. {example})")
    return value


def _profile(value: object) -> str:
    name = _scalar(value, "--profile") or ""
    return _name(name, "--profile", _PROFILE, "owner or public")


def _lang(value: str) -> str:
    """An ISO 639 code, optionally with a region (``es``, ``ca``, ``pt-br``); lowercase."""
    return _name(value.lower().replace("_", "-"), "--lang", _LANG, "es, ca or en")


def _facet(value: str) -> str:
    return _name(value.lower(), "--facet", _FACET, "rag:transcript")


def _collection(value: str) -> str:
    """A collection name as given to ingest (it is stored as its slug, so it needs a letter or digit)."""
    if len(value) > MAX_NAME_CHARS:
        raise UsageError(f"--collection is too long ({len(value):,} characters; at most {MAX_NAME_CHARS})")
    _clean(value, "--collection")
    folded = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode()
    if not any(ch.isalnum() for ch in folded):
        raise UsageError(f"--collection {_show(value)} has no letter or digit to name a collection by",
                         hint="Collection names are stored as lowercase ascii, e.g. 'Fondo Pérez' → fondo_perez.")
    return value


def _section_tipo(value: object) -> str:
    tipo = _scalar(value, "SECTION_TIPO") or ""
    return _name(tipo, "SECTION_TIPO", _SECTION_TIPO, "the collection id search prints, like catalogue")


def _whole(value: str, flag: str, low: int, high: int | None = None) -> int:
    """A whole number in [low, high]; an absurdly long one saturates (``--limit 10**40`` is just large)."""
    text = value.strip()
    n: int | None = None
    if _WHOLE.fullmatch(text):
        digits = text.lstrip("+").lstrip("0") or "0"
        n = int(digits) if len(digits) <= 19 else 10**19  # int() refuses > 4,300 digits; 10**19 > any bound
    if n is None or n < low or (high is not None and n > high):
        bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise UsageError(f"{flag} must be a whole number {bounds} (got {_show(value)})")
    return n


def _date(value: object, flag: str) -> date | None:
    text = _scalar(value, flag)
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(f"{flag} {_show(text)} is not a date (YYYY-MM-DD)") from None


# -- paths ---------------------------------------------------------------------------------
def _path_text(value: str, what: str) -> str:
    if not value:
        raise UsageError(f"{what} is empty")
    if len(value) > MAX_PATH_CHARS:
        raise UsageError(f"{what} is too long ({len(value):,} characters; at most {MAX_PATH_CHARS})")
    if "\x00" in value:
        raise UsageError(f"{what} contains a NUL character")
    return value


def _opt_path(value: object, flag: str) -> str | None:
    text = _scalar(value, flag)
    return None if text is None else _path_text(text, flag)


def file_kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return name
    return "not a regular file"


def _ingest_path(value: str) -> str:
    """A path to ingest: a regular file or a folder; missing ones are left to ingest, which reports them."""
    _path_text(value, "the path to ingest")
    if _SURROGATE.search(value):
        raise UsageError(f"the path {_show(value, 80)} is not valid UTF-8", hint="Rename it to a UTF-8 name.")
    try:
        mode = os.stat(value).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return value
    except OSError as exc:
        raise UsageError(f"cannot ingest {_show(value, 80)}: {exc.strerror or exc}") from None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise UsageError(f"cannot ingest {_show(value, 80)}: it is {file_kind(mode)}, not a file or folder")
    return value


def _existing_folder_or_none(folder: Path, what: str) -> None:
    if (folder.exists() or folder.is_symlink()) and not folder.is_dir():
        raise UsageError(f"{what} {folder} is not a folder")


def _writable_folder(folder: Path, what: str) -> Path:
    """Create ``folder`` if needed and prove a file can be written in it."""
    try:
        _existing_folder_or_none(folder, what)
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise UsageError(f"{what} {folder} cannot be written: {exc.strerror or exc}") from None
    return folder
