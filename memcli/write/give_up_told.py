"""What a statement tells its subject gave up, and by which kind of verb (round 40: one reader for two rules).

Round 38's :mod:`memcli.write.given_up` (a liking or a thing taken given up: 我现在不喝咖啡了, 戒了咖啡, "I don't drink
cola any more") and round 39's :mod:`memcli.write.means_change` (an activity given up: 我现在不打网球了, "I stopped
going to the gym") each read the give-up themselves. :func:`give_ups` reads both, each reading a :class:`GiveUp`
whose ``verb`` says which kind of verb gave it up:

- ``"taking"``: a thing taken — a verb of taking (不喝 / 不吃 / 不抽, drink / eat / smoke), a Chinese 戒 told done
  (戒了咖啡, 我已经戒掉奶茶了, 戒酒了), or a food or drink given up ("I gave up coffee");
- ``"liking"``: any other liking or habit given up (a ``like.X`` / ``habit.X`` fact, negative, with a change told:
  不再 / 现在 / 了, any more / no longer / now …), the user's or anyone's;
- ``"doing"``: a sport or a place of the user's given up (不打网球了, 不去健身房了, "I don't play tennis anymore", "I
  stopped going to the gym"): a "no" on doing with a change told; a food or drink is never one (it is taken).

A statement may carry two readings ("I don't play tennis anymore" may also be a habit given up, ``liking``): the rule
of each kind takes its own (:func:`memcli.write.given_up.give_up_of` the first taking or liking one,
:func:`memcli.write.means_change.activity_of_give_up` the doing one). The change words the two kinds accept differ as
they did before round 40: a taking or liking give-up also counts 早就, "nowadays" and "since" as a change told.

Pure functions over :class:`~memcli.write.rules.Facts`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memcli.slots import split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.pair_facts import content_units
from memcli.write.rules import Facts
from memcli.write.rules.foods import EN_TAKING_FORMS, food_drink_items
from memcli.write.rules.match import value_key

__all__ = ["ACTIVITIES", "GiveUp", "give_ups"]


@dataclass(frozen=True)
class GiveUp:
    """A thing given up (咖啡, cola, 网球, gym: in the statement's words) and the kind of verb that gave it up:
    ``"taking"``, ``"liking"`` or ``"doing"`` (see the module doc)."""

    thing: str
    verb: str


#: sports and pastimes by their Chinese and English names (the encoder puts some below its floor: tennis / 网球 0.69,
#: gym / 健身房 0.77, pilates / 普拉提 0.37, while chess / 围棋 is 0.75): a short list written for memcli
ACTIVITIES: dict[str, tuple[str, ...]] = {
    "网球": ("tennis",), "健身房": ("gym", "the gym", "working out", "work out"),
    "健身": ("gym", "working out"), "游泳": ("swimming", "swim", "pool"), "瑜伽": ("yoga",),
    "篮球": ("basketball",), "足球": ("football", "soccer"), "羽毛球": ("badminton",),
    "乒乓球": ("table tennis", "ping pong", "ping-pong"), "跑步": ("running", "jogging", "run"),
    "钢琴": ("piano",), "吉他": ("guitar",), "高尔夫": ("golf",), "排球": ("volleyball",),
    "普拉提": ("pilates",), "爬山": ("hiking", "hike"), "徒步": ("hiking", "hike"),
    "攀岩": ("climbing", "bouldering"), "滑雪": ("skiing", "ski"), "拳击": ("boxing",),
    "跳舞": ("dancing", "dance"), "舞蹈": ("dancing", "dance"), "象棋": ("chess",), "围棋": ("go",),
    "骑行": ("cycling",), "冲浪": ("surfing",), "滑板": ("skateboarding",), "太极": ("tai chi",),
    "棒球": ("baseball",), "橄榄球": ("rugby",), "广场舞": ("square dancing",), "合唱团": ("choir",),
    "读书会": ("book club",)}

#: a change told (a "no" said now, not a lasting dislike said for the first time): the words both kinds accept, and
#: those only a taking or liking give-up accepts (as before round 40)
_ZH_CHANGE = r"了[。！!~～]*$|不再|现在|已经|如今|目前|再也"
_EN_CHANGE = r"any ?more|no longer|now|these days|stopped|quit|gave up|given up"
_ZH_TOLD = {"liking": re.compile(_ZH_CHANGE + r"|早就"), "doing": re.compile(_ZH_CHANGE)}
_EN_TOLD = {"liking": re.compile(rf"\b(?:{_EN_CHANGE}|nowadays|since)\b", re.I),
            "doing": re.compile(rf"\b(?:{_EN_CHANGE})\b", re.I)}
#: a give-up tried, not done ("I'm trying to quit sugar", "attempting to give up"; 试着戒, 在努力戒)
_ATTEMPT = re.compile(r"\b(?:trying|try|tried|attempting|working on)\b|试着|试图|努力|尝试", re.I)
#: a verb of taking (喝 / 吃 / 抽, drink / eat / smoke)
TAKING = re.compile(r"喝|吃|抽|\b(?:" + "|".join(f for v in ("drink", "eat", "smoke") for f in EN_TAKING_FORMS[v])
                    + r")\b", re.I)
#: 戒 told done: 戒 (掉 / 除) (了) X (了), X a food or drink of the gazetteer or a short thing (烟, 酒); before it no
#: wish, "no" or going on (想戒, 没戒, 在戒: 现在 is a time)
_ZH_QUIT = re.compile(r"戒(?:掉|除)?(?P<done>了)?(?:喝|吃|抽)?(?P<thing>[^了掉，,。！!~～\s]{1,8}?)(?P<end>了)?"
                      r"[。！!~～]*$")
_ZH_QUIT_NOT = re.compile(r"没有?|不|别|未|想|打算|准备|考虑|要|会|试|(?<!现)在|正在")
#: a "no" on doing a sport or going somewhere, the thing done after the verb
_ZH_GIVE_UP = re.compile(r"(?:不再?|没再|再也不|已经不)(?:去|打|踢|玩|练|弹|下|跑|游|骑|上|做|跳|学)"
                         r"(?P<thing>[\u4e00-\u9fff]{1,5}?)(?:了|啦)?[。！!~～]*$")
_EN_GIVE_UP = re.compile(r"\b(?:don't|do not|doesn't|no longer|stopped|quit|gave up|given up|not)\s+"
                         r"(?P<verb>go(?:ing)? to|play(?:ing)?|do(?:ing)?|practi[cs](?:e|ing)|attend(?:ing)?|"
                         r"go(?:ing)?)?\s*(?:the |my )?"
                         r"(?P<thing>[a-z][a-z\-]*(?: [a-z][a-z\-]*)??)(?:\s+(?:any ?more|now|these days|lately))*"
                         r"[.!]*$", re.I)


def give_ups(new: Facts) -> tuple[GiveUp, ...]:
    """What ``new`` tells its subject gave up: the taking or liking reading first, then the doing one (each at most
    once; see the module doc); () when it tells no give-up."""
    out: list[GiveUp] = []
    if _ATTEMPT.search(new.statement):
        return ()  # "I'm trying to quit sugar": a give-up going on, not done — the liking still holds
    if (liked := _liking(new)) is not None:
        taken = TAKING.search(to_simplified(new.statement)) or zh_quit(new.statement) or food_drink_items(liked)
        out.append(GiveUp(liked, "taking" if taken else "liking"))
    if (done := _doing(new)) is not None:
        out.append(GiveUp(done, "doing"))
    return tuple(out)


def _liking(new: Facts) -> str | None:
    """The thing of a 戒 told done, or of a negated liking or habit with a change told (see the module doc)."""
    if quit_ := zh_quit(new.statement):
        return quit_
    if new.positive or not new.slot:
        return None
    _, attr, obj = split_slot(new.slot)
    if attr not in ("like", "habit") or not obj:
        return None
    zh = lang_of(new.statement) == "zh"
    if not (_ZH_TOLD if zh else _EN_TOLD)["liking"].search(to_simplified(new.statement) if zh else new.statement):
        return None
    return obj if zh else _surface(new.statement, obj)


def zh_quit(statement: str) -> str | None:
    """X of a Chinese 戒 told done (咖啡 of 我戒了咖啡, 奶茶 of 我已经戒掉奶茶了, 酒 of 戒酒了), or None."""
    if lang_of(statement) != "zh":
        return None
    t = to_simplified(statement)
    m = _ZH_QUIT.search(t)
    if m is None or _ZH_QUIT_NOT.search(t[:m.start()]) or not (m["done"] or m["end"] or "掉" in m[0] or "已经" in t):
        return None
    thing = m["thing"]
    foods = food_drink_items(thing)
    if foods:
        return max(foods, key=len)
    return thing if len(thing) <= 2 else None


def _surface(statement: str, key: str) -> str:
    """The words of ``statement`` an English slot key was stemmed from (smok → smoking): the encoder compares
    words, not stems."""
    words = re.findall(r"[a-z]+", statement.casefold())
    return " ".join(next((w for w in words if value_key(w) == k or w.startswith(k)), k) for k in key.split())


def _doing(new: Facts) -> str | None:
    """The sport or place the user tells they gave up (网球 of 我现在不打网球了, gym of "I don't go to the gym
    anymore"), or None: not the user's, no "no" on doing, or no change told."""
    if ("me" if new.subject.startswith("thing:") else new.subject) != "me" or new.positive:
        return None  # (a subject read as a thing, thing:现 of 我现在…, is the user's)
    t = to_simplified(new.statement.strip())
    zh = lang_of(t) == "zh"
    m = (_ZH_GIVE_UP if zh else _EN_GIVE_UP).search(t)
    if m is None or not (_ZH_TOLD if zh else _EN_TOLD)["doing"].search(t) or re.search(r"你|\byou\b", t, re.I):
        return None  # (advice to someone: "anyone else would quit and you're not going to …")
    thing = m["thing"].casefold()
    if food_drink_items(thing) or not zh and (not content_units(thing) or thing in ("it", "that", "this", "them")):
        return None  # (a food or drink given up is taken, not done)
    if not zh and not m["verb"] and not thing.endswith("ing") and not any(thing in e for e in ACTIVITIES.values()):
        return None  # "I gave up coffee", "I quit my job": no doing named
    return thing
