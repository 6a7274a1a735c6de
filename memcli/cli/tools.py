"""Agent integration commands: ``tools schema``, ``tools call``, ``mcp``."""

from __future__ import annotations

from typing import Annotated

import typer

from memcli.cli.app import DbOpt, JsonOpt, ModelOpt, UserOpt, app, console, emit_json, info, open_memory, read_stdin
from memcli.errors import ConfigError

tools_app = typer.Typer(
    name="tools",
    help="The four memory tools for a model (remember, correct, forget, search), bound to --user.\n\n"
         "Examples:\n\n  memcli tools schema --json\n\n"
         "  memcli --user alice tools call search '{\"query\": \"咖啡\"}'",
    no_args_is_help=True,
)
app.add_typer(tools_app, name="tools")


@tools_app.command("schema")
def schema(as_json: JsonOpt = False) -> None:
    """Print the tool definitions (JSON Schema, function-calling format; no user field).

    Example: memcli tools schema --json > memcli_tools.json
    """
    from memcli.tools import tool_definitions

    defs = tool_definitions()
    if as_json:
        emit_json(defs)
        return
    from rich.table import Table

    t = Table(title="memcli memory tools (the user is bound by the host)")
    for col in ("tool", "parameters", "description"):
        t.add_column(col, overflow="fold")
    for d in defs:
        f = d["function"]
        props = f["parameters"]["properties"]
        required = set(f["parameters"]["required"])
        params = ", ".join(f"{k}{'' if k in required else '?'}: {v.get('type', '')}" for k, v in props.items())
        t.add_row(f["name"], params, f["description"])
    console.print(t)


@tools_app.command("call")
def call(
    name: Annotated[str, typer.Argument(help="remember | correct | forget | search")],
    arguments: Annotated[str, typer.Argument(help="the tool's arguments as a JSON object, or - for stdin")],
    db: DbOpt = None, user: UserOpt = None, model: ModelOpt = None,
) -> None:
    """Run one tool call for the bound user and print its JSON result.

    Arguments carrying any field the tool does not declare (a user id, say) are rejected.

    Examples:

      memcli --user alice tools call remember '{"text": "我咖啡不加糖", "kind": "preference"}'

      memcli --user alice tools call search '{"query": "咖啡"}'
    """
    from memcli.tools import call_tool, parse_arguments

    raw = read_stdin(writes=name != "search") if arguments == "-" else arguments
    args = parse_arguments(name, raw)
    with open_memory(db, user, model) as mem:
        result = call_tool(mem, name, args)
    emit_json(result)


@app.command("mcp")
def mcp(db: DbOpt = None, user: UserOpt = None, model: ModelOpt = None) -> None:
    """Serve the four memory tools over stdio (Model Context Protocol) for one user.

    The user is fixed when the server starts; clients cannot choose another one. An MCP client
    starts it without your shell's MEMCLI_* variables: give --db and --user in its args (or its env).

    Example client entry: {"command": "memcli", "args": ["mcp", "--user", "alice", "--db", "/data/memcli.db"]}
    """
    try:
        from memcli.mcp_server import serve_stdio
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("mcp"):
            raise
        raise ConfigError("memcli mcp needs the MCP Python SDK: pip install 'memcli[mcp]'") from None
    with open_memory(db, user, model, db_pool_size=4) as mem:  # long-lived: pooled on PostgreSQL
        from memcli import memory_warm

        memory_warm.start(mem.settings.model, mem)  # the read path loads while the client connects (round 44)
        info(f"memcli mcp: serving the memories of user {mem.user!r} ({mem.store.location}) over stdio")
        serve_stdio(mem)
