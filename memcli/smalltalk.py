"""The one vocabulary of small talk — greetings, thanks, acknowledgements, interjections — that both
paths read (a leaf: the read and write paths may not import each other).

- the write path (:mod:`memcli.write.chatter`): a user turn whose every clause is chatter is never kept
  as an episode; a clause is chatter when it is one of these (a greeting or an acknowledgement, with
  fillers) or holds thanks anywhere ("thanks for the tip" is chatter too);
- the read path (:mod:`memcli.read.request`, ``is_small_talk``): a query whose every clause is only these
  (and a sigh at the day, 好无聊 / so bored, which only the read path counts: a turn telling it is kept)
  asks nothing of the store, so ``context`` gives no block;
- the episodes (:func:`unaddressed`): the name an English chat turn addresses (Thanks, Sam!) is left out of
  what the turn is found by, its full-text terms and its vector.

Each entry is a regular-expression alternative (lower case for English: both sides casefold it);
:func:`alternation` joins lists into one group. Words written for memcli, no data set's.
"""

from __future__ import annotations

import re
from functools import cache

from memcli.primed import primable
from memcli.rx import rx
from memcli.textcache import short_cached

__all__ = [
    "EN_ACKS",
    "EN_GREETINGS",
    "EN_LAUGHTER",
    "EN_THANKS",
    "EN_VOCATIVES",
    "ZH_ACKS",
    "ZH_GREETINGS",
    "ZH_INTERJECTIONS",
    "ZH_THANKS",
    "ZH_VOCATIVES",
    "alternation",
    "unaddressed",
]

ZH_GREETINGS = (
    "你好",
    "您好",
    "嗨",
    "哈喽",
    "哈啰",
    "早上好",
    "上午好",
    "中午好",
    "下午好",
    "晚上好",
    "早安",
    "午安",
    "晚安",
    "早",
    "在吗",
    "在不在",
    "再见",
    "拜拜",
    "回头见",
    "明天见",
    "下次见",
)
#: who a Chinese greeting may name after it (你好小助手)
ZH_VOCATIVES = ("小助手", "助手", "机器人")
ZH_THANKS = ("谢谢", "多谢", "感谢", "谢了", "辛苦了", "麻烦你了", "太感谢")
ZH_ACKS = (
    "好的?",
    "好吧",
    "好滴",
    "行吧?",
    "可以",
    "对的?",
    "是的",
    "没错",
    "明白了?",
    "知道了",
    "了解了?",
    "收到",
    "懂了",
    "妥了?",
    "没事了?",
    "没问题",
    "就这样吧?",
    "先这样吧?",
    "就这些",
)
ZH_INTERJECTIONS = ("嗯+", "哦+", "噢+", "啊+", "呀+", "哈+", "嘿+", "呵+", "唉+", "诶+", "额+", "呃+")

EN_GREETINGS = (
    "hi",
    "hello",
    "hey",
    "hiya",
    "yo",
    "good (?:morning|afternoon|evening|night)",
    "morning",
    "bye",
    "goodbye",
    "see you",
    "see ya",
    "how are you(?: doing)?(?: today)?",
    "how'?s it going",
    "what'?s up",
    "sup",
)
#: who an English greeting or acknowledgement may name after it (hi there, thanks buddy)
EN_VOCATIVES = ("there", "all", "everyone", "buddy", "assistant", "then")
EN_THANKS = ("thanks", "thank you", "thank u", "thx", "ty", "cheers", "appreciate it", "much appreciated")
EN_ACKS = (
    "ok",
    "okay",
    "sure",
    "yes",
    "yeah",
    "yep",
    "no",
    "nope",
    "cool",
    "great",
    "nice",
    "got it",
    "i see",
    "alright",
    "all right",
    "sounds (?:good|great|fine|perfect|fun)",
    "perfect",
    "awesome",
    "will do",
    "no problem",
    "no worries",
    "fair enough",
    "makes sense",
    "that'?s fine",
    "that'?s (?:all|it)(?: for (?:now|today))?",
)
EN_LAUGHTER = ("lol", "haha+", "hehe+", "lmao", "hmm+", "um+", "oh", "ah", "ugh", "wow", "whoa", "aw+", "omg")


def alternation(*groups: tuple[str, ...]) -> str:
    """The entries of ``groups`` as one non-capturing regex group, in order, each once."""
    return "(?:" + "|".join(dict.fromkeys(x for g in groups for x in g)) + ")"


#: interjections that may open an English chat sentence before the name it addresses (wow, Sam!)
_EN_OPENERS = (
    "wow",
    "whoa",
    "woah",
    "woo+hoo+",
    "yay",
    "hooray",
    "oo+h",
    "oof",
    "phew",
    "ouch",
    "aw+",
    "congrats",
    "congratulations",
    "sorry",
    "welcome",
    "glad",
    "love it",
    "amen",
    "agreed",
    "gotcha",
    "anytime",
    "nah",
    "absolutely",
    "totally",
    "definitely",
    "exactly",
    "true",
    "right",
    "indeed",
    "omg",
    "oh my",
)
#: words after which ", Name" is an apposition that names a place, thing or person (my home country, Norway;
#: the town we grew up in, Tarn): a determiner or a possessive a few words before — not "your" (I love your
#: garden, Sam) and not a preposition alone (so glad we can talk about it, Sam)
_APPOSITION = re.compile(
    r"\b(my|our|the|a|an|his|her|their|this|that|these|those|called|named)(?:\s+[\w'-]+){1,3}\s*$",
    re.IGNORECASE,
)
#: …of which a possessive is one even opening its sentence (My hometown, Lyon); "That sounds nice, Sam" is no
#: apposition: a capitalised other word opens the sentence, so the phrase is its subject and predicate
_POSSESSIVE = re.compile(r"(?:my|our|his|her|their)$", re.IGNORECASE)
#: …but not after an amount ("I've been baking a lot lately, Mel", "that was a while ago, Sam"): what is left of
#: the phrase once its time words go (:data:`_TIME_TAIL`) is an amount or nothing; "a new lead now, Priya" names one
_NO_NOUN = re.compile(r"(?:(?:lot|bit|little|while|ton|bunch|few|couple)\b|$)", re.IGNORECASE)
_TIME_TAIL = re.compile(r"(?:\s*\b(?:lately|recently|really|finally|again|too|though|anyway|today|tonight|now|yet|"
                        r"already|soon|ago|so much))+$", re.IGNORECASE)


#: who a greeting or thanks is said to: a name (Sam), a title and name (Dr. Patel), two names (Aunt May), an
#: acronym with its noun (AI companion) — ending at a mark, so "Hey, Sam said…" opens a statement
_EN_ADDRESSEE = r"(?:Dr|Mr|Mrs|Ms|Prof)\.? [A-Z][a-z]+|[A-Z][a-z]+(?: [A-Z][a-z]+)?|[A-Z]{2,}(?: [a-z]+)?"


@cache
def _en_addressed() -> tuple[re.Pattern[str], re.Pattern[str]]:
    small = alternation(EN_GREETINGS, EN_THANKS, EN_ACKS, EN_LAUGHTER, _EN_OPENERS)
    # "Thanks, Mel!", "Hey Sam,", "Wow, Lee -": the name right after an opener, before punctuation
    opener = re.compile(
        rf"(?i:\b{small})(?:\s+(?i:so much|a lot|again))?,?\s+({_EN_ADDRESSEE})"
        r"(?=\s*(?:[,!.?:;]|\s[-–—]|$))"
    )
    # "… glad you agree, Sam." / "… see you soon, Lee!": a name after a comma, ending its sentence (a mark or
    # the end after it: "two cats, Pickle and Marmite" goes on, a list)
    trailing = re.compile(r"(\S+)\s*,\s*([A-Z][a-z]+)(?=\s*(?:[.!?…]+(?:\s|$)|$))")
    return opener, trailing


#: turns up to this many characters have their :func:`unaddressed` text kept (the last :data:`_KEPT_TURNS`):
#: a drain asks it of a kept turn twice, for the episode's vector and for its full-text row. Primable (round 37):
#: the drain's look-ahead reads it of each turn (extraction, the episode's vector), and the value goes back with the
#: batch, so the writer's full-text row of a kept turn does not read the turn again (:mod:`memcli.primed`)
_KEPT_CHARS = 4000
_KEPT_TURNS = 256


def unaddressed(text: str) -> str:
    """``text`` without the names it addresses in English chat (a vocative: "Thanks, Mel!", "Hey Sam,",
    "…, Lee."): the person a remark is said to is not what it is about, so an episode's index and vector
    leave the name out — a question naming that person finds the remarks about them, not every greeting
    to them. A name after a word of a noun phrase (my home country, Norway) or a capitalised word (Paris,
    France) is an apposition and stays; Chinese text is returned as is."""
    if not text or not rx(r"[A-Z][a-z]").search(text):
        return text
    return _unaddressed(text)


@short_cached(_KEPT_CHARS, cache=primable(maxsize=_KEPT_TURNS))
def _unaddressed(text: str) -> str:
    opener, trailing = _en_addressed()
    out = opener.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)].rstrip(" ,"), text)

    def drop(m: re.Match[str]) -> str:
        word = m.group(1)
        head = out[: m.start(1)] + word
        ap = _APPOSITION.search(head)
        if ap and _NO_NOUN.match(_TIME_TAIL.sub("", ap.group(0)[len(ap.group(1)):].strip())):
            ap = None  # "painting a lot lately, Mel": an amount or a time, no noun the name could be
        if ap and not ap.group(1)[:1].isupper() or ap and _POSSESSIVE.match(ap.group(1)):
            return m.group(0)  # a noun phrase inside the sentence, or one of someone's: an apposition
        return m.group(0) if not word[:1].islower() else word

    return trailing.sub(drop, out)
