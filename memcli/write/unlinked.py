"""Two facts that nothing links, whatever change the new one tells (round 15's trial).

A told change (now / stopped / new / died / 现在 / 换成…) lets the decision end a stored fact that shares
no word with the new statement: "I switched to an iPhone" ends "I use an Android phone". The change word
says *that* something changed, not *what*: when no slot, no content word and no named thing links the two,
what is left to link them is their subjects and attributes. :func:`unlinked` says when those are apart:

- **two subjects**, neither the user, that cannot be one (my dog / my boss; 我的狗 / 我老板): a change of
  one ends nothing of the other;
- **one subject, two attributes** both named (not a catch-all such as ``fact``/``is``/``event``; a habit
  counts by what it is a habit of) and different (a weekly swim / a diet), and neither statement names
  the other's value (a stop of teaching still ends "I'm a teacher").

Pure functions over :class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.slots import ME, same_relation, split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.pair_facts import content_units
from memcli.write.quantities import quantities
from memcli.write.rules.match import Facts
from memcli.write.shared_person import without_person
from memcli.write.value_types import EN_CHANGE_VERBS, GENERIC_ATTRIBUTES, RELATED_ATTRIBUTES, ZH_CHANGE_VERBS, strong

__all__ = ["SAME_ACTIVITY_COS", "begun_apart", "change_verb", "nothing_shared", "thing_beside_own", "unlinked"]


def _attribute(slot: str | None) -> str | None:
    """The attribute a slot names, or None when it names none (no slot, a catch-all): ``diet``,
    ``habit:swim`` (a habit by what it is a habit of)."""
    if not slot:
        return None
    _, attr, key = split_slot(slot)
    if attr == "habit" and key:
        return f"habit:{key}"
    return None if attr in GENERIC_ATTRIBUTES else attr


def _names(value: str | None, statement: str) -> bool:
    """``statement`` names ``value`` (or its stem): teach / "I'm a teacher", 老师 / 我当老师."""
    if not value:
        return False
    text = to_simplified(statement).casefold()
    v = to_simplified(value).casefold()
    if lang_of(v) == "zh":
        han = re.sub(r"[^\u4e00-\u9fff]", "", v)
        return any(han[i:i + 2] in text for i in range(max(0, len(han) - 1)))
    words = [w for w in re.findall(r"[a-z]+", v) if len(w) >= 3]
    return any(w[:max(4, len(w) - 2)] in text for w in words)


#: cosine similarity at/above which two named attributes of one subject may still be one activity told
#: in other words (going running / jogging: 0.69 under use-multilingual-v3; a weekly swim / a diet: 0.39)
SAME_ACTIVITY_COS = 0.6


def unlinked(new: Facts, old: Facts, cosine: float | None = None) -> str | None:
    """Why ``new`` (incoming) and ``old`` (stored), subjects aligned, with no shared strong slot and
    content overlap below the hide floor, are two facts whatever change ``new`` tells (None: nothing says
    so). A one-line reason. ``cosine``: of the two statements (None: unknown, counts as low); at or above
    :data:`SAME_ACTIVITY_COS` two attributes of one subject are not called apart."""
    a, b = new.subject, old.subject
    if ME not in (a, b) and a != b and not same_relation(a, b) \
            and not (a.startswith("thing:") and b.startswith("thing:")):
        return f"two subjects ({b} / {a}) and nothing shared: a change of one ends nothing of the other"
    if a != b:
        return thing_beside_own(new, old)
    an, ao = _attribute(new.slot), _attribute(old.slot)
    if an and ao and an != ao and not any({an, ao} <= g for g in RELATED_ATTRIBUTES) \
            and (cosine is None or cosine < SAME_ACTIVITY_COS) \
            and not _names(new.value, old.statement) and not _names(old.value, new.statement):
        return f"two attributes of {a} ({ao} / {an}) and nothing shared: a change word alone ends nothing"
    return None


def thing_beside_own(new: Facts, old: Facts) -> str | None:
    """Why a fact of a thing of the user's (My commute is now 40 minutes, 我的通勤…) and the user's own named
    attribute (where they live, their job), neither naming the other, are two facts (None: nothing says so).

    Round 46's trial: "I live in Xuhui, near a metro station" was ended by "My commute is now 40 minutes by
    metro" — a detail word of the home ("metro") and a time word were all the two shared. A thing's fact ends
    the user's attribute only when the user's statement names the thing (my car / I drive a Toyota names no car:
    still linked through a value the other names) or the thing's statement names the attribute's value. Only a
    thing's fact told *after* the user's attribute: a change of the user's own (我搬到闵行去住了) may end a fact of
    a thing of the old life (我租的房子在徐汇)."""
    thing, own = new, old
    if not thing.subject.startswith("thing:") or own.subject != ME:
        return None
    attr = _attribute(own.slot)
    if attr is None or _attribute(thing.slot) is not None:  # (the thing's own named attribute: a rule's slot)
        return None
    name = thing.subject[len("thing:"):]
    if _names(name, own.statement) or _names(_head(own.value), thing.statement) or _HOLDS_ATTRIBUTE.fullmatch(name):
        return None
    return f"a fact of {name} beside the user's {attr}, neither naming the other: two facts"


#: things that are what an attribute of the user's holds: a home (my flat is now in…), an employer (my company…)
_HOLDS_ATTRIBUTE = re.compile(r"flat|apartment|house|home|place|room|studio|condo|dorm|company|firm|employer|job|"
                              r"work|房子|家|公寓|住处|宿舍|房间|公司|单位|工作", re.I)


def _head(value: str | None) -> str | None:
    """A value without the detail told after it (xuhui near a metro station → xuhui; 徐汇区，离地铁站很近 → 徐汇区)."""
    if not value:
        return value
    return re.split(r"[,，;；、]|\s+(?:near|next to|clos\w* to|by|with|and|which|where|that)\s+|离|靠近|附近", value)[0]


#: attributes only a person (or an animal) has: a thing told of says nothing of them
PERSONAL_ATTRIBUTES = frozenset({"height", "weight", "age", "birthday"})


def thing_beside_person(new: Facts, old: Facts) -> str | None:
    """Why a fact of a thing (My aunt's bakery is in …) and a person's own attribute (her height, age) are two
    facts whatever their words share (the owner named in both): a one-line reason, or None."""
    for thing, person in ((new, old), (old, new)):  # (the subjects first: asked of every pair, most name no thing)
        if thing.subject.startswith("thing:") and not person.subject.startswith("thing:") and person.slot and \
                (attr := split_slot(person.slot)[1]) in PERSONAL_ATTRIBUTES:
            return f"a thing's fact ({thing.subject}) beside {person.subject}'s {attr}: two facts"
    return None


#: a change told by a verb (or "again", "back to", "no longer"): what ends or replaces a stored fact. A time
#: word alone (now, recently, lately, since, new, just got; 现在, 目前, 新) says when something is, not that
#: anything changed: "Football has been my thing since childhood" ends no job of the user's
_EN_CHANGE_VERB = re.compile(r"\b(?:" + EN_CHANGE_VERBS + r"|switching|changing|starting|become|again|"
                             r"back (?:to|in|at|on)|gone back|went back|quit|stopped|gave up|given up|left)\b", re.I)
_ZH_CHANGE_VERB = re.compile(ZH_CHANGE_VERBS + r"|又")


def change_verb(text: str) -> bool:
    """``text`` tells a change with a verb (switched, moved, started, again, no longer; 换成, 搬到, 跳槽, 开始,
    不再), not with a time word alone (now, recently, since, new; 现在, 新)."""
    if lang_of(text) == "zh":
        return bool(_ZH_CHANGE_VERB.search(to_simplified(text)))
    return bool(_EN_CHANGE_VERB.search(text))


#: content units of English time words (a month, a weekday, an ordinal day): two facts dated in one month
#: share the month, not a thing ("mocks on December 8th" / "the cast comes off on the 28th of December")
_EN_TIME_UNIT = re.compile(r"(?:januar|februar|march|april|may|jun|jul|august|september|october|november|december|"
                           r"monday?|tuesday?|wednesday?|thursday?|friday?|saturday?|sunday?|\d+(?:st|nd|rd|th))")


def _linking_units(new: Facts, old: Facts) -> frozenset[str]:
    """The content units the two statements share that could link them: not a time word
    (:data:`_EN_TIME_UNIT`); not the name of the one person both are about (person:declan: "declan") when
    each side tells two things or more of them besides (an exam, a cast) — a side that tells one ("Hannah is
    my niece" / "Hannah is my granddaughter") is who the person is, and the name is what links the two."""
    shared = content_units(new.statement) & content_units(old.statement)
    if not shared:
        return shared
    if lang_of(new.statement) == "zh":  # 老伴儿每天晚饭后去 / 老伴儿不太愿意去: a "no" of one thing of a person
        # says nothing of another, 老伴儿 links nothing (round 31); with no "no" the person may be all that links a
        # change told in new words (我儿子在读幼儿园大班 / 我儿子现在上一年级了)
        pair = without_person(new, old) if new.positive != old.positive else None
        return shared if pair is None else content_units(pair[0].statement) & content_units(pair[1].statement)
    shared = frozenset(u for u in shared if not _EN_TIME_UNIT.fullmatch(u))
    named = {w for w in re.findall(r"[a-z]+", new.subject.split(":", 1)[-1])} \
        if new.subject == old.subject and new.subject != ME else set()
    if not named or not shared <= named:
        return shared
    told = [{u for u in content_units(f.statement) if u not in named and not _EN_TIME_UNIT.fullmatch(u)}
            for f in (new, old)]
    return frozenset() if min(map(len, told)) >= 2 else shared


def nothing_shared(new: Facts, old: Facts) -> str | None:
    """Why an UPDATE or CONFLICT between ``new`` (incoming) and ``old`` (stored) that share no strong slot
    must be an ADD: no content unit in common (:func:`memcli.write.pair_facts.content_units`; in English a
    month, weekday or ordinal day, and the name of the one person both tell of, do not count:
    :func:`_linking_units`; in Chinese, across a "no", the one person both open with:
    :func:`memcli.write.shared_person.without_person`)
    and no change told by a verb in ``new`` (:func:`change_verb`). Nothing then
    says the two are one fact ("I just got new boots" / "Lately I've had a tough time" sit at cosine 0.4
    under the default model); a true change in new words tells it (我住在成都 / 我搬到重庆了,
    "I drive an old Volvo" / "I traded my car in for a Kia").
    The caller checks the slot; None: something links them."""
    links = _linking_units(new, old)
    if links or change_verb(new.statement):
        return _begun_apart(new, old, links)
    return "no content word and no slot shared, and no change told by a verb: nothing says they are one fact"


#: a taking up (started, began, joined; 开始, 报了): something begun beside what goes on, not a switch
_EN_TAKE_UP = re.compile(r"\b(?:start(?:ed|ing)?|beg[au]n|took up|taken up|taking up|joined|signed up)\b", re.I)
_ZH_TAKE_UP = re.compile(r"开始|报了|报名了|参加了|加入了")
#: English content units of a span or a count of times (3 nights a week, twice a day): when, not what
_EN_SPAN_UNIT = re.compile(r"(?:day|night|week|weekend|month|year|tim|hour|morning|evening|afternoon|usuall)")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def _taken_up_only(text: str) -> bool:
    """``text`` tells a change by taking something up and by nothing else (no switch, stop or move)."""
    zh = lang_of(text) == "zh"
    rx = _ZH_TAKE_UP if zh else _EN_TAKE_UP
    plain = to_simplified(text) if zh else text
    return bool(rx.search(plain)) and not change_verb(rx.sub(" ", plain))


#: units of a calendar day as quantities reads them: ordinals (3rd, 14th), Chinese month / day characters
_DATE_UNITS = {"st": "date", "nd": "date", "rd": "date", "th": "date", "月": "date", "号": "date", "日": "date"}
_MONTH_NAMES = frozenset({"january", "february", "march", "april", "may", "june", "july", "august", "september",
                          "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
                          "sept", "oct", "nov", "dec"})


#: measures of a time (a count of years, months, days; a calendar day; an age): not "another measure" than a year
_TIME_MEASURES = frozenset({"年", "月", "天", "周", "date", "岁", "day", "month", "week", "age", "hour", "小"})


def _has_year(text: str) -> bool:
    """``text`` names a year (2028, 二〇二八年), not a count of years (三年)."""
    return bool(_YEAR.search(text)) or any(u == "年" and 1900 <= v <= 2100 for u, v in quantities(text))


#: a magnitude or a currency read as a number's unit (八千, 一万, 5k; 4500元, 200 dollars): an amount, one measure
_AMOUNT = frozenset({"千", "万", "百", "亿", "元", "块", "thousand", "million", "hundred", "k", "yuan", "rmb", "dollar",
                     "dollars", "euro", "euros", "pound", "pounds", "bucks", "usd", "eur", "gbp"})


def _measures(text: str) -> frozenset[str]:
    """What ``text``'s numbers measure: the unit after each (3 students, 4 nights), ``year`` for a year, ``date``
    for a day of a calendar (December 3rd, 14 January, 12月3号: an ordinal, a month name, 月 / 号 / 日), ``amount``
    for a magnitude or a currency (八千 / 一万, 4500元: round 44)."""
    units = {"amount" if u.casefold() in _AMOUNT else _DATE_UNITS.get(u, "date" if u in _MONTH_NAMES else u)
             for u, _ in quantities(text)}
    return frozenset(units | ({"year"} if _YEAR.search(text) else set()))


def _counted_by_unit(a: frozenset[str], b: frozenset[str], new: str, old: str) -> bool:
    """One side counts the thing the other measures in a unit of it ("one coffee a day" / "two cups of coffee a
    day", "three glasses of wine" / "one wine"): one measure (round 44)."""
    for units, counted, text in ((a, b, new), (b, a, old)):
        for thing in counted:
            for unit in units:
                if re.search(rf"\b{re.escape(unit)}s?\s+of\s+(?:[a-z-]+\s+)?{re.escape(thing)}", text, re.I):
                    return True
    return False


def _subject_words(new: Facts, old: Facts) -> frozenset[str]:
    """The content units of the one subject both facts are about (person:ruth → ruth; sister), else none."""
    if new.subject != old.subject or new.subject == ME:
        return frozenset()
    return content_units(new.subject.split(":", 1)[-1].replace("_", " "))


def begun_apart(new: Facts, old: Facts) -> str | None:
    """Why ``new`` (incoming), which tells at most a taking up (started, began; 开始) and no other change
    verb, is another fact than ``old`` (stored) though a change word or a shared word seemed to link them
    (None: something links them). The caller checks no strong slot is shared. Two cases:

    - something taken up ("I've started doing pilates") sharing no content word with ``old`` but time
      words (week, night, day, 3 times): a new pursuit beside what goes on, not a switch;
    - one content word shared (student visa / 3 students) while both tell numbers that measure different
      things (a year / a count of students; nights / times): the number changed is no change of one value.
    """
    return _begun_apart(new, old, _linking_units(new, old))


def _begun_apart(new: Facts, old: Facts, links: frozenset[str]) -> str | None:
    """:func:`begun_apart` given the pair's linking units (:func:`_linking_units`), which its caller has."""
    if links and (new.slot != old.slot or not new.slot) and (why := _year_apart(new, old)):
        return why  # (我的打算是攒够十万块… / …定在二〇二八年: a slot on one side only, round 31)
    if new.slot and strong(new.slot) or old.slot and strong(old.slot):
        return None
    taken_up = _taken_up_only(new.statement)
    if change_verb(new.statement) and not taken_up:
        return None
    if lang_of(new.statement) != "zh":
        links = frozenset(u for u in links if not _EN_SPAN_UNIT.fullmatch(u))
    if not links and taken_up:
        return "something taken up shares no content word with the stored fact: a new pursuit beside it"
    a, b = _measures(new.statement), _measures(old.statement)
    if taken_up and a and b and not a & b and len(links - _subject_words(new, old)) <= 2:
        # round 31: "Ruth has started swimming three mornings a week before surgery" beside her surgery date
        return (f"something taken up, with numbers of another measure ({'/'.join(sorted(a))} / "
                f"{'/'.join(sorted(b))}) than the stored fact's: a new pursuit beside it, no value changed")
    if len(links) == 1 and a and b and not a & b and not _counted_by_unit(a, b, new.statement, old.statement):
        return (f"one word shared ({next(iter(links))}) and numbers of different measures "
                f"({'/'.join(sorted(b))} / {'/'.join(sorted(a))}): no value changed")
    return None


def _year_apart(new: Facts, old: Facts) -> str | None:
    """Why a year told on one side only beside another measure on the other is no changed value whatever the
    words share (攒够十万块回老家开店 / 回老家开店定在二〇二八年: the plan given its year, round 31); None when the
    other side tells a time (三年前, 5月: maybe the same day told again) or no number, or a change verb. (Its caller
    asks only when the two share a word: with none, :func:`nothing_shared` decides.)"""
    ya, yb = _has_year(new.statement), _has_year(old.statement)
    if ya == yb or change_verb(new.statement):
        return None
    a, b = _measures(new.statement), _measures(old.statement)
    if not a or not b or a & b or (b if ya else a) & _TIME_MEASURES:
        return None
    return (f"a year beside another measure ({'/'.join(sorted(b))} / {'/'.join(sorted(a))}): "
            "no value changed")
