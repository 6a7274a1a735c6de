"""A liking given up in general ends the stored liking of a kind of it.

我特别喜欢吃辣的川菜 (``like.辣的川菜``) then 我现在不太能吃辣了 (``like.辣``, negative): the later turn says the
user no longer takes spicy food, so the spicy Sichuan dishes go with it — but the two slots differ, the judge
saw two facts and both stayed active (round 21's trial). "I really like sweet desserts" then "I don't eat
sweet things anymore" the same. :func:`broader_liking_over` reads it: the new statement a negated liking of
the user, the stored one a positive liking whose object is the new object with more said of it — in Chinese
the stored object opens with the new one before 的 (辣的川菜 ⊃ 辣) or ends with it (a Chinese compound's head comes
last: 红酒 is a kind of 酒, 鲈鱼 of 鱼), in English every content word of the new
object (but the general nouns food / things / stuff) is a word of the stored one. A general word of a kind of
food (meat, fish, seafood, alcohol, dairy; 肉, 鱼, 海鲜, 酒) given up — or a diet without meat told (我不吃肉了 →
``diet`` 素食, "I'm vegetarian now") — ends the liking of a food of that kind ("I love steak" / "I don't eat meat
anymore", 我很爱吃牛排 / 我不吃肉了: :data:`KINDS`, a short general table). The decision
(:func:`memcli.write.decide._linked_change`) makes it a CONFLICT. Pure functions over :class:`Facts`.
"""

from __future__ import annotations

import re

from memcli.slots import split_slot
from memcli.write.rules.match import Facts

__all__ = ["KINDS", "broader_liking_over", "is_liking_given_up"]

_ZH_VERB = re.compile(r"^(?:吃|喝|玩|看|听|用|穿)")
#: nouns that name no kind of their own: "spicy food" is the spicy, "sweet things" the sweet
_EN_GENERAL = frozenset("food foods thing things stuff dish dishes drink drinks meal meals".split())
_EN_WORD = re.compile(r"[a-z]+")
#: foods of a kind a general word names (English singular; Chinese: a word the stored object contains, beside
#: the compound whose head is the kind: 牛肉, 鲈鱼, 红酒)
KINDS: dict[str, frozenset[str]] = {k: frozenset(v.split()) for k, v in {
    "meat": "steak beef pork bacon ham lamb mutton veal sausage burger hamburger rib brisket salami pepperoni "
            "chicken turkey duck venison meatball kebab jerky",
    "fish": "salmon tuna cod trout sardine mackerel sushi sashimi haddock halibut",
    "seafood": "shrimp prawn lobster crab oyster mussel clam scallop squid octopus",
    "alcohol": "wine beer whisky whiskey vodka gin rum tequila cocktail sake champagne cider bourbon",
    "dairy": "cheese milk yogurt yoghurt butter cream",
    "肉": "牛排 排骨 火腿 香肠 培根 烤鸭 鸡翅 鸡腿 肥牛 牛腩 羊肉串",
    "鱼": "三文鱼 寿司 刺身",
    "海鲜": "虾 蟹 生蚝 扇贝 鱿鱼 鲍鱼",
    # (round 40) a taste given up in degree (不怎么吃辣了, "not into spicy food anymore") ends the liking of a
    # dish or cuisine known for it (川菜, 火锅; Sichuan, curry) — not of a dish that only holds a spice (辣椒炒肉:
    # round 21 keeps it)
    "spicy": "sichuan szechuan hunan curry vindaloo hotpot kimchi",
    "sweet": "dessert cake candy chocolate cookie donut doughnut pastry pudding",
    "辣": "川菜 湘菜 火锅 麻辣 辣条 水煮鱼 酸辣粉 螺蛳粉 冒菜 串串 毛血旺 辣子鸡 麻婆豆腐",
    "甜": "甜品 甜点 甜食 蛋糕 奶茶 冰淇淋 巧克力 糖果 马卡龙",
}.items()}
#: a diet told that gives up a kind (我不吃肉了 reads as ``diet`` 素食)
_DIET_WITHOUT = {"素食": "肉", "吃素": "肉", "vegetarian": "meat", "vegan": "meat"}


def _object(f: Facts) -> str | None:
    if not f.slot or f.subject != "me":
        return None
    _, attr, obj = split_slot(f.slot)
    return obj if attr == "like" and obj else None


def is_liking_given_up(new: Facts) -> bool:
    """``new`` is a negated liking of the user (我不太能吃辣了, "I don't eat sweet things anymore") or a diet
    that gives up a kind of food (我不吃肉了: ``diet`` 素食)."""
    return not new.positive and _object(new) is not None or _diet_kind(new) is not None


def _diet_kind(new: Facts) -> str | None:
    """The kind of food (a key of :data:`KINDS`) a diet ``new`` tells gives up, or None."""
    if not new.slot or new.subject != "me" or not new.positive or split_slot(new.slot)[1] != "diet":
        return None
    return _DIET_WITHOUT.get((new.value or "").casefold())


def _kind_over(kind: str, old_object: str) -> str | None:
    """Why giving up ``kind`` (a key of :data:`KINDS`) ends the liking of ``old_object``, or None."""
    foods = KINDS.get(kind, frozenset())
    if any("\u4e00" <= ch <= "\u9fff" for ch in kind):
        hit = next((f for f in foods if f in old_object), None)
    else:
        hit = next((w for w in _EN_WORD.findall(old_object.casefold()) if w in foods or w.removesuffix("s") in foods),
                   None)
    return f"a kind of food given up ({kind}) ends the liking of one of it ({old_object})" if hit else None


def broader_liking_over(new: Facts, old: Facts) -> str | None:
    """Why the negated liking ``new`` ends the stored positive liking ``old`` of a kind of its object (see
    the module doc); None when it does not (another object, the same polarity, not both the user's likings)."""
    a, b = _object(new), _object(old)
    if b is not None and old.positive and (kind := _diet_kind(new)):
        return _kind_over(kind, b)
    if a is None or b is None or new.positive or not old.positive:
        return None
    if any("\u4e00" <= ch <= "\u9fff" for ch in a + b):
        x, y = _ZH_VERB.sub("", a).removesuffix("的"), _ZH_VERB.sub("", b)
        if x and y != x and (y.startswith(x + "的") or y.startswith(x) and len(x) >= 2 or y.endswith(x)):
            return f"a liking given up ({x}) ends the liking of a kind of it ({y})"
        return _kind_over(x, y) if x in KINDS and y != x else None
    x = {w for w in _EN_WORD.findall(a) if w not in _EN_GENERAL}
    y = set(_EN_WORD.findall(b))
    if x and x < y:
        return f"a liking given up ({' '.join(sorted(x))}) ends the liking of a kind of it ({b})"
    return _kind_over(next(iter(x)), b) if len(x) == 1 and next(iter(x)) in KINDS and x != y else None
