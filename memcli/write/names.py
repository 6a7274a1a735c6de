"""Name phrasings the language rules miss (issue 15 §7): "Call me Sam", "My name's Samuel",
"I go by Sam", "I changed my name to Sam"; 叫我小红就行, 大家都叫我小红, 我改名叫小刚了,
我的名字改成小刚了. Each is a fact of slot ``name`` (kind identity), so a later rename is a
CONFLICT with the old name, not a second name beside it.

Kept apart from ``write/rules`` (owned by the rules work) as one small function per
language; :func:`match_name` is tried before them by the rule extractor and by
:func:`memcli.write.rules.analyze`. Input is one clause; traditional Chinese arrives
already as simplified.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.text import lang_of
from memcli.textcache import short_cached
from memcli.write.rules.match import Match, expand_en

__all__ = ["extract_names", "match_name"]

_ZH_TAIL = r"(?:就行了?|就好了?|就可以了?|即可|好了|吧|啊|呀|哦|嘛|啦|了)?"
_ZH = [
    re.compile(rf"^(?:你|您)?(?:以后)?(?:可以|就|直接)?(?:叫|喊|称呼)我(?!们)(.+?){_ZH_TAIL}$"),
    re.compile(rf"^(?:大家|朋友们?|别人|他们|同事们?|家里人)(?:都|一般)?(?:叫|喊|称呼)我(.+?){_ZH_TAIL}$"),
    re.compile(rf"^我(?:现在|已经|最近|刚|刚刚)?(?:改名|改了名字?|把名字改)(?:叫做|叫|为|成了|成)?(.+?){_ZH_TAIL}$"),
    re.compile(rf"^我的名字(?:现在|已经|最近|刚|刚刚)?改(?:成|为)了?(.+?){_ZH_TAIL}$"),
    re.compile(rf"^(?:我的)?(?:英文名|中文名|昵称|小名|外号)(?:是|叫)(.+?){_ZH_TAIL}$"),
    re.compile(rf"^我现在(?:的名字)?叫(.+?){_ZH_TAIL}$"),
]
_EN = [
    re.compile(r"^(?:please |you can |just |you may |feel free to |everyone |people |my friends |friends )*"
               r"(?:call|calls) me ([a-z][\w'-]*(?: [a-z][\w'-]*)?)(?: please| instead| from now on| for short)?$"),
    re.compile(r"^my (?:first |full |nick|english |chinese )?name(?:'s| is) (?:now |actually |just )?"
               r"([a-z][\w'-]*(?: [a-z][\w'-]*){0,2})$"),
    re.compile(r"^([a-z][\w'-]*(?: [a-z][\w'-]*)?) is my (?:first |nick)?name$"),
    re.compile(r"^i am called ([a-z][\w'-]*(?: [a-z][\w'-]*)?)$"),
    re.compile(r"^i (?:go|usually go) by ([a-z][\w'-]*(?: [a-z][\w'-]*)?)$"),
    re.compile(r"^i (?:changed|have changed|legally changed) my name to ([a-z][\w'-]*(?: [a-z][\w'-]*){0,2})$"),
]
#: a nickname said without its owner (小名叫…), and a sentence opening on another person (我女儿…, 我同事…):
#: the nickname after it is that person's
_BARE_ALIAS = re.compile(r"^(?:英文名|中文名|昵称|小名|外号|大名)(?:是|叫)")
_OTHER_PERSON = re.compile(rf"^我(?:们)?(?:的|家的?)?(?:{slots.ZH_RELATION_RE.pattern})")
_NOT_A_NAME = re.compile(r"^(?:什么|谁|啥|哪个|怎么|多少)|[?？]|^(?:what|who|how|anything|something|whatever|it|that|"
                         r"this|you|him|her|them|back|later|tomorrow|tonight|soon|now|anytime|whenever|when|if|at|on|in|after|before|"
                         r"maybe|crazy|old|a|an|the|up|out|over|again|asap|sometime|next|today|please|not|no|none|unknown|secret|"
                         r"important|private)\b")


def _clean(value: str, zh: bool) -> str | None:
    v = value.strip(" ，,。.!！~～\"'“”‘’")
    if not v or _NOT_A_NAME.search(v) or len(v) > (10 if zh else 40):
        return None
    return v


def match_name(clause: str) -> Match | None:
    """A name fact stated by one clause, or None."""
    stmt = clause.strip().rstrip("。.!！；;，,")
    if not stmt:
        return None
    if lang_of(stmt) == "zh":
        for pat in _ZH:
            m = pat.match(stmt)
            if m and (v := _clean(m.group(1), True)):
                return Match(statement=stmt, kind="identity", slot="name", value=v, salience=0.9, confidence=0.7)
        return None
    t = expand_en(stmt).rstrip(".!")
    t = re.sub(r"^(?:oh|well|hi|hey|hello|so|and|actually|btw|by the way)[,\s]+", "", t)
    for pat in _EN:
        m = pat.match(t)
        if m and (v := _clean(m.group(1), False)):
            return Match(statement=stmt[0].upper() + stmt[1:], kind="identity", slot="name", value=v,
                         salience=0.9, confidence=0.7)
    return None


_SENTENCE = re.compile(r"[^。！!？?；;\n.]+[。！!？?；;.]*")


def extract_names(text: str) -> list[Match]:
    """Name facts in an utterance: each sentence and comma clause tried with :func:`match_name`;
    questions are skipped (叫我什么？ / what should you call me?). A new list; cached for texts up to
    1,000 characters (a drain reads the same line of many users)."""
    return _names(text)


@short_cached(1000, 8192, fresh=list)
def _names(text: str) -> tuple[Match, ...]:
    return tuple(_names_of(text))


def _names_of(text: str) -> list[Match]:
    out: list[Match] = []
    for sent in _SENTENCE.findall(text):
        sent = sent.strip()
        if not sent or sent.endswith(("?", "？")):
            continue
        parts = re.split(r"[，,]", sent)
        for i, part in enumerate(parts):
            hit = match_name(part)
            # (我女儿两岁了，小名叫妞妞: the nickname is the daughter's, not the user's)
            if hit is not None and not (i and _BARE_ALIAS.match(part.strip()) and _OTHER_PERSON.match(parts[0])):
                out.append(hit)
    return out
