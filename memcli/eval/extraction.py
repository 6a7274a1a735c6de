"""``eval extraction``: the configured extractor on the goldset's extraction cases.

A case is an utterance and the candidate facts it should give (statement, kind, slot), or
none (chatter, questions, calendar-like plans, the assistant's turns). Statements are matched
loosely — the same normalised text, one containing the other, or a character-sequence ratio
>= 0.8 (difflib) — because two correct extractors may word a fact differently; kinds and
slots are then compared exactly on the matched pairs.

A case may say when it was uttered (``at``, ISO-8601; default: now) and an expected candidate
may give ``valid_from`` (``2026-03-09``, ``2026-03`` or ``2025`` for "some day in that month /
year", ``2026-05-11/2026-05-17`` for an inclusive range): relative times (昨天, last week) must
resolve against ``at``. ``alt`` lists other acceptable wordings of a statement (topic-first
sentences: 川菜我一点都不喜欢 / 我一点都不喜欢川菜). Scores are also given per category and per
language: recall, precision, and silence on the cases that must give nothing.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from memcli.settings import Settings
from memcli.text import normalize

__all__ = ["ExpectedCandidate", "ExtractionCase", "eval_extraction", "statements_match", "valid_from_ok"]


class ExpectedCandidate(BaseModel):
    model_config = ConfigDict(extra="allow")

    statement: str = Field(min_length=1)
    kind: str
    slot: str | None = None
    valid_from: str | None = Field(None, pattern=r"^\d{4}(-\d{2}(-\d{2})?)?(/\d{4}-\d{2}-\d{2})?$")
    alt: list[str] = Field(default_factory=list)

    def matches(self, statement: str) -> bool:
        return any(statements_match(statement, s) for s in (self.statement, *self.alt))


class ExtractionCase(BaseModel):
    """One utterance and what an extractor should draw from it (``expected == []``: nothing)."""

    model_config = ConfigDict(extra="allow")

    utterance: str = Field(min_length=1)
    role: str = "user"
    expected: list[ExpectedCandidate] = Field(default_factory=list)
    lang: str | None = None
    category: str | None = None
    id: str | None = None
    at: datetime | None = None

    @field_validator("at", mode="before")
    @classmethod
    def _at(cls, v: object) -> object:
        from memcli.timeutil import parse_at

        return v if v is None or isinstance(v, datetime) else parse_at(str(v), field="at")


def valid_from_ok(expected: str, got: datetime, at: datetime | None) -> bool:
    """``got`` (its calendar day in the offset of ``at``) falls in the ``expected`` day, month,
    year or ``A/B`` range."""
    day = (got.astimezone(at.tzinfo) if at is not None and got.tzinfo else got).date().isoformat()
    if "/" in expected:
        lo, hi = expected.split("/")
        return lo <= day <= hi
    return day.startswith(expected)


def statements_match(a: str, b: str) -> bool:
    """Loose equality of two statements (see the module docstring)."""
    x, y = normalize(a), normalize(b)
    if not x or not y:
        return False
    return x == y or x in y or y in x or difflib.SequenceMatcher(None, x, y).ratio() >= 0.8


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def _scores(v: Counter) -> dict[str, Any]:
    """One category's (or language's) figures: cases exactly right, recall, precision, silence."""
    return {"n": v["n"], "accuracy": v["correct"] / v["n"], "expected": v["expected"], "matched": v["matched"],
            "predicted": v["predicted"], "recall": _ratio(v["matched"], v["expected"]),
            "precision": _ratio(v["matched"], v["predicted"]), "silent_cases": v["silent_cases"],
            "silence": _ratio(v["silent"], v["silent_cases"])}


def eval_extraction(settings: Settings, cases: Sequence[ExtractionCase], extractor: Any = None) -> dict[str, Any]:
    """Run the extractor (default: the configured one) on every case and score it.

    Returns ``{"extractor", "cases", "facts": {expected, predicted, matched, precision, recall},
    "kind_accuracy", "slot_exact" (the same slot key) and "slot_given" (a slot exactly where one is
    expected), both on matched pairs, "valid_from": {expected, correct, accuracy} (matched
    candidates whose case gives valid_from), "silence": {cases, correct, accuracy} (cases that
    must give nothing), "by_category" and "by_lang" ({n, accuracy (cases exactly right),
    expected, matched, predicted, recall, precision, silent_cases, silence}), "errors"}``.
    """
    from memcli.timeutil import now_utc
    from memcli.write.backends import get_extractor
    from memcli.write.extract import Utterance

    ext = extractor or get_extractor(settings)
    now = now_utc()
    expected = predicted = matched = kind_ok = slot_ok = slot_given = vf_n = vf_ok = 0
    silence = Counter()
    by_cat: dict[str, Counter] = {}
    by_lang: dict[str, Counter] = {}
    errors = []
    exact = 0
    for n, case in enumerate(cases):
        utt = Utterance(source_id=n, user="eval", role=case.role, text=case.utterance, occurred_at=case.at or now)
        got = ext.extract(utt)
        used: set[int] = set()
        hits = vf_bad = 0
        for exp in case.expected:
            j = next((i for i, c in enumerate(got) if i not in used and exp.matches(c.statement)), None)
            if j is None:
                continue
            used.add(j)
            hits += 1
            kind_ok += str(got[j].kind) == exp.kind
            slot_ok += (got[j].slot or None) == (exp.slot or None)
            slot_given += bool(got[j].slot) == bool(exp.slot)
            if exp.valid_from:
                good = valid_from_ok(exp.valid_from, got[j].valid_from, case.at)
                vf_n += 1
                vf_ok += good
                vf_bad += not good
        expected += len(case.expected)
        predicted += len(got)
        matched += hits
        ok = hits == len(case.expected) and len(got) == len(case.expected) and not vf_bad
        exact += ok
        if not case.expected:
            silence["cases"] += 1
            silence["correct"] += not got
        row = {"n": 1, "correct": int(ok), "expected": len(case.expected), "predicted": len(got), "matched": hits,
               "silent_cases": int(not case.expected), "silent": int(not case.expected and not got)}
        for key, table in ((case.category, by_cat), (case.lang, by_lang)):
            if key:
                table.setdefault(key, Counter()).update(row)
        if not ok:
            errors.append({"id": case.id, "utterance": case.utterance, "role": case.role,
                           "expected": [e.model_dump(exclude_defaults=True) for e in case.expected],
                           "got": [{"statement": c.statement, "kind": str(c.kind), "slot": c.slot,
                                    "valid_from": c.valid_from.isoformat()} for c in got]})
    return {
        "extractor": getattr(ext, "name", type(ext).__name__),
        "cases": len(cases),
        "exact_cases": exact,
        "facts": {"expected": expected, "predicted": predicted, "matched": matched,
                  "precision": matched / predicted if predicted else None,
                  "recall": matched / expected if expected else None},
        "kind_accuracy": kind_ok / matched if matched else None,
        "slot_exact": slot_ok / matched if matched else None,
        "slot_given": slot_given / matched if matched else None,
        "valid_from": {"expected": vf_n, "correct": vf_ok, "accuracy": vf_ok / vf_n if vf_n else None},
        "silence": {**silence, "accuracy": silence["correct"] / silence["cases"] if silence["cases"] else None},
        "by_category": {k: _scores(v) for k, v in sorted(by_cat.items())},
        "by_lang": {k: _scores(v) for k, v in sorted(by_lang.items())},
        "errors": errors,
    }
