"""The new X of the user's (round 48): 新公司, 新工作, 新家 said in a Chinese question as a thing both speakers know.

A Chinese question drops its subject and says no article; 新公司KPI怎么算 asked by a user who told 我新公司KPI是每个月出
四份分析报告 asks of that company, as "the new company" would in English (:func:`memcli.read.request.definite_things`).
Read without it, 怎么算 made the question a how-to of the world (:mod:`memcli.read.how_to`) and the told answer, rank 1
at cosine 0.58, had p 0. A word 新 + a noun the question says that a hit says as the user's (我新…, 我的新…) names
a thing of the user's: the caller counts it among the people and things of theirs the question names, and a lexical
match on it as one on a topic word.

Read path only: pure text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["new_things_zh"]

#: 新 + one to three characters in the question (新公司KPI → 新公司; 新车怎么保养 → 新车怎)
_NEW = re.compile(r"新([\u4e00-\u9fff]{1,3})")


def new_things_zh(question: str, statements: Sequence[str]) -> list[str]:
    """The words 新 + a noun of ``question`` (simplified Chinese) that one of ``statements`` says right after 我 or
    我的 (我新公司…, 我的新车…): of each, the longest reading whose noun is a dictionary word or one character; []
    when none or for another language."""
    from memcli.read.tokens import is_dict_word

    out: list[str] = []
    for m in _NEW.finditer(question):
        run = m.group(1)
        for n in range(len(run), 0, -1):  # the longest noun held: 新单位 (单位 a word), not 新单位考 of 新单位考勤
            if n > 1 and not is_dict_word(run[:n]):
                continue
            word = "新" + run[:n]
            if any(f"我{word}" in s or f"我的{word}" in s for s in statements):
                out.append(word)
                break
    return out
