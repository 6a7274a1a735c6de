"""English sentences whose punctuation hides a told fact: a fact asked back and a name's initials.

- :func:`told_back`: a fact told inside a question about the talk ("Did I tell you I adopted a
  puppy?", "Have I mentioned that we moved to Leeds?", "Did you know my son plays the oboe?") is the
  statement after the wrapper; the question only asks whether the listener heard it before. A
  wrapper before no clause ("Did I tell you where I work?", "Do you remember my dog?") or before a
  fact with no value (I'm allergic to something) stays a question. Round 47: the same of a telling said as a
  statement with no mark after it ("I wanted to tell you I joined a choir", "I'm happy to say that we got the
  flat"): it stored nothing.
- :data:`INITIALS`: the dots of a name's initials ("Ursula K. Le Guin", "J. R. R. Tolkien") end
  no sentence; an alternative of the English sentence patterns
  (:data:`memcli.write.rules.en_words._SENTENCE`, :data:`memcli.write.clauses._EN_SENT`).

Pure functions over text.
"""

from __future__ import annotations

import re

__all__ = ["INITIALS", "INITIAL_DOT", "told_back"]

#: a word that opens a sentence after a single capital and a dot ("…plan B. We left"): a new sentence
_OPENS = r"(?:I|We|My|Our|The|It|She|He|They|His|Her|Their|This|That|There|Then|Now|But|And|So|You|Your|Also|Oh|Yes|No)"
#: a name's initials: two or more in a row (J. R. R. Tolkien), or one after a capitalised name (Ursula K. Le Guin),
#: before a capitalised word that opens no sentence of its own; "I" is never an initial
_NAME_GOES_ON = rf"(?=(?!{_OPENS}\b)[A-Z][a-z])"
INITIALS = rf"\b(?:[A-HJ-Z]\. ){{2,}}{_NAME_GOES_ON}|\b[A-Z][a-z]+ [A-HJ-Z]\. {_NAME_GOES_ON}"
#: a dot after an initial written without spaces or before another one: in a run (B.B. King, the U.K. last year,
#: G.E.M) or before another initial (J. R. Smith); "I." is the word I, and "plan B. Then…" ends a sentence
INITIAL_DOT = (r"(?<=\b[A-HJ-Z])\.(?=[A-Z]|\s[A-Z]\.)|(?<=\b[A-Z]\.[A-Z])\.(?=\s+\w)|"
               r"(?<=\b[A-Z]\. [A-Z])\.(?=\s[A-Z])")

#: the question about the talk that wraps a told clause, up to the clause's subject
_WRAPPER = re.compile(
    r"^\W*(?i:(?:(?:oh|so|hey|hi|btw|by the way|anyway|and|also|wait|hmm+)(?: [a-z]+(?=[,!]))?[,!\s]+)*"
    r"(?:(?:did|have|had) i (?:ever |already |even )?(?:tell|told|mention|mentioned|say|said)(?: to)?(?: you)?|"
    # (round 47) a telling said as a statement, no mark after it: "I wanted to tell you I joined a choir"
    r"(?:i )?(?:just |really |so |totally )?(?:wanted|want|had|have|needed|need|forgot|meant) to (?:tell (?:you|ya)|"
    r"let (?:you|ya) know|share with you|update you|mention)|i(?:'m| am) (?:so |really |very |super )?(?:happy|glad|"
    r"excited|proud|thrilled|pleased|sad|sorry) to (?:tell (?:you|ya)|say|report|share|announce|let you know)|"
    r"i can(?:'t|not) wait to tell (?:you|ya)|i thought i(?:'d| would) (?:tell you|let you know|share)|"
    r"(?:did|do) you (?:know|hear|realize|realise)|have you heard|"
    r"(?:did|do) you (?:remember|recall)(?: that| (?:i|that i) (?:told you|said|mentioned)(?: that)?)?)"
    r"(?: that)?,?\s+)"
    # the told clause's subject: the speaker, theirs, or a name with a verb after it
    r"(?=(?i:i|i'm|i've|i'd|we|we're|we've|we'd|my|our)\b|[A-Z][a-z]+(?:'s| (?:just|finally|is|was|has|had|got)\b))")
#: a clause whose value is left open (something, someone): asks what the listener knows, tells nothing
_OPEN_VALUE = re.compile(r"\b(?:something|anything|someone|somebody|anyone|somewhere|anywhere|whatever)\b", re.I)
#: "remember" takes a thing as its object too (Do you remember my dog?): told only with "that", "I said" or "I …"
_THING_OBJECT = re.compile(r"\b(?:remember|recall)\W*$", re.I)


def told_back(sentence: str) -> str:
    """``sentence`` as the fact it asks back: the clause after a question about the talk, its question
    mark a full stop (``told_back("Did I tell you I adopted a puppy?")`` → ``"I adopted a puppy."``);
    as given when it wraps no clause of a speaker's or a named person's, or the clause leaves its
    value open (something, someone)."""
    m = _WRAPPER.match(sentence)
    if not m:
        return sentence
    rest = sentence[m.end():].strip()
    if _OPEN_VALUE.search(rest) or len(rest.split()) < 2 or (
            _THING_OBJECT.search(m.group(0)) and not re.match(r"(?i:i|i'm|i've|we|we're|we've)\b", rest)):
        return sentence
    rest = re.sub(r"\s*\?+(\W*)$", r".\1", rest)
    return rest[:1].upper() + rest[1:]
