"""Two question-side readings for answerability (:mod:`memcli.read.answer`): a task, and whether a
lexical confirmation rests on an informative word.

- :func:`is_task`: the message asks the assistant to *do* something (translate, write code, plan,
  explain, 帮我写…, 把这段…改成…, 用SQL查询…) rather than asks about the user's world. An
  imperative task verb at the start of the question sentence, or a request phrase (帮我 / 给我 /
  "help me") followed by one. Its own words (我 of 帮我写, "my" of "for my LinkedIn") say who
  asks, not what is stored: the feature ``task`` is fitted, and a task names the user only as
  its requester, so it is not grounded by ``anchor`` (:func:`memcli.read.answer.grounded`).
- :func:`informative_match`: the lexical leg matched the hit on a word that says something — a
  topic word of the question (2+ CJK / 4+ other characters, not an attribute or relation word:
  咖啡, Lyon, marathon; not 吃, live, old, nor a relation: 小女儿, husband), a capitalised name
  of 3+ letters (Ray, Sam) or a Chinese nickname that is no dictionary word (小陈, 老王; not
  老师, 小时), read by characters
  because jieba may cut it with the next one (小陈靠什么谋生 → 小 / 陈靠). A
  general-knowledge question shares only common words with a personal store (熊猫**吃**什么 vs
  我爱吃辣; "where do penguins **live**" vs "my sister lives in Lyon"); such a match is no
  evidence that the question is about the user's memories.

Both are lists of verbs and a rule on case, both languages, written for memcli (no data set's words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from memcli.text import STOPWORDS

__all__ = ["asked_name", "is_task", "informative_match", "named_subject"]

_TASK_VERBS_EN = (
    "translate", "write", "draft", "compose", "rewrite", "rephrase", "paraphrase", "proofread", "edit", "polish",
    "summarize", "summarise", "explain", "describe", "define", "convert", "calculate", "compute", "solve",
    "implement", "code", "debug", "fix", "refactor", "add", "generate", "create", "make", "design", "plan",
    "outline", "list", "suggest", "recommend", "brainstorm", "come up with", "give me", "tell me a",
    "show me how", "check", "review", "format", "sort", "compare", "name a", "name some", "help me",
)
_TASK_EN = re.compile(r"^(?:please\s+|can you\s+|could you\s+|would you\s+)?(?:" +
                      "|".join(re.escape(v) for v in _TASK_VERBS_EN) + r")\b", re.IGNORECASE)
_TASK_VERBS_ZH = ("翻译", "写", "润色", "改写", "总结", "概括", "解释", "列", "推荐", "规划", "设计", "生成", "计算",
                  "换算", "转换", "检查", "优化", "编写")
_TASK_ZH = re.compile(r"^(?:请|麻烦)?(?:你)?(?:" + "|".join(_TASK_VERBS_ZH) +
                      r")|^(?:请|麻烦)?(?:你)?(?:帮我|给我|替我|帮忙)(?!回忆|想想|查一下我|看看我|[爸妈姥奶爷外老家女儿孩哥姐弟妹])|^(?:请)?(?:把|将|用)[^我]{1,20}?"
                      r"(?:改|换|转|翻译|写|实现|做|查询|解释|加|生成|计算|算)|^怎么用|^用.{1,12}怎么")


def is_task(sentence: str) -> bool:
    """Whether the question sentence asks for a task (see the module doc). ``sentence``: the
    question sentence (:func:`memcli.slots.question_focus`), simplified Chinese or other text."""
    s = sentence.strip().lstrip("\"'“‘「").replace("’", "'")
    return bool(_TASK_EN.search(s) or _TASK_ZH.search(s))


_NAME = re.compile(r"\b[A-Z][a-z]{2,}\b")
#: a Chinese nickname (小陈, 老王, 阿明), which jieba may cut with the next character (小陈靠… → 小 / 陈靠)
_ZH_NICK = re.compile(r"[小老阿][\u4e00-\u9fff]")


@lru_cache(maxsize=512)
def _relation(token: str) -> bool:
    """A token naming someone of the user's (小女儿, 合伙人, husband): evidence of whose fact, not of a topic."""
    from memcli.slots import ME, SOMEONE, query_subject

    return query_subject(f"my {token}" if token.isascii() else token) not in (ME, SOMEONE)


def informative_match(query: str, tokens: Sequence[str], statement: str) -> bool:
    """Whether ``statement`` holds a topic word of the query or a capitalised name of 3+ letters
    not at the start of the query (see the module doc)."""
    from memcli.read.answer import topic_coverage

    kin = [t for t in tokens if _relation(t)]  # and the pieces jieba cuts them into (小女 of 小女儿)
    if topic_coverage([t for t in tokens if not any(t in k for k in kin)], statement) > 0:
        return True
    low = statement.casefold()
    if any(m.group(0).casefold() in low and m.group(0).casefold() not in STOPWORDS for m in _NAME.finditer(query)):
        return True
    from memcli.read.tokens import is_dict_word

    return any(m.group(0) in statement and not is_dict_word(m.group(0)) for m in _ZH_NICK.finditer(query))


#: a person named as the subject of an English question: "does Sam …", "is Dev …", "Sam's …",
#: "Sam lives/works/is …" at the start (not a place after from/in: "the colleague from Bristol")
_EN_NAMED = (re.compile(r"\b(?:does|do|did|is|was|has|will|can|about)\s+([A-Z][a-z]{2,})\b(?!')"),
             re.compile(r"\b([A-Z][a-z]{2,})'s\b"),
             re.compile(r"^([A-Z][a-z]{2,})\s+(?:is|was|has|does|did|lives|works|likes)\b"))
#: a Chinese nickname opening the question sentence (老王住在哪里, 小陈对什么过敏, 阿杰是哪里人): 小/老 + a
#: common surname (the hundred most frequent), or 小/老/阿 + a character making no dictionary word
_SURNAMES = ("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
             "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤")
_ZH_NAMED = re.compile(r"^[小老阿][\u4e00-\u9fff]")


def named_subject(sentence: str) -> str | None:
    """The person a question names as its subject by a name, case-folded (老王住在哪里 → 老王,
    "where does Sam live" → sam), None when it names none. Only a nickname opening a Chinese
    question sentence (not 老师, 小时, 阿姨: a dictionary word whose second character is no common
    surname), or an English name of 3+ letters after an auxiliary verb or with 's; a question naming
    the user (我, I/my) is the caller's to rule out. ``sentence``: the question sentence
    (:func:`memcli.slots.question_focus`)."""
    s = sentence.strip().lstrip("\"'“‘「").replace("’", "'")
    m = _ZH_NAMED.match(s)
    if m:
        from memcli.read.tokens import is_dict_word

        nick = m.group(0)
        return nick if (nick[0] != "阿" and nick[1] in _SURNAMES) or not is_dict_word(nick) else None
    for rx in _EN_NAMED:
        for m in rx.finditer(s):
            if m.group(1).casefold() not in STOPWORDS:
                return m.group(1).casefold()
    return None


def asked_name(question: str, query_slots: Sequence[str]) -> str | None:
    """:func:`named_subject` of a question that names neither the user (我, I/my:
    :func:`memcli.read.mismatch.asks_me`) nor a relation (its slots' or its words'); else None.
    ``question``: simplified Chinese or other text."""
    from memcli.read.kin import question_relation
    from memcli.read.mismatch import asks_me
    from memcli.slots import ME, SOMEONE, query_subject, split_slot

    if question_relation(question) or asks_me(question) or query_subject(question) not in (ME, SOMEONE):
        return None
    if any(split_slot(k)[0] not in (ME, SOMEONE) for k in query_slots):
        return None
    from memcli.slots import question_focus

    return named_subject(question_focus(question))
