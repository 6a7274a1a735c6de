"""A weak slot keyed by a word that names nothing (round 45): a function word, a verb of change or a number.

The rules key a fact they read no attribute of by its head word (``fact.通勤``, ``event.adopted_dog``). A head that is
a "no" or a "have" (我没有车 → ``fact.没有``, 我从来没出过国 → ``fact.没``), a verb of change (我们家换成了地暖 →
``event.换成``) or a number (我家在三楼 → ``fact.三``) names nothing the fact is about, and a slot decides which facts
replace each other: every "no" of the user's shared ``fact.没有``. :func:`rekeyed` gives such a match the slot of what
it is about: for a "no", the slot the clause reads without it when that is an attribute (我没有养猫 → ``owns.猫``, a
"no" of it, as 我养了两只猫 is the "yes"), or with 有 for a thing (我没有车 → ``owns.车``), and for 其 ("its",
何家明其联系电话是… → ``person:何家明.phone``) the slot read with 的; else the first content word after the head
(``fact.出国``, ``event.地暖``, ``fact.楼``). Round 46: a one-character adjective is such a head too and the
content word skips it and a verb of learning (我们小区换成了新物业 → ``thing:小区.fact.物业``, 我还没学会游泳 →
``fact.游泳``); a head that is a clause of change keeps the thing changed to (``event.换成燃气灶`` →
``event.燃气灶``); a "no" is read again without a time word before it or a closing 了 (我家现在没有洗碗机了 →
``owns.洗碗机``). Chinese only; any other match is itself.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memcli import slots
from memcli.write.rules.match import Match

__all__ = ["rekeyed"]

_NO = ("没有", "没", "不", "不会", "不能", "不敢", "没法")
_FUNCTION = frozenset((*_NO, "有", "是", "在", "把", "被", "给", "让", "和", "跟", "对", "也", "都", "就", "还", "又",
                       "才"))
_CHANGE = frozenset("改成 改为 换成 换为 换到 变成 变为 改 换 变".split())
#: a head that is a clause of change, the verb with the thing it changed to (换成燃气灶 → 燃气灶): round 46
_CHANGED_TO = re.compile(r"^(?:改成|改为|换成|换为|变成|变为)([\u4e00-\u9fff]{2,})$")
#: a one-character adjective or a verb of learning before what the fact is about (新物业, 学会游泳): round 46
_MODIFIER = frozenset("新 旧 老 大 小".split())
_LEARN = frozenset("学会 学 会 学着".split())
_NUMBER = re.compile(r"[\d.]+|[零〇一二两三四五六七八九十百千万几]+")
_WEAK = ("fact", "event", "habit")
#: a slot that names someone: a "no" read again never keys by it (a union denied names no spouse)
_NAMES = re.compile(r"(?:^|\.)(?:name|nickname)(?:\.|$)")


def _odd(head: str) -> bool:
    return head in _FUNCTION or head in _CHANGE or head in _MODIFIER or _NUMBER.fullmatch(head) is not None


def _content_word(text: str) -> str | None:
    """The first content word of ``text`` in its clause: the noun after a one-character adjective (新物业 → 物业) or
    a verb of learning (学会游泳 → 游泳; round 46)."""
    from memcli.text import pos_tags

    text = re.sub(r"^[了过着]+|(?<=[\u4e00-\u9fff])[过了着](?=[\u4e00-\u9fff])", "", text)  # (没出过国: 出国)
    tags = [(w, f) for w, f in pos_tags(text) if re.fullmatch(r"[\u4e00-\u9fff]+", w) or f == "x"]
    for i, (w, f) in enumerate(tags):
        nxt = tags[i + 1] if i + 1 < len(tags) and tags[i + 1][1][:1] in ("n", "v") and not _odd(tags[i + 1][0]) \
            else None
        if f == "x":
            return None  # (the clause ends: 我不会游泳，一下水就慌 is 游泳's)
        if nxt and (w in _LEARN or (len(w) == 1 and f[:1] == "a")):
            continue  # (学会游泳, 新物业: the word after)
        if f[:1] in ("n", "v", "a") and not _odd(w) and w not in ("了", "过", "着", "的") and f != "vshi" \
                and not (len(w) == 1 and f[:1] == "v" and w in "是有在做去来"):
            return w
    return None


def _noun(text: str) -> bool:
    """``text`` (what 我有… reads as owned) is a thing, not a deed: no aspect word (去过日本), no life event (结婚), no
    verb of going or doing first (jieba's tags of a lone word are no guide: 车 ``zg``, 驾照 ``v``)."""
    from memcli.write.rules.zh_words import _LIFE_EVENT

    return bool(text) and not re.search(r"[过了着]", text) and not _LIFE_EVENT.match(text) \
        and text[0] not in "去来做回到"


def rekeyed(m: Match, read: object) -> Match:
    """``m`` with the slot of what it is about when its weak slot's head is a function word, a verb of change or a
    number (see the module doc); ``m`` itself otherwise. ``read``: the Chinese rules' ``extract_matches`` (a "no"
    read again without it)."""
    if not m.slot or "." not in m.slot:
        return m
    prefix, head = m.slot.rsplit(".", 1)
    if prefix.rsplit(".", 1)[-1] in _WEAK and (changed := _CHANGED_TO.match(head)):  # (event.换成燃气灶: a clause)
        return replace(m, slot=f"{prefix}.{changed.group(1)}", value=changed.group(1))
    if prefix.rsplit(".", 1)[-1] not in _WEAK or not _odd(head) or head not in m.statement:
        return m
    at = m.statement.index(head)
    #: the clause read again: (text, whether 有 was put in for the "no")
    plains = [(m.statement.replace("其", "的", 1), False)] if "其" in m.statement[:at] else []  # (何家明其联系电话是…)
    if head in _NO:  # (我没有养猫: 我养猫's slot, a "no" of it; 我没有车: 我有车's)
        rest = re.sub(r"(?<=[\u4e00-\u9fff])了$", "", m.statement[at + len(head):])  # (没有…了: no longer, r. 46)
        lead = re.sub(r"(?<=[\u4e00-\u9fff])(?:现在|目前|如今|已经|早就|一直|还|也|都|再)+$", "", m.statement[:at])
        plains += [(lead + rest, False)] + ([(lead + "有" + rest, True)] if head == "没有" else [])  # (我家现在没有…)
    for plain, you in plains:
        got = [x for x in read(plain) if x.slot]  # type: ignore[operator]
        attr = slots.split_slot(got[0].slot)[1] if got else None
        if got and attr and attr not in _WEAK and not _odd(got[0].slot.rsplit(".", 1)[-1]) and (
                not you or _noun(got[0].value or "")) and not (head in _NO and _NAMES.search(got[0].slot)):
            # (我有去过日本 owns nothing; 我和吴迪没结婚 names no spouse)
            return replace(m, slot=got[0].slot, value=got[0].value)
    word = _content_word(m.statement[at + len(head):])
    return replace(m, slot=f"{prefix}.{word}", value=word) if word else m
