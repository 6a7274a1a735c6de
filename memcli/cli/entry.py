"""The Typer app's entry point: parse, open the store, make one library call, render.

Only this package imports typer and rich. Errors: every :class:`~memcli.errors.MemcliError`
is caught once in :func:`main`, printed as one line on stderr, and turned into its exit
code; anything unexpected is one line too (``--debug`` or ``MEMCLI_DEBUG=1`` shows the
traceback).
"""

from __future__ import annotations

import errno
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

for _mod in ("worker", "read", "evaluate", "evaluate_e2e", "tools", "serve"):
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
        internal_error(exc)
        sys.exit(70)
    if isinstance(rv, int) and not isinstance(rv, bool) and rv != 0:  # typer.Exit(code) / ctx.exit(code)
        sys.exit(rv)
