"""The generic (subject, attribute) slot of a kept clause (issue 19 §2), read from its parse:
``X的Y是Z``, ``X在Y上班``, ``X叫Y``, ``X是Y``, "X's Y is Z", "X works at Y", a move, a change of
value told with 现在/新/now/new. Split from :mod:`memcli.write.clauses`, which re-exports
:func:`generic_slot` and :func:`specific_slot`."""

from __future__ import annotations

import re
from functools import lru_cache

from memcli import slots
from memcli.text import lang_of as _lang_of
from memcli.text import to_simplified
from memcli.write.rules.spots import is_spot

__all__ = ["generic_slot", "lang_of", "specific_slot"]

#: URLs, handles and numbers (我同事的邮箱是li_ming0808@example.com is Chinese); an address's local
#: part is at most 64 characters (RFC 5321): unbounded, a long run of letters was re-scanned from each position
_NOT_WORDS = re.compile(r"[A-Za-z0-9_.+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+|https?://[!-~]+|www\.[!-~]+|\d[\d\s./:-]*")


def lang_of(text: str) -> str:
    """:func:`memcli.text.lang_of` of ``text`` without its addresses, URLs and numbers."""
    rest = _NOT_WORDS.sub(" ", text)
    return _lang_of(rest if rest.strip() else text)


_CHANGE_ZH = re.compile(r"^(?:现在|目前|如今|新|新的|现任|刚换的|最新的?)的?")
_CHANGE_EN = re.compile(r"\b(?:new|current|present|latest)\s+", re.I)
_ZH_OWN = re.compile(r"^(?:我们|咱们|我|咱)(?:[\u4e00-\u9fff]{0,8}?的)?(?:那个|这个|那家|这家|那座|那所)?")
_ZH_ATTR_RX = re.compile(r"^(?P<s>.+?)[，,]?(?:它|其|她|他)的?(?P<a>[\u4e00-\u9fff]{1,6}?)(?:是|为)(?P<v>.+)$")
_ZH_OF_RX = re.compile(r"^(?P<s>[^，,]+?)的(?P<a>[\u4e00-\u9fff]{1,6}?)(?:是|为)(?P<v>.+)$")
_ZH_WHO_RX = re.compile(r"^(?P<n>[\u4e00-\u9fff]{2,4})是(?P<s>我[^，,]{1,8}?)[，,](?:其|她|他)的?(?P<a>[\u4e00-\u9fff]{1,6}?)"  # noqa: E501
                        r"(?:是|为)(?P<v>.+)$")
_ZH_WORK_RX = re.compile(r"^(?P<s>.+?)(?:在|于)(?P<v>[^，,]{1,20}?)(?:上班|工作|任职|就职|实习)")
_ZH_NAME_RX = re.compile(r"^(?P<s>[^，,]+?)(?:名字)?(?:叫做|名叫|叫)(?!我)(?P<v>.+)$")  # not 医生叫我…: advice
#: round 31: a thing introduced with its name (去了一家叫山野的露营地, 买了一个叫小度的音箱) is the named thing,
#: and what it is its value: ``thing:山野.is`` = 露营地 (the verb before the classifier was read as a thing,
#: thing:去了一家.name, so two places introduced with one verb were one slot; 露营地.name would make a second
#: campsite end the first)
_ZH_NAMED_THING_RX = re.compile(r"^[^，,]*?[一两这那]?[家个只台辆座间所条本部件位款](?:叫做|名叫|叫)(?!我)"
                                r"(?P<v>[^，,的]{1,12})的(?P<s>[\u4e00-\u9fff]{1,8})$")
_ZH_MOVE_RX = re.compile(r"^(?P<s>[^，,]{0,10}?)(?:已经|刚|上个月|去年|最近)?(?:搬到了?|搬去了?|搬家到)(?P<v>[^，,]+?)(?:了|住|去了)?$")  # noqa: E501
_ZH_SWAP_RX = re.compile(r"^(?:现在)?(?P<s>[^，,]{1,10}?)(?:现在)?(?:换成了|换成|改成了|变成了)(?P<v>[\u4e00-\u9fff]{2,4})(?:了)?$")  # noqa: E501
_ZH_AGE_RX = re.compile(r"^(?P<s>[^，,]{1,12}?)(?:今年|现在|目前|已经|都|快|才)*(?:是|有|满)?(?P<v>\d{1,3}|[一二三四五六七八九十两]{1,3})(?:周)?岁")  # noqa: E501
#: the value said first (下个月15号是我老公的生日, 合肥是我婆婆的老家): an attribute of the user's or a relative's
_ZH_VALUE_FIRST_RX = re.compile(r"^(?P<v>(?![这那哪谁他她它])[^，,是]{1,12}?)(?:就|正好|刚好)?是"
                                r"(?P<s>(?:我|咱)[^，,是]{0,8}?)的(?P<a>[\u4e00-\u9fff]{1,6})$")
_ZH_IS_RX = re.compile(r"^(?P<s>[^，,]{1,12}?)(?:可|也|就|还|真|真的|确实|其实|已经)?是(?:个|一个|一名|一位|位|名)?(?P<v>.+)$")  # noqa: E501
#: a subject that is only whose word relays it (医生说是…, 听说是…, 我觉得是…): no one the value is of (round 48)
_RELAYED = re.compile(r"(?:说|讲|听说|据说|觉得|认为|以为|怀疑|估计|猜)$")
_EN_ATTR_RX = re.compile(r"^(?P<s>.+?)'s (?P<a>[a-z ]{2,20}?) (?:is|are|was) (?P<v>.+)$", re.I)
_EN_MY_RX = re.compile(r"^(?P<s>my|our) (?P<a>[a-z ]{2,30}?) (?:is|are|was) (?P<v>.+)$", re.I)
_EN_WORK_RX = re.compile(r"^(?P<s>I|we|[Mm]y [a-z' ]{1,30}?|[A-Z][a-z]+(?: [A-Z][a-z]+)?) (?:works?|is working|am working) "  # noqa: E501
                         r"(?:at|for) (?P<v>.+)$")
#: "I work in Toronto", "I've worked in Denver since college": a workplace given as a (capitalised) place
_EN_WORK_IN_RX = re.compile(r"^(?P<s>I|we|[Mm]y [a-z' ]{1,30}?)(?: (?:have|has)|'ve)? (?:works?|worked|is working|"
                            r"am working|(?:have|has) been working|'ve been working) in "
                            r"(?P<v>[A-Z][A-Za-z.'-]+(?: [A-Z][A-Za-z.'-]+)*)(?: (?:since|for|now|these days)\b.*)?$")
_EN_MOVE_RX = re.compile(r"^(?:update:\s*)?(?P<s>i|we|my [a-z ]+?) (?:just |recently |finally )?(?:moved|relocated) "
                         r"(?:to|into) (?P<v>[A-Z][\w .'-]*?)(?: (?:last|this|a few|two|three) .*)?$", re.I)
#: round 31: a move told by where one is now — "We're in the Alder Road house", "I'm finally into my new flat on
#: Kings Road": the home named, as "we moved into…" (the old residence is decided against it)
_EN_IN_HOME_RX = re.compile(r"^(?P<s>I|We)(?:'re|'m| are| am) (?:now |finally |all |officially )?(?:moved )?in(?:to)? "
                            r"(?:the|our|my) (?:new )?(?:(?P<v>[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) )?(?P<h>house|flat|"
                            r"apartment|bungalow|cottage|condo|home|place)"
                            r"(?: (?:on|in|at) (?P<w>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*))?(?:,.*)?$")
_EN_JOB_AT_RX = re.compile(r"^(?P<s>I|[Mm]y [a-z ]+?) (?:[Jj]ust )?(?:started|joined|am starting|began)(?: working)?(?: at)? "  # noqa: E501
                           r"(?P<v>[A-Z][\w&.-]*(?: [A-Z][\w&.-]*)*)")
_EN_NAME_RX = re.compile(r"^(?P<s>.+?) (?:is|are) (?:called|named) (?P<v>.+)$", re.I)
#: a value that is a name given after the copula of "my X is …" / "X's Y is …": "called Tim", "named Rex"
_EN_CALLED = re.compile(r"^(?:called|named)\s+(?P<v>\S.*)$", re.I)
#: whom the user reports to is the user's boss ("now I report to Sandra Lopez", 我现在向李明汇报)
_EN_REPORT_RX = re.compile(r"^(?:[Nn]ow,? )?I (?:now |currently )?(?:report|answer) (?:directly )?to "
                           r"(?P<v>[A-Z][a-z]+(?: [A-Z][a-z]+)?)\b")
_ZH_REPORT_RX = re.compile(r"^(?:现在)?我(?:现在|目前)?(?:直接)?(?:向|跟|给)(?P<v>[\u4e00-\u9fff]{2,3})汇报|"
                           r"^(?:现在)?我(?:现在|目前)?(?:直接)?汇报给(?P<w>[\u4e00-\u9fff]{2,3})")


def _zh_attr(word: str) -> str:
    for a in slots.ATTRIBUTES.values():
        if word in a.zh_nouns:
            return a.name
    return word


def _en_attr(words: str) -> str:
    w = words.strip().casefold()
    for a in slots.ATTRIBUTES.values():
        if w in a.en_nouns:
            return a.name
    return w.replace(" ", "_")


#: a subject phrase that is only a time and adverbs (毕业后就一直, 从去年开始就, 这几年都): the
#: subject was dropped, as chat drops 我
_ZH_NO_SUBJECT = re.compile(r"^(?:[\u4e00-\u9fff\d]{0,8}(?:后|以后|之后|以来|开始|起|的时候|那年|这几年|那几年))?"
                            r"(?:就|一直|都|也|还|已经|曾经|早就|从此)*$")


def _zh_subject(phrase: str) -> str:
    """``me``, a relation key, ``person:…`` or ``thing:…`` for a Chinese subject phrase."""
    p = _CHANGE_ZH.sub("", phrase.strip("，, "))
    if p in ("我", "咱", "我们", "咱们", "") or (_ZH_NO_SUBJECT.match(p) and not slots.ZH_RELATION_RE.search(p)):
        return slots.ME
    bare = _ZH_OWN.sub("", p) if re.match(r"^(?:我|咱)", p) else p
    bare = _CHANGE_ZH.sub("", bare)
    if (key := slots.relation_zh(bare)) is not None:
        return key
    if not bare:
        return slots.ME
    return f"thing:{bare}"


def _en_subject(phrase: str) -> str:
    p = _CHANGE_EN.sub("", phrase.strip().casefold())
    if p in ("i", "we", "me", "my", "our", ""):
        return slots.ME
    bare = re.sub(r"^(?:my|our|the)\s+", "", p)
    if (key := slots.relation_en(bare)) is not None:
        return key
    if re.fullmatch(r"[a-z]+(?: [a-z]+)?", bare) and phrase.strip()[:1].isupper() and not p.startswith(("my", "our")):
        return f"person:{bare}"
    return f"thing:{bare}"


def _slot(subject: str, attr: str) -> str:
    return slots.join_slot(subject, attr)


_ZH_REL_HEAD = re.compile(r"^(?:一个|一位|个|位)")
_ZH_REL_GLUE = re.compile(r"^(?:他们|她们|他|她|们|的)+")


def _relation_thing(slot: str) -> str:
    """A ``thing:`` subject that is a relation and an attribute phrase (我的一个下属过生日 …,
    我上司他们公司叫 …, 我妈妈上班的地方是 …) → ``<relation>.<attribute>``, the attribute read from
    the phrase (生日 → birthday, 公司 / 上班 → workplace), else the parsed one when it is known."""
    subject, _, attr = slot.rpartition(".")
    if not subject.startswith("thing:"):
        return slot
    rest = _ZH_REL_HEAD.sub("", subject[len("thing:"):])
    for n in range(min(4, len(rest)), 0, -1):
        if (key := slots.relation_zh(rest[:n])) is None:
            continue
        tail = _ZH_REL_GLUE.sub("", rest[n:])
        said = next((a.name for a in slots.ATTRIBUTES.values() if a.name not in ("is", "owns", "like")
                     and any(w and w in tail for w in (*a.zh_nouns, *a.zh_verbs))), None)
        if said is not None:
            return f"{key}.{said}"
        return f"{key}.{attr}" if tail == "" or slots.attribute(attr) is not None and attr != "is" else slot
    return slot


@lru_cache(maxsize=8192)
def generic_slot(statement: str) -> tuple[str, str] | None:
    """``(slot, value)`` read from a cleaned statement's shape, or None when it has none of the
    shapes (see the module doc). ``slot`` is ``subject.attribute`` (``attribute`` alone for the
    user); known attribute nouns are normalised (电话 → ``phone``, hometown → ``hometown``); a
    relation with an attribute phrase as the subject is that relation's attribute
    (:func:`_relation_thing`)."""
    got = _generic_slot(statement)
    return (_relation_thing(got[0]), got[1]) if got else None


def specific_slot(statement: str, slot: str | None, things: bool = True) -> str | None:
    """``slot`` (the rules') or, when it names no specific attribute (none, ``fact.…``, ``event.…``),
    the parse's slot when that names a known attribute ("we moved to X" → ``residence``, "I report to
    X" → ``boss.name``, 现在我们领导换成了X → ``boss.name``). One reading for every write path: the
    drain's extractor and ``remember``/``import`` (:func:`memcli.write.extract.enrich`). ``things``:
    False keeps only the parses about the user, a relation or a named person (not ``thing:…``)."""
    attr = slots.split_slot(slot)[1] if slot else None
    if attr not in (None, "fact", "event") and (slot or "").split(".")[0] not in ("fact", "event"):
        return slot
    parsed = generic_slot(statement)
    if parsed is None or slots.slot_attribute(parsed[0]) is None or (
            not things and parsed[0].startswith("thing:")):
        return slot
    return parsed[0]


def _generic_slot(statement: str) -> tuple[str, str] | None:
    t = to_simplified(statement)
    if lang_of(t) == "zh":
        if m := _ZH_WHO_RX.match(t):
            return _slot(_zh_subject(m["s"]), _zh_attr(m["a"])), m["v"]
        for rx in (_ZH_ATTR_RX, _ZH_OF_RX):
            if (m := rx.match(t)) and len(m["s"]) <= 24 and not (
                    m["s"] in ("我", "我们", "咱们") and slots.relation_zh(m["a"]) is not None):
                return _slot(_zh_subject(m["s"]), _zh_attr(m["a"])), m["v"]
        if m := _ZH_WORK_RX.match(t):
            return _slot(_zh_subject(m["s"]), "workplace"), m["v"]
        if m := _ZH_MOVE_RX.match(t):
            return None if is_spot(m["v"]) else (_slot(_zh_subject(m["s"]), "residence"), m["v"])
        if (m := _ZH_SWAP_RX.match(t)) and (key := _zh_subject(m["s"])) != slots.ME and not key.startswith("thing:"):
            return f"{key}.name", m["v"]  # 我们领导换成了李明: the relation's new holder
        if m := _ZH_REPORT_RX.match(t):
            return "boss.name", m["v"] or m["w"]
        if m := _ZH_AGE_RX.match(t):
            return _slot(_zh_subject(m["s"]), "age"), m["v"]
        if m := _ZH_NAMED_THING_RX.match(t):
            return f"thing:{m['v']}.is", m["s"]
        if m := _ZH_NAME_RX.match(t):
            return _slot(_zh_subject(m["s"]), "name"), m["v"]
        if (m := _ZH_VALUE_FIRST_RX.match(t)) and (a := _zh_attr(_CHANGE_ZH.sub("", m["a"]))) != m["a"] and \
                a not in ("is", "like") and slots.attribute(a) is not None:
            return _slot(_zh_subject(m["s"]), a), m["v"]  # a known attribute noun only: not 红色是我最爱的
        if (m := _ZH_IS_RX.match(t)) and not _RELAYED.search(m["s"]):
            return _slot(_zh_subject(m["s"]), "is"), m["v"]
        return None
    for rx in (_EN_ATTR_RX,):
        if m := rx.match(t):
            if n := _EN_CALLED.match(m["v"]):  # "my brother's wife is called Ana": her name (brother.wife.name)
                return _slot(_en_subject(m["s"]), f"{_en_attr(m['a'])}.name"), n["v"]
            return _slot(_en_subject(m["s"]), _en_attr(m["a"])), m["v"]
    if m := _EN_MY_RX.match(t):
        words = _CHANGE_EN.sub("", m["a"].casefold()).strip()
        key = slots.relation_en(words)
        if n := _EN_CALLED.match(m["v"]):  # "my brother is called Tim" (was brother.is), "my dog is named Rex" (dog)
            return _slot(_en_subject(f"{m['s']} {words}"), "name"), n["v"]
        if key is not None:  # "my new boss is Raj Patel": the boss's name
            return f"{key}.name" if re.match(r"^[A-Z][a-z]+", m["v"]) else f"{key}.is", m["v"]
        return _en_attr(words), m["v"]
    if m := _EN_REPORT_RX.match(t):
        return "boss.name", m["v"]
    if m := _EN_MOVE_RX.match(t):  # (a shift, a team moved to is no home: round 41)
        return None if is_spot(m["v"]) else (_slot(_en_subject(m["s"]), "residence"), m["v"])
    if (m := _EN_IN_HOME_RX.match(t)) and (m["v"] or m["w"]):
        return _slot(_en_subject(m["s"]), "residence"), m["v"] or m["w"]
    if m := _EN_JOB_AT_RX.match(t):
        return _slot(_en_subject(m["s"]), "workplace"), m["v"]
    if m := _EN_WORK_RX.match(t) or _EN_WORK_IN_RX.match(t):
        return _slot(_en_subject(m["s"]), "workplace"), m["v"]
    if m := _EN_NAME_RX.match(t):
        return _slot(_en_subject(m["s"]), "name"), m["v"]
    return None


#: subjects of ``X的Y是Z`` that name no thing of the user's world: time words, abstract nouns
_NOT_NAMED = re.compile(r"^(?:这|那|哪|什么|今天|明天|昨天|现在|最近|当时|问题|事情|原因|关键|结果|意思|感觉|重点|办法|"
                        r"目的|答案|区别|好处|坏处|方法|情况|心情|天气)")
