"""Chinese clauses that put their topic first (咖啡我一天要喝三杯, 川菜我一点都不喜欢, 火锅吃腻了): read from 我 on.

Moved out of :mod:`memcli.write.rules.zh_facts` (its size); callers: :mod:`memcli.write.rules.zh`, ``zh_carry``.
"""

from __future__ import annotations

from memcli.rx import rx
from memcli.write.rules.zh_facts import _pos
from memcli.write.rules.zh_words import _BAD_THING, FUTURE_JOB, TIME_SPAN


def _topic_any(c: str) -> str | None:
    """周末我基本都宅在家里 / 咖啡我一天要喝三杯 → the clause read from 我 on (the topic stays in
    the statement), or None."""
    m = rx(r"^([\u4e00-\u9fffA-Za-z0-9《》]{1,10}?)(?:的话)?[，, ]?我(?!们)(.+)$").match(c)
    if m and (TIME_SPAN.match(m.group(1)) or rx(r"下(?:周|星期|礼拜)[一二三四五六日天]").fullmatch(m.group(1)) and
              FUTURE_JOB.match("我" + m.group(2))):  # (a job from 下周一, tagged an idiom; round 31)
        return "我" + m.group(2)
    if not m or rx(r"^(?:这|那|你|他|她|它|什么|如果|要是|因为|所以|但是|可是|而且)").match(m.group(1)):
        return None
    if not all(f.startswith(("n", "t", "eng", "j", "nz", "f", "m", "q")) or w in ("的话", "的") for w, f in _pos(m.group(1))):  # noqa: E501
        return None
    return "我" + m.group(2)


def _topic_first(c: str) -> str | None:
    """川菜我一点都不喜欢 → 我一点都不喜欢川菜 (the topic read as the object), else None; 火锅吃腻了 → 我吃腻了火锅."""
    m = rx(r"^([\u4e00-\u9fffA-Za-z]{1,8}?)(?:我)?(?:都|也|已经|真的|早就|真)*([吃喝看听玩用穿])腻了[。！!~～]*$"
           ).match(c)
    if m and all(f.startswith(("n", "eng", "j")) for _, f in _pos(m.group(1))):
        return f"我{m.group(2)}腻了{m.group(1)}"
    m = rx(r"^([\u4e00-\u9fffA-Za-z]{1,8}?)(?:啊|呀|嘛|呢|，|,)?我(?!们)(.*?(?:喜欢|爱|讨厌|受不了|吃|喝|过敏|碰))$").match(c)  # noqa: E501
    if not m or _BAD_THING.match(m.group(1)) or rx(r"^(?:这|那|你|他|她|它|什么)").match(m.group(1)):
        return None
    toks = _pos(m.group(1))
    # (a word jieba tags as an adjective is a thing when it is eaten or drunk: 可乐我从来不喝)
    tags = ("n", "v", "eng", "j", "a") if m.group(2).endswith(("吃", "喝")) else ("n", "v", "eng", "j")
    if not all(f.startswith(tags) for _, f in toks):
        return None
    return "我" + m.group(2) + m.group(1)
