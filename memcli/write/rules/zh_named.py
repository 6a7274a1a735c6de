"""A Chinese pet's (or thing's) name told beside it, read as a name of the thing the clause before owns.

Two shapes, each turned into the shape the rules already read (它叫年糕 after 我有一只猫 → 我的猫叫年糕):

- :func:`split_named`: the name inside the owning clause (我有一只猫叫年糕, 我养了一条狗名叫豆豆,
  我有一只叫年糕的猫) → the owning clause and a naming clause (我有一只猫 / 它叫年糕);
- :func:`naming_clause`: a clause that only names, with no subject or a pronoun's (名字叫年糕, 名叫年糕,
  它的名字是年糕, 取名叫豆豆) right after a clause that owns a thing → 它叫年糕, so the name is the thing's.

Pure functions on one clause; :mod:`memcli.write.rules.zh` calls them clause by clause.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.write.rules.zh_words import _CLF, _NUM, _REL

__all__ = ["name_first", "naming_clause", "role_of_named", "split_named"]

#: how a name is given: 名字叫/名字是/名叫/叫做/叫, 取名(叫)/起名(叫)/取了个名字叫
_NAMING = (r"(?:(?:的)?(?:名字|小名|大名)(?:叫做|叫|是)|名叫|名字叫|叫做|叫|"
           r"(?:被)?(?:取|起)了?(?:个)?名(?:字)?(?:叫做|叫|为)?)")
#: a name: two to six characters of one word (年糕, 豆豆, Lucky), nothing after it
_NAME = r"([\u4e00-\u9fffA-Za-z]{1,6})"
#: owning a being or a thing: 我(们)(家里)/家里 (还)有/养了/领养了/收养了/捡了 + a number and a classifier
_OWNS = rf"^((?:我(?:们)?(?:家(?:里)?)?|家里)(?:也|还|又)?(?:有|养了?|领养了?|收养了?|捡了|新养了?|添了){_NUM}?{_CLF})"
_INLINE = re.compile(rf"{_OWNS}([\u4e00-\u9fff]{{1,4}}?){_NAMING}{_NAME}$")
_BEFORE = re.compile(rf"{_OWNS}(?:叫做?|名叫){_NAME}的([\u4e00-\u9fff]{{1,4}})$")
_ONLY_NAMING = re.compile(rf"^(?:[它他她])?{_NAMING}{_NAME}$")
#: a noun for a person (朋友, 同学, 邻居, 老师…): named as a person, never as a thing
_PERSON = r"(?:朋友|同学|同事|邻居|老师|医生|师傅|领导|老板|客户|网友|室友|闺蜜|哥们|伙伴|孩子|人)$"
_NOT_NAME = re.compile(r"^(?:什么|啥|不|没|很|挺|好|真|太|特别|非常|一|这|那)")


def split_named(clause: str) -> list[str]:
    """``clause`` as the clauses the rules read: [owning, naming] when it owns a thing and names it
    (我有一只猫叫年糕 → 我有一只猫 / 它叫年糕; 我有一只叫年糕的猫 → the same), else [clause]."""
    c = clause.strip().rstrip("。！!~～")  # 我有一条狗叫旺财。: the full stop is no part of the name
    if m := _INLINE.match(c):
        owns, noun, name = m.group(1), m.group(2), m.group(3)
    elif m := _BEFORE.match(c):
        owns, name, noun = m.group(1), m.group(2), m.group(3)
    else:
        return [clause]
    if _NOT_NAME.match(name) or noun.endswith(("的", "叫")) or noun in slots.ZH_RELATIONS or re.search(_PERSON, noun):
        return [clause]  # 我有个同事叫何磊: a person introduced is the rules' (an introduction), not a thing named
    return [owns + noun, f"它叫{name}"]


def naming_clause(clause: str, thing: tuple[str, str] | None, last: str) -> str | None:
    """它叫<name> for a clause that only gives a name (名字叫年糕, 它的名字是年糕, 取名叫豆豆) when
    ``thing`` (key, phrase) is the user's own thing named in ``last``, the clause just before; else None."""
    if thing is None or not thing[1].startswith("我的") or thing[0][6:] not in last:
        return None
    m = _ONLY_NAMING.match(clause)
    if m is None or _NOT_NAME.match(m.group(1)) or re.match(r"^[它他她]?叫", clause):
        return None  # 它叫… and 叫… the rules already read as the thing's
    return f"它叫{m.group(1)}"


#: (round 48) a relative's name told first, then whose name it is: 豆豆是我儿子的小名, 朵朵是我女儿的名字
_NAME_FIRST = re.compile(r"^(?P<n>[\u4e00-\u9fff]{2,4}?)(?:就)?是我(?:的|家的?)?(?P<r>[\u4e00-\u9fff]{1,4}?)的"
                         r"(?P<a>小名|外号|昵称|乳名|名字|大名|英文名)$")


def name_first(clause: str) -> str | None:
    """A clause (prepared) that tells a relative's name first, then whose (豆豆是我儿子的小名), as the rules read the
    name told after the relative (我儿子的小名叫豆豆): the relative's ``nickname`` or ``name``, not a fact of a person
    named 豆豆; None for any other clause (王芳是我儿子的班主任: a role, no name)."""
    m = _NAME_FIRST.match(clause)
    if m is None or slots.relation_zh(m.group("r")) is None or slots.ZH_RELATION_RE.search(m.group("n")):
        return None
    return f"我{m.group('r')}的{m.group('a')}叫{m.group('n')}"


#: (round 48) who holds a role for a person told by name: 豆豆的班主任是周老师 / 姓周 / 叫周丽萍
_ROLE_OF = re.compile(rf"^(?P<who>[\u4e00-\u9fff]{{2,3}}?)的(?P<r>{_REL})(?:姓(?P<s>[\u4e00-\u9fff])(?:老师)?|"
                      r"(?:是|叫)(?P<t>[\u4e00-\u9fff]{1,3}?老师)|(?:是|叫)(?P<n>[\u4e00-\u9fff]{2,3}))$")


def _person_name(word: str) -> bool:
    """``word`` names a person: tagged a name (王强), a doubled pet name (豆豆, 朵朵) or 老 / 小 / 阿 + one
    character."""
    from memcli.text import pos_tags

    tags = [f for _, f in pos_tags(word)]
    return tags == ["nr"] or re.fullmatch(r"([\u4e00-\u9fff])\1|[老小阿][\u4e00-\u9fff]", word) is not None and \
        tags[:1] != ["d"] and not slots.ZH_RELATION_RE.search(word)


def role_of_named(clause: str) -> tuple[str, str, str] | None:
    """(person key, relation key, holder) of a role a person told by name has (prepared: 豆豆的班主任是周老师 →
    (person:豆豆, teacher, 周老师); 乐乐的老师姓周 → (person:乐乐, teacher, 周); 豆豆的教练叫王强 → (…, coach, 王强));
    None for anything else (小明的妈妈是医生: a job, not who holds the role — a bare holder must be a name)."""
    m = _ROLE_OF.match(clause)
    if m is None or (key := slots.relation_zh(m.group("r"))) is None or not _person_name(m.group("who")) or \
            m.group("n") and not _person_name(m.group("n")):
        return None
    return f"person:{m.group('who')}", key, m.group("s") or m.group("t") or m.group("n")
