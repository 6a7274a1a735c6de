"""Caches of pure text functions that another process can fill: the drain's look-ahead hands back
what it computed.

The drain's look-ahead process (:mod:`memcli.write.prepare`) extracts and embeds batch k + 1 while
this process decides and writes batch k. Reading a batch's turns and statements there also computes
what the writer asks of the same texts later — the jieba search tokens a memory or an episode is
indexed by, the rules' reading of a statement — but a forked process's caches stay in that process.
:func:`primable` is :func:`functools.lru_cache` with a side door: while :func:`recording` is on (the
look-ahead process), every value computed is also noted; :func:`take` returns those notes (function
name → ``[(args, value), …]``, picklable) and :func:`prime` hands them to the same functions in
another process, which return them on their first call with those arguments instead of computing
them. Only pure functions of their arguments may be primable: a primed value is the value the
function gives.

A primed value is held until asked for, at most :data:`PRIMED_MAX` per function (the oldest go
first); a cache hit stays a C-level ``lru_cache`` hit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar

__all__ = ["PRIMED_MAX", "counts", "prime", "primable", "recording", "take"]

F = TypeVar("F", bound=Callable[..., Any])

#: primed values held per function before the oldest are dropped (a batch primes a few hundred)
PRIMED_MAX = 20000

_MISSING = object()
#: name → (primed values by args, the values noted, [values primed, primed values used, values computed])
_REGISTRY: dict[str, tuple[dict, list, list[int]]] = {}
_recording = False


def primable(maxsize: int) -> Callable[[F], F]:
    """:func:`functools.lru_cache` (``maxsize`` entries) of a pure function, primable from another
    process (:func:`prime`) and noting what it computes while :func:`recording`. The function is
    registered under its module and name (unique)."""

    def deco(fn: F) -> F:
        name = f"{fn.__module__}.{fn.__qualname__}"
        if name in _REGISTRY:
            raise ValueError(f"two primable functions named {name}")
        primed: dict = {}
        noted: list = []
        counts = [0, 0, 0]
        _REGISTRY[name] = (primed, noted, counts)

        @wraps(fn)
        def compute(*args: Any, **kw: Any) -> Any:
            if kw:  # primed and noted by position only
                return fn(*args, **kw)
            if primed:
                got = primed.pop(args, _MISSING)
                if got is not _MISSING:
                    counts[1] += 1
                    return got
            counts[2] += 1
            got = fn(*args)
            if _recording:
                noted.append((args, got))
            return got

        return lru_cache(maxsize=maxsize)(compute)  # type: ignore[return-value]

    return deco


def counts() -> dict[str, dict[str, int]]:
    """Per function of this process: values ``primed`` (received), primed values ``used`` (returned
    instead of computed) and values ``computed`` (cache misses) so far — what a look-ahead saved."""
    return {name: dict(zip(("primed", "used", "computed"), c, strict=True)) for name, (_, _, c) in _REGISTRY.items()}


def recording(on: bool) -> None:
    """Note every value a primable function computes from now on (the look-ahead process) or stop."""
    global _recording
    _recording = on


def take() -> dict[str, list[tuple[tuple, Any]]]:
    """The values noted since the last call, by function name (and forget them)."""
    out = {}
    for name, (_, noted, _) in _REGISTRY.items():
        if noted:
            out[name] = noted[:]
            noted.clear()
    return out


def prime(values: dict[str, list[tuple[tuple, Any]]]) -> None:
    """Hand ``values`` (:func:`take` of another process running the same code) to their functions:
    each returns a primed value on its first call with those arguments. Unknown names are ignored."""
    for name, pairs in values.items():
        reg = _REGISTRY.get(name)
        if reg is None:
            continue
        primed, _, counts = reg
        primed.update(pairs)
        counts[0] += len(pairs)
        while len(primed) > PRIMED_MAX:
            del primed[next(iter(primed))]
