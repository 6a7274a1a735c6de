"""Lists in a Chinese clause (round 41): what one fact per object says, and which lists are one fact.

A list after one verb (我养了一只猫和两只狗, 我对花生和芒果过敏, 我喜欢游泳、爬山和看电影) is one fact per object when
its attribute is keyed by the object (owns, has, allergy, like): a later question asks of one (我养了几只狗?), a later
change ends one (我的猫走丢了, 我不喜欢爬山了); a list bought (买了牛奶、鸡蛋和面包) is one fact: what was
bought is asked whole. :func:`one_object` says each object's fact in the clause's words, its count kept (我养了两只狗).
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.text import pos_tags
from memcli.write.rules.match import slot_fact as _fact
from memcli.write.rules.zh_words import _CLF, _NUM, _TAIL

__all__ = ["counted_head", "counted_item", "named_members", "one_more_named", "one_object", "owned_list"]

#: one more person of a relation introduced by name: (我)还有 / 也有 / 另外有 (一)个 + a relation + 叫 + a name
_ONE_MORE = re.compile(r"^我?(?:还|也|另外|另外还|又)有(?:一)?(?:个|位)(?P<rel>[\u4e00-\u9fff]{1,4}?)"
                       r"(?P<how>叫做?|名叫)(?P<name>[\u4e00-\u9fff]{2,3})$")


def one_more_named(clause: str) -> str | None:
    """A clause that introduces one more person of a relation many have, by name (我还有个同事叫佳佳, 还有个同事叫小王
    after 我有个同事叫小李) in the words the rules read as an introduction (我有个同事叫佳佳: ``colleague.name``, one
    fact per person) — round 44: 还有个 was read as a thing owned (``owns.同事叫佳佳``) or nothing. None for any other
    clause, and for a relation one has one of (我还有个哥哥叫…: kin, read as it was)."""
    m = _ONE_MORE.match(clause.strip().rstrip("。！!~～ "))  # (before prepare, which drops 还有 as a filler)
    if m is None or slots.ZH_RELATIONS.get(m.group("rel"), "").rsplit(".", 1)[-1] not in slots.PLURAL_RELATIONS:
        return None
    return f"我有个{m.group('rel')}{m.group('how')}{m.group('name')}"


#: a counted set of people of a relation many have: (我)有 + a count + 个/位 + the relation (我有两个同事,
#: 我有几个好朋友)
_PEOPLE_HEAD = re.compile(rf"^我?(?:还|也)?有(?:{_NUM}|几|好几|很多|不少)(?:个|位|名)(?P<rel>[\u4e00-\u9fff]{{1,4}})$")
#: a given name as chat says one: 小/老/阿 + one or two characters, or a two- or three-character name
_GIVEN_NAME = re.compile(r"(?:小|老|阿)[\u4e00-\u9fff]{1,2}|[\u4e00-\u9fff]{2,3}")


def named_members(head: str, part: str) -> list[str] | None:
    """The people a counted set of them is listed by, after it (我有两个同事，小李和小王;
    我有几个好朋友，阿强、阿明和小芳), each in the words the rules read as an introduction (我有个同事叫小李:
    ``colleague.name``, one fact per person) — before round 45 the names were read as things owned (``owns.小李``,
    我有小李). ``head`` the part before (its relation one of :data:`memcli.slots.PLURAL_RELATIONS`), ``part`` the
    names, cut at 、 / 和 / 跟 / 与 / 以及, each a person's name by its form and jieba's tag (nr, or 小 / 老 / 阿 + a
    name). None for anything else (我有两个同事，都很好相处)."""
    m = _PEOPLE_HEAD.match(head.strip())
    rel = m.group("rel") if m else ""
    if not m or slots.ZH_RELATIONS.get(rel, "").rsplit(".", 1)[-1] not in slots.PLURAL_RELATIONS:
        return None
    names = [n for n in re.split(r"、|和|跟|与|以及|还有", part.strip().rstrip("。！!~～ ").lstrip("：: ")) if n]
    if len(names) < 2 or not all(_GIVEN_NAME.fullmatch(n) and (n[0] in "小老阿" or any(
            f == "nr" for _, f in pos_tags(n))) for n in names):
        return None
    return [f"我有个{rel}叫{n}" for n in names]


def _clean(v: str) -> str | None:
    v = _TAIL.sub("", re.sub(r"(?:的|了|左右|而已|吧|呢)+$", "", v.strip(" ：:，,"))).strip()
    return v or None


_VERBS = "吃喝看听玩做去逛打弹养穿用读画唱跳踢骑拍"
#: a part that has or keeps a counted thing (我养了一只猫, 家里有两个孩子, 我有一个哥哥): counted parts after it list
#: more
_COUNTED_HEAD = re.compile(rf"(?:有|养了?|买了|生了)(?:{_NUM}){_CLF}[^，,、的了在是]{{1,6}}$")
#: a counted noun alone (两只乌龟, 一个妹妹): a number, a measure word, a short noun — nothing it does or is
_COUNTED_ITEM = re.compile(rf"(?:{_NUM}){_CLF}[\u4e00-\u9fff]{{1,6}}")


def counted_head(part: str) -> bool:
    """``part`` ends on having or keeping a counted thing (我养了一只猫, 家里有两个孩子) — round 42."""
    return bool(_COUNTED_HEAD.search(part.strip()))


def counted_item(part: str) -> bool:
    """``part`` is a counted noun alone (两只乌龟, 一个妹妹; not 一个上小学, 两个很调皮): an item of a counted list
    cut by a comma (我养了一只猫，两只乌龟: two things kept, one fact each) — round 42."""
    p = part.strip()
    if not _COUNTED_ITEM.fullmatch(p) or len(re.findall(rf"{_NUM}{_CLF}", p)) != 1:
        return False  # (一个儿子一个女儿: what the two are, not two more)
    rest = re.sub(rf"^{_NUM}{_CLF}", "", p)
    return all(f[:1] == "n" for _, f in pos_tags(rest))  # a noun, nothing it does (一只叫咪咪, 一个上初中)
_COUNTED = re.compile(rf"^{_NUM}?{_CLF}")


def owned_list(key: str, q: str, items: list[str]) -> list[tuple[str, str, str]]:
    """The facts of a list owned (有/养了 + A、B和C; each item with its own count: 一只猫和两只狗): one per
    item — a pet or a relative is asked of, changed or lost on its own (``owns.猫``, ``owns.狗``, ``has.son``) —
    but one for a list bought (买了牛奶、鸡蛋和面包: what was bought is asked as a whole, no item is owned
    for long): the list's weak slot. Empty when an item is no short noun phrase (the whole is read as before)."""
    vals = [_clean(_COUNTED.sub("", o)) for o in items]
    if not all(v and len(v) <= 6 and not re.search(r"[，的了在是我你他她]", v) for v in vals):
        return []
    if q.startswith("买"):
        return [_fact(key, "fact", "买", "other")]
    return [(slots.join_slot(key, f"has.{slots.ZH_RELATIONS[v]}"), "relationship", v) if v in slots.ZH_RELATIONS
            else _fact(key, "owns", v, "other") for v in vals if v]


def one_object(stmt: str, value: str, values: list[str]) -> str:
    """我喜欢绘画、弹钢琴和品茶 → 我喜欢绘画 (one candidate per object of a list); the verb read
    into the first object (喜欢听古典音乐、看文艺电影) stays with it only."""
    item = rf"(?:{_NUM}?{_CLF})?(?:" + "|".join(map(re.escape, values)) + ")"  # (一只猫和两只狗: each its count)
    joined = re.search(rf"{item}(?:(?:、|，|和|跟|与|以及|还有){item})+", stmt)
    if not joined or value not in values:
        return stmt
    head = stmt[:joined.start()]
    if value != values[0] and re.search(r"(?:喜欢|爱|讨厌|热爱)[吃喝看听玩做去逛打弹养穿用读画唱跳踢骑拍]$", head) and \
            value[:1] in _VERBS:  # (爱吃饺子，馄饨: 我爱吃馄饨)
        head = head[:-1]
    said = next((x for x in re.split(r"、|，|和|跟|与|以及|还有", joined.group(0)) if _COUNTED.sub("", x) == value),
                value)
    if value != values[0] and values[0][:1] in _VERBS and value[:1] not in _VERBS and \
            re.search(r"(?:喜欢|爱|讨厌|热爱)$", head):
        said = values[0][0] + said  # 我爱吃饺子、馄饨 → 我爱吃馄饨: the verb read into the first object is the list's
    return head + said + stmt[joined.end():]
