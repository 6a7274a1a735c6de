"""Regular expressions compiled on first use, not at import.

A cold ``memcli context`` imported a few dozen modules whose module-level ``re.compile`` calls
cost ~0.1 s together, a good part of them for patterns the command never runs (secrets, cues of
questions it was not asked). Patterns every query runs stay ``re.compile`` at import: compiling
them later would only move that time into the block's budget.

``lazy(p, flags)`` stands where ``re.compile(p, flags)`` stood: the first attribute asked of it
(``.search``, ``.sub``, ``.pattern``…) compiles the pattern once and keeps that attribute on the
object, so later calls cost what the compiled pattern's do.
Give ``re`` functions the compiled pattern (``.compiled``), not this object.
"""

from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["LazyPattern", "lazy"]


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


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled on first use, typed as what it answers for (its methods and attributes)."""
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))
