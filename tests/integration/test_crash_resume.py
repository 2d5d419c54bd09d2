"""kill -9 at any moment, then the same ingest again, ends with exactly the rows of a clean run."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from core.ingest.readers import is_supported
from core.models.encoder import TextEncoder
from core.service import Ovillo
from core.settings import Settings, save_settings
from tests.cli_progress import Step, signal_at
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


def ingest_cmd(home: Path, corpus: Path) -> list[str]:
    return [sys.executable, "-m", "cli", "--home", str(home), "ingest", str(corpus)]


def cli_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}


def cli_ingest(home: Path, corpus: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(ingest_cmd(home, corpus), cwd=REPO, env=cli_env(), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def _count(home: Path, sql: str) -> int:
    import duckdb

    con = duckdb.connect(str(home / "ovillo.duckdb"), read_only=True)
    try:
        return int(con.execute(sql).fetchone()[0])  # type: ignore[index]
    finally:
        con.close()


def sources_done(home: Path) -> int:
    return _count(home, "SELECT count(*) FROM sources WHERE status = 'ok'")


def cache_rows(home: Path) -> int:
    return _count(home, "SELECT count(*) FROM embedding_cache")


def test_kill_dash_nine_then_rerun_matches_clean_run(tmp_path: Path, encoder: TextEncoder,
                                                      models_dir: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(DEMO / "diaries", corpus / "diaries")
    shutil.copytree(DEMO / "transcripts", corpus / "transcripts")
    # indexable files only: the transcripts folder also holds a recording (media rides along, unindexed)
    n_files = sum(1 for p in corpus.rglob("*") if p.is_file() and is_supported(p))

    clean = tmp_path / "clean"
    with Ovillo(clean, models_dir=models_dir, encoder=encoder) as app:
        drain(app.library.ingest([corpus]))
    expected = snapshot(clean, models_dir, encoder)

    # SIGKILL the real CLI at three steps of its own progress, each run resuming the last: vectors
    # cached with nothing committed, right after a first batch committed, and half-way. Small
    # embedding batches make a batch commit a few files at a time, as a large archive does, so
    # the kills land between commits.
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    save_settings(Settings(embed_batch=4), crashed / "settings.json")
    moments: list[Callable[[Step], bool]] = [
        lambda s: s.stage == "embed",
        lambda s: s.stage == "index" and s.total is not None and s.done >= 1,
        lambda s: s.stage == "index" and s.total is not None and s.done >= s.total // 2,
    ]
    progress: list[tuple[int, int]] = []
    drawn: list[str] = []  # what each killed run drew, for a failure's message
    for when in moments:
        run = signal_at(ingest_cmd(crashed, corpus), when, cwd=REPO, env=cli_env())
        drawn.append(run.terminal.replace("\r\x1b[K", "\n")[-1500:])
        assert run.step is not None, f"the ingest ended before the kill: {progress} of {n_files}\n{drawn[-1]}"
        assert run.returncode == -signal.SIGKILL, run.returncode
        progress.append((sources_done(crashed), cache_rows(crashed)))
    assert progress[0][0] == 0 and progress[0][1] > 0, progress  # vectors kept, nothing committed yet
    assert all(0 < done < n_files for done, _ in progress[1:]), \
        f"kills not mid-ingest: {progress} of {n_files}\n" + "\n---\n".join(drawn)

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
    env = cli_env()
    # Ctrl-C while the first batch's vectors are computed (small embedding steps, so the signal
    # arrives during the next one, not after the commit): the CLI stops after the current step
    home.mkdir()
    save_settings(Settings(embed_batch=4), home / "settings.json")
    run = signal_at(ingest_cmd(home, corpus), lambda s: s.stage == "embed", cwd=REPO, env=env, sig=signal.SIGINT)
    assert run.step is not None, "the ingest ended before it embedded anything"
    said = run.stdout + run.terminal
    assert "Traceback" not in said, said
    assert run.returncode == 130 and "run the same command again" in said, (run.returncode, said[-2000:])
    assert "stopping after the current step" in run.terminal
    n_files = sum(1 for p in corpus.rglob("*") if p.is_file())
    assert sources_done(home) < n_files, "the ingest finished despite the Ctrl-C"
    rerun = subprocess.run([*ingest_cmd(home, corpus), "--json"],
                           cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        assert app.library.status().queue_pending == 0
        assert app.store.cursor().execute("SELECT count(*) FROM sources WHERE status = 'ok'").fetchone()[0] == n_files
        dup = app.store.cursor().execute(
            "SELECT count(*) - count(DISTINCT (section_tipo, section_id, chunk_index)) FROM rag_embeddings").fetchone()
        assert dup[0] == 0
