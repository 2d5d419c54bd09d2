"""The person's work file: versions and migrations, atomic writes, recent searches, saved searches and lists."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from core.errors import ConfigError, NotFound
from core.filters import SearchFilters
from core.work import file as work_file
from core.work.export import worklist_csv, worklist_json, worklist_markdown
from core.work.model import ListEntry
from core.work.store import RECENT_LIMIT, WorkStore


def test_nothing_kept_yet_is_an_empty_work_and_no_file(tmp_path: Path) -> None:
    store = WorkStore(tmp_path / "work.json")
    assert store.recent() == [] and store.saved() == [] and store.lists() == []
    assert not (tmp_path / "work.json").exists()


def test_recent_searches_are_newest_first_each_once_and_bounded(tmp_path: Path) -> None:
    store = WorkStore(tmp_path / "work.json")
    store.remember("cartas de la guerra")
    store.remember("molino", SearchFilters(langs=("es",)))
    store.remember("  Cartas   de la GUERRA ")  # the same search: moves up, not repeated
    assert [r.query for r in store.recent()] == ["Cartas de la GUERRA", "molino"]
    store.remember("molino")  # other filters: another search
    assert [(r.query, r.filters.langs) for r in store.recent()] == [
        ("molino", ()), ("Cartas de la GUERRA", ()), ("molino", ("es",))]
    for n in range(RECENT_LIMIT + 5):
        store.remember(f"search {n}")
    recent = WorkStore(tmp_path / "work.json").recent()  # as read back from the file
    assert len(recent) == RECENT_LIMIT
    assert recent[0].query == f"search {RECENT_LIMIT + 4}" and recent[-1].query == "search 5"
    with pytest.raises(ConfigError):
        store.remember("   ")


def test_saved_searches_keep_their_filters_and_mode_and_a_name_once(tmp_path: Path) -> None:
    path = tmp_path / "work.json"
    filters = SearchFilters(collections=("cartas",), classifications=("public",), date_from=date(1936, 1, 1),
                            date_to=date(1939, 12, 31))
    WorkStore(path).save_search("Guerra", "cartas del frente", filters, mode="passages")
    WorkStore(path).save_search("guerra ", "otra consulta")  # the same name: replaced
    WorkStore(path).save_search("Alpha", "molino")
    saved = WorkStore(path).saved()
    assert [s.name for s in saved] == ["Alpha", "guerra"]
    assert saved[1].query == "otra consulta" and saved[1].filters == SearchFilters()
    WorkStore(path).save_search("Guerra", "cartas del frente", filters, mode="passages")
    again = {s.name: s for s in WorkStore(path).saved()}["Guerra"]
    assert (again.query, again.filters, again.mode) == ("cartas del frente", filters, "passages")
    store = WorkStore(path)
    store.delete_search("ALPHA")
    assert [s.name for s in WorkStore(path).saved()] == ["Guerra"]
    with pytest.raises(ConfigError):
        store.save_search("  ", "x")


def test_working_lists_keep_records_with_notes_in_order(tmp_path: Path) -> None:
    path = tmp_path / "work.json"
    store = WorkStore(path)
    store.add("Tesis", ("cartas", 7), "carta clave")
    store.add("Tesis", ("fotos", 3))
    store.add("tesis", ("cartas", 7), "nota nueva")  # already there: keeps its place, the note replaced
    store.add("Tesis", ("cartas", 7))  # no note given: the old one stays
    store.create_list("Vacía")
    lists = {w.name: w for w in WorkStore(path).lists()}
    assert list(lists) == ["Tesis", "Vacía"]
    assert [(i.key, i.note) for i in lists["Tesis"].items] == [(("cartas", 7), "nota nueva"), (("fotos", 3), "")]
    assert all(i.added for i in lists["Tesis"].items)
    store.set_note("Tesis", ("fotos", 3), "  revisar  ")
    store.remove("Tesis", ("cartas", 7))
    assert [(i.key, i.note) for i in WorkStore(path).get_list("Tesis").items] == [(("fotos", 3), "revisar")]
    with pytest.raises(NotFound):
        store.remove("Tesis", ("cartas", 7))
    store.delete_list("Vacía")
    with pytest.raises(NotFound):
        WorkStore(path).get_list("Vacía")


def test_the_file_is_versioned_and_an_older_version_is_migrated_and_kept(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "work.json"
    store = WorkStore(path)
    store.add("Tesis", ("cartas", 7), "carta clave")
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == work_file.WORK_VERSION
    old_text = path.read_text(encoding="utf-8")

    # a next version that renames "note" to "notes": the step runs once, on open, and the old file is kept
    def rename_notes(raw: dict[str, Any]) -> dict[str, Any]:
        for lst in raw["lists"]:
            for item in lst["items"]:
                item["notes"] = item.pop("note")
        return raw

    monkeypatch.setattr(work_file, "WORK_VERSION", work_file.WORK_VERSION + 1)
    monkeypatch.setattr(work_file, "MIGRATIONS", {work_file.WORK_VERSION - 1: rename_notes})
    data = work_file.read_work(path)
    assert data["version"] == work_file.WORK_VERSION
    assert data["lists"][0]["items"][0]["notes"] == "carta clave"
    assert json.loads(path.read_text(encoding="utf-8")) == data  # written back at the new version
    assert (tmp_path / f"work.json.v{work_file.WORK_VERSION - 1}").read_text(encoding="utf-8") == old_text
    assert work_file.read_work(path) == data  # migrated once: the next open reads it as it is


def test_a_file_from_a_newer_ovillo_or_damaged_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "work.json"
    newer = json.dumps({"version": work_file.WORK_VERSION + 1, "recent": [], "saved": [], "lists": []})
    path.write_text(newer, encoding="utf-8")
    with pytest.raises(ConfigError, match="newer Ovillo") as caught:
        WorkStore(path).recent()
    assert caught.value.code == "work.unreadable" and caught.value.hint_code == "hint.work_move"
    assert path.read_text(encoding="utf-8") == newer
    path.write_text('{"version": 1, "lists": [', encoding="utf-8")
    with pytest.raises(ConfigError, match="cannot read the saved work"):
        WorkStore(path).lists()
    path.write_text('{"version": 0}', encoding="utf-8")  # a version no Ovillo wrote: no step leads up from it
    with pytest.raises(ConfigError, match="version 0 is unknown"):
        WorkStore(path).lists()


def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary_file(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "work.json"
    store = WorkStore(path)
    store.add("Tesis", ("cartas", 7), "carta clave")
    before = path.read_text(encoding="utf-8")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(work_file.os, "fsync", full_disk)
    with pytest.raises(OSError):
        store.add("Tesis", ("fotos", 3), "otra")
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["work.json"]
    # the change that failed is not kept in memory either: what is on disk is the truth
    assert [i.key for i in store.get_list("Tesis").items] == [("cartas", 7)]


def test_a_list_exports_as_csv_json_and_markdown() -> None:
    entries = [ListEntry("cartas", 7, "Carta de Rosa", "=clave\nsegunda línea", "2026-01-02T10:00:00+00:00", "es",
                         "public", date(1937, 5, 1), None, "/arch/carta.txt"),
               ListEntry("fotos", 3, "Molino *viejo*", "", "2026-01-03T10:00:00+00:00")]
    csv_text = worklist_csv(entries)
    lines = csv_text.splitlines()
    assert lines[0].startswith("position,title,collection,record,note,added")
    assert lines[1].startswith("1,Carta de Rosa,cartas,7,'=clave segunda línea,")  # no formula, one line
    assert "1937-05-01" in lines[1] and "/arch/carta.txt" in lines[1]
    data = json.loads(worklist_json("Tesis", entries))
    assert data["list"] == "Tesis" and data["items"][0]["record"] == 7
    assert data["items"][0]["note"] == "=clave\nsegunda línea"
    md = worklist_markdown("Tesis", entries)
    assert md.splitlines()[0] == "**Tesis**"
    assert "1. Carta de Rosa (cartas 7)" in md and "2. Molino \\*viejo\\* (fotos 3)" in md
