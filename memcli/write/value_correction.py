"""A correction that names only the values: "Sorry, I said Leeds, I meant York", "Not Rex but Max",
"Leeds — I mean York", "Correction: York, not Leeds", "It's York, not Leeds" (two names, two numbers),
我刚才说的是北大，其实是清华, 是清华，不是北大, 叫小明，不叫小亮; or only the
right value with a slip owned (其实是4月24号，我之前记错了; "It's the 9th, I misremembered"): the wrong one is the
value of the same type (a date, a number) the latest turn said.

Such a turn says no fact of its own (the clause model read it as chatter, or kept "Not Rex but Max" as a
memory); the fact is the one the user said with the wrong value. :func:`rewritten` finds it — the turn's own
words before the correction, else the latest of the preceding turns (:attr:`~memcli.write.extract.Utterance.context`)
that says the denied value — and gives that text with the value replaced, which the extractor reads as any
turn; its candidates carry the denied value (``corrects``), so :mod:`memcli.write.correction_plan` ends the
memory that says it. No turn says the denied value: nothing is stored. A statement with its slip corrected
after a dash ("My brother lives in Denver — I mean Boulder") is the statement with the last words replaced.
Pure functions over text; no model, no store.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from memcli.write.rules.en_denial import EN_SLIP

__all__ = ["bare_value", "rewritten", "value_correction", "without_relay"]

_OPEN = r"(?:(?:sorry|oops|my bad|wait|actually|no|oh|hmm|ah|ugh|argh)[,!.]*\s*){0,3}"
_V = r"(?P<{}>[^,;:!?—–]{{1,40}}?)"
_END = r"\s*[.!~]*\s*$"
_START = r"(?:^|(?<=[.!?。！？;；]\s)|(?<=[。！？；]))"
#: (round 38) the right value pointed at, the wrong one after it: "It's Tim, not Tom", "That's Lakeside rather than
#: Riverside" — a correction only when the two are values of one kind (two names, two numbers: :func:`_same_kind`)
_EN_POINTED = re.compile(
    _START
    + _OPEN
    + r"(?:it'?s|it is|that'?s|that is|it should be|that should be)\s+(?:actually\s+)?"
    + r"(?!(?:actually|on|at|in|by|from|to|for|until|till|after|before|around)\b)"  # (a time: the event rules')
    + _V.format("y")
    + r"(?:\s*,\s*(?:and\s+)?not|,?\s+rather than)\s+"
    + _V.format("x")
    + _END,
    re.I,
)
#: English corrections of a value: (denied x, corrected y) by group name
_EN = [
    re.compile(
        _START
        + _OPEN
        + r"i (?:said|wrote|typed|put|told you)\s+"
        + _V.format("x")
        + r"\s*[,;.]?\s*(?:but |when )?i (?:meant|mean)\s*,?\s*"
        + _V.format("y")
        + _END,
        re.I,
    ),
    re.compile(
        _START
        + _OPEN
        + r"(?:i (?:meant|mean)|correction\s*[:,-]|i should have said)\s*,?\s*"
        + _V.format("y")
        + r"\s*,\s*not\s+"
        + _V.format("x")
        + _END,
        re.I,
    ),
    _EN_POINTED,
    re.compile(
        _START
        + _OPEN
        + r"not\s+"
        + _V.format("x")
        + r"(?:\s*,\s*but\s+|\s+but\s+|\s*[—–]\s*|\s+-\s+|(?P<comma>\s*,\s*))"  # (round 46: "not Tuesday, Thursday")
        + _V.format("y")
        + _END,
        re.I,
    ),
]
#: a statement, or a value, with its slip put right after a dash or a comma ("… Denver — I mean Boulder")
_EN_DASH = re.compile(
    r"^(?P<head>.+?)\s*(?:—|–|--|\s-\s|,|\.\.\.)\s*(?:sorry,?\s*)?i mean,?\s+" + _V.format("y") + _END, re.I
)
_ZH_OPEN = r"(?:(?:不好意思|抱歉|对不起|哎呀|哎|哦|噢|呃|嗯|啊)[，,！!。~～\s]*){0,2}"
_ZV = r"(?P<{}>[^，,。！!？?；;：:我你他她它]{{1,16}}?)"
_ZH_END = r"[。！!~～.]*$"
_ZH = [
    re.compile(
        _START
        + _ZH_OPEN
        + r"(?:我)?(?:刚才|刚刚|之前|前面|上次)?(?:说|写|打|讲)的?(?:是)?"
        + _ZV.format("x")
        + r"[，,。\s]*(?:其实|实际上|应该|正确的)(?:应该)?是"
        + _ZV.format("y")
        + _ZH_END
    ),
    re.compile(
        r"^" + _ZH_OPEN + r"(?:其实|应该)?(?:是|叫)" + _ZV.format("y") + r"[，,]?\s*(?:而)?不(?:是|叫)"
        + _ZV.format("x") + _ZH_END
    ),
    re.compile(
        r"^" + _ZH_OPEN + r"不是" + _ZV.format("x") + r"[，,]\s*(?:而|其实|应该)?是" + _ZV.format("y") + _ZH_END
    ),
]
#: a correction that names only the right value and says the earlier one was misremembered (其实是4月24号，我之前记错了;
#: "Actually it's the 9th, I misremembered"): the wrong value is the one of the same type the latest turn said
_ZH_SLIP = r"(?:我)?(?:之前|刚才|刚刚|前面|上次)?(?:记错了|说错了|搞错了|写错了|弄错了)"
_EN_SLIP = EN_SLIP
#: an opener that says the latest turn was wrong, before the right value alone (不对，是周四; "Sorry, I meant
#: Thursday"): a correction across turns, as a slip owned is
_ZH_DENY = r"(?:不对|不是的|错了|(?:我)?说错了|(?:我)?记错了|搞错了|更正一下|纠正一下)"
#: (round 46) a slip owned after the right value (不对，是三月十四号，我记错了)
_ZH_SLIP_AFTER = r"(?:[，,。\s]*" + _ZH_SLIP + r")?"
#: (round 46) an English opener that takes back the latest turn, before a Chinese value ("sorry, 是周四")
_EN_OPEN_ZH = r"(?:(?:sorry|oops|my bad|no|nope|wait|actually|oh|hmm|correction)[,:!.，：\s]*){1,3}"
_ONLY_NEW_ZH = [
    re.compile(r"^" + _ZH_OPEN + r"(?:其实|实际上|应该)(?:应该)?是" + _ZV.format("y") + r"[，,。\s]*" + _ZH_SLIP
               + _ZH_END),
    re.compile(r"^" + _ZH_OPEN + _ZH_DENY + r"[，,。！!\s]*(?:其实|实际上|应该)?(?:应该)?(?:是)?" + _ZV.format("y")
               + _ZH_SLIP_AFTER + _ZH_END),
    # (round 46) an English opener before a Chinese value: "sorry, 是周四", "no wait, 应该是三月十四号"
    re.compile(r"^" + _EN_OPEN_ZH + r"(?:其实|实际上|应该)?(?:应该)?是" + _ZV.format("y") + _ZH_SLIP_AFTER + _ZH_END,
               re.I),
    re.compile(r"^" + _ZH_OPEN + _ZH_SLIP + r"[，,。\s]*(?:其实|实际上|应该)(?:应该)?是" + _ZV.format("y") + _ZH_END),
]
#: (round 48) a date relayed from whoever sets it (老师说是周四, 不对，班主任刚通知改到周四了): the right day alone,
#: as a slip owned is; read only for a date or a day of the week (医生说是胃炎 relays no value of the turn before)
_ZH_RELAYED = re.compile(r"^" + _ZH_OPEN + r"(?:" + _ZH_DENY + r"[，,。！!\s]*)?(?!我说)(?:我的?)?[\u4e00-\u9fff]{1,5}?"
                         r"(?:刚|刚刚|刚才|又|已经|也)?(?:在[\u4e00-\u9fff]{0,4}群里?)?(?:说|通知|讲)(?:了)?(?:说)?"
                         r"[，,：:\s]*(?:时间)?(?:已经)?(?:改到|改成|改在|换到|挪到|定在|是|在)(?:下)?"
                         + _ZV.format("y") + r"(?:了|啦)?" + _ZH_END)
#: (round 46) a bare value after words that take the latest turn back: "No wait, March 14", "Actually, the 14th",
#: "Oops, Thursday", "Sorry, make that 3": a correction only when a turn before says one value of its type
_EN_BARE = re.compile(
    _START + r"(?:(?:sorry|oops|my bad|wait|actually|no|nope|oh|hmm|ah|ugh|correction\s*:|scratch that|make that)"
    r"[,!.:]*\s*){1,3}(?:(?:it'?s|it is|make (?:it|that))\s+(?:actually\s+)?)?(?:on\s+|at\s+)?(?:the\s+)?"
    + _V.format("y") + _END, re.I)
_ONLY_NEW_EN = [
    re.compile(_START + _OPEN + r"(?:it'?s|it was|it is)\s+(?:actually\s+)?(?:the\s+)?" + _V.format("y")
               + r"\s*[,;.]\s*" + _EN_SLIP + _END, re.I),
    re.compile(_START + _OPEN + _EN_SLIP + r"\s*[,;.:]\s*(?:it'?s|it is|it was)\s+(?:actually\s+)?(?:the\s+)?"
               + _V.format("y") + _END, re.I),
    re.compile(_START + _OPEN + r"i (?:meant|mean)\s*,?\s*(?:on\s+|at\s+)?(?:the\s+)?" + _V.format("y") + _END,
               re.I),    _EN_BARE,
]
_BARE = (_EN_BARE, _ONLY_NEW_ZH[-1])
#: values of one type in a turn: a date (4月24号, March 8th, the 9th), else a number
_DATE = re.compile(r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})月(?:\d{1,2}|[一二三四五六七八九十]{1,3})[号日]?|"
                   r"(?:\d{1,2}|[一二三四五六七八九十]{1,3})[号日]|"
                   r"\b\d{1,2}(?:st|nd|rd|th)? (?:of )?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|"
                   r"june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|"
                   r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?\b|"
                   r"\b\d{1,2}(?:st|nd|rd|th)(?: of [a-z]+)?\b", re.I)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)?")
#: (round 46) a name or place of one to three capitalised words (Boston, Anna, New York)
_NAME = re.compile(r"(?-i:[A-Z][a-z][\w'-]*(?:\s+[A-Z][a-z][\w'-]*){0,2})")
#: a day of the week (周三, 星期四, 礼拜天, Thursday, Thurs.)
_WEEKDAY = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
                      r"(?-i:\b(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\b\.?)", re.I)  # not sat / the sun
#: a value is a few words and no clause: no verb of being or having, no subject of the user's, no pronoun,
#: answer or hedge ("I said it before, I mean it"; "Not really, I mean maybe")
_CLAUSE = re.compile(
    r"\b(?:i|i'm|im|we|my|our|is|are|was|were|am|has|have|had|lives?|works?|do|does|it|that|this|"
    r"so|yes|no|yeah|nope|maybe|probably|really|like|well|just|very|too|sure)\b",
    re.I,
)
_KIND = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|"
    r"may|june|july|august|september|october|november|december|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve|noon|midnight)s?\b",
    re.I,
)


def _same_kind(x: str, y: str) -> bool:
    """``x`` and ``y`` read as values of one kind: both names, both numbers or times, or one noun with another
    word before it (Oak Street / Elm Street): what a slip said after a dash ("… Denver — I mean Boulder") is."""

    def kind(v: str) -> str:
        return "num" if re.search(r"\d", v) or _KIND.search(v) else "name" if v[:1].isupper() else ""

    return bool(kind(x)) and kind(x) == kind(y) or x.split()[-1].casefold() == y.split()[-1].casefold()


@lru_cache(maxsize=8192)
def value_correction(text: str) -> tuple[str, str, int] | None:
    """``(denied, corrected, start)`` when ``text`` ends with a correction that names only the values
    (see the module doc); ``start``: where the correction begins in ``text``. None otherwise. Cached by
    ``text``: a drain asks it of a turn twice (whether the turn wants its context, then with the context), and of
    the same turn of many users (round 35: 512 entries missed half of a drain's calls)."""
    zh = re.search(r"[\u4e00-\u9fff]", text) is not None
    for rx in _ONLY_NEW_ZH if zh else _ONLY_NEW_EN:  # only the right value: the wrong one is found by its type
        if (m := rx.search(text.strip())) is not None and _typed(m.group("y").strip()) is not None:
            return "", m.group("y").strip(), m.start()
    if zh and (m := _ZH_RELAYED.search(text.strip())) is not None and _typed(m.group("y").strip()) in (_DATE, _WEEKDAY):
        return "", m.group("y").strip(), m.start()
    for rx in _ZH if zh else _EN:
        if (m := rx.search(text.strip())) is not None:
            x, y = m.group("x").strip(), m.group("y").strip()
            if x.casefold() != y.casefold() and (zh or not (_CLAUSE.search(x) or _CLAUSE.search(y))) and (
                    zh or (rx is not _EN_POINTED and not m.groupdict().get("comma")) or _same_kind(x, y)):
                # ("It's cold, not hot", "Not bad, thanks" correct no value)
                return x, y, m.start()
    return None


#: (round 47) a clause that only relays who changed it (物业刚在群里通知了, 教练刚说的): no value of its own
_ZH_RELAY = re.compile(r"(?!我)[\u4e00-\u9fff]{1,4}?(?:刚|刚刚|刚才|已经|也)?(?:在[\u4e00-\u9fff]{0,4}群里?)?"
                       r"(?:改|说|通知|发)(?:过|了|的)+")


def without_relay(text: str) -> str:
    """A Chinese correction (不对，是周五，班主任在家长群里说了) without the clause that only relays who changed the
    value: the correction as :func:`value_correction` reads it (不对，是周四). ``text`` itself otherwise."""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return text
    parts = re.split(r"[，,。！!；;]+", text.strip().rstrip("。！!~～"))
    kept = [p for p in parts if p and not _ZH_RELAY.fullmatch(p.strip())]
    return "，".join(kept) if kept and len(kept) < len([p for p in parts if p]) else text


def bare_value(text: str) -> bool:
    """``text`` is only a correction of a value of the turn before (不对，是三月十四号; "No wait, the 14th";
    "Actually not Tuesday, Thursday"; "sorry, 是周四"): the earlier value was a slip, never so. False for a turn that
    says the fact again beside it ("My brother lives in Denver — I mean Boulder"). A clause that only relays who
    changed it (教练刚在群里说了) is no fact beside it (:func:`without_relay`)."""
    text = without_relay(text)
    vc = value_correction(text)
    return vc is not None and not text.strip()[: vc[2]].strip()


def _says(text: str, value: str) -> re.Match[str] | None:
    if value.isascii():
        return re.search(rf"(?<![\w']){re.escape(value)}(?![\w'])", text, re.I)
    return re.search(re.escape(value), text)


def rewritten(text: str, context: Sequence[str]) -> tuple[str, str] | None:
    """``(text to read, denied value)`` for a turn that corrects a value (see the module doc): the words that
    said the denied value, with the corrected one in its place; ``("", denied)`` when no turn said it.
    None: ``text`` corrects no value. A clause that only relays who changed it is left out (:func:`without_relay`)."""
    text = without_relay(text)
    if (dash := _EN_DASH.match(text.strip())) is not None and not re.search(r"[\u4e00-\u9fff]", text):
        head, y = dash.group("head").rstrip(" ,."), dash.group("y").strip()
        words = head.split()
        n = len(y.split())
        if len(words) > n + 1 and not _CLAUSE.search(y):  # a statement: its last words are the slip
            x = " ".join(words[-n:])
            if x.casefold() != y.casefold() and _same_kind(x, y) and not _CLAUSE.search(x):
                return " ".join(words[:-n] + [y]), x
        elif not _CLAUSE.search(head) and head.casefold() != y.casefold() and _same_kind(head, y):
            return _in_context(head, y, "", context)  # "Leeds — I mean York"
    if (vc := value_correction(text)) is None:
        return None
    x, y, start = vc
    if not x:
        found = _same_type(y, text[:start].strip(), context)
        if not found[0] and (_bare(text) or _typed(y) is _NAME):  # "No wait, March 14" with no date before it:
            # a reply, read as told
            return None
        return found
    return _in_context(x, y, text[:start].strip(), context)


def _bare(text: str) -> bool:
    """``text`` corrects with a bare value after an opener only (:data:`_EN_BARE`, "sorry, 是周四"): no word of its
    own says a slip, so it is a correction only when a turn before says a value of the type."""
    t = text.strip()
    return any(rx.search(t) for rx in _BARE) and not any(rx.search(t) for rx in _ONLY_NEW_ZH + _ONLY_NEW_EN
                                                          if rx not in _BARE)


def _typed(value: str) -> re.Pattern[str] | None:
    """The pattern of ``value``'s type: a date, a day of the week, a number, else (round 46, English) a capitalised
    name or place of one to three words; None for a value of none (a Chinese name, a common noun: which earlier word
    it replaces is not known)."""
    v = value.strip()
    typed = next((rx for rx in (_DATE, _WEEKDAY, _NUMBER, _NAME) if rx.fullmatch(v)), None)
    return None if typed is _NAME and (_KIND.search(v) or _CLAUSE.search(v)) else typed


def _values(rx: re.Pattern[str], said: str) -> list[re.Match[str]]:
    """The values of ``rx``'s type in ``said``; for a name, none at a sentence's start, nor "I" (a capital there
    says no name)."""
    found = list(rx.finditer(said))
    if rx is not _NAME:
        return found
    return [m for m in found if m.start() > 0 and not re.search(r"[.!?。！？]\s*$", said[: m.start()])
            and m.group(0) != "I" and not _KIND.fullmatch(m.group(0)) and not _WEEKDAY.fullmatch(m.group(0))]


def _same_type(y: str, before: str, context: Sequence[str]) -> tuple[str, str]:
    """The latest of ``before`` and the ``context`` turns that says exactly one value of ``y``'s type, with
    ``y`` for it; ``("", "")`` when none does (two dates in a turn: which one is wrong is not known)."""
    rx = _typed(y)
    for said in [before, *reversed(context)]:
        found = _values(rx, said) if said and rx is not None else []
        if len(found) == 1 and found[0].group(0).casefold() != y.casefold():
            m = found[0]
            return said[: m.start()] + y + said[m.end() :], m.group(0)
        if len(found) > 1:
            break
    return "", ""


def _in_context(x: str, y: str, before: str, context: Sequence[str]) -> tuple[str, str]:
    """The latest of ``before`` (the turn's own words) and the ``context`` turns that says ``x``, with ``y``
    for it; ``("", x)`` when none says it."""
    for said in [before, *reversed(context)]:
        if said and (m := _says(said, x)) is not None:
            return said[: m.start()] + y + said[m.end() :], x
    return "", x
