"""What a statement asserts, cheaply: slot, value, polarity and the numbers in it.

Embeddings are nearly blind to negation and numbers (all-MiniLM-L6-v2 here: 我喜欢猫 vs
我不喜欢猫 → 0.83, 我妈妈的生日是3月5号 vs 3月6号 → 0.96), so the decision step checks
these explicitly before it lets a high cosine reinforce a stored memory:

- **polarity**: the parity of negation markers (不/没/从不/讨厌…, not/never/without/hate…);
- **numbers**: digits, Chinese numerals before a unit (三月五号 → 3, 5), month names
  (March 5 → 3, 5), compared as a multiset;
- **slot/value**: the rule extractors' ``subject.attribute`` key and its value;
- **relative time words** (昨天, 上周, 去年, yesterday, last month): resolved against the
  time the utterance was said (:func:`resolve_ago`), never the clock of the drain.

Pure functions, no model, no database; imports only leaves (memcli.text, memcli.slots, memcli.numerals,
memcli.reltime: the one reader of relative time).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

from memcli import slots
from memcli.numerals import EN_NUMBER_WORDS as _EN_WORDS
from memcli.numerals import EN_TENS as _EN_TENS
from memcli.numerals import zh_number as cn_to_int
from memcli.reltime import moved_back
from memcli.rx import rx
from memcli.text import lang_of, to_simplified
from memcli.write.rules.hashed_once import HashedOnce

__all__ = ["EN_NEGATION", "Facts", "Match", "ZH_NEGATION", "ZH_NOT_NEGATION", "cn_to_int", "content_tokens",
           "content_units", "counts_spelled", "entity_units", "expand_en", "numbers_of", "polarity_of", "resolve_ago",
           "value_key"]


@dataclass(frozen=True)
class Match:
    """One fact recognised in one clause (see :mod:`.zh` / :mod:`.en`).

    ``ago``: a relative time word of the clause as (unit, n): ("day", 1) for 昨天/yesterday,
    ("month", 1) for 上个月/last month; the fact holds from the utterance's time minus that.
    """

    statement: str
    kind: str
    slot: str | None = None
    value: str | None = None
    salience: float = 0.5
    confidence: float = 0.7
    ago: tuple[str, int] | None = None


@dataclass(frozen=True)
class Facts(HashedOnce):
    """The checkable content of one statement."""

    statement: str
    slot: str | None
    value: str | None
    positive: bool
    numbers: tuple[int, ...] = field(default_factory=tuple)
    kind: str | None = None
    subject: str = "me"

    __hash__ = HashedOnce.__hash__  # the fields' hash, once (a pair's cache key: round 33)


# -- polarity ------------------------------------------------------------------------------
ZH_NOT_NEGATION = re.compile(r"不过(?!敏)|不错|不少|不久|不但|不仅|不管|不同|不得不|差不多|了不起|对不起|不一定|无论|没关系|"  # noqa: E501
                              r"特别|分别|别人|区别|级别|告别|别墅|性别|差别|类别|别的|无聊|无线|无糖")
#: (a cure told ends a condition: 痊愈 / 治好了 / 我妈的高血压好了 / "recovered", "cured", as "no longer" does)
ZH_NEGATION = re.compile(r"腻了|从来不|从来没|不再|受不了|讨厌|厌恶|戒了|戒掉|戒烟|戒酒|克服|搬离|搬出|离开了|没有|"
                         r"不|没|别|无|痊愈|康复|治好|治愈|(?<=[病症炎压伤痛冒敏疹])好了|"
                         r"(?:很少|极少)(?=[^，。,]*了)")  # (我很少喝咖啡了: less than it was, round 41)
_EN_CONTRACTIONS = [
    (re.compile(r"\bcan't\b|\bcan’t\b"), "cannot"), (re.compile(r"\bwon't\b|\bwon’t\b"), "will not"),
    (re.compile(r"n't\b|n’t\b"), " not"), (re.compile(r"\bi'm\b|\bi’m\b"), "i am"),
    (re.compile(r"'ve\b|’ve\b"), " have"), (re.compile(r"'re\b|’re\b"), " are"), (re.compile(r"'ll\b|’ll\b"), " will"),
    (re.compile(r"'d\b|’d\b"), " would"),
]
EN_NEGATION = re.compile(
    r"\b(?:cannot stand|can not stand|no longer|not|never|no|without|cannot|hate[sd]?|dislike[sd]?|detest|loathe|"
    r"quit|stopped|gave up|given up|got over|recovered|cured|healed|moved out|moved away|no more|unbearable|"
    r"sick of|tired of|bored of|"
    r"gone off|(?:am|is|are) off(?! to\b)|"
    r"cannot bear|abhor|despise[sd]?|averse)\b")


def expand_en(text: str) -> str:
    """Lower-case English with contractions expanded (don't → do not, I'm → i am)."""
    t = text.casefold().replace("’", "'")
    for pat, rep in _EN_CONTRACTIONS:
        t = pat.sub(rep, t)
    return rx(r"\s+").sub(" ", t).strip()


def polarity_of(text: str) -> bool:
    """True when the statement is affirmative: no negation marker at all.

    Not the parity of the markers: independent negations ("no sugar and no milk",
    我不喝酒也不抽烟) are common in speech, double negations ("I don't hate it") rare.
    """
    if lang_of(text) == "zh":
        return not ZH_NEGATION.search(ZH_NOT_NEGATION.sub("", to_simplified(text)))
    return not EN_NEGATION.search(expand_en(text))


# -- numbers -------------------------------------------------------------------------------
# (Chinese numerals and English number words: memcli.numerals, cn_to_int being its zh_number)
_CN_NUM = re.compile(r"([零〇一二两三四五六七八九十百千万]+)(?=[月号日岁点年周天次斤块元米个小分只位条本台辆勺杯公度楼层平步钱克件双套间所门节回遍趟顿份张篇首部集场届名口户瓶碗盒])|"  # noqa: E501
                     r"([零〇一二两三四五六七八九十百千万]*[十百千万][零〇一二两三四五六七八九]?)(?![\u4e00-\u9fff])")
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), start=1)}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
_MONTHS.pop("may", None)  # "may" is mostly the verb; "May 5" is handled below
_EN_NUM = re.compile(r"\b(\d+(?:\.\d+)?)(k)?(?:st|nd|rd|th)?\b")
_EN_NUMWORD = re.compile(r"\b(" + "|".join(_EN_TENS) + r")(?:[- ](" + "|".join(list(_EN_WORDS)[1:10]) + r"))?\b|\b("
                         + "|".join(_EN_WORDS) + r")\b(?! of (?:us|them|my|the))")
_EN_MONTH = re.compile(r"\b(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b|\bmay(?=\s+\d)")


_ZH_DATE = re.compile(r"([零〇一二两三四五六七八九十]{1,3}|\d{1,2})月([零〇一二三四五六七八九十]{1,3}|\d{1,2})(?:[号日]|(?![\u4e00-\u9fff\d]))")  # noqa: E501
#: a lunar-calendar date (农历三月初三, 正月十五, 腊月二十三, 冬月廿九): read as 5000 + month*100 + day so it never
#: equals a solar date (正月初八 ≠ 1月8号); a month of 正/冬/腊, a 农历/阴历 before it or a day of 初X/廿X marks it
_ZH_LUNAR = re.compile(r"(农历|阴历)?(正|冬|腊|[一二三四五六七八九十]{1,2})月"
                       r"(初[一二三四五六七八九十]|廿[一二三四五六七八九]?|[二三]?十[一二三四五六七八九]?|[一二三四五六七八九])?")
_LUNAR_MONTH = {"正": 1, "冬": 11, "腊": 12}


def _lunar(m: re.Match, out: list[int]) -> str:
    """Append a lunar date's value to ``out`` and blank it; a solar one (三月十五) is left for ``_ZH_DATE``."""
    lunar_day = (m.group(3) or "")[:1] in ("初", "廿")
    if not (m.group(1) or m.group(2) in _LUNAR_MONTH or lunar_day):
        return m.group(0)
    mo = _LUNAR_MONTH.get(m.group(2)) or cn_to_int(m.group(2)) or 0
    day = m.group(3) or ""
    d = (cn_to_int(day[1:]) or 0) if day.startswith("初") else \
        20 + (cn_to_int(day[1:]) or 0) if day.startswith("廿") else (cn_to_int(day) or 0) if day else 0
    out.append(5000 + mo * 100 + d)
    return " "


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


_ZH_HOURS = re.compile(r"(半|[零〇一二两三四五六七八九十]+|\d+(?:\.\d+)?)?(个)?(半)?(?:小时|钟头)")
_EN_HOURS = re.compile(r"\b(an|a|one|half an|an hour and a half|\d+(?:\.\d+)?|" + "|".join(
    list(_EN_WORDS)[2:13]) + r")[- ]hours?\b")


def _in_minutes(t: str, zh: bool) -> str:
    """Durations in hours as minutes, so that an hour / 60 minutes / 一个小时 / 六十分钟 compare
    (一个半小时 → 90分钟, half an hour → 30 minutes; 7小时 → 420分钟)."""
    if zh:
        def zh_sub(m: re.Match[str]) -> str:
            n, half = m.group(1), bool(m.group(3))
            if n == "半":
                return "30分钟"
            v = float(n) if n and n[0].isdigit() else (cn_to_int(n) if n else 1)
            return f"{int(((v or 0) + (0.5 if half else 0)) * 60)}分钟"
        return _ZH_HOURS.sub(zh_sub, t)

    def en_sub(m: re.Match[str]) -> str:
        w = m.group(1)
        v = {"an": 1.0, "a": 1.0, "one": 1.0, "half an": 0.5}.get(w)
        if v is None:
            v = float(w) if w[0].isdigit() else float(_EN_WORDS.get(w, 1))
        return f"{int(v * 60)} minutes"
    return _EN_HOURS.sub(en_sub, t)


#: collective counts, spelled as the number they are: a pair / a couple of → two, a dozen → twelve, half a dozen →
#: six; Chinese N对 → 2N只 (一对猫 is 两只猫; 一对一 is no count), 一打 → 十二个
_EN_COLLECTIVE = re.compile(r"\b(?:half a dozen|(?:a|one) (?:pair|couple) of|(?:a|one) dozen)\b")
_ZH_COLLECTIVE = re.compile(r"(?<![\d零〇一二两三四五六七八九十百千万几])([一二两三四五六七八九十]|\d+)([对打])"
                            r"(?![一多])(?=[\u4e00-\u9fff])")


def counts_spelled(text: str, zh: bool) -> str:
    """``text`` (simplified Chinese, or English as :func:`expand_en` gives it) with collective counts spelled as
    numbers: ``i own a pair of cats`` → ``i own two cats``, ``我养了一对猫`` → ``我养了2只猫``, ``一打鸡蛋`` →
    ``12个鸡蛋``; any other text unchanged."""
    if zh:
        def zh_sub(m: re.Match[str]) -> str:
            n = int(m.group(1)) if m.group(1).isdigit() else cn_to_int(m.group(1)) or 0
            return f"{n * 2}只" if m.group(2) == "对" else f"{n * 12}个"
        return _ZH_COLLECTIVE.sub(zh_sub, text)
    return _EN_COLLECTIVE.sub(lambda m: "six" if m.group(0).startswith("half") else
                              "twelve" if m.group(0).endswith("dozen") else "two", text)


def numbers_of(text: str) -> tuple[int, ...]:
    """The numbers a statement states, sorted (a multiset): dates as month*100+day
    (``3月5号``, ``三月五号``, ``March 5``, ``5th of March`` all give 305; ``May 3`` 503),
    digits (``1,200`` is 1200), Chinese numerals before a unit, English number words,
    weekdays and times of day (Fridays vs Mondays, 下午 vs 早上 differ)."""
    out: list[int] = []
    zh = lang_of(text) == "zh"
    t = counts_spelled(to_simplified(text) if zh else expand_en(text), zh)
    t = rx(r"(\d),(\d{3})\b").sub(r"\1\2", t)
    t = _in_minutes(t, zh)
    if zh:
        t = rx(r"([一1])米([一二三四五六七八九])([一二三四五六七八九十])?(?![\u4e00-\u9fff]*厘)").sub(
            lambda m: f"{100 + 10 * (cn_to_int(m.group(2)) or 0) + (cn_to_int(m.group(3) or '') or 0)}厘米", t)
        t = _ZH_LUNAR.sub(lambda m: _lunar(m, out), t)
        for m in _ZH_DATE.finditer(t):
            mo, d = (int(x) if x.isdigit() else cn_to_int(x) for x in m.groups())
            out.append((mo or 0) * 100 + (d or 0))
        t = _ZH_DATE.sub(" ", t)
        # 一周三次 / 一个月去两回: 一 is "per", not a count (每周一次 and 一周三次 differ in 1 vs 3)
        t = rx(r"[一1](?=个?(?:周|星期|礼拜|月|天|年)[^，。,；;]{0,6}?[次回趟遍])").sub("每", t)
        out += [_ZH_WHEN[m.group(0)] for m in _ZH_WHEN_RE.finditer(t)]
        for m in _CN_NUM.finditer(t):
            v = cn_to_int(m.group(1) or m.group(2))
            if v is not None:
                out.append(v)
        digits = rx(r"(\d+(?:\.\d+)?)").finditer(t)
    else:
        for m in _EN_DATE.finditer(t):
            month, day = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            out.append(_MONTHS.get(month, 5) * 100 + int(day))
        t = _EN_DATE.sub(" ", t)
        out += [_MONTHS.get(m.group(0), 5) for m in _EN_MONTH.finditer(t)]
        out += [_EN_WHEN[m.group(1)] for m in _EN_WHEN_RE.finditer(t)]
        for m in _EN_NUMWORD.finditer(t):
            v = _EN_TENS[m.group(1)] + _EN_WORDS.get(m.group(2) or "zero", 0) if m.group(1) else _EN_WORDS[m.group(3)]
            scale = rx(r"\s+(hundred|thousand)\b").match(t[m.end():])  # eighteen hundred = 1800
            out.append(v * (100 if scale and scale.group(1) == "hundred" else 1000 if scale else 1))
        digits = _EN_NUM.finditer(t)
    for m in digits:
        k = m.lastindex and m.lastindex >= 2 and m.group(2)
        out.append(int(float(m.group(1)) * (1000 if k else 1)))
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
            w = word[: -len(suf)]
            if suf in ("ing", "ed") and len(w) > 2 and w[-1] == w[-2] and w[-1] not in "aeiouls":
                w = w[:-1]  # running → run, stopped → stop
            return w
    return word


@lru_cache(maxsize=8192)
def content_units(text: str) -> frozenset[str]:
    """What a statement is about: Chinese content characters, or English word stems without
    fillers and negations (allergic/allergy → allerg, cats → cat)."""
    if lang_of(text) == "zh":
        return frozenset(c for c in to_simplified(text) if "\u4e00" <= c <= "\u9fff" and c not in ZH_FUNCTION_CHARS)
    words = re.findall(r"[a-z0-9]+", expand_en(text))
    return frozenset(_stem(w) for w in words if w not in _EN_FILLER and not EN_NEGATION.fullmatch(w)
                     and w not in _EN_WORDS and w not in _EN_TENS and not w.isdigit())


@lru_cache(maxsize=16384)  # asked of each clause unit and statement several times per utterance
def mixed_content_units(text: str) -> frozenset[str]:
    """:func:`content_units` of both scripts of a mixed text: the Chinese content characters and
    the stems of its Latin words (叫Mimi → {叫, mimi}; 我的仓鼠叫Mimi → {仓, 鼠, 叫, mimi}), so that
    a clause naming a thing in Latin letters is compared with a Chinese statement naming it too."""
    s = to_simplified(text)
    zh = frozenset(c for c in s if "\u4e00" <= c <= "\u9fff" and c not in ZH_FUNCTION_CHARS)
    latin = " ".join(re.findall(r"[A-Za-z0-9']+", s))
    return zh | content_units(latin) if latin else zh


#: English word stems that change the wording, not the fact (take/drink/put my coffee…)
_EN_LIGHT_WORDS = (
    "take put drink have got get go do make eat use like love enjoy prefer keep start begin live stay work always "
    "usually often normally generally typically every day morning night evening week weekend pretty really big huge "
    "fan kind person lot much many thing stuff stand hate dislike can need want see feel find follow someone who "
    "one most best all around roughly approximately about each per own pair couple completely totally")
_ZH_ENTITY_POS = ("n", "nr", "ns", "nt", "nz", "nrt", "nrfg", "eng", "vn", "j", "l", "i")
_ZH_NOT_ENTITY = frozenset("时候 时间 东西 事情 样子 一下 感觉 今年 现在 以前 以后 之前 之后 每天 平时".split())


_PRONOUN_CHAR = re.compile(r"[我你他她它]")


@lru_cache(maxsize=8192)
def entity_units(text: str) -> frozenset[str]:
    """The things a statement names, for "one changed entity is a different fact": Chinese
    nouns and names by jieba.posseg (上海, 丰田, 办公), English content stems without light
    verbs and fillers (vitamin, d; toyota, corolla). Wording (住/家在, take/drink) is not an entity."""
    if lang_of(text) == "zh":
        from memcli.text import pos_tags

        return frozenset(w for w, flag in pos_tags(to_simplified(text)) if flag in _ZH_ENTITY_POS and len(w) > 1
                         and w not in _ZH_NOT_ENTITY and not _PRONOUN_CHAR.search(w))
    return content_units(text) - _EN_LIGHT


# -- tokens for a lexical sanity check -----------------------------------------------------------
def content_tokens(text: str) -> frozenset[str]:
    """jieba search tokens without stopwords and negation words (for lexical overlap)."""
    from memcli.text import STOPWORDS, search_tokens

    neg = {"不", "没", "没有", "从不", "从来", "不再", "not", "never", "no", "don't", "dont", "do", "does"}
    return frozenset(t for t in search_tokens(text) if t not in STOPWORDS and t not in neg)


@lru_cache(maxsize=8192)
def value_key(value: str) -> str:
    """A slot value for comparison: NFKC, case-folded, punctuation → one space."""
    t = unicodedata.normalize("NFKC", value).casefold()
    return " ".join(_stem(w) if w.isascii() and w.isalpha() else w for w in re.sub(r"[\W_]+", " ", t).split())


_EN_LIGHT = content_units(_EN_LIGHT_WORDS)


# -- relative time -------------------------------------------------------------------------
def resolve_ago(at: datetime, ago: tuple[str, int] | None) -> datetime:
    """``at`` moved back by ``ago`` as :func:`memcli.reltime.moved_back` reads it (the one reader of relative time,
    round 41: ("day", 1) → the day before; ("month", 1) → the same day of the previous month, clamped to its
    length; ("weekend", 1) → the Saturday of last weekend; ("month_of", 3) → the first of the last March …). A count
    no calendar holds (5000 years ago, 10**20 days ago) moves nothing: ``at``, the time it was said."""
    if not ago:
        return at
    try:
        return moved_back(at, *ago)
    except (OverflowError, ValueError):  # before the year 1, or past what a timedelta holds
        return at


# -- one fact of a rule ------------------------------------------------------------------------
#: parts and measures of the body in Chinese, longest first (a regex alternation: 肠胃 before 胃); the
#: Chinese rules read one leading a clause as the speaker's (:data:`memcli.write.rules.zh_words._BODY_TOPIC`)
ZH_BODY = ("肠胃|胃|肚子|腰椎|腰|后背|颈椎|脖子|肩膀|膝盖|腿|脚踝|脚|手腕|手指|眼睛|牙齿|牙|嗓子|喉咙|"
           "头|心脏|肝|肾|皮肤|血压|血糖|血脂|尿酸|睡眠|身体|耳朵|鼻子|关节|视力|听力")
#: parts and measures of the body, both languages: a fact about one is a health fact (my back hurts)
BODY_PARTS = frozenset(ZH_BODY.split("|")) | frozenset(
    "stomach back knee knees neck shoulder shoulders head heart skin teeth tooth eyes eyesight throat joints "
    "blood_pressure sleep".split())


#: a verb of taking food or drink that opens a liked object (吃辣, 喝咖啡, "eating steak"): the liking is of the food
_LIKE_VERB = re.compile(r"^(?:吃|喝)(?=[\u4e00-\u9fff])|^(?:eating|drinking|to eat|to drink)\s+(?=[a-z])", re.I)


#: an animal's endearing form → its plain word (猫咪, 狗狗: a pet-talk word names the animal the plain word does)
_ENDEARING = {"猫咪": "猫", "猫猫": "猫", "小猫咪": "猫", "狗狗": "狗", "兔兔": "兔子"}


def liked_object(value: str) -> str:
    """The object of a liking as its slot keys it: without a leading verb of eating or drinking, nor a
    closing 的 (吃辣 / 吃辣的 / 辣 → 辣; 喝咖啡 → 咖啡; "eating steak" → steak), an animal's endearing form as its
    plain word (猫咪 → 猫, round 46), so that 我爱吃辣 and 我不吃辣了, 我很喜欢猫咪 and 我不喜欢猫, "I love drinking
    tea" and "I stopped drinking tea", key one slot. ``value`` unchanged when nothing is left."""
    obj = _LIKE_VERB.sub("", value)
    obj = re.sub(r"(?<=[\u4e00-\u9fff])的$", "", obj)
    return _ENDEARING.get(obj, obj) or value


def slot_fact(key: str, attr: str, value: str | None, kind: str | None = None) -> tuple[str, str, str]:
    """``(slot, kind, value)`` of a fact about subject ``key`` (shared by the zh and en rules):
    keyed attributes carry the value in the slot (``like.猫``), a subject other than the user
    prefixes it (``mother.birthday``), and facts about people are relationship facts except
    health and habits."""
    a = slots.ATTRIBUTES[attr]
    obj = liked_object(value or "") if attr == "like" else value
    slot = slots.join_slot(key, attr if a.functional else f"{attr}.{obj}")
    k = kind or a.kind
    if key != slots.ME and not key.startswith("thing:") and k not in ("health", "habit"):
        k = "relationship"
    if key.startswith("thing:") and key[6:] in BODY_PARTS:
        k = "health"  # 我最近胃不好, "my stomach is bad lately": the body, not a preference or "other"
    elif key.startswith("thing:") and k == "identity":
        k = "other"  # 我家猫叫咪咪: the cat's name is no identity fact of the user's
    return slot, k, value or ""
