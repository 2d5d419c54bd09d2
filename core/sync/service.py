"""One sync as one operation: the entry point the facade, the CLI and the window share.

:func:`run_sync` connects, pulls (see :mod:`core.sync.puller`), and reports what changed so a
front end can refresh. The password lives only in memory and, when the user asks for it, in the
OS keyring through the optional ``keyring`` package; never in a file of the data folder.
A full disk ends the run with a :class:`~core.errors.StoreError` that says so: every page
committed before it is kept, and the same sync resumes once there is room.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any

import duckdb
import pyarrow as pa

from core.errors import ConfigError, StoreError
from core.models.encoder import TextEncoder
from core.progress import CancelToken, Progress
from core.retrieval.lexical import lexical_is_stale, update_lexical_index
from core.store.db import Store
from core.store.writer import Bookkeeping, Changes, RecordKey, RecordRow, RecordWriter
from core.sync.connect import connect_request, describe, request_params
from core.sync.puller import Puller
from core.sync.report import SyncReport, SyncSummary
from core.sync.request import SyncRequest
from core.sync.state import read_state

__all__ = ["SyncReport", "SyncRequest", "SyncSummary", "forget_password", "keyring_available", "remember_password",
           "run_sync", "saved_password", "sync_status"]

KEYRING_SERVICE = "ovillo-sync"


# -- the OS keyring (optional package, optional backend) ------------------------------------
def _keyring() -> Any | None:
    """The ``keyring`` module when it is installed and its backend keeps secrets safely."""
    try:
        import keyring
    except Exception:  # noqa: BLE001 - not installed, or broken: the same as no keyring
        return None
    try:
        priority = float(keyring.get_keyring().priority)
    except Exception:  # noqa: BLE001 - a misconfigured backend must not stop a sync
        return None
    # keyring's own line: below 1 are "no keyring" (fail, null, an empty chain) and the
    # not-recommended ones, such as keyrings.alt's plain-text file, which would write the password in clear
    return keyring if priority >= 1 else None


def keyring_available() -> bool:
    """True when a password can be remembered in the OS keyring here."""
    return _keyring() is not None


def _account(server: str, user: str) -> str:
    return f"{user}@{server}"


def saved_password(server: str, user: str) -> str | None:
    """The password remembered for ``user`` on ``server`` (None: none, or no keyring)."""
    kr = _keyring()
    if kr is None:
        return None
    try:
        found = kr.get_password(KEYRING_SERVICE, _account(server, user))
    except Exception:  # noqa: BLE001 - a locked or failing keyring: ask for the password instead
        return None
    return str(found) if found else None


def remember_password(server: str, user: str, password: str) -> bool:
    """Save the password in the OS keyring (False: no keyring, or it refused)."""
    kr = _keyring()
    if kr is None:
        return False
    try:
        kr.set_password(KEYRING_SERVICE, _account(server, user), password)
    except Exception:  # noqa: BLE001 - the sync itself succeeded; the caller says it was not saved
        return False
    return True


def forget_password(server: str, user: str) -> bool:
    """Delete the remembered password; True when there was one."""
    kr = _keyring()
    if kr is None or saved_password(server, user) is None:
        return False
    try:
        kr.delete_password(KEYRING_SERVICE, _account(server, user))
    except Exception:  # noqa: BLE001 - already gone
        return False
    return True


# -- the sync -----------------------------------------------------------------------------
class _RecordingWriter(RecordWriter):
    """The puller's writer, also adding up what each write changed (for the front ends' refresh)."""

    def __init__(self, store: Store, changes: Changes) -> None:
        super().__init__(store)
        self.changes = changes

    def write(self, upserts: Sequence[RecordRow] = (), *, remove: Iterable[RecordKey] = (),
              tombstone: Iterable[RecordKey] = (), also: Sequence[Bookkeeping] = ()) -> Changes:
        """:meth:`RecordWriter.write`, remembered."""
        done = super().write(upserts, remove=remove, tombstone=tombstone, also=also)
        self.changes.merge(done)
        return done

    def write_tables(self, records: pa.Table, chunks: pa.Table, *, also: Sequence[Bookkeeping] = ()) -> Changes:
        """:meth:`RecordWriter.write_tables`, remembered."""
        done = super().write_tables(records, chunks, also=also)
        self.changes.merge(done)
        return done


def _disk_full(exc: BaseException) -> bool:
    return "No space left on device" in str(exc) or "Disk full" in str(exc)


def run_sync(store: Store, request: SyncRequest, cancel: CancelToken | None = None, *,
             encoder: Callable[[str], TextEncoder] | None = None,
             changes: Changes | None = None) -> Generator[Progress, None, SyncReport]:
    """Pull what ``request.user`` may read into ``store``; yields progress, returns the report.

    ``encoder(name)`` loads the local text model when the central vectors are of another model.
    Cancelling stops between pages: what was committed stays, the next sync resumes after it.
    ``changes``: merged into as each write commits (it is the report's ``changes``), so after a
    sync that stopped early (cancelled, failed) the caller holds what its committed pages changed.
    """
    params = request_params(request)
    password = request.password or saved_password(request.server, request.user)
    if not password:
        raise ConfigError(f"no password for {request.user}",
                          hint="Type the password (it can be remembered in the system keyring).")
    yield Progress("connect", 0, None, "records", message=f"connecting to {describe(params)}")
    writer = _RecordingWriter(store, Changes() if changes is None else changes)
    with connect_request(request, password) as con:
        puller = Puller(store, con, server=describe(params), user=request.user, page=request.page, encoder=encoder,
                        writer=writer)
        try:
            summary = yield from puller.run(cancel)
        except BaseException as exc:
            stopped = exc
            if isinstance(exc, (duckdb.Error, OSError)) and _disk_full(exc):
                where = store.path.parent if store.path is not None else "the store"
                stopped = StoreError(f"the disk holding {where} is full: the sync stopped",
                                     hint="What arrived is kept; free some space, then sync again to resume.")
            if stopped is exc:
                raise
            raise stopped from exc
    if lexical_is_stale(store):
        # the synced passages' words are searchable once the sync ends, as after an import, rather
        # than the first search paying for it (a sync that changed nothing leaves it current)
        yield Progress("lexical", 0, 1, "indexes", message="updating the keyword index")
        try:
            update_lexical_index(store)
        except (duckdb.Error, OSError):
            pass  # the sync is committed; the index stays behind its generation and the next search updates it
        yield Progress("lexical", 1, 1, "indexes")
    remembered = request.remember and remember_password(request.server, request.user, password)
    return SyncReport(summary, writer.changes, describe(params), remembered)


def sync_status(store: Store) -> dict[str, Any] | None:
    """``{server, user, last_sync, watermark}`` of the last sync (None: never synced)."""
    state = read_state(store)
    return None if state is None else {k: state.get(k) for k in ("server", "user", "last_sync", "watermark")}
