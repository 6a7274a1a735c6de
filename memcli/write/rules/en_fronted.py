"""An English object put in front of its clause and taken up again by a pronoun (left dislocation): "Coffee, I
never drink it", "Spicy food, I don't really eat it", "Tripe, I can't bear it" → the clause in its plain order
("I never drink gin"), so the object, the verb and the clause's negation are read together — the rules would
otherwise read "I never drink it" with nothing to say what "it" is, and the fronted words as a clause of their own.

Only a short noun phrase (one to four words, no verb form, no time or discourse word: "Yesterday, I did it",
"Honestly, I love it" stay as said) before the comma, a clause led by "I" and one "it"/"them" standing for it.
The Chinese topic-first clause (羊肉我基本不吃) needs no rewrite: its rules read the object in front with the
clause's negation (:mod:`memcli.write.rules.zh`)."""

from __future__ import annotations

import re

__all__ = ["unfronted"]

#: the fronted noun phrase, the "I" clause up to its pronoun, the pronoun, and what follows it
_FRONTED = re.compile(r"^(?P<np>[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*){0,3}),\s+"
                      r"(?P<head>I (?:[a-z']+ ){1,4}?)(?P<pro>it|them)\b(?P<tail>[^,;]*)$")
#: words that lead a clause or say when, not a thing: "Honestly, I love it", "Last week, I sold it"
_NOT_A_THING = re.compile(
    r"^(?:well|oh|so|and|but|also|actually|honestly|anyway|yes|yeah|no|ok|okay|sure|right|now|then|today|tonight|"
    r"yesterday|tomorrow|lately|recently|sometimes|usually|always|never|often|again|still|though|however|besides|"
    r"luckily|sadly|unfortunately|frankly|seriously|basically|obviously|thankfully|finally|once|twice|"
    r"this|that|these|those|last|next|every|each|after|before|since|when|if|because|as|in|on|at|for|with|by|to|of|"
    r"from|like|just|maybe|perhaps|guess what|trust me|believe me|you know|i mean|in fact|of course|to be honest)\b",
    re.I)
#: a word of the phrase that makes it a clause or an adverb, not a noun phrase (ends in -ly, a form of be/do/have)
_CLAUSE_WORD = re.compile(r"\b(?:[a-z]+ly|is|are|was|were|am|be|been|do|does|did|have|has|had|i|you|he|she|we|they|it|"
                          r"my|your|his|her|our|their|me|him|us|them)\b", re.I)
#: a verb the resumptive pronoun can be the object of: "I never drink it", "I can't stand them", "I eat it daily"
_TAKES_OBJECT = re.compile(r"\b(?:not |never |no longer |really |rarely |hardly |barely |ever |always |usually |"
                           r"often |sometimes |basically |absolutely |totally |just |still |even |kind of |can )*"
                           r"(?:eat|drink|like|love|hate|dislike|adore|enjoy|stand|bear|touch|mind|miss|play|watch|"
                           r"read|use|cook|grow|wear|need|avoid|prefer|smoke|take|have)s?\s*$", re.I)


def unfronted(sentence: str) -> str:
    """``sentence`` with a fronted object put back after its verb, in place of the pronoun that takes it up
    ("Gin, I never drink it" → "I never drink gin"; "Tripe, I can't bear it at all" → "I can't bear
    tripe at all"); as given when it is no such sentence."""
    m = _FRONTED.match(sentence.strip().rstrip(".!"))
    if m is None:
        return sentence
    np = m.group("np")
    if _NOT_A_THING.match(np) or _CLAUSE_WORD.search(np) or not _TAKES_OBJECT.search(m.group("head")):
        return sentence
    return f"{m.group('head')}{np[:1].lower() + np[1:] if not np.isupper() else np}{m.group('tail')}"
