"""Another person of a relation the user has several of, brought in by name mid-sentence, said as the rules read a
named relative (round 46).

"My colleague Ann has a cat and another colleague, Bo, keeps bees" / 我同事小李养了一只橘猫，另一个同事张伟养狗
were stored as one memory of the first person, the second's fact inside it (or lost): "another colleague, Bo," and
另一个同事张伟 open no clause the rules read. Said as "my other colleague Bo" and 我同事张伟, each is a clause of its
own about its own named person (``person:bo.owns.bee``, ``person:张伟…``).

- :func:`en_another`: "(and) another colleague(, Bo,)", "one more friend of mine, Raj," → "(and) my other colleague
  Bo"; with no name, "my other colleague" (still a clause of its own, never the first person's); a first name
  shared with someone told before and the full name after it ("another colleague, also called Sam, Sam Lee, just
  quit") → "my other colleague Sam Lee just quit": the full name tells which Sam (``person:sam lee``);
- :func:`zh_another`: 另一个/另外一个/还有一个/另一位 + a relation (+ a name) → 我 + the relation (+ the name); one
  sharing a first name told by the full name (另一个同事也叫小周，周明，… → 我同事周明，…: 也叫小周 is no name to
  store — it would end the first one's).

Only relations one has several of (friend, colleague, neighbour …: :data:`memcli.slots.PLURAL_RELATIONS`); "another
brother" is the same rewrite, and a relation of one holder is never said with another. Pure functions on a sentence.
"""

from __future__ import annotations

import re

from memcli import slots

__all__ = ["en_another", "zh_another"]

_EN_REL = "|".join(sorted((re.escape(w) for w in slots.EN_RELATIONS), key=len, reverse=True))
#: at a subject's place only: the sentence's start, after "and" / "but" / a comma ("I have another brother, Sam": kept)
_EN_ANOTHER = re.compile(rf"(?:^|(?<=, )|(?<=\band )|(?<=\bbut ))(?P<a>[Aa]nother|[Oo]ne more|[Mm]y other) "
                         rf"(?P<rel>{_EN_REL})"
                         r"(?P<mine> of (?:mine|ours))?(?:,? (?:also |too )?(?:called|named) [A-Z][a-z'’-]+(?: too)?)?"
                         r"(?:,? (?-i:(?P<name>[A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)?)),?)?"
                         r"(?= [a-z])")
_ZH_REL = "|".join(sorted((re.escape(w) for w in slots.ZH_RELATIONS), key=len, reverse=True))
_ZH_ANOTHER = re.compile(rf"(?:^|(?<=[，,；;。]))(?:(?:还有)?(?:另外|另)一?|还有一?)(?:个|位|名)(?P<rel>{_ZH_REL})"
                         r"(?=[\u4e00-\u9fff])(?!叫|名叫)")


def en_another(sentence: str) -> str:
    """``sentence`` with each "another <relation>(, <Name>,)" said as "my other <relation>( <Name>)" (see the
    module doc); as given when it has none."""
    def mine(m: re.Match[str]) -> str:
        name = f" {m['name']}" if m["name"] else ""
        return f"{'My' if m.start() == 0 else 'my'} other {m['rel']}{name}"

    return _EN_ANOTHER.sub(mine, sentence)


#: a second person of a relation sharing a first name, then told by the full name: (我)(还有)(另)一个同事也叫小周，(叫 /
#: 全名(叫) / 大名(叫))周明 → 我同事周明 (the shared name is no name of theirs to store: it would end the first one's)
_ZH_SAME_NAME = re.compile(rf"(?:^|(?<=[，,；;。]))我?(?:还有|另外|另)?(?:另外|另)?一?(?:个|位|名)?(?P<rel>{_ZH_REL})"
                           r"也叫"
                           r"[\u4e00-\u9fffA-Za-z]{1,4}[，,](?:叫|全名(?:叫|是)?|大名(?:叫|是)?|名字叫)?"
                           r"(?P<name>[\u4e00-\u9fff]{2,3})(?=[，,]|$)")


def zh_another(sentence: str) -> str:
    """``sentence`` with each clause that opens with 另一个/还有一个/另外一个 + a relation said with 我 (另一个同事
    张伟养狗 → 我同事张伟养狗); as given when it has none, or when the relation is told a name (还有一个同事叫张伟:
    an introduction, the rules' own)."""
    sentence = _ZH_SAME_NAME.sub(lambda m: f"我{m['rel']}{m['name']}", sentence)
    return _ZH_ANOTHER.sub(lambda m: "我" + m["rel"], sentence)
