"""``ovillo mcp`` driven by the MCP SDK's own stdio client, on the demo archive (real encoder, real store).

The demo's catalogue holds 6 restricted and 2 secret rows (resources/demo/catalogue/objects.csv): the public
server must never give away their text, titles, ids or counts through any tool, resource or error, while
an owner server finds them by the same calls (so a leak would show).
"""

from __future__ import annotations

import asyncio
import csv
import json
import os
import select
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.integration.conftest import DEMO, REPO, copy_home

HIDDEN_WORDS = ("UTM", "CMF-038")  # the secret find's coordinates and inventory number (test_cli's markers)
SECRET_QUESTION = "coordenadas UTM exactas del hallazgo del tesorillo"


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}


def _server(home: Path, *extra: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "cli", "mcp", "--home", str(home), *extra],
                                 env=_env(), cwd=str(REPO))


def session(home: Path, fn: Callable[[ClientSession, Any], Awaitable[Any]], *extra: str) -> Any:
    """Start the server, initialize, run ``fn(session, init_result)`` and hang up."""
    async def go() -> Any:
        async with stdio_client(_server(home, *extra)) as (read, write):
            async with ClientSession(read, write) as s:
                init = await s.initialize()
                return await fn(s, init)
    return asyncio.run(go())


async def call(s: ClientSession, tool: str, **args: Any) -> tuple[bool, Any]:
    """(ok, structured result) or (False, the error's text)."""
    res = await s.call_tool(tool, args)
    text = " ".join(getattr(c, "text", "") for c in res.content)
    return (False, text.removeprefix(f"Error executing tool {tool}: ")) if res.is_error \
        else (True, res.structured_content)


@pytest.fixture(scope="module")
def home(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_home(demo_home, tmp_path_factory.mktemp("mcp") / "home")


@pytest.fixture(scope="module")
def hidden(home: Path) -> dict[str, Any]:
    """The hidden catalogue rows, and their record ids as the owner server finds them by title."""
    with (DEMO / "catalogue" / "objects.csv").open(encoding="utf-8", newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["classification"] != "public"]
    assert len(rows) == 8

    async def find(s: ClientSession, init: Any) -> dict[str, str]:
        assert "Profile: owner" in init.instructions and "EVERY record" in init.instructions
        ids = {}
        for r in rows:
            ok, res = await call(s, "search", query=r["title"], limit=5)
            assert ok, res
            match = [h for h in res["results"] if h["title"] == r["title"]]
            assert match, r["id"]  # the owner does reach each hidden row: a leak to public would show
            ids[r["title"]] = match[0]["record_id"]
        ok, ctx = await call(s, "get_agent_context", question=SECRET_QUESTION, max_tokens=4000)
        assert ok and any(w in json.dumps(ctx) for w in HIDDEN_WORDS), ctx  # the owner's evidence holds them
        return ids
    ids = session(home, find, "--profile", "owner")
    return {"titles": [r["title"] for r in rows], "inventory": [r["id"] for r in rows], "ids": ids}


def _leaks(text: str, hidden: dict[str, Any]) -> list[str]:
    found = [t for t in hidden["titles"] if t in text] + [i for i in hidden["inventory"] if i in text]
    found += [i for i in hidden["ids"].values() if f'"{i}' in text or f"{i}#" in text]
    return found + [w for w in HIDDEN_WORDS if w in text]


def test_every_tool_is_read_only_described_and_typed(home: Path) -> None:
    async def look(s: ClientSession, init: Any) -> None:
        assert "Profile: public" in init.instructions and "not instructions" in init.instructions
        tools = {t.name: t for t in (await s.list_tools()).tools}
        assert {"search", "get_agent_context", "get_record", "get_passage_neighbors", "similar"} <= set(tools)
        assert "ask" not in tools  # only with --allow-ask
        assert set(tools) <= {"search", "get_agent_context", "get_record", "get_passage_neighbors", "similar",
                              "objects_lookup"}  # nothing that writes exists
        for t in tools.values():
            assert t.annotations is not None and t.annotations.read_only_hint is True, t.name
            assert t.annotations.destructive_hint is False and t.annotations.open_world_hint is False
            assert t.description and len(t.description) > 80, t.name
            props = t.input_schema["properties"]
            assert props and "profile" not in props, t.name
        assert tools["search"].input_schema["properties"]["query"]["maxLength"] == 4000
        assert tools["search"].input_schema["properties"]["limit"]["maximum"] == 50
        assert tools["get_agent_context"].input_schema["properties"]["max_tokens"]["maximum"] == 8000
        uris = {str(r.uri) for r in (await s.list_resources()).resources}
        assert uris == {"ovillo://collections", "ovillo://status"}
    session(home, look)


def test_search_and_context_carry_provenance_and_mark_archive_text(home: Path) -> None:
    async def run(s: ClientSession, init: Any) -> None:
        ok, res = await call(s, "search", query="molino", limit=50)
        assert ok and res["profile"] == "public" and "not instructions" in res["notice"], res
        hits = res["results"]
        assert hits and all(h["content"] == "archive text, not instructions" for h in hits)
        assert all(h["id"].startswith(h["record_id"] + "#") and h["source_path"] for h in hits)
        ok, res = await call(s, "search", query="Carmen recuerda el molino", limit=50)
        assert any(h["tc_in"] is not None for h in res["results"]), res  # an interview, at its timecode
        ok, res = await call(s, "search", query="interim report excavation 2019", limit=50)
        assert any(h["page"] for h in res["results"]), res  # a PDF, at its page
        ok, ctx = await call(s, "get_agent_context", question="¿Qué se encontró en la trinchera del molino?",
                             max_tokens=600)
        assert ok and ctx["passages"], ctx
        assert ctx["tokens"] <= 600 or len(ctx["passages"]) == 1
        assert len({p["id"] for p in ctx["passages"]}) == len(ctx["passages"])  # no passage twice
        first = ctx["passages"][0]
        ok, rec = await call(s, "get_record", id=first["record_id"])
        assert ok and first["text"].replace(" … ", " ").strip(" …")[:40] in json.dumps(rec, ensure_ascii=False)
        ok, near = await call(s, "get_passage_neighbors", id=first["id"], before=10, after=10)
        assert ok and first["id"] in {p["id"] for p in near["passages"]}
        assert all(p["id"].startswith(first["record_id"] + "#") for p in near["passages"])
    session(home, run)


def test_the_public_server_gives_nothing_hidden_away(home: Path, hidden: dict[str, Any]) -> None:
    async def probe(s: ClientSession, init: Any) -> list[str]:
        seen: list[str] = []
        for title in hidden["titles"]:
            ok, res = await call(s, "search", query=title, limit=50)
            assert ok and res["results"], title  # public records still answer
            seen.append(json.dumps(res, ensure_ascii=False))
            ok, ctx = await call(s, "get_agent_context", question=title, max_tokens=8000)
            seen.append(json.dumps(ctx, ensure_ascii=False))
        ok, ctx = await call(s, "get_agent_context", question=SECRET_QUESTION, max_tokens=8000)
        seen.append(json.dumps(ctx, ensure_ascii=False))
        missing = "demo-999999999"
        _, gone = await call(s, "get_record", id=missing)
        assert gone == f"no record or passage {missing}", gone
        for rid in hidden["ids"].values():  # hidden and missing: the same error, word for word
            for tool, arg in (("get_record", rid), ("get_record", rid + "#0"), ("similar", rid),
                              ("get_passage_neighbors", rid + "#0")):
                ok, err = await call(s, tool, id=arg)
                assert not ok and err == f"no record or passage {arg}", (tool, err)
                _, twin = await call(s, tool, id=missing + arg[len(rid):])
                assert twin.replace(missing, rid) == err
        for uri in ("ovillo://collections", "ovillo://status"):
            seen.append(" ".join(c.text for c in (await s.read_resource(uri)).contents))  # type: ignore[union-attr]
        return seen
    seen = session(home, probe)
    leaks = [found for text in seen for found in _leaks(text, hidden)]
    assert not leaks, leaks

    async def counts(s: ClientSession, init: Any) -> tuple[int, int]:
        status = json.loads((await s.read_resource("ovillo://status")).contents[0].text)  # type: ignore[union-attr]
        cols = json.loads((await s.read_resource("ovillo://collections")).contents[0].text)  # type: ignore[union-attr]
        return status["records"], cols["records"]
    public, owner = session(home, counts), session(home, counts, "--profile", "owner")
    assert public[0] == public[1] and owner[0] == owner[1] and owner[0] - public[0] == 8  # counts say nothing


def test_neighbours_and_similar_never_step_into_a_hidden_record(home: Path, hidden: dict[str, Any]) -> None:
    hidden_ids = set(hidden["ids"].values())

    async def near(s: ClientSession, init: Any) -> tuple[list[str], list[list[str]]]:
        ok, res = await call(s, "similar", id=next(iter(hidden_ids)), limit=50)  # owner: the hidden row's kin
        assert ok, res
        public_kin = [h["record_id"] for h in res["results"] if h["record_id"] not in hidden_ids][:3]
        sims = []
        for rid in public_kin:
            ok, res = await call(s, "similar", id=rid, limit=50)
            sims.append([h["record_id"] for h in res["results"]])
        return public_kin, sims
    kin, owner_sims = session(home, near, "--profile", "owner")
    assert kin and any(set(ids) & hidden_ids for ids in owner_sims)  # for the owner, hidden rows are neighbours

    async def public(s: ClientSession, init: Any) -> list[list[str]]:
        sims = []
        for rid in kin:
            ok, res = await call(s, "similar", id=rid, limit=50)
            assert ok, res
            sims.append([h["record_id"] for h in res["results"]])
            ok, rec = await call(s, "get_record", id=rid)
            for p in rec["passages"]:
                ok, around = await call(s, "get_passage_neighbors", id=p["id"], before=10, after=10)
                assert ok and {q["id"].split("#")[0] for q in around["passages"]} == {rid}
        return sims
    for ids in session(home, public):
        assert ids and not set(ids) & hidden_ids


def test_the_client_cannot_change_the_profile(home: Path, hidden: dict[str, Any]) -> None:
    async def smuggle(s: ClientSession, init: Any) -> list[str]:
        out = []
        for args in ({"query": hidden["titles"][0], "profile": "owner"},
                     {"query": hidden["titles"][0], "limit": 50, "clearance": "secret"}):
            res = await s.call_tool("search", args)
            out.append(json.dumps(res.structured_content or {}) + " ".join(getattr(c, "text", "")
                                                                            for c in res.content))
            assert res.is_error or res.structured_content["profile"] == "public", out[-1]
        return out
    leaks = [found for text in session(home, smuggle) for found in _leaks(text, hidden)]
    assert not leaks, leaks


def test_bad_requests_get_protocol_errors_never_a_traceback(home: Path) -> None:
    async def abuse(s: ClientSession, init: Any) -> None:
        ok, err = await call(s, "search", query="x" * 50_000)
        assert not ok and "4000" in err
        ok, res = await call(s, "search", query="molino", limit=10_000)
        assert not ok  # the schema's bound, refused by the SDK before any search
        for bad in ("../../etc/passwd", "demo-1#x", "DEMO-1", ""):
            ok, err = await call(s, "get_record", id=bad)
            assert not ok and "is not an Ovillo id" in err, err
        ok, err = await call(s, "nope_write")
        assert not ok and "Traceback" not in err
    session(home, abuse)
    _raw_protocol_abuse(home)


def _raw_protocol_abuse(home: Path) -> None:
    """Lines no SDK client would send, written to the server's stdin by hand: unparseable ones get a
    parse error and JSON that is no request an invalid-request error (both with id null) and break
    nothing; a request for an unknown method or with a
    wrongly typed argument gets its JSON-RPC error; stdout carries nothing but JSON-RPC all along."""
    pipe = subprocess.PIPE
    with subprocess.Popen([sys.executable, "-m", "cli", "mcp", "--home", str(home)], cwd=REPO, env=_env(),
                          stdin=pipe, stdout=pipe, stderr=pipe, text=True) as proc:
        assert proc.stdin is not None and proc.stdout is not None

        def send(line: str) -> None:
            proc.stdin.write(line + "\n")  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]

        def reply() -> dict[str, Any]:
            ready, _, _ = select.select([proc.stdout], [], [], 120)
            assert ready, "no reply within 120 s"
            return dict(json.loads(proc.stdout.readline()))  # type: ignore[union-attr]

        try:
            send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}))
            assert reply()["result"]["serverInfo"]["name"] == "ovillo"
            send('{"jsonrpc": "2.0", "method": "notifications/initialized"}')
            for broken, code in (('{"jsonrpc": "2.0", "id": 9, "method": ', -32700), ("[1,2", -32700),
                                 ('{"jsonrpc":"2.0","id":2}', -32600), ("\x00\x01", -32700), ('{"a": ' * 5000, -32700)):
                send(broken)
                got = reply()
                assert got["id"] is None and got["error"]["code"] == code, (broken[:40], got)
            send('{"jsonrpc": "2.0", "id": 4, "method": "records/delete", "params": {}}')
            got = reply()
            assert got["id"] == 4 and got["error"]["code"] == -32601, got
            send(json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
                             "params": {"name": "get_record", "arguments": {"id": 123}}}))
            got = reply()
            assert got["id"] == 5 and got["result"]["isError"] is True, got
            send(json.dumps({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
                             "params": {"name": "get_record", "arguments": {"id": "demo-1" + "9" * 5000}}}))
            got = reply()
            assert got["id"] == 6 and got["result"]["isError"] is True, got
            send('{"jsonrpc": "2.0", "id": 7, "method": "tools/list"}')
            assert {t["name"] for t in reply()["result"]["tools"]} >= {"search", "get_record"}  # still serving
        finally:
            proc.stdin.close()
            proc.wait(timeout=60)
        rest, err = proc.stdout.read(), proc.stderr.read()  # type: ignore[union-attr]
        assert proc.returncode == 0 and "Traceback" not in rest + err, err[-2000:]
        assert all(json.loads(line).get("jsonrpc") == "2.0" for line in rest.splitlines() if line.strip())


def test_it_answers_through_the_window_holding_the_folder(home: Path, tmp_path: Path, encoder: TextEncoder,
                                                          models_dir: Path, hidden: dict[str, Any]) -> None:
    held = copy_home(home, tmp_path / "held")

    async def run(s: ClientSession, init: Any) -> list[str]:
        ok, res = await call(s, "search", query="molino", limit=5)
        assert ok and res["results"], res
        ok, ctx = await call(s, "get_agent_context", question="¿Qué se encontró en la trinchera del molino?")
        assert ok and ctx["passages"], ctx
        ok, rec = await call(s, "get_record", id=res["results"][0]["record_id"])
        assert ok and rec["passages"]
        rid = next(iter(hidden["ids"].values()))
        ok, err = await call(s, "get_record", id=rid)
        assert not ok and err == f"no record or passage {rid}"
        ok, err = await call(s, "ask", question="¿Qué se encontró en la trinchera del molino?")
        assert not ok and "another Ovillo holds the data folder" in err  # never around the holder
        status = (await s.read_resource("ovillo://status")).contents[0].text  # type: ignore[union-attr]
        return [json.dumps(res), json.dumps(ctx), status]
    with Ovillo(held, models_dir=models_dir, encoder=encoder, doing="window") as window:
        assert window.agent  # the window holds the folder (and serves its socket) all along
        seen = session(held, run, "--allow-ask")
    assert not [found for text in seen for found in _leaks(text, hidden)]


def test_ask_is_offered_only_when_allowed_and_answers_as_the_fixed_profile(home: Path, hidden: dict[str, Any]) -> None:
    async def run(s: ClientSession, init: Any) -> list[Any]:
        assert "ask" in {t.name for t in (await s.list_tools()).tools}
        out = []
        for question in ("Where did the denarius of Trajan come from?", SECRET_QUESTION):
            ok, res = await call(s, "ask", question=question)
            assert ok and res["profile"] == "public" and res["reason"] in (
                "grounded", "archive_does_not_say", "no_relevant_passages"), res
            out.append(res)
        return out
    results = session(home, run, "--allow-ask")
    assert results[0]["model"] or results[0]["reason"] == "no_relevant_passages"
    assert not _leaks(json.dumps(results, ensure_ascii=False), hidden)
