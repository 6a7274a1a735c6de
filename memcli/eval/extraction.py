"""``eval extraction``: the configured extractor on the goldset's extraction cases.

A case is an utterance and the candidate facts it should give (statement, kind, slot), or
none (chatter, questions, calendar-like plans, the assistant's turns). Statements are matched
loosely — the same normalised text, one containing the other, or a character-sequence ratio
>= 0.8 (difflib) — because two correct extractors may word a fact differently; kinds and
slots are then compared exactly on the matched pairs.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from memcli.settings import Settings
from memcli.text import normalize

__all__ = ["ExpectedCandidate", "ExtractionCase", "eval_extraction", "statements_match"]


class ExpectedCandidate(BaseModel):
    model_config = ConfigDict(extra="allow")

    statement: str = Field(min_length=1)
    kind: str
    slot: str | None = None


class ExtractionCase(BaseModel):
    """One utterance and what an extractor should draw from it (``expected == []``: nothing)."""

    model_config = ConfigDict(extra="allow")

    utterance: str = Field(min_length=1)
    role: str = "user"
    expected: list[ExpectedCandidate] = Field(default_factory=list)
    lang: str | None = None
    category: str | None = None
    id: str | None = None


def statements_match(a: str, b: str) -> bool:
    """Loose equality of two statements (see the module docstring)."""
    x, y = normalize(a), normalize(b)
    if not x or not y:
        return False
    return x == y or x in y or y in x or difflib.SequenceMatcher(None, x, y).ratio() >= 0.8


def eval_extraction(settings: Settings, cases: Sequence[ExtractionCase], extractor: Any = None) -> dict[str, Any]:
    """Run the extractor (default: the configured one) on every case and score it.

    Returns ``{"extractor", "cases", "facts": {expected, predicted, matched, precision, recall},
    "kind_accuracy", "slot_exact" (the same slot key) and "slot_given" (a slot exactly where one is
    expected), both on matched pairs, "silence": {cases, correct, accuracy}
    (cases that must give nothing), "by_category", "by_lang", "errors"}``.
    """
    from memcli.timeutil import now_utc
    from memcli.write.backends import get_extractor
    from memcli.write.extract import Utterance

    ext = extractor or get_extractor(settings)
    now = now_utc()
    expected = predicted = matched = kind_ok = slot_ok = slot_given = 0
    silence = Counter()
    by_cat: dict[str, Counter] = {}
    by_lang: dict[str, Counter] = {}
    errors = []
    exact = 0
    for n, case in enumerate(cases):
        utt = Utterance(source_id=n, user="eval", role=case.role, text=case.utterance, occurred_at=now)
        got = ext.extract(utt)
        used: set[int] = set()
        hits = 0
        for exp in case.expected:
            j = next((i for i, c in enumerate(got) if i not in used and statements_match(c.statement, exp.statement)),
                     None)
            if j is None:
                continue
            used.add(j)
            hits += 1
            kind_ok += str(got[j].kind) == exp.kind
            slot_ok += (got[j].slot or None) == (exp.slot or None)
            slot_given += bool(got[j].slot) == bool(exp.slot)
        expected += len(case.expected)
        predicted += len(got)
        matched += hits
        ok = hits == len(case.expected) and len(got) == len(case.expected)
        exact += ok
        if not case.expected:
            silence["cases"] += 1
            silence["correct"] += not got
        for key, table in ((case.category, by_cat), (case.lang, by_lang)):
            if key:
                table.setdefault(key, Counter()).update({"n": 1, "correct": int(ok)})
        if not ok:
            errors.append({"id": case.id, "utterance": case.utterance, "role": case.role,
                           "expected": [e.model_dump() for e in case.expected],
                           "got": [{"statement": c.statement, "kind": str(c.kind), "slot": c.slot} for c in got]})
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
        "silence": {**silence, "accuracy": silence["correct"] / silence["cases"] if silence["cases"] else None},
        "by_category": {k: {"n": v["n"], "accuracy": v["correct"] / v["n"]} for k, v in sorted(by_cat.items())},
        "by_lang": {k: {"n": v["n"], "accuracy": v["correct"] / v["n"]} for k, v in sorted(by_lang.items())},
        "errors": errors,
    }
