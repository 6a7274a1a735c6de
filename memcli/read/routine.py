"""What the user does at a recurring time (round 42): 我周末干嘛？, 我周末一般做什么, 我周三晚上做什么.

Such a question asks the habits and plans told of that time (我周末常去钓鱼, 我每周六去游泳), not any liking: the
dense leg found 我喜欢喝普洱茶 for it (a question about oneself, "what", a liking of the user's), and the gate kept it
at p 0.30–0.50 with nothing of the weekend stored. :func:`routine_time` reads the time asked: a day or part of the
week said bare (周末, 周三, 星期六, 礼拜天, 晚上, 下班后; not 上周末 / 这周三, a window of days, nor a question in the
past tense, 我周末干嘛了, which :mod:`memcli.read.time_intent` reads), then what one does (干嘛, 做什么, 干什么, 玩什么,
去哪; not what one likes to do then — 我姐姐周末喜欢干嘛 asks a liking, which a hobby told without
its day answers). :func:`routine_answers` keeps the hits that name that time or one inside it (周末: 周六, 星期天, 双休;
周三: 星期三, 礼拜三) at the answerability point and leaves the others below it — with no such hit, no block.
Round 43: of the one the question asks about — 我儿子周末干嘛 his habits (我儿子每周六学游泳, ``son.habit.游泳``),
我周末干嘛 the user's own; a habit of another person of the user's is left below the point too (my wife's gym on
Saturdays does not answer what I do at the weekend).

Chinese questions only; pure regex over the hits. Read path: imports :mod:`memcli.read.results` and the slot
vocabulary (:mod:`memcli.slots`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcli.read.results import Hit
from memcli.slots import ME, ZH_RELATION_RE, ZH_RELATIONS, same_relation, split_slot

__all__ = ["routine_answers", "routine_time"]

_DAY = r"[一二三四五六日天]"
#: the time asked, said bare (no 上/这/下/本/每 before it: a window or a rule of its own), then what one does then
_ASKED = re.compile(rf"(?<![上这下本])(?P<t>周末|双休日?|(?:周|星期|礼拜){_DAY}|晚上|早上|下班后|下班以后|放学后)"
                    r"(?:晚上|早上|下午|上午)?(?:一般|通常|平时|都|经常|常常|主要)?(?:会|要)?"
                    r"(?:干嘛|干啥|干什么|做什么|做啥|做些什么|玩什么|去哪|去哪儿|去哪里|有什么安排)")
#: a question in the past tense asks a window of days (我周末干嘛了): not a routine
_PAST = re.compile(r"了|过(?!得)")
_WEEKEND = r"周末|双休|休息日|周[六日天]|星期[六日天]|礼拜[六日天]"
_KIN = {"周末": _WEEKEND, "双休": _WEEKEND, "双休日": _WEEKEND, "晚上": r"晚上|每晚|夜里|下班后|下班以后",
        "早上": r"早上|每天早上|早晨|清晨|晨"}


def routine_time(question: str) -> str | None:
    """The pattern of the recurring time ``question`` (simplified Chinese) asks what the user does at (周末 →
    周末|周六|星期天…; 周三 → 周三|星期三|礼拜三), or None: no such question, or one in the past tense."""
    m = _ASKED.search(question)
    if m is None or _PAST.search(question[m.end():]):
        return None
    t = m.group("t")
    if day := re.fullmatch(rf"(?:周|星期|礼拜)({_DAY})", t):
        d = "[日天]" if day.group(1) in "日天" else day.group(1)
        return rf"(?:周|星期|礼拜){d}"
    return _KIN.get(t, re.escape(t))


def routine_answers(hits: Sequence[Hit], question: str, point: float | None) -> bool:
    """For a question :func:`routine_time` reads, keep at ``point`` (the answerability point; None: no gate, nothing
    done) the hits whose statement names the time asked, and put every other hit below it. Returns whether the
    question was such a one (the caller recounts ``below_floor``)."""
    if point is None or (when := routine_time(question)) is None:
        return False
    asked = _whose(question, re.search(when, question) or _ASKED.search(question))
    for h in hits:
        if re.search(when, h.statement) and _same(asked, _of(h, when)):
            h.p_relevant, h.below_floor = max(h.p_relevant or 0.0, point), False
        else:
            h.below_floor = True
    return True


def _whose(text: str, at: re.Match[str] | None) -> str | None:
    """Whom ``text`` tells or asks of, read before the time word at ``at``: a relation's key (我儿子周末… → son), the
    user (我周末…, 我们周末…: ``me``), or None (no one said: nothing checked)."""
    head = text[:at.start()] if at else text
    if (rel := ZH_RELATION_RE.search(head)) and rel.group(0) in ZH_RELATIONS:
        return ZH_RELATIONS[rel.group(0)]
    return ME if "我" in head else None


def _of(hit: Hit, when: str) -> str | None:
    """Whose habit a hit tells: its slot's subject (``son.habit.游泳`` → son), else read from its words."""
    if hit.slot and not (who := split_slot(hit.slot)[0]).startswith(("person:", "thing:")):
        return who
    return _whose(hit.statement, re.search(when, hit.statement))


def _same(asked: str | None, told: str | None) -> bool:
    """Whether a habit told of ``told`` answers a question asked of ``asked`` (either unknown: it may)."""
    return asked is None or told is None or asked == told or (
        asked != ME and told != ME and same_relation(asked, told))
