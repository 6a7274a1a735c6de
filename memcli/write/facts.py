"""What a statement asserts, cheaply: slot, value, polarity and the numbers in it.

Embeddings are nearly blind to negation and numbers (all-MiniLM-L6-v2 here: 我喜欢猫 vs
我不喜欢猫 → 0.83, 我妈妈的生日是3月5号 vs 3月6号 → 0.96), so the decision step checks
these explicitly before it lets a high cosine reinforce a stored memory:

- **polarity**: the parity of negation markers (不/没/从不/讨厌…, not/never/without/hate…);
- **numbers**: digits, Chinese numerals before a unit (三月五号 → 3, 5), month names
  (March 5 → 3, 5), compared as a multiset;
- **slot/value**: the rule extractors' ``subject.attribute`` key and its value.

Pure functions, no model, no database.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from memcli.text import lang_of

__all__ = ["Facts", "Match", "analyze", "value_key", "numbers_of", "polarity_of", "cn_to_int", "content_tokens"]


@dataclass(frozen=True)
class Match:
    """One first-person fact recognised by a rule (see rules_zh / rules_en)."""

    statement: str
    kind: str
    slot: str | None = None
    value: str | None = None
    salience: float = 0.5
    confidence: float = 0.7


@dataclass(frozen=True)
class Facts:
    """The checkable content of one statement."""

    statement: str
    slot: str | None
    value: str | None
    positive: bool
    numbers: tuple[int, ...] = field(default_factory=tuple)
    kind: str | None = None


# -- polarity ------------------------------------------------------------------------------
_ZH_NOT_NEGATION = re.compile(r"不过|不错|不少|不久|不但|不仅|不管|不同|不得不|差不多|了不起|对不起|不一定|无论|没关系")
_ZH_NEG = re.compile(r"从来不|从来没|不再|受不了|讨厌|厌恶|戒了|没有|不|没|别|无")
_EN_CONTRACTIONS = [
    (re.compile(r"\bcan't\b|\bcan’t\b"), "cannot"), (re.compile(r"\bwon't\b|\bwon’t\b"), "will not"),
    (re.compile(r"n't\b|n’t\b"), " not"), (re.compile(r"\bi'm\b|\bi’m\b"), "i am"),
    (re.compile(r"'ve\b|’ve\b"), " have"), (re.compile(r"'re\b|’re\b"), " are"), (re.compile(r"'ll\b|’ll\b"), " will"),
    (re.compile(r"'d\b|’d\b"), " would"),
]
_EN_NEG = re.compile(
    r"\b(?:cannot stand|can not stand|no longer|not|never|no|without|cannot|hate[sd]?|dislike[sd]?|detest|loathe|"
    r"quit|stopped|gave up)\b")


def expand_en(text: str) -> str:
    """Lower-case English with contractions expanded (don't → do not, I'm → i am)."""
    t = text.casefold().replace("’", "'")
    for pat, rep in _EN_CONTRACTIONS:
        t = pat.sub(rep, t)
    return re.sub(r"\s+", " ", t).strip()


def polarity_of(text: str) -> bool:
    """True when the statement is affirmative: an even number of negation markers."""
    if lang_of(text) == "zh":
        n = len(_ZH_NEG.findall(_ZH_NOT_NEGATION.sub("", text)))
    else:
        n = len(_EN_NEG.findall(expand_en(text)))
    return n % 2 == 0


# -- numbers -------------------------------------------------------------------------------
_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}  # noqa: E501
_CN_NUM = re.compile(r"([零〇一二两三四五六七八九十百]+)(?=[月号日岁点年周天次斤块元米个小分])")
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), start=1)}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS.pop("may", None)  # "may" is mostly the verb; "May 5" is handled below
_EN_NUM = re.compile(r"\b(\d+(?:\.\d+)?)(?:st|nd|rd|th)?\b")
_EN_MONTH = re.compile(r"\b(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b|\bmay(?=\s+\d)")


def cn_to_int(text: str) -> int | None:
    """Chinese numeral to int for 0..999 (三 → 3, 十五 → 15, 二十三 → 23, 一百零五 → 105)."""
    if not text:
        return None
    if all(c in _CN_DIGITS for c in text) and len(text) > 1:  # 二〇二六 digit by digit
        return int("".join(str(_CN_DIGITS[c]) for c in text))
    total, cur = 0, 0
    for c in text:
        if c in _CN_DIGITS:
            cur = _CN_DIGITS[c]
        elif c == "十":
            total += (cur or 1) * 10
            cur = 0
        elif c == "百":
            total += (cur or 1) * 100
            cur = 0
        else:
            return None
    return total + cur


def numbers_of(text: str) -> tuple[int, ...]:
    """The numbers a statement states, sorted (a multiset): digits, Chinese numerals before a
    unit, English month names. ``3月5号`` and ``三月五号`` and ``March 5`` all give (3, 5)."""
    out: list[int] = []
    if lang_of(text) == "zh":
        for m in _CN_NUM.finditer(text):
            v = cn_to_int(m.group(1))
            if v is not None:
                out.append(v)
        t = text
    else:
        t = expand_en(text)
        out += [_MONTHS.get(m.group(0), 5) for m in _EN_MONTH.finditer(t)]
    digits = re.finditer(r"(\d+(?:\.\d+)?)", t) if lang_of(text) == "zh" else _EN_NUM.finditer(t)
    for m in digits:
        out.append(int(float(m.group(1))))
    return tuple(sorted(out))


# -- tokens for a lexical sanity check -----------------------------------------------------------
def content_tokens(text: str) -> frozenset[str]:
    """jieba search tokens without stopwords and negation words (for lexical overlap)."""
    from memcli.text import STOPWORDS, search_tokens

    neg = {"不", "没", "没有", "从不", "从来", "不再", "not", "never", "no", "don't", "dont", "do", "does"}
    return frozenset(t for t in search_tokens(text) if t not in STOPWORDS and t not in neg)


def value_key(value: str) -> str:
    """A slot value for comparison: NFKC, case-folded, punctuation → one space."""
    t = unicodedata.normalize("NFKC", value).casefold()
    return " ".join(re.sub(r"[\W_]+", " ", t).split())


# -- analyze ---------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def analyze(statement: str) -> Facts:
    """Slot, value, polarity and numbers of one statement (rules first, then generic)."""
    from memcli.write import rules_en, rules_zh

    rules = rules_zh if lang_of(statement) == "zh" else rules_en
    m = rules.match_clause(rules.prepare(statement))
    return Facts(statement=statement, slot=m.slot if m else None,
                 value=value_key(m.value) if m and m.value else None,
                 positive=polarity_of(statement), numbers=numbers_of(statement), kind=m.kind if m else None)
