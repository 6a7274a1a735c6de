"""Service commands: ``serve`` (the HTTP memory service) and ``token create / revoke / list``."""

from __future__ import annotations

import errno
import os
import socket
from typing import Annotated

import typer

from memcli.cli.app import GLOBALS, DbOpt, JsonOpt, ModelOpt, app, console, emit_json, info, open_admin, settings_for
from memcli.cli.ids import IdCommand, positive_id
from memcli.errors import BadInputError, ConfigError


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="TCP port (0: any free port)")] = 8080,
    workers: Annotated[int, typer.Option("--workers", min=1, max=64,
                                         help="processes (PostgreSQL, or one SQLite file on one machine)")] = 1,
    access_log: Annotated[bool, typer.Option("--access-log", help="log every request on stderr")] = False,
    db: DbOpt = None, model: ModelOpt = None,
) -> None:
    """Serve the memories of every user over HTTP; each request's user comes from its token.

    Needs `pip install 'memcli\\[server]'`. Make tokens first: `memcli token create --user alice`
    (and `--operator` for the cron channel POST /internal/drain). OpenAPI at /docs.

    Examples:

      memcli serve --port 8080

      memcli --db postgresql://memcli@db/memcli serve --host 0.0.0.0 --workers 4
    """
    try:
        import uvicorn

        from memcli.service.app import check_server_settings, create_app
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in ("fastapi", "uvicorn", "starlette", "prometheus_client"):
            raise
        raise ConfigError("memcli serve needs the server extra: pip install 'memcli[server]'") from None
    settings = settings_for(db, None, model)
    check_server_settings(settings)  # one line before any worker starts, not one traceback per worker
    kw = {"host": host, "port": port, "access_log": access_log, "log_level": "info" if access_log else "warning",
          "timeout_graceful_shutdown": 30}
    sock = _listen(host, port)  # a port in use is a one-line error before the model loads
    if workers == 1:
        with sock:
            application = create_app(settings)  # opens the store and loads the model now: errors before serving
            bound = sock.getsockname()[1]
            info(f"memcli serve: {settings.db if not str(settings.db).startswith('postgres') else 'PostgreSQL'} "
                 f"on http://{host}:{bound} (docs at /docs)")
            uvicorn.Server(uvicorn.Config(application, **kw)).run(sockets=[sock])
        return
    sock.close()  # uvicorn's supervisor binds again for its workers; the check above told a port in use
    # each worker process builds its own app from the environment (one store and model per process)
    os.environ["MEMCLI_DB"] = str(settings.db)
    os.environ["MEMCLI_MODEL"] = settings.model
    info(f"memcli serve: {workers} workers on http://{host}:{port} (docs at /docs)")
    uvicorn.run("memcli.service.app:app_from_env", factory=True, workers=workers, **kw)


def _listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (SO_REUSEADDR, as uvicorn binds).

    Raises:
        ConfigError: the address cannot be bound (in use, not this machine's, no permission).
    """
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    except socket.gaierror as exc:
        raise ConfigError(f"--host {host!r}: cannot resolve it ({exc.strerror})") from None
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        why = "already in use (another server? choose --port)" if exc.errno == errno.EADDRINUSE else exc.strerror
        raise ConfigError(f"cannot listen on {host}:{port}: {why}") from None
    sock.set_inheritable(True)
    return sock


token_app = typer.Typer(help="API tokens of `memcli serve`: each maps to one user (stored hashed).\n\n"
                        "Examples:\n\n  memcli token create --user alice --name web\n\n  memcli token list --json",
                        no_args_is_help=True)
app.add_typer(token_app, name="token")


@token_app.command("create")
def token_create(
    user: Annotated[str | None, typer.Option("--user", "-u", help="the user the token speaks for",
                                             show_default=False)] = None,
    operator: Annotated[bool, typer.Option("--operator", help="the operator's token (POST /internal/drain)")] = False,
    name: Annotated[str | None, typer.Option("--name", help="a label, to recognise it in `token list`")] = None,
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Make a token and print it once (only its SHA-256 digest is stored).

    Examples:

      memcli token create --user alice --name web

      memcli token create --operator --name cron
    """
    if user is None and not operator:  # `memcli --user alice token create` (never MEMCLI_USER)
        user = GLOBALS.user
        if user is None and os.environ.get("MEMCLI_USER"):
            raise BadInputError("a token needs its user named on the command line (--user U) or --operator; "
                                "MEMCLI_USER is not read here, so that a token is never made for a user by accident")
    with open_admin(db) as adm:
        out = adm.create_token(user, operator=operator, name=name)
    if as_json:
        emit_json(out)
        return
    print(out["token"])
    info(f"token {out['id']} for {'the operator' if operator else repr(out['user'])}: shown once, keep it secret")


@token_app.command("revoke", cls=IdCommand)
def token_revoke(
    token_id: Annotated[int, typer.Argument(help="the token's id (memcli token list)", parser=positive_id)],
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Revoke a token: its next request answers 401.

    Example:

      memcli token revoke 3
    """
    with open_admin(db, creates=False) as adm:
        out = adm.revoke_token(token_id)
    if as_json:
        emit_json(out)
    else:
        info(f"token {token_id} {'was already revoked' if out['already'] else 'revoked'}")


@token_app.command("list")
def token_list(
    user: Annotated[str | None, typer.Option("--user", "-u", help="only this user's tokens",
                                             show_default=False)] = None,
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """The tokens (never the token itself): id, prefix, scope, user, name, created, revoked.

    Examples:

      memcli token list

      memcli token list --user alice --json
    """
    with open_admin(db, creates=False) as adm:
        rows = adm.tokens(user)
    if as_json:
        emit_json(rows)
        return
    if not rows:  # as `memcli list` says "no memories", not an empty table
        info(f"no tokens{f' for user {user!r}' if user is not None else ''} (memcli token create --user U)")
        return
    from memcli.cli.render import add_columns, table, time_col, when
    from memcli.timeutil import from_iso

    t = table()
    add_columns(t, ("id", "prefix", "scope", "user", "name", time_col("created"), time_col("revoked")), "name")
    for r in rows:
        t.add_row(str(r["id"]), r["prefix"], r["scope"], r["user"] or "", r["name"] or "",
                  *(when(from_iso(r[c])) if r[c] else "" for c in ("created_at", "revoked_at")))
    console.print(t)
