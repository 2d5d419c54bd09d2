"""The tools and resources of ``ovillo mcp``: names, JSON schemas (from the annotations) and descriptions an
agent can act on. Each one only forwards its arguments to the agent room through ``answer``; the caps in
the schemas are the room's own (:mod:`core.service.agent`), which checks them again."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.types import ToolAnnotations
from pydantic import Field

MAX_QUERY_CHARS, MAX_QUESTION_CHARS = 4000, 2000

Limit = Annotated[int, Field(ge=1, le=50, description="most results to return (1 to 50)")]
Id = Annotated[str, Field(max_length=100, description="an id from a result: collection-number#passage "
                                                      "(a passage) or collection-number (a record)")]


def register(server: MCPServer, answer: Callable[..., dict[str, Any]], read_only: ToolAnnotations, *,
             images: bool, ask: bool) -> None:
    """Add every tool (``objects_lookup`` when an image model is installed, ``ask`` when allowed) and the
    two resources to ``server``; all read-only."""

    def tool(title: str) -> Any:
        return server.tool(title=title, annotations=read_only, structured_output=True)

    @tool("Search the archive")
    def search(query: Annotated[str, Field(min_length=1, max_length=MAX_QUERY_CHARS,
                                           description="words or a description, in any language")],
               limit: Limit = 10,
               collection: Annotated[str | None, Field(max_length=64, description="only this collection "
                                                       "(ids from the collections resource)")] = None,
               lang: Annotated[str | None, Field(max_length=16, description="only passages in this language, "
                                                 "e.g. es, ca, en")] = None,
               date_from: Annotated[str | None, Field(description="only records dated from this day on "
                                                      "(YYYY-MM-DD)")] = None,
               date_to: Annotated[str | None, Field(description="only records dated up to this day "
                                                    "(YYYY-MM-DD)")] = None) -> dict[str, Any]:
        """Find records by meaning and words (cross-lingual). Each result is a record at its best passage:
        id (cite it), title, snippet, score, source_path, page or tc_in/tc_out (seconds into a recording).
        An empty list with no_match means nothing relevant: do not guess, rephrase or broaden."""
        return answer("search", query=query, limit=limit, collection=collection, lang=lang, date_from=date_from,
                      date_to=date_to)

    @tool("Evidence for a question")
    def get_agent_context(question: Annotated[str, Field(min_length=1, max_length=MAX_QUESTION_CHARS,
                                                         description="the question to ground")],
                          max_tokens: Annotated[int, Field(ge=100, le=8000, description="token budget for "
                                                           "the passages (100 to 8000)")] = 2000) -> dict[str, Any]:
        """The passages Ovillo's own Ask would answer this question from: relevant, deduplicated, one per
        record first, packed under max_tokens, each verbatim with its id, title and page or timecode.
        Ground your answer in them and cite their ids; an empty list (see why_empty) means the archive
        does not say."""
        return answer("get_agent_context", question=question, max_tokens=max_tokens)

    @tool("Read a record")
    def get_record(id: Id) -> dict[str, Any]:
        """A record's whole text as its passages in reading order (each with its id, page or timecode),
        with its title, dates, language and source file. Very long records are cut (truncated: true):
        read on with get_passage_neighbors."""
        return answer("get_record", id=id)

    @tool("Passages around a passage")
    def get_passage_neighbors(id: Id,
                              before: Annotated[int, Field(ge=0, le=10, description="passages before")] = 2,
                              after: Annotated[int, Field(ge=0, le=10, description="passages after")] = 2
                              ) -> dict[str, Any]:
        """The passage with this id (collection-number#passage) and its neighbours in the same record, in
        reading order: the context around a search hit or a piece of evidence."""
        return answer("get_passage_neighbors", id=id, before=before, after=after)

    @tool("Similar records")
    def similar(id: Id, limit: Limit = 10) -> dict[str, Any]:
        """Records closest in meaning to this record (or to a passage's record), best first, each with its
        best passage as evidence."""
        return answer("similar", id=id, limit=limit)

    if images:
        @tool("Look up objects by photograph")
        def objects_lookup(images: Annotated[dict[str, str], Field(min_length=1, max_length=8, description=(
                               "view -> path of a photograph on this computer; views: image (face unknown), "
                               "obverse, reverse, profile, top…"))],
                           limit: Limit = 10) -> dict[str, Any]:
            """Catalogued objects nearest these new photographs (coins, seals…), fused across views, each
            with its per-view similarity and whether it is a probable near-duplicate (same die)."""
            return answer("objects_lookup", images=images, limit=limit)

    if ask:
        @tool("Ask the archive (local model)")
        def ask(question: Annotated[str, Field(min_length=1, max_length=MAX_QUESTION_CHARS)]) -> dict[str, Any]:
            """Ovillo's own grounded answer: the archive's sentences its local model accepts as answering,
            verbatim with citations, or a refusal (refused: true) with the closest passages. Slow (a minute)."""
            return answer("ask", question=question)

    @server.resource("ovillo://collections", name="collections", title="Collections", mime_type="application/json")
    def collections() -> str:
        """The collections this profile may see, with how many of its records each holds."""
        return json.dumps(answer("collections"), ensure_ascii=False)

    @server.resource("ovillo://status", name="status", title="Archive status", mime_type="application/json")
    def status() -> str:
        """What the archive holds for this profile: records, passages, the text model, the last sync."""
        return json.dumps(answer("status"), ensure_ascii=False)
