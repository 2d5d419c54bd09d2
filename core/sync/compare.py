"""Sync's keys comparison: what the server no longer lets this user read, and what changed behind the watermark.

A keys-only listing of everything permitted is compared with the local central-origin records
in the local store, by two joins over the listing (no Python object per key): a sync with nothing
to fetch pays the listing and little else. Only central-origin records are compared, so the
user's own are never erased; a permitted key held here by one of them comes out stale, and the
write skips it (:meth:`core.sync.write.SyncWriter.claim`).
"""

from __future__ import annotations

import pyarrow as pa

from core.store.db import Store
from core.store.writer import RecordKey
from core.sync.bulk import permitted_keys
from core.sync.connect import Connection


def compare_keys(store: Store, con: Connection,
                 listed: pa.Table | None = None) -> tuple[list[RecordKey], list[RecordKey]]:
    """``(gone, stale)``: central records held here that are no longer listed, and listed keys whose
    ``updated_at`` differs from the one held here (or that are not held at all).

    ``listed``: the listing (:func:`~core.sync.bulk.permitted_keys`) when the page reader took it
    after the last page; a listing taken after the pages' statement is as good as one taken now (a
    record changed since is fetched again here, or by the next sync). None: it is listed now.
    """
    cur = store.cursor()
    cur.register("ovillo_central_keys", permitted_keys(con) if listed is None else listed)
    try:
        gone = [(str(st), int(sid)) for st, sid in cur.execute(
            "SELECT section_tipo, section_id FROM records r WHERE origin = 'central' AND deleted_at IS NULL "
            "AND NOT EXISTS (SELECT 1 FROM ovillo_central_keys c WHERE c.st = r.section_tipo "
            "AND c.sid = r.section_id)").fetchall()]
        stale = [(str(st), int(sid)) for st, sid in cur.execute(
            "SELECT c.st, c.sid FROM ovillo_central_keys c LEFT JOIN records r ON r.section_tipo = c.st "
            "AND r.section_id = c.sid AND r.origin = 'central' AND r.deleted_at IS NULL "
            "WHERE r.updated_at IS DISTINCT FROM c.ts").fetchall()]
    finally:
        cur.unregister("ovillo_central_keys")
    return gone, stale
