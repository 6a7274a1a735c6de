"""A union told with the other person's name: whom the user married, got engaged to or is together with.

"Marta and I got married", "I married Marta", "I'm engaged to Sam", 我和陈静结婚了, 我嫁给了陈静,
我跟李娜在一起三年了 say who the user's spouse or partner is, as "My wife is Marta" does: the fact is the
relation and the name (slot ``spouse.name`` / ``partner.name``, kind ``relationship``), so "What's my
wife's name?", 我老公叫什么 and "Who is Marta?" reach it the way they reach a relation's name
(:data:`memcli.slots.GENERAL_RELATIONS`: ``spouse`` covers wife and husband, ``partner`` a spouse,
girlfriend, boyfriend and fiancé(e)). The words do not tell the other's sex, so the general key is kept.

- married / wed / 结婚 / 领证 / 嫁给 / 娶 → ``spouse``; engaged / dating / together / 订婚 / 在一起 / 谈恋爱 →
  ``partner``;
- the name is the one said beside the user (``<name> and I``, ``to <name>``, 我和<name>, <name>和我), after a
  relation word that may stand before it (my girlfriend Marta, 女朋友李娜); a pronoun, a relation word alone
  ("my girlfriend and I got engaged") or we (我们结婚了) is no name, and the clause is left to the other rules
  (a dated life event);
- not when negated or asked ("We never got married", 我和陈静没结婚, questions never reach the rules), and
  Chinese 在一起 / 结婚 only at the clause's end or before a duration (我和陈静在一起三年了), so
  我和陈静在一起吃饭 is no union.

The value is the name (English case-folded, as ``wife.name``'s). :func:`union_told` is called by both
languages' clause rules after the relative time word is taken off (``ago``).
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.reltime import EN_MONTHS, EN_WEEKDAYS
from memcli.write.rules.match import Match

__all__ = ["union_told"]

_EN_NAME = r"(?P<name>[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)?)"
_EN_REL = r"(?:(?:[Mm]y|[Oo]ur) (?:girlfriend|boyfriend|partner|fianc[eé]e?|long-time partner) )?"
_EN_ADV = r"(?:(?:just|finally|recently|officially|secretly|already|actually) )*"
_EN_SPOUSE = r"(?P<spouse>married|wed|hitched)"
_EN_PARTNER = r"(?:engaged|together|dating|a couple)"
#: "Marta and I got married", "My girlfriend Marta and I got engaged", "Marta and I have been together since…"
_EN_PAIR = re.compile(rf"^{_EN_REL}{_EN_NAME} and I {_EN_ADV}(?:got |are |were |have been |'ve been |became |"
                      rf"started )?{_EN_ADV}(?:{_EN_SPOUSE}|{_EN_PARTNER})\b(?! to\b)")
#: "I married Marta", "I got married to Marta", "I'm engaged to Sam", "I'm dating Marta" (not "I was …": over;
#: not "seeing" / "going out with": a meeting as often as a partner)
_EN_ME = re.compile(rf"^I(?:'m|’m| am| have been|'ve been|’ve been| got)? {_EN_ADV}(?:got )?"
                    rf"(?:(?:{_EN_SPOUSE}|{_EN_PARTNER}) (?:to |with )?|in a relationship with )"
                    rf"{_EN_REL}{_EN_NAME}\b")
_EN_NOT_NAME = frozenset({"i", "he", "she", "they", "we", "him", "her", "them", "someone", "somebody", "my", "our",
                          "the", "a", "an", "this", "that", "last", "next", "in", "on", "at", "god", "christ",
                          *EN_WEEKDAYS, *EN_MONTHS})

_ZH_ADV = r"(?:已经|刚|刚刚|终于|早就|正式|前不久|去年|今年|上个月|年初|年底)*"
_ZH_VERB = r"(结婚|领证|领了证|订婚|订了婚|在一起|谈恋爱|恋爱|确定了?关系|走到了一起)"
#: what may close a union clause: 了, a duration (三年了, 十多年了), a sentence particle
_ZH_TAIL = (r"(?:了|啦|啊)?(?:[一二两三四五六七八九十几半百\d]+(?:多)?(?:年|个月|月|周|个星期|天)(?:多)?(?:了|啦)?)?"
            r"[。！!~～]*$")
_ZH_REL = r"(?:(男朋友|女朋友|男友|女友|对象|未婚夫|未婚妻|另一半)的?)?"
_ZH_NAME = r"([\u4e00-\u9fff]{2,4}?|[A-Za-z][A-Za-z'-]+)"
#: (round 46: 同 of 同事 / 同学 is no "with": 我同事李娜结婚了 is the colleague's wedding)
_ZH_WITH = re.compile(rf"^我{_ZH_ADV}(?:和|跟|与|同(?!事|学|桌|乡|伴|屋|龄|行))"
                     rf"{_ZH_REL}{_ZH_NAME}{_ZH_ADV}(?:已经|正式)?{_ZH_VERB}{_ZH_TAIL}")
_ZH_NAME_FIRST = re.compile(rf"^{_ZH_NAME}(?:和|跟|与)我{_ZH_ADV}{_ZH_VERB}{_ZH_TAIL}")
_ZH_MARRIED = re.compile(rf"^我{_ZH_ADV}(嫁给|娶)了?{_ZH_REL}{_ZH_NAME}(?:了|啦)?{_ZH_TAIL}")
_ZH_NOT_NAME = re.compile(r"[我你您他她它们咱]|^(?:这|那|一|个|家人|朋友|同事|同学|对方|人家|自己|大家|别人|某人|谁)")
_ZH_DENIED = re.compile(r"[没不未别]")  # 我和陈静没结婚, 还不打算结婚: no union told
_ZH_SPOUSE = frozenset({"结婚", "领证", "领了证", "嫁给", "娶"})


def union_told(clause: str, ago: tuple[str, int] | None = None) -> Match | None:
    """The relation (``spouse`` / ``partner``) and name a clause tells a union with (see the module), as a
    ``relationship`` match ``<relation>.name`` whose statement is the clause; None when it tells none.
    ``clause``: one clause, its relative time word already taken off (``ago`` is kept on the match)."""
    if not clause:
        return None
    if "\u4e00" <= clause[0] <= "\u9fff":
        return _zh(clause, ago)
    return _en(clause, ago)


def _en(clause: str, ago: tuple[str, int] | None) -> Match | None:
    c = clause.strip().rstrip(".!")
    for rx in (_EN_PAIR, _EN_ME):
        m = rx.search(c)
        if m is None:
            continue
        name = m["name"]
        first = name.split()[0].casefold()
        if first in _EN_NOT_NAME or slots.relation_en(first):
            return None
        rel = "spouse" if m["spouse"] else "partner"
        return Match(statement=c[:1].upper() + c[1:], kind="relationship", slot=f"{rel}.name",
                     value=name.casefold(), salience=0.8, ago=ago)
    return None


def _zh(clause: str, ago: tuple[str, int] | None) -> Match | None:
    c = clause.strip()
    if _ZH_DENIED.search(c):
        return None
    m = _ZH_WITH.match(c) or _ZH_MARRIED.match(c)
    if m is not None:
        verb = m.group(3) if m.re is _ZH_WITH else m.group(1)
        name = m.group(2) if m.re is _ZH_WITH else m.group(3)
    elif (m := _ZH_NAME_FIRST.match(c)) is not None:
        name, verb = m.group(1), m.group(2)
    else:
        return None
    if _ZH_NOT_NAME.search(name) or name in slots.ZH_RELATIONS:
        return None
    rel = "spouse" if verb in _ZH_SPOUSE else "partner"
    return Match(statement=c.rstrip("。！!~～"), kind="relationship", slot=f"{rel}.name", value=name, salience=0.8,
                 ago=ago)
