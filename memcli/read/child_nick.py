"""A Chinese question about the user's child by the role word, read with the name the user calls the child (round 48).

豆豆是我儿子的小名 (or 我儿子叫豆豆, 我女儿的小名是朵朵), and later 豆豆每天下午四点放学, 王老师是豆豆的班主任: what the
user told of the child is told by the name, and 孩子几点放学 / 儿子读几年级 / 孩子班主任是谁 ask by the role — the
role is the question's, the name the memories'. :func:`child_named_zh` puts the name right after the role word the
question says (孩子豆豆几点放学), as :func:`memcli.read.pet_named.kind_named` puts a pet's name after its kind: the
lexical and episode legs then find what was told by the name, and the question still names the child by the role.

The name: of the user's active memories the role words find (ONE bounded full-text query), the one each says the
child is called — X是我儿子(的小名), 我儿子(的小名)叫X, 我儿子的名字是X — when they give one name only: a son's
and a daughter's both (孩子 of two children) guess nothing. 孩子 / 小孩 / 宝宝 read the name of any child told;
儿子 a son's or a child's, 女儿 a daughter's or a child's.

:func:`asks_role_of` reads a question that asks who holds a role for someone of the user's (孩子班主任是谁,
我儿子的老师叫什么, 我老婆的主管是谁): the one asked is the role's holder, told by the role (王老师是豆豆的班主任),
never the relative — :func:`memcli.read.person.asked_person` then names no one, so no fact of the holder is left out
as another person's.

Read path only (the store and text helpers).
"""

from __future__ import annotations

import re
from datetime import datetime

from memcli.db.store import MemoryStore
from memcli.slots import ZH_RELATION_RE
from memcli.text import to_simplified

__all__ = ["asks_role_of", "child_named_zh"]

#: the role words of a child, each with the relation keys whose names it takes
_ANY = ("son", "daughter", "child")
_ROLES = {"孩子": _ANY, "小孩": _ANY, "宝宝": _ANY, "儿子": ("son", "child"), "女儿": ("daughter", "child"),
          "闺女": ("daughter", "child")}
_KEY = {"儿子": "son", "女儿": "daughter", "闺女": "daughter", "孩子": "child", "小孩": "child", "宝宝": "child"}
_ROLE_RE = "儿子|女儿|闺女|孩子|小孩|宝宝"
_NAME = r"(?P<n>[\u4e00-\u9fff]{2,3})"
_NICK = r"(?:小名|外号|昵称|乳名|名字|大名)"
#: X是我儿子(的小名) / X是我家孩子
_NAME_FIRST = re.compile(rf"^{_NAME}是我(?:的|家的?|们家的?)?(?P<r>{_ROLE_RE})(?:的{_NICK})?(?:哈|啊|呀|哦)?$")
#: 我儿子(的小名)叫X / 我女儿的名字是X
_ROLE_FIRST = re.compile(rf"^我(?:的|家的?|们家的?)?(?P<r>{_ROLE_RE})(?:的)?{_NICK}?(?:叫做?|名叫|是){_NAME}"
                         r"(?:[，,。]|$)")
#: a question that asks the name itself: the name memory answers it as it is
_ASKS_NAME = re.compile(r"叫什么|什么名字|叫啥|小名|外号|昵称|乳名|名字")
_NAMES_READ = 16


def _names(store: MemoryStore, user: str, *, as_of: datetime | None) -> dict[str, set[str]]:
    """Relation key (son / daughter / child) → the names the user's memories give that child."""
    ids = [i for i, _ in store.fts_search(user, list(_KEY), limit=_NAMES_READ, as_of=as_of)]
    out: dict[str, set[str]] = {}
    for row in store.items_by_ids(user, ids):
        said = to_simplified(str(row["statement"])).strip().rstrip("。！!~～")
        for part in re.split(r"[，,。；;]", said):
            if m := _NAME_FIRST.match(part) or _ROLE_FIRST.match(part):
                if not ZH_RELATION_RE.search(m.group("n")):
                    out.setdefault(_KEY[m.group("r")], set()).add(m.group("n"))
    return out


def child_named_zh(store: MemoryStore, user: str, text: str, *, as_of: datetime | None = None) -> str:
    """``text`` (a query) with the one name the user calls the child it names by a role word put right after that
    word (see the module doc); ``text`` unchanged otherwise (not Chinese, no role word, asks the name itself, or
    no name or two names told)."""
    simplified = to_simplified(text)
    m = re.search(_ROLE_RE, simplified)
    if m is None or _ASKS_NAME.search(simplified):
        return text
    names = _names(store, user, as_of=as_of)
    found = set().union(*(names.get(k, set()) for k in _ROLES[m.group(0)]))
    if len(found) != 1 or (name := found.pop()) in simplified:
        return text
    return f"{text[:m.end()]}{name}{text[m.end():]}"


#: a role someone holds for a person of the user's, asked after that person: (…的)班主任 / 老师 / 主管 + 是谁 / 叫什么
_ROLE_ASKED = re.compile(r"^(?P<who>.{1,12}?)(?:的)?(?:现在的|新的?)?(?P<role>班主任(?:老师)?|[语数英]文老师|数学老师|"
                         r"英语老师|老师|同桌|教练|主管|领导|上司|经理|主治医生|医生|导师)"
                         r"(?:是谁|叫什么(?:名字)?|姓什么|是哪位|叫啥|是哪个)")


def asks_role_of(question: str) -> bool:
    """``question`` (Chinese) asks who holds a role for a person of the user's it names first (孩子班主任是谁,
    我老婆的主管叫什么): the one asked is the role's holder (see the module doc)."""
    m = _ROLE_ASKED.match(to_simplified(question).strip())
    return m is not None and m.group("who") not in ("我", "我的", "我们", "我们的") and \
        ZH_RELATION_RE.search(m.group("who")) is not None
