"""The command-line skin: parse, open the store, make one library call, render.

Only this package imports typer and rich. ``main`` first offers the command line to the fast
path (:mod:`memcli.cli.fast`: a well-formed ``capture`` without typer, rich or pydantic, since
agent harnesses run one ``capture`` process per turn); anything else goes to the Typer app
(:mod:`memcli.cli.entry`), which also gives every error and help text.
"""

from __future__ import annotations

__all__ = ["app", "main", "run"]


def run() -> None:
    """The process entry point (the ``memcli`` console script, ``python -m memcli``): :func:`main`,
    and when a fast path has answered (:class:`~memcli.cli.fast_args.Answered`: its output written
    and flushed, exit code 0), the process ends at once with ``os._exit(0)``.

    What that skips is the interpreter's teardown of the ~400 modules a ``context`` loaded (numpy,
    pydantic, jieba...), which took ~15-30 ms of CPU per process (issue 24, round 18) and is the
    agent's time before its model call. Nothing is lost by it: the store is closed by then (the
    fast path leaves ``with Memory(...)`` first), standard output and error are flushed here, the
    logging handlers too; the only other exit handler waits for an abandoned query-encoder thread
    (:func:`memcli.read.encoder._join_pending`), which exists to keep the interpreter's teardown
    from killing that thread inside onnxruntime, and there is no teardown here. Code calling
    :func:`main` in a longer-lived process (tests, hosts) gets the usual ``SystemExit(0)``."""
    import os
    import sys

    from memcli.cli.fast_args import Answered

    try:
        main()
    except Answered:
        if "logging" in sys.modules:
            sys.modules["logging"].shutdown()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # (already flushed by the fast path: nothing is pending)
                pass
        os._exit(0)


def main() -> None:
    """Console-script entry point. Exit codes: 0 done (also when the reader of stdout went away
    early, as ``memcli list | head -1`` does); 2 bad input; 3 not found; 4 store; 5 model;
    6 extraction; 70 internal error (one line saying what failed); 130 interrupted."""
    import os
    import sys

    from memcli import memory_warm

    memory_warm.WARM_ON_OPEN = False  # one command a process, no read-path warm-up (`memcli mcp` starts its own)
    for name in ("stdout", "stderr"):  # started with the descriptor closed (`memcli list >&-`)
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the process
    try:
        from memcli.cli.fast import HELP_ARGV, record_help, try_fast
        from memcli.cli.fast_args import check_argv, warn_unknown_env

        argv = sys.argv[1:]
        check_argv(argv)  # exits on a word that is not UTF-8
        warn_unknown_env()  # MEMCLI_DB_PATH: ignored, said once
        try_fast(argv)  # exits when it handled the command
        from memcli.cli.entry import main as typer_main

        if argv in HELP_ARGV:
            record_help(argv, typer_main)
        else:
            typer_main()
    except BrokenPipeError:
        from memcli.cli.streams import stdout_gone

        stdout_gone()
        sys.exit(0)


def __getattr__(name: str) -> object:
    if name == "app":
        from memcli.cli.entry import app

        return app
    raise AttributeError(f"module 'memcli.cli' has no attribute {name!r}")
