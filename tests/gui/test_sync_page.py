"""The Sync page against a real central server: progress, summary, search finds the synced record, cancel/resume.

The central archive is filled by ``publish_store`` from a scratch data folder indexed with the real
text model, so the synced vectors are the ones the window's search uses. The keyring is the
``keyring`` package with a file-less in-memory backend (``keyring.set_keyring``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import keyring
import numpy as np
import psycopg
import pytest
from keyring.backends import fail
from pytestqt.qtbot import QtBot

from core.ingest.pipeline import IngestOptions
from core.models.encoder import TextEncoder
from core.service import Ovillo
from core.sync.central import add_user
from core.sync.publish import publish_store
from tests.gui.conftest import WAIT_MS, WindowFactory
from tests.integration.test_sync_extra import MemoryKeyring, files_containing
from tests.pg_fixtures import CentralServer, central_server  # noqa: F401  (the session fixture)

LETTER = ("Carta del alfarero de Manises sobre el horno de reflejo metálico y los azulejos de lustre dorado "
          "encargados para la capilla del convento en 1587.")


@dataclass(frozen=True)
class Archive:
    server: CentralServer
    admin: psycopg.Connection[tuple[object, ...]]
    model: str
    dimension: int


@pytest.fixture
def archive(central_server: CentralServer, encoder: TextEncoder, models_dir: Path,  # noqa: F811
            tmp_path: Path) -> Iterator[Archive]:
    """The central archive holding one real letter (published with the demo's model) and user ``rita``."""
    folder = tmp_path / "letters"
    folder.mkdir()
    (folder / "alfarero.txt").write_text(LETTER + "\n", encoding="utf-8")
    with psycopg.connect(central_server.dsn) as admin:
        admin.execute("TRUNCATE records CASCADE")
        admin.commit()
        with Ovillo(tmp_path / "scratch", models_dir=models_dir, encoder=encoder) as app:
            for _ in app.library.ingest([str(folder)], IngestOptions(collection="central", classification="public")):
                pass
            publish_store(admin, app.store, [str(folder)], model_sha="0" * 64)
        add_user(admin, "rita", "public", None, "pw-rita")
        admin.commit()
        yield Archive(central_server, admin, encoder.name, encoder.dimension)


@pytest.fixture
def memory_keyring() -> Iterator[MemoryKeyring]:
    before = keyring.get_keyring()
    kr = MemoryKeyring()
    keyring.set_keyring(kr)
    yield kr
    keyring.set_keyring(before)


def test_sync_page_progress_summary_and_search_finds_the_record(qtbot: QtBot, make_window: WindowFactory,
                                                                archive: Archive, memory_keyring: MemoryKeyring,
                                                                gui_home: Path) -> None:
    w = make_window()
    view = w.sync_view
    assert view is not None
    # a query already on screen: the window reruns it when the sync reports what changed
    w.search.query.setText("horno de reflejo metálico Manises")
    w.search.run_search()
    qtbot.waitUntil(lambda: bool(w.search.hits), timeout=WAIT_MS)
    assert not any("alfarero" in h.title.lower() for h in w.search.hits)
    w.go(next(i for i, (_t, v) in enumerate(w.pages) if v is view))
    qtbot.waitUntil(lambda: view.last.text() != "", timeout=WAIT_MS)
    assert view.remember.isVisibleTo(view) and view.last.text() == "Never synced."
    view.server.setText(archive.server.address)
    view.user.setText("rita")
    view.password.setText("pw-rita")
    view.remember.setChecked(True)
    texts: list[str] = []
    view.status_text.connect(texts.append)
    with qtbot.waitSignal(view.finished, timeout=WAIT_MS):
        view.start.click()
    assert any("of 1 records" in t for t in texts)
    assert view.summary.text().startswith("Added 1 · updated 0 · removed 0 · revoked 0 · vectors reused ")
    assert view.report.summary.vectors_reused >= 1 and view.report.remembered
    qtbot.waitUntil(lambda: any("alfarero" in h.title.lower() for h in w.search.hits), timeout=WAIT_MS)
    # remembered in the keyring, never in the data folder; the page now offers to forget it
    assert memory_keyring.get_password("ovillo-sync", f"rita@{archive.server.address}") == "pw-rita"
    assert view.password.text() == "" and files_containing(gui_home, "pw-rita") == []
    qtbot.waitUntil(lambda: view.forget.isVisibleTo(view) and "user rita" in view.last.text(), timeout=WAIT_MS)
    assert "Last sync: 20" in view.last.text() and str(archive.server.port) in view.last.text()
    # the next sync uses the saved password (the field stays empty)
    with qtbot.waitSignal(view.finished, timeout=WAIT_MS):
        view.start.click()
    assert view.report.summary.added == 0
    view.forget.click()
    qtbot.waitUntil(lambda: not view.forget.isVisibleTo(view), timeout=WAIT_MS)
    assert memory_keyring.get_password("ovillo-sync", f"rita@{archive.server.address}") is None


def _publish_synthetic(archive: Archive, n: int) -> None:
    """``n`` more public records with one vector each, by SQL (fast; only their count matters here)."""
    rng = np.random.default_rng(7)
    with archive.admin.transaction():
        for sid in range(1, n + 1):
            archive.admin.execute("INSERT INTO records (section_tipo, section_id, title, lang, classification, "
                                  "project_ids, data) VALUES ('bulk', %s, %s, 'es', 'public', '{}', '{}'::jsonb)",
                                  (sid, f"registro {sid}"))
            vec = rng.standard_normal(archive.dimension).astype(np.float32)
            vec /= np.linalg.norm(vec)
            archive.admin.execute(
                "INSERT INTO rag_embeddings (id, section_tipo, section_id, component_tipo, lang, chunk_index, "
                "modality, model, dimension, source_text, source_hash, chunk_meta, embedding) VALUES "
                "(%s, 'bulk', %s, 'rag:body', 'es', 0, 'text', %s, %s, %s, %s, '{}'::jsonb, %s::vector)",
                (f"bulk/{sid}/rag:body/es/0@{archive.model}", sid, archive.model, archive.dimension,
                 f"registro {sid}", f"h{sid}", "[" + ",".join(f"{x:.6f}" for x in vec) + "]"))


@pytest.fixture
def no_keyring() -> Iterator[None]:
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.set_keyring(before)


def test_sync_page_cancel_then_resume(qtbot: QtBot, make_window: WindowFactory, archive: Archive,
                                      no_keyring: None) -> None:
    # no keyring backend here: the "remember" box is not offered
    _publish_synthetic(archive, 300)
    w = make_window()
    view = w.sync_view
    assert view is not None
    view.refresh()
    qtbot.waitUntil(lambda: view.last.text() != "", timeout=WAIT_MS)
    assert not view.remember.isVisibleTo(view)
    view.page = 5
    view.server.setText(archive.server.address)
    view.user.setText("rita")
    view.password.setText("not-her-password")
    view.start.click()  # refused: said on the page and in a dialog, nothing written
    qtbot.waitUntil(lambda: view.state == "idle" and view.worker is None, timeout=WAIT_MS)
    assert "wrong user or password" in view.counts.text() and len(w.error_dialogs) == 1
    assert view.report is None and view.start.text() == "&Sync"
    view.password.setText("pw-rita")

    def cancel_on_first_page(text: str) -> None:
        if " of 301 records" in text:
            view.cancel_sync()

    view.status_text.connect(cancel_on_first_page)
    seen: list[object] = []
    w.ops.changed.connect(seen.append)  # the one refresh signal fires for the pages a cancel kept too
    view.start.click()
    qtbot.waitUntil(lambda: view.state == "cancelled" and view.worker is None, timeout=WAIT_MS)
    assert view.report is None and view.start.text() == "&Resume"
    assert "what arrived is kept" in view.counts.text()
    kept = w.ops.ovillo.store.cursor().execute("SELECT count(*) FROM records WHERE origin = 'central'").fetchone()
    assert kept is not None and 0 < kept[0] < 301 and kept[0] % 5 == 0  # whole pages only
    qtbot.waitUntil(lambda: bool(seen), timeout=WAIT_MS)
    assert sum(seen[0].added.values()) == kept[0]  # type: ignore[attr-defined]
    with qtbot.waitSignal(view.finished, timeout=WAIT_MS):
        view.start.click()  # Resume
    assert view.report is not None and view.report.summary.added == 301 - kept[0]
    total = w.ops.ovillo.store.cursor().execute("SELECT count(*) FROM records WHERE origin = 'central'").fetchone()
    assert total == (301,)


def test_no_sync_page_in_the_kiosk(make_window: WindowFactory) -> None:
    w = make_window(kiosk=True)
    assert w.sync_view is None and all(v is not None for _t, v in w.pages)


def test_the_address_is_checked_as_you_type_in_the_window_s_terms(qtbot: QtBot, make_window: WindowFactory) -> None:
    """A remote server without verified TLS is refused before anything is sent, as the address is typed: the note
    under it says what to do with the page's own controls (not --ca-file or --insecure) and Sync stays off until
    the person chooses a CA certificate or the trusted-network box."""
    w = make_window()
    view = w.sync_view
    assert view is not None
    assert "administrator" in view.server_note.text() and view.server_note.property("problem") is False
    view.server.setText("postgresql://archive.example.org:5432/ovillo")  # not loopback, no sslmode: refused
    view.user.setText("rita")
    note = view.server_note.text()
    assert "without verified TLS" in note and "CA certificate" in note
    assert "Allow a server without verified TLS" in note and "--ca-file" not in note and "--insecure" not in note
    assert view.server_note.property("problem") is True and not view.start.isEnabled()
    view.server.setText("postgresql://archive.example.org:5432/ovillo?sslmode=require&ca")  # not an address
    assert "not a PostgreSQL address" in view.server_note.text() and not view.start.isEnabled()
    view.server.setText("postgresql://archive.example.org:5432/ovillo")
    view.insecure.setChecked(True)
    assert view.server_note.property("problem") is False and view.start.isEnabled()
    view.insecure.setChecked(False)
    view.ca_file.setText("/etc/ssl/archive-ca.pem")  # checked when the sync connects, not as you type
    assert view.server_note.property("problem") is False and view.start.isEnabled()


def test_a_failed_sync_says_so_and_the_status_bar_returns(qtbot: QtBot, make_window: WindowFactory) -> None:
    """A sync that cannot connect ends with the reason on the page and in a dialog, and the status bar leaves
    "Connecting…"."""
    w = make_window()
    view = w.sync_view
    assert view is not None
    view.server.setText("postgresql://127.0.0.1:9/ovillo")  # loopback: allowed without TLS; nothing listens there
    view.user.setText("rita")
    view.password.setText("pw-rita")
    assert view.start.isEnabled()
    view.start.click()
    qtbot.waitUntil(lambda: view.state == "idle" and view.worker is None, timeout=WAIT_MS)
    assert view.counts.text().startswith("The sync stopped: ")
    assert len(w.error_dialogs) == 1 and "--" not in w.error_dialogs[0].informativeText()
    assert w.progress_label.text() == "The sync stopped: see the Sync page."  # not left on "Sync: Connecting…"
