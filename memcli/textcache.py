"""One decorator for "cache a pure function of a text, for short texts only": :func:`short_cached`.

A drain asks the same small questions of the same short lines again and again (a clause of many
users' turns, a restated fact), so those answers are cached; a long text is rare, would crowd the
cache out and costs its own size to hash, so it is computed afresh. The pattern
``f(x) if len(x) <= N else f.__wrapped__(x)`` stood written out in about ten modules; here it is once.

A function that hands back a fresh mutable value (a list its caller may change) returns an immutable
form (a tuple) and names ``fresh`` (e.g. ``list``): every caller gets its own copy, the cache's value
is never shared.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any

__all__ = ["short_cached"]


def short_cached(max_chars: int, maxsize: int | None = None, *, fresh: Callable[[Any], Any] | None = None,
                 cache: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None) -> Callable[..., Any]:
    """Decorate ``fn(text, *args)`` (a pure function of its arguments): cached when ``text`` has at most
    ``max_chars`` characters (an empty or None ``text`` too), computed afresh otherwise.

    Args:
        max_chars: the longest text (characters) whose answer is cached.
        maxsize: entries of the :func:`functools.lru_cache` (when ``cache`` is not given).
        fresh: applied to every answer before it is returned (``list``: a new list from the cached
            tuple); None: the answer itself (it must then be immutable).
        cache: the caching decorator to use instead (``memcli.primed.primable(n)``); the long-text
            path calls its ``__wrapped__``.

    The decorated function keeps ``cache_clear`` / ``cache_info`` of its cache (``.cached``: the cache).
    """
    if (cache is None) == (maxsize is None):
        raise ValueError("give maxsize or cache, one of them")

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        cached = (cache or lru_cache(maxsize=maxsize))(fn)
        compute = cached.__wrapped__  # type: ignore[attr-defined]

        if fresh is None:
            @wraps(fn)
            def call(text: Any, *args: Any) -> Any:
                return cached(text, *args) if not text or len(text) <= max_chars else compute(text, *args)
        else:
            @wraps(fn)
            def call(text: Any, *args: Any) -> Any:
                return fresh(cached(text, *args) if not text or len(text) <= max_chars else compute(text, *args))

        call.cached = cached  # type: ignore[attr-defined]
        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        call.cache_info = cached.cache_info  # type: ignore[attr-defined]
        return call

    return deco
