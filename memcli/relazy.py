"""Regular expressions compiled on first use, not at import.

A cold ``memcli context`` imported a few dozen modules whose module-level ``re.compile`` calls
cost ~0.1 s together, a good part of them for patterns the command never runs (secrets, cues of
questions it was not asked). Patterns every query runs stay ``re.compile`` at import: compiling
them later would only move that time into the block's budget.

``lazy(p, flags)`` stands where ``re.compile(p, flags)`` stood: the first attribute asked of it
(``.search``, ``.sub``, ``.pattern``…) compiles the pattern once and keeps that attribute on the
object, so later calls cost what the compiled pattern's do.
Give ``re`` functions the compiled pattern (``.compiled``), not this object.

``lazy(p, flags, gate=g)``: ``g(text)`` is a cheap necessary condition of a match (False only
when the pattern cannot match ``text`` at all); while it is False the text-taking methods answer
"no match" (None, no items, the text unchanged) without compiling. A Chinese question then never
compiles the English word lists, nor an English one the Chinese ones (issue 24, round 19).
Gates: :data:`LATIN` (every match holds an ASCII letter), :data:`NON_ASCII` (every match holds a
character outside ASCII), :func:`holding` (every match holds one of some substrings).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

__all__ = ["LATIN", "NON_ASCII", "GatedPattern", "LazyPattern", "compile_for", "holding", "lazy", "words_gate"]

Gate = Callable[[str], bool]
#: the characters outside ASCII that an ASCII letter matches under re.IGNORECASE (İ ı → i, K → k,
#: ſ → s: tests/test_relazy.py checks every code point)
_CASE_TWINS = "\u0130\u0131\u212a\u017f"
_NOT_LETTERS = bytes(b for b in range(128) if not chr(b).isalpha())


def LATIN(text: str) -> bool:  # noqa: N802 - a constant-like gate
    """``text`` holds an ASCII letter (or a character one matches case-insensitively): a pattern
    whose every match holds an ASCII letter can match it."""
    if text.encode("ascii", "ignore").translate(None, _NOT_LETTERS):
        return True
    return not text.isascii() and any(c in text for c in _CASE_TWINS)


def NON_ASCII(text: str) -> bool:  # noqa: N802
    """``text`` holds a character outside ASCII (Chinese, say)."""
    return not text.isascii()


def holding(*subs: str) -> Gate:
    """A gate: ``text`` holds one of ``subs`` (case-sensitive: for patterns without IGNORECASE)."""
    return lambda text: any(s in text for s in subs)


def words_gate(words: Iterable[str], gate: Gate) -> Gate | None:
    """``gate`` for an alternation of ``words``: itself when every word passes it (then so does every
    match), else None (no gate: the pattern compiles at its first use)."""
    return gate if all(gate(w) for w in words) else None


#: every lazy pattern made in this process, with the module that made it (for :func:`compile_for`)
_MADE: list[tuple[str, LazyPattern]] = []


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled on first use."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._args = (pattern, flags)

    @property
    def compiled(self) -> re.Pattern[str]:
        p = self.__dict__.get("_compiled")
        if p is None:
            p = self.__dict__["_compiled"] = re.compile(*self._args)
        return p

    def __getattr__(self, name: str) -> Any:  # only for what the instance does not hold yet
        if name.startswith("__"):
            raise AttributeError(name)
        value = getattr(self.compiled, name)
        self.__dict__[name] = value  # a bound method or an attribute: the next lookup is a plain one
        return value

    def __repr__(self) -> str:
        return f"lazy({self._args[0]!r}, {self._args[1]!r})"


class GatedPattern(LazyPattern):
    """:class:`LazyPattern` whose text-taking methods first ask ``gate(text)`` (see the module doc)."""

    def __init__(self, pattern: str, flags: int, gate: Gate) -> None:
        super().__init__(pattern, flags)
        self._gate = gate

    def search(self, string: str, *args: Any) -> re.Match[str] | None:
        return self.compiled.search(string, *args) if self._gate(string) else None

    def match(self, string: str, *args: Any) -> re.Match[str] | None:
        return self.compiled.match(string, *args) if self._gate(string) else None

    def fullmatch(self, string: str, *args: Any) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, *args) if self._gate(string) else None

    def finditer(self, string: str, *args: Any) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, *args) if self._gate(string) else iter(())

    def findall(self, string: str, *args: Any) -> list[Any]:
        return self.compiled.findall(string, *args) if self._gate(string) else []

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count) if self._gate(string) else string

    def subn(self, repl: Any, string: str, count: int = 0) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count) if self._gate(string) else (string, 0)

    def split(self, string: str, maxsplit: int = 0) -> list[str]:
        return self.compiled.split(string, maxsplit) if self._gate(string) else [string]


def lazy(pattern: str, flags: int = 0, gate: Gate | None = None) -> re.Pattern[str]:
    """A pattern compiled on first use (with ``gate``: on the first use whose text passes it), typed
    as what it answers for (its methods and attributes)."""
    made = LazyPattern(pattern, flags) if gate is None else GatedPattern(pattern, flags, gate)
    _MADE.append((sys._getframe(1).f_globals.get("__name__", ""), made))
    return cast("re.Pattern[str]", made)


def compile_for(text: str | None, package: str = "memcli.read") -> int:
    """Compile now the lazy patterns made so far by the modules of ``package`` that ``text`` could use (the gate
    passes ``text``; no gate: any text; ``None``: every one): what their first use would compile, paid ahead (a new
    process's ``context`` pays it before its budget's clock, :meth:`memcli.read.context.MemoryContextBuilder.prepare`).
    Other packages' patterns (the write path's secrets, governance's hedges) wait for a use. Returns how many were
    compiled."""
    todo = [p for owner, p in list(_MADE) if (owner == package or owner.startswith(package + "."))
            and "_compiled" not in p.__dict__ and (text is None or not isinstance(p, GatedPattern) or p._gate(text))]
    for p in todo:
        p.compiled  # noqa: B018 - compiles and keeps it
    return len(todo)
