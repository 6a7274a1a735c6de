"""Shared helpers for the hand-written extraction lists (cases_zh, cases_en)."""

from __future__ import annotations

PREF, REL, ID, HAB, HEALTH, OTHER = "preference", "relationship", "identity", "habit", "health", "other"


def F(statement: str, kind: str, slot: str | None, valid_from: str | None = None, alt: tuple = ()) -> dict:
    """One expected candidate; ``valid_from`` a date, month, year or ``A/B`` interval; ``alt``
    other acceptable wordings of the statement."""
    out = {"statement": statement, "kind": kind, "slot": slot}
    if valid_from:
        out["valid_from"] = valid_from
    if alt:
        out["alt"] = list(alt)
    return out
