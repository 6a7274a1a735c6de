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

from memcli.text import lang_of, to_simplified

__all__ = ["Facts", "Match", "analyze", "cn_to_int", "content_tokens", "content_units", "numbers_of", "polarity_of",
           "subject_of", "value_key"]


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
    subject: str = "me"


# -- polarity ------------------------------------------------------------------------------
_ZH_NOT_NEGATION = re.compile(r"不过(?!敏)|不错|不少|不久|不但|不仅|不管|不同|不得不|差不多|了不起|对不起|不一定|无论|没关系")  # noqa: E501
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
    """True when the statement is affirmative: no negation marker at all.

    Not the parity of the markers: independent negations ("no sugar and no milk",
    我不喝酒也不抽烟) are common in speech, double negations ("I don't hate it") rare.
    """
    if lang_of(text) == "zh":
        return not _ZH_NEG.search(_ZH_NOT_NEGATION.sub("", to_simplified(text)))
    return not _EN_NEG.search(expand_en(text))


# -- numbers -------------------------------------------------------------------------------
_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}  # noqa: E501
_CN_NUM = re.compile(r"([零〇一二两三四五六七八九十百]+)(?=[月号日岁点年周天次斤块元米个小分只位条本台辆勺杯公千])")
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), start=1)}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS.pop("may", None)  # "may" is mostly the verb; "May 5" is handled below
_EN_NUM = re.compile(r"\b(\d+(?:\.\d+)?)(?:st|nd|rd|th)?\b")
_EN_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
_EN_TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split())
            if i > 1}
_EN_NUMWORD = re.compile(r"\b(" + "|".join(_EN_TENS) + r")(?:[- ](" + "|".join(list(_EN_WORDS)[1:10]) + r"))?\b|\b("
                         + "|".join(_EN_WORDS) + r")\b(?! of (?:us|them|my|the))")
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


_ZH_DATE = re.compile(r"([零〇一二两三四五六七八九十]{1,3}|\d{1,2})月([零〇一二三四五六七八九十]{1,3}|\d{1,2})[号日]")
_MONTH_NAMES = "|".join(sorted((m for m in _MONTHS), key=len, reverse=True)) + "|may"
_EN_DATE = re.compile(rf"\b({_MONTH_NAMES})\.? (\d{{1,2}})(?:st|nd|rd|th)?\b|"
                      rf"\b(\d{{1,2}})(?:st|nd|rd|th)? (?:of )?({_MONTH_NAMES})\b")
#: weekdays and times of day are values too: 1001-1007 (Mon-Sun), 2001-2005 (morning … night)
_ZH_WHEN = {**{f"{p}{d}": 1000 + i for p in ("周", "星期", "礼拜") for i, d in enumerate("一二三四五六日", 1)},
            "周末": 1008, "早上": 2001, "早晨": 2001, "上午": 2001, "中午": 2002, "下午": 2003, "傍晚": 2004,
            "晚上": 2004, "夜里": 2005, "凌晨": 2005}
_EN_WHEN = {**{d: 1000 + i for i, d in enumerate(
    "monday tuesday wednesday thursday friday saturday sunday".split(), 1)}, "weekend": 1008,
    "morning": 2001, "noon": 2002, "afternoon": 2003, "evening": 2004, "night": 2005}
_ZH_WHEN_RE = re.compile("|".join(sorted(_ZH_WHEN, key=len, reverse=True)))
_EN_WHEN_RE = re.compile(r"\b(" + "|".join(_EN_WHEN) + r")s?\b")


def numbers_of(text: str) -> tuple[int, ...]:
    """The numbers a statement states, sorted (a multiset): dates as month*100+day
    (``3月5号``, ``三月五号``, ``March 5``, ``5th of March`` all give 305; ``May 3`` 503),
    digits (``1,200`` is 1200), Chinese numerals before a unit, English number words,
    weekdays and times of day (Fridays vs Mondays, 下午 vs 早上 differ)."""
    out: list[int] = []
    zh = lang_of(text) == "zh"
    t = to_simplified(text) if zh else expand_en(text)
    t = re.sub(r"(\d),(\d{3})\b", r"\1\2", t)
    if zh:
        for m in _ZH_DATE.finditer(t):
            mo, d = (int(x) if x.isdigit() else cn_to_int(x) for x in m.groups())
            out.append((mo or 0) * 100 + (d or 0))
        t = _ZH_DATE.sub(" ", t)
        out += [_ZH_WHEN[m.group(0)] for m in _ZH_WHEN_RE.finditer(t)]
        for m in _CN_NUM.finditer(t):
            v = cn_to_int(m.group(1))
            if v is not None:
                out.append(v)
        digits = re.finditer(r"(\d+(?:\.\d+)?)", t)
    else:
        for m in _EN_DATE.finditer(t):
            month, day = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            out.append(_MONTHS.get(month, 5) * 100 + int(day))
        t = _EN_DATE.sub(" ", t)
        out += [_MONTHS.get(m.group(0), 5) for m in _EN_MONTH.finditer(t)]
        out += [_EN_WHEN[m.group(1)] for m in _EN_WHEN_RE.finditer(t)]
        for m in _EN_NUMWORD.finditer(t):
            out.append(_EN_TENS[m.group(1)] + _EN_WORDS.get(m.group(2) or "zero", 0) if m.group(1)
                       else _EN_WORDS[m.group(3)])
        digits = _EN_NUM.finditer(t)
    for m in digits:
        out.append(int(float(m.group(1))))
    return tuple(sorted(out))


# -- content units: what a statement is about, for overlap and "more specific" -------------------
#: CJK characters that carry no content of their own (function words, pronouns, particles, intensifiers)
ZH_FUNCTION_CHARS = frozenset("我你他她它的了是在和与也就都很还又再不没有个这那着过吗呢吧啊呀去会要想把被给让对从到跟"
                              "真非常特别超挺比较最已经现零〇一二两三四五六七八九十百千万")
_EN_FILLER = frozenset("really very so just also actually totally absolutely quite truly definitely now currently "
                       "still a an the my i me am is are was were be been do does did have has had to of in on at "
                       "for and or but with it its that this".split())


def _stem(word: str) -> str:
    for suf in ("ically", "ies", "ing", "ed", "es", "ic", "s", "y", "e"):
        if len(word) > len(suf) + 2 and word.endswith(suf):
            return word[: -len(suf)]
    return word


def content_units(text: str) -> frozenset[str]:
    """What a statement is about: Chinese content characters, or English word stems without
    fillers and negations (allergic/allergy → allerg, cats → cat)."""
    if lang_of(text) == "zh":
        return frozenset(c for c in to_simplified(text) if "\u4e00" <= c <= "\u9fff" and c not in ZH_FUNCTION_CHARS)
    words = re.findall(r"[a-z0-9]+", expand_en(text))
    return frozenset(_stem(w) for w in words if w not in _EN_FILLER and not _EN_NEG.fullmatch(w)
                     and w not in _EN_WORDS and w not in _EN_TENS and not w.isdigit())


def subject_of(text: str) -> str:
    """Whom a statement is about: ``me``, or a relative key (``husband``, ``mother``, ...)."""
    from memcli.write import rules_en, rules_zh

    return (rules_zh if lang_of(text) == "zh" else rules_en).subject_of(to_simplified(text))


# -- tokens for a lexical sanity check -----------------------------------------------------------
def content_tokens(text: str) -> frozenset[str]:
    """jieba search tokens without stopwords and negation words (for lexical overlap)."""
    from memcli.text import STOPWORDS, search_tokens

    neg = {"不", "没", "没有", "从不", "从来", "不再", "not", "never", "no", "don't", "dont", "do", "does"}
    return frozenset(t for t in search_tokens(text) if t not in STOPWORDS and t not in neg)


def value_key(value: str) -> str:
    """A slot value for comparison: NFKC, case-folded, punctuation → one space."""
    t = unicodedata.normalize("NFKC", value).casefold()
    return " ".join(_stem(w) if w.isascii() and w.isalpha() else w for w in re.sub(r"[\W_]+", " ", t).split())


# -- analyze ---------------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def analyze(statement: str) -> Facts:
    """Slot, value, polarity and numbers of one statement (rules first, then generic).

    Traditional Chinese is read as simplified (:func:`memcli.text.to_simplified`), so 我媽媽的
    生日是3月5號 and 我妈妈的生日是3月5号 have one slot, value and date."""
    from memcli.write import rules_en, rules_zh
    from memcli.write.names import match_name

    text = to_simplified(statement)
    rules = rules_zh if lang_of(text) == "zh" else rules_en
    m = match_name(rules.prepare(text)) or rules.match_clause(rules.prepare(text))
    return Facts(statement=statement, slot=m.slot if m else None,
                 value=value_key(m.value) if m and m.value else None,
                 positive=polarity_of(text), numbers=numbers_of(text), kind=m.kind if m else None,
                 subject=subject_of(text))
