"""The holder's JSON-lines protocol: what a request may be, how it runs, how a reply is written.

:mod:`core.remote` carries the lines (the server in the holder, the client elsewhere); this module
decides what a line means. A request is refused with a :class:`ProtocolError` before it reaches the
facade when it is too long, not UTF-8, nested deeper than any request of ours, not valid JSON, or
holds text Python cannot write back as UTF-8 (a lone surrogate). A failure that is not an
:class:`OvilloError` is a bug: its reply says so without the exception's text, and its traceback
goes to the data folder's ``logs/``, never to the holder's stderr.
"""

from __future__ import annotations

import json
import os
import re
import traceback
from datetime import date, datetime
from pathlib import Path
from typing import Any, Protocol

from core.errors import ConfigError, OvilloError, StoreError
from core.paths import Paths
from core.filters import SearchFilters
from core.store.holder import HolderInfo

PROTOCOL = 1
MAX_LINE = 1 << 20  # a request or reply longer than this is not one of ours
MAX_DEPTH = 8  # our deepest request is 3 levels (request, filters, a filter's list)
MAX_QUERY_CHARS = 4000
LOG_NAME = "ovillo-holder.log"
_PROFILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")  # the CLI's rule for --profile
_FILTER_LISTS = ("collections", "facets", "langs", "classifications")
_FIELDS = {
    "hello": set(),
    "status": {"profile"},
    "search": {"profile", "query", "limit", "passages", "filters"},
    "similar": {"profile", "section_tipo", "section_id", "limit", "filters"},
    "agent": {"profile", "tool", "args"},
    "sources": {"profile"},  # `library list` beside a window or `ovillo watch`: the owner's only  # ``ovillo mcp`` beside a window: core.service.agent checks the rest
}


class HolderGone(StoreError):
    """The holder named in the lock file did not answer (it just ended, is not serving, or is full)."""


class ProtocolError(ConfigError):
    """A request that is not part of the protocol."""


# -- a line into a request -----------------------------------------------------------------------------
def _refuse_constant(name: str) -> Any:
    raise ValueError(name)  # NaN and Infinity are not JSON


def _check(value: object, depth: int = 0) -> None:
    if depth > MAX_DEPTH:
        raise ProtocolError(f"a request nests at most {MAX_DEPTH} levels")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ProtocolError("a request's text must be valid Unicode (no lone surrogates)") from None
    elif isinstance(value, list):
        for item in value:
            _check(item, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check(key, depth + 1)
            _check(item, depth + 1)


def parse(line: bytes) -> object:
    """One request line as JSON, or :class:`ProtocolError` saying why it is not one."""
    if len(line) > MAX_LINE:
        raise ProtocolError("request too long")
    try:
        req = json.loads(line.decode("utf-8"), parse_constant=_refuse_constant)
    except RecursionError:  # json's decoder stops itself at Python's recursion limit
        raise ProtocolError(f"a request nests at most {MAX_DEPTH} levels") from None
    except ValueError:
        raise ProtocolError("a request is one JSON object per line") from None
    _check(req)
    return req


# -- a request, checked, then run on the facade --------------------------------------------------------
def _profile(req: dict[str, Any]) -> str:
    name = req.get("profile")
    if not isinstance(name, str) or not _PROFILE.fullmatch(name):
        raise ProtocolError("a request must name its profile (e.g. owner or public)")
    return name


def _limit(req: dict[str, Any]) -> int | None:
    limit = req.get("limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise ProtocolError("limit must be a positive whole number")
    return limit


def _filters(req: dict[str, Any]) -> SearchFilters:
    raw = req.get("filters") or {}
    if not isinstance(raw, dict) or set(raw) - {*_FILTER_LISTS, "date_from", "date_to"}:
        raise ProtocolError("unknown filter")
    lists: dict[str, tuple[str, ...]] = {}
    for key in _FILTER_LISTS:
        values = raw.get(key) or []
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise ProtocolError(f"filter {key} must be a list of strings")
        lists[key] = tuple(values)
    dates: dict[str, date | None] = {}
    for key in ("date_from", "date_to"):
        value = raw.get(key)
        try:
            dates[key] = date.fromisoformat(value) if value is not None else None
        except (TypeError, ValueError):
            raise ProtocolError(f"filter {key} must be a date (YYYY-MM-DD)") from None
    return SearchFilters(collections=lists["collections"], facets=lists["facets"], langs=lists["langs"],
                         classifications=lists["classifications"], date_from=dates["date_from"],
                         date_to=dates["date_to"])


def filters_to_json(filters: SearchFilters | None) -> dict[str, Any]:
    """The protocol's form of search filters."""
    if filters is None:
        return {}
    return {"collections": list(filters.collections), "facets": list(filters.facets), "langs": list(filters.langs),
            "classifications": list(filters.classifications),
            "date_from": filters.date_from.isoformat() if filters.date_from else None,
            "date_to": filters.date_to.isoformat() if filters.date_to else None}


class _Library(Protocol):
    def status(self, profile: str = "owner") -> Any: ...
    def failed_sources(self) -> list[tuple[str, str]]: ...
    def sources(self) -> list[Any]: ...


class _Search(Protocol):
    def records(self, query: str, *, profile: str = "owner", limit: int | None = None,
                filters: SearchFilters | None = None) -> Any: ...
    def passages(self, query: str, *, profile: str = "owner", limit: int | None = None,
                 filters: SearchFilters | None = None) -> Any: ...
    def similar(self, section_tipo: str, section_id: int, *, profile: str = "owner",
                limit: int | None = None, filters: SearchFilters | None = None) -> Any: ...


class _Sync(Protocol):
    def status(self, profile: str = "owner") -> dict[str, Any] | None: ...


class _Agent(Protocol):
    def call(self, tool: str, args: dict[str, Any], *, profile: str,
             through_holder: bool = False) -> dict[str, Any]: ...


class Answering(Protocol):
    """What the holder answers for other processes: the facade's read operations (:class:`core.service.Ovillo`)."""

    paths: Paths

    @property
    def library(self) -> _Library: ...
    @property
    def search(self) -> _Search: ...
    @property
    def sync(self) -> _Sync: ...
    @property
    def agent(self) -> _Agent: ...


def handle(app: Answering, req: object, holder: HolderInfo | None = None) -> Any:
    """Run one request on ``app`` and return its JSON-able result (raises :class:`OvilloError`)."""
    if not isinstance(req, dict) or not isinstance(req.get("op"), str) or req["op"] not in _FIELDS:
        raise ProtocolError("unknown operation")
    op = req["op"]
    unknown = set(req) - _FIELDS[op] - {"op"}
    if unknown:  # e.g. a "clearance" or "acl" smuggled in: refused, not ignored
        raise ProtocolError(f"unknown field(s) for {op}: {', '.join(sorted(unknown))}")
    if op == "hello":
        return {"protocol": PROTOCOL, "pid": os.getpid(), "doing": holder.doing if holder else ""}
    profile = _profile(req)
    if op == "status":
        status = app.library.status(profile)
        owner = status.profile == "owner"
        return {**status.to_json(), "sync": app.sync.status(profile),  # as `ovillo status --json` prints locally
                "failed": [list(f) for f in app.library.failed_sources()] if owner else []}
    if op == "sources":  # the holder's view: it knows which sources it watches
        return [s.to_json() for s in app.library.sources()] if profile == "owner" else []
    if op == "agent":
        tool, args = req.get("tool"), req.get("args")
        if not isinstance(tool, str) or not isinstance(args, dict):
            raise ProtocolError("agent needs tool (text) and args (an object)")
        return app.agent.call(tool, args, profile=profile, through_holder=True)
    if op == "search":
        query = req.get("query")
        if not isinstance(query, str) or not query.strip() or len(query) > MAX_QUERY_CHARS:
            raise ProtocolError(f"query must be text of 1 to {MAX_QUERY_CHARS} characters")
        find = app.search.passages if req.get("passages", False) else app.search.records
        hits = find(query, profile=profile, limit=_limit(req), filters=_filters(req))
        return [h.to_json() for h in hits]
    tipo, sid = req.get("section_tipo"), req.get("section_id")
    if not isinstance(tipo, str) or not isinstance(sid, int) or isinstance(sid, bool):
        raise ProtocolError("similar needs section_tipo (text) and section_id (whole number)")
    return [h.to_json() for h in app.search.similar(tipo, sid, profile=profile, limit=_limit(req),
                                                    filters=_filters(req))]


# -- replies -------------------------------------------------------------------------------------------
def error_reply(exc: BaseException, logs: Path | None = None) -> dict[str, Any]:
    """The reply for a failed request; an unexpected failure's details go to ``logs``, not to the client."""
    if isinstance(exc, OvilloError):
        return {"ok": False, "error": {"kind": type(exc).__name__, "message": str(exc), "hint": exc.hint}}
    where = _log_unexpected(exc, logs)
    return {"ok": False, "error": {"kind": "OvilloError",
                                   "message": "the Ovillo holding the store could not answer: an internal error",
                                   "hint": f"Details are in {where}." if where else ""}}


def encode(reply: dict[str, Any]) -> bytes:
    """One reply line; escaped to ASCII so text that is not valid Unicode (a file name) still travels."""
    return json.dumps(reply, ensure_ascii=True, default=str).encode("ascii") + b"\n"


def _log_unexpected(exc: BaseException, logs: Path | None) -> Path | None:
    if logs is None:
        return None
    try:
        logs.mkdir(mode=0o700, exist_ok=True)
        path = logs / LOG_NAME
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0), 0o600)
        with open(fd, "a", encoding="utf-8", errors="backslashreplace") as f:
            f.write(f"--- {datetime.now().isoformat(timespec='seconds')} a request to the holder failed\n")
            f.write("".join(traceback.format_exception(exc)))
        return path
    except Exception:  # the log is a courtesy: failing to write it must not fail the reply
        return None
