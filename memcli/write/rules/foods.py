"""The foods and drinks a statement names: a short gazetteer written for memcli (咖啡, 茶, coffee, tea …), read by
:mod:`memcli.write.value_types` (coffee and tea are two habits unless a change is told) and by
:mod:`.switch_to` (a switch to tea names a drink). A leaf of the rules: it imports only :mod:`.match`."""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.text import lang_of, to_simplified
from memcli.write.rules.match import value_key

__all__ = ["EN_FOOD", "EN_FOOD_KEYS", "EN_TAKING_FORMS", "ZH_EN_FOOD", "ZH_FOOD", "food_drink_items"]

EN_FOOD = frozenset(
    "coffee tea latte lattes espresso cappuccino americano mocha milk juice beer wine water soda coke cola "
    "smoothie kombucha whisky whiskey vodka gin rum cocoa chocolate matcha lemonade cider sake soju "
    "bread rice noodles pasta pizza sushi salad steak chicken pork beef fish eggs egg cheese yogurt yoghurt "
    "oatmeal cereal fruit apples bananas soup burger burgers tacos dumplings tofu".split())
ZH_FOOD = ("咖啡", "拿铁", "美式", "奶茶", "绿茶", "红茶", "乌龙", "普洱", "茶", "牛奶", "酸奶", "豆浆", "果汁",
           "啤酒", "红酒", "白酒", "黄酒", "可乐", "雪碧", "矿泉水", "白开水", "热水", "苏打水", "椰汁", "咖啡因",
           "米饭", "面条", "馒头", "包子", "饺子", "粥", "面包", "鸡蛋", "水果", "蔬菜", "沙拉", "火锅", "烧烤",
           "牛肉", "猪肉", "鸡肉", "鱼", "豆腐", "燕麦", "麦片", "巧克力", "蛋糕")
#: the English names of the Chinese foods and drinks (round 38: the encoder does not know them all across the two
#: languages — 可乐 / cola 0.50, 拿铁 / latte 0.43 — so a give-up or a switch compares them by this table first)
ZH_EN_FOOD: dict[str, tuple[str, ...]] = {
    "咖啡": ("coffee",), "拿铁": ("latte",), "美式": ("americano",), "奶茶": ("milk tea", "bubble tea"),
    "绿茶": ("green tea",), "红茶": ("black tea",), "乌龙": ("oolong",), "茶": ("tea",), "牛奶": ("milk",),
    "酸奶": ("yogurt", "yoghurt"), "豆浆": ("soy milk",), "果汁": ("juice",), "啤酒": ("beer",),
    "红酒": ("red wine", "wine"), "可乐": ("cola", "coke"), "雪碧": ("sprite",), "苏打水": ("soda",),
    "米饭": ("rice",), "面条": ("noodles",), "饺子": ("dumplings",), "面包": ("bread",), "鸡蛋": ("eggs", "egg"),
    "水果": ("fruit",), "沙拉": ("salad",), "牛肉": ("beef",), "猪肉": ("pork",), "鸡肉": ("chicken",),
    "鱼": ("fish",), "豆腐": ("tofu",), "燕麦": ("oatmeal",), "巧克力": ("chocolate",), "蛋糕": ("cake",)}
#: the English verbs of taking a food or drink, each with its forms (a give-up's and a switch's one vocabulary)
EN_TAKING_FORMS: dict[str, tuple[str, ...]] = {
    "drink": ("drink", "drinks", "drinking", "drank"), "eat": ("eat", "eats", "eating", "ate"),
    "smoke": ("smoke", "smokes", "smoking", "smoked"), "have": ("have", "has", "having")}
#: the English foods and drinks as written and as slot values are stemmed (coffe)
EN_FOOD_KEYS = frozenset(value_key(w) for w in EN_FOOD) | EN_FOOD


@lru_cache(maxsize=8192)
def food_drink_items(text: str) -> frozenset[str]:
    """The foods and drinks a statement names (咖啡, 茶; coffee, tea), simplified and case-folded.
    A longer Chinese item hides the shorter one it contains (奶茶 is not 茶)."""
    t = to_simplified(text)
    if lang_of(t) == "zh":
        found: list[str] = []
        for w in sorted(ZH_FOOD, key=len, reverse=True):
            if w in t and not any(w in f for f in found):
                found.append(w)
        return frozenset(found)
    return frozenset(w for w in re.findall(r"[a-z][a-z']*", t.casefold()) if w in EN_FOOD_KEYS)
