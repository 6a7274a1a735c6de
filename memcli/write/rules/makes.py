"""Makes of things by kind, and one make by its two names, Chinese and English: vocabulary written for memcli.

:data:`BRANDS` (moved here from :mod:`memcli.write.linked_change`, which keeps its names) says which kind of thing a
brand or model is (shoes, car, phone): a switch of brand of one kind ends the old one. :data:`NAMES` gives one make
or means of payment its names in both languages, which the encoder does not always put together (huawei / 华为
0.80, iphone / 苹果手机 0.72, wechat / 微信 0.55, alipay / 支付宝 0.47): :func:`one_make`. Pure functions.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.primed import primable
from memcli.text import lang_of, to_simplified

__all__ = ["BRANDS", "NAMES", "brands_in", "one_make"]

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

#: one make or means of payment by its Chinese and English names (the encoder puts huawei / 华为 at 0.80, iphone /
#: 苹果手机 0.72, wechat / 微信 0.55, alipay / 支付宝 0.47)
NAMES: dict[str, tuple[str, ...]] = {
    "华为": ("huawei",), "苹果": ("apple", "iphone", "mac", "macbook", "ipad", "imac"), "小米": ("xiaomi", "redmi"),
    "红米": ("redmi",), "三星": ("samsung", "galaxy"), "荣耀": ("honor",), "一加": ("oneplus",),
    "谷歌": ("google", "pixel"),
    "微软": ("microsoft", "windows", "surface"), "联想": ("lenovo", "thinkpad"), "戴尔": ("dell",), "惠普": ("hp",),
    "微信": ("wechat",), "支付宝": ("alipay",), "现金": ("cash",), "信用卡": ("credit card", "card"),
    "银行卡": ("bank card", "debit card", "card"), "安卓": ("android",), "网易云": ("netease",),
    "亚马逊": ("amazon", "kindle"), "印象笔记": ("evernote",), "苹果电脑": ("mac", "macbook", "imac"),
    "苹果手机": ("iphone",)}
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


@primable(maxsize=16384)  # every candidate is asked, and a drain sees the same statement again and again
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


def one_make(names: frozenset[str] | set[str], others: frozenset[str] | set[str]) -> bool:
    """Some name of ``names`` and some of ``others`` are one make told in the two languages (苹果手机 / iphone,
    三星 / samsung): :data:`NAMES`, a Chinese name holding its key, an English one holding one of its words."""
    for zh_side, en_side in ((names, others), (others, names)):
        zh = [n for n in zh_side if lang_of(n) == "zh"]
        en = " ".join(n.casefold() for n in en_side if lang_of(n) != "zh")
        if zh and en and any(k in z and any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", en) for w in ws)
                             for z in zh for k, ws in NAMES.items()):
            return True
    return False
