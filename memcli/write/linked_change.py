"""Changes that reach a stored fact of *another* attribute, read from typed values (issue 21 §1):

- a move told to another place (``residence``, 搬到杭州 / "we moved to Seattle") ends a workplace
  given only as a place of the same subject (在南京工作: the city is all that was said of the job);
  a workplace given as an organisation (在腾讯工作) is not a city and stays;
- a switch told to another brand of one kind of thing (shoes, car, phone) ends the stored use of
  another brand of that kind ("I switched to Hoka" beside "the running shoes I wear are Brooks";
  我把车换成了比亚迪 beside 我开的是一辆大众), though the new statement never names the attribute.

Both need the same subject, a change marker in the new statement
(:func:`memcli.write.value_types.change_marker`) and two values of one type that differ; the
brand kinds come from a small gazetteer written for memcli (:data:`BRANDS`). Pure functions:
:func:`memcli.write.decide.decide` asks them when the judge found nothing to change.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.slots import split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.rules import Facts
from memcli.write.value_types import change_marker, value_type

__all__ = ["BRANDS", "brands_in", "moved_from_workplace", "switched_brand"]

#: brands and models by kind of thing (lower case; Chinese as written). Short, general lists.
BRANDS: dict[str, tuple[str, ...]] = {
    "shoes": ("nike", "adidas", "asics", "brooks", "hoka", "saucony", "new balance", "mizuno", "puma", "reebok",
              "skechers", "salomon", "altra", "under armour", "vans", "converse", "allbirds",
              "耐克", "阿迪达斯", "阿迪", "亚瑟士", "李宁", "安踏", "特步", "新百伦", "斯凯奇", "匹克", "鸿星尔克",
              "索康尼", "萨洛蒙"),
    "car": ("toyota", "honda", "subaru", "bmw", "audi", "mercedes", "volkswagen", "vw", "ford", "chevrolet", "chevy",
            "nissan", "mazda", "hyundai", "kia", "tesla", "volvo", "lexus", "porsche", "jeep", "peugeot", "renault",
            "skoda", "fiat", "corolla", "camry", "prius", "civic", "accord", "outback", "forester", "golf",
            "丰田", "本田", "大众", "宝马", "奥迪", "奔驰", "比亚迪", "特斯拉", "蔚来", "小鹏", "日产", "别克",
            "福特", "吉利", "马自达", "起亚", "雷克萨斯", "沃尔沃", "保时捷", "五菱", "卡罗拉", "凯美瑞", "思域",
            "雅阁", "帕萨特", "朗逸", "速腾", "迈腾"),
    "phone": ("iphone", "samsung", "galaxy", "pixel", "huawei", "xiaomi", "oneplus", "oppo", "vivo", "motorola",
              "nokia", "苹果手机", "华为", "小米", "荣耀", "三星", "一加", "魅族", "红米"),
}

#: words that tell a switch beside :func:`change_marker` (traded the car in, 把车换成了…)
_SWITCH = re.compile(r"\b(?:traded|trade|swapped|swap|replaced|went with|going with)\b|换成|换了|改用", re.I)
_ZH_NOT_BRAND = re.compile(r"大众点评|大众化|小米粥|小米饭")


@lru_cache(maxsize=8192)
@lru_cache(maxsize=1)
def _brand_tests() -> dict[str, tuple[tuple[str, bool, re.Pattern[str] | None], ...]]:
    """Per kind, each brand of :data:`BRANDS` with how it is found, compiled once: (name, written in
    Chinese: a substring test, the whole-word pattern of a Latin name or None)."""
    return {kind: tuple((n, bool(re.search(r"[\u4e00-\u9fff]", n)),
                         re.compile(rf"(?<![a-z]){re.escape(n)}(?![a-z])") if n.isascii() else None) for n in names)
            for kind, names in BRANDS.items()}


def brands_in(text: str) -> dict[str, frozenset[str]]:
    """Kind → the brands of :data:`BRANDS` that ``text`` names (words in English, substrings in Chinese)."""
    return dict(_brands_in(text))


@lru_cache(maxsize=16384)  # every candidate is asked, and a drain sees the same statement again and again
def _brands_in(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    t = to_simplified(text).lower()
    zh = lang_of(t) == "zh"
    t = _ZH_NOT_BRAND.sub("", t)
    out: dict[str, frozenset[str]] = {}
    for kind, tests in _brand_tests().items():
        found = frozenset(n for n, cjk, word in tests
                          if (cjk and zh and n in t) or (word is not None and word.search(t)))
        if found:
            out[kind] = found
    return tuple(out.items())


def _same_subject(new: Facts, old: Facts) -> bool:
    return new.subject == old.subject or {new.subject, old.subject} <= {"me"} or (
        "me" in (new.subject, old.subject) and any(s.startswith("thing:") for s in (new.subject, old.subject)))


def switched_brand(new: Facts, old: Facts) -> str | None:
    """Why ``new`` ends ``old``'s use of a brand (None: it does not): the same owner, ``new`` tells
    a switch, and for one kind of thing each names a brand the other does not name."""
    if not (new.positive and old.positive and _same_subject(new, old)):
        return None
    if not (change_marker(new.statement) or _SWITCH.search(to_simplified(new.statement))):
        return None
    if old.slot and split_slot(old.slot)[1] == "event":
        return None  # a past event stays history
    a, b = brands_in(new.statement), brands_in(old.statement)
    for kind in sorted(a.keys() & b.keys()):
        if not a[kind] & b[kind]:
            return (f"a switch of {kind} told: {'/'.join(sorted(b[kind]))} → {'/'.join(sorted(a[kind]))}, "
                    "one kind of thing, another brand")
    return None


def moved_from_workplace(new: Facts, old: Facts) -> str | None:
    """Why a move told in ``new`` (a ``residence`` to a place) ends ``old``, a ``workplace`` of the
    same subject given only as a place (None: it does not). A workplace named as an organisation,
    a move with no change marker (我住在杭州 beside 在南京工作: a commute) or to a place inside the
    old one change nothing."""
    if not (new.slot and old.slot and new.positive and old.positive):
        return None
    (ns, na, _), (os_, oa, _) = split_slot(new.slot), split_slot(old.slot)
    if na != "residence" or oa != "workplace" or ns != os_ or not change_marker(new.statement):
        return None
    if value_type(new) != "place" or value_type(old) != "place":
        return None
    nv, ov = (new.value or "").replace(" ", ""), (old.value or "").replace(" ", "")
    if not nv or not ov or nv in ov or ov in nv:
        return None
    return f"moved to {new.value} (residence) from a workplace given as a place ({old.value})"
