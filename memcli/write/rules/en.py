"""English clause rules: a small noun-phrase / verb grammar over words, no tagger.

1. **Clauses.** Sentences split at . ! ? ; and clauses at "and"/"but"/"so"/commas when a new subject or verb follows
   ("I like cats and dogs": one clause, two objects). Questions, hypotheticals, wishes, plans, passing states (I'm
   tired), the assistant's give nothing (hopes: ``en_hope``); a judgement after a comma stays in its statement.
2. **Subject NP**: ``I``; ``my`` + relation ("my older sister", "my wife's brother", "my
   wife Anna"); a capitalised name ("Anna's birthday…" → ``person:anna``); ``my`` + noun
   ("my running shoes") or this/these/the + noun → a thing; he/she/it → the last person or
   thing named; none → the previous clause's subject ("… and work at Google").
3. **Predicate** → attribute (vocabulary in :mod:`memcli.slots`): be called / name is, live
   in / moved to, work at/for, work as / be + occupation, be from / grew up in, graduated,
   be allergic to, like / love / hate, have / own / adopted, favourite X is, habits (usually, every morning),
   opinions of a named thing, past events dated by a relative time word or a life event (adopted a dog).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from memcli import slots
from memcli.en_plural import names_kept
from memcli.org_names import org_or_place_en
from memcli.rx import rx
from memcli.write.rules import en_tail, en_words
from memcli.write.rules.allergy_told import allergy_once, plain_clause
from memcli.write.rules.en_facts import _event, _generic, _obj, _one_object, _predicate, _singular, there_slot
from memcli.write.rules.en_one_off import judgement_only
from memcli.write.rules.en_started import started_told
from memcli.write.rules.en_stops import stop_fact, without_stopped_motion
from memcli.write.rules.en_told import told_back
from memcli.write.rules.en_we import PAIR_SUBJECT, WE_SUBJECT
from memcli.write.rules.en_words import (
    _ASPECT,
    _ATTR_NOUN,
    _ATTR_NOUNS,
    _FILLER,
    _IRREALIS,
    _MENTAL,
    _NAME_STOP,
    _QUESTION,
    _REL,
    _SENTENCE,
    _TOPIC,
    _ago_of,
    expand_contractions,
    split_clauses,
)
from memcli.write.rules.job_moved import plan_or_job
from memcli.write.rules.match import Match
from memcli.write.rules.switch_to import switched_to
from memcli.write.rules.union import union_told

__all__ = ["extract_in_context", "extract_matches", "is_question", "match_clause", "prepare", "subject_of"]


@dataclass
class _Ctx:
    subject: tuple[str, str] | None = None
    person: tuple[str, str] | None = None
    thing: tuple[str, str] | None = None
    now: bool = False  # the utterance is about today ("Today I went…"): its events and weak facts are passing
    said: bool = False  # an earlier clause of the utterance was read (an "it" here may point to its thing)
    other: bool = False  # an earlier clause of the sentence has a subject the rules do not read (Tom quit his job, …)


_SPACES = re.compile(r"\s+")
_END_PUNCT = re.compile(r"[.!?;,:\s]+$")


@lru_cache(maxsize=16384)  # a clause is prepared several times (subject, predicate, context)
def _expand(text: str) -> str:
    return _SPACES.sub(" ", expand_contractions(text.replace("’", "'"))).strip()


def prepare(text: str) -> str:
    """One clause ready to match: contractions expanded, fillers and end punctuation removed."""
    t = _FILLER.sub("", _expand(text).strip(" ,"))
    return _END_PUNCT.sub("", t).strip()


#: a time clause of the speaker's (When I turned ten, my dad…; When I was a kid): a statement, no question
_SUBORDINATE = re.compile(r"^(?:when|whenever|while)\s+(?:i|we|my|our)\s+(?!do\b|did\b|can\b|should\b|will\b)[a-z]",
                          re.I)
#: "was" + a degree word with no subject (Was super nervous when…): the speaker's dropped "I", no question
_DROPPED_I_WAS = re.compile(r"^was\s+(?:so|super|really|pretty|quite|very|totally|kinda|kind of|a bit|a little|"
                            r"too|completely|absolutely)\s+[a-z]", re.I)


def is_question(sentence: str) -> bool:
    """A question (ends with ? or starts with a wh-word or an auxiliary); not a sentence with no "?"
    whose wh-word opens a clause before its main clause ("When I was ten, we moved to Ohio") nor one
    whose "was" stands where chat dropped its "I" ("Was so relieved when it was over")."""
    s = sentence.strip()
    if "?" not in s and (_SUBORDINATE.match(s) or _DROPPED_I_WAS.match(s)):
        return False
    return bool(_QUESTION.search(s))


#: after a capitalised first word, a verb any thing may have (is, has, does, 's grown): no sign of a person
_PLAIN_VERB = re.compile(r"^(?: (?:is|was|has|had|does|did|keeps)\b|'s (?:not |never |really |finally |always )?"
                         r"(?:been|gotten|got|grown|become|[a-z]+ed)\b)")
#: does / did (not) and a verb only a person does to someone: "Anna does not like me"
_PERSON_DO = re.compile(r"^ (?:does|did) (?:not |never )?(?:like|love|hate|know|trust|call|text|visit|miss|remember|"
                        r"help|talk|speak|live|work|want|need|understand|see|meet|marry|date)\b")
#: the user in the rest of the clause, not through a relation ("my sister" names a person of the user)
_USER_IN = re.compile(rf"\b(?:me|myself|mine|I)\b|\bmy (?!(?:(?:best|close|good|old|new) )?(?:{_REL})\b)", re.I)


def _thing_first(word: str, tail: str) -> bool:
    """A single capitalised first word is read as a name only on evidence besides its capital (a sentence's first
    word is always capitalised): it is not when a verb any thing may have follows and the rest of the clause is about
    the user ("Mango does not bother me", "Blue is not my favourite colour", "French is a language I speak"), nor a
    place, a brand or an organisation ("Google now offers…", "Paris is lovely…": :mod:`memcli.org_names`); a title or
    a second capitalised word, a person's verb (lives, works) or no mention of the user keeps the name ("Anna has…")."""
    return org_or_place_en(word, tail) or (" " not in word and bool(_PLAIN_VERB.match(tail))
                                           and not _PERSON_DO.match(tail) and bool(_USER_IN.search(tail)))


def _subject(c: str, ctx: _Ctx) -> tuple[str, str, str] | None:
    """``(key, phrase, rest)`` for a clause (see the module docstring)."""
    low = c.casefold()
    m = _RX_SUBJECT_1.match(low)
    if m:
        return slots.relation_en(m.group(1).split()[-1]) or "friend", c[:m.end()], c[m.end():].strip(" ,")
    if m := rx(r"^all (?=my |our )").match(low):
        c, low = c[m.end():], low[m.end():]
    m = _RX_SUBJECT_2.match(low)
    if m and m.group(2) not in _ATTR_NOUNS and not slots.relation_en(m.group(2)):
        return f"thing:{_singular(m.group(2))}", c[:m.end()], c[m.end():].strip()
    m = _RX_SUBJECT_3.match(low)
    if m and not slots.relation_en(m.group(1)):
        return f"thing:{_singular(m.group(1))}", c[:m.end() - 1], c[m.end():]
    if m := WE_SUBJECT.match(low) or PAIR_SUBJECT.match(low):  # "we (just) moved", "my wife and I live": the user
        return slots.ME, c[:m.end() - 1], c[m.end():]
    if (m := _RX_SUBJECT_4.match(low)) and low.startswith(("the ", "a ")):
        rel = rx(_REL).search(low[:m.end()])
        return slots.relation_en(rel.group(0)) if rel else "person", c[:m.end()], c[m.end():].strip()  # type: ignore[return-value]
    m = _RX_SUBJECT_5.match(low)
    if m:
        rels = rx(r"'s ").split(m.group(1))
        key = ".".join(slots.relation_en(r) or r for r in rels)
        end = m.end()
        name = rx(r"^,? ([A-Z][a-z]+(?: (?!(?:" + en_words.NOT_SURNAME + r")\b)[A-Z][a-z]+)?)\b,?").match(c[end:])
        if name and name.group(1).casefold() not in _NAME_STOP:
            end += name.end()
            if key.rsplit(".", 1)[-1] in slots.PLURAL_RELATIONS:
                key = f"person:{name.group(1).casefold()}"
            if (own := _subject(c[:m.end()] + c[end:], ctx)) and own[0].startswith(("thing:", key + ".")):
                return own[0], c[:end] + own[1][m.end():], own[2]  # My aunt Linda's bakery / husband is…: as my aunt's
        return key, c[:end], c[end:].strip(" ,")
    if rx(r"^i\b").match(low):
        return slots.ME, c[:1], c[1:].strip()
    m = _RX_SUBJECT_6.match(low)
    if m:
        return slots.ME, c[:2], c[3:]
    m = None if rx(r"^my (?:all-time )?favou?rite\b").match(low) else \
        rx(r"^(?:my|our) ((?:[a-z-]+ ){0,4}?([a-z-]+))(?= (?:is|are|was|were|has|have|looks?|feels?|tastes?|"
                 r"works?|keeps?|broke|died|passed|needs?|seems?|got|gets)\b)").match(low)
    if rx(r"^my (?:all-time )?favou?rite\b").match(low):
        return slots.ME, c[:2], c[3:]
    if m and m.group(2) not in _ATTR_NOUNS and m.group(2) not in ("ability", "abilities", "energy", "sleep", "mood",
                                                                  "life", "mind", "day", "week", "work", "job"):
        return f"thing:{_singular(m.group(2))}", c[:m.end()], c[m.end():].strip()
    m = rx(r"^(?:this|these|that|those|the) ((?:[a-z'-]+ ){0,3}?([a-z-]+))(?= (?:is|are|was|were|feels?|looks?|"
                 r"tastes?|seems?|fits?)\b)").match(low)
    if m and _ASPECT.match(low[:m.end()]):
        return None  # "the scenery was beautiful", "the most difficult part…": a part of what is talked of
    if m and not rx(r"^(?:weather|time|day|idea|question|answer|thing|one|way|point|news|show|moment|suggestions?|"  # noqa: E501
                          r"pressure|stress|situation|problem|process|progress|mood|work|job|economy|world|society|future|"
                          r"pandemic|traffic|"
                          r"advice|tips?|places?|options?|ideas?|recommendations?|books?|methods?|ways?)$").match(m.group(2)):
        return f"thing:{_singular(m.group(2))}", c[:m.end()], c[m.end():].strip()
    m = _RX_SUBJECT_7.match(low)
    if m and ctx.person and slots.gender_fits(ctx.person[0], low.startswith("her")) and slots.relation_en(m.group(1)):
        rel = slots.relation_en(m.group(1))  # "Her husband Mark is a firefighter": a relation of the person
        name = rx(r"^,? ([A-Z][a-z]+)\b,?").match(c[m.end():])
        end = m.end() + (name.end() if name and name.group(1).casefold() not in _NAME_STOP else 0)
        return f"{ctx.person[0]}.{rel}", f"{ctx.person[1]}'s {m.group(1)}{c[m.end():end]}", c[end:].strip(" ,")
    m = rx(r"^(?:his|her) ([a-z]+)(?= (?:is|was|has|opened|sells|makes)\b)").match(low)
    if m and ctx.person and slots.gender_fits(ctx.person[0], low.startswith("her")) and m.group(1) not in _ATTR_NOUNS:
        return ctx.person[0], f"{ctx.person[1]}'s {m.group(1)}", c[m.end():].strip()  # "Her bakery is in Portland"
    if (m := _RX_SUBJECT_8.match(low)) and ctx.person and slots.gender_fits(ctx.person[0], low.startswith("her")):
        return ctx.person[0], ctx.person[1], "'s " + c[m.end():]  # "…, and her birthday is May 3rd": the person's
    m = rx(r"^(?:his|her|its) name(?:'s| is)\b").match(low)
    if m and ctx.thing and not ctx.person:  # "We adopted a puppy, his name is Rex": the pet just named
        return ctx.thing[0], f"{ctx.thing[1][0].upper()}{ctx.thing[1][1:]}'s", f"name is {c[m.end():].strip()}"
    m = rx(r"^(?:he|she)\b").match(low)
    if m:
        fits = ctx.person and slots.gender_fits(ctx.person[0], low.startswith("she"))
        if not ctx.person and ctx.thing and ctx.thing[0].startswith("thing:"):  # a pet is he or she too
            return ctx.thing[0], ctx.thing[1], c[m.end():].strip()  # "Our cat's called Pumpkin and she's ten"
        return (ctx.person[0], ctx.person[1], c[m.end():].strip()) if ctx.person and fits else None
    m = rx(r"^(?:it|they)\b").match(low)
    if m:
        return (ctx.thing[0], ctx.thing[1], c[m.end():].strip()) if ctx.thing else None
    m = rx(r"^((?:(?:Mr|Mrs|Ms|Dr|Aunt|Uncle|Grandma|Grandpa)\.? )?[A-Z][a-z]+(?: [A-Z][a-z]+)?)(?:, my [a-z -]+,)?"  # noqa: E501
                 r"(?: (?:from|at|in) (?:the )?[a-z]+(?: [a-z]+)?(?= is| has| works| lives))?"  # Helen from accounting
                 r"(?='s\b| (?:is|was|has|had|cleans|teaches|lives|lived|works|worked|loves|likes|"
                 r"hates|moved|got|just|recently|studies|studied|goes|went|teaches|plays|owns|adopted|became|turned|"
                 r"married|graduated|prefers|enjoys|grew|comes|came|does|did|started|joined|runs|drives|keeps|raises|"
                 r"died|passed|now|currently|still|quit|left|switched|retired|resigned)\b)").match(c)
    if (r := en_words.NAMED_REL.match(c)) and r.group(1).casefold() not in _NAME_STOP:  # Omar's mum: his mother
        return f"person:{r.group(1).casefold()}.{slots.relation_en(r.group(2))}", c[:r.end()], c[r.end():].strip()
    if m and " " not in m.group(1) and slots.relation_en(m.group(1)):  # "Mom was born…": a relation, not a name
        rest = c[m.end():]
        return slots.relation_en(m.group(1)), m.group(1), rest[2:].strip() if rest.startswith("'s") else rest.strip()  # type: ignore[return-value]  # noqa: E501
    if m and rx(r" is my (?!(?:" + _REL + r")\b)", re.I).match(c[m.end():]):
        return slots.ME, m.group(1), c[m.end():].strip()  # "Daniel is my name", "Arsenal is my team": about me
    if m and _thing_first(m.group(1), c[m.end():]):
        m = None  # "Mango does not bother me": a capital at the start is no evidence of a name
    if m and m.group(1).split()[0].casefold() not in _NAME_STOP and m.group(1).casefold() not in _TOPIC and \
            not rx(r"[A-Z][a-z]+ing").fullmatch(m.group(1)):  # "Gardening's such a good way to unwind": no person
        rest = c[m.end():]
        return f"person:{m.group(1).casefold()}", m.group(1), rest[2:].strip() if rest.startswith("'s") else rest.strip()  # noqa: E501
    m = rx(r"^([A-Z][\w-]*(?: [a-z-]+){0,3}) (?=(?:is|are|tastes|smells|looks|gives me|makes me)\b)").match(c)
    if m and m.group(1).split()[0].casefold() not in _NAME_STOP and not slots.relation_en(m.group(1)) and \
            m.group(1).split()[0].casefold() not in _TOPIC:
        return f"thing:{_singular(m.group(1).split()[-1].casefold())}", m.group(1), c[m.end():]
    return None


#: a thing owned and named in one clause: "I have a cat named Mochi", "we adopted a puppy, it's called Rex"
_OWNED_NAMED = re.compile(r"^(.+\b(?:have|has|got|owns?|keeps?|adopted|rescued) (?:(?:an?|one|another|two|three|\d+) )?"
                          r"((?:[a-z]+ )?[a-z]+)),? (?:(?:(?:who|which|that|it|he|she)(?: is|'s| are) )?"
                          r"(?:named|called)|(?:its|his|her) name(?:'s| is)) ([A-Z][\w'-]+)$")


def match_clause(clause: str, ctx: _Ctx | None = None) -> list[Match]:
    """The facts one English clause states (empty: not a memory)."""
    ctx = ctx if ctx is not None else _Ctx()
    raw = clause.strip()
    if (plain := plain_clause(raw)) is not None and (got := match_clause(plain, ctx)):  # "The city I live in is Denver"
        return [replace(m, statement=raw[:1].upper() + raw[1:].rstrip(".! ")) for m in got]  # "X gives me hives" (r.47)
    c = prepare(raw)
    plan = _IRREALIS.search(without_stopped_motion(c))  # "stopped going to the gym" is no plan
    if not c or is_question(raw) or is_question(c) or plan:
        if rx(r"^i\b", re.I).match(c) or plan:
            ctx.subject = None  # "I will take your advice and try…": the clauses after a plan share it
        named = _subject(c, ctx) if rx(r"^my\b", re.I).match(c) else None
        if named and named[0] != slots.ME and not named[0].startswith("thing:"):
            ctx.person = (named[0], named[1])  # "My sister is getting married next month": she is whom "she" means
        return []
    if rx(r"^today is my birthday\b", re.I).match(c):  # the date is the utterance's (memcli.write.extract)
        return [Match(statement="Today is my birthday", kind="identity", slot="birthday", value="today", salience=0.8)]
    said, (ago, c) = c, _ago_of(c)
    if not c or (union := union_told(c, ago)):  # "Sophie and I got married": spouse.name (round 41), no event
        return [union] if c else []
    m = rx(r"^I am ([A-Z][a-z]+)(?: [A-Z][a-z]+)?(?=,|$)").match(c)
    if m and not en_words._DEMONYM.match(m.group(1)) and m.group(1).casefold() not in _NAME_STOP:
        name = c[5:m.end()]
        return [Match(statement=f"I'm {name}", kind="identity", slot="name", value=name.casefold(), salience=0.8)]
    m = rx(r"^(?:(?:my|the|our) )?(?:doctor|dentist|physician|gp|vet|nurse|therapist|specialist|tests?|results?) "
                 r"(?:told|tells|says|said|showed|show) (?:me )?(?:that )?(?=(?:i|my)\b)|^i (?:found out|learned|learnt) "  # noqa: E501
                 r"(?:that )?(?=(?:i|my)\b)", re.I).match(c)
    if m:  # "My doctor told me I have type 2 diabetes": the reported fact is the user's
        c = c[m.end():]
        c = c[0].upper() + c[1:]
    if ctx.subject is None and ctx.person is None and not ctx.other and rx(r"^(?:(?:just|recently|finally|also|still|totally|really) )*(?:[a-z]+ed|got|went|"  # noqa: E501
                                        r"bought|started|switched|moved|adopted|finished|love|like|hate|work|live)\b",
                                        re.I).match(c) and not rx(r"^(?:need|used|based)\b", re.I).match(c):
        c = "I " + c[0].lower() + c[1:]  # "Switched to Hoka last week": chat drops the I of the first clause
    if (sw := switched_to(c)) is not None:
        ctx.subject = (w := slots.slot_subject(sw.slot), "I" if w == slots.ME else " ".join(sw.statement.split()[:2]))
        # "I switched to tea": the habit now (round 38), not event.switched_tea; "My dad switched to tea": his (r. 39)
        return [sw]
    m = rx(r"^(?:[Aa]n?|[Tt]he) (?:[\w'-]+ ){0,4}?[\w'-]+ (?:named|called) ([A-Z][\w-]+)$").match(c)
    if m and ctx.thing and ctx.thing[1].casefold().startswith("my "):  # "I adopted a dog! A beagle named Biscuit."
        return [Match(statement=f"{ctx.thing[1][0].upper()}{ctx.thing[1][1:]} is called {m.group(1)}", kind="other",
                      slot=f"{ctx.thing[0]}.name", value=m.group(1).casefold(), ago=ago)]
    m = _OWNED_NAMED.match(c)
    if m and not slots.relation_en(noun := m.group(2).split()[-1]):  # "I have a cat named Mochi": the pet, and its name
        owned = [replace(o, statement=c) for o in match_clause(m.group(1), ctx)]
        return [Match(statement=f"My {m.group(2)} {'are' if noun.endswith('s') else 'is'} called {m.group(3)}",
                      kind="other", slot=f"thing:{_singular(noun)}.name", value=m.group(3).casefold(), ago=ago), *owned]
    m = rx(r"^(.+\b(?:have|has|got|own|owns|adopted) (?:a |an |one |two |three |four |\d+ )?(?:[a-z]+ )?([a-z]+)), "  # noqa: E501
                 r"([A-Z][a-z]+(?:(?:,| and|, and) [A-Z][a-z]+)+)$").match(c)
    if m:  # "We've got two cats, Pickle and Marmite": the names first (a memory of its own), then the pets
        noun = _singular(m.group(2).casefold())
        owned = match_clause(m.group(1), ctx)
        return [Match(statement=f"My {m.group(2)} {'are' if m.group(2).endswith('s') else 'is'} called {m.group(3)}",
                      kind="other", slot=f"thing:{noun}.name", value=m.group(3).casefold(), ago=ago), *owned]
    m = rx(r"^(?:born|raised|born and raised|grew up) (?:and raised )?in ", re.I).match(c)
    if m:
        c = ("I was " if not c.casefold().startswith("grew") else "I ") + c[0].lower() + c[1:]
    if rx(r"^(?:you can |please |just )?call me\b", re.I).match(c):
        return []  # name phrasings are memcli.write.names's
    m = rx(r"^(.+?) (?:is|are) my (?:all-time )?favou?rite (\w+(?: \w+)?)$", re.I).match(c)
    if m and (v := _obj(m.group(1))):
        return [Match(statement=c, kind="preference", slot=f"favourite.{m.group(2).casefold()}", value=v)]
    m = rx(r"^i (?:think|feel like|believe|find|guess|reckon) (?:that )?(.+)$", re.I).match(c)
    if m:
        c = m.group(1)
        if rx(r"^(?:i|you)\b", re.I).match(c):
            return []
    m = rx(r"^(?:(?:on )?weekends|mostly|usually|normally|generally|sometimes|often|occasionally|every (?:[a-z]+)|at night|in the "  # noqa: E501
                 r"(?:morning|evening)s?|most days|these days|nowadays|lately|currently|right now|at the moment|"
                 r"for now),? "
                 r"(?=(?:i|we)\b|(?:my|our) (?:all-time )?favou?rite\b)", re.I).match(c)
    lead = ""
    if m:  # "Weekends I mostly stay home": read from the subject on, keep the adverbial in the statement
        lead, c = m.group(0), c[m.end():]
    if rx(r"^there (?:is|are) (?!been\b).+\b(?:my|our)\b", re.I).match(c) and not ctx.now:
        return [Match(statement=c[0].upper() + c[1:], kind="other", slot=there_slot(c), value="", salience=0.5,
                      ago=ago)]
    if rx(r"^(?:so )?that (?=the|a|an|my|it|i|we|they|he|she)\b", re.I).match(c):
        return []  # "so that the taste is fresher": a purpose clause
    if rx(r"^(?:you|we|they|there|here|it is|that is|this is|what|thanks|thank you|please|let)\b", re.I).match(c) and not (rx(r"^(?:it|they)\b", re.I).match(c) and ctx.thing) and \
            not WE_SUBJECT.match(c):  # noqa: E501
        return []
    sub = _subject(c, ctx)
    if sub and rx(r"\b(?:you|your)\b", re.I).search(sub[1]):
        return []  # "Chatting with you is really interesting": about the conversation itself
    if sub is None:
        if ctx.subject is None or not rx(r"^[a-z]").match(c) or \
                rx(r"^(?:it|this|that|they|there|the|a|an|some|every|one|so|but|and|then|which|who|as|if|when|"
                         r"my|our|their|your|its|his|her|he|she|"
                         r"because|since|though|also|through|during|after|before|with|without|for|to|in|on|at)\b").match(c):
            return []
        key, phrase = ctx.subject
        rest, stmt = c, f"{phrase} {c}"
    else:
        key, phrase, rest = sub
        stmt = c if not rx(r"^(?:he|she|it|they|his|her)\b", re.I).match(c) else \
            phrase + ("" if rest.startswith("'") else " ") + rest  # (her birthday: "My wife Clara's birthday")
    ctx.subject = (key, phrase)
    if key.startswith("thing:"):  # a thing named is whom he / she means next (my starter is called Doug and he's…)
        ctx.thing, ctx.person = (key, phrase), None if en_words.NAMING.match(rest) else ctx.person
    elif key != slots.ME:
        ctx.person = (key, phrase)
    if lead:
        stmt, rest = lead + stmt, f"{rest} {lead.strip(' ,').lower()}"
    if _MENTAL.match(rest.casefold()):
        ctx.subject = None  # "I realized…", "I sometimes feel…": what follows is not a fact either
        return []
    if key.startswith("thing:") and (rx(r"^(?:sounds?|seems?|looks? like)\b").match(rest.casefold()) or rx(
            r"^looks?\b").match(rest.casefold()) and not rx(r"^(?:my|our|all my)\b", re.I).match(phrase)):
        return []  # "that sounds great", "it seems fun": an impression of what was said
    if key.startswith("thing:") and judgement_only(phrase, ago, ctx.now, rest, said):
        ctx.subject = ctx.thing = None  # "that joke was terrible": of the chat; "this coffee is too strong": one cup
        return []  # a judgement of the conversation or of one occasion, chatter (en_one_off)
    if not ctx.said and en_words._HABIT.search(rest) and \
            en_words.HABIT_PRONOUN_OBJECT.fullmatch(en_words._HABIT.sub(" ", rest).strip()):
        return []  # "I always forget it": a habit on a pronoun that points to nothing said, no activity
    stop = stop_fact(key, rest)  # "I stopped going to the gym", "I gave up running": what the user no longer does
    if stop and all(slots.split_slot(f[0])[1] in slots.CATCH_ALL_ATTRIBUTES for f in _predicate(key, rest)):
        facts = stop
    elif ctx.now:  # today's purchases and outings are a day's events; a life event still counts
        facts = _predicate(key, rest) or [f for f in _event(key, rest, None)
                                          if not rx(r"event\.(?:bought|got_a)").search(f[0])]
    else:
        facts = _predicate(key, rest) or _event(key, rest, ago) or (_generic(key, rest) if not key.startswith("thing:")
                                                                 or phrase.casefold().startswith(("my", "our"))
                                                                 else [])
    if facts and key.startswith("thing:") and not rx(r"^(?:my|our|all my|all our)\b", re.I).match(phrase) and \
            not all(".opinion." in f[0] for f in facts):
        return []  # "The movie tells the story of…": not the user's own thing, only an opinion of it is a memory
    if not facts:
        return []
    stmt = _recontract(stmt[0].upper() + stmt[1:], raw)
    if len(facts) == 1 and key != slots.ME and not key.startswith(("thing:", "person:")) and \
            slots.split_slot(facts[0][0])[1] == "is" and \
            (nm := rx(r"\b(?:is|'s) ((?:[A-Z][a-z]+)(?: [A-Z][a-z]+){0,2})$").search(raw.strip(" .!"))):
        facts = [(f"{key}.name", "relationship", nm.group(1))]  # "My new boss is Raj Patel": the boss's name
    out = []
    for slot, kind, value in facts:
        one, slot, value = value, names_kept(slot, raw), names_kept(value, raw)  # "I love Athens": not like.athen
        s = stmt
        if len(facts) > 1 and slot.endswith("workplace"):  # "I work at Google as a data scientist"
            s = rx(r" as (?:a |an )?[^,]+$").sub("", stmt)
        elif len(facts) > 1 and slot.endswith("job"):
            s = f"{phrase[0].upper() + phrase[1:]} {'am' if key == slots.ME else 'is'} a {value}"
        elif len(facts) > 1:  # one candidate per object: "I love cats and dogs" → "I love cats", "I love dogs"
            s = _one_object(stmt, one)
        sal = 0.8 if kind in ("identity", "relationship", "health") else 0.6
        out.append(Match(statement=s, kind=kind, slot=slot, value=value, salience=sal, ago=ago))
        if slot.startswith("owns.") and value:
            ctx.thing = (f"thing:{value}", f"my {value}")  # what the next fragment may name (A beagle named Biscuit)
    return en_words.with_time_words(out, said) if ago is None and said != c else out  # "…since last winter"


def _recontract(stmt: str, raw: str) -> str:
    """The user's own wording back: contractions that were expanded for matching (I'm, don't)."""
    for word in dict.fromkeys(re.findall(r"[A-Za-z]+['’][A-Za-z]+", raw)):
        full = _expand(word)
        if full != word and full in stmt:
            stmt = stmt.replace(full, word, 1)
        elif full != word and full[:1].upper() + full[1:] in stmt:
            stmt = stmt.replace(full[:1].upper() + full[1:], word[:1].upper() + word[1:], 1)
    return stmt


def subject_of(text: str) -> str:
    """Whom a statement is about: ``me``, a relation key, ``person:…`` or ``thing:…``."""
    sub = _subject(prepare(text), _Ctx())
    return sub[0] if sub else slots.ME


def extract_matches(text: str) -> list[Match]:
    """Facts stated in an English utterance: sentences → clauses → facts."""
    return extract_in_context(text)[0]


def extract_in_context(text: str, person: tuple[str, str] | None = None) -> tuple[list[Match], tuple[str, str] | None]:
    """:func:`extract_matches` with he/she read as ``person`` (key, phrase) until a clause is about someone else,
    and the person named last here."""
    out: list[Match] = []
    ctx = _Ctx(person=person)
    for sent in _SENTENCE.findall(text):
        sent = told_back(en_words.corrected(sent.strip()))  # "Correction: my son is six, not five" → "My son is six"
        if not sent or rx(r"^(?:if|when|whenever|unless|every time|each time|once)\b", re.I).match(prepare(sent)):
            continue
        if plan := plan_or_job(sent, prepare):  # "I'm flying to Denver next week", "New job at City General, …"
            out += plan[0]; sent = plan[1]  # noqa: E702 - its clauses read, the rest of the sentence next
        ctx.now = ctx.now or bool(rx(r"\b(?:today|tonight|this (?:morning|afternoon|evening)|right now|at the moment)\b",  # noqa: E501
                                     re.I).search(sent))
        ctx.other = False
        for part in split_clauses(sent):
            if rx(r"\W*[A-Za-z]+ly\W*|\W*(?:though|too|honestly|really|lol|haha)\W*", re.I).fullmatch(part):
                continue  # "…, weirdly": an adverb after a comma is no clause of its own
            part, tail = en_tail.judgement_tail(part)  # "…, pretty severe": said of the clause, in its statement
            got, ctx.said = started_told(part) or match_clause(part, ctx), True  # (…, and I joined X as a Y)
            # "Tom quit his job and moved to Leeds": the subjectless clause after it is Tom's, not the user's
            ctx.other = not got and (ctx.other or bool(_OTHER_SUBJECT.match(part)))
            got[-1:] = [replace(m, statement=f"{m.statement}, {tail}" if tail else m.statement) for m in got[-1:]]
            out += got
            if person and ctx.person is person and any(not (m.slot or "").startswith(person[0] + ".") for m in got):
                ctx.person = None  # the last message's person stands until a clause is about someone else
    return allergy_once(out), ctx.person  # (round 47: "X gives me hives, I'm allergic": one allergy)


#: a clause led by a thing and its verb (The vet said…, A courier came…) or by a name and a word that is no link
#: (Tom quit…, Maple finished…; not "Tom and I…", "Rome in May…")
_OTHER_SUBJECT = re.compile(
    rf"^\W*(?:(?:[Tt]he|[Aa]n?) (?:[a-z'-]+ ){{0,2}}?[a-z'-]+ (?:{en_words._PAST.pattern[1:]}|(?:is|was|says)\b)|"
    rf"(?!(?:I|Oh|Yes|No|Well|Really|Last|Later|Earlier|Anyway|{en_words.NOT_A_SUBJECT})\b)[A-Z][a-z]+"
    r"(?: [A-Z][a-z]+)? (?!(?:and|or|in|on|at|to|of|from|with|for|by|too|as)\b)[a-z])")


# the f-string patterns above compiled once (built per call, each cost ~5 µs in re's cache lookup)
_RX_SUBJECT_1 = re.compile(rf"^(?:one of |both of |all |all of )my ((?:[a-z]+ )?(?:{_REL}))s?\b")
_RX_SUBJECT_2 = re.compile(rf"^my ((?:{_REL})(?:'s (?:{_REL}))*)'s ([a-z]+)(?= (?:is|are|was|has|lives))")
_RX_SUBJECT_3 = re.compile(rf"^my ([a-z]+)(?:'s|(?<=s)') (?=(?:{_ATTR_NOUN}) )")  # (my dogs' names are…)
_RX_SUBJECT_4 = re.compile(rf"^(?:[a-z]+ ){{0,2}}(?:{_REL})\b(?: (?:i am|i'm|i) [a-z]+ing| who [a-z]+ .+?)?(?= (?:is|was|has|lives|works|"  # noqa: E501
                 rf"goes|runs|drives|teaches|moved|got|studies|called|named))")  # noqa: E501
_RX_SUBJECT_5 = re.compile(rf"^(?:my|our) (?:(?:other|new|old|close|good|former|oldest|youngest|eldest) )?((?:{_REL})(?:'s (?:{_REL}))*(?:s(?='))?)\b")  # noqa: E501
_RX_SUBJECT_6 = re.compile(rf"^my (?:{_ATTR_NOUN})\b")
_RX_SUBJECT_7 = re.compile(rf"^(?:his|her) ({_REL})\b")
_RX_SUBJECT_8 = re.compile(rf"^(?:his|her) (?=(?:{_ATTR_NOUN})\b(?! of\b))")
