"""The one vocabulary of small talk — greetings, thanks, acknowledgements, interjections — that both
paths read (a leaf: the read and write paths may not import each other).

- the write path (:mod:`memcli.write.chatter`): a user turn whose every clause is chatter is never kept
  as an episode; a clause is chatter when it is one of these (a greeting or an acknowledgement, with
  fillers) or holds thanks anywhere ("thanks for the tip" is chatter too);
- the read path (:mod:`memcli.read.request`, ``is_small_talk``): a query whose every clause is only these
  (and a sigh at the day, 好无聊 / so bored, which only the read path counts: a turn telling it is kept)
  asks nothing of the store, so ``context`` gives no block.

Each entry is a regular-expression alternative (lower case for English: both sides casefold it);
:func:`alternation` joins lists into one group. Words written for memcli, no data set's.
"""

from __future__ import annotations

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
EN_LAUGHTER = ("lol", "haha+", "hehe+", "lmao", "hmm+", "um+", "oh", "ah", "ugh")


def alternation(*groups: tuple[str, ...]) -> str:
    """The entries of ``groups`` as one non-capturing regex group, in order, each once."""
    return "(?:" + "|".join(dict.fromkeys(x for g in groups for x in g)) + ")"
