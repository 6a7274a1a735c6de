"""An MCP server over stdio serving the four memory tools for one user fixed at start.

Built on the low-level ``Server`` of the official MCP Python SDK (``mcp`` 2.x), so the
tools' input schemas are exactly :func:`memcli.tools.input_schema` — the same JSON Schema
the function-calling definitions carry, ``additionalProperties: false`` and no user field.
The user is chosen by whoever starts the process (``memcli mcp --user alice``); a client
cannot change it: an argument such as ``user_id`` is rejected by :func:`memcli.tools.call_tool`.

Tool errors (bad arguments, an id that is not this user's) come back as a tool result with
``isError: true`` and a one-line message, as the MCP specification asks, so the model can
read and recover from them. Nothing is ever written to stdout except protocol messages.

Example (a client configuration)::

    {"command": "memcli", "args": ["mcp", "--user", "alice", "--db", "/data/memcli.db"]}
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import anyio
from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from memcli.errors import MemcliError
from memcli.tools import DATA_NOTE, TOOL_NAMES, call_tool, input_schema, tool_definitions

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext

    from memcli.memory import Memory

__all__ = ["SERVER_NAME", "build_server", "recover", "serve_stdio"]

SERVER_NAME = "memcli"
_SURROGATE = re.compile("[\ud800-\udfff]")

INSTRUCTIONS = ("Long-term memory of the person you are talking to (the user is fixed by the host). "
                "Use search to recall facts about them, remember to keep a durable fact they state, "
                "correct when they say a memory is wrong, forget when they ask. " + DATA_NOTE)


def build_server(memory: Memory) -> Server[Any]:
    """A low-level MCP ``Server`` whose four tools act on ``memory``'s user only.

    Tool calls run one at a time in a worker thread (the store and the embedding model are
    synchronous), so the protocol loop stays responsive while a model loads.
    """
    from memcli import __version__

    limiter = anyio.CapacityLimiter(1)
    tools = [types.Tool(name=d["function"]["name"], description=d["function"]["description"],
                        input_schema=d["function"]["parameters"]) for d in tool_definitions()]

    async def list_tools(ctx: ServerRequestContext,
                         params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        try:
            result = await anyio.to_thread.run_sync(call_tool, memory, params.name, params.arguments or {},
                                                    limiter=limiter)
        except MemcliError as exc:
            return types.CallToolResult(content=[types.TextContent(type="text", text=f"error: {exc}")], is_error=True)
        text = json.dumps(result, ensure_ascii=False)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=result)

    def schema_of(name: str) -> dict[str, Any] | None:
        return input_schema(name) if name in TOOL_NAMES else None

    return Server(SERVER_NAME, version=__version__, instructions=INSTRUCTIONS, get_tool_input_schema=schema_of,
                  on_list_tools=list_tools, on_call_tool=call)


_ID = re.compile(r'"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")')


def _surrogate_free(v: Any) -> Any:
    """``v`` (parsed JSON) with unpaired surrogates dropped from every string, keys included."""
    if isinstance(v, str):
        return _SURROGATE.sub("", v)
    if isinstance(v, list):
        return [_surrogate_free(x) for x in v]
    if isinstance(v, dict):
        return {_surrogate_free(k): _surrogate_free(x) for k, x in v.items()}
    return v


def recover(exc: Exception) -> tuple[str, SessionMessage] | None:
    """What to do with a line the SDK's parser refused (its ``ValidationError``), which it would
    drop without an answer, leaving the client waiting: ``("read", message)`` for a request whose
    JSON holds an unpaired surrogate ("\\ud83d" from a client that cut an emoji in two), those
    dropped as :func:`memcli.text.clean_text` drops them; ``("write", error)``, a JSON-RPC parse
    error (-32700) with the request's id (null when none precedes its params), for JSON nested too
    deeply to parse or no JSON at all; None otherwise (the SDK's own handling)."""
    errors = exc.errors() if isinstance(exc, ValidationError) else []
    raw = errors[0].get("input") if errors and errors[0].get("type") == "json_invalid" else None
    if not isinstance(raw, str):
        return None
    try:
        data = json.loads(raw)
    except (RecursionError, ValueError) as err:  # the request's id when it comes before its params, else null
        m = _ID.search(raw[:raw.find('"params"')] if '"params"' in raw else raw[:200])
        why = "JSON nested too deeply" if isinstance(err, RecursionError) else "not valid JSON"
        error = types.ErrorData(code=types.PARSE_ERROR, message=f"Parse error: {why}")
        return "write", SessionMessage(types.JSONRPCError(jsonrpc="2.0", id=json.loads(m.group(1)) if m else None,
                                                          error=error))
    try:
        return "read", SessionMessage(types.jsonrpc_message_adapter.validate_python(_surrogate_free(data),
                                                                                   by_name=False))
    except (ValidationError, RecursionError):
        return None


async def _serve(memory: Memory) -> None:
    server = build_server(memory)
    async with stdio_server() as (read_stream, write_stream):
        send, receive = anyio.create_memory_object_stream[SessionMessage | Exception](0)

        async def mend() -> None:  # between the SDK's reader and the server: see recover()
            async with send, read_stream:
                async for item in read_stream:
                    fixed = recover(item) if isinstance(item, Exception) else None
                    if fixed is None:
                        await send.send(item)
                    elif fixed[0] == "read":
                        await send.send(fixed[1])
                    else:
                        await write_stream.send(fixed[1])

        async with anyio.create_task_group() as tg:
            tg.start_soon(mend)
            await server.run(receive, write_stream, server.create_initialization_options())


def serve_stdio(memory: Memory) -> None:
    """Serve ``memory``'s user over stdin/stdout until the client closes the connection."""
    anyio.run(_serve, memory)
