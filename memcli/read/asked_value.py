"""The kind of value a question asks, and whether a hit holds one: the answer ranks above its subject's chatter.

A question often asks for a value of one type about a subject the store holds many memories of: "When is
Dana's surgery?", "How long did I live in Oslo?", 我女儿几点放学, 我哪一年退休的, "Where does my brother work?".
The subject's other memories ("Dana's knee has been bad all winter", 我女儿很喜欢画画) share the question's
words as much as the one that holds the value ("Dana's operation is booked for June 3rd"), and often more:
round 32 found stored, active facts left out of the block of 3 by three memories about the same person or
thing that hold no value of the asked type.

:func:`asked_value` reads the type from the question, both languages:

- ``when``: a day, a date, a year, a time of day (when, what date, which year, 什么时候, 哪天, 几号, 哪一年);
- ``clock``: a time of day (what time, 几点);
- ``amount``: a number, a duration, an amount, an age (how long / many / much / old / far, 多少, 多久, 几岁);
- ``place``: a place (where, which city, 哪里, 在哪, 什么地方);
- ``name``: a person's or a pet's name, or who (who, what's … name, 叫什么, 谁).

:func:`holds_value` reads whether a statement holds a value of that type (a date or a weekday, a time of day,
a number, a place word or a capitalised place after a preposition, a capitalised name or a Chinese nickname),
and :func:`lift` gives the one factor (:data:`DEMOTE`) by which, among one query's hits (memories and the user's
turns alike), those that do not hold one are lowered once a hit holds one and is tied to the question
(:func:`holds_tied`: it shares one of the question's informative words, or the dense leg ranks it near the best):
the subject's other facts, and values of that type about something else, come after the answers within about
half the best score, in their own order. A question that asks no value type, or whose tied hits hold none, is
ranked as before.

Pure regex: no store access, no model. Read path only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from memcli.relazy import LATIN, NON_ASCII

__all__ = ["DEMOTE", "asked_value", "asking_word", "holds_tied", "holds_value", "lift", "same_stem", "shares_word"]

#: the share of its score a hit that holds no value of the asked type keeps (:func:`lift`, round 32): an answer
#: within about half of the best score rises above the subject's chatter, a far one only nearer to it
DEMOTE = 0.55

#: (type, pattern) of an English question, tried in order
_EN_ASKED = (
    ("clock", r"\bwhat time\b|\bat what time\b|\bhow (?:early|late)\b"),
    ("when", r"^\W*(?:and |so )?when\b|\b(?:what|which) (?:date|day|year|month|week|weekend)\b|"
             r"\bwhen (?:is|was|are|were|do|does|did|will|am|have|has)\b"),
    ("amount", r"\bhow (?:long|many|much|old|far|often|tall|big|heavy|high)\b|\bwhat (?:age|number|price)\b"),
    ("place", r"^\W*where\b|\bwhere (?:is|was|are|were|do|does|did|will|am|have|has)\b|"
              r"\b(?:what|which) (?:city|town|country|street|address|hospital|school|restaurant|place|neighbourhood|"
              r"neighborhood)\b"),
    # who / whose opening the question: "the neighbour who keeps bees" is no question of a name
    ("name", r"^\W*(?:and |so |but )?(?:who|whom|whose)\b|\bname\b|\bcalled\b"),
)
#: (type, pattern) of a Chinese question, tried in order
_ZH_ASKED = (
    ("clock", r"几点|什么时间点"),
    ("when", r"什么时候|啥时候|哪天|哪一天|几号|几月|哪年|哪一年|哪个月|星期几|周几|礼拜几|"
             r"什么日子|哪个周末|日期是|多会儿"),
    ("amount", r"多少|几个|几岁|多大|多久|多长|几年|几次|几天|几个月|几周|多远|多高|多重|"
               r"几斤|几公里|几口|几位|几只|几套|几辆"),
    # an address, not an email's (邮箱地址) nor a web one
    ("place", r"哪里|哪儿|在哪|去哪|什么地方|啥地方|哪个城市|哪座城市|哪家|哪个医院|哪所|"
              r"(?<!邮箱)(?<!邮件)(?<!电邮)(?<!网)地址"),
    ("name", r"叫什么|叫啥|名字|谁"),
)

_EN_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|december|"
              "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec")
_EN_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|tomorrow|tonight"
_ZH_NUM = "[0-9０-９一二三四五六七八九十百千两〇零几半]"
#: type → the pattern of a value of that type in a statement, both languages
_HELD = {
    "clock": (
        rf"\b\d{{1,2}}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.|o'clock)\b|\b\d{{1,2}}:\d\d\b|\bnoon\b|\bmidnight\b|"
        rf"{_ZH_NUM}+点(?:半|{_ZH_NUM}+分?|钟)?"),
    "when": (
        rf"\b(?:{_EN_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_EN_MONTHS})\b|"
        rf"\b\d{{1,2}}(?:st|nd|rd|th)\b|\b(?:in|since|until|by|from)\s+(?:{_EN_MONTHS}|(?:19|20)\d\d)\b|\b(?:19|20)\d\d\b|"
        rf"\b(?:next|last|this)\s+(?:week|month|year|spring|summer|autumn|fall|winter|{_EN_DAYS})\b|"
        rf"\bin\s+(?:the\s+)?(?:spring|summer|autumn|winter)\b|"
        rf"\b(?:on\s+)?(?:{_EN_DAYS})s?\b|\b\d{{1,2}}/\d{{1,2}}\b|"
        rf"{_ZH_NUM}+(?:月|号|日(?!子)|年(?!级|纪|轻|龄|代)|周年)|(?:星期|周|礼拜)[一二三四五六日天末]|"
        rf"明天|后天|大后天|下(?:个)?(?:月|礼拜|星期|周)|明年|后年|去年|前年|年底|年初|月底|月初|过年|春节|国庆|中秋|元旦"),
    "amount": (
        rf"\b\d+(?:[.,]\d+)?\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
        rf"thirty|forty|fifty|sixty|hundred|thousand|dozen|half an?|a couple of|a few)\b|"
        rf"{_ZH_NUM}+(?:个|岁|年|天|次|块|元|万|千|百|公里|里|斤|公斤|米|小时|钟头|分钟|月|周|礼拜|星期|口|位|只|套|辆|倍|成|遍|趟|人)"),
    "place": (
        r"\b(?:in|at|to|on|near|from|into)\s+(?:the\s+)?[A-Z][a-z]+|"
        r"\b(?i:street|road|lane|avenue|drive|close|way|city|town|village|hospital|clinic|school|university|centre|"
        r"center|park|station|airport|house|flat|apartment|bungalow|office|church|library|restaurant|café|cafe)\b|"
        r"[\u4e00-\u9fff](?:市|省|县|区|镇|村|路|街|巷|小区|公园|医院|学校|大学|中学|小学|幼儿园|机场|车站|广场|商场|超市|"
        r"饭店|餐厅|公司|单位|老家|家里)|(?:住在|在|去|到|搬到|搬去|回)[\u4e00-\u9fff]{2}"),
    "name": (
        r"(?<=[a-z,;:]\s)[A-Z][a-z]{1,15}\b|(?<=[a-z]\s)(?:Dr|Mr|Mrs|Ms)\.?\s+[A-Z]|"
        r"\b[A-Z][a-z]{1,15}(?=,\s+(?:my|our|his|her|their)\s)|"
        r"[小老](?=[王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡杜叶程苏魏吕丁沈姚卢])"
        r"[\u4e00-\u9fff]|阿(?![姨婆公伯爸妈哥姐嫂])[\u4e00-\u9fff]|"
        r"(?:叫|名叫|名字是|名字叫)[\u4e00-\u9fffA-Za-z]{2}"),
}
#: capitalised words that are no one's name nor a title (English, after a lower-case word)
_NOT_NAMES = frozenset(
    "i i'm i’m i've i'd i'll monday tuesday wednesday thursday friday saturday sunday january february march "
    "april may june july august september october november december christmas easter mom mum dad ok okay tv".split())
#: a ``title`` held (round 36, :mod:`memcli.read.asked_title`): a quoted span opening with a capital or a digit, or
#: a capitalised word after a lower-case one (longer than a name's, with digits and inner marks: "Catan", "Blink-182")
_TITLE_QUOTED = r"[\"“'‘][A-Z0-9][^\"”’]{1,60}?[\"”’]"
_TITLE_CAPITAL = r"(?<=[a-z,;:]\s)[A-Z][A-Za-z0-9'’-]{1,20}\b"


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[tuple[str, re.Pattern[str]], ...], tuple[tuple[str, re.Pattern[str]], ...],
                         dict[str, re.Pattern[str]]]:
    """The patterns, compiled at the first question that needs them (a cold ``context`` of a question asking
    no value compiles nothing held)."""
    en = tuple((k, re.compile(p, re.IGNORECASE)) for k, p in _EN_ASKED)
    zh = tuple((k, re.compile(p)) for k, p in _ZH_ASKED)
    held = {k: re.compile(p) if k in ("name", "place") else re.compile(p, re.IGNORECASE) for k, p in _HELD.items()}
    held["title"], held["title_quoted"] = re.compile(_TITLE_CAPITAL), re.compile(_TITLE_QUOTED)
    return en, zh, held


#: a capitalised word right after a preposition names a place ("at Riverside", "in Leeds"), not a person
_PLACE_BEFORE = re.compile(r"\b(?:at|in|on|to|from|near|into|of|St\.?)\s+$", re.IGNORECASE)


def asked_value(question: str) -> str | None:
    """The type of value ``question`` (simplified Chinese or any other text) asks for: ``when``, ``clock``,
    ``amount``, ``place`` or ``name``, the first that matches in that order of the question's language
    (``clock`` before ``when``: "what time" asks a time of day), or None when it asks for none of them
    (a yes/no question, 做什么 / "what kind of")."""
    en, zh, _ = _compiled()
    if NON_ASCII(question):
        for kind, rx in zh:
            if rx.search(question):
                return kind
    if LATIN(question):
        for kind, rx in en:
            if rx.search(question):
                return kind
    return None


@lru_cache(maxsize=8192)
def holds_value(statement: str, asked: str, question: str = "") -> bool:
    """Whether ``statement`` holds a value of type ``asked`` (:func:`asked_value`): a ``when`` question is
    answered by a date or a time of day, a ``clock`` one by a time of day, an ``amount`` one by a number, a
    ``place`` one by a capitalised word after a preposition, a place noun or a Chinese place word (…市, 住在…),
    a ``name`` one by a capitalised word after a lower-case one that is not a day or a month ("the charge
    nurse, Marcus"), a title and a name, a name set beside a relation ("Biscuit, our cat"; 我跟老伴儿刘桂芳…),
    or a Chinese nickname (小X, 老X, 阿X) or a name said with 叫 — not
    a name the ``question`` says itself ("What's Tom's wife called?": Tom is whom it is asked of). ``title``
    (round 36, which book, film, game…: :func:`memcli.read.asked_title.asked_title`; not from :func:`asked_value`)
    by a quoted span that opens with a capital or a digit, or a capitalised word after a lower-case one that is no
    day, month or pronoun and not a word the ``question`` says."""
    held = _compiled()[2]
    if asked == "title":
        if held["title_quoted"].search(statement):
            return True
        given = question.casefold()
        return any((w := m.group(0).casefold()) not in _NOT_NAMES and not re.search(rf"\b{re.escape(w)}\b", given)
                   for m in held["title"].finditer(statement))
    rx = held.get(asked)
    if rx is None:
        return False
    if asked == "when" and held["clock"].search(statement):
        return True
    if asked != "name":
        return rx.search(statement) is not None
    given = question.casefold()
    if NON_ASCII(statement) and _relative_named_zh(statement):
        return True
    return any((w := m.group(0).casefold()) not in _NOT_NAMES and w not in given
               and not _PLACE_BEFORE.search(statement, 0, m.start()) for m in rx.finditer(statement))


#: English words that ask a value rather than name what it is of ("how long", "what time", "the name")
_ASKING_EN = frozenset("when where who whom whose what which how long many much old far often time date day year "
                       "month week name called".split())


def _relative_named_zh(statement: str) -> bool:
    """A Chinese statement names someone of the user's right after the relation word (我跟老伴儿刘桂芳两个人住,
    我同事小陈…: :func:`memcli.read.mismatch.opens_with_name_zh`): the apposition that answers 我老伴儿叫什么."""
    from memcli.read.mismatch import opens_with_name_zh, relation_words

    zh = relation_words()[0]
    return any(not zh.match(statement, m.end()) and opens_with_name_zh(statement[m.end():])
               for m in zh.finditer(statement))


def asking_word(token: str) -> bool:
    """Whether a question's search token only asks the value (long, name, 什么时候, 名字, 几点), not what it is of."""
    t = token.casefold()
    return t in _ASKING_EN or (not t.isascii() and asked_value(t) is not None)


def shares_word(tokens: Sequence[str], statement: str) -> bool:
    """Whether ``statement`` holds one of a question's informative search ``tokens`` (2+ CJK characters
    anywhere; 3+ letters at the start of a word, so teach finds teacher and dog dogs, or a word of the same
    English stem, so books finds book and painting painted: :func:`same_stem`), not one that only asks the
    value (:func:`asking_word`) nor a light verb (:data:`memcli.read.tokens.LIGHT_WORDS`: get, take, make)."""
    from memcli.read.tokens import LIGHT_WORDS
    from memcli.text import word_form

    low = statement.casefold()
    for t in tokens:
        t = t.casefold()
        if asking_word(t) or (t.isascii() and asking_word(word_form(t))) or t in LIGHT_WORDS:  # times, names, years
            continue  # ask as time… does; a light verb ("get": round 40) says nothing of what is asked
        if t.isascii():
            if len(t) >= 3 and t.isalpha() and (re.search(rf"\b{re.escape(t)}", low) or same_stem(low, t)):
                return True
        elif len(t) >= 2 and t in low:
            return True
    return False


def same_stem(low: str, word: str) -> bool:
    """Whether the case-folded text ``low`` holds a word of the case-folded English ``word``'s Snowball stem
    (:func:`memcli.text.word_form`) of 3+ letters: a plural, a past tense or an -ing form of it or of what it is
    the form of (books / book, painting / painted, stayed / staying; round 37). A stem of 2 letters (doing → do)
    ties nothing: too many words share it."""
    from memcli.read.tokens import holds
    from memcli.text import word_form

    return len(word_form(word)) >= 3 and holds(low, word)


def holds_tied(statement: str, asked: str | None, tied: bool, question: str = "") -> bool:
    """Whether a hit holds a value of the type ``asked`` (:func:`holds_value`) and is ``tied`` to the question:
    it shares an informative word with it or the dense leg ranks it near the best (the caller's reading);
    ``question``: the question (a name it says is no answer)."""
    return asked is not None and tied and holds_value(statement, asked, question)


def lift(held: bool) -> float:
    """The factor the scores of one question's hits that do not hold the asked value (:func:`holds_tied`) are
    multiplied by: :data:`DEMOTE` when some hit of the question (a memory or a turn) ``held`` one, else 1. One
    factor for all of them: their order and their ratios to one another stay."""
    return DEMOTE if held else 1.0
