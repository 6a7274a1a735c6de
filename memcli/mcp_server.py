"""An MCP server over stdio serving the four memory tools for one user fixed at start.

Built on the low-level ``Server`` of the official MCP Python SDK (``mcp`` 2.x), so the
tools' input schemas are exactly :func:`memcli.tools.input_schema` — the same JSON Schema
the function-calling definitions carry, ``additionalProperties: false`` and no user field.
The user is chosen by whoever starts the process (``memcli mcp --user alice``); a client
cannot change it: an argument such as ``user_id`` is rejected by :func:`memcli.tools.call_tool`.

Tool errors (bad arguments, an id that is not this user's) come back as a tool result with
``isError: true`` and a one-line message, as the MCP specification asks, so the model can
read and recover from them: it names the tool and what to do
(:func:`memcli.mcp_errors.tool_error`). Nothing is ever written to stdout except protocol messages.

Example (a client configuration)::

    {"command": "memcli", "args": ["mcp", "--user", "alice", "--db", "/data/memcli.db"]}
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import anyio
from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from memcli.errors import MemcliError
from memcli.mcp_errors import tool_error
from memcli.mcp_lines import recover
from memcli.tools import DATA_NOTE, TOOL_NAMES, call_tool, input_schema, tool_definitions

if TYPE_CHECKING:
    from anyio.streams.memory import MemoryObjectSendStream
    from mcp.server.context import ServerRequestContext

    from memcli.memory import Memory

__all__ = ["SERVER_NAME", "StdioSession", "build_server", "recover", "serve_stdio"]

SERVER_NAME = "memcli"

INSTRUCTIONS = ("Long-term memory of the person you are talking to (the user is fixed by the host). "
                "Use search to recall facts about them, remember to keep a durable fact they state, "
                "correct when they say a memory is wrong, forget when they ask. " + DATA_NOTE)


def build_server(memory: Memory, session: StdioSession | None = None) -> Server[Any]:
    """A low-level MCP ``Server`` whose four tools act on ``memory``'s user only.

    Tool calls run one at a time, in the order received, in a worker thread (the store and the
    embedding model are synchronous), so the protocol loop stays responsive while a model loads.
    ``session``: the stdio connection's :class:`StdioSession`; a call whose turn comes after its
    grace is over is answered with a tool error and not run (nothing is changed).
    """
    from memcli import __version__

    turn = anyio.Lock()  # FIFO: calls run one at a time, in order
    tools = [types.Tool(name=d["function"]["name"], description=d["function"]["description"],
                        input_schema=d["function"]["parameters"]) for d in tool_definitions()]

    async def list_tools(ctx: ServerRequestContext,
                         params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    def failed(message: str) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"error: {message}")], is_error=True)

    async def call(ctx: ServerRequestContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        if session is not None:
            session.taken(ctx.request_id)
        async with turn:
            if session is not None and session.is_past_grace():
                return failed(session.not_run_message(params.name))
            try:
                result = await anyio.to_thread.run_sync(call_tool, memory, params.name, params.arguments or {})
            except MemcliError as exc:  # the tool named, and what the model can do next
                return failed(tool_error(params.name, exc))
        text = json.dumps(result, ensure_ascii=False)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)], structured_content=result)

    def schema_of(name: str) -> dict[str, Any] | None:
        return input_schema(name) if name in TOOL_NAMES else None

    return Server(SERVER_NAME, version=__version__, instructions=INSTRUCTIONS, get_tool_input_schema=schema_of,
                  on_list_tools=list_tools, on_call_tool=call)


#: seconds after stdin's end a request not yet taken up by a call is still waited for (the grace when longer)
SETTLE_S = 1.0


def _key(request_id: Any) -> Any:
    """A request id as the SDK correlates it ("7" and 7 are one id)."""
    if isinstance(request_id, str) and request_id.lstrip("-").isdigit():
        return int(request_id)
    return request_id


class StdioSession:
    """What a stdio connection has received and not yet answered, so that the end of stdin (a
    one-shot pipe: ``printf '…' | memcli mcp``) ends the server only once the calls already
    received are answered. The SDK cancels its handlers when its read stream ends; the server's
    read stream is therefore held open after stdin's end until every received request (by its
    JSON-RPC id) has its response written, or a client's ``notifications/cancelled`` withdrew it.

    A call that gets its turn later than ``grace_s`` seconds after stdin's end is answered with a
    tool error and not run; the one running then finishes (a thread cannot be stopped halfway,
    and a ``remember`` is one transaction). Once the grace (at least :data:`SETTLE_S`) is over and no
    call taken up is unanswered, the server stops waiting for an id (a request the SDK never answers).
    """

    def __init__(self, grace_s: float) -> None:
        self.grace_s = grace_s
        self.pending: set[types.RequestId] = set()
        self.working: set[types.RequestId] = set()  # of those, the tool calls taken up (running, or waiting)
        self.eof_at: float | None = None  # anyio clock, seconds
        self._idle = anyio.Event()

    def received(self, item: SessionMessage | Exception) -> None:
        """Note a request the client sent (or drop one its ``notifications/cancelled`` withdrew)."""
        msg = item.message if isinstance(item, SessionMessage) else None
        if isinstance(msg, types.JSONRPCRequest):
            self.pending.add(_key(msg.id))
        elif isinstance(msg, types.JSONRPCNotification) and msg.method == "notifications/cancelled":
            self._answered((msg.params or {}).get("requestId"))

    def sent(self, item: SessionMessage) -> None:
        """Note a message the server writes: a response or an error answers its id."""
        if isinstance(item.message, (types.JSONRPCResponse, types.JSONRPCError)):
            self._answered(item.message.id)

    def taken(self, request_id: types.RequestId | None) -> None:
        """Note a tool call taken up: it is answered in bounded time (run, or "not run" past the grace)."""
        if _key(request_id) in self.pending:
            self.working.add(_key(request_id))

    def _answered(self, request_id: Any) -> None:
        self.pending.discard(_key(request_id))
        self.working.discard(_key(request_id))
        self._idle.set()

    def is_past_grace(self) -> bool:
        """Whether stdin ended more than ``grace_s`` seconds ago."""
        return self.eof_at is not None and anyio.current_time() > self.eof_at + self.grace_s

    def not_run_message(self, name: str) -> str:
        """The tool error of a call not run because its turn came after the grace."""
        return (f"{name} was not run: the client closed stdin and its turn came more than {self.grace_s:g} s later "
                "(setting mcp_eof_grace_s); nothing was changed")

    async def finish(self) -> None:
        """After stdin's end: wait until every received request is answered — past the grace (at
        least :data:`SETTLE_S`), only while a tool call taken up is not answered yet."""
        self.eof_at = anyio.current_time()
        until = self.eof_at + max(self.grace_s, SETTLE_S)
        while self.pending and (self.working or anyio.current_time() < until):
            self._idle = anyio.Event()
            with anyio.move_on_after(max(0.05, until - anyio.current_time())):
                await self._idle.wait()


async def _serve(memory: Memory) -> None:
    session = StdioSession(memory.settings.mcp_eof_grace_s)
    server = build_server(memory, session)
    async with stdio_server() as (read_stream, write_stream):
        send, receive = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        out_send, out_receive = anyio.create_memory_object_stream[SessionMessage](0)

        async def mend(answer: MemoryObjectSendStream[SessionMessage]) -> None:  # stdin → server: see recover()
            async with send, answer:
                async with read_stream:
                    async for item in read_stream:
                        fixed = recover(item) if isinstance(item, Exception) else None
                        if fixed is not None and fixed[0] == "write":
                            for error in fixed[1]:
                                await answer.send(error)
                            continue
                        for message in [item] if fixed is None else fixed[1]:
                            session.received(message)
                            await send.send(message)
                await session.finish()  # stdin ended: answer what was received, then end the server

        async def relay() -> None:  # server → stdout, noting what is answered
            async with write_stream, out_receive:
                async for item in out_receive:
                    session.sent(item)
                    await write_stream.send(item)

        async with anyio.create_task_group() as tg:
            tg.start_soon(mend, out_send.clone())
            tg.start_soon(relay)
            await server.run(receive, out_send, server.create_initialization_options())


def serve_stdio(memory: Memory) -> None:
    """Serve ``memory``'s user over stdin/stdout until the client closes stdin; the requests
    received by then are answered first (see :class:`StdioSession`, setting ``mcp_eof_grace_s``).

    Raises:
        BrokenPipeError: the client closed stdout (it is gone; the CLI then exits 0, as for
            ``memcli list | head -1``), instead of the task groups' ExceptionGroup.
    """
    try:
        anyio.run(_serve, memory)
    except BaseExceptionGroup as group:
        _, rest = group.split((BrokenPipeError, anyio.BrokenResourceError))
        if rest is not None:
            raise
        raise BrokenPipeError("the MCP client closed stdout") from None
