"""A stop asked for mid-ingest says so and gives every claim back; one asked for after the last
commit stopped nothing and is reported as a finished run, not as one to resume."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from core.ingest import queue
from core.ingest.pipeline import IngestSummary
from core.models.fake_encoder import HashingEncoder
from core.progress import CancelToken, Progress, drive
from core.service import Ovillo
from core.settings import Settings, save_settings
from tests.conftest import drain


def _app(tmp_path: Path) -> Ovillo:
    home = tmp_path / "home"
    home.mkdir()
    save_settings(Settings(embed_batch=1), home / "settings.json")  # a batch of a few files each
    return Ovillo(home, models_dir=tmp_path / "models", encoder=HashingEncoder())


def _folder(tmp_path: Path, n: int) -> Path:
    folder = tmp_path / "cartas"
    folder.mkdir()
    for i in range(n):
        (folder / f"carta_{i:02d}.txt").write_text(f"Carta {i}: el molino volvió a moler en 19{10 + i}. " * 3,
                                                   encoding="utf-8")
    return folder


def _run_cancelling(app: Ovillo, folder: Path,
                    when: Callable[[Progress], bool]) -> tuple[list[Progress], IngestSummary]:
    """Run an ingest, asking it to stop at the first event ``when`` accepts (as a Cancel button does)."""
    cancel = CancelToken()
    events: list[Progress] = []

    def seen(ev: Progress) -> None:
        events.append(ev)
        if when(ev):
            cancel.cancel()

    return events, drive(app.library.ingest([folder], cancel=cancel), seen)


def test_a_stop_mid_ingest_is_reported_and_the_next_run_resumes(tmp_path: Path) -> None:
    folder = _folder(tmp_path, 12)
    with _app(tmp_path) as app:
        _, summary = _run_cancelling(app, folder, lambda ev: ev.stage == "index" and ev.done > 0)
        assert summary.cancelled
        done = len(summary.ok)
        assert 0 < done < 12 and queue.pending(app.store) == 12 - done
        # claims given back, also those taken ahead for the next batch: a run in this same process
        # (the window's next import) must not find them held by a live claimant
        held = app.store.cursor().execute("SELECT count(*) FROM index_queue WHERE claimed_by IS NOT NULL").fetchone()
        assert held == (0,)
        _, again = drain(app.library.ingest([folder]))
        assert not again.cancelled and len(again.ok) == 12 - done and queue.pending(app.store) == 0


def test_a_stop_after_the_last_commit_is_a_finished_run(tmp_path: Path) -> None:
    folder = _folder(tmp_path, 6)
    with _app(tmp_path) as app:
        events, summary = _run_cancelling(
            app, folder, lambda ev: ev.stage == "index" and ev.total is not None and ev.done == ev.total)
        assert any(ev.stage == "index" and ev.done == ev.total == 6 for ev in events)
        assert not summary.cancelled and len(summary.ok) == 6
        assert queue.pending(app.store) == 0
        rows = app.store.cursor().execute("SELECT count(*) FROM sources WHERE status = 'ok'").fetchone()
        assert rows is not None and rows[0] == 6


def test_every_file_step_knows_how_many_files_there_are(tmp_path: Path) -> None:
    """From the first file read on, progress says "n of N files" (the window showed "0 of ? files" for a minute)."""
    folder = _folder(tmp_path, 7)
    with _app(tmp_path) as app:
        events, summary = drain(app.library.ingest([folder]))
        steps = [e for e in events if e.stage == "index"]
        assert steps and len(summary.ok) == 7
        assert all(e.total == 7 for e in steps), [(e.done, e.total) for e in steps]
        assert steps[0].done == 0 and steps[-1].done == 7
        # again, with five files unchanged, two changed and one that cannot be read: counted among the three
        for name in ("carta_01.txt", "carta_04.txt"):
            (folder / name).write_text("Carta nueva: el molino paró en 1950.", encoding="utf-8")
        (folder / "vacia.txt").write_text("", encoding="utf-8")
        events, summary = drain(app.library.ingest([folder]))
        steps = [e for e in events if e.stage == "index"]
        assert len(summary.ok) == 2 and len(summary.failed) == 1 and len(summary.skipped) == 5
        assert all(e.total == 3 for e in steps), [(e.done, e.total) for e in steps]
        assert steps[-1].done == 3 and [e.done for e in steps] == sorted(e.done for e in steps)
