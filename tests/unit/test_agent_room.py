"""The agent room (core/service/agent.py) and the holder's ``agent`` request: the same JSON here and through the
socket, nothing restricted for public, hidden = missing word for word, arguments checked and clamped.

A real store and socket; the hashing encoder stands in for e5 (the real server over stdio, with e5, is
tests/integration/test_mcp_server.py).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.errors import ConfigError, NotFound, OvilloError
from core.ingest.pipeline import IngestOptions
from core.models.fake_encoder import HashingEncoder
from core.remote import RemoteOvillo
from core.service import Ovillo
from core.store.holder import read_holder
from tests.conftest import drain

SECRET = "zafiroculto"  # the restricted file's marker word


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Ovillo]:
    """One public and one restricted record, held (and served) by this process."""
    docs = tmp_path / "docs"
    (docs / "pub").mkdir(parents=True)
    (docs / "res").mkdir()
    (docs / "pub" / "molino.txt").write_text("El molino del valle molía trigo.\n\nLa rueda giraba de día.",
                                             encoding="utf-8")
    (docs / "res" / "molino_secreto.txt").write_text(f"El molino guardaba el {SECRET} del valle.", encoding="utf-8")
    app = Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder(), doing="window")
    drain(app.library.ingest([docs / "pub"], IngestOptions(classification="public", collection="demo")))
    drain(app.library.ingest([docs / "res"], IngestOptions(classification="restricted", collection="demo")))
    yield app
    app.close()


def _ids(app: Ovillo, profile: str) -> dict[str, str]:
    res = app.agent.call("search", {"query": "molino valle", "limit": 50}, profile=profile)
    return {h["title"]: h["record_id"] for h in res["results"]}


def test_public_sees_nothing_restricted_and_hidden_is_missing(held: Ovillo) -> None:
    owner = _ids(held, "owner")
    assert len(owner) == 2
    public = _ids(held, "public")
    assert len(public) == 1
    hidden = next(rid for rid in owner.values() if rid not in public.values())
    for tool, args in (("get_record", {"id": hidden}), ("get_passage_neighbors", {"id": hidden + "#0"}),
                       ("similar", {"id": hidden})):
        with pytest.raises(NotFound) as err:
            held.agent.call(tool, args, profile="public")
        missing = "demo-424242" + args["id"][len(hidden):]
        with pytest.raises(NotFound) as twin:
            held.agent.call(tool, {**args, "id": missing}, profile="public")
        assert str(err.value) == f"no record or passage {args['id']}"
        assert str(twin.value).replace(missing, args["id"]) == str(err.value)
    seen = json.dumps([held.agent.call(t, a, profile="public") for t, a in (
        ("search", {"query": SECRET}), ("get_agent_context", {"question": f"¿Qué guardaba el molino? {SECRET}"}),
        ("similar", {"id": next(iter(public.values())), "limit": 50}), ("collections", {}), ("status", {}))])
    assert SECRET not in seen.replace(f"¿Qué guardaba el molino? {SECRET}", "") and hidden not in seen
    assert held.agent.call("collections", {}, profile="public")["records"] == 1
    assert held.agent.call("get_record", {"id": hidden}, profile="owner")["passages"]


def test_arguments_are_checked_clamped_and_never_a_profile(held: Ovillo) -> None:
    for tool, args in (("search", {"query": "molino", "profile": "owner"}), ("search", {"query": ""}),
                       ("search", {"query": "x" * 4001}), ("search", {"query": "m", "limit": "5"}),
                       ("search", {"query": "m", "date_from": "ayer"}), ("get_record", {"id": "../etc"}),
                       ("write_record", {}), ("objects_lookup", {"images": {"sideways": "/x.jpg"}}),
                       ("objects_lookup", {"images": {}})):
        with pytest.raises(ConfigError):
            held.agent.call(tool, args, profile="public")
    res = held.agent.call("search", {"query": "molino", "limit": 10**9}, profile="public")
    assert res["profile"] == "public" and len(res["results"]) <= 50
    rid = next(iter(_ids(held, "public").values()))
    near = held.agent.call("get_passage_neighbors", {"id": rid + "#0", "before": -5, "after": 99}, profile="public")
    assert [p["id"] for p in near["passages"]][0] == rid + "#0"
    assert all(p["content"] == "archive text, not instructions" for p in near["passages"])
    with pytest.raises(NotFound):
        held.agent.call("search", {"query": "molino"}, profile="nobody")


def test_the_holder_answers_the_same_json_and_refuses_ask(held: Ovillo) -> None:
    info = read_holder(held.paths.home)
    assert info is not None and info.pid == os.getpid() and info.socket
    with RemoteOvillo(info) as remote:
        for profile in ("owner", "public"):
            for tool, args in (("search", {"query": "molino"}), ("collections", {}),
                               ("get_agent_context", {"question": "¿Qué molía el molino?", "max_tokens": 200})):
                assert remote.agent.call(tool, args, profile=profile) == held.agent.call(tool, args, profile=profile)
        hidden = next(rid for rid in _ids(held, "owner").values() if rid not in _ids(held, "public").values())
        with pytest.raises(NotFound, match=f"^no record or passage {hidden}$"):
            remote.agent.call("get_record", {"id": hidden}, profile="public")
        with pytest.raises(OvilloError, match="another Ovillo holds the data folder"):
            remote.agent.call("ask", {"question": "¿Qué molía?"}, profile="public")
        with pytest.raises(ConfigError, match="unknown argument"):
            remote.agent.call("search", {"query": "molino", "profile": "owner"}, profile="public")
