"""The Typer app, shared options (defined once) and the helpers every command uses."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from memcli.cli.jsonout import emit_json, to_jsonable  # noqa: F401 (re-exported for the command modules)
from memcli.errors import BadInputError

if TYPE_CHECKING:
    from memcli.admin import Admin
    from memcli.memory import Memory



class _Console(Console):
    """rich's Console, but a closed stdout (``memcli list | head -1``) ends the command with
    exit 0, as the reader has what it asked for (rich's own default exits 1)."""

    def on_broken_pipe(self) -> None:
        from memcli.cli.streams import stdout_gone

        self.quiet = True
        stdout_gone()
        raise SystemExit(0)


def _flags_show_no_type() -> None:
    """A flag takes no value, so its help row shows no type.

    typer ≥ 0.2x prints every option's Python type in ``--help`` (``--json <bool>``), which
    reads as if the flag wanted a value (``--json true``). Options that take a value keep
    their type (``<int>``, ``<str>``). Guarded: an older or newer typer without the hook is
    left as it is.
    """
    try:
        from typer.core import TyperOption
    except ImportError:  # pragma: no cover - typer without typer.core
        return
    shown = getattr(TyperOption, "display_type_rich", None)
    if shown is None or getattr(shown, "_memcli_flags", False):
        return

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        return None if getattr(self, "is_flag", False) else shown(self, ctx)

    display_type_rich._memcli_flags = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_show_no_type()

console = _Console(soft_wrap=True)  # data → stdout
err_console = _Console(stderr=True, soft_wrap=True)  # messages → stderr

app = typer.Typer(
    name="memcli",
    help=(
        "Long-term memory for AI agents on local SQLite (中文 and English).\n\n"
        "Write path: capture → drain → memories. Read path: search / context.\n\n"
        "Examples:\n\n"
        "  memcli --user alice capture \"我咖啡不加糖\"\n\n"
        "  memcli --user alice drain\n\n"
        "  memcli --user alice context \"咖啡怎么喝?\"\n\n"
        "Settings: flag > MEMCLI_* variable > config file ($MEMCLI_CONFIG, else config.toml in the "
        "platform config dir, ~/.config/memcli/ on Linux) > default; options may follow the command "
        "(memcli list --user bob). memcli stats --json shows the database, user and model in use."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@dataclass
class Globals:
    db: str | None = None
    user: str | None = None
    model: str | None = None
    verbose: bool = False
    debug: bool = False
    json: bool = False  # --json before the command (memcli.cli.rootopts)
    extra: dict[str, Any] = field(default_factory=dict)
    tz: Any = None  # the user's zone (settings.timezone) for human output; set by open_memory


GLOBALS = Globals()

# Shared per-command options (defined once). A command-level value wins over the global one.
DbOpt = Annotated[str | None, typer.Option("--db", help="database file or postgresql:// URL (env MEMCLI_DB; "
                                           "default: a file in the platform data dir)", show_default=False)]
UserOpt = Annotated[str | None, typer.Option("--user", "-u", show_default=False,
                                             help="user whose memories are read and written (env MEMCLI_USER)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="machine-readable JSON on stdout")]
ModelOpt = Annotated[str | None, typer.Option("--model", help="embedding model name or path (env MEMCLI_MODEL)",
                                              show_default=False)]


@app.callback()
def _root(
    db: DbOpt = None,
    user: UserOpt = None,
    model: ModelOpt = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="explain skipped work on stderr")] = False,
    debug: Annotated[bool, typer.Option("--debug", help="show tracebacks")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable JSON (the command's --json)")] = False,
) -> None:
    # root options may also follow the command (memcli show 1 --json, memcli list -v): memcli.cli.rootopts
    GLOBALS.db, GLOBALS.user, GLOBALS.model = db, user, model
    GLOBALS.verbose, GLOBALS.debug, GLOBALS.json = verbose, debug, as_json


#: what a command that never embeds passes as ``model`` (it takes no --model): the setting is not checked
NO_MODEL: Any = object()


def settings_for(db: str | None = None, user: str | None = None, model: str | None = None, *,  # noqa: ANN201
                 uses_model: bool = True, **extra: Any):
    """Resolve settings: command flag > global flag > MEMCLI_* > config file > default.

    Raises ModelUnavailableError (exit 5) at once for a model name memcli cannot load
    (:func:`memcli.embed.base.check_model_name`), before any warning or work — when the command
    ``uses_model``: one that never embeds (capture, list, forget …) runs whatever the model setting."""
    from memcli.settings import DEFAULT_MODEL, E5_MODEL, MINILM_MODEL, canonical_model, load_settings

    def given(flag: str | None, outer: str | None) -> str | None:  # an empty flag is given (and refused), not unset
        return flag if flag is not None else outer

    st = load_settings(db=given(db, GLOBALS.db), user=given(user, GLOBALS.user), model=given(model, GLOBALS.model),
                       **extra)
    if uses_model and canonical_model(st.model) not in (DEFAULT_MODEL, E5_MODEL, MINILM_MODEL):  # imports numpy
        from memcli.embed.base import check_model_name

        check_model_name(st.model)
    return st


def in_memory(settings: Any) -> Any:
    """``settings`` with an empty private in-memory database in place of theirs (nothing is created)."""
    return settings.model_copy(update={"db": Path(":memory:")})


def _located(settings: Any, creates: bool) -> tuple[Any, Path | None]:
    """``settings`` to open, and the database file that is not there when ``creates`` is False (then the
    settings name an empty in-memory stand-in in its place, so nothing is created), else None."""
    from memcli.paths import missing_database

    missing = None if creates else missing_database(settings.db)
    return (settings if missing is None else in_memory(settings)), missing


def _resolved(settings: Any, db: str | None, user: str | None, model: Any, extra: dict[str, Any]) -> Any:
    """The settings to open: ``settings`` as given (resolved once by the command, which then gives no
    ``db``, ``user`` or other value), else resolved now by :func:`settings_for`."""
    uses = model is not NO_MODEL
    if settings is None:
        return settings_for(db, user, model if uses else None, uses_model=uses, **extra)
    if db is not None or user is not None or extra:
        raise TypeError("give either resolved settings or the values to resolve them from, not both")
    return settings


@contextmanager
def _stand_in(engine: Any, missing: Path) -> Iterator[Any]:
    """``engine`` opened on an empty in-memory database in place of the ``missing`` file: the
    command runs and checks its input as usual (a bad ``--as-of`` is still exit 2), then, instead
    of answering from nothing (or of "no memory #3"), raises :func:`no_database_error` (exit 4).
    Nothing is created."""
    from memcli.errors import NotFoundError

    with engine:
        try:
            yield engine
        except NotFoundError:  # "no memory #3": there is no database to hold it
            raise no_database_error(missing) from None
    raise no_database_error(missing)


def no_database_error(path: Path) -> Exception:
    """The error a command that only reads or changes what is stored gives for a missing file
    (:class:`~memcli.errors.StoreError`, exit 4): opening it would create an empty database."""
    from memcli.errors import StoreError
    from memcli.paths import DB_SETTING

    return StoreError(f"no memcli database at {path}: nothing was captured there yet (this command never creates "
                      f"one); check {DB_SETTING}")


def open_memory(db: str | None = None, user: str | None = None, model: Any = NO_MODEL, *, creates: bool = True,
                settings: Any = None, **extra: Any) -> Memory:
    """Open the store for the resolved user (raises memcli errors, caught in main). A command that
    embeds passes its ``--model`` value (None too); one that never does passes none, and the model
    setting is not checked for it. ``creates=False`` (a command that reads or changes stored
    memories): a SQLite file that does not exist is not created; the command runs on an empty
    in-memory stand-in (so its own input errors come first) and the ``with`` block then raises
    StoreError (exit 4), so a mistyped ``--db`` is said, not answered with "no memories".
    ``settings``: already resolved by the command (:func:`settings_for`, to look at the database
    first), so they are resolved once; then ``db``, ``user`` and ``extra`` are not given, and
    ``model`` (the value they were resolved with) only says whether the command embeds."""
    from memcli.memory import Memory
    from memcli.settings import calibration_warning

    uses = model is not NO_MODEL
    settings, missing = _located(_resolved(settings, db, user, model, extra), creates)
    mem = Memory(settings=settings)
    GLOBALS.tz = mem.settings.tz
    if mem.model_note:  # a database made with another model than the default (e.g. MiniLM)
        info(mem.model_note)
    if uses and (warning := calibration_warning(mem.settings)):  # thresholds calibrated for another model
        info(warning)
    return mem if missing is None else _stand_in(mem, missing)  # type: ignore[return-value]


def open_admin(db: str | None = None, model: Any = NO_MODEL, *, creates: bool = True, settings: Any = None,
               **extra: Any) -> Admin:
    """Open the store for cross-user work (worker, reembed); no user is bound. ``model``,
    ``creates`` and ``settings``: as for :func:`open_memory`."""
    from memcli.admin import Admin

    settings, missing = _located(_resolved(settings, db, None, model, extra), creates)
    adm = Admin(settings=settings)
    if adm.model_note:
        info(adm.model_note)
    return adm if missing is None else _stand_in(adm, missing)  # type: ignore[return-value]


def info(message: str) -> None:
    """A message for people (stderr), never mixed with data."""
    err_console.print(message, markup=False, highlight=False)


def read_text_arg(text: str, *, writes: bool = True) -> str:
    """``-`` reads the text from stdin (UTF-8, strict). ``writes``: the command writes (its
    bad-input message says nothing was written; a read's does not talk about writing)."""
    if text == "-":
        return read_stdin(writes=writes)
    return text


def decode_utf8(data: bytes, where: str, *, writes: bool = True) -> str:
    """Strict UTF-8 (a leading BOM dropped). Raises BadInputError naming ``where`` and the line
    (and, for a command that writes, that nothing was written)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        note = "; nothing was written" if writes else ""
        raise BadInputError(f"{where} line {line}: not valid UTF-8{note}") from None


def read_stdin(*, writes: bool = True) -> str:
    """All of stdin as UTF-8 text (a leading BOM dropped). Raises BadInputError on invalid UTF-8
    (``writes``: as :func:`read_text_arg`)."""
    return decode_utf8(sys.stdin.buffer.read(), "stdin", writes=writes)


#: the most read from a file that is not a regular file (a device, a FIFO, `<(command)`)
MAX_SPECIAL_FILE_BYTES = 64 * 2**20


def read_file(path: str | Path, what: str = "", *, writes: bool = True) -> str:
    """A file's text, UTF-8 strict (a leading BOM dropped); ``writes``: as :func:`read_text_arg`.

    Any readable path works, not only regular files: ``/dev/null`` reads as empty, a FIFO or
    ``<(command)`` as what is written into it (at most 64 MiB, :data:`MAX_SPECIAL_FILE_BYTES`).

    Raises:
        BadInputError: no such file, a folder, unreadable (permissions), too large a stream,
            or invalid UTF-8 (naming the line).
    """
    p = Path(path).expanduser()
    prefix = f"{what}: " if what else ""
    if not p.exists():
        raise BadInputError(f"{prefix}no such file: {path}")
    if p.is_dir():
        raise BadInputError(f"{prefix}{path} is a folder, not a file")
    try:
        if p.is_file():
            data = p.read_bytes()
        else:
            with p.open("rb") as f:
                data = f.read(MAX_SPECIAL_FILE_BYTES + 1)
            if len(data) > MAX_SPECIAL_FILE_BYTES:
                raise BadInputError(f"{prefix}{path} gave more than {MAX_SPECIAL_FILE_BYTES // 2**20} MiB; "
                                    "nothing was read")
    except OSError as exc:
        raise BadInputError(f"{prefix}cannot read {path}: {exc.strerror or exc}") from None
    return decode_utf8(data, f"{prefix}{path}", writes=writes)


def split_lines(text: str) -> list[str]:
    """JSON Lines records: split on ``\n`` only (``\r\n`` too). Not ``str.splitlines()``, which
    also breaks at U+2028, U+2029, U+0085 ... that JSON strings may hold unescaped."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def read_lines(path: str) -> list[str]:
    """Lines of a file or of stdin (``-``), UTF-8 strict, a leading BOM dropped.

    Raises:
        BadInputError: no such file, or invalid UTF-8 (naming the line).
    """
    if path == "-":
        return split_lines(read_stdin())
    return split_lines(read_file(path))


def progress_bar(total: int, description: str, enabled: bool = True):  # noqa: ANN201
    """A rich progress bar on stderr when it is a terminal; returns (progress, advance)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    show = enabled and err_console.is_terminal
    prog = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=err_console, disable=not show, transient=True)
    task = prog.add_task(description, total=total)
    return prog, (lambda n: prog.advance(task, n))
