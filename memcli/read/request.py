"""Question-side readings for answerability (:mod:`memcli.read.answer`): a task, whether a lexical
confirmation rests on an informative word, small talk, and a turn that only asks.

- :func:`is_small_talk`: the message is only greetings, thanks, acknowledgements, laughter or a sigh
  at the day (谢谢, 好的, "thanks, that's all for now", 哈哈哈好无聊, "how are you today?"): it asks
  nothing about the user, so ``context`` gives no block at all (a memory matching its words is no
  answer to it). Its greetings, thanks and acknowledgements are the write path's chatter list
  (:mod:`memcli.smalltalk`); the sigh is its own.
- :func:`asks_only`: a stored turn that is only questions ("what's the tallest mountain in Peru?"):
  it holds no answer, so it is never quoted in the block (a turn asked is not a turn told).

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
  evidence that the question is about the user's memories. Nor is a word saying when
  (:data:`memcli.read.tokens.WHEN_WORDS`: 今天天气怎么样 vs 今天好累啊, "today's news" vs "Today was
  exhausting"): every day has a today.

- :func:`addressed`: a question put to the user with no subject word at all ("Any food
  allergies?", 有什么过敏的吗, 喜欢什么颜色): the hearer is its subject, so it is about the user as
  much as "Do I have any food allergies?" is. English: a question sentence ending in a question
  mark that asks no task (an imperative has no finite verb either: "Write a haiku?"), with no
  finite verb (no auxiliary, copula or modal, so nothing it could be said of), not opening with a
  question word (which may be the subject: "Who invented …"; "which" before a noun may open it:
  "Which city these days?"), with no capitalised name after
  its first word and no day named ("Weather today?", "today's news?": what the day holds, which
  the world has as much as the hearer). Chinese, which drops subjects: it asks one of the user's
  attributes, and its first content word (stopwords aside) starts with that attribute's own word (过敏, 喜欢, 叫), not a
  noun before it (宇宙有多大, 熊猫吃什么 name their subject first; 一斤 is a quantity), and it asks
  no third person (谁, 那个…的人).

These are lists of verbs and rules on case and word order, both languages, written for memcli
(no data set's words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from memcli.read.tokens import WHEN_WORDS, has_word
from memcli.relazy import LATIN, NON_ASCII, holding, lazy, words_gate
from memcli.smalltalk import (
    EN_ACKS,
    EN_GREETINGS,
    EN_LAUGHTER,
    EN_THANKS,
    EN_VOCATIVES,
    ZH_ACKS,
    ZH_GREETINGS,
    ZH_INTERJECTIONS,
    ZH_THANKS,
    ZH_VOCATIVES,
    alternation,
)
from memcli.text import STOPWORDS

__all__ = ["about_world", "addressed", "names_someone", "asks_only", "informative_match", "is_relation",
           "is_small_talk", "is_task", "wants_taste"]

_TASK_VERBS_EN = (
    "translate", "write", "draft", "compose", "rewrite", "rephrase", "paraphrase", "proofread", "edit", "polish",
    "summarize", "summarise", "explain", "describe", "define", "convert", "calculate", "compute", "solve",
    "implement", "code", "debug", "fix", "refactor", "add", "generate", "create", "make", "design", "plan",
    "outline", "list", "suggest", "recommend", "brainstorm", "come up with", "give me", "tell me a",
    "show me how", "check", "review", "format", "sort", "compare", "name a", "name some", "help me",
)
_TASK_EN = lazy(r"^(?:please\s+|can you\s+|could you\s+|would you\s+)?(?:" +
                "|".join(re.escape(v) for v in _TASK_VERBS_EN) + r")\b", re.IGNORECASE,
                gate=words_gate(_TASK_VERBS_EN, LATIN))
_TASK_VERBS_ZH = ("翻译", "写", "润色", "改写", "总结", "概括", "解释", "列", "推荐", "规划", "设计", "生成", "计算",
                  "换算", "转换", "检查", "优化", "编写")
_TASK_ZH = lazy(r"^(?:请|麻烦)?(?:你)?(?:" + "|".join(_TASK_VERBS_ZH) +
                r")|^(?:请|麻烦)?(?:你)?(?:帮我|给我|替我|帮忙)(?!回忆|想想|查一下我|看看我|[爸妈姥奶爷外老家女儿孩哥姐弟妹])|^(?:请)?(?:把|将|用)[^我]{1,20}?"
                r"(?:改|换|转|翻译|写|实现|做|查询|解释|加|生成|计算|算)|^怎么用|^用.{1,12}怎么",
                gate=NON_ASCII)  # every branch holds a Chinese word


def is_task(sentence: str) -> bool:
    """Whether the question sentence asks for a task (see the module doc). ``sentence``: the
    question sentence (:func:`memcli.slot_query.question_focus`), simplified Chinese or other text."""
    s = sentence.strip().lstrip("\"'“‘「").replace("’", "'")
    return bool(_TASK_EN.search(s) or _TASK_ZH.search(s))


_NAME = lazy(r"\b[A-Z][a-z]{2,}\b", gate=LATIN)
#: a Chinese nickname (小陈, 老王, 阿明), which jieba may cut with the next character (小陈靠… → 小 / 陈靠)
_ZH_NICK = lazy(r"[小老阿][\u4e00-\u9fff]", gate=holding("小", "老", "阿"))


@lru_cache(maxsize=512)
def is_relation(token: str) -> bool:
    """A token naming someone of the user's (小女儿, 合伙人, husband): evidence of whose fact, not of a topic."""
    from memcli.slot_query import query_subject
    from memcli.slots import ME, SOMEONE

    return query_subject(f"my {token}" if token.isascii() else token) not in (ME, SOMEONE)


def informative_match(query: str, tokens: Sequence[str], statement: str) -> bool:
    """Whether ``statement`` holds a topic word of the query or a capitalised name of 3+ letters
    not at the start of the query (see the module doc)."""
    from memcli.read.answer import topic_coverage

    kin = [t for t in tokens if is_relation(t)]  # and the pieces jieba cuts them into (小女 of 小女儿)
    if topic_coverage([t for t in tokens if not any(t in k for k in kin)], statement) > 0:
        return True
    low = statement.casefold()
    if any(has_word(low, m.group(0).casefold()) and m.group(0).casefold() not in STOPWORDS | WHEN_WORDS
           for m in _NAME.finditer(query)):  # round 32: Ruth is no piece of "truth"
        return True
    from memcli.read.tokens import is_dict_word

    return any(m.group(0) in statement and not is_dict_word(m.group(0)) for m in _ZH_NICK.finditer(query))



#: English finite verbs a question is built on (an auxiliary, the copula, a modal), and their
#: contractions: a question with none of them ("Any food allergies?") has no verb to have a subject
_FINITE_EN = lazy(r"\b(?:am|is|are|was|were|be|been|being|do|does|did|don't|doesn't|didn't|have|has|had|can|could|"
                  r"will|would|shall|should|may|might|must|isn't|aren't|wasn't|weren't|can't|won't)\b|"
                  r"[a-z]'(?:re|ve|d|ll|m)\b|\b(?:what|who|where|when|why|how|which|it|that|there|here|he|she)'s\b",
                  re.IGNORECASE)
_WORD_EN = lazy(r"[A-Za-z][A-Za-z'-]*")
#: a question word may be the subject itself, before a main verb the list above has not ("Who
#: invented the telephone?", "What causes thunder?"): such a question is not elliptical
_WH_EN = frozenset({"who", "whom", "whose", "what", "which", "where", "when", "why", "how"})
#: an elliptical question naming a day (Weather today?, "Any news tonight?", tomorrow's forecast?) asks what
#: that day holds, which the world has as much as the hearer; a stored fact is durable, not the day's
_WHEN_EN = lazy(r"\b(?:today|tonight|tomorrow|yesterday|now|(?:this|next|last) (?:week|weekend|month|year))(?:'s)?\b",
                re.IGNORECASE)
#: who it asks is a third person: 谁 (who), 那个/那位…的人 (the one who …)
_SOMEONE_ZH = lazy(r"谁|那个|那位|的人")


def addressed(question: str, slots: Sequence[str], tokens: Sequence[str]) -> bool:
    """Whether ``question`` is put to the user and names no subject (see the module doc), so it is
    about the user. ``question``: the question sentence, simplified Chinese or other text;
    ``slots``: its slot keys (:func:`memcli.slot_query.query_slots`; ``allergy``, not ``mother.allergy``);
    ``tokens``: its search tokens, stopwords kept (:func:`memcli.read.tokens.query_tokens`)."""
    q = question.strip().replace("’", "'")
    if not q or any("." in k for k in slots) or is_task(q):  # 我妈妈…: someone else's; "Write a haiku?": a task
        return False
    if q.isascii():
        words = _WORD_EN.findall(q)
        return (q.endswith("?") and bool(words) and not _FINITE_EN.search(q)  # "Write a poem": a task, no question
                and not _WHEN_EN.search(q)
                and (words[0].casefold() not in _WH_EN or len(words) > 1 and words[0].casefold() == "which")
                and not any(w[0].isupper() for w in words[1:]))
    if not slots or _SOMEONE_ZH.search(q):
        return False
    from memcli.slots import attribute

    first = next((t for t in tokens if t.strip() and t not in STOPWORDS and not t.isascii()), "")
    words = [w for k in slots if (a := attribute(k)) is not None
             for w in (*a.zh_verbs, *a.zh_nouns, *a.query) if w and not w.isascii()]
    return bool(first) and any(first.startswith(w) or w.startswith(first) for w in words)


_SMALL_CLAUSE = re.compile(r"[，,。.!！~～…;；]+")
# the vocabulary is shared with the write path (memcli.smalltalk); only here: the whole clause must be small
# talk (thanks with "so much", not "thanks, my sister moved"), and a sigh at the day or "how are you" asks nothing
_SIGH_ZH = r"(?:今天)?(?:好|真|太|有点)?(?:无聊|累|困|烦)(?:啊|呀|死了|了)*|你(?:今天)?(?:好吗|怎么样)"
_SMALL_ZH = lazy(rf"(?:(?:{alternation(ZH_GREETINGS)}{alternation(ZH_VOCATIVES)}?|{alternation(ZH_THANKS)}(?:你|您)?|"
                 rf"{alternation(ZH_ACKS, ZH_INTERJECTIONS)}|{_SIGH_ZH})[啊呀呢吧啦哈了的嘛哦~～]*\s*)+",
                 gate=words_gate((*ZH_GREETINGS, *ZH_THANKS, *ZH_ACKS, *ZH_INTERJECTIONS, _SIGH_ZH), NON_ASCII))
_SMALL_EN = lazy(rf"(?:(?:{alternation(EN_GREETINGS, EN_ACKS, EN_LAUGHTER)}|{alternation(EN_THANKS)}"
                 r"(?: so much| a lot| again)?|(?:i'?m |so |how )?bor(?:ed|ing))"
                 rf"(?: {alternation(EN_VOCATIVES)})?\s*)+", re.IGNORECASE,
                 gate=words_gate((*EN_GREETINGS, *EN_ACKS, *EN_LAUGHTER, *EN_THANKS), LATIN))


def is_small_talk(message: str) -> bool:
    """Whether every clause of ``message`` (simplified Chinese or other text) is a greeting, thanks, an
    acknowledgement, laughter or a sigh at the day (see the module doc); False for an empty message."""
    parts = [p.strip() for p in _SMALL_CLAUSE.split(message.strip().replace("’", "'").rstrip("?？")) if p.strip()]
    return bool(parts) and all(_SMALL_ZH.fullmatch(p) or _SMALL_EN.fullmatch(p) for p in parts)


_SENTENCES = lazy(r"(?:[^。！!？?；;.\n]|\.(?=\S))+[。！!？?；;.\n]*")
_ASKED = lazy(r"(?:what|how|why|where|when|who|whose|which)(?:'s|s|\s+(?:is|are|was|were|do|does|did|can|could|"
              r"should|would|will))\b|(?:is|are|do|does|did|can|could|would|will|should)\s+(?:you|it|there|they)\b",
              re.IGNORECASE)


def asks_only(turn: str) -> bool:
    """Whether every sentence of a stored ``turn`` is a question: it ends in ?/？, or (English, written
    without the mark) opens as one (whats…, how do…, can you…)."""
    sents = [m.group(0).strip() for m in _SENTENCES.finditer(turn.replace("’", "'")) if m.group(0).strip()]
    return bool(sents) and all(x.endswith(("?", "？")) or x.isascii() and _ASKED.match(x) is not None for x in sents)


#: of a task, the user's own taste or need is what it is to fit (recommend a restaurant I'd like, 推荐一家
#: 适合我口味的餐馆): the stored preferences are its input, so it is about the user (not only asked by them)
_TASTE_EN = lazy(r"\b(?:i'd (?:like|love|enjoy)|i (?:would|might|will|'ll) (?:like|love|enjoy)|i (?:like|love|enjoy)|"
                 r"suits? me|fits? me|my tastes?|for someone like me)\b", re.IGNORECASE)
_TASTE_ZH = lazy(r"适合我|我(?:会|可能会)?(?:喜欢|爱吃|爱看|爱听|感兴趣)|合我(?:的)?(?:口味|胃口)|我的口味")


def wants_taste(sentence: str) -> bool:
    """Whether a task sentence asks for something fitted to the user's own taste or need (see
    :data:`_TASTE_EN`): such a task reads the stored preferences, so the gate treats it as a
    question about the user, not as a task (``task`` = 0). Simplified Chinese or other text."""
    from memcli.read.meal import is_meal

    s = sentence.replace("’", "'")
    return bool(_TASTE_EN.search(s) or _TASTE_ZH.search(s)) or is_meal(s)  # 给我推荐一家川菜馆: the allergies are input


#: a question after the user's routine or one recalling what they told: the world has no routine
#: (平时, 每周二, 晚上, 来着, 还…; usually, on Thursdays, again, still, these days)
_ROUTINE_ZH = lazy(r"平时|平常|通常|每天|每晚|每周|每个?月|每年|(?<![今明昨前后])天天|周末|早上|晚上|上午|下午|中午|"
                   r"最近|去年|今年|上次|那次|来着|^还|(?:周|星期|礼拜)[一二三四五六日天]")
_ROUTINE_EN = lazy(r"\b(?:again|still|usually|normally|these days|nowadays|lately|weekends?|mornings?|evenings?|"
                   r"nights?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:a|one|two|three|four|five|six|seven|"
                   r"eight|nine|ten|a few|a couple of|\d{1,2}) (?:years?|months?|weeks?|days?) ago|"
                   r"last (?:year|summer|spring|winter|fall|autumn|week|month))\b", re.IGNORECASE)
#: round 48: a plan asked (买房有什么打算, 以后有啥计划): only a person has one, and a question naming nobody asks the
#: hearer's — the subject dropped, as in 什么时候体检; so is a time of theirs recalled (在上海那会儿做什么)
_INTENT_ZH = lazy(r"有(?:什么|啥|哪些|没有)(?:打算|计划|安排|规划|想法)|那会儿|那阵子")  # and the hearer's "back then"
#: a third person named by a fact: 那个来自重庆的人, 老家在泉州的人姓什么, "the person from Birmingham"
#: round 31: 那 + a classifier other than 个 points back to one thing told as much (那台联想电脑是哪年买的, 那家做海鲜的
#: 餐厅在哪, 那辆车, 那双鞋): the user's, not a kind's (not 那么, 那里, 那些, 那时)
_PERSON_ZH = lazy(r"那个|那位|那[台家辆只件双把部本条张块座间所款套盒瓶支副顶颗](?![儿里])|"
                  r"的人(?=叫|姓|是|住|在|有|喜欢|做|从|多大|几岁|哪)")
#: the question asks who: with a hit about someone of the user's, it asks which of them (谁对花粉过敏)
_WE_EN = lazy(r"\b(?:we|we've|we're|we'd|us|our|ours|ourselves)\b", re.IGNORECASE)
_YES_NO_ZH = lazy(r"(?:吗|呢|没有?)[?？]?\s*$")
_QUESTION_ZH = lazy(r"什么|怎么|哪|谁|几|多少|多[长高大远久重深宽]|为什么|是否|有没有|是不是|吗|呢")
_WHO = lazy(r"谁|\bwho(?:m|se)?\b", re.IGNORECASE)
_PERSON_EN = lazy(r"\bthe (?:person|one|guy|man|woman|lady|girl|boy|people|relative|friend)\b", re.IGNORECASE)
#: a Chinese question that opens on its own subject's frame: how (to), why, what is, a number (arithmetic)
_WORLD_OPEN_ZH = lazy(r"^(?:请问)?(?:怎么|怎样|如何|为什么|为啥|什么是|什么叫|[0-9０-９一二三四五六七八九十两百千万]+)|"
                      r"(?:有什么|的)(?:区别|差别|不同)")
#: after a one-character first word, what makes it the subject: 狗的寿命…, 猫为什么…, 水有多…
_AFTER_SUBJECT_ZH = lazy(r"^的[^是]|^(?:为什么|为啥|怎么|如何|有多)")
_ASK_ZH = ("什么", "哪", "几", "多少", "多久", "谁", "怎")
#: after the topic, a will or a manner (要, 想, 打算; 怎么): the hearer's is asked (咖啡要加糖吗,
#: 咖啡怎么喝), not a property of the topic
_WANT_ZH = lazy(r"(?:还|也|就)?(?:要|想|打算|怎么|怎样|如何)")


@lru_cache(maxsize=1)
def _attribute_verbs_zh() -> frozenset[str]:
    from memcli.slots import ATTRIBUTES

    return frozenset(w for a in ATTRIBUTES.values() for w in (*a.zh_verbs, *a.query) if w and not w.isascii())


def _own_subject_zh(question: str, tokens: Sequence[str]) -> bool:
    """Whether a Chinese question names its own subject first (长江有多长, 体检一般包括哪些项目,
    Python怎么读取文件) or opens on a world frame (怎么做…, 为什么…, 什么是…, 十七乘以…), rather
    than dropping it, as one does asking the hearer (什么时候体检, 开的是什么车, 住在哪个区): its
    first content token is a word of 2+ CJK or 2+ Latin characters that is no question word and
    no attribute's predicate (喜欢, 住在)."""
    if _WORLD_OPEN_ZH.search(question):
        return True
    if question.lstrip("请问，, ").startswith(_ASK_ZH):  # 什么时候体检, 哪天交房租: the subject dropped
        return False
    content = [t for t in tokens if t.strip() and t not in STOPWORDS and any(c.isalnum() for c in t)]
    if len(content) <= 1 and _YES_NO_ZH.search(question):  # 加糖吗, 过敏吗: a yes/no put to the hearer
        return False
    first = content[0] if content else ""
    if len(first) == 1 and not first.isascii():  # 狗的寿命一般有多长, not 开的是什么车
        at = question.find(first)
        return at >= 0 and bool(_AFTER_SUBJECT_ZH.search(question[at + 1:]))
    if len(first) < 2 or first.startswith(_ASK_ZH):
        return False
    at = question.find(first)
    if at >= 0 and _WANT_ZH.match(question[at + len(first):]):  # 咖啡要加糖吗: the hearer's will, not the coffee's
        return False
    return first not in _attribute_verbs_zh()


#: "the" + up to three lower-case words: a thing both speakers know ("How much was the sofa?", "When is the
#: dentist?"), unless the phrase is defined in the question (the capital *of* France, the speed *of* light)
#: or ranks (the tallest, the best, the first): then it is the world's
_THE_EN = lazy(r"\bthe ((?:[a-z][a-z'-]* ){0,2}[a-z][a-z'-]*)\b(?!\s+(?:of|between)\b)", gate=LATIN)
_AUX_EN = lazy(r"\b(?:do|does|did|will|would|can|could|should|shall)\b", re.IGNORECASE)
#: a word after which the phrase is defined or placed (of, between: defined, the world's; on, at…: cut there)
_DEFINED_EN = frozenset({"of", "in", "on", "for", "between", "from", "to", "that", "which", "who", "at", "with"})
#: (round 47) a verb after the thing, not its name: "the kitchen *getting* redone", "the party being moved"
_GOING_EN = frozenset({"getting", "being", "going", "happening", "starting", "finishing"})
_RANKING_EN = lazy(r"\b(?:[a-z]+est|most|least|best|worst|first|last|same|whole|average|only|main|biggest)\b")
#: a Chinese question about one done thing (沙发花了多少钱, 牙医约了几点): a verb with 了, not 为了, 除了, 了解…
_DONE_ZH = lazy(r"(?<![为除])了(?!解|不起|结)")


#: "When is football practice?", "what time is swim class": a bare lower-case phrase of 2-3 words asked when or where
#: is a thing both speakers know as much as "the …" (a general one names a kind: "When is sunset?", one word)
_BARE_EN = lazy(r"^(?i:when|where|what time)\s+(?:is|was|are|were)\s+((?:[a-z][a-z'-]*\s+){1,2}[a-z][a-z'-]*)\s*\?*$",
                gate=LATIN)


def definite_things(question: str) -> list[str]:
    """The head word of each thing an English question names with "the" as one both speakers know ("the sofa",
    "the annual physical" → physical; not "the capital of France", "the tallest mountain", "the Danube": those
    are the world's; "the marathon world record" is a record, not a marathon; "the stag do" a stag do; "the dog's
    name" → dog, the owner of what is asked), 3+ letters,
    no stopword, and a bare lower-case phrase asked when or where is ("When is football practice?" → football
    practice, :data:`_BARE_EN`); [] for other text. A hit of the user's naming one of them makes the
    question the user's (:func:`about_world`'s ``people``, :class:`memcli.read.answer_pass.AnswerPass`)."""
    from memcli.text import STOPWORDS

    q = question.replace("’", "'")
    out: list[str] = []
    for m in _THE_EN.finditer(q):
        words = m.group(1).split()
        cut = next((n for n, w in enumerate(words) if w in _DEFINED_EN or w in _GOING_EN), len(words))
        if cut < len(words) and words[cut] in ("of", "between") or _RANKING_EN.search(" ".join(words[:cut])):
            continue  # the capital of France, the difference between…; the tallest mountain
        if cut > 1 and _AUX_EN.search(q[:m.start()]) and m.end() >= len(q.rstrip("?!. ")):
            cut -= 1  # "What did the sofa cost?": after do/did/will…, the question's last word is its verb
        # the marathon world *record*, not a marathon: the last word names it; a short or common last word is
        # no name of it ("the stag do", "the hen do": the word before)
        head = next((w for w in reversed(words[:cut]) if len(w) >= 3 and w not in STOPWORDS), "")
        owner = next((w[:-2] for w in words[:cut] if w.endswith("'s")), "")
        head = owner if len(owner) >= 3 else head  # round 31: "the dog's name" names the dog (its name is asked)
        if len(head) >= 3 and head not in STOPWORDS and head not in out:
            out.append(head)
    bare = _BARE_EN.match(q.strip())
    if bare and not any(w in STOPWORDS | _DEFINED_EN for w in bare.group(1).split()):
        out.append(bare.group(1))  # the whole phrase: a hit must name "football practice", not "practice"
    return out


#: what a Chinese question asks of a thing, and how a statement holds it: a price (多少钱 / 三千八, 4200元), a day
#: or an hour (什么时候, 哪天, 几点 / 下周二, 周四下午, 3点)
_NUM_ZH = r"[0-9０-９一二两三四五六七八九十百千万]"
_ASKS_VALUE_ZH = (
    (lazy(r"多少钱|花了多少|多少块|价格|价钱|多贵"), lazy(rf"{_NUM_ZH}+\s*(?:块|元|万|千|百|钱)|花了{_NUM_ZH}|\d")),
    (lazy(r"什么时候|哪天|哪一天|几点|几号|星期几|周几|礼拜几|哪个月"),
     lazy(rf"(?:周|星期|礼拜)[一二三四五六日天末]|[明后]天|下个?(?:周|星期|月)|{_NUM_ZH}+\s*(?:点|号|月|日)")),
    # round 31: a year (台式机哪年买的 with 台式机是2019年买的 told), with the verb asked (:data:`_YEAR_VERB_ZH`)
    (_ASKS_YEAR_ZH := lazy(r"(?:哪一?|几几|什么|哪个)年份?(?P<verb>[\u4e00-\u9fff]{1,2}?)(?=的|了|呢|？|\?|$)"),
     lazy(rf"{_NUM_ZH}{{2,4}}\s*年(?!级)")),
)
#: a kind, not one thing: 沙发一般多少钱, 牙医通常几点下班
_KIND_ZH = lazy(r"一般|通常|平均|大概|大约|普遍|正常")


def told_value_zh(question: str, tokens: Sequence[str], statements: Sequence[str]) -> str | None:
    """The topic word of a Chinese question that drops its owner (沙发多少钱, 牙医是什么时候) when a statement of
    the user's names it with a value of the kind asked (上个月买的沙发花了三千八; 下周二下午要去看牙医: a price, a
    day or an hour, :data:`_ASKS_VALUE_ZH`), else None: then the thing is the user's, as 我的沙发 would say; a
    question about the kind (一般, 通常: 沙发一般多少钱) is not. ``tokens``: its search tokens, stopwords kept."""
    if question.isascii() or _KIND_ZH.search(question):
        return None
    asked = [value for ask, value in _ASKS_VALUE_ZH if ask.search(question)]
    if not asked:
        return None
    content = [t for t in tokens
               if len(t) >= 2 and not t.isascii() and t not in STOPWORDS and not t.startswith(_ASK_ZH)]
    year = _ASKS_YEAR_ZH.search(question)
    # 哪年买的: a year the user told of buying it, not the year of a visit (三峡大坝哪一年建成)
    verb = year["verb"] if year else ""
    for word in content[:1]:
        if any(word in st and verb in st and any(v.search(st) for v in asked) for st in statements):
            return word
    return None


def names_someone(q: str, slots: Sequence[str], people: Sequence[str] = (), others: bool = False, *,
                  longer_words: bool = False) -> bool:
    """Whether ``q`` (stripped, ’ read as ') names a person or thing of the user's, or asks which of them: a
    ``someone.…`` slot, *who* when a hit is about someone of the user's (``others``), "we", one of ``people``
    (the names the hits give), a person by a fact (那个来自重庆的人, "the person from …"), a nickname that is no
    dictionary word (小陈, 老王; with ``longer_words``, not one opening a longer dictionary word either:
    小提琴, 老虎机). The exclusions of :func:`about_world` and of :func:`memcli.read.general.general_request`."""
    from memcli.read.tokens import is_dict_word
    from memcli.slots import SOMEONE, split_slot

    if any(split_slot(k)[0] == SOMEONE for k in slots) or (others and _WHO.search(q)) \
            or _WE_EN.search(q):  # "which ramen place did we try?": 我们 is the user's (我), so is "we"
        return True
    low = q.casefold()
    if any(len(n) > 1 and has_word(low, n.casefold()) for n in people) or _PERSON_ZH.search(q) \
            or _PERSON_EN.search(q):
        return True
    return any(not is_dict_word(m.group(0)) and not (longer_words and _in_word(q, m.start()))
               for m in _ZH_NICK.finditer(q))  # 小陈, 老王: a person


def _in_word(q: str, at: int) -> bool:
    """Whether the two characters at ``at`` (a nickname's shape: 小 / 老 / 阿 + one) open a longer dictionary word
    (小提琴, 老虎机, 阿司匹林): a thing, not a person."""
    from memcli.read.tokens import is_dict_word

    return any(is_dict_word(q[at:at + n]) for n in (3, 4) if at + n <= len(q))


def about_world(question: str, slots: Sequence[str], tokens: Sequence[str], *, has_anchor: bool,
                people: Sequence[str] = (), others: bool = False) -> bool:
    """Whether ``question`` asks about the world rather than about the user (the feature ``world``):
    it names neither the user nor anyone of theirs nor is put to them (``has_anchor``:
    :func:`memcli.read.answer.anchor`, :func:`addressed`), names no person or thing of theirs (one of
    ``people``, the names the hits give: ``person:sam``, ``thing:读书会``, "my uncle Ray"; a nickname:
    老王; a person by a fact:
    那个来自重庆的人, "the person from …", a ``someone.…`` slot), does not ask who when a hit is about
    someone of the user's (``others``: 谁是牙医, "Who lives in Dublin?"), asks after no routine and
    recalls nothing told (:data:`_ROUTINE_ZH`), and —
    in Chinese, which drops the subject when asking the hearer — names its own subject
    (:func:`_own_subject_zh`). An English question with a verb or a question word has its subject.
    Such a question is not grounded by a lexical match on a topic word (长江有多长 vs 我坐游轮游了长江;
    "How tall is Mount Rainier?" vs "I climbed Mount Rainier"): :func:`memcli.read.answer.grounded`.
    ``question``: the question sentence, simplified Chinese or other text; ``slots``: its slot keys;
    ``tokens``: its search tokens, stopwords kept."""
    q = question.strip().replace("’", "'")
    if has_anchor or not q or names_someone(q, slots, people, others):
        return False
    if not (q.endswith(("?", "？")) or _ASKED.search(q) or _QUESTION_ZH.search(q)):
        return False  # a topic lookup (coffee, 咖啡, "admin rules obey"): no question about anything
    if _ROUTINE_ZH.search(q) or _ROUTINE_EN.search(q) or _INTENT_ZH.search(q):
        return False
    if not q.isascii() and _DONE_ZH.search(q):  # 沙发花了多少钱: one done thing, the user's, not a kind's
        return False
    return q.isascii() or _own_subject_zh(q, tokens)
