"""The facade's rooms share one open folder; parts made from the settings or a model are made again after either changes."""

from __future__ import annotations

from pathlib import Path

from core.models.fake_encoder import HashingEncoder
from core.service import Ovillo
from core.settings import Settings


def test_objects_and_catalogue_follow_new_settings(tmp_path: Path) -> None:
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder()) as app:
        objects, catalogue = app.objects, app.catalogue
        assert app.objects is objects and app.catalogue is catalogue  # made once, reused
        app.settings = Settings(max_file_mb=7, image_max_px=800)
        assert app.objects is not objects and app.catalogue is not catalogue
        assert app.catalogue.settings.max_file_mb == 7 and app.objects.settings.image_max_px == 800


def test_the_rooms_are_the_facade_s_only_operations(tmp_path: Path) -> None:
    with Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder()) as app:
        for room, names in {"library": ("ingest", "status", "failed_sources", "record", "facets", "reindex",
                                        "rebuild_keyword_index"),
                            "search": ("records", "passages", "page", "similar"), "answers": ("ask", "translate"),
                            "sync": ("run", "status", "keyring"),
                            "work": ("recent", "remember", "saved", "save_search", "delete_search", "list_names",
                                     "lists", "items", "add", "set_note", "remove", "delete_list")}.items():
            assert all(callable(getattr(getattr(app, room), n)) for n in names), room
        assert not any(hasattr(app, old) for old in ("ingest", "search_page", "sync_status", "sync_keyring",
                                                     "failed_sources", "facets", "ask", "translate"))
