"""Checks every ``ovillo`` option value before anything is opened.

argparse checks the grammar, this module checks the values: a bad one becomes one clear
line and exit code 2 (:class:`UsageError`) instead of a traceback from deep in the store
or the model, and it costs nothing because no store or model is loaded yet.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import tempfile
from pathlib import Path

from cli.queries import read_queries
from cli.text import say
from cli.values import MAX_PATH_CHARS, MAX_QUERY_CHARS, MAX_QUESTION_CHARS, MAX_TOKENS, MODEL, PORTS, PROJECT_IDS, \
    SECTION_IDS, SURROGATE, UsageError, check_text, clean, collection_name, day, facet_name, file_kind, \
    lang_code, opt_path, path_text, profile_name, scalar, section_tipo_name, show, value_list, whole
from core.api import SYNC_PAGE_RANGE, default_models_dir, resolve_home, slug


def check_args(args: argparse.Namespace) -> None:
    """Validate and normalise ``args`` in place; raise :class:`UsageError` on the first bad value."""
    cmd = args.command
    home = opt_path(args.home, "--home")
    models = opt_path(args.models, "--models")
    if cmd == "ingest" or (cmd == "library" and args.action == "add"):
        _check_ingest(args)
        if cmd == "library":
            args.include = [_glob(g) for g in value_list(args.include, "--include")]
            args.exclude = [_glob(g) for g in value_list(args.exclude, "--exclude")]
            every = scalar(args.rescan_every, "--rescan-every")
            args.rescan_every = None if every is None else whole(every, "--rescan-every", 0, 24 * 60)
    elif cmd == "library":
        _check_library(args)
    elif cmd == "watch":
        every = scalar(args.rescan_every, "--rescan-every")
        args.rescan_every = None if every is None else whole(every, "--rescan-every", 1, 24 * 60)
    elif cmd in ("search", "similar"):
        _check_filters(args)
        if cmd == "search":
            _check_search(args)
        else:
            args.section_tipo = section_tipo_name(args.section_tipo)
            args.section_id = whole(args.section_id, "SECTION_ID", *SECTION_IDS)
    elif cmd in ("status", "mcp"):
        args.profile = profile_name(args.profile)
    elif cmd == "ask":
        _check_ask(args)
    elif cmd == "reindex":
        args.model = _model_name(args.model)
        scalar(args.modality, "--modality")
    elif cmd == "models":
        scalar(args.action, "the models action")
        scalar(args.generator, "--generator")
    elif cmd in ("sync", "central"):
        _check_central(args)
    _check_folders(args, home, models)  # the file system last: a bad value must not leave a new folder


# -- commands ------------------------------------------------------------------------------
def _check_ingest(args: argparse.Namespace) -> None:
    args.paths = [_ingest_path(p) for p in value_list(args.paths, "PATH")]
    collection = scalar(args.collection, "--collection")
    if collection is not None:
        collection_name(collection)
    args.collection = collection
    lang = scalar(args.lang, "--lang")
    args.lang = None if lang is None else lang_code(lang)
    scalar(args.classification, "--classification")
    args.projects = [whole(p, "--project", *PROJECT_IDS) for p in value_list(args.projects, "--project")]


def _check_library(args: argparse.Namespace) -> None:
    """``library list|remove|rescan|exclude|include|pause|resume``: paths and globs."""
    if hasattr(args, "path"):
        args.path = path_text(str(scalar(args.path, "PATH")), "PATH")
    if hasattr(args, "paths"):
        args.paths = [path_text(p, "PATH") for p in value_list(args.paths, "PATH")]
    if hasattr(args, "glob"):
        args.glob = _glob(args.glob)
        source = scalar(args.source, "--source")
        args.source = None if source is None else path_text(source, "--source")


def _glob(value: object) -> str:
    glob = clean(path_text(str(scalar(value, "GLOB")), "GLOB"), "GLOB").strip()
    if not glob:
        raise UsageError("GLOB is empty", hint="Give a name, a folder or a pattern such as '*.tmp'.")
    return glob


def _model_name(value: object) -> str | None:
    model = scalar(value, "--model")
    if model is not None and not MODEL.fullmatch(model):
        raise UsageError(f"--model {show(model)} is not a model name",
                         hint="`ovillo models list` shows the installed ones.")
    return model


def _check_ask(args: argparse.Namespace) -> None:
    args.question = check_text(scalar(args.question, "the question"), "the question", MAX_QUESTION_CHARS)
    args.profile = profile_name(args.profile)
    args.model = _model_name(args.model)
    tokens = scalar(args.max_tokens, "--max-tokens")
    args.max_tokens = None if tokens is None else whole(tokens, "--max-tokens", *MAX_TOKENS)


def _check_central(args: argparse.Namespace) -> None:
    """``sync`` and ``central …``: addresses, names and paths."""
    for attr, flag in (("server", "--server"), ("dsn", "--dsn"), ("user", "--user"), ("name", "NAME")):
        if hasattr(args, attr):
            value = scalar(getattr(args, attr), flag)
            if value is not None:
                if len(value) > MAX_PATH_CHARS:
                    raise UsageError(f"{flag} is too long ({len(value):,} characters)")
                setattr(args, attr, clean(value, flag))
    for attr, flag in (("password_file", "--password-file"), ("ca_file", "--ca-file")):
        if hasattr(args, attr):
            setattr(args, attr, opt_path(getattr(args, attr), flag))
    ca = getattr(args, "ca_file", None)
    if ca is not None and os.path.exists(ca) and not os.path.isfile(ca):  # libpq would block on a FIFO
        raise UsageError(f"--ca-file {show(ca, 80)} is {file_kind(os.stat(ca).st_mode)}, not a regular file")
    if hasattr(args, "dir"):
        args.dir = path_text(str(scalar(args.dir, "DIR")), "DIR")
        try:  # init creates DIR: it must be a folder or not exist; start/stop report a missing one
            mode = os.stat(args.dir).st_mode
        except (FileNotFoundError, NotADirectoryError):
            mode = None
        except OSError as exc:
            raise UsageError(f"DIR {show(args.dir, 80)} cannot be used: {exc.strerror or exc}") from None
        if mode is not None and not stat.S_ISDIR(mode):
            kind = "a file" if stat.S_ISREG(mode) else file_kind(mode)
            raise UsageError(f"DIR {show(args.dir, 80)} is {kind}, not a folder")
    if hasattr(args, "port"):  # the server reads a missing or 0 port as "any free one": never by accident
        port = scalar(args.port, "--port")
        args.port = None if port is None else whole(port, "--port", *PORTS)
    if hasattr(args, "page"):
        args.page = whole(str(scalar(args.page, "--page")), "--page", *SYNC_PAGE_RANGE)
    if getattr(args, "projects", None) is not None:  # `user add` without --project: every project
        args.projects = [whole(p, "--project", *PROJECT_IDS) for p in value_list(args.projects, "--project")]
    if hasattr(args, "paths"):
        args.paths = [_ingest_path(p) for p in value_list(args.paths, "PATH")]
    if getattr(args, "collection", None) is not None:
        args.collection = collection_name(str(scalar(args.collection, "--collection")))


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
    from core.api import DEFAULT_LIMIT, MAX_LIMIT  # lazily: they load numpy and DuckDB

    limit = scalar(args.limit, "--limit")
    n = DEFAULT_LIMIT if limit is None else whole(limit, "--limit", 1)
    if n > MAX_LIMIT:
        say(f"note: --limit is more than {MAX_LIMIT}; showing at most {MAX_LIMIT}", file=sys.stderr)
    args.limit = min(n, MAX_LIMIT)
    args.collection = [slug(collection_name(c)) for c in value_list(args.collection, "--collection")]
    args.facet = [facet_name(f) for f in value_list(args.facet, "--facet")]
    args.lang = [lang_code(v) for v in value_list(args.lang, "--lang")]
    args.classification = value_list(args.classification, "--classification")
    args.date_from = day(args.date_from, "--from")
    args.date_to = day(args.date_to, "--to")
    if args.date_from and args.date_to and args.date_from > args.date_to:
        raise UsageError(f"--from {args.date_from} is after --to {args.date_to}")
    args.profile = profile_name(args.profile)


def _check_search(args: argparse.Namespace) -> None:
    queries = scalar(args.queries, "--queries")
    query = scalar(args.query, "QUERY")
    if queries is not None and query is not None:
        raise UsageError("give a QUERY or --queries FILE, not both")
    if queries is None and query is None:
        raise UsageError("give a QUERY or --queries FILE")
    if query is not None:
        args.query = check_text(query, "the query", MAX_QUERY_CHARS)
        args.query_list = None
        return
    args.query_list = read_queries(path_text(str(queries), "--queries"))


def _ingest_path(value: str) -> str:
    """A path to ingest: a regular file or a folder; missing ones are left to ingest, which reports them."""
    path_text(value, "the path to ingest")
    if SURROGATE.search(value):
        raise UsageError(f"the path {show(value, 80)} is not valid UTF-8", hint="Rename it to a UTF-8 name.")
    try:
        mode = os.stat(value).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return value
    except OSError as exc:
        raise UsageError(f"cannot ingest {show(value, 80)}: {exc.strerror or exc}") from None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise UsageError(f"cannot ingest {show(value, 80)}: it is {file_kind(mode)}, not a file or folder")
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
