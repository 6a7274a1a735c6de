"""The Typer app's entry point: parse, open the store, make one library call, render.

Only this package imports typer and rich. Errors: every :class:`~memcli.errors.MemcliError`
is caught once in :func:`main`, printed as one line on stderr, and turned into its exit
code; anything unexpected is one line too (``--debug`` or ``MEMCLI_DEBUG=1`` shows the
traceback).
"""

from __future__ import annotations

import os
import sys

import typer

try:  # typer >= 0.2x vendors click; older typer uses click itself
    from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
except ImportError:  # pragma: no cover
    from click.exceptions import ClickException, NoArgsIsHelpError, UsageError

from memcli.cli.app import app, err_console
from memcli.errors import MemcliError

__all__ = ["app", "main"]

# Command groups register themselves on ``app`` when imported.
from memcli.cli import memories as _memories  # noqa: E402,F401

for _mod in ("worker", "read", "evaluate", "evaluate_sets", "tools"):
    try:
        __import__(f"memcli.cli.{_mod}")
    except ModuleNotFoundError as _exc:  # a command group not built yet
        if _exc.name != f"memcli.cli.{_mod}":
            raise


_command = None


def _click_command():  # noqa: ANN202
    """The click command built from ``app`` once per process (building it costs ~0.1 s)."""
    global _command
    if _command is None:
        _command = typer.main.get_command(app)
    return _command


def main() -> None:
    """Console-script entry point."""
    debug = os.environ.get("MEMCLI_DEBUG") == "1" or "--debug" in sys.argv
    try:
        # standalone_mode=False: click usage errors come back to us and become one line too
        rv = _click_command().main(prog_name="memcli", standalone_mode=False)
    except NoArgsIsHelpError as exc:  # bare `memcli` or a group without its command: the help
        print(exc.ctx.get_help() if exc.ctx is not None else "", end="")
        sys.exit(exc.exit_code)
    except UsageError as exc:  # bad option/argument/command: one line, exit 2
        hint = f"; see '{exc.ctx.command_path} --help'" if exc.ctx is not None else ""
        err_console.print(f"memcli: error: {' '.join(exc.format_message().split()).rstrip('.')}{hint}",
                          markup=False, highlight=False)
        sys.exit(exc.exit_code)
    except ClickException as exc:
        err_console.print(f"memcli: error: {' '.join(exc.format_message().split())}", markup=False,
                          highlight=False)
        sys.exit(exc.exit_code)
    except typer.Abort:
        err_console.print("memcli: interrupted", markup=False)
        sys.exit(130)
    except MemcliError as exc:
        if debug:
            raise
        err_console.print(f"memcli: error: {exc}", markup=False, highlight=False)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        err_console.print("memcli: interrupted", markup=False)
        sys.exit(130)
    except SystemExit:
        raise
    except Exception as exc:  # never a traceback for the user
        if debug:
            raise
        first = str(exc).splitlines()[0] if str(exc) else ""
        err_console.print(f"memcli: internal error: {type(exc).__name__}: {first} (rerun with --debug)",
                          markup=False, highlight=False)
        sys.exit(70)
    if isinstance(rv, int) and not isinstance(rv, bool) and rv != 0:  # typer.Exit(code) / ctx.exit(code)
        sys.exit(rv)
