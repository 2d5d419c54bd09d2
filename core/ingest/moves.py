"""A file renamed or moved inside the library keeps its records: same content, same identity, new path.

The records' ids were derived from the path the file first had (:func:`core.ids.section_id_for`); after
a move :func:`known_ids` gives them back to the file at its new path, so a later edit of the moved file
updates the same records instead of making new ones, and nothing is embedded again.
"""

from __future__ import annotations

from pathlib import Path

from core.ingest.images import is_image
from core.ingest.objects import embeds_images
from core.store.changes import log_changes
from core.store.db import Store, now
from core.store.rows import Changes, RecordKey

def movable(path: Path, reader: str | None) -> bool:
    """True when a record of ``path`` may follow the file to another path without being read again: not a
    photograph or a catalogue naming photographs (their records point at files beside them, which would
    dangle; such a file is read again at its new place, its vectors from the cache). Transcripts, which
    point at their recording, the scan leaves out by its own list of their readers."""
    return reader != "image" and not is_image(path) and not embeds_images(path)


def known_ids(store: Store, path: str, collection: str) -> dict[str, int]:
    """In-file key → section_id of the records ``path`` holds now in ``collection`` (ids kept across moves)."""
    rows = store.cursor().execute("SELECT record_key, section_id FROM source_records WHERE path = ? "
                                  "AND section_tipo = ? AND record_key IS NOT NULL", [path, collection]).fetchall()
    return {str(k): int(sid) for k, sid in rows}


def move_source(store: Store, old: str, new: str, root: str | None, mtime: float) -> Changes:
    """Give ``old``'s row and records to ``new`` (the same bytes at another path), in one transaction."""
    cur0 = store.cursor()
    keys: list[RecordKey] = [(str(st), int(sid)) for st, sid in cur0.execute(
        "SELECT section_tipo, section_id FROM source_records WHERE path = ?", [old]).fetchall()]
    changes = Changes()
    with store.transaction() as cur:
        cur.execute("DELETE FROM index_queue WHERE path IN (?, ?)", [old, new])
        cur.execute("DELETE FROM sources WHERE path = ?", [new])  # a failed row of the new path, if any
        cur.execute("""INSERT INTO sources (path, root, collection, reader, content_hash, mtime, size, status, error,
                                            options, chunks, updated_at)
                       SELECT ?, ?, collection, reader, content_hash, ?, size, status, error, options, chunks, ?
                       FROM sources WHERE path = ?""", [new, root, mtime, now(), old])
        cur.execute("DELETE FROM sources WHERE path = ?", [old])
        cur.execute("UPDATE source_records SET path = ? WHERE path = ?", [new, old])
        if keys:
            cur.execute("""UPDATE records SET data = json_merge_patch(data, json_object('source_path', ?)),
                           updated_at = ? WHERE (section_tipo, section_id) IN
                           (SELECT (section_tipo, section_id) FROM source_records WHERE path = ?)""",
                        [new, now(), new])
            log_changes(cur, keys)
            store.bump_generation(cur, logged=True)
    for st, _ in keys:
        changes.updated[(st, "text")] += 1
    return changes
