"""kill -9 at any moment, then the same ingest again, ends with exactly the rows of a clean run."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from core.ingest.readers import is_supported
from core.models.encoder import TextEncoder
from core.service import Ovillo
from core.settings import Settings, save_settings
from tests.conftest import drain
from tests.integration.conftest import DEMO, REPO


def snapshot(home: Path, models_dir: Path, encoder: TextEncoder) -> dict[str, object]:
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        cur = app.store.cursor()
        rows = cur.execute("SELECT id, source_hash, source_text, embedding FROM rag_embeddings ORDER BY id").fetchall()
        return {
            "chunks": [(r[0], r[1], r[2]) for r in rows],
            "vectors": np.asarray([r[3] for r in rows], dtype=np.float32),
            "records": cur.execute("SELECT section_tipo, section_id, title, classification FROM records "
                                   "ORDER BY 1, 2").fetchall(),
            "sources": cur.execute("SELECT path, status, content_hash, chunks FROM sources ORDER BY 1").fetchall(),
            "queue": cur.execute("SELECT count(*) FROM index_queue").fetchone()[0],
            "cache": cur.execute("SELECT count(*) FROM embedding_cache").fetchone()[0],
            "fts": {r[0] for r in cur.execute("SELECT id FROM fts_docs").fetchall()},
        }


def cli_ingest(home: Path, corpus: Path) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}
    return subprocess.Popen([sys.executable, "-m", "core.cli", "--home", str(home), "ingest", str(corpus)],
                            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def sources_done(home: Path) -> int:
    import duckdb

    con = duckdb.connect(str(home / "ovillo.duckdb"), read_only=True)
    try:
        return int(con.execute("SELECT count(*) FROM sources WHERE status = 'ok'").fetchone()[0])  # type: ignore[index]
    finally:
        con.close()


def test_kill_dash_nine_then_rerun_matches_clean_run(tmp_path: Path, encoder: TextEncoder,
                                                      models_dir: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(DEMO / "diaries", corpus / "diaries")
    shutil.copytree(DEMO / "transcripts", corpus / "transcripts")
    # indexable files only: the transcripts folder also holds a recording (media rides along, unindexed)
    n_files = sum(1 for p in corpus.rglob("*") if p.is_file() and is_supported(p))

    clean = tmp_path / "clean"
    t0 = time.monotonic()
    with Ovillo(clean, models_dir=models_dir, encoder=encoder) as app:
        drain(app.ingest([corpus]))
    clean_s = time.monotonic() - t0
    expected = snapshot(clean, models_dir, encoder)

    # SIGKILL the real CLI at growing moments until kills have landed mid-ingest twice
    # (the machine's speed varies, so the moments scale with the clean run's duration). Small
    # embedding batches make a batch commit a few files at a time, as a large archive does, so
    # a kill can land between two commits.
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    save_settings(Settings(embed_batch=4), crashed / "settings.json")
    progress: list[int] = []
    delay = 2.0
    for _ in range(16):
        proc = cli_ingest(crashed, corpus)
        time.sleep(delay)
        if proc.poll() is not None:  # finished before the kill (the machine got faster): start over, kill sooner
            shutil.rmtree(crashed, ignore_errors=True)
            crashed.mkdir()
            save_settings(Settings(embed_batch=4), crashed / "settings.json")
            progress.clear()
            delay *= 0.5
            continue
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        done = sources_done(crashed) if (crashed / "ovillo.duckdb").exists() else 0
        progress.append(done)
        if sum(1 for p in progress if 0 < p < n_files) >= 2:
            break
        delay += max(1.0, clean_s * 0.25)
    assert any(0 < p < n_files for p in progress), f"no kill landed mid-ingest: {progress} of {n_files}"

    final = cli_ingest(crashed, corpus)
    assert final.wait(timeout=600) == 0
    got = snapshot(crashed, models_dir, encoder)

    assert got["chunks"] == expected["chunks"]  # same ids, hashes and texts: no duplicates, no holes
    # the same model on the same text; batch composition and thread count may move the last bits only
    cos = np.sum(got["vectors"] * expected["vectors"], axis=1)  # type: ignore[operator]
    assert cos.min() > 0.9999, (cos.min(), np.abs(got["vectors"] - expected["vectors"]).max())  # type: ignore[operator]
    assert got["records"] == expected["records"]
    assert [(s[0], s[1], s[2], s[3]) for s in got["sources"]] == expected["sources"]  # type: ignore[union-attr]
    assert got["queue"] == 0 and got["cache"] == 0
    assert got["fts"] == {c[0] for c in expected["chunks"]}  # type: ignore[union-attr]


def test_ctrl_c_stops_cleanly_and_rerun_resumes(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(DEMO / "diaries", corpus)
    home = tmp_path / "h"
    env = {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}
    stopped = None
    for delay in (4.0, 6.0, 9.0, 13.0):
        proc = subprocess.Popen([sys.executable, "-m", "core.cli", "--home", str(home), "ingest", str(corpus)],
                                cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(delay)
        if proc.poll() is not None:
            break
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        assert "Traceback" not in err, err
        if proc.returncode == 130 and "run the same command again" in (out + err):
            stopped = out + err
            break
    assert stopped is not None, "Ctrl-C never landed while ingesting"
    rerun = subprocess.run([sys.executable, "-m", "core.cli", "--home", str(home), "ingest", str(corpus), "--json"],
                           cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        assert app.status().queue_pending == 0
        n_files = sum(1 for p in corpus.rglob("*") if p.is_file())
        assert app.store.cursor().execute("SELECT count(*) FROM sources WHERE status = 'ok'").fetchone()[0] == n_files
        dup = app.store.cursor().execute(
            "SELECT count(*) - count(DISTINCT (section_tipo, section_id, chunk_index)) FROM rag_embeddings").fetchone()
        assert dup[0] == 0
