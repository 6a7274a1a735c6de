"""The command line's number options: one parser for every float option, so a NaN or an infinity
is refused in the same words on each (``--max-seconds nan`` said "greater than or equal to 0").

    finite(low=0.0)                 → ``needs a finite number ≥ 0, got 'nan'``
    finite(0, 1, low_open=True)     → ``needs a finite number in (0, 1], got 'inf'``

typer hands the parser the raw text and validates with pydantic: a ``PydanticCustomError`` becomes
click's one line (``Invalid value for '--max-seconds': needs a finite number ≥ 0, got 'nan'``,
exit 2; a ``ValueError`` would read "Value error, …", a ``click.BadParameter`` escapes as internal).
"""

from __future__ import annotations

import math
from collections.abc import Callable

__all__ = ["finite"]


def finite(low: float | None = None, high: float | None = None, *, low_open: bool = False,
           high_open: bool = False) -> Callable[[object], float]:
    """A typer ``parser=`` for a float option: the value as a float when it is a finite number
    within the bounds (``low``/``high``, inclusive unless ``*_open``; None: unbounded).

    Raises:
        pydantic_core.PydanticCustomError: not a number, NaN, infinite or out of the bounds (one line, names the range).
    """
    if high is None:
        span = "" if low is None else f" {'>' if low_open else '≥'} {low:g}"
    else:
        span = f" in {'(' if low_open else '['}{low:g}, {high:g}{')' if high_open else ']'}"

    def parse(raw: object) -> float:
        try:
            v = float(raw)  # type: ignore[arg-type]
        except (TypeError, ValueError, OverflowError):
            v = math.nan
        ok = math.isfinite(v) and (low is None or (v > low if low_open else v >= low)) and (
            high is None or (v < high if high_open else v <= high))
        if not ok:
            shown = str(raw) if len(str(raw)) <= 40 else str(raw)[:37] + "..."
            from pydantic_core import PydanticCustomError  # (typer has imported it already)

            raise PydanticCustomError("finite_number", "needs a finite number{span}, got {shown}",
                                      {"span": span, "shown": repr(shown)})
        return v

    return parse
