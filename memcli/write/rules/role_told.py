"""Who holds a role the user has one of at a time, told in any word order: the role's name fact.

"My new boss is Priya Shah" is read as ``boss.name`` (a later one ends it: CONFLICT). The same fact told the other
ways round — "Oscar is now my boss", "Oscar is my new manager, by the way", "My manager Wendy is strict" (the name
beside the role), 我领导换成了陈刚, 陈刚是我新领导, 我们经理王芳很严格 — was read as a fact about Oscar
(``person:oscar.fact.boss``), a fact ``fact.new`` or no name at all, so the old boss was never ended. These shapes
give the same slot, ``<role>.name`` (value: the name, English case-folded), kind ``relationship``.

Only roles one holds one of at a time (a boss, a manager, a landlord, a spouse or partner): "Emma is my friend"
names one friend of many and ends no other. :func:`with_roles` is applied to the rules' matches of an utterance
(:mod:`memcli.write.rules`): a sentence of one of these shapes gives its role fact in place of what the clause
rules read it as; an apposed name (my manager Wendy …) adds the name fact beside the clause's own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memcli import slots
from memcli.write.rules.match import Match

__all__ = ["role_told", "with_roles"]

#: the roles of one holder at a time (English word → key through memcli.slots)
_EN_ROLES = ("boss|manager|line manager|supervisor|team lead|team leader|landlord|landlady|wife|husband|partner|"
             "girlfriend|boyfriend|fianc[eé]e?")
_ZH_ROLES = "领导|上司|老板|主管|经理|组长|上级|房东|老公|老婆|丈夫|妻子|男朋友|女朋友|对象"
_EN_NAME = r"(?-i:(?P<name>[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)?))"
_EN_NOT_NAME = frozenset("i he she they we it this that there who my our the a an".split())
#: "Oscar is (now) my (new) boss", "Oscar's my manager now, by the way"
_EN_IS_MY = re.compile(rf"^(?:(?:oh|so|btw|also|and|well|anyway),? )*{_EN_NAME}(?: is|'s|’s) (?:now |currently |"
                       rf"officially )?(?:my|our) (?:new |current |direct )?(?P<role>{_EN_ROLES})\b(?! of\b|'s)"
                       r"(?P<rest>.*)$", re.I)
#: the roles at work or home whose holder's name said beside the role is a fact of its own (a spouse's is read by
#: the clause rules: 我老公小明…, and "My husband Mark is a cop" is one fact)
_EN_WORK_ROLES = "boss|manager|line manager|supervisor|team lead|team leader|landlord|landlady"
_ZH_WORK_ROLES = "领导|上司|老板|主管|经理|组长|上级|房东"
#: "My (new) manager Wendy …", "Our boss, Helen, …" (the name beside the role)
_EN_APPOSED = re.compile(rf"^(?:(?:oh|so|btw|also|and|well|anyway),? )*(?:my|our) (?:new |current )?"
                         rf"(?P<role>{_EN_WORK_ROLES}),? {_EN_NAME}(?!'s|’s)\b(?!,? and\b)", re.I)
_ZH_NAME = r"(?P<name>[\u4e00-\u9fff]{2,3}?|[A-Z][a-z]+)"
#: 我领导换成了陈刚 / 我们经理换成了王芳
_ZH_CHANGED = re.compile(rf"^我(?:的|们)?(?:新)?(?P<role>{_ZH_ROLES})(?:现在)?(?:换成了?|变成了?|换人了，是|换人了，"
                         rf"新的是){_ZH_NAME}(?:了|啦)?$")
#: 陈刚是我新领导 / 陈刚现在是我们的经理
_ZH_IS_MY = re.compile(rf"^{_ZH_NAME}(?:现在|目前|已经)?(?:成了|是|当了)我(?:的|们的?)?(?:新的?|现在的)?"
                       rf"(?P<role>{_ZH_ROLES})(?:了|啦)?$")
#: 我领导刘芳很严格 / 我们经理王芳… (the name beside the role, then what the clause says of them)
_ZH_APPOSED = re.compile(rf"^我(?:的|们的?)?(?:新)?(?P<role>{_ZH_WORK_ROLES}){_ZH_NAME}"
                         r"(?=[很是在也都每今特非挺对经总])")
_SENTENCE = re.compile(r"[^.!?。！？;；\n]+")


def _key(role: str) -> str | None:
    r = role.casefold()
    return slots.relation_en(r) or slots.relation_en(r.rsplit(" ", 1)[-1]) or slots.relation_zh(role)


def _fact(statement: str, role: str, name: str, zh: bool) -> Match | None:
    key = _key(role)
    if key is None or name.casefold() in _EN_NOT_NAME:
        return None
    return Match(statement=statement, kind="relationship", slot=f"{key}.name",
                 value=name if zh else name.casefold(), salience=0.6)


def _person_name(word: str) -> bool:
    """``word`` is a Chinese person's name as jieba tags it (王芳 — not 的生 of 我老公的生日) or a Latin one."""
    from memcli.text import pos_tags

    if word.isascii():
        return True
    tags = pos_tags(word)
    return len(tags) == 1 and tags[0][1] == "nr"


def role_told(sentence: str) -> Match | None:
    """The role fact a whole sentence tells by its holder's name ("Oscar is now my boss", 陈刚是我新领导,
    我领导换成了陈刚), or None."""
    s = sentence.strip().rstrip("~～ ")
    if m := _EN_IS_MY.match(s):
        rest = m.group("rest")
        if rest and not re.match(r"^(?: now| too| as well)?(?:[,—–-].*)?$", rest, re.I):
            return None  # "Oscar is my boss's son": not the role's holder
        return _fact(s, m.group("role"), m.group("name"), zh=False)
    if (m := _ZH_CHANGED.match(s) or _ZH_IS_MY.match(s)) and _person_name(m.group("name")):
        return _fact(s, m.group("role"), m.group("name"), zh=True)
    return None


def _apposed(sentence: str) -> Match | None:
    s = sentence.strip()
    if m := _EN_APPOSED.match(s):
        role, name = m.group("role"), m.group("name")
        return _fact(f"My {role.casefold()} is {name}", role, name, zh=False)
    if (m := _ZH_APPOSED.match(s)) and _person_name(m.group("name")):
        return _fact(f"{s[:m.start('role')]}{m.group('role')}叫{m.group('name')}", m.group("role"), m.group("name"),
                     zh=True)
    return None


def with_roles(text: str, got: Sequence[Match]) -> list[Match]:
    """``got`` (the rules' matches of ``text``) with the role facts of its sentences: a sentence that tells a
    role's holder (:func:`role_told`) gives that fact in place of the matches read from it; one that names the
    holder beside the role (my manager Wendy …) adds the name fact when no match has its slot."""
    out = list(got)
    for sm in _SENTENCE.finditer(text):
        sentence = sm.group(0).strip()
        if not sentence or text[sm.end():sm.end() + 1] in ("?", "？"):  # (Oscar is my boss? — asked, not told)
            continue
        if told := role_told(sentence):
            inside = [m for m in out if m.statement.rstrip(".!。！ ") in sentence or sentence in m.statement]
            out = [m for m in out if m not in inside] + [replace(told, ago=next((m.ago for m in inside), None))]
        elif (named := _apposed(sentence)) and all(m.slot != named.slot for m in out):
            out.append(named)
    return out
