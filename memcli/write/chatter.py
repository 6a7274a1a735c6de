"""Is a user turn chatter? The cheap marker test that decides which turns may become episodes.

A drained user turn that produced no memory is kept findable as an *episode*
(:mod:`memcli.db.episodes`) unless it is chatter: a greeting, thanks, an acknowledgement, a
question or a request to the assistant (an instruction about its own behaviour included), in Chinese
or English. A turn is chatter only when
**every** clause of it is: ``我妈妈在北京上班呢，你能帮我推荐个餐厅吗`` keeps its first clause, so
the turn is not chatter.

The hook: :data:`ChatterTest` is any ``(text) -> bool``; the drain takes one
(:class:`memcli.write.worker.MemoryCaptureWorker` ``chatter=``), default :func:`is_chatter`.
A fitted clause classifier replaces it by passing its own test; nothing else changes.

Markers (per clause, after stripping fillers and punctuation); the greetings, thanks, acknowledgements and
interjections are the one list the read path's small talk reads too (:mod:`memcli.smalltalk`):

- greeting / farewell / acknowledgement: 你好 早上好 晚安 在吗 嗯 好的 哈哈, hi hello hey bye ok;
- thanks: 谢谢 多谢 感谢 辛苦了, thanks thank you; an acknowledgement: sounds good, no worries, that's all for now;
- a laughing remark about no one (:func:`is_laughing_remark`): the commute was awful lol, 今天堵死了哈哈哈;
- question: ends with ``?``/``？``; zh 吗/么 at the end or a question word (什么 怎么 为什么 哪
  几点 多少 谁 是否 能不能 可不可以 有没有 是不是 要不要); en an auxiliary (can, do, is, …) or a
  wh-word followed by an auxiliary at the start (``what is …``, ``whats …``, not ``what I love is jazz``);
- request: zh 请 麻烦 帮我 给我推荐 提醒我 告诉我 你能 你可以 …; en please, can you, could you, help
  me, tell me, remind me, recommend, let's;
- a request to forget (forget that…, don't remember…, 忘掉…, 别记…, 把…删掉吧) and the slip admitted with
  it (I mixed it up, my mistake, 我记错了): no memory, and as an episode it would quote the words to be
  forgotten; the drain forgets the memories it clearly names (:mod:`memcli.write.told_forget`);
- a task for the assistant in the imperative: a clause that opens with a task verb and no subject,
  zh 写 翻译 总结 解释 列出 生成 计算 … (or ``用<tool>写…``) not followed by 了/过/着, which would
  make it a pro-drop report of what the user did (``写过一本书``); en write, translate, summarize,
  explain, list, draft, calculate, … as the first word (``Write a poem about the sea``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from memcli.sensitive import is_redacted
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
from memcli.textcache import short_cached
from memcli.write.joking import without_jokes
from memcli.write.quoted import without_quoted
from memcli.write.reaction import is_reaction

__all__ = ["GREETING_EN", "GREETING_ZH", "ChatterTest", "clauses", "greeting_head", "is_chatter", "is_chatter_clause",
           "is_task", "uncovered"]

#: a chatter test: the turn's text → True when the turn is chatter (never an episode)
ChatterTest = Callable[[str], bool]

_SPLIT = re.compile(r"[。！？!?；;，,、\n\r]+|(?<=[a-z])\.\s+|…+|~+")
_EDGE = re.compile(r"^[\s\"'“”‘’()（）\[\]【】<>《》*·.…~\-]+|[\s\"'“”‘’()（）\[\]【】<>《》*·.…~\-]+$")
# the small-talk vocabulary is shared with the read path (memcli.smalltalk); here thanks count anywhere in a
# clause ("thanks for the tip" is chatter), where the read path's small talk must be nothing else
_ZH_ACK = alternation(ZH_INTERJECTIONS, ZH_ACKS, ("ok(?:ay)?", "OK"))  # OK啦: Latin letters, Chinese particle
_ZH_FILLER = re.compile(rf"^(?:{_ZH_ACK}[啊呀呢吧啦哈了的嘛]*)+$")  # 对对对, 好的好的
_ZH_GREETING = rf"{alternation(ZH_GREETINGS)}(?:呀|啊|啦|哦|哈|嘛|呢)?{alternation(ZH_VOCATIVES)}?"
_ZH_GREET = re.compile(rf"^{_ZH_GREETING}$")
_ZH_THANKS = re.compile(alternation(ZH_THANKS))
_ZH_QUESTION = re.compile(r"(?:什么|(?<![不没])怎么|为什么|为啥|哪里|哪儿|哪个|哪些|哪天|哪家|几点|几个|几号|多少|多久|"
                          r"多大|谁|是否|能不能|可不可以|有没有|是不是|要不要|会不会|对不对|好不好|行不行|如何)|[吗么]$")
_ZH_REQUEST = re.compile(r"^(?:请|麻烦|帮我|帮忙|给我|替我|提醒我|告诉我|推荐|你能|你可以|你帮|能否|可否|"
                         r"我想问|想问|问一下|查一下|帮着)|(?:帮我|提醒我|告诉我|给我推荐|推荐一下|查一下|帮忙)")
_EN_SMALL = alternation(EN_GREETINGS, EN_ACKS, EN_LAUGHTER)
_EN_GREET = re.compile(rf"^{_EN_SMALL}(?: {_EN_SMALL})*(?: {alternation(EN_VOCATIVES)})?$")  # oh i see, ok cool
_EN_GREETING = rf"{alternation(EN_GREETINGS)}(?: {alternation(EN_VOCATIVES)})?"
#: a greeting that opens a clause and ends there, at a mark, or before the user's own statement (你好我叫小明,
#: "good morning I just moved to Denver"); a word that merely starts with one (早上我去跑步, "Morning runs") is none
#: (in English with no mark between: after a mark the opener cuts it already)
_GREETING_HEAD = {"zh": re.compile(rf"^{_ZH_GREETING}(?=[，,、！!。\s]*我)"),
                  "en": re.compile(rf"^{_EN_GREETING}(?=\s+(?:i|i'm|i've|my|we|we're|our)\b)", re.I)}
#: one clause that is only a greeting (trailing marks aside; "hello again", "bye for now"): the clause model's
#: ``greeting`` signal, where chatter's own test allows acknowledgements and laughter too
GREETING_ZH = rf"^{_ZH_GREETING}[\W_]*$"
GREETING_EN = rf"^{_EN_GREETING}(?: again| for now| for today)?[\W_]*$"


def greeting_head(clause: str, lang: str) -> int:
    """The length of the greeting that opens ``clause`` (``lang`` ``"zh"`` or ``"en"``) when a statement
    follows it (你好我叫小明 → 2), else 0 (a greeting alone, or none)."""
    m = _GREETING_HEAD["zh" if lang == "zh" else "en"].match(clause)
    if m is None or not re.search(r"\w", clause[m.end():]):
        return 0
    marks = re.match(r"[\s,，!！.。:：~～—–-]+", clause[m.end():])  # the greeting's marks go with it
    return m.end() + (marks.end() if marks else 0)
_EN_THANKS = re.compile(rf"\b{alternation(EN_THANKS)}\b")
_EN_AUX = r"(?:can|could|would|will|shall|should|do|does|did|is|are|was|were|am|may|might|have|has|had)"
_EN_QUESTION = re.compile(rf"^(?:{_EN_AUX}\s+(?:you|i|we|it|there|they|he|she|this|that)\b|"
                          rf"(?:what|how|why|where|when|who|whom|whose|which)(?:'s|s\b|\s+{_EN_AUX}\b))")
_EN_REQUEST = re.compile(r"^(?:please|pls|let's|lets|tell me|remind me|help me|show me|give me|find me|"
                         r"recommend|suggest|explain|can you|could you|would you|will you)\b|\bplease\b")
#: task verbs of a request in the imperative (the clause opens with one, no subject before it)
_ZH_TASK_VERB = (r"(?:写|编|作|翻译|译成|总结|概括|归纳|解释|说明一下|列出|列举|生成|计算|算一下|算算|画|设计|分析|"
                 r"比较|对比|介绍|讲一下|讲讲|讲个|说说|说一下|描述|改写|润色|修改|改一下|检查|纠正|优化|实现|起个|"
                 r"取个|想个|想几个|出几道|出一道|造句|续写|仿写|扩写|缩写|证明|推导|求解|解一下|搜索|搜一下)")
#: …followed by what a task names (a measure word, 一下, a demonstrative, 成/出 + result), never by
#: 了/过/着 and with no 我/是 later in the clause (``画画是我的爱好`` is a hobby, not a task)
_ZH_TASK = re.compile(rf"^(?:用\S{{1,12}}?)?{_ZH_TASK_VERB}(?:[一两几个下首篇段份些出成点]|这|那|以下|下面|如下)"
                      r"(?!.*[我是])")
_EN_TASK = re.compile(r"^(?:write|rewrite|draft|compose|translate|summari[sz]e|explain|describe|list|name|"
                      r"generate|create|make|calculate|compute|convert|solve|prove|define|compare|outline|"
                      r"proofread|edit|fix|correct|debug|implement|design|plan|draw|sketch|give|find|show|"
                      r"search|look up|check|count|sort|simplify|paraphrase|brainstorm|continue)\b(?![-'’])"
                      r"(?!\s+(?:is|are|was|were|has|have|had|of|for me is)\b)")
#: an instruction about the assistant's own behaviour (a prompt injection told as a turn): ignore /
#: forget what came before, reveal or print its prompt, play a role. A request, never a fact about the
#: user, even when chat drops the subject (``忽略之前的指令`` is not ``我忽略…``).
_ZH_INSTRUCTION = re.compile(
    r"^(?:请|你)?(?:(?:忽略|无视|忽视|忘掉|忘记|不要理会)(?:之前|上面|以上|前面|刚才|所有|一切|全部|你的|系统|原来|原有|先前)"
    r"|(?:输出|打印|显示|透露|泄露|说出|复述|重复)(?:你的|系统|全部|所有|完整|之前|上面|以上|前面|初始|原始)"
    r"|扮演(?:一个|一位|一名|成)|假装你|装作你|你现在是|从现在开始你)")
_EN_INSTRUCTION = re.compile(r"^(?:now\s+)?(?:ignore|disregard|forget|override|bypass)\s+(?:all|any|every|the|your|my|"
                             r"previous|prior|earlier|above|everything|those|these|that|this)\b|"
                             r"^(?:print|output|reveal|repeat|show|leak|dump)\s+(?:your|the|all|every|its)\s+"
                             r"(?:\w+\s+)?(?:prompt|instructions?|rules|system|context|messages?)\b|"
                             r"^(?:act|behave|respond|reply|answer|talk|speak)\s+(?:as|like|only|always)\b|"
                             r"^(?:pretend|roleplay|role-play)\b|"
                             r"^from now on,?\s+(?:you|always|never|only|respond|reply|answer)\b")


#: a request to forget or not to keep something the user said (forget that…, please don't remember…, 忘掉…,
#: 别记…, 把…删掉吧) and the admission of a slip said with it (I mixed it up, my mistake, 我记错了): no fact (the
#: drain forgets what they name: memcli.write.told_forget), and kept as an episode such a turn served the very words
#: the user asked to have forgotten ("forget that my brother's wife is called Ania") in later blocks
_EN_FORGET = re.compile(r"^(?:(?:oh|ok|okay|actually|also|and|sorry|hey)\W+)*(?:please\s+)?"
                        r"(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?"
                        r"(?:forget|unremember|(?:don't|do\s+not|stop)\s+(?:remember|remembering)"
                        r"|(?:delete|erase)\s+(?:that|this|what\s+i\s+said))\b(?!-)")
_EN_SLIP = re.compile(r"^(?:sorry\W+)?(?:i\s+(?:mixed\s+(?:it|that|them)\s+up|got\s+(?:it|that)\s+(?:wrong|mixed\s+up)|"
                      r"had\s+(?:it|that)\s+wrong|was\s+wrong|misspoke|made\s+a\s+mistake)|my\s+(?:mistake|bad))$")
_ZH_FORGET = re.compile(r"^(?:请|你|麻烦你?|帮我|也)*(?:(?:忘掉|别记|不要记|别再记|不用记|删掉|删除)"
                        r"|把.{1,40}?(?:忘掉|忘了|删掉|删除|去掉)(?:吧|了吧)?$|(?:忘记|忘了).{0,40}?吧$)")
_ZH_SLIP = re.compile(r"^(?:不好意思|抱歉|对不起)?(?:我|刚才|之前)?(?:说|记|搞|弄|写|打)错了(?:了|啦|吧)?$")


def is_forget_request(clause: str) -> bool:
    """The clause asks the assistant to forget or not keep something (``_EN_FORGET`` / ``_ZH_FORGET``),
    or admits the slip that goes with such a request (I mixed it up, 我记错了): no fact, no episode."""
    c = clause.strip()
    low = c.casefold()
    return bool(_ZH_FORGET.match(c) or _ZH_SLIP.match(c) or _EN_FORGET.match(low) or _EN_SLIP.match(low))


#: round 46: who a clause just said was meant, set right ("no wait, that's my brother David, not me", 不对，那是我姐姐，
#: 不是我): it names the person the slip was about and states nothing of them — a memory of it contradicted the
#: person's true facts (the trial's "That's my brother David, not me" ended where the brother lives)
_EN_WHO_ASIDE = re.compile(
    r"^\W*(?:(?:no|oh|wait|sorry|oops|actually|hmm|ah|i mean|no no|my bad)\W+)*"
    r"(?:(?:that|it|this)(?:'s|’s|\s+is|\s+was)|i\s+meant?)\s+"
    r"(?:(?:my|our)\s+[a-z][a-z' -]{1,30}?(?:\s+[A-Z][a-z]+)?|[A-Z][a-z]+)\W*(?:,\s*)?(?:not|rather than)\s+"
    r"(?:me|mine|myself|i)\W*$"
    r"|^\W*(?:(?:no|oh|wait|sorry|oops|actually)\W+)*not\s+(?:me|mine)\W+(?:(?:it's|it is|that's|i mean)\s+)?"
    r"(?:my|our)\s+[a-z][a-z' -]{1,30}?(?:\s+[A-Z][a-z]+)?\W*$", re.I)
_ZH_WHO_ASIDE = re.compile(r"^(?:不对|不是|哦|噢|等等|等一下|啊|说错了|搞错了)?[，,\s]*(?:那|这|那个|这个)?"
                           r"(?:是|说的是|指的是)我[\u4e00-\u9fffA-Za-z ]{1,8}?[，,\s]*(?:不是我|而不是我)(?:自己)?\W*$"
                           r"|^(?:不对|哦|噢)?[，,\s]*不是我(?:自己)?[，,\s]*(?:是|而是)我"
                           r"[\u4e00-\u9fffA-Za-z ]{1,8}\W*$")


def is_who_aside(clause: str) -> bool:
    """The clause only sets right whom the clause before was about ("that's my brother David, not me", 那是我姐姐，
    不是我): no fact of anyone, never a memory (``_EN_WHO_ASIDE`` / ``_ZH_WHO_ASIDE``)."""
    c = clause.strip()
    return bool(_ZH_WHO_ASIDE.match(c) or _EN_WHO_ASIDE.match(c))


#: round 46: a request in the imperative that asks the assistant to explain or work something out (explain quantum
#: computing in simple terms): narrower than the episode test's ``_EN_TASK`` (list, plan, find, make… open facts too)
_EN_ASK_TASK = re.compile(r"^\W*(?:(?:ok|okay|hey|now|so)\W+)?(?:explain|describe|summari[sz]e|translate|"
                          r"proofread|paraphrase|brainstorm|calculate|compute|solve|define|outline|simplify|"
                          r"elaborate on)\s+(?!(?:to|is|are|was|were|has|have|had|of|for me is)\b)\S", re.I)


def is_task_clause(clause: str) -> bool:
    """An English clause that asks the assistant to explain or work something out, in the imperative
    (``_EN_ASK_TASK``: explain…, describe…, translate…, calculate…): a request, never a fact."""
    return bool(_EN_ASK_TASK.match(clause.strip()))


def is_instruction(clause: str) -> bool:
    """The clause instructs the assistant about its own behaviour (ignore what came before, print
    its prompt, play a role; ``_ZH_INSTRUCTION`` / ``_EN_INSTRUCTION``): a request, never a fact."""
    c = clause.strip()
    return bool(_ZH_INSTRUCTION.match(c) or _EN_INSTRUCTION.match(c.casefold()))


#: a turn that opens with a request to produce text or code: what follows is the task's material
_ZH_TASK_OPEN = re.compile(
    r"^\s*(?:请你?|麻烦你?|帮我|帮忙|你(?:能|可以)?(?:帮我)?|能不能帮我|可以帮我|能帮我|给我|替我)?\s*(?:"
    r"(?:把|将)[^，。！？!?]{0,40}?(?:翻译|译成|译为|改写|润色|总结|概括|改成|写成|转成|转换成|扩写|缩写|续写|整理成)"
    r"|(?:翻译|润色|改写|总结|概括|校对|翻译成\S{1,6}?)(?:一下|成|为)?[^，。！？!?]{0,20}?[：:]"
    r"|(?:用\S{1,12}?)?(?:写|编|起草|拟|生成|实现)(?:一下|一个|一篇|一封|一首|一段|一份|个|篇|封|首|段|份)"
    r"[^，。！？!?]{0,24}?(?:代码|程序|函数|脚本|邮件|信|文章|诗|作文|文案|报告|简历|演讲稿|祝福语|方案|SQL|sql|正则))")
_EN_TASK_OPEN = re.compile(
    r"^\W*(?:(?:hey|hi|ok|okay)\W+)?(?:(?:please|pls|kindly|can\s+you|could\s+you|would\s+you|will\s+you|"
    r"help\s+me|i\s+need\s+you\s+to|i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to)\s+)*"
    r"(?:(?:translate|write|draft|compose|rewrite|paraphrase|proofread|summari[sz]e|reword|polish|generate|"
    r"implement|debug|refactor)\b(?!\s+(?:is|was|are|were|down)\b)"
    r"|fix\s+(?:this|my|the|a)\s+(?:bug|code|error|function|script|program|query|sql|regex)\b)", re.I)


def is_task(text: str) -> bool:
    """The turn opens with a request to produce text or code (translate, write, draft, rewrite, summarise,
    implement, debug; 把…翻译成, 翻译：, 帮我写一封邮件, 用Python写一个函数): a task, and what follows is its
    material — nothing of it is a fact the user told about themselves (no memory, no episode).

    Narrower than the read path's :func:`memcli.read.request.is_task` on purpose: a wrong "task"
    here throws a turn's facts away, there it only lowers a question's p. The read path's detector
    (also list, plan, recommend, explain, 推荐, 设计, 计算 … at the start) on this path lost 8 of 600
    MemDaily facts (04_aggregative_events + 06_noisy_events: facts lost 0 → 8, gated answered@3
    0.89 → 0.87, round 16); the extraction sets do not tell them apart (identical figures). The
    other way, this detector on the read path lowered the held-out empty-on-no-answer rate (zh
    0.958 → 0.946, en 0.946 → 0.940, en wrapped in chatter 0.946 → 0.922): two detectors stay."""
    return bool(_ZH_TASK_OPEN.match(text or "") or _EN_TASK_OPEN.match(text or ""))


_HAS_WORD = re.compile(r"[\w\u3400-\u9fff]")


def clauses(text: str) -> list[str]:
    """The clauses of a turn: split at sentence and clause punctuation, edges stripped, empty dropped."""
    out = []
    for part in _SPLIT.split(text or ""):
        part = _EDGE.sub("", part).strip()
        if part and _HAS_WORD.search(part):
            out.append(part)
    return out


#: laughter in a clause (lol, haha, lmao, 哈哈哈): said in passing, not told to be kept
_LAUGH = re.compile(r"\b(?:lol+|lmao|rofl|haha(?:ha)*|hehe+)\b|哈哈+|呵呵+|嘿嘿+", re.I)
def _own_words(text: str) -> str:
    """``text`` without another person's quoted passages (:func:`memcli.write.quoted.without_quoted`) and what is
    said in jest (:func:`memcli.write.joking.without_jokes`): the words the user tells as their own."""
    return without_jokes(without_quoted(text))


#: the user named in a clause (a fact said laughing stays one)
_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|mine|we|our|us)\b|我|咱", re.I)


def is_laughing_remark(text: str) -> bool:
    """A remark made laughing about no one (the commute was awful this morning lol, 今天堵死了哈哈哈):
    how the day went, not something the user tells to be kept. A clause naming the user (I, my, 我)
    or a person by name is not one: "lol my sister got engaged" is told laughing."""
    if not _LAUGH.search(text):
        return False
    rest = _LAUGH.sub(" ", text)
    return not _PERSON.search(rest) and not re.search(r"(?<![.!?] )\b[A-Z][a-z]+\b", rest[1:])


#: clauses up to this many characters have their :func:`is_chatter_clause` answer cached
_CACHED_CHARS = 300


def is_chatter_clause(clause: str, *, question_mark: bool = False) -> bool:
    """One clause is a greeting, thanks, acknowledgement, question, request or a laughing remark about
    no one (:func:`is_laughing_remark`) (``question_mark``: the clause ended with ``?``/``？`` in the turn).
    A pure function of its arguments, cached for short clauses: a drain asks it of each clause of a turn
    twice (:func:`is_chatter`, :func:`uncovered`) and of the same lines from many users."""
    return _chatter_clause(clause, question_mark)


@short_cached(_CACHED_CHARS, 16384)
def _chatter_clause(clause: str, question_mark: bool) -> bool:
    c = clause.strip()
    low = c.casefold()
    # (a secret's placeholder tells nothing; a reaction to the other speaker is no told fact: memcli.write.reaction)
    if question_mark or is_redacted(c) or is_laughing_remark(c) or is_reaction(c):
        return True
    if _ZH_FILLER.match(c) or _ZH_GREET.match(c) or _ZH_THANKS.search(c) or _ZH_QUESTION.search(c) \
            or _ZH_REQUEST.search(c) or _ZH_TASK.match(c) or is_instruction(c):
        return True
    return bool(_EN_GREET.match(low) or _EN_THANKS.search(low) or _EN_QUESTION.match(low)
                or _EN_REQUEST.search(low) or _EN_TASK.match(low))


#: a clause that is only a name (1–2 capitalised words): the person addressed, beside the turn's other clauses
_BARE_NAME = re.compile(r"^[A-Z][a-z]+(?: [A-Z][a-z]+)?$")
_CLAUSE_END = re.compile(r"([^。！？!?；;，,、\n\r]*)([。！？!?；;，,、\n\r]*)")


@short_cached(_CACHED_CHARS, 16384)
def is_chatter(text: str) -> bool:
    """True when every clause of ``text`` is chatter (or it has no words at all), or the turn is a task
    (:func:`is_task`) or a laughing remark about no one (:func:`is_laughing_remark`: rain all day again,
    so boring haha), or the turn holds a secret's placeholder (:func:`memcli.sensitive.is_redacted`: such
    a turn is no episode, whatever else it says — its facts become memories as usual); what it says in jest
    ("I'm a billionaire, just kidding") or quotes of another person's ("my cousin sent me her letter: "I live in
    …" thoughts?") counts for nothing (:func:`_own_words`). Cached for texts up
    to 300 characters (a drain asks it of the same line of many users)."""
    if is_task(text) or is_laughing_remark(text) or is_redacted(text or ""):
        return True
    text = _own_words(text or "")  # what the user says in jest or quotes of another's is no episode either
    parts: list[tuple[str, bool]] = []
    for m in _CLAUSE_END.finditer(text or ""):
        body, end = m.group(1), m.group(2)
        qmark = "?" in end or "？" in end
        pieces = clauses(body)
        parts += [(c, qmark and n == len(pieces) - 1) for n, c in enumerate(pieces)]
    if not parts:
        return True
    said = [p for p in parts if not _BARE_NAME.match(p[0])]  # "…, Priya": who the turn is said to, when it says more
    return all(_chatter_flags(said or parts))


def _chatter_flags(parts: list[tuple[str, bool]]) -> list[bool]:
    """Per clause (text, ended with a question mark): chatter? A request to forget counts only where it
    opens the turn, after nothing but chatter ("forget that my…, I mixed it up"; 我记错了，忘了吧), not
    inside a told remark ("I can relax, forget my troubles, and…")."""
    flags: list[bool] = []
    for c, q in parts:
        flags.append(is_chatter_clause(c, question_mark=q) or (all(flags) and is_forget_request(c)))
    return flags


#: a turn whose memories carry less than this share of its content stays findable as an episode too
MIN_COVERED = 0.8
#: an English turn stays an episode too unless one memory carries this share of it
MIN_COVERED_EN = 1.0
#: …when what they leave out is at least this many content units (characters / word stems)
MIN_LEFT = 4
#: a clause of at least this many content units of which the memories carry less than half is left
#: out, whatever the rest of the turn (最近胃不好，不能吃辣了 with only 最近胃不好 kept)
MIN_CLAUSE = 3


def uncovered(text: str, statements: list[str], states: Sequence[bool] | None = None) -> bool:
    """Do the memories drawn from a turn leave much of it out? True when the turn's non-chatter
    clauses hold at least :data:`MIN_LEFT` content units (Chinese content characters, English word
    stems: :func:`memcli.write.rules.match.mixed_content_units`) that no statement has, and the
    statements carry less than :data:`MIN_COVERED` of them; or when one non-chatter clause of at least
    :data:`MIN_CLAUSE` content units is carried by the statements for less than half of them. A long
    remark of which one clause became a memory, or a short turn of which a whole clause was dropped, is
    then kept as an episode too, so that what the memory left out stays findable. An English turn (of
    :data:`MIN_LEFT` content units or more) also when no single statement carries :data:`MIN_COVERED`
    of it: chat spreads one remark over several memories. ``states`` (per statement: it names a known
    attribute of its subject, a state that can change — where one lives, works, what one likes; None:
    unknown): an English turn one memory carries whole stays an episode too when no statement is
    such a state — a told event or remark is found in the speaker's words with its context, while a
    state is left to its memory, so that a value changed later never comes back as an episode. Cached
    (a pure function of its arguments) for texts up to 300 characters."""
    args = (text, tuple(statements), None if states is None else tuple(states))
    return _uncovered(*args)


@short_cached(_CACHED_CHARS, 16384)
def _uncovered(text: str, statements: tuple[str, ...], states: tuple[bool, ...] | None) -> bool:
    from memcli.write.rules.match import mixed_content_units

    parts = clauses(_own_words(text))
    told = [mixed_content_units(c) for c, chat in zip(parts, _chatter_flags([(c, False) for c in parts]), strict=True)
            if not chat]
    said = frozenset().union(*told)
    if not said:
        return False
    per = [mixed_content_units(s) for s in statements]
    kept = frozenset().union(*per)
    left = said - kept
    if len(left) >= MIN_LEFT and (len(said) - len(left)) / len(said) < MIN_COVERED:
        return True
    if any(len(cu) >= MIN_CLAUSE and len(cu & kept) * 2 < len(cu) for cu in told):
        return True
    from memcli.text import lang_of

    if lang_of(text) == "zh" or len(said) < MIN_LEFT:
        return False
    # English chat: a turn told in several memories is one remark all the same — its words are found together
    # only as an episode (what was done where and with whom spans its clauses), unless one memory says it all;
    # its questions and exclamations count too (Wow, a pottery class? I took one in May!)
    whole = mixed_content_units(text)
    if max((len(whole & cu) for cu in per), default=0) / len(whole) < MIN_COVERED_EN:
        return True
    return states is not None and not any(states)
