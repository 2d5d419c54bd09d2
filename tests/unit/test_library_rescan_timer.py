"""Sources rescanned on a timer (#36 point 5): a network share sends no change events, so it is rescanned every N
minutes while watched; a source can ask for it too (``library add --rescan-every``). The watcher is disabled
here (it schedules nothing), the share is a temp folder said to be NFS, and the clock is moved by hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.main import main
from core.ingest import watcher
from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo, sources
from tests.conftest import drain


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def share(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Ovillo, Path, Clock]]:
    docs = tmp_path / "share"
    docs.mkdir()
    (docs / "mill.txt").write_text("The mill by the river was rebuilt in 1902.", encoding="utf-8")
    clock = Clock()
    monkeypatch.setattr(sources, "clock", clock)
    monkeypatch.setattr(watcher.Watcher, "watch", lambda self, source: None)  # no events from anywhere
    monkeypatch.setattr(watcher, "no_events_fs", lambda path: "nfs" if path.startswith(str(docs)) else None)
    app = Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder())
    drain(app.library.ingest([docs], remember=True))
    yield app, docs, clock
    app.close()


def _names(app: Ovillo) -> set[str]:
    return {Path(r[0]).name for r in app.store.cursor().execute("SELECT path FROM sources WHERE status = 'ok'")
            .fetchall()}


def test_a_share_without_events_is_rescanned_every_ten_minutes(share: tuple[Ovillo, Path, Clock]) -> None:
    app, docs, clock = share
    assert app.library.watch() == {str(docs): None}
    (status,) = app.library.sources()
    assert (status.state, status.reason, status.watching) == \
        ("rescanning", "rescanning every 10 min (no change events here)", True)
    (docs / "harbour.txt").write_text("Letters from the harbour master.", encoding="utf-8")
    (docs / "mill.txt").unlink()
    clock.t += 9 * 60
    assert not app.library.watched_settled()
    _, summary = drain(app.library.index_watched())
    assert not summary.outcomes and _names(app) == {"mill.txt"}  # not due yet: nothing looked at
    clock.t += 60
    assert app.library.watched_settled()  # the window's and `ovillo watch`'s tick now runs index_watched
    _, summary = drain(app.library.index_watched())
    assert {(Path(o.path).name, o.status) for o in summary.outcomes} == {("harbour.txt", "ok"), ("mill.txt", "removed")}
    assert _names(app) == {"harbour.txt"} and app.library.sources()[0].source.last_scan is not None
    assert not app.library.watched_settled()  # the next one is ten minutes away again
    app.library.set_paused(docs, True)
    clock.t += 3600
    assert not app.library.watched_settled()  # a paused source is not rescanned either


def test_a_source_sets_its_own_period_or_none(share: tuple[Ovillo, Path, Clock], tmp_path: Path) -> None:
    app, docs, clock = share
    local = tmp_path / "local"
    local.mkdir()
    app.library.add_source(local, rescan_every=1)
    app.library.add_source(docs, rescan_every=0)  # never, even on the share: the user rescans it by hand
    app.library.watch()
    by_path = {s.source.path: s for s in app.library.sources()}
    assert (by_path[str(local)].state, by_path[str(local)].reason) == ("watching", "also rescanning every 1 min")
    assert (by_path[str(docs)].state, by_path[str(docs)].reason) == ("watching", None)
    assert by_path[str(local)].to_json()["options"]["rescan_every"] == 1
    app.library.add_source(local)  # options again without a period: the one set stays
    assert {s.source.path: s.source.rescan_every for s in app.library.sources()}[str(local)] == 1
    (local / "note.txt").write_text("A note about the parish register.", encoding="utf-8")
    clock.t += 61
    _, summary = drain(app.library.index_watched())
    assert [Path(o.path).name for o in summary.ok] == ["note.txt"]


def test_library_add_takes_rescan_every(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    monkeypatch.delenv("OVILLO_HOME", raising=False)
    home = ["--home", str(tmp_path / "home")]
    assert main([*home, "library", "add", str(docs), "--no-scan", "--rescan-every", "15"]) == 0
    capsys.readouterr()
    assert main([*home, "library", "list", "--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["options"]["rescan_every"] == 15
    assert main([*home, "library", "add", str(docs), "--rescan-every", "-1"]) == 2
    assert "--rescan-every must be a whole number from 0 to 1440" in capsys.readouterr().err
