"""A question about an ex-partner answered by the partner's facts told before the parting (round 46, read side).

"My wife works as a dentist", then "My wife and I got divorced": "what does my ex-wife do?" asks ``ex_wife.job``;
the dentist is stored as ``wife.job`` (the user said "my wife" then). The ex-wife is the wife of the facts told
before the parting, so those answer a question about her — and no fact of a partner told after it (a new wife is
someone else), nor any when no parting was told (then "my wife" is still the wife, never the ex).

- :func:`ex_of`: the partner key an ex key names (``ex_wife`` → ``wife``; ``ex`` → any partner);
- :func:`ex_keys`: the slot keys a question about an ex asks, with the partner's beside them (``ex_wife.job`` →
  ``wife.job``, ``spouse.job``);
- :func:`ex_answers`: leaves out the partner hits of an ex question told after the last parting (all of them when
  no parting is stored).

Read path only; :mod:`memcli.read.person` and :mod:`memcli.read.person_ended` ask it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memcli.timeutil import maybe_time

__all__ = ["ex_answers", "ex_keys", "ex_of"]

#: an ex key → the partner keys the same person was told under before the parting
_EX = {"ex_wife": ("wife", "spouse", "partner"), "ex_husband": ("husband", "spouse", "partner"),
       "ex_girlfriend": ("girlfriend", "partner"), "ex_boyfriend": ("boyfriend", "partner"),
       "ex": ("wife", "husband", "spouse", "partner", "girlfriend", "boyfriend")}


def ex_of(asked: str | None) -> tuple[str, ...]:
    """The partner keys ``asked`` (a relation key) names as an ex (``ex_wife`` → wife, spouse, partner); ()
    when it is no ex."""
    return _EX.get(asked or "", ())


def ex_keys(keys: list[str]) -> list[str]:
    """``keys`` and after them, for each ex's key, the same attribute of the partner keys
    (``ex_wife.job`` → ``wife.job``, ``spouse.job``, ``partner.job``)."""
    out = list(keys)
    for k in keys:
        subject, dot, rest = k.partition(".")
        for p in ex_of(subject) if dot else ():
            if f"{p}.{rest}" not in out:
                out.append(f"{p}.{rest}")
    return out


def ex_answers(hits: Sequence[Any], asked: str | None, endings: list[tuple[tuple[str, str], datetime, int]],
               subject_of: Any) -> int:  # noqa: ANN401 - memory_subject
    """Leave out (``below_floor``) the hits of a partner key (:func:`ex_of` ``asked``) told after the last parting
    in ``endings`` (``((kind, who), valid from, id)``, :func:`memcli.read.person_ended.ending_of` of the stored
    endings), or all of them when no parting is there. ``subject_of``: :func:`memcli.read.person.memory_subject`.
    Returns how many hits it left out."""
    partners = ex_of(asked)
    if not partners:
        return 0
    partings = [(when, rid) for (kind, _), when, rid in endings if kind == "parting"]
    last = max(partings) if partings else None
    changed = 0
    for h in hits:
        if h.origin == "episode" or not h.statement or h.below_floor:
            continue
        if subject_of(h.slot, h.statement) not in partners:
            continue
        told = maybe_time(h.valid_from)
        if last is None or told is None or (told >= last[0] and h.id > last[1]):  # (stored after it, valid after it)
            h.below_floor = True
            changed += 1
    return changed
