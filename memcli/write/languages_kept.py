"""A language spoken beside another: two facts, not a change (round 40).

"I speak Spanish" then "I speak Portuguese", 我会说日语 then 我会说法语: one person speaks, knows or learns several
languages, and a second one told is news beside the first. The fitted judge read such a pair by its shared
slot (``fact.speak``) and a swapped object (CONFLICT p 0.65 after round 40's refit: the Spanish was ended).
:func:`languages_kept` keeps the stored one unless the new statement tells a change (now, instead, no longer,
switched, 不再, 改学 …), which the judge and the change rules still decide.
"""

from __future__ import annotations

import re

from memcli.write.pair_facts import Facts

__all__ = ["language_of", "languages_kept"]

_EN_LANGS = (r"English|Spanish|Portuguese|French|German|Italian|Japanese|Chinese|Mandarin|Cantonese|Korean|Russian|"
             r"Arabic|Hindi|Urdu|Bengali|Dutch|Swedish|Norwegian|Danish|Finnish|Greek|Turkish|Polish|Czech|"
             r"Hungarian|Romanian|Ukrainian|Vietnamese|Thai|Indonesian|Malay|Tagalog|Hebrew|Persian|Farsi|Swahili|"
             r"Latin|Welsh|Irish|Catalan|Basque|Sign Language|ASL")
_EN = re.compile(rf"^(?P<who>I|my \w+|\w+)\s+(?:can\s+|also\s+)*(?:speak|speaks|know|knows|am learning|is learning|"
                 r"learn|learns|study|studies|am fluent in|is fluent in)\s+"
                 rf"(?:a (?:bit|little) of\s+|some\s+|fluent\s+)?(?P<lang>{_EN_LANGS})\b", re.I)
_ZH = re.compile(r"^(?P<who>我(?:的?[\u4e00-\u9fff]{1,2}?)??|他|她)(?:也|还)?(?:会|能|在)?"
                 r"(?:说|讲|学|学习)(?:一点|一些|点儿?)?"
                 r"(?P<lang>[\u4e00-\u9fff]{1,4}?(?:语|文))(?:[，。！,.!]|$)")
_CHANGE = re.compile(r"\b(?:now|anymore|any more|no longer|instead|switch(?:ed)?|changed|gave up|quit|stopped|"
                     r"forgot|forgotten|not|n't|these days|nowadays)\b|不再|不会|不说|忘了|现在|改学|改说|换成|放弃|"
                     r"不学|停了", re.I)


def language_of(statement: str) -> tuple[str, str] | None:
    """``(who, language)`` when ``statement`` tells that someone speaks, knows or learns a language (the
    subject's words as said, the language's name casefolded); None otherwise."""
    text = statement.strip()
    m = _EN.match(text) or _ZH.match(text)
    if m is None:
        return None
    return m.group("who").casefold(), m.group("lang").casefold()


def languages_kept(new: Facts, old: Facts) -> str | None:
    """Why ``old`` stays beside ``new`` when both tell one person's languages, two different ones, and ``new``
    tells no change; None: not such a pair."""
    a, b = language_of(new.statement), language_of(old.statement)
    if a is None or b is None or a[0] != b[0] or a[1] == b[1] or _CHANGE.search(new.statement):
        return None
    return "one speaks several languages: another one told is no change"
