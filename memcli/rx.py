"""Regular expressions compiled once and found again by their text: :func:`rx`.

The rules write many patterns inline, where they are read (``re.match(r"^我们(?:的)?家", c)``);
``re.match`` looks each one up in :mod:`re`'s own cache on every call, which costs a few times the
match itself on the short clauses the rules read (its key checks the flags and the pattern's type).
``rx(pattern, flags).match(c)`` keeps the pattern where it is read and finds its compiled form in a
C-level :func:`functools.lru_cache`.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["rx"]


@lru_cache(maxsize=4096)
def rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled once per ``(pattern, flags)`` (the last 4,096 kept).

    Raises:
        re.error: ``pattern`` is not a regular expression.
    """
    return re.compile(pattern, flags)
