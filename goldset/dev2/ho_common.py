"""Small helpers for the dev2 extraction lists (ho_cases_zh, ho_cases_en)."""

from __future__ import annotations

PREF, REL, ID, HAB, HEALTH, OTHER = "preference", "relationship", "identity", "habit", "health", "other"


def fact(statement: str, kind: str, slot: str, *, valid_from: str | None = None, alt: list[str] | None = None) -> dict:
    """One expected fact, keys in the order the builder writes them."""
    out: dict = {"statement": statement, "kind": kind, "slot": slot}
    if valid_from is not None:
        out["valid_from"] = valid_from
    if alt:
        out["alt"] = list(alt)
    return out


def case(category: str, utterance: str, expected: list[dict], *, role: str = "user", at: str | None = None) -> dict:
    """One utterance; `expected == []` means it must yield no memory."""
    out: dict = {"utterance": utterance, "role": role, "category": category}
    if at is not None:
        out["at"] = at
    out["expected"] = expected
    return out


def noon(day: str) -> str:
    """The `at` of a relative-time case: noon UTC on `day`."""
    return f"{day}T12:00:00+00:00"
