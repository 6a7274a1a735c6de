"""The command-line reading shared by the fast paths (:mod:`memcli.cli.fast`,
:mod:`memcli.cli.fast_context`): no typer, click or rich.

A fast path takes only a well-formed line of one command — root options that take a value,
root flags, the command, then its options, flags and one positional argument; as in the Typer
app (:mod:`memcli.cli.rootopts`), a root flag may follow the command and ``--json`` may
precede it — and leaves
everything else to the Typer app (:class:`Fallback`): help, a repeated or unknown option, a
value that starts with ``-`` (how click reads it is not this path's business), a missing or
second positional argument.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Mapping
from typing import Any

__all__ = ["CLI_FLAGS", "Answered", "Fallback", "check_argv", "cli_message", "fail", "json_error_line", "json_errors",
           "parse_line", "warn_unknown_env"]


class Fallback(Exception):
    """Not for the fast path: let the Typer app handle this command line."""


class Answered(SystemExit):
    """A fast path wrote its whole answer (flushed) and exits with code 0. A caller of
    :func:`memcli.cli.main` sees an ordinary ``SystemExit(0)``; the process entry point
    (:func:`memcli.cli.run`) ends the process at once instead (see there)."""

    def __init__(self) -> None:
        super().__init__(0)


#: the library's keyword → the option that sets it on the command line. The library's errors name
#: the keyword (``as_of: 'x' is not an ISO-8601 time``), which is also the HTTP parameter and the
#: tool argument; :func:`cli_message` adds the option for a command-line user
CLI_FLAGS = {"as_of": "--as-of", "limit": "--limit", "min_score": "--min-score", "budget_ms": "--budget-ms",
             "max_tokens": "--max-tokens", "fmt": "--format", "lang": "--lang", "interval_s": "--interval",
             "max_seconds": "--max-seconds"}
#: the library's spelling of a keyword argument in its messages → the command line's (``user=U`` → ``--user U``)
_KEYWORDS = {"allow it (allow_future)": "allow it (--allow-future)", "all_dead=True": "--all-dead",
             "remember the fact as a new memory": "`memcli remember` the fact", "user=U": "--user U",
             "operator=True": "--operator", "purge=True": "--purge",
             "cascade=True": "--cascade"}


def cli_message(message: str) -> str:
    """A library error's one line as the command line says it: the keyword it opens with followed
    by its option (``as_of (--as-of): 'x' is not …``), ``allow_future`` as ``--allow-future``."""
    head = message.split(":", 1)[0].split(" ", 1)[0]
    if head in CLI_FLAGS and message[len(head):len(head) + 1] in (":", " "):
        message = f"{head} ({CLI_FLAGS[head]}){message[len(head):]}"
    for word, flag in _KEYWORDS.items():
        message = message.replace(word, flag)
    return message


def json_errors(argv: list[str]) -> bool:
    """Whether this command line asked for ``--json`` (before a ``--``): its error is then JSON too."""
    return "--json" in (argv[: argv.index("--")] if "--" in argv else argv)


def json_error_line(code: str, message: str, exit_code: int) -> str:
    """One error as the one-line JSON object ``{"error": {"code", "message", "exit_code"}}``
    (:func:`memcli.errors.error_body`, the HTTP service's error body), newline-terminated."""
    import json

    from memcli.errors import error_body

    return json.dumps(error_body(code, message, exit_code), ensure_ascii=False) + "\n"


#: commands that only read (their bad-input messages do not talk about writing); ``tools call
#: search`` and ``tools schema`` too (:func:`reads_only`)
READ_COMMANDS = frozenset({"search", "context", "list", "show", "history", "stats", "export", "warm", "eval"})
_ROOT_VALUE = frozenset({"--db", "--user", "-u", "--model"})


def reads_only(argv: list[str]) -> bool:
    """Whether the command of ``argv`` (without the program name) only reads: its first word
    that is no root option nor a root option's value is one of :data:`READ_COMMANDS`, or it is
    ``tools schema`` / ``tools call search``."""
    words = iter(argv)
    for a in words:
        if a in _ROOT_VALUE:
            next(words, None)
        elif not a.startswith("-"):
            rest = [w for w in words if not w.startswith("-")]
            return a in READ_COMMANDS or (a == "tools" and (rest[:1] == ["schema"] or rest[:2] == ["call", "search"]))
    return False


def check_argv(argv: list[str]) -> None:
    """Refuse a command line with a word that is not valid UTF-8 (``memcli remember $'\\xff caf'``):
    Python keeps such bytes as lone surrogates, which no store can hold, so they used to be
    dropped from the text without a word. One line (JSON with ``--json``), exit 2, nothing done
    (a command that writes says nothing was written; a read does not talk about writing)."""
    for n, a in enumerate(argv, 1):
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            try:  # bytes from the OS come back as they were; any other lone surrogate is shown escaped
                shown = a.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            except UnicodeEncodeError:
                shown = a.encode("utf-8", "backslashreplace").decode("utf-8")
            from memcli.errors import BadInputError

            note = "" if reads_only(argv) else "; nothing was written"
            fail(BadInputError(f"argument {n} is not valid UTF-8 ('{shown[:60]}'){note}"))


#: settings a fast path reads itself: a variable naming one needs no look at the settings model
_FAST_SETTINGS = frozenset({"db", "user", "model", "busy_timeout_ms", "max_turn_chars", "auto_drain"})


def warn_unknown_env() -> None:
    """One line on stderr per ``MEMCLI_*`` variable that is no setting (a typo such as ``MEMCLI_DB_PATH``),
    naming the nearest one (:func:`memcli.settings_sources.unknown_env`); it is ignored, not an error:
    another tool may set ``MEMCLI_`` variables of its own. Called once per process, before any command.
    The settings' names are read (the pydantic model imported) only when some variable is not one of
    those the fast paths know."""
    import os

    from memcli.settings_sources import ENV_PREFIX, OWN_ENV, unknown_env

    n = len(ENV_PREFIX)
    if all(k.lower()[n:] in _FAST_SETTINGS | OWN_ENV for k in os.environ if k.lower().startswith(ENV_PREFIX)):
        return
    from memcli.settings import Settings

    for key, near in unknown_env(Settings.model_fields):
        hint = f" (did you mean MEMCLI_{near.upper()}?)" if near else ""
        sys.stderr.write(f"memcli: warning: {key} is not a memcli setting and is ignored{hint}\n")


def fail(exc: BaseException) -> None:
    """A memcli error, as the Typer app's main() prints it: one line on stderr (JSON with
    ``--json``), the error's exit code."""
    code, exit_code = getattr(exc, "code", "memcli"), getattr(exc, "exit_code", 1)
    message = cli_message(str(exc))
    if json_errors(sys.argv[1:]):
        sys.stderr.write(json_error_line(code, message, exit_code))
    else:
        sys.stderr.write(f"memcli: error: {message}\n")
    sys.stderr.flush()
    sys.exit(exit_code)


def _value(argv: list[str], i: int, eq: str, val: str) -> tuple[str, int]:
    """The value of the option at ``argv[i]`` (``--opt=V`` or ``--opt V``) and the index of its last word."""
    if not eq:
        if i + 1 >= len(argv):
            raise Fallback
        val, i = argv[i + 1], i + 1
    if val.startswith("-"):
        raise Fallback
    return val, i


def _split(a: str) -> tuple[str, str, str]:
    # click reads "--opt=V" as the option and its value; "-u=V" is "-u" with the value "=V"
    return a.partition("=") if a.startswith("--") else (a, "", "")


def parse_line(argv: list[str], command: str, *, global_value: Mapping[str, str],
               global_flags: Collection[str] = (), cmd_value: Mapping[str, str],
               cmd_flags: Mapping[str, tuple[str, Any]]) -> tuple[dict[str, Any], dict[str, Any], str]:
    """``(root options, command options, the positional argument)`` of ``argv`` (without the
    program name) for ``command``.

    ``global_value`` / ``cmd_value``: option → key of an option that takes a value;
    ``global_flags``: root flags, stored as their name without dashes → True; ``cmd_flags``:
    flag → (key, value). Raises :class:`Fallback` for any other line (see the module doc).
    """
    g: dict[str, Any] = {}
    c: dict[str, Any] = {}
    i = 0
    while i < len(argv) and argv[i] != command:
        a = argv[i]
        name, eq, val = _split(a)
        if name in global_value and global_value[name] not in g:
            g[global_value[name]], i = _value(argv, i, eq, val)
        elif a in global_flags and a.lstrip("-") not in g:
            g[a.lstrip("-")] = True
        elif a == "--json" and a in cmd_flags and "json" not in c:  # the root --json: the command's own
            c["json"] = True
        else:
            raise Fallback  # another command, an unknown root option, a repeat
        i += 1
    if i >= len(argv):
        raise Fallback
    positional: str | None = None
    i += 1
    while i < len(argv):
        a = argv[i]
        name, eq, val = _split(a)
        if name in cmd_value and cmd_value[name] not in c:
            c[cmd_value[name]], i = _value(argv, i, eq, val)
        elif a in cmd_flags and cmd_flags[a][0] not in c:
            key, v = cmd_flags[a]
            c[key] = v
        elif a in global_flags and a.lstrip("-") not in g:  # a root flag after the command (memcli.cli.rootopts)
            g[a.lstrip("-")] = True
        elif a.startswith("-") or positional is not None:  # -h, --help, "-" (stdin), unknown, a repeat, a 2nd argument
            raise Fallback
        else:
            positional = a
        i += 1
    if positional is None:
        raise Fallback
    return g, c, positional
