"""Another one of a kind stored is a second, not the one told again (round 42).

我有一辆车 then 我又买了一辆车, 我养了一只猫 then 我又养了一只猫: the judge (and the slot, ``owns.车`` with the same
value) read the second as a restatement (NOOP), and the second car was never stored. 一辆 / 一只 say "a", not the number
one; 又 / 再 / 另(外) + a verb of getting or keeping + a count + a measure word tell one more of the kind: another
fact beside the one stored (ADD). "I bought another car", "we got a second dog" alike.

Round 48: two animals (or things) of one kind, each named ("I have a dog named Rusty", then "We also have a dog
named Juniper"): both are ``thing:dog.name``, a functional slot, and the second name ended the first. A thing's
name told again with another name is another of the kind (:func:`another_named`) when the clause tells one more
(also, other, another, second, new; "a dog named…": one introduced) and no renaming or correction (renamed, now
called, actually, 改名…), and the names differ by more than a letter (a spelling mended): both kept, and "what are
my dogs called?" reads both. "My dog is called Tansy" after "My dog's called Nutmeg" stays the one dog named anew.

Pure functions over :class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.text import lang_of, to_simplified
from memcli.write.rules.match import Facts

__all__ = ["another_beside", "another_named"]

#: 又/再/另外 + a verb of getting or keeping (+ 了) + a count + a measure word: one more of the kind
_ZH_MORE = re.compile(r"(?:又|再|另外|另|还)(?:买|养|生|添|领养|收养|入手|租|购|捡|订|装|办)了?"
                      r"(?:一|两|二|三|四|五|几|\d+)(?:只|条|个|辆|台|套|位|匹|头|部|栋|间|本|架|把|双|件|张|盆|缸|块|部)")
_EN_MORE = re.compile(r"\b(?:bought|got|adopted|rescued|added|acquired|picked up|have|had)\s+(?:another|a second|"
                      r"one more|a third)\b", re.I)


def another_beside(new: Facts, old: Facts) -> str | None:
    """Why a NOOP of ``old`` by ``new`` is two facts: ``new`` tells one more of a kind (我又买了一辆车, "I bought
    another car") and ``old`` tells none more. A one-line reason, or None."""
    zh = lang_of(new.statement) == "zh"
    n, o = (to_simplified(new.statement), to_simplified(old.statement)) if zh else (new.statement, old.statement)
    rx = _ZH_MORE if zh else _EN_MORE
    if not rx.search(n) or rx.search(o):
        return None
    return "one more of a kind told (又 / another): a second beside the one stored, not a restatement"


_THING_NAME = re.compile(r"^thing:([^.]+)\.name$")
#: a renaming or a correction of the name told: the one stored ends
_RENAMED = re.compile(r"\b(?:renam\w*|re-nam\w*|changed? (?:his|her|its|their|the) name|now (?:called|named|goes by)|"
                      r"name is now|actually|sorry|i meant|not \w+ but|correction|typo)\b|"
                      r"改名|改叫|其实|不是|更正|说错", re.I)


#: a second one told: also, other, another, second, too, both, new ("our new puppy is called…")
_ONE_MORE = re.compile(r"\b(?:also|other|another|second|third|too|as well|both|one more|new)\b|又|另|也|还有", re.I)


def _one_letter_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one letter changed, added or dropped, or two swapped (a spelling mended)."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) <= 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])  # (one letter changed, or two swapped)
    short, long = sorted((a, b), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def another_named(new: Facts, old: Facts) -> str | None:
    """Why an ending of ``old`` by ``new`` is two facts: both name a thing of one kind (``thing:<kind>.name``, the
    user's), by two names, and ``new`` tells no renaming or correction (see the module doc). A one-line reason, or
    None."""
    m = _THING_NAME.match(new.slot or "")
    if m is None or new.slot != old.slot or not new.value or not old.value:
        return None
    a, b = new.value.casefold().strip(), old.value.casefold().strip()
    if a == b or a in b or b in a or _one_letter_apart(a, b) or _RENAMED.search(new.statement):
        return None
    kind = re.escape(m.group(1))
    if not (_ONE_MORE.search(new.statement) or re.search(rf"\b(?:a|an|one) (?:[\w-]+ ){{0,2}}?{kind}\b", new.statement,
                                                        re.I)):
        return None  # "My dog is called Tansy" after "My dog's called Nutmeg": the one dog, named anew
    return f"another {m.group(1)} named ({new.value} beside {old.value}): a second of the kind, not a new name"
