"""The library's include/exclude rules (last match wins) and m006's sources taken from earlier imports."""

from __future__ import annotations

from pathlib import Path

import duckdb

from core.ingest.library import LibrarySource, excluded_by, matches, source_of
from core.store.migrations import MIGRATIONS, migrate


def test_a_glob_matches_the_path_a_name_at_any_depth_or_a_folder() -> None:
    assert matches("a/b/draft.txt", "draft.*") and matches("a/b/draft.txt", "a/b/*.txt")
    assert matches("a/drafts/x.txt", "drafts") and matches("a/drafts/x.txt", "a/drafts/")
    assert not matches("a/b/final.txt", "draft.*") and not matches("a/b.txt", "b")
    assert not matches("x.txt", "  ")


def test_the_last_matching_rule_decides() -> None:
    src = LibrarySource("/lib", rules=(("exclude", "drafts"), ("include", "drafts/keep.txt")))
    assert src.excludes("/lib/drafts/x.txt") and not src.excludes("/lib/drafts/keep.txt")
    assert not src.excludes("/lib/other.txt") and not src.excludes("/lib")
    inner = LibrarySource("/lib/inner")
    assert source_of([src, inner], "/lib/inner/drafts/x.txt") is inner  # the innermost source's rules
    assert not excluded_by([src, inner], "/lib/inner/drafts/x.txt") and excluded_by([src, inner], "/lib/drafts/a")
    assert source_of([src], "/library/x") is None


def test_m006_keeps_the_folders_imported_before_as_sources(tmp_path: Path) -> None:
    con = duckdb.connect(str(tmp_path / "s.duckdb"))
    con.execute("CREATE TABLE schema_migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP)")
    for name, step in MIGRATIONS[:5]:
        step(con)
        con.execute("INSERT INTO schema_migrations VALUES (?, now())", [name])
    con.execute("""INSERT INTO sources (path, root, collection, status, options, updated_at) VALUES
                   ('/a/x.txt', '/a', 'a', 'ok', '{"collection": "a"}', now()),
                   ('/a/y.txt', '/a', 'a', 'ok', '{"collection": "a"}', now()),
                   ('/single.txt', NULL, 'local', 'ok', '{}', now())""")
    assert migrate(con) == [name for name, _ in MIGRATIONS[5:]]  # m006 and every later one
    assert con.execute("SELECT path, paused, removing FROM library_sources").fetchall() == [("/a", False, False)]


def test_the_watcher_never_notes_the_data_folder(tmp_path: Path) -> None:
    from core.ingest.watcher import Watcher

    home = tmp_path / "lib" / "home"
    w = Watcher(ignore=(str(home),), clock=lambda: 100.0, debounce_s=0)
    w.note(str(tmp_path / "lib"), str(home / "store.duckdb.wal"), writing=False)
    w.note(str(tmp_path / "lib"), str(tmp_path / "lib" / "homework.txt"), writing=False)
    assert w.ready() == {str(tmp_path / "lib"): [str(tmp_path / "lib" / "homework.txt")]}
    w.stop()
