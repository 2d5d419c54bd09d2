"""kill -9 during the re-embed pass an older store gets after an import, then the same import again,
ends with exactly the passages a fresh import gives: no duplicates, none left stale, no file read again."""

from __future__ import annotations

import shutil
import signal
from pathlib import Path

import numpy as np

from core.ingest.readers import is_supported
from core.models.encoder import TextEncoder
from core.service import Ovillo
from core.settings import Settings, save_settings
from tests.aged_store import age
from tests.cli_progress import Step, signal_at
from tests.conftest import drain
from tests.integration.conftest import DEMO, REPO, copy_home
from tests.integration.test_crash_resume import _count, cli_env, ingest_cmd, snapshot


def current(home: Path) -> int:
    """Passages whose stored hash is this chunker's (the re-embedded ones, here)."""
    return _count(home, "SELECT count(*) FROM rag_embeddings e JOIN ovillo_fresh f USING (id, source_hash)")


def test_kill_dash_nine_during_the_re_embed_then_rerun_matches_a_fresh_import(
        tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(DEMO / "diaries", corpus / "diaries")
    shutil.copytree(DEMO / "transcripts", corpus / "transcripts")
    n_files = sum(1 for p in corpus.rglob("*") if p.is_file() and is_supported(p))
    fresh = tmp_path / "fresh"
    with Ovillo(fresh, models_dir=models_dir, encoder=encoder) as app:
        drain(app.library.ingest([corpus]))
    expected = snapshot(fresh, models_dir, encoder)
    n = len(expected["chunks"])  # type: ignore[arg-type]

    # the same store as an older chunker left it; small encoder batches make pages of 16 passages
    home = copy_home(fresh, tmp_path / "old")
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        assert age(app.store) == n > 48
        cur = app.store.cursor()
        cur.execute("CREATE TABLE ovillo_fresh (id VARCHAR, source_hash VARCHAR)")
        cur.executemany("INSERT INTO ovillo_fresh VALUES (?, ?)",
                        [[c[0], c[1]] for c in expected["chunks"]])  # type: ignore[union-attr]
    save_settings(Settings(embed_batch=4), home / "settings.json")
    sources = _count(home, "SELECT count(*) FROM sources WHERE status = 'ok'")
    assert sources == n_files and current(home) == 0

    # SIGKILL the real CLI right after its first page committed (the second is being embedded), then,
    # resumed, half-way through
    done: list[int] = []
    for when in (lambda s: s.done >= 16, lambda s: s.done >= 48):
        run = signal_at(ingest_cmd(home, corpus), lambda s, w=when: s.unit == "passages" and w(s), cwd=REPO,
                        env=cli_env())
        drawn = run.terminal.replace("\r\x1b[K", "\n")[-1500:]
        assert isinstance(run.step, Step) and run.returncode == -signal.SIGKILL, (run.returncode, drawn)
        done.append(current(home))
    assert 16 <= done[0] < done[1] < n, done  # whole pages kept, the pass resumed, still mid-way

    final = signal_at(ingest_cmd(home, corpus), lambda s: False, cwd=REPO, env=cli_env())
    assert final.returncode == 0, final.terminal[-1500:]
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        app.store.cursor().execute("DROP TABLE ovillo_fresh")
    got = snapshot(home, models_dir, encoder)
    assert got["chunks"] == expected["chunks"]  # same ids, hashes and texts: no duplicates, none stale
    cos = np.sum(got["vectors"] * expected["vectors"], axis=1)  # type: ignore[operator]
    assert cos.min() > 0.9999, cos.min()  # every aged (negated) vector was re-embedded
    assert got["records"] == expected["records"] and got["sources"] == expected["sources"]  # files not read again
    assert got["queue"] == 0 and got["cache"] == 0
    assert _count(home, "SELECT count(*) FROM store_meta WHERE key LIKE 'chunker_version:%'") == 1
