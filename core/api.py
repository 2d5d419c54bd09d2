"""The one door into core for front ends (the window, the CLI, the holder socket's clients, agents).

Front ends import from this module only (``tests/unit/test_layers.py`` fails on any other ``core.*``
import from ``app/`` or ``cli/``): the facade :class:`Ovillo` and the types, errors and setup
operations it speaks in. Names resolve on first use, so ``ovillo --help`` does not load numpy,
DuckDB or a model just to print a line.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# name -> module that holds it; the one list of what core offers its front ends
_EXPORTS: dict[str, str] = {
    # the facade and its results
    "Ovillo": "core.service", "Status": "core.ingest.status", "ResultPage": "core.retrieval.count",
    "Changes": "core.store.rows", "ObjectFields": "core.objects.catalogue", "OBJECT_ROLES": "core.roles",
    "STOPWORDS": "core.text", "fold": "core.text", "query_terms": "core.text", "timecode": "core.text",
    # progress and cancellation
    "CancelToken": "core.progress", "Progress": "core.progress", "drive": "core.progress",
    # errors (one root, typed subclasses)
    "OvilloError": "core.errors", "Cancelled": "core.errors", "ConfigError": "core.errors",
    "PermissionDenied": "core.errors", "identify": "core.errors", "split_reason": "core.errors",
    "StoreBusy": "core.store.holder", "StoreLocked": "core.store.holder", "HolderGone": "core.remote",
    # values front ends build or read
    "CLASSIFICATIONS": "core.acl", "SearchFilters": "core.filters", "Hit": "core.retrieval.hits",
    "NoMatch": "core.retrieval.hits", "DEFAULT_LIMIT": "core.retrieval.search",
    "MAX_LIMIT": "core.retrieval.search", "IngestOptions": "core.ingest.pipeline",
    "IngestSummary": "core.ingest.pipeline", "unsupported_by_type": "core.ingest.skipped",
    "VIEWS": "core.ingest.images", "is_image": "core.ingest.images", "slug": "core.ids", "ID_COLUMNS": "core.ids",
    "Facets": "core.records", "RecordChunk": "core.records", "RecordText": "core.records",
    "EditResult": "core.records", "RecordEdit": "core.store.edits",
    "BrowseFilters": "core.retrieval.browse", "BrowseCounts": "core.retrieval.browse",
    "DateBucket": "core.retrieval.browse",
    "Settings": "core.settings", "save_settings": "core.settings",
    "Conversation": "core.answer.conversation", "AnswerResult": "core.answer.result",
    "Citation": "core.answer.result", "EvidenceFound": "core.answer.result",
    "RetrievalDone": "core.answer.result", "Span": "core.answer.result", "SpanVerdict": "core.answer.result",
    "answer_markdown": "core.answer.export", "results_csv": "core.retrieval.export",
    "results_json": "core.retrieval.export", "results_markdown": "core.retrieval.export", "conversation_json": "core.answer.export",
    "conversation_markdown": "core.answer.export",
    # data folders, and the facade of another process holding one
    "Paths": "core.paths", "default_models_dir": "core.paths", "resolve_home": "core.paths",
    "read_holder": "core.store.holder", "RemoteOvillo": "core.remote",
    # what this operating system offers (each probe with its fallback)
    "lower_thread_priority": "core.platform_support",
    # setup: models assembled from registry packages
    "assemble_default_text_model": "core.models.registry", "assemble_default_image_models": "core.models.registry",
    "list_models": "core.models.registry", "model_folder": "core.models.registry",
    "read_manifest": "core.models.manifest", "GENERATORS": "core.models.assemble_gguf",
    "assemble_generator": "core.models.assemble_gguf", "generator_parts_installed": "core.models.assemble_gguf",
    # the central archive (PostgreSQL): serving, publishing, users, the keyring
    "central_server": "core.sync.server", "add_user_at": "core.sync.central", "admin_connect": "core.sync.central",
    "server_params": "core.sync.connect", "publish_store": "core.sync.publish",
    "keyring_available": "core.sync.service", "saved_password": "core.sync.service",
    "remember_password": "core.sync.service", "forget_password": "core.sync.service",
    "sync_status": "core.sync.service", "SyncRequest": "core.sync.request",
    "SYNC_PAGE_RANGE": "core.sync.request",
    # the person's own work: saved and recent searches, working lists
    "RecentSearch": "core.work.model", "SavedSearch": "core.work.model", "ListEntry": "core.work.model",
    "ListSummary": "core.work.model", "worklist_csv": "core.work.export", "worklist_json": "core.work.export",
    "worklist_markdown": "core.work.export",
}
# exported under another name than the one its module gives it
_RENAMED = {"unsupported_by_type": "by_type", "generator_parts_installed": "parts_installed",
            "SYNC_PAGE_RANGE": "PAGE_RANGE"}
# exported as a module (its functions are the operations)
_MODULES = {"central_server"}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'core.api' has no attribute {name!r}")
    mod = importlib.import_module(module)
    value = mod if name in _MODULES else getattr(mod, _RENAMED.get(name, name))
    globals()[name] = value  # resolved once
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # the same names, for type checkers and readers
    from core.acl import CLASSIFICATIONS
    from core.answer.conversation import Conversation
    from core.answer.export import answer_markdown, conversation_json, conversation_markdown
    from core.answer.result import AnswerResult, Citation, EvidenceFound, RetrievalDone, Span, SpanVerdict
    from core.errors import Cancelled, ConfigError, OvilloError, PermissionDenied, identify, split_reason
    from core.ids import ID_COLUMNS, slug
    from core.ingest.images import VIEWS, is_image
    from core.ingest.pipeline import IngestOptions, IngestSummary
    from core.ingest.skipped import by_type as unsupported_by_type
    from core.models.assemble_gguf import GENERATORS, assemble_generator
    from core.models.assemble_gguf import parts_installed as generator_parts_installed
    from core.models.manifest import read_manifest
    from core.models.registry import assemble_default_image_models, assemble_default_text_model, list_models, \
        model_folder
    from core.paths import Paths, default_models_dir, resolve_home
    from core.progress import CancelToken, Progress, drive
    from core.records import EditResult, Facets, RecordChunk, RecordText
    from core.platform_support import lower_thread_priority
    from core.remote import HolderGone, RemoteOvillo
    from core.filters import SearchFilters
    from core.retrieval.hits import Hit, NoMatch
    from core.retrieval.search import DEFAULT_LIMIT, MAX_LIMIT
    from core.roles import OBJECT_ROLES
    from core.ingest.status import Status
    from core.objects.catalogue import ObjectFields
    from core.retrieval.browse import BrowseCounts, BrowseFilters, DateBucket
    from core.retrieval.count import ResultPage
    from core.retrieval.export import results_csv, results_json, results_markdown
    from core.service import Ovillo
    from core.store.edits import RecordEdit
    from core.store.rows import Changes
    from core.settings import Settings, save_settings
    from core.store.holder import StoreBusy, StoreLocked, read_holder
    from core.sync import server as central_server
    from core.sync.central import add_user_at, admin_connect
    from core.sync.connect import server_params
    from core.sync.publish import publish_store
    from core.sync.request import PAGE_RANGE as SYNC_PAGE_RANGE
    from core.sync.request import SyncRequest
    from core.sync.service import forget_password, keyring_available, remember_password, saved_password, \
        sync_status
    from core.text import STOPWORDS, fold, query_terms, timecode
    from core.work.export import worklist_csv, worklist_json, worklist_markdown
    from core.work.model import ListEntry, ListSummary, RecentSearch, SavedSearch
