"""The command-line skin: parse, open the store, make one library call, render.

Only this package imports typer and rich. ``main`` first offers the command line to the fast
path (:mod:`memcli.cli.fast`: a well-formed ``capture`` without typer, rich or pydantic, since
agent harnesses run one ``capture`` process per turn); anything else goes to the Typer app
(:mod:`memcli.cli.entry`), which also gives every error and help text.
"""

from __future__ import annotations

__all__ = ["app", "main"]


def main() -> None:
    """Console-script entry point."""
    import sys

    from memcli.cli.fast import HELP_ARGV, record_help, try_fast

    argv = sys.argv[1:]
    try_fast(argv)  # exits when it handled the command
    from memcli.cli.entry import main as typer_main

    if argv in HELP_ARGV:
        record_help(argv, typer_main)
    else:
        typer_main()


def __getattr__(name: str) -> object:
    if name == "app":
        from memcli.cli.entry import app

        return app
    raise AttributeError(f"module 'memcli.cli' has no attribute {name!r}")
