"""``ovillo mcp`` opens no network socket: the same system-call proof as tests/integration/test_egress.py.

An MCP client (the SDK's stdio client) and the server it spawns run under ``strace -f``; the client calls
the tools that load the encoder and read the store, then keeps the session open for the linger in which
onnxruntime's telemetry thread would resolve its host, with ``ORT_DISABLE_TELEMETRY=0`` inherited.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.integration.conftest import copy_home
from tests.integration.test_egress import LINGER_S, assert_no_egress, traced

_CLIENT = f"""
import asyncio, json, os, sys
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

async def main():
    params = StdioServerParameters(command=sys.executable, args=["-m", "cli", "mcp", "--home", sys.argv[1]],
                                   env=dict(os.environ), cwd=os.getcwd())
    out = {{}}
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            for tool, args in (("search", {{"query": "molino de agua", "limit": 3}}),
                               ("get_agent_context", {{"question": "¿Qué se encontró en el molino?"}})):
                res = await s.call_tool(tool, args)
                out[tool] = res.structured_content
            first = out["search"]["results"][0]["id"]
            for tool, args in (("get_record", {{"id": first}}), ("similar", {{"id": first, "limit": 3}})):
                res = await s.call_tool(tool, args)
                out[tool] = res.structured_content
            await asyncio.sleep({LINGER_S})  # the server lives on, as onnxruntime's upload thread would
    print(json.dumps(out))

asyncio.run(main())
"""


@pytest.fixture(scope="module")
def home(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_home(demo_home, tmp_path_factory.mktemp("mcp-egress") / "home")


def test_the_agent_server_opens_no_network_socket(tmp_path: Path, home: Path) -> None:
    run, found, trace = traced([sys.executable, "-c", _CLIENT, str(home)], tmp_path,
                               env={"ORT_DISABLE_TELEMETRY": "0"})
    assert_no_egress(run, found, trace)
    out = json.loads(run.stdout)
    assert out["search"]["results"] and out["get_agent_context"]["passages"]
    assert out["get_record"]["passages"] and out["similar"]["results"]
    assert trace.count("execve(") >= 2 and "cli" in trace  # strace followed the client into the server
