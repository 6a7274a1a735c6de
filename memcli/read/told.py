"""A message that tells, not asks: the block keeps only the memories about what it tells (round 41).

An agent calls ``context`` before every reply, so many of its messages tell rather than ask: news of the user's
own ("I'm allergic to penicillin", 我哥哥换工作了), a remark, a thanks with news in it. The answerability gate
(:mod:`memcli.read.answer`) reads every message as a question, and a statement reads as one about its attribute:
"I'm allergic to penicillin" asks the ``allergy`` slot, so every stored allergy (the mushrooms, 花生) was handed
over as its answer. To the assistant replying to news, a memory is useful when the news may update or contradict
it, or when it says who or what the news is about; another member of the same list is noise.

:func:`tells`: the message has a predicate (a verb of English, or a Chinese verb, aspect or copula word) and no
sentence of it asks (no ?/？, no question word or opening auxiliary, no 吗/呢 ending, no recall of something
forgotten: "I forgot when …", 我忘了…), requests (a task: :func:`memcli.read.request.is_task`; please, 帮我, tell me,
remind me) or speaks to the assistant (you, 你); a bare topic looked up (coffee, 咖啡, my sister, 我妈妈的生日) has no
predicate and is no telling. Greetings and thanks alone are small talk and get no block before this
(:func:`memcli.read.request.is_small_talk`).

:func:`about_told`: of the hits the gate kept, one is kept for a telling message when
- it shares a topic word of the message (2+ CJK / 4+ Latin characters, no attribute, relation or when word:
  :func:`memcli.read.answer.topic_coverage`): the message speaks of its thing (penicillin, the Berlin marathon);
- it holds the value of a one-value attribute the message tells, of the same subject (``job`` for "I started a
  new job at …", ``elder_brother.job`` for 我哥哥换工作了: the news may replace it; ``slots.is_functional``);
- the message is about someone of the user's and the hit is a fact of that person (their name, job, city: who the
  news is about; their likes and allergies too: 今晚给我老婆做饭 needs her peanut allergy), unless the message tells
  that same list (below);
- it holds a one-value fact of the user the message's words of change may replace, though it names no attribute
  word (the home for "I'm thinking of moving to Manchester", the job for "I might switch jobs": only residence, job,
  diet, phone and partner, :mod:`memcli.read.told_change`);
- it names a thing of the kind the message names (a car for "I just bought a new car":
  :func:`memcli.read.kinds.kind_feature`);
- the gate reads it as a near-certain answer (p ≥ :data:`SURE_P`): the same thing in other words ("I'm so nervous
  about the dentist" / "I have a dental appointment next Tuesday"; 我今天没跑步 / 我每天早上跑五公里).
A member of a list (``allergy.mushroom``, ``like.jazz piano``) is kept only by its thing when the message tells that
same attribute ("I'm allergic to penicillin", "I love jazz": it adds another member, and the others are noise); a
message telling something else is read by the rules above ("I had prawns last night and felt awful" keeps the shrimp
allergy). The user's own turns (episodes) are kept only by a
shared topic word.

Questions get exactly what they got before: nothing here runs for a message that asks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from memcli.en_past import en_irregular_past_rx
from memcli.relazy import LATIN, NON_ASCII, lazy

__all__ = ["SURE_P", "about_told", "keep_told", "tells"]

#: a sentence that asks: a question word or an auxiliary opening it, a tag question, a recall of what was forgotten
_ASK_EN = lazy(r"^(?:what|what's|whats|how|how's|who|who's|whom|whose|when|when's|where|where's|why|which|do|does|"
               r"did|is|isn't|are|aren't|was|were|can|can't|could|would|will|should|shall|may|might|have|has|am|any|"
               r"anything|tell me|remind me|show me|give me|list|recall|find|look up|search)\b|"
               r"\b(?:i (?:forgot|forget|can't remember|cannot remember|don't remember|do not remember|can't recall|"
               r"don't know|do not know|wonder|was wondering|am not sure|'m not sure)|not sure) (?:what|when|where|who|"
               r"which|how|if|whether)\b|\b(?:i (?:want|need|'d like|would like) to know|remind me|tell me|let me know|"
               r"please|help me|any idea)\b|,? (?:right|isn't it|aren't they|don't you think|correct)\s*[.!]*$|"
               r"(?<!thank )\byou\b",
               re.IGNORECASE, gate=LATIN)
_ASK_ZH = lazy(r"[吗么呢吧]\s*[。.!！~～…]*$|什么|怎么|怎样|为什么|为啥|哪|谁|几|多少|多[大长高远重深宽久]|啥|干嘛|"
               r"是不是|有没有|能不能|可不可以|要不要|会不会|好不好|对不对|行不行|如何|咋|是否|帮我|告诉我|提醒我|"
               r"^(?:请|麻烦|给我|推荐)|(?<!谢谢)(?<!感谢)(?<!多谢)[你您]|"
               r"([\u4e00-\u9fff])[不没]\1|([\u4e00-\u9fff]{2})不\2", gate=NON_ASCII)  # 累不累, 喜欢不喜欢
#: an English predicate: a finite auxiliary or copula, a subject pronoun before a word, a past form, an adverb of news
_VERB_EN = lazy(r"\b(?:am|is|are|was|were|be|been|have|has|had|do|does|did|don't|doesn't|didn't|can|could|will|"
                r"would|should|must|can't|won't|isn't|aren't|wasn't|weren't|just|finally|recently|already|"
                rf"{en_irregular_past_rx()}|[a-z]{{2,}}ed)\b|"
                r"\b(?:i|we|he|she|they)\b(?:'[a-z]+)? [a-z]|[a-z]'(?:m|re|ve|ll|d)\b", re.IGNORECASE, gate=LATIN)
#: a Chinese predicate: an aspect word, the copula, a negation, a modal or adverb of news, a verb of two characters;
#: a verb of one character only right after its subject (我叫…, 我哥开…; not 学 of 动力学, 生 of 生日)
_VERB_ZH = lazy(r"了|过(?!敏)|着|是|不|没|很|太|刚|已经|正在|要|会|想|打算|准备|开始|喜欢|讨厌|过敏|结婚|离婚|分手|"
                r"升职|辞职|退休|毕业|怀孕|参加|报名|拿到|收到|感冒|发烧|住院|出院|认识|遇到|决定|取消|"
                r"(?:我|们|他|她|[爸妈哥姐弟妹婆公爷奶儿女夫妻])(?:今天|昨天|前天|昨晚|刚才|刚刚|上周|这周|周末|早上|晚上|"
                r"中午|下午|也|还|都|就|又|才|一直|每天|经常|在){0,3}"
                r"[叫住买卖搬换去来回做当学养吃喝看听玩跑骑开爱在有钓打踢写读画拍种修洗煮烤唱跳游爬坐走送生病]",
                gate=NON_ASCII)
#: the gate's p at which a hit is the same thing in other words (the dentist / a dental appointment; 没跑步 / 跑五公里)
SURE_P = 0.9
_SENTENCES = re.compile(r"[^。！!？?；;.\n]+(?:[。！!？?；;.\n]+|$)")


def tells(message: str) -> bool:
    """Whether ``message`` (simplified Chinese or other text) tells rather than asks (see the module doc): it has a
    predicate, and no sentence of it asks, requests or speaks to the assistant. False for a bare topic looked up."""
    from memcli.read.request import is_task

    text = message.strip().replace("’", "'")
    if not text or "?" in text or "？" in text:
        return False
    sentences = [s.strip(" ,，、") for s in _SENTENCES.findall(text) if s.strip(" ,，、。.!！;；\n")]
    if not sentences or any(_ASK_EN.search(s) or _ASK_ZH.search(s) or is_task(s) for s in sentences):
        return False
    return any(_VERB_EN.search(s) or _VERB_ZH.search(s) for s in sentences)


def _kept_by_slot(message: str, query_slots: Sequence[str], hit: Any) -> bool:
    """The hit's slot is a one-value attribute the message tells of the same subject, or the message is about
    someone of the user's and the hit is a fact of that person (a list's member too: cooking for one's wife, her
    allergy is what the assistant needs)."""
    from memcli.read.answer import attr_feature
    from memcli.read.question_subject import subject_feature
    from memcli.slot_query import query_subject
    from memcli.slots import ME, is_functional, split_slot

    slot = hit.slot
    if not slot:
        return False
    subject = subject_feature(message, query_slots, slot, hit.statement)
    if subject < 0:
        return False
    if subject > 0 and query_subject(message) != ME:
        return True  # the person the news is about: any fact of theirs ("今晚给我老婆做饭": her peanut allergy)
    if not is_functional(slot):
        return False
    return attr_feature(query_slots, slot, hit.statement) > 0 and (subject > 0 or split_slot(slot)[0] == ME)


def about_told(message: str, tokens: Sequence[str], query_slots: Sequence[str], hit: Any) -> bool:
    """Whether ``hit`` is about what the telling ``message`` tells (see the module doc). ``tokens``: the message's
    search tokens (stopwords dropped); ``query_slots``: the slots it reads (:func:`memcli.slot_query.query_slots`);
    ``message`` simplified Chinese or other text."""
    from memcli.read.answer import topic_coverage
    from memcli.read.kinds import kind_feature
    from memcli.read.told_change import kept_by_change

    statement = hit.statement
    if topic_coverage(tokens, statement) > 0 or _repeats(message, statement):
        return True
    if hit.episode_id is not None:
        return False
    if _keyed(hit.slot) and _tells_attribute(message, hit.slot):
        return False  # "I'm allergic to penicillin" vs allergy.mushroom: another member of the list it adds to
    if _kept_by_slot(message, query_slots, hit) or kept_by_change(message, hit.slot):
        return True
    return kind_feature(message.casefold(), statement.casefold()) == 1 or (hit.p_relevant or 0.0) >= SURE_P


def _repeats(message: str, statement: str) -> bool:
    """The message says the memory again ("Like I said, I take my coffee with milk"): its words hold the statement's."""
    from memcli.read.repeats import holds_whole, normalised

    return normalised(statement) == normalised(message) or holds_whole(statement, message)


def _tells_attribute(message: str, slot: str) -> bool:
    """The message says the words of the slot's attribute (allergic, 过敏, love, 喜欢): it tells that attribute."""
    from memcli.slots import attribute, split_slot

    a = attribute(split_slot(slot)[1])
    if a is None:
        return False
    low = message.casefold()
    return any((re.search(rf"\b{re.escape(w)}\b", low) if w.isascii() else w in low)
               for w in (*a.zh_verbs, *a.zh_nouns, *a.en_verbs, *a.en_nouns) if w)


def _keyed(slot: str | None) -> bool:
    """A slot of one member of a list (``allergy.shellfish``, ``like.bluegrass music``): an attribute of its own
    that holds many values, keyed by its thing — another member of the same kind is still another member."""
    from memcli.slots import CATCH_ALL_ATTRIBUTES, attribute, split_slot

    if not slot:
        return False
    _, attr, obj = split_slot(slot)
    a = attribute(attr)
    return a is not None and not a.functional and attr not in CATCH_ALL_ATTRIBUTES and obj is not None


def keep_told(hits: list[Any], message: str, tokens: Sequence[str], query_slots: Sequence[str]) -> list[Any]:
    """``hits`` (best first) without those a telling ``message`` is not about (:func:`about_told`); all of them when
    the message asks (:func:`tells` is false) or no hit was read by the answerability gate (``p_relevant`` None: the
    gate off, no weights for the model, the lexical-only fallback — then nothing is cut, as the gate cuts nothing). An
    episode standing for memories is kept when one of them is."""
    if not hits or all(h.p_relevant is None for h in hits) or not tells(message):
        return hits
    return [h for h in hits if about_told(message, tokens, query_slots, h)
            or any(about_told(message, tokens, query_slots, m) for m in getattr(h, "stands_for", ()))]
