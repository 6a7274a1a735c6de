"""The Typer app's entry point: parse, open the store, make one library call, render.

Only this package imports typer and rich. Errors: every :class:`~memcli.errors.MemcliError`
is caught once in :func:`main`, printed as one line on stderr, and turned into its exit
code; anything unexpected is one line too (``--debug`` or ``MEMCLI_DEBUG=1`` shows the
traceback).
"""

from __future__ import annotations

import errno
import inspect
import os
import re
import sys
from typing import Any

import typer

try:  # typer >= 0.2x vendors click; older typer uses click itself
    from typer._click.exceptions import ClickException, NoArgsIsHelpError, NoSuchOption, UsageError
except ImportError:  # pragma: no cover
    from click.exceptions import ClickException, NoArgsIsHelpError, NoSuchOption, UsageError

from memcli.cli.app import app as _app
from memcli.cli.app import err_console
from memcli.cli.fast_args import cli_message, json_error_line, json_errors
from memcli.errors import MemcliError

__all__ = ["COMMANDS", "app", "json_errors", "main", "module_for", "register", "say_error"]  # noqa: F822 (app: module __getattr__, every command registered)

#: the module (under ``memcli.cli``) that registers each top-level command or group on the app.
#: A command line naming one of them imports only that module (``memcli context``: not the
#: eval, tools, worker and memories groups with their imports); tests/test_cli_lazy.py checks
#: that this table matches the commands the modules register.
COMMANDS = {
    **dict.fromkeys(("capture", "remember", "correct", "forget", "list", "show", "history", "stats"), "memories"),
    **dict.fromkeys(("import", "export", "reembed", "rebuild-episodes"), "transfer"),
    **dict.fromkeys(("search", "context", "warm"), "read"),
    **dict.fromkeys(("drain", "outbox"), "worker"),
    "calibrate": "evaluate",
    "eval": ("evaluate", "evaluate_e2e", "evaluate_sets"),  # the eval group's commands live in three modules
    **dict.fromkeys(("tools", "mcp"), "tools"),
    **dict.fromkeys(("serve", "token"), "serve"),
    "redact-secrets": "privacy",
    **dict.fromkeys(("users", "copy-store"), "stores"),
}
GROUPS = ("memories", "transfer", "worker", "read", "evaluate", "evaluate_e2e", "evaluate_sets", "tools", "serve",
          "privacy", "stores")
_VALUE_OPTS = {"--db", "--user", "-u", "--model"}  # the root callback's options that take a value
_FLAG_OPTS = {"--verbose", "-v", "--debug", "--json"}


def module_for(argv: list[str]) -> str | tuple[str, ...] | None:
    """The one command module a command line needs, or None (help, an unknown word: all of them)."""
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in _VALUE_OPTS:
            i += 2
        elif a.partition("=")[0] in _VALUE_OPTS or a in _FLAG_OPTS:
            i += 1
        else:
            return COMMANDS.get(a)
    return None


def register(module: str | tuple[str, ...] | None = None) -> None:
    """Import (so register on the app) one command module (or a few), or every one (None)."""
    for mod in GROUPS if module is None else (module,) if isinstance(module, str) else module:
        try:
            __import__(f"memcli.cli.{mod}")
        except ModuleNotFoundError as _exc:  # a command group not built yet
            if _exc.name != f"memcli.cli.{mod}":
                raise


def __getattr__(name: str) -> object:
    if name == "app":  # the whole app (docs, tests): every command registered
        register()
        return _app
    raise AttributeError(f"module 'memcli.cli.entry' has no attribute {name!r}")


_command: tuple[tuple[int, ...], object] | None = None


def _registered(typer_app: typer.Typer) -> tuple[int, ...]:
    """How many commands and groups the app and each of its groups has registered, depth first.
    Registering only appends, so a new command anywhere in the tree (``eval retrieval``, added to
    the ``eval`` group by a second module after ``calibrate`` had built the command) changes it."""
    counts = [len(typer_app.registered_commands), len(typer_app.registered_groups)]
    for g in typer_app.registered_groups:
        if g.typer_instance is not None:
            counts += _registered(g.typer_instance)
    return tuple(counts)


def _click_command():  # noqa: ANN202
    """The click command built from the app once per process and set of registered commands
    (building it costs ~0.1 s)."""
    global _command
    key = _registered(_app)
    if _command is None or _command[0] != key:
        _command = (key, typer.main.get_command(_app))
        _unwrap_tree(_command[1])
        from memcli.cli.rootopts import root_options_anywhere

        root_options_anywhere(_command[1])
    return _command[1]


_BULLET = re.compile(r"^(?:[-*•]|\d+[.)])\s")


def unwrap_help(text: str) -> str:
    """A command's help with the docstring's hard line breaks taken out of its prose paragraphs,
    so that rich wraps them to the terminal (typer keeps single line breaks after the first
    paragraph: at 80 columns a docstring line of 90 characters became one and a half lines).
    Kept as written: a paragraph that starts indented (examples), a bullet's start (``- ``,
    ``1. ``) and a paragraph that opens with click's no-rewrap mark ``\\b``."""
    out = []
    for para in inspect.cleandoc(text).split("\n\n"):
        if not para or para[0].isspace() or para.startswith("\b"):
            out.append(para)
            continue
        lines: list[str] = []
        for ln in para.split("\n"):
            if lines and not _BULLET.match(ln):
                lines[-1] = f"{lines[-1]} {ln.strip()}"
            else:
                lines.append(ln.rstrip())
        out.append("\n".join(lines))
    return "\n\n".join(out)


def _unwrap_tree(cmd: object) -> None:
    if getattr(cmd, "help", None):
        cmd.help = unwrap_help(cmd.help)  # type: ignore[attr-defined]
    for sub in getattr(cmd, "commands", {}).values():
        _unwrap_tree(sub)


def internal_error(exc: BaseException) -> None:
    """Print one line naming what failed: the exception, its message, and where it was raised
    (``memcli/cli/fast.py:301 in write``). Written straight to stderr, not through rich, so
    that a broken terminal or console cannot swallow it."""
    import traceback

    first = str(exc).splitlines()[0] if str(exc) else ""
    frames = traceback.extract_tb(exc.__traceback__)
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # .../memcli
    ours = [f for f in frames if os.path.abspath(f.filename).startswith(package + os.sep)]
    where = ""
    if frames:
        f = (ours or frames)[-1]  # the innermost frame of memcli's own code, else of any
        path = (os.path.relpath(os.path.abspath(f.filename), os.path.dirname(package)) if ours
                else os.path.basename(f.filename))
        where = f" in {path.replace(os.sep, '/')}:{f.lineno} ({f.name})"
    line = f"memcli: internal error{where}: {type(exc).__name__}: {first} (rerun with --debug for the traceback)\n"
    try:
        sys.stderr.write(line)
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - stderr itself is gone: the raw descriptor is the last resort
        try:
            os.write(2, line.encode("utf-8", "replace"))
        except OSError:
            pass


def say_error(message: str, code: str, exit_code: int, *, as_json: bool, hint: str = "") -> None:
    """Print one error: ``memcli: error: <message><hint>`` on stderr, or with ``--json`` the
    one-line JSON object ``{"error": {"code", "message", "exit_code"}}`` (the HTTP service's
    error body) on stderr. stdout stays empty either way."""
    if as_json:
        line = json_error_line(code, message, exit_code)
        try:
            sys.stderr.write(line)
            sys.stderr.flush()
        except Exception:  # noqa: BLE001 - stderr itself is gone
            pass
    else:
        err_console.print(f"memcli: error: {message}{hint}", markup=False, highlight=False)


#: how alike (difflib's ratio in [0, 1]) an unknown option must be to a real one to be offered:
#: a typo (--limt/--limit 0.92, --kye/--key 0.8) passes; click's 0.6 also offered --verbose and
#: --user for --bogus (0.62) and --help for --al
NEAR_OPTION = 0.75


def usage_message(exc: UsageError) -> str:
    """click's usage error on one line. An unknown option names its near spellings as a question,
    closest first (``No such option: --limt (did you mean --limit?)``), only those at least
    :data:`NEAR_OPTION` alike, instead of click's "(Possible options: ...)", which read as the
    command's whole list and named options nothing like the one typed."""
    if isinstance(exc, NoSuchOption):
        from difflib import SequenceMatcher

        name = exc.option_name
        scored = sorted((-SequenceMatcher(None, name, p).ratio(), p) for p in getattr(exc, "possibilities", None) or ())
        near = [p for r, p in scored if -r >= NEAR_OPTION][:3]
        return " ".join(exc.message.split()) + (f" (did you mean {' or '.join(near)}?)" if near else
                                                _option_of_a_command(exc.ctx, name))
    from pydantic import ValidationError  # (imported already when typer's coercion raised it)

    if isinstance(exc.__cause__, ValidationError) and exc.__cause__.errors():  # typer's coercion: pydantic's words
        from memcli.validation_words import error_words

        exc.message = error_words(exc.__cause__.errors()[0])  # round 31: "needs a number ≥ 1, got '0'", as elsewhere
    return " ".join(exc.format_message().split()).rstrip(".")


def _option_of_a_command(ctx: Any, name: str) -> str:
    """Where an option given to a group belongs, when its commands take it (``memcli token --operator
    create``): `` (an option of 'memcli token create': put it after the command)``; else ""."""
    commands = getattr(getattr(ctx, "command", None), "commands", None)
    if not isinstance(commands, dict):
        return ""
    takers = [f"'{ctx.command_path} {n}'" for n, c in commands.items()
              if any(name in (*p.opts, *p.secondary_opts) for p in c.params if not getattr(p, "hidden", False))]
    if not takers:
        return ""
    return f" (an option of {', '.join(takers[:-1]) + ' or ' if len(takers) > 1 else ''}{takers[-1]}: " \
           "put it after the command)"


def main() -> None:
    """Console-script entry point."""
    debug = os.environ.get("MEMCLI_DEBUG") == "1" or "--debug" in sys.argv
    as_json = json_errors(sys.argv[1:])
    register(module_for(sys.argv[1:]))
    try:
        # standalone_mode=False: click usage errors come back to us and become one line too
        rv = _click_command().main(prog_name="memcli", standalone_mode=False)
    except NoArgsIsHelpError as exc:  # bare `memcli` or a group without its command: the help
        print(exc.ctx.get_help() if exc.ctx is not None else "", end="")
        sys.exit(exc.exit_code)
    except UsageError as exc:  # bad option/argument/command: one line, exit 2
        hint = f"; see '{exc.ctx.command_path} --help'" if exc.ctx is not None else ""
        say_error(usage_message(exc), "bad_input", exc.exit_code, as_json=as_json, hint=hint)
        sys.exit(exc.exit_code)
    except ClickException as exc:
        say_error(" ".join(exc.format_message().split()), "bad_input", exc.exit_code, as_json=as_json)
        sys.exit(exc.exit_code)
    except typer.Abort:
        _interrupted(as_json)
    except MemcliError as exc:
        if debug:
            raise
        say_error(cli_message(str(exc)), exc.code, exc.exit_code, as_json=as_json)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        _interrupted(as_json)
    except SystemExit as exc:
        cause = exc.__context__
        if exc.code == 1 and isinstance(cause, OSError) and cause.errno == errno.EPIPE:  # click's exit on EPIPE
            from memcli.cli.streams import stdout_gone

            stdout_gone()
            sys.exit(0)
        raise
    except BrokenPipeError:  # the reader of stdout went away (`| head -1`): it has what it wanted
        from memcli.cli.streams import stdout_gone

        stdout_gone()
        sys.exit(0)
    except Exception as exc:  # never a traceback for the user
        if debug:
            raise
        if as_json:
            first = str(exc).splitlines()[0] if str(exc) else ""
            say_error(f"internal error: {type(exc).__name__}: {first}", "internal", 70, as_json=True)
        else:
            internal_error(exc)
        sys.exit(70)
    if isinstance(rv, int) and not isinstance(rv, bool) and rv != 0:  # typer.Exit(code) / ctx.exit(code)
        sys.exit(rv)


def _interrupted(as_json: bool) -> None:
    if as_json:
        say_error("interrupted", "interrupted", 130, as_json=True)
    else:
        err_console.print("memcli: interrupted", markup=False)
    sys.exit(130)
