"""``eval extraction``: the configured extractor on the goldset's extraction cases.

A case is an utterance and the candidate facts it should give (statement, kind, slot), or
none (chatter, questions, calendar-like plans, the assistant's turns). Two scorers decide
whether an expected fact was found; both are reported, the strict one first:

- **strict** (:func:`statements_match_strict`, the headline figures): the two statements are
  equal after normalisation (NFKC width and case folding, traditional → simplified, punctuation
  and filler words dropped, English contractions expanded), or every content word of the
  expected statement is in the extracted one and it adds at most :data:`MAX_EXTRA_WORDS` others.
  A fragment ("我" for 我咖啡不加糖) or a statement that lost a word (the subject, a negation) is
  not found.
- **loose** (:func:`statements_match`, ``facts_loose``): the same normalised text, one containing
  the other, or a character-sequence ratio >= 0.8 (difflib). Kept beside the strict figure so a
  reader can see how much a score owes to lenient matching; never reported instead of it.

Kinds and slots are compared exactly on the strictly matched pairs (``kind_accuracy``,
``slot_exact``); they do not decide whether a fact was found.

A case may say when it was uttered (``at``, ISO-8601; default: now) and an expected candidate
may give ``valid_from`` (``2026-03-09``, ``2026-03`` or ``2025`` for "some day in that month /
year", ``2026-05-11/2026-05-17`` for an inclusive range): relative times (昨天, last week) must
resolve against ``at``. ``alt`` lists other acceptable wordings of a statement (topic-first
sentences: 川菜我一点都不喜欢 / 我一点都不喜欢川菜). Scores are also given per category and per
language: recall, precision, and silence on the cases that must give nothing.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from memcli.settings import Settings
from memcli.text import clean_text, normalize, to_simplified

__all__ = ["MAX_EXTRA_WORDS", "ExpectedCandidate", "ExtractionCase", "content_words", "eval_extraction",
           "statements_match", "statements_match_strict", "valid_from_ok"]

#: the strict scorer's bound: content words an extracted statement may add to the expected ones
MAX_EXTRA_WORDS = 2

#: words that carry no fact (dropped by the strict scorer). Negations (不 没 not never no), numbers,
#: subjects (我 my her) and time words are content: losing one changes the fact.
FILLERS: frozenset[str] = frozenset(
    """
    的 了 着 过 呢 吧 啊 呀 嘛 哦 哈 啦 咯 喔 么 嗯 呗 就 都 才 也 还 很 挺 蛮 超 真 特别 非常 一直 其实 那个 这个
    然后 所以 反正 而且 并且 哈哈 哈哈哈 是 在
    a an the um uh er like just really actually so well basically literally pretty very quite totally
    lol tbh honestly kinda is am are was were be been 's s re m ve d ll
    """.split()
)

_CONTRACTIONS = ((re.compile(r"n['’]t\b"), " not"), (re.compile(r"['’](m|re|ve|ll|d|s)\b"), r" \1"))
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


class ExpectedCandidate(BaseModel):
    model_config = ConfigDict(extra="allow")

    statement: str = Field(min_length=1)
    kind: str
    slot: str | None = None
    valid_from: str | None = Field(None, pattern=r"^\d{4}(-\d{2}(-\d{2})?)?(/\d{4}-\d{2}-\d{2})?$")
    alt: list[str] = Field(default_factory=list)

    @field_validator("kind")
    @classmethod
    def _known_kind(cls, v: str) -> str:  # "hobby" was taken and never matched: one of memcli's kinds, as remember
        from pydantic_core import PydanticCustomError

        from memcli.models import Kind

        if v not in {k.value for k in Kind}:
            names = [repr(k.value) for k in Kind]
            raise PydanticCustomError("enum", "Input should be {expected}",
                                      {"expected": ", ".join(names[:-1]) + " or " + names[-1]})
        return v

    def matches(self, statement: str, *, strict: bool = True) -> bool:
        """``statement`` states this fact (or one of its ``alt`` wordings), by the strict or the loose scorer."""
        match = statements_match_strict if strict else statements_match
        return any(match(statement, s) for s in (self.statement, *self.alt))


class ExtractionCase(BaseModel):
    """One utterance and what an extractor should draw from it (``expected == []``: nothing)."""

    model_config = ConfigDict(extra="allow")

    utterance: str = Field(min_length=1)
    role: Literal["user", "assistant"] = "user"
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


def _fold(text: str) -> str:
    return to_simplified(unicodedata.normalize("NFKC", clean_text(text))).casefold()


def content_words(text: str) -> list[str]:
    """The words of a statement that carry its fact, in order: jieba words for Chinese runs,
    letter/digit runs elsewhere, after NFKC, case folding, traditional → simplified and
    expanding English contractions (n't → not); :data:`FILLERS` and punctuation dropped.

    ``content_words("I'm really allergic to peanuts!")`` → ``["i", "allergic", "to", "peanuts"]``.
    """
    from memcli.text import _jieba

    t = _fold(text)
    for pat, rep in _CONTRACTIONS:
        t = pat.sub(rep, t)
    out: list[str] = []
    pos = 0
    for m in _CJK_RUN.finditer(t):
        out += _WORD.findall(t[pos:m.start()])
        out += [w for w in _jieba().lcut(m.group(), HMM=False) if w.strip()]
        pos = m.end()
    out += _WORD.findall(t[pos:])
    return [w for w in out if w not in FILLERS]


def _covered(word: str, words: list[str], joined: str) -> bool:
    # a Chinese word counts as present when it occurs in the other statement's text (jieba may
    # cut the longer sentence at other boundaries); a Latin word only as a whole word
    return word in joined if _CJK_RUN.fullmatch(word) else word in words


def statements_match_strict(got: str, expected: str, max_extra: int = MAX_EXTRA_WORDS) -> bool:
    """Strict match of an extracted statement ``got`` against an ``expected`` one.

    True when their content words (:func:`content_words`) are equal, or when every content word
    of ``expected`` is in ``got`` and ``got`` has at most ``max_extra`` content words that are not
    in ``expected``. Not symmetric: a shorter ``got`` that lost a word never matches.
    """
    g, e = content_words(got), content_words(expected)
    if not g or not e:
        return False
    if g == e:
        return True
    gj, ej = "".join(g), "".join(e)
    if not all(_covered(w, g, gj) for w in e):
        return False
    return sum(not _covered(w, e, ej) for w in g) <= max_extra


def statements_match(a: str, b: str) -> bool:
    """Loose equality of two statements (see the module docstring): normalised equality,
    containment either way, or a difflib ratio >= 0.8. Reported as ``facts_loose`` only."""
    x, y = normalize(a), normalize(b)
    if not x or not y:
        return False
    return x == y or x in y or y in x or difflib.SequenceMatcher(None, x, y).ratio() >= 0.8


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def _scores(v: Counter) -> dict[str, Any]:
    """One category's (or language's) figures: cases exactly right, recall, precision, silence
    (strict), and the loose recall, precision and cases right beside them."""
    return {"n": v["n"], "accuracy": v["correct"] / v["n"], "expected": v["expected"], "matched": v["matched"],
            "predicted": v["predicted"], "recall": _ratio(v["matched"], v["expected"]),
            "precision": _ratio(v["matched"], v["predicted"]), "silent_cases": v["silent_cases"],
            "silence": _ratio(v["silent"], v["silent_cases"]),
            "loose": {"accuracy": v["correct_loose"] / v["n"], "matched": v["matched_loose"],
                      "recall": _ratio(v["matched_loose"], v["expected"]),
                      "precision": _ratio(v["matched_loose"], v["predicted"])}}


def _assign(expected: Sequence[ExpectedCandidate], got: Sequence[Any], strict: bool) -> list[int | None]:
    """For each expected fact, the index of the first unused candidate that states it (or None)."""
    used: set[int] = set()
    out: list[int | None] = []
    for exp in expected:
        j = next((i for i, c in enumerate(got) if i not in used and exp.matches(c.statement, strict=strict)), None)
        if j is not None:
            used.add(j)
        out.append(j)
    return out


def _facts(expected: int, predicted: int, matched: int) -> dict[str, Any]:
    return {"expected": expected, "predicted": predicted, "matched": matched,
            "precision": _ratio(matched, predicted), "recall": _ratio(matched, expected)}


def eval_extraction(settings: Settings, cases: Sequence[ExtractionCase], extractor: Any = None) -> dict[str, Any]:
    """Run the extractor (default: the configured one) on every case and score it.

    Returns ``{"extractor", "cases", "scorer": {"strict": ..., "max_extra_words"}, "exact_cases" (strict),
    "facts": {expected, predicted, matched, precision, recall} (strict), "facts_loose" (the same
    by the loose scorer) and "exact_cases_loose", "kind_accuracy", "slot_exact" (the same slot key)
    and "slot_given" (a slot exactly where one is expected), all three on strictly matched pairs,
    "valid_from": {expected, correct, accuracy} (strictly matched candidates whose case gives
    valid_from), "silence": {cases, correct, accuracy} (cases that must give nothing),
    "by_category" and "by_lang" ({n, accuracy (cases exactly right), expected, matched, predicted,
    recall, precision, silent_cases, silence, loose: {accuracy, matched, recall, precision}}),
    "errors" (cases not exactly right by the strict scorer)}``. Ratios are in [0, 1] (None when
    the denominator is 0).
    """
    from memcli.timeutil import now_utc
    from memcli.write.backends import get_extractor
    from memcli.write.extract import MemoryExtractionService, Utterance

    ext = extractor or get_extractor(settings)
    service = MemoryExtractionService(ext)
    now = now_utc()
    tot = Counter()
    silence = Counter()
    by_cat: dict[str, Counter] = {}
    by_lang: dict[str, Counter] = {}
    errors = []
    for n, case in enumerate(cases):
        utt = Utterance(source_id=n, user="eval", role=case.role, text=case.utterance, occurred_at=case.at or now)
        got = service.extract_batch([utt])[0]  # what the drain does: the guard of MemoryExtractionService too
        if isinstance(got, Exception):
            raise got
        strict = _assign(case.expected, got, strict=True)
        loose = _assign(case.expected, got, strict=False)
        vf_bad = vf_bad_loose = 0
        for exp, j, jl in zip(case.expected, strict, loose, strict=True):
            if j is not None:
                tot["kind_ok"] += str(got[j].kind) == exp.kind
                tot["slot_ok"] += (got[j].slot or None) == (exp.slot or None)
                tot["slot_given"] += bool(got[j].slot) == bool(exp.slot)
            if exp.valid_from:
                if j is not None:
                    good = valid_from_ok(exp.valid_from, got[j].valid_from, case.at)
                    tot["vf_n"] += 1
                    tot["vf_ok"] += good
                    vf_bad += not good
                if jl is not None:
                    vf_bad_loose += not valid_from_ok(exp.valid_from, got[jl].valid_from, case.at)
        hits = sum(j is not None for j in strict)
        hits_loose = sum(j is not None for j in loose)
        n_exp = len(case.expected)
        ok = hits == n_exp and len(got) == n_exp and not vf_bad
        ok_loose = hits_loose == n_exp and len(got) == n_exp and not vf_bad_loose
        if not case.expected:
            silence["cases"] += 1
            silence["correct"] += not got
        row = {"n": 1, "correct": int(ok), "correct_loose": int(ok_loose), "expected": n_exp,
               "predicted": len(got), "matched": hits, "matched_loose": hits_loose,
               "silent_cases": int(not case.expected), "silent": int(not case.expected and not got)}
        tot.update(row)
        for key, table in ((case.category, by_cat), (case.lang, by_lang)):
            if key:
                table.setdefault(key, Counter()).update(row)
        if not ok:
            errors.append({"id": case.id, "utterance": case.utterance, "role": case.role,
                           "expected": [e.model_dump(exclude_defaults=True) for e in case.expected],
                           "got": [{"statement": c.statement, "kind": str(c.kind), "slot": c.slot,
                                    "valid_from": c.valid_from.isoformat()} for c in got],
                           "loose_only": [e.statement for e, j, jl in zip(case.expected, strict, loose, strict=True)
                                          if j is None and jl is not None]})
    matched = tot["matched"]
    return {
        "extractor": getattr(ext, "name", type(ext).__name__),
        "cases": len(cases),
        "scorer": {"strict": "normalised equality, or every expected content word present and at most "
                             f"{MAX_EXTRA_WORDS} added", "max_extra_words": MAX_EXTRA_WORDS},
        "exact_cases": tot["correct"],
        "exact_cases_loose": tot["correct_loose"],
        "facts": _facts(tot["expected"], tot["predicted"], matched),
        "facts_loose": _facts(tot["expected"], tot["predicted"], tot["matched_loose"]),
        "kind_accuracy": _ratio(tot["kind_ok"], matched),
        "slot_exact": _ratio(tot["slot_ok"], matched),
        "slot_given": _ratio(tot["slot_given"], matched),
        "valid_from": {"expected": tot["vf_n"], "correct": tot["vf_ok"], "accuracy": _ratio(tot["vf_ok"], tot["vf_n"])},
        "silence": {**silence, "accuracy": silence["correct"] / silence["cases"] if silence["cases"] else None},
        "by_category": {k: _scores(v) for k, v in sorted(by_cat.items())},
        "by_lang": {k: _scores(v) for k, v in sorted(by_lang.items())},
        "errors": errors,
    }
