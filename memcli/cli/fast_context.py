"""The fast path of ``memcli context``: no typer, click or rich in the process.

An agent harness runs one ``context`` process per turn, before the model answers, under a
wall-clock budget: the Typer app's imports (typer, click, rich, the command modules) are
time the block does not get. :func:`try_context` handles the common, well-formed case —
``[--db P] [--user U] context QUERY [--format text|json|messages] [--json] [--budget-ms N]
[--max-tokens N] [--lang L] [--limit|-k N] [--as-of T] [--db P] [--user U]`` — with the Typer command's
semantics (:func:`memcli.cli.read.context`: the same settings, the same library call, the same
output and the same one-line error). Anything else returns without side effects and the
Typer app runs instead: help, stdin (``-``), ``--system``, ``--history``, ``--model``,
``--verbose``, ``--debug``, a repeated or unknown option, a number Typer would refuse, and a
store whose model or calibration needs a note on stderr (the Typer app prints it).
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

from memcli.cli.fast_args import Answered, fail, parse_line
from memcli.cli.fast_args import Fallback as _Fallback

__all__ = ["try_context"]

_GLOBAL_VALUE = {"--db": "db", "--user": "user", "-u": "user"}
_CMD_VALUE = {"--db": "db", "--user": "user", "-u": "user", "--format": "fmt", "--budget-ms": "budget_ms",
              "--max-tokens": "max_tokens", "--lang": "lang", "--limit": "limit", "-k": "limit",
              "--as-of": "as_of"}
_INT_RANGE = {"budget_ms": (1, None), "max_tokens": (1, None), "limit": (1, 100)}  # as the Typer options' min/max
_DIGITS = re.compile(r"[0-9]{1,9}")
PLUGINS_ENV = "PYDANTIC_DISABLE_PLUGINS"
BLAS_ENV = "OPENBLAS_NUM_THREADS"


def _parse(argv: list[str]) -> dict[str, Any]:
    """The options of a well-formed ``context`` command line; raises _Fallback for anything else."""
    g, c, query = parse_line(argv, "context", global_value=_GLOBAL_VALUE, cmd_value=_CMD_VALUE,
                             cmd_flags={"--json": ("json", True)})
    out: dict[str, Any] = {"query": query, "fmt": "text", "json": False, "limit": 10,
                           **{f"g:{k}": v for k, v in g.items()}, **c}
    for key, (low, high) in _INT_RANGE.items():
        if key in c:
            val = c[key]
            if not _DIGITS.fullmatch(val) or int(val) < low or (high is not None and int(val) > high):
                raise _Fallback  # Typer's message for a bad number
            out[key] = int(val)
    return out


def _open(p: dict[str, Any]) -> Any:
    """The Memory the Typer command would open (:func:`memcli.cli.app.open_memory`), or
    _Fallback when it would print a note first (another model's store, stale calibration). A database
    file that is not there is not created: an empty in-memory stand-in answers, ``p["missing"]`` names it."""
    from memcli.memory import Memory
    from memcli.paths import missing_database
    from memcli.settings import (
        DEFAULT_MODEL,
        E5_MODEL,
        MINILM_MODEL,
        calibration_warning,
        canonical_model,
        load_settings,
        quick_settings,
    )

    where = {"db": p.get("db") or p.get("g:db"), "user": p.get("user") or p.get("g:user")}
    st = quick_settings(**where) or load_settings(**where, model=None)
    if (missing := missing_database(st.db)) is not None:  # no block (said by emit_context), no empty file made
        p["missing"] = missing
        st = st.model_copy(update={"db": ":memory:"})
    if canonical_model(st.model) not in (DEFAULT_MODEL, E5_MODEL, MINILM_MODEL):
        raise _Fallback  # the Typer app checks the model name first
    if calibration_warning(st):
        raise _Fallback
    mem = Memory(settings=st)
    if mem.model_note or calibration_warning(mem.settings):
        mem.close()
        raise _Fallback
    return mem


def try_context(argv: list[str]) -> None:
    """Handle a well-formed ``context`` and exit; return (doing nothing) for anything else."""
    if os.environ.get("MEMCLI_DEBUG") == "1":
        return  # the Typer app shows the traceback
    try:
        p = _parse(argv)
    except _Fallback:
        return
    import gc

    # No cyclic collection in this process, which ends after the block: the imports and the
    # first query only allocate, and the collector's passes over the growing heap were ~120
    # (~60 ms of CPU under load; one full pass inside the block took the lexical leg from ~60
    # to ~100 ms). Reference counting still frees what the query drops. The heap is frozen
    # before exit, so that the interpreter's last collection has nothing to scan.
    # Code that runs main() in a longer-lived process gets the collector back (the finally
    # below) and calls gc.unfreeze() after it (the tests do).
    was_enabled = gc.isenabled()
    gc.disable()
    # pydantic scans the entry points of every installed distribution for its plugins when it
    # builds its first model (~20 ms of CPU here at load 17); this process only builds memcli's
    # own settings and results. PYDANTIC_DISABLE_PLUGINS is pydantic's public switch; a value the
    # user set is kept, and the environment is as it was when this returns (the Typer app runs then).
    plugins_set = PLUGINS_ENV in os.environ
    os.environ.setdefault(PLUGINS_ENV, "__all__")
    blas_set = _one_blas_thread()
    try:
        _run(p)
    finally:
        if not plugins_set:
            os.environ.pop(PLUGINS_ENV, None)
        if blas_set:
            os.environ.pop(BLAS_ENV, None)
        if was_enabled:
            gc.enable()


def _one_blas_thread() -> bool:
    """Set ``OPENBLAS_NUM_THREADS=1`` for numpy's import in this process; True when it set it.

    numpy's OpenBLAS starts a thread per core when numpy is imported, and those threads spin for
    work; this process runs no multi-threaded BLAS: the query encoder limits BLAS to its
    ``threads`` (1 unless ``MEMCLI_EMBED_THREADS`` says more) around each call and the KNN uses
    numpy's single-threaded products. Nothing is set when numpy is imported already (too late
    to matter), when the user set OpenBLAS's or OpenMP's thread count, or when
    ``MEMCLI_EMBED_THREADS`` asks for more than one thread."""
    if "numpy" in sys.modules or BLAS_ENV in os.environ or "OMP_NUM_THREADS" in os.environ:
        return False
    if os.environ.get("MEMCLI_EMBED_THREADS", "1").strip() not in ("", "1"):
        return False
    os.environ[BLAS_ENV] = "1"
    return True


def _run(p: dict[str, Any]) -> None:
    """The command, with :func:`try_context`'s options ``p``; exits when it handled it."""
    import gc

    from memcli.errors import BadInputError, MemcliError
    from memcli.text import check_query

    fmt = p["fmt"]
    try:
        if fmt not in ("text", "json", "messages"):
            raise BadInputError(f"--format must be text, json or messages (got {fmt!r})")
        check_query(p["query"])
        # --json prints the whole result; with --format messages it carries the messages (built only then)
        fmt, out = ("messages" if fmt == "messages" else "json", "json") if p["json"] else (fmt, fmt)
    except MemcliError as exc:
        fail(exc)
    try:
        try:
            mem = _open(p)
        except _Fallback:
            return
        with mem:
            # a process that ends after this one call gains nothing from answering while the read path still
            # loads: it loads here, and the budget covers the query as docs/read-path.md says (the library's
            # first call counts the loading in: memcli.memory_read)
            mem.context_builder.prepare(p["query"])  # and what its first call pays once whatever it is asked
            res = mem.context(p["query"], budget_ms=p.get("budget_ms"), max_tokens=p.get("max_tokens"),
                              lang=p.get("lang"), fmt=fmt, system=None, history=None, limit=p["limit"],
                              as_of=p.get("as_of"))
    except MemcliError as exc:
        fail(exc)
    except KeyboardInterrupt:
        sys.stderr.write("memcli: interrupted\n")
        sys.stderr.flush()
        sys.exit(130)
    except Exception:  # noqa: BLE001 - unexpected: the Typer app runs the command again and reports it
        return
    from memcli.cli.jsonout import emit_context

    emit_context(res, out, missing=p.get("missing"))
    gc.freeze()
    raise Answered
