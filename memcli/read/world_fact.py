"""A question after a fact of the world's history or make-up (the answer feature ``world_fact``, round 38).

"Who invented coffee?", 咖啡是哪个国家发明的, "What is chocolate made of?", 红楼梦的作者是谁, "When was Toyota
founded?", 饺子起源于哪个朝代: the thing asked is the world's thing or an event of its history — an invention, a
discovery, an origin, a founding, an authorship, what a kind of thing is made of — never the user or something of
theirs. A memory sharing the topic word ("I take my coffee with oat milk", 我女儿在学小提琴) holds no answer, yet the
round-17 reading of such a question (:func:`memcli.read.request.about_world`) makes exceptions that let it through:
*who* with a hit about someone of the user's ("Who invented the violin?" over the daughter's violin lessons: the
question seemed to ask which of them), a thing named with "the" that a hit names ("the telephone": a kind, not a
thing both speakers know), a Chinese question opening on 谁 (谁发明了咖啡: read as one dropping its subject).

:func:`asks_world_fact` reads the predicate, both languages, from verbs and nouns of history and make-up (a small
list written for memcli, no data set's words), and says of which class:

- ``"origin"``: invented, originated, 发明, 起源, 发源, 原产 — nobody's particular thing is invented, so a thing
  named with "the" is the kind ("Who invented the telephone?");
- ``"fact"``: founded, written, composed, built, discovered, made of, the author / founder of, 创立, 作者, 用什么做的…
  — a thing of the user's may be asked so ("Who built the shed?", "What is the sofa made of?" after "We bought a
  sofa"): a thing named with "the" that a hit names stays the user's.

The question is asked of the user's world only when it names the user or someone of theirs (I / my / we, 我, a
relation: "Who invented the coffee machine I bought?") or a person or proper-named thing of the hits ("Who wrote
Blue Rooms?" after "My sister wrote a novel called Blue Rooms") — :class:`memcli.read.answer_pass.AnswerPass`
checks those; then ``world_fact`` is 0.
"""

from __future__ import annotations

import re

from memcli.relazy import lazy

__all__ = ["asks_world_fact"]

_HISTORY_EN = (r"invent(?:ed|s|ing)?|inventors?|invention|originat(?:e|ed|es|ing)|origins?")
_FACT_EN = (r"discover(?:ed|s)?|discoverers?|found(?:ed|er|ers|ing)|establish(?:ed|es)|wrote|written|authored|"
            r"author|composed|composer|painted|painter|sculpted|directed|designed|architect|built|constructed|"
            r"coined|patented|pioneered|domesticated|(?:first|originally) (?:made|brewed|grown|used|cultivated|sold)|"
            r"(?:made|produced|grown|mined|harvested|manufactured|brewed) (?:of|from|out of|in|with)|"
            r"ingredients?|(?:comes?|came) from|headquartered|history of")
#: an English question of history or make-up: a question word or "when was …" before one of the predicates
_EN = lazy(rf"\b(?:{_HISTORY_EN}|{_FACT_EN})\b", re.IGNORECASE)
_EN_HISTORY = lazy(rf"\b(?:{_HISTORY_EN})\b", re.IGNORECASE)
#: "How many strings does a violin have?", "How many bones are in a cat?": a count of a kind (a / an), not of
#: the user's thing (my, the)
_COUNT_EN = lazy(r"\bhow (?:many|much)\b.*\b(?:does|do|in|on) an? [a-z]+(?: [a-z]+)?(?: have)?\s*\??\s*$",
                 re.IGNORECASE)
#: an English question: its mark or a question word at the start
_QUESTION_EN = lazy(r"\?\s*$|^\s*(?:who|what|when|where|which|how|in what|in which)\b", re.IGNORECASE)

_HISTORY_ZH = r"发明|起源|发源|原产|源自|源于|起源于"
#: Chinese predicates of history and make-up: a founding, a building, an authorship asked by 谁, what a thing is made
#: of, the noun of its maker after 的 (红楼梦的作者, 华为的创始人)
_FACT_ZH = (r"创立|创办|创建|成立|建成|建造|修建|始建|被发现|发现者|提出者|"
            r"是?谁(?:写|画|唱|拍|导|设计|建|作曲|作词|翻译|发现|提出|首创)的|"
            r"的(?:作者|创始人|创办人|发明者|发明人|发现者|导演|作曲|作曲家|设计师|设计者|建造者)|"
            r"(?:用|由|是)什么(?:材料|原料)?(?:做|制|酿|组成|构成)|原料|成分|产自|产于|产地")
_ZH = lazy(rf"{_HISTORY_ZH}|{_FACT_ZH}")
_ZH_HISTORY = lazy(_HISTORY_ZH)
_QUESTION_ZH = lazy(r"什么|怎么|哪|谁|几|多少|多[长高大远久]|吗|呢|[?？]\s*$")


def asks_world_fact(question: str) -> str | None:
    """``"origin"`` when ``question`` (a question sentence, simplified Chinese or other text) asks an invention or
    an origin, ``"fact"`` when another fact of history or make-up (a founding, an authorship, a discovery, what a
    kind of thing is made of, a count of a kind), else None (see the module doc). Whose thing it asks is read by the
    caller: this reads only the predicate and that the text is a question."""
    q = question.strip().replace("’", "'")
    if not q:
        return None
    if q.isascii():
        if not _QUESTION_EN.search(q):
            return None
        if _EN_HISTORY.search(q):
            return "origin"
        return "fact" if _EN.search(q) or _COUNT_EN.search(q) else None
    if not _QUESTION_ZH.search(q):
        return None
    if _ZH_HISTORY.search(q):
        return "origin"
    return "fact" if _ZH.search(q) else None
