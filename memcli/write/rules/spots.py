"""A spot inside a place is no new home and no new workplace, in either language (round 40).

我换到了新的座位 was read as a new workplace (我现在在新的座位上班), so it ended 我在腾讯上班; "I moved to a new desk by
the window" was a new ``residence``. A move to a seat, a desk, a floor, a room of a building or a shift tells a change
inside the same place: no change of job, no move of home. :func:`is_spot` tells such a value from a place. A short
vocabulary of the parts of a building and the shifts of a day, in both languages; no sentence. Pure functions.

Round 41: a team, a department or a rota moved to is such a spot too — a unit inside the same employer
("I moved to the marketing team" was a new ``residence``; 调到了市场部).

Round 42: :func:`is_department` — a department named alone (市场部, 财务科, 人事部门) is where one works inside the
employer: its own slot (``department``), so a move between departments ends the old one and leaves the employer.
"""

from __future__ import annotations

import re

__all__ = ["is_department", "is_spot"]

_NUM = r"(?:[一二三四五六七八九十百\d]+|[a-z]?\d+)"
_ZH_SPOT = re.compile(r"(?:座位|座儿|位子|位置|工位|办公桌|桌子|桌|工区|卡座|隔间|会议室|办公室|窗边|靠窗|角落|"
                      rf"前排|后排|床位|{_NUM}(?:楼|层|号位|排)|楼上|楼下|夜班|白班|早班|晚班|中班|大夜班|"
                      r"部门|(?<![东西南北中])部|小组|项目组|组|科室|班组|团队|排班)$")
_EN_SPOT = re.compile(r"\b(?:desk|desks|seat|seats|cubicle|workstation|room|corner|bench|spot|row|floor|"
                      r"storey|story|shift|shifts|bunk|bed|team|department|dept|division|unit|squad|crew|rota|roster|"
                      r"desk)s?$", re.I)
#: what follows the spot's head noun: where it stands ("a desk by the window", "the seat near the door")
_EN_AFTER = re.compile(r"\s+(?:by|near|next to|beside|at|on|in|opposite|behind|facing|close to)\s.*$", re.I)


def is_spot(value: str) -> bool:
    """``value`` (a place told as moved or changed to) names a spot inside a place — a seat, a desk, a floor, a room,
    a shift, a team (新的座位, 三楼, 靠窗的工位, 夜班, 市场部, "a new desk by the window", "the third floor", "the night
    shift", "the marketing team", "the weekend rota") —
    not a town, an address or an organisation."""
    v = value.strip().rstrip("了。！!.")
    if re.search(r"[\u4e00-\u9fff]", v):
        return bool(_ZH_SPOT.search(v))
    return bool(_EN_SPOT.search(_EN_AFTER.sub("", v)))


#: a department named alone: a few characters then 部 / 部门 / 科 / 科室 / 处 (not 总部, 分部, 俱乐部, 东部, 全部 …)
_ZH_DEPARTMENT = re.compile(r"[^\W\d的之在]{1,5}?(?:(?<![总分本乐东西南北中全内外局干])部门?|"
                            r"(?<![学专内外牙儿眼])科室?|"
                            r"(?<![到远好难去此彼各事])处)")


def is_department(value: str) -> bool:
    """``value`` (Chinese) is a department named alone, nothing before it (市场部, 财务科, 人事部门; not 银行的信贷部,
    总部, 分部, 俱乐部): where one works inside one employer, the ``department`` slot (round 42)."""
    return bool(_ZH_DEPARTMENT.fullmatch(value.strip().rstrip("了。！!")))
