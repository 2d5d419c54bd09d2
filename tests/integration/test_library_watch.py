"""Watched sources (#36): real file-system events through watchdog into the queue, with the real encoder.

Waits are bounded polls (a change must land within WAIT_S); nothing asserts how long anything took.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from core.ingest.summary import FileOutcome
from core.models.encoder import TextEncoder
from core.progress import drive
from core.service import Ovillo
from tests.conftest import drain

WAIT_S = 30.0
REPO = Path(__file__).resolve().parents[2]


def _settle(app: Ovillo, done: Callable[[], bool], seen: list[FileOutcome] | None = None) -> list[FileOutcome]:
    """Index settled changes until ``done()`` (at most WAIT_S); the outcomes on the way."""
    seen = [] if seen is None else seen
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        seen += drive(app.library.index_watched(), lambda _e: None).outcomes
        if done():
            return seen
        time.sleep(0.1)
    raise AssertionError(f"not settled within {WAIT_S} s; outcomes so far: {seen}")


def _rows(app: Ovillo, sql: str, params: list[object] | None = None) -> list[tuple[object, ...]]:
    return app.store.cursor().execute(sql, params or []).fetchall()


def _has(app: Ovillo, name: str) -> bool:
    return bool(_rows(app, "SELECT 1 FROM sources WHERE status = 'ok' AND ends_with(path, ?)", ["/" + name]))


@pytest.fixture
def watched(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> Iterator[tuple[Ovillo, Path]]:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "mill.txt").write_text("The mill by the river was rebuilt in 1902 after the great flood.", encoding="utf-8")
    app = Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder)
    drain(app.library.ingest([docs], remember=True))
    assert app.library.watch() == {str(docs): None}
    assert app.library.sources()[0].state == "watching"
    yield app, docs
    app.close()


def test_created_modified_moved_and_deleted_files_follow(watched: tuple[Ovillo, Path]) -> None:
    app, docs = watched
    (docs / "sub").mkdir()
    (docs / "sub" / "register.txt").write_text("A transcription of the parish register of 1850.", encoding="utf-8")
    _settle(app, lambda: _has(app, "register.txt"))
    assert app.search.records("parish register transcription", limit=1)[0].source_path == str(docs / "sub/register.txt")
    with (docs / "sub" / "register.txt").open("a", encoding="utf-8") as fh:
        fh.write(" Corrected by the archivist: the year is 1851.")
    _settle(app, lambda: bool(_rows(app, "SELECT 1 FROM rag_embeddings WHERE contains(source_text, 'archivist')")))
    key = _rows(app, "SELECT section_tipo, section_id FROM source_records WHERE ends_with(path, 'register.txt')")
    vectors = _rows(app, "SELECT id, source_hash FROM rag_embeddings ORDER BY id")
    os.rename(docs / "sub" / "register.txt", docs / "register-1851.txt")
    seen = _settle(app, lambda: _has(app, "register-1851.txt"))
    assert [o.status for o in seen] == ["moved"]  # the same record at its new path, nothing embedded
    assert _rows(app, "SELECT section_tipo, section_id FROM source_records WHERE ends_with(path, "
                      "'register-1851.txt')") == key
    assert _rows(app, "SELECT id, source_hash FROM rag_embeddings ORDER BY id") == vectors
    os.remove(docs / "mill.txt")
    _settle(app, lambda: not _rows(app, "SELECT 1 FROM sources WHERE ends_with(path, 'mill.txt')"))
    assert not any(h.source_path == str(docs / "mill.txt") for h in app.search.records("mill flood", limit=5))


def test_a_file_written_in_pieces_is_read_once_whole(watched: tuple[Ovillo, Path]) -> None:
    app, docs = watched
    target = docs / "slow.txt"
    seen: list[FileOutcome] = []
    with target.open("w", encoding="utf-8") as fh:
        fh.write("First half of a long letter about the harbour,")
        fh.flush()
        deadline = time.monotonic() + 3 * app.library._watcher.debounce_s  # type: ignore[union-attr]
        while time.monotonic() < deadline:  # well past the debounce, the file still open for writing
            seen += drive(app.library.index_watched(), lambda _e: None).outcomes
            time.sleep(0.1)
        assert not any(o.path == str(target) for o in seen)
        fh.write(" and its second half about the storm.")
    _settle(app, lambda: _has(app, "slow.txt"), seen)
    assert [o.status for o in seen if o.path == str(target)] == ["ok"]
    (text,) = _rows(app, "SELECT source_text FROM rag_embeddings WHERE contains(source_text, 'First half')")
    assert "second half" in str(text[0])


def test_a_save_by_rename_counts_once(watched: tuple[Ovillo, Path]) -> None:
    app, docs = watched
    tmp = docs / ".mill.txt.swp"
    tmp.write_text("The mill by the river was rebuilt in 1904 after the great flood.", encoding="utf-8")
    os.replace(tmp, docs / "mill.txt")
    seen = _settle(app, lambda: bool(_rows(app, "SELECT 1 FROM rag_embeddings WHERE contains(source_text, '1904')")))
    assert [(Path(o.path).name, o.status) for o in seen] == [("mill.txt", "ok")]


def test_a_burst_is_batched(watched: tuple[Ovillo, Path], tmp_path: Path) -> None:
    app, docs = watched
    batch = tmp_path / "letters"
    batch.mkdir()
    for i in range(120):
        (batch / f"letter-{i:03}.txt").write_text(f"Letter number {i} from the harbour master.", encoding="utf-8")
    before = app.store.generation()
    shutil.copytree(batch, docs / "letters")
    _settle(app, lambda: _rows(app, "SELECT count(*) FROM sources WHERE contains(path, 'letter-')") == [(120,)])
    assert app.store.generation() - before <= 12  # batches of files, never a transaction per event


def test_on_start_a_reconciling_scan_catches_what_changed_unwatched(tmp_path: Path, encoder: TextEncoder,
                                                                   models_dir: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("a", "b", "c"):
        (docs / f"{name}.txt").write_text(f"Letter {name} about the old mill and its miller.", encoding="utf-8")
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder) as app:
        drain(app.library.ingest([docs], remember=True))
    (docs / "a.txt").write_text("Letter a, rewritten while Ovillo was closed.", encoding="utf-8")
    os.remove(docs / "b.txt")
    os.utime(docs / "c.txt")  # touched only: same bytes, read again never
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder) as app:
        app.library.watch()
        _, summary = drain(app.library.rescan())
        assert {(Path(o.path).name, o.status) for o in summary.outcomes} == \
            {("a.txt", "ok"), ("b.txt", "removed"), ("c.txt", "skipped")}
        assert [o.reason for o in summary.skipped] == ["unchanged (touched)"]


def test_kill_during_a_watched_burst_then_restart_equals_a_clean_scan(tmp_path: Path, encoder: TextEncoder,
                                                                      models_dir: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "first.txt").write_text("The first letter of the collection.", encoding="utf-8")
    home = tmp_path / "home"
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        drain(app.library.ingest([docs], remember=True))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "cli", "--home", str(home), "--models", str(models_dir),
                             "watch"], cwd=REPO, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        assert proc.stderr is not None
        deadline = time.monotonic() + 120
        said = []
        for line in proc.stderr:  # the reconciling scan ran; the watcher is on
            said.append(line)
            if "watching for changes" in line or time.monotonic() > deadline:
                break
        assert f"watching {docs}\n" in said  # each source's state first
        for i in range(150):
            (docs / f"note-{i:03}.txt").write_text(f"Note {i}: the mill ledger, page {i}.", encoding="utf-8")
        os.remove(docs / "first.txt")
        for line in proc.stderr:  # the first batch landed: kill it in the middle of the burst
            if "changes indexed" in line or time.monotonic() > deadline:
                break
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        if proc.stderr is not None:
            proc.stderr.close()
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:  # what the kill left: a part of the burst
        left = _rows(app, "SELECT count(*) FROM sources WHERE contains(path, 'note-')")[0][0]
        print(f"killed with {left} of 150 notes indexed")
    with Ovillo(home, models_dir=models_dir, encoder=encoder) as app:
        app.library.watch()
        drain(app.library.rescan())
        got = _state(app)
    with Ovillo(tmp_path / "clean", models_dir=models_dir, encoder=encoder) as clean:
        drain(clean.library.ingest([docs]))
        assert _state(clean) == got and len(got[0]) == 150


def _state(app: Ovillo) -> tuple[list[tuple[object, ...]], ...]:
    return (_rows(app, "SELECT path, status, content_hash FROM sources ORDER BY path"),
            _rows(app, "SELECT section_tipo, section_id, title FROM records WHERE deleted_at IS NULL ORDER BY ALL"),
            _rows(app, "SELECT id, source_hash FROM rag_embeddings ORDER BY id"),
            _rows(app, "SELECT count(*) FROM index_queue"))


def test_a_watch_the_system_refuses_is_a_status_not_a_crash(watched: tuple[Ovillo, Path], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from core.ingest.watcher import WATCH_LIMIT

    app, docs = watched
    other = tmp_path / "other"
    other.mkdir()
    watcher = app.library._watcher
    assert watcher is not None

    def full(*_a: object, **_k: object) -> object:  # what inotify says when max_user_watches is reached
        raise OSError(errno.ENOSPC, "inotify watch limit reached")

    monkeypatch.setattr(watcher._observer, "schedule", full)
    app.library.add_source(other)
    states = {s.source.path: s for s in app.library.sources()}
    # no events will come from it: it falls back to the periodic rescan, and says both
    assert states[str(other)].state == "error"
    assert states[str(other)].reason == f"{WATCH_LIMIT}; rescanning every 10 min (no change events here)"
    assert states[str(docs)].state == "watching"  # the others go on
