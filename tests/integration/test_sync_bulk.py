"""Sync's column path (pages as Arrow tables, one merge per table): kill -9 inside a page's local
transaction, and incremental merges that keep unchanged vectors — against the real central server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from core.paths import Paths
from core.store.db import Store
from core.store.models_repo import pin_model
from core.store.writer import RecordWriter
from core.sync.connect import connect
from core.sync.puller import Puller
from tests.integration.test_sync import DIM, MODEL, REPO, SHA, Central, central, keys, open_store, pull, rows  # noqa: F401
from tests.pg_fixtures import central_server  # noqa: F401  (the session fixture)

# the child writes groups of three pages (7 records × 3 vectors each: 21 records and 63 vectors ≥ 15), stops
# inside the 4th group's transaction (after the records and vectors are written, before the
# commit), says so, and waits there to be killed
_CHILD = """
import sys, time
from core.paths import Paths
from core.store.db import Store
from core.store.writer import RecordWriter
from core.sync.connect import connect
from core.sync.puller import Puller
home, server, user, password = sys.argv[1:5]
paths = Paths.from_home(home)
paths.ensure()
calls = []

class Stalling(RecordWriter):
    def write_tables(self, records, chunks, *, also=()):
        calls.append(1)
        if len(calls) == 4:
            def stall(cur):
                print("inside", cur.execute("SELECT count(*) FROM records").fetchone()[0], flush=True)
                time.sleep(60)
            also = [*also, stall]
        return super().write_tables(records, chunks, also=also)

with connect(server, user, password) as con, Store(paths.store) as store:
    puller = Puller(store, con, server="central", user=user, page=7, group_rows=15, ramp=False,
                    writer=Stalling(store))
    for ev in puller.run():
        print(ev.stage, ev.done, flush=True)
"""


def pinned_home(home: Path) -> Path:
    """A fresh local home pinned to the central model (its vectors are then reused as sent)."""
    with open_store(home) as store:
        pin_model(store, MODEL, DIM, sha256=SHA)
    return home


def test_kill_9_inside_a_page_write_then_resume_ends_identical(central: Central, tmp_path: Path) -> None:
    central.publish(100, classification="public", chunks=3)
    central.user("ivy", "public")
    killed = pinned_home(tmp_path / "killed")
    proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(killed), central.server.address, "ivy", "pw-ivy"],
                            stdout=subprocess.PIPE, text=True, cwd=REPO, env={**os.environ, "OVILLO_HOME": ""})
    assert proc.stdout is not None
    seen = 0
    for line in proc.stdout:
        if line.startswith("inside"):
            seen = int(line.split()[1])
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(60)
    proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    assert seen == 84  # inside the transaction the 4th group's 21 records were already written …
    assert len(keys(killed)) == 63  # … and none of them survived the kill: three whole groups
    resumed = pull(central, killed, "ivy", page=7)
    assert resumed.added == 37 and resumed.updated == 0 and resumed.vectors_reused == 37 * 3
    clean = pinned_home(tmp_path / "clean")
    pull(central, clean, "ivy")
    assert rows(killed) == rows(clean)
    assert len(rows(clean)[1]) == 300


def test_incremental_merge_keeps_unchanged_vectors_and_replaces_changed_ones(central: Central,
                                                                             tmp_path: Path) -> None:
    central.publish(20, classification="public", chunks=2)
    central.user("uma", "public")
    home = pinned_home(tmp_path / "home")
    first = pull(central, home, "uma", page=6)
    assert first.added == 20 and first.vectors_reused == 40

    def stamps() -> dict[str, object]:
        with open_store(home) as store:
            return dict(store.cursor().execute("SELECT id, updated_at FROM rag_embeddings").fetchall())

    before = stamps()
    # record 3: a new title, its vectors untouched; record 5: a new title and one re-embedded chunk
    central.admin.execute("UPDATE records SET title = 'record 3, revised' WHERE section_id = 3")
    central.admin.execute("UPDATE records SET title = 'record 5, revised' WHERE section_id = 5")
    central.admin.execute("UPDATE rag_embeddings SET embedding = %s::vector, source_hash = 'h5.1b' "
                          "WHERE section_id = 5 AND chunk_index = 1", ("[" + ",".join(["0.5"] * DIM) + "]",))
    central.admin.commit()
    second = pull(central, home, "uma", page=6)
    assert (second.added, second.updated, second.vectors_reused) == (0, 2, 4)
    after = stamps()
    assert after == {**before, f"col/5/rag:body/en/1@{MODEL}": after[f"col/5/rag:body/en/1@{MODEL}"]}
    assert after[f"col/5/rag:body/en/1@{MODEL}"] != before[f"col/5/rag:body/en/1@{MODEL}"]
    recs, embs = rows(home)
    assert {r[1]: r[2] for r in recs}[3] == "record 3, revised"
    changed = [e for e in embs if e[0] == f"col/5/rag:body/en/1@{MODEL}"][0]
    assert np.allclose(np.asarray(changed[-1], np.float32), [0.5] * DIM)
    clean = pinned_home(tmp_path / "clean")
    pull(central, clean, "uma")
    assert rows(home) == rows(clean)  # the merge ends where a fresh sync does


def test_odd_text_survives_the_csv_stream_and_the_keys_listing(central: Central, tmp_path: Path) -> None:
    # pages and the keys listing travel as CSV (core/sync/stream.py, bulk.permitted_keys): a key with
    # a comma, quotes and a newline, a title that reads like a NULL marker, an empty title, a missing
    # language, JSON with escapes and project lists must all arrive as they are — and a second sync
    # must find every key again (a key misread there would be "revoked" and removed)
    odd = 'col,"quoted"\nnext'
    central.publish(3, tipo=odd, classification="public")
    central.publish(1, tipo=odd, classification="public", projects=[3, 11], start=4)
    data = {"t": 'tab\there, "q", back\\slash\nline', "n": None, "ñ": "Sant Martí"}
    central.admin.execute("UPDATE records SET title = 'N/A', lang = NULL, data = %s::jsonb WHERE section_id = 2",
                          (json.dumps(data),))
    central.admin.execute("UPDATE records SET title = '' WHERE section_id = 3")
    central.admin.commit()
    central.user("odd", "public")
    home = pinned_home(tmp_path / "home")
    first = pull(central, home, "odd")
    assert first.added == 4 and first.vectors_reused == 8
    recs, embs = rows(home)
    by = {r[1]: r for r in recs}
    assert {r[0] for r in recs} == {odd} and len(embs) == 8
    assert by[2][2] == "N/A" and by[3][2] == "" and by[1][2] == "record 1"
    assert json.loads(str(by[2][5])) == data
    assert by[4][4] == [3, 11] and by[1][4] == []
    with open_store(home) as store:
        assert store.cursor().execute("SELECT lang FROM records WHERE section_id = 2").fetchone() == (None,)
    again = pull(central, home, "odd")
    assert (again.added, again.updated, again.removed, again.revoked) == (0, 0, 0, 0)
    assert rows(home) == (recs, embs)


def test_a_value_the_client_cannot_read_is_one_clear_error_then_a_repair_resumes(central: Central,
                                                                                tmp_path: Path) -> None:
    from core.sync.connect import SyncError

    central.publish(5, classification="public")
    central.admin.execute("UPDATE records SET date_start = '0044-03-15 BC' WHERE section_id = 4")
    central.admin.commit()
    central.user("bc", "public")
    home = pinned_home(tmp_path / "home")
    with pytest.raises(SyncError, match="cannot read") as err:
        pull(central, home, "bc")
    assert "repair" in (err.value.hint or "")
    central.admin.execute("UPDATE records SET date_start = '0044-03-15' WHERE section_id = 4")
    central.admin.commit()
    pull(central, home, "bc")
    assert len(keys(home)) == 5


def test_a_record_committed_behind_the_watermark_is_fetched_by_its_key(central: Central, tmp_path: Path) -> None:
    # a transaction that started before the last sync and committed after it carries an updated_at
    # older than the watermark: the keyset stream never returns it, the keys listing's stamp differs,
    # and the record is fetched again by its key (bulk.fetch_page) with its vectors
    central.publish(6, classification="public", chunks=2)
    central.user("kit", "public")
    home = pinned_home(tmp_path / "home")
    pull(central, home, "kit")
    central.admin.execute("ALTER TABLE records DISABLE TRIGGER records_touch")
    central.admin.execute("UPDATE records SET title = 'committed late', "
                          "updated_at = (SELECT min(updated_at) - interval '1 day' FROM records) WHERE section_id = 3")
    central.admin.execute("ALTER TABLE records ENABLE TRIGGER records_touch")
    central.admin.commit()
    again = pull(central, home, "kit")
    assert (again.added, again.updated, again.vectors_reused) == (0, 1, 2)
    recs, embs = rows(home)
    assert {r[1]: r[2] for r in recs}[3] == "committed late" and len(embs) == 12
    clean = pinned_home(tmp_path / "clean")
    pull(central, clean, "kit")
    assert rows(clean) == rows(home)


def test_a_sync_writes_on_one_duckdb_thread_and_gives_the_store_its_settings_back(central: Central,
                                                                                 tmp_path: Path) -> None:
    # the puller runs DuckDB on one thread, without automatic checkpoints or vacuum, for its length
    # (core/sync/write.py, defer_checkpoints); the store's own settings come back after it
    central.publish(12, classification="public", chunks=2)
    central.user("ona", "public")
    home = pinned_home(tmp_path / "home")
    names = ("threads", "checkpoint_threshold", "max_vacuum_tasks")

    def settings(cur: Any) -> dict[str, str]:
        return {n: str(cur.execute(f"SELECT current_setting('{n}')").fetchone()[0]) for n in names}

    seen: list[dict[str, str]] = []

    class Watching(RecordWriter):
        def write_tables(self, records: Any, chunks: Any, *, also: Any = ()) -> Any:
            return super().write_tables(records, chunks, also=[*also, lambda cur: seen.append(settings(cur))])

    with connect(central.server.address, "ona", "pw-ona") as con, Store(Paths.from_home(home).store,
                                                                         threads=2) as store:
        before = settings(store.cursor())
        assert before["threads"] == "2"
        puller = Puller(store, con, server="central", user="ona", page=5, group_rows=6, ramp=False,
                        writer=Watching(store))
        for _ in puller.run():
            pass
        assert settings(store.cursor()) == before
    assert len(seen) >= 2
    assert all(s["threads"] == "1" and s["max_vacuum_tasks"] == "0" for s in seen)
    assert len(keys(home)) == 12
