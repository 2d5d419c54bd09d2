"""Core errors carry stable message ids (the GUI translates by id); the CLI's English stays as it was."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from core.errors import (Cancelled, CorruptSource, OvilloError, StoreError, identify, render,
                         split_reason)
from core.messages import MESSAGES
from core.ingest.walk import LINK_NOT_FOLLOWED, os_reason
from core.store.connection import connect as connect_duckdb

CORE = Path(__file__).resolve().parents[2] / "core"
ERRORS = {"OvilloError", "Cancelled", "ConfigError", "StoreError", "MigrationError", "ModelError", "ModelCrashed",
          "ModelMismatch", "IngestError", "UnsupportedFormat", "RefusedSource", "CorruptSource", "NotFound",
          "PermissionDenied", "SyncError"}


def _sample(node: ast.expr) -> str | None:
    """The text an error's message argument produces, its variable parts replaced by a stand-in."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "V9" for v in node.values)  # type: ignore[misc]
    return None


def _raise_sites() -> list[tuple[str, str, str]]:
    sites = []
    for path in sorted(CORE.rglob("*.py")):
        if path.name == "errors.py" or path.name.startswith("cli") or path.name in ("central.py", "server.py"):
            continue  # the command line and the central server's admin tools are not met in the window
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS:
                texts = [_sample(node.args[0])] if node.args else []
                texts += [_sample(k.value) for k in node.keywords if k.arg == "hint"]
                for text in texts:
                    if text and text != "V9":
                        sites.append((f"{path.relative_to(CORE.parent)}:{node.lineno}", node.func.id, text))
    return sites


def test_every_template_identifies_itself() -> None:
    for code, template in MESSAGES.items():
        found = identify(template)
        assert found is not None
        assert found[0] == code


def test_almost_every_message_core_raises_has_an_id() -> None:
    sites = _raise_sites()
    missing = [s for s in sites if identify(s[2]) is None]
    assert len(sites) > 140
    # the few left are developer-facing (a model returning wrong shapes, tools of the central server)
    assert len(missing) / len(sites) < 0.15, missing
    user_facing = ("core/ingest/", "core/store/connection.py", "core/sync/connect.py", "core/models/manifest.py")
    assert [s for s in missing if s[0].startswith(user_facing)] == []


def test_english_message_is_unchanged_and_the_parts_are_kept() -> None:
    exc = CorruptSource("binary data, not text (notes.txt looks like a binary file)",
                        hint="Check the file type: this is not text. Documents, spreadsheets, mail, PDFs and scans are read by their own suffix.")
    assert str(exc) == "binary data, not text (notes.txt looks like a binary file)"
    assert (exc.code, exc.params) == ("ingest.binary", {"what": "notes.txt"})
    assert exc.hint_code == "hint.binary"
    assert render(exc.code, exc.params) == str(exc)


def test_unknown_message_keeps_its_class_code() -> None:
    exc = CorruptSource("a reason nobody registered")
    assert exc.code == "error.corrupt" and exc.params == {} and exc.hint_code == ""
    assert Cancelled("cancelled").code == "cancelled"


def test_code_and_params_give_the_english_text() -> None:
    exc = OvilloError(code="record.not_found", params={"collection": "demo", "id": 7})
    assert str(exc) == "no record demo 7"
    assert exc.params == {"collection": "demo", "id": "7"}


def test_a_stored_reason_splits_into_message_and_hint() -> None:
    assert split_reason(f"{LINK_NOT_FOLLOWED} — never mind") == (LINK_NOT_FOLLOWED, "never mind")
    assert split_reason("damaged PDF: xref — broken — Open it in a PDF viewer and save or print a new copy, "
                        "then import that.")[0] == "damaged PDF: xref — broken"
    assert split_reason("something — else") == ("something — else", "")
    assert identify(os_reason(PermissionError(13, "Permission denied"))) == ("ingest.permission", {})


def test_a_store_held_by_another_process_is_said_to_be_locked(tmp_path: Path) -> None:
    import duckdb
    import multiprocessing as mp

    db = tmp_path / "store.duckdb"
    duckdb.connect(str(db)).close()
    ctx = mp.get_context("spawn")
    ready, done = ctx.Event(), ctx.Event()
    holder = ctx.Process(target=_hold, args=(str(db), ready, done))
    holder.start()
    try:
        assert ready.wait(60)
        with pytest.raises(StoreError) as info:
            connect_duckdb(db)
        assert info.value.code == "store.locked", str(info.value)
        assert info.value.params["path"] == str(db)
        assert info.value.hint_code in ("hint.store_locked", "hint.store_held")  # never "the file is damaged"
        assert str(info.value).startswith(f"cannot open the store {db}: ")  # the CLI's English as before
    finally:
        done.set()
        holder.join(60)


def _hold(path: str, ready: "object", done: "object") -> None:
    import duckdb

    con = duckdb.connect(path)
    ready.set()  # type: ignore[attr-defined]
    done.wait(60)  # type: ignore[attr-defined]
    con.close()


def test_errors_a_window_user_meets_have_ids(tmp_path: Path) -> None:
    import socket

    from core.errors import ModelError
    from core.ingest.readers import reader_for
    from core.models.manifest import read_manifest
    from core.progress import CancelToken
    from core.sync.connect import SyncError, connect

    with pytest.raises(ModelError) as model:
        read_manifest(tmp_path / "no-model")
    assert (model.value.code, model.value.hint_code) == ("model.manifest_missing", "hint.assemble")
    with socket.socket() as s:  # a port nobody listens on: the server is unreachable
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(SyncError) as sync:
        connect(f"postgresql://127.0.0.1:{port}/ovillo", "ana", "secret", timeout_s=5)
    assert (sync.value.code, sync.value.hint_code) == ("sync.unreachable", "hint.unreachable")
    odd = tmp_path / "notes.xyz"
    odd.write_text("text", encoding="utf-8")
    with pytest.raises(OvilloError) as unsupported:
        reader_for(odd)
    assert unsupported.value.code == "ingest.unsupported" and unsupported.value.params == {"suffix": ".xyz"}
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled) as cancelled:
        token.check()
    assert cancelled.value.code == "cancelled"
