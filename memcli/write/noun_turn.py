"""A Chinese turn of noun phrases only (round 41): 牛奶、鸡蛋和面包 / 一台相机，两个镜头 / 两只猫一只狗.

A reply that lists what one bought, has or chose answers the other speaker's question with no verb of its own; no
clause in it is the user's by the rules, and the clause model scores a list of things as no fact (its words are not
a statement), so the turn stored nothing, while a later question (我买了什么? 我有几个镜头?) needs it. A turn that
is a list of two or more noun phrases, or one counted thing (一台相机), with no verb, pronoun, particle or chatter
in it, is kept as one memory in the user's words: one fact holds the list, as the answer it gives was asked whole.
A single bare noun (北京, 好的) is no such turn: alone it says nothing of what it answers.
"""

from __future__ import annotations

import re

from memcli.write.rules.zh_words import _CLF, _NUM

__all__ = ["noun_turn"]

#: what splits a list's items
_ITEMS = re.compile(r"[、，,；;\s]+|和|及|以及|跟|与|还有|加上")
#: an adverb jieba may tag a noun as (相机 'd'): only these adverbs say the turn is a clause
_ADVERBS = frozenset("也 都 还 很 就 再 又 太 最 真 刚 才 只 已经 一直 非常 特别 比较 真的 其实 还是 就是 可能 大概 "
                     "一起 马上 "
                     "刚刚 经常 总是 不 没".split())
_NOUNY = ("n", "m", "q", "eng", "j", "x", "c")
#: a thing counted (三本小说, 一台相机): one item is enough
_COUNTED = re.compile(rf"^{_NUM}{_CLF}(?=[\u4e00-\u9fffA-Za-z])")


def noun_turn(text: str) -> str | None:
    """``text`` as its memory's statement (trailing punctuation off) when it is a Chinese turn of noun phrases
    only — two items or more, or one counted (一台相机) — else None."""
    from memcli.write.chatter import is_instruction
    from memcli.write.rules.zh_facts import _pos

    t = text.strip().rstrip("。！!～~…. ")
    if not t or len(t) > 40 or not re.search(r"[\u4e00-\u9fff]", t) or re.search(r"[？?]", t) \
            or re.search(r"谢|好的|哈哈|拜拜|再见|你好|早上好|晚安", t) or is_instruction(t):
        return None
    toks = _pos(t)
    if not toks or any(not f.startswith(_NOUNY) and not (f == "d" and len(w) >= 2 and w not in _ADVERBS)
                       for w, f in toks):
        return None
    items = [p for p in _ITEMS.split(t) if p]
    if len(items) < 2 and not _COUNTED.match(t):
        return None
    return t
