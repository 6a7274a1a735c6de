"""Ids on the command line: memory ids (12, or m12 as a search hit's ref), episode ids (e12), and a
negative number given as one.

Ids are positive: a memory, an episode, a token and a dead task are numbered from 1. ``0``, ``-5``,
``abc`` are all one kind of mistake and get the command's invalid-id error (exit 2). A negative
number needs its own step: the command-line parser reads ``-5`` as an option and said "No such
option: -5", so the commands that take an id are built with :class:`IdCommand`, which turns that
into the id argument's own error.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand

try:  # typer >= 0.2x vendors click; older typer uses click itself
    from typer._click.exceptions import NoSuchOption
except ImportError:  # pragma: no cover
    from click.exceptions import NoSuchOption

from memcli.errors import BadInputError

__all__ = ["IdArg", "IdCommand", "checked_forget_id", "forget_id", "memory_id", "parse_id", "positive_id"]

_NEGATIVE = re.compile(r"-\d+")


def parse_id(raw: str) -> tuple[int, bool] | None:
    """``"12"`` / ``"m12"`` (a memory's ref) → (12, False), ``"e12"`` / ``"E12"`` (an episode, as search
    prints it) → (12, True); None for anything else, 0 and negative numbers too."""
    text = raw.strip()
    episode = text[:1] in ("e", "E")
    number = text[1:] if text[:1] in ("e", "E", "m", "M") else text
    if not number.isascii() or not number.isdigit() or int(number) < 1:
        return None
    return int(number), episode


def memory_id(raw: str) -> int:
    """A memory id from the command line; an episode's id (e13, as search prints it) is named as such.

    Raises:
        typer.BadParameter: not a positive number (exit 2).
    """
    parsed = parse_id(raw)
    if parsed is None:
        raise typer.BadParameter(f"must be a memory id such as 12 (see `memcli list`), got {raw!r}")
    if parsed[1]:
        ref = raw.strip()
        raise typer.BadParameter(f"{ref} is an episode (a search hit of kind episode), not a memory; "
                                 f"only `memcli forget {ref}` takes an episode")
    return parsed[0]


def forget_id(raw: str, episode: bool = False) -> tuple[int, bool]:
    """``"12"`` → (12, episode); ``"e12"`` → (12, True).

    Raises:
        BadInputError: anything else, 0 and below too (exit 2).
    """
    parsed = parse_id(raw)
    if parsed is None:
        raise BadInputError(f"ID must be a memory id such as 12 or 'm12', or an episode id such as e12 (got {raw!r})")
    if episode and raw.strip()[:1] in ("m", "M"):
        raise BadInputError(f"{raw.strip()} is a memory (its ref), not an episode: drop --episode")
    return parsed[0], episode or parsed[1]


def checked_forget_id(raw: str) -> str:
    """``raw`` as given, once :func:`forget_id` accepts it (the command reads it with its --episode flag)."""
    forget_id(raw)
    return raw


def positive_id(raw: str) -> int:
    """A token's or a dead task's id: a positive number.

    Raises:
        typer.BadParameter: anything else (exit 2).
    """
    from memcli.refs import MAX_ID

    text = raw.strip()
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= MAX_ID:  # past it: no SQLite integer
        raise typer.BadParameter(f"must be a positive id such as 3, got {raw[:40]!r}")
    return int(text)


IdArg = Annotated[int, typer.Argument(help="memory id (see `memcli list`)", show_default=False, parser=memory_id)]


class IdCommand(TyperCommand):
    """A command whose first argument is an id: ``-5`` there is a bad id, not an unknown option."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        given = list(args)  # the parser consumes ``args``
        try:
            return super().parse_args(ctx, args)
        except NoSuchOption:  # named by its first digit only (-5 of -57): the word is looked up again
            given = given[:given.index("--")] if "--" in given else given
            word = next((a for a in given if _NEGATIVE.fullmatch(a)), None)
            arg = next((p for p in self.params if isinstance(p, TyperArgument)), None)
            if arg is None or word is None:
                raise
            try:
                arg.process_value(ctx, word)  # the id's own parser says what is wrong with it
            except typer.BadParameter as e:  # named as a bad value of that argument is
                e.ctx, e.param = e.ctx or ctx, e.param or arg
                raise
            raise typer.BadParameter(f"got {word!r}", ctx=ctx, param=arg) from None  # pragma: no cover
