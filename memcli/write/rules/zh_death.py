"""A relative's death told briefly, in Chinese (round 47): 我舅舅去年走了, 外公前年没了, 姑姑三月份过世的,
我奶奶走了三年了 → the death said plainly (我舅舅去年去世了, …), so the clause rules read it as the death it is,
dated, and :mod:`memcli.write.person_died` ends that relative's present facts at its time.

走了 / 没了 also say "left" and "gone" (他刚走了, 我的钱没了, 我爸出门走了): they are read as a death only of a relative
(a kin word, not a friend or colleague: which one is not said, nor a partner, who may have left) told with a time of
it (去年, 前年冬天, 三月份, 三年前 — :func:`memcli.write.rules.zh_dates.told_zh_date` and the relative time words) or
with 已经 / 病 / 因病, and never with 刚 / 出门 / 回家 / 先 (just left, went out). 过世 / 去世 / 病逝 / 离世 are a death
whatever is around them. A pure function of one clause.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.write.rules.zh_dates import told_zh_date

__all__ = ["death_said"]

#: relation words of kin: not one of several (friend, colleague), not a partner who may have left, not 宝宝 / 孩子
_NOT_KIN = slots.PLURAL_RELATIONS | {"partner", "boyfriend", "girlfriend", "child", "spouse"}
_KIN = "|".join(sorted((re.escape(w) for w, k in slots.ZH_RELATIONS.items() if k not in _NOT_KIN and
                        not k.startswith("ex")), key=len, reverse=True))
_NUM = r"(?:\d+|[一二两三四五六七八九十几]+|好几|十几)"
_CLEAR = r"(?:去世|过世|病逝|离世|逝世)"
_SHORT = r"(?:走|没)"
_DEATH = re.compile(rf"^(?P<who>(?:我|我们)?(?:的|家的?)?(?:{_KIN}))(?P<mid>[^，,。；;我你他她]{{0,12}}?)"
                    rf"(?:(?P<verb>{_CLEAR}|{_SHORT})(?:了|的)(?:(?P<n>{_NUM})(?:个)?(?P<unit>年|月)(?:多)?了)?|"
                    rf"(?P<gone>不在)了)(?P<end>[啊呀～~。！!]*)$")
#: a time of the death said with it: the relative words the clause rules read (去年, 上个月, 三年前)
_WHEN = re.compile(r"大前年|前年|去年|今年|上个?月|上周|上星期|年前|个?月前|天前|周前|年初|年底|春节|过年|"
                   r"冬天|夏天|秋天|春天|那年")
#: a sign it is a death without a time: already, of an illness
_DEATH_SIGN = re.compile(r"已经|早就|病|癌|突发|意外|车祸|去年|前年")
#: a sign it is leaving, not a death: just now, out of the door, home, first
_LEFT = re.compile(r"刚|出门|出去|回家|回去|先|下班|上班|开车|坐|从|跟|和|被|把|钱|东西|不见")


def death_said(clause: str) -> str | None:
    """``clause`` said as a death (``…去世了``, a duration as ``N年前去世了``) when it tells a relative's death briefly
    (see the module doc); None when it tells none, or a leaving."""
    m = _DEATH.match(clause.strip())
    if m is None:
        return None
    mid = re.sub(r"^是", "", m["mid"]) if m["verb"] and clause.rstrip("啊呀～~。！! ").endswith("的") else m["mid"]
    dated = told_zh_date(clause) is not None or bool(_WHEN.search(mid)) or bool(m["n"])
    if m["verb"] is None or not re.fullmatch(_CLEAR, m["verb"]):  # 走了 / 没了 / 不在了: leaving or gone too
        if _LEFT.search(mid) or not (dated or _DEATH_SIGN.search(mid) or m["gone"] and mid == "已经"):
            return None
    if m["n"]:
        return f"{m['who']}{mid}{m['n']}{m['unit'] if m['unit'] == '年' else '个月'}前去世了{m['end']}"
    return f"{m['who']}{mid}去世了{m['end']}"
