"""memcli's own words for a pydantic validation error (round 31).

pydantic says "Input should be a finite number" for a NaN, an infinity or ``1e400`` and "Input should be
greater than or equal to 1" for a number out of range; the CLI's option parser
(:func:`memcli.cli.numbers.finite`) says ``needs a finite number ≥ 0, got 'nan'``. One wording for the
library, the HTTP service, the tools and import files, the same as the CLI's: :func:`error_words`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

__all__ = ["error_words", "shown"]

#: pydantic's type error types → what the value needs to be
_NEEDS = {"int_parsing": "a whole number", "int_type": "a whole number", "int_from_float": "a whole number",
          "float_parsing": "a number", "float_type": "a number", "bool_parsing": "true or false",
          "bool_type": "true or false", "string_type": "text", "dict_type": "a JSON object"}
#: pydantic's bound error types → the comparison memcli writes, and the ``ctx`` key of the bound
_BOUNDS = {"greater_than": (">", "gt"), "greater_than_equal": ("≥", "ge"),
           "less_than": ("<", "lt"), "less_than_equal": ("≤", "le")}


def shown(value: Any) -> str:
    """``value`` as an error message quotes it: a float as Python writes it (``nan``, ``inf``, ``0.5``),
    ``true`` / ``false`` as JSON writes them, anything else by ``repr``, cut at 40 characters."""
    if isinstance(value, bool):
        return str(value).lower()
    text = repr(value) if not isinstance(value, float) else ("nan" if math.isnan(value) else repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


def error_words(err: Mapping[str, Any]) -> str:
    """The message of one pydantic error (an item of ``ValidationError.errors()``), without its field:

    - a number that is not finite (NaN, an infinity, ``1e400``) → ``needs a finite number, got nan``;
    - a number out of its range → ``needs a number ≥ 1, got 0``;
    - a value of the wrong type → ``needs a whole number, got 'lots'`` (text, true or false, a JSON object);
    - a value not among the choices → ``must be 'user' or 'assistant', got 'bot'``;
    - an unknown field → ``unknown field``;
    - a validator's own message → that message, pydantic's "Value error, " prefix dropped;
    - else pydantic's message (``Field required``).
    """
    kind, said = err.get("type"), str(err.get("msg")).removeprefix("Value error, ")
    if not said.startswith(("Input should", "Extra inputs")):  # our own words (a validator, PydanticCustomError)
        return said
    if kind in _NEEDS:
        value = err.get("input")  # an infinity or NaN is said so, whatever type the field wants (1e400 for a count)
        if isinstance(value, float) and not math.isfinite(value):
            return f"needs a finite number, got {shown(value)}"
        return f"needs {_NEEDS[str(kind)]}, got {shown(value)}"
    if kind in ("literal_error", "enum") and (err.get("ctx") or {}).get("expected"):
        return f"must be {err['ctx']['expected']}, got {shown(err.get('input'))}"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "finite_number":
        return f"needs a finite number, got {shown(err.get('input'))}"
    if kind in _BOUNDS:
        sign, key = _BOUNDS[str(kind)]
        bound = (err.get("ctx") or {}).get(key)
        if isinstance(bound, int | float) and not isinstance(bound, bool):
            bound = shown(int(bound) if isinstance(bound, float) and bound.is_integer() else bound)  # 1.0 → 1
            value = err.get("input")
            if isinstance(value, float) and not math.isfinite(value):
                return f"needs a finite number {sign} {bound}, got {shown(value)}"
            return f"needs a number {sign} {bound}, got {shown(value)}"
    return said
