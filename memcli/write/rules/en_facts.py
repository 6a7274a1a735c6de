"""English predicate rules: a clause's predicate → (slot, kind, value) facts about its subject.

Used by :mod:`memcli.write.rules.en`; the vocabulary is :mod:`memcli.write.rules.en_words`.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.en_plural import singular as _singular
from memcli.numerals import EN_NUMBER_WORDS as _EN_WORDS
from memcli.numerals import EN_TENS as _EN_TENS
from memcli.rx import rx
from memcli.write.rules.en_kept import kept_thing, without_place
from memcli.write.rules.en_odd_head import content_words, there_slot  # noqa: F401 - there_slot: en's, through here
from memcli.write.rules.en_words import (
    _ABSTRACT,
    _ASPECT,
    _BE,
    _CHATTER_VERB,
    _DISLIKE,
    _HABIT,
    _ING_OK,
    _LIFE,
    _LIKE,
    _MENTAL,
    _NOT_OCCUPATION,
    _OCCUPATION,
    _PAST,
    _STOP,
    _TIME_WORDS,
    _TRANSIENT,
)
from memcli.write.rules.job_verbs import en_job_verb
from memcli.write.rules.match import _stem, counts_spelled
from memcli.write.rules.match import slot_fact as _fact
from memcli.write.rules.rented import en_rented_place
from memcli.write.rules.spots import is_spot

#: "my job is <quality>": how the job is (stable, boring, fine), not what it is
#: a count before an owned thing: any number word (twenty-one), longest first
_COUNT = "(?:" + "|".join(_EN_TENS) + ")(?:-[a-z]+)?|" + "|".join(sorted(_EN_WORDS, key=len, reverse=True))
_JOB_QUALITY = re.compile(rf"^(?:job|profession|occupation|work) {_BE} (?:(?:very|really|quite|pretty|so|too|fairly|"
                          r"rather|not|kind of|a bit) )*(?:stable|secure|steady|boring|dull|exciting|interesting|"
                          r"fun|good|great|fine|ok|okay|hard|easy|tough|tiring|exhausting|demanding|stressful|busy|"
                          r"flexible|safe|well paid|poorly paid|rewarding|fulfilling|challenging|going well)\b")

#: words that make "goes to X" a school attended
_SCHOOL = re.compile(r"\b(?:school|college|university|uni|academy|elementary|kindergarten|preschool|nursery|"
                     r"institute|conservatory|seminary|polytechnic|high|middle|grade|class(?:es)?|lessons?)\b")

#: "goes to the gym / a cafe / bed / work": going somewhere, not attending a school
_GOES_TO_PLACE = re.compile(r"^goe?s? to (?:the |a |an |my |(?:bed|work|sleep|church|town|lunch|dinner)\b)")

#: an age said in words after a copula ("My daughter is six", "He's twenty-one"): the age, as its digits are
_AGE_WORD = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
             r"seventeen|eighteen|nineteen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-[a-z]+)?)")


def _lemma(word: str) -> str:
    """A verb or noun's key for a slot: running/runs/run → run, taking/take → tak. A y after a vowel and an s
    that is no plural's (:func:`~memcli.en_plural.singular`: chess, tennis, physics, darts) are the
    word's own: play/plays/played → play, "I play chess" → chess (were pla and ches, other keys than the word's
    other forms: played → play, classes → class)."""
    if re.search(r"[aeiou]y$", word) or word.endswith("s") and _singular(word) == word:
        return word
    w = _stem(word)
    return w[:-1] if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls" else w


def _obj(text: str) -> str | None:
    """An object phrase, cleaned: articles, intensifiers and trailing time words dropped."""
    t = rx(r"\b(?:a lot|so much|very much|more than anything|too|as well|these days|anymore|any more|now|"
               r"nowadays|lately|recently|a little|a bit)\b").sub("", text.casefold())
    t = rx(r"^(?:to |the |a |an |my |some |any |our |his |her |their )+").sub("", t.strip(" ,.")).strip(" ,.")
    t = rx(r"\s+").sub(" ", t)
    t = rx(r" (?:(?:back )?in|since|around) (?:19|20)\d\d$").sub("", t)  # a cat in 2019: the cat
    if not t or rx(r"^(?:it|you|that|this|him|her|them|those|these|everything|nothing|something|one|me|"
                         r"what|how|when|where|which|who|doing|going)\b").match(t) or len(t.split()) > 6:
        return None
    words = t.split()
    words[-1] = _singular(words[-1])
    return " ".join(words)


_ADJ = re.compile(r"^(?:[a-z]+(?:y|ful|ous|ive|al|ic|less|ish|ent|ant|ern)|warm|cold|hot|cool|quiet|big|small|old|new|"
                  r"good|long|short|light|dark|dry|wet|soft|hard|slow|fast|fresh|sweet|sour|mild|bright|calm|clean)$")


_CATEGORY = re.compile(r"\b(?:movies?|films?|books?|novels?|music|songs?|shows?|series|games?|food|dishes|cuisine|"
                       r"restaurants?|sports?|bands?|dramas?|comedies|stories|podcasts?)$")


def _objects(v: str) -> list[str]:
    v = re.sub(r"\s*\b(?:(?:every )?now and then|from time to time|once in a while)\b", "", v)
    parts = [p.strip() for p in re.split(r",\s*(?:and |or )?|\s+and\s+|\s+or\s+", v) if p.strip()]
    if len(parts) > 1 and len(parts[-1].split()) > 1 and all(_ADJ.match(p) for p in parts[:-1]):
        return [v]  # "sunny and warm weather": modifiers of one thing
    if len(parts) > 1 and (c := _CATEGORY.search(parts[-1])) and len(parts[-1].split()) == 2 and \
            all(" " not in p and not p.endswith(("ing", "s")) for p in parts[:-1]) and \
            not parts[-1].split()[0].endswith("ing"):
        return [f"{p} {c.group(0)}" for p in parts[:-1]] + [parts[-1]]  # "action and comedy movies": both movies
    return parts if len(parts) > 1 and all(len(p.split()) <= 4 for p in parts) else [v]

#: a height in feet and inches (4'11", 6' 2, five foot six, six feet tall): the height, as "180 cm" is
_FEET = (rf"^{_BE} (\d ?['′] ?\d{{1,2}})(?:\"|''|″|”)?(?: tall)?$|"
         rf"^{_BE} ((?:\d|one|two|three|four|five|six|seven|eight) (?:feet|foot)(?: (?:\d{{1,2}}|{_AGE_WORD}))?)"
         r"(?: tall)?$")


def _is_job(words: str) -> bool:
    """``words`` name an occupation by the rules' words and none of their non-occupations."""
    return bool(_OCCUPATION.search(words)) and not _NOT_OCCUPATION.search(words)


def _predicate(key: str, rest: str) -> list[tuple[str, str, str]]:  # noqa: C901 - one table of rules
    """The facts a predicate states about subject ``key``: [(slot, kind, value)]."""
    p = rx(r"^(?:'s |' )").sub("", rest.casefold()).strip()  # my kid's name, my kids' names
    p = rx(r"\s*\bat all\b").sub("", p)
    p = rx(r"\b(?:really|absolutely|just|also|totally|actually|still|now|currently|definitely|kind of|sort of|"
               r"truly|so|quite|very much|too|recently|finally|already|both|all|even|honestly|officially|only|about|around|"  # noqa: E501
               r"almost|nearly|barely|over|under|mainly|particularly|especially|primarily|personally|genuinely)\b\s*"
               ).sub("", p)
    p = rx(r"\s+").sub(" ", p).strip()
    thing = key.startswith("thing:")
    if rx(r"^(?:(?:often|always|sometimes|usually|still|also) )?(?:feel|feels|felt|feeling|think|thought|guess|"
                r"wonder|hope|wish|believe|suppose|tried|try|want|wanted|need|needed)\b").match(p):
        return []  # feelings, thoughts and attempts are not facts
    liking = p  # the like rules read their own negations
    m = _RX_PREDICATE_1.match(p)
    if m and not thing:
        return [_fact(key, "diet", "vegetarian" if m.group(2) else m.group(1))]
    p = _RX_PREDICATE_2.sub(r"\1 ", p)
    p = rx(r"^(?:(?:do|does|did) not|never|no longer) ").sub("", p)
    p = rx(r" (?:anymore|any more|again)$").sub("", p)
    p = rx(r" by (?:profession|trade|training)$").sub("", p)  # "a nurse by profession": a nurse
    rules: list[tuple[str, str]] = [
        (rf"^(?:full )?names? {_BE} (.+)$|^{_BE} (?:called|named) (.+)$|^goe?s? by (.+)$", "name"),
        (rf"^birthdays? {_BE} (?:on )?(.+)$|^(?:was|were) born on (.+)$", "birthday"),
        (rf"^{_BE} (\d+|[a-z]+-?[a-z]*)(?: years? old)$|^{_BE} (\d+|{_AGE_WORD})$|^turned (\d+|[a-z]+)$|^age {_BE} (\d+)$", "age"),  # noqa: E501
        (rf"^{_BE} ([\d.' ]+(?:cm|m|ft|feet|foot|inches|meters?|metres?)\b.*?)(?: tall)?$|^height {_BE} (.+)$|{_FEET}", "height"),  # noqa: E501
        (r"^weighs? (?:about |around )?(\d.+)$", "weight"),
        (rf"^(?:lives?|lived|{_BE} living|(?:have|has) (?:lived|been living)|resides?) (?:in|at|on|near) (.+)$|"
         rf"^(?:moved|relocated|(?:have|has) moved|{_BE} moving back) (?:from .+? )?(?:to|back to) (.+)$|"
         rf"^(?:home|house|flat|apartment|place|address) {_BE} (?:in |at )?(.+)$", "residence"),
        (rf"^(?:works?|worked|{_BE} working|(?:have|has) (?:worked|been working)|interns?) (?:at|for) (.+?)(?: as .+)?$|"  # noqa: E501
         rf"^{_BE} employed (?:by|at) (.+)$|^(?:workplace|employer|company) {_BE} (.+)$", "workplace"),
        (rf"^(?:works?|worked|{_BE} working|(?:started|began) working)(?: {_WORK_HOW})? as (?:a |an )?(.+)$|"
         rf"^(?:job|profession|occupation) {_BE} (?:a |an )?(.+)$|"
         rf"^(?:works?|worked) (?:at|for) .+? as (?:a |an )?(.+)$", "job"),
        (rf"^{_BE} (?:originally )?from (.+)$|^(?:comes?|came) from (.+)$|^grew up in (.+)$|^(?:was|were) born in "
         rf"((?!\d).+)$|^hometown {_BE} (.+)$", "hometown"),
        (rf"^graduated (?:from )?(.+)$|^(?:have|has) (?:a |an )?((?:phd|ph\.d|master's|masters|bachelor's|bachelors|"
         rf"degree|doctorate|mba).*)$|^(?:studied|majored in|studies|{_BE} studying|{_BE} majoring in) (.+?)(?: at .+)?$|"  # noqa: E501
         rf"^degree {_BE} (?:in )?(.+)$|^major {_BE} (.+)$", "education"),
        (rf"^(?:goe?s? to|attends?|{_BE} (?:a )?(?:student|freshman|sophomore|junior|senior) at|stud(?:y|ies) at) (.+)$",  # noqa: E501
         "school"),
        (rf"^phones?(?: numbers?)? {_BE} (.+)$|^numbers? {_BE} (.+)$", "phone"),
        (rf"^e-?mails?(?: address(?:es)?)? {_BE} (.+)$", "email"),
        (rf"^blood type {_BE} (.+)$", "blood_type"),
        (rf"^(?:nick ?names?|pet names?) {_BE} (.+)$", "nickname"),  # (round 46: no name — "nickname" was fact.nicknam)
        (rf"^{_BE} (?:a |an )?(phd|ph\.d\.?|doctor of .+|mba|master's student|phd student|phd candidate)$", "education"),  # noqa: E501
        (r"^(?:did|got|earned|received|completed|finished) (?:my|a|an|her|his|their) ((?:master's|masters|phd|ph\.d|"
         r"bachelor's|bachelors|degree|mba|doctorate)\b.*)$",
         "education"),
    ]
    raw = rest.strip()
    m = rx(r"^(?:is|was) ([A-Z][a-z]+)(?: now)?$").match(raw)
    if m and key != slots.ME and not thing:
        return [_fact(key, "name", m.group(1).casefold())]
    m = rx(r"^works? in ([a-z][a-z ]+)$").match(raw)
    if m and not thing:
        return [_fact(key, "job", m.group(1))]
    m = rx(r"^(?:works?|worked|(?:is|am|are) working) in ((?:the )?[A-Z][\w.' -]*)$").match(raw)
    if m and not thing and (v := _obj(m.group(1).casefold())):  # works in London: a workplace given as a place
        return [_fact(key, "workplace", v)]
    if not thing and (job := en_job_verb(p)):  # "teaches maths at a high school", "drives a taxi": the job
        return [_fact(key, "job", job)]
    if not thing and (v := en_rented_place(p)) and (v := _obj(v)):  # "rent a flat in Leeds": lives there (r. 40)
        return [_fact(key, "residence", v)]
    m = rx(r"^(?:drives?|drove) (?:a |an )?(.+?)(?: now| these days| to work)?$").match(p)
    if m and not thing and (v := _obj(m.group(1))):
        return [(("" if key == slots.ME else key + ".") + "which.drive", "other" if key == slots.ME else "relationship",
                 v)]
    m = _RX_PREDICATE_3.match(p)
    if m and not thing and (w := _obj(m.group("w"))) and (j := _obj(m.group("j"))):
        return [_fact(key, "workplace", w), _fact(key, "job", j)]
    for pat, attr in rules:
        m = rx(pat).match(p)
        if m and (not thing or attr in ("name", "age", "birthday", "nickname")):
            g = next(g for g in m.groups() if g)
            if attr == "residence" and rx(r"^(?:moved|relocated|(?:have|has) moved)\b").match(p) and is_spot(g):
                return []  # "moved to a new desk by the window": a spot inside a place, no move (round 40)
            if attr == "residence" and key == slots.ME and rx(r"^(?:moved|relocated|(?:have|has) moved)\b").match(p) \
                    and not rx(r"^(?:a|an|the|my|our)\b").match(g):  # "moved to X, into a house in Y": the town
                g = rx(r",\s*(?=(?:in|into|near|to)\b)").split(g)[0]  # (round 39; "a flat in …, in …" as said)
            v = _obj(rx(r" (?:for|since) (?=\S)").split(g)[0]) \
                if attr not in ("phone", "email") else next(g for g in m.groups() if g).strip()
            if attr == "workplace" and rx(r"\b(?:a|an|some) (?:company|firm|business|startup|place|office)$").search(p):
                return []  # "working for a company" names no employer
            if v and not (attr == "age" and not (v.isdigit() or rx(r"^[a-z]+(?:-[a-z]+)?$").match(v))):
                if attr == "job" and (_NOT_OCCUPATION.search(v) or rx(r"(?:hard|much|long|well|fast|little|often|"
                                                                         r"late|early|quickly|many) ").match(v)):
                    return []  # "I work as hard as I can": a comparison, no occupation
                if attr == "job" and _JOB_QUALITY.match(p) and not _OCCUPATION.search(p):
                    return []  # "my job is stable": a quality of the job, not what it is
                if attr == "school" and _GOES_TO_PLACE.match(p) and not _SCHOOL.search(p):
                    return []  # "I hit the gym most mornings": a place visited, not a school attended
                return [_fact(key, attr, v)]
    m = _RX_PREDICATE_4.match(p)
    if m and (v := _obj(next(g for g in m.groups() if g))):
        return [_fact(key, "allergy", o, "health") for o in _objects(v)]
    m = _HOBBIES.match(p)
    if m and not thing and (objs := [o for o in (_obj(x) for x in _objects(m.group(1))) if o]):
        return [_fact(key, "like", o) for o in objs]  # "my hobbies are hiking and chess": what the subject likes
    if key == slots.ME and rx(r"\b(coffee|tea)\b").search(p) and (a := rx(r"\b(sugar|milk|cream|honey)\b").search(p)):
        return [(f"{rx(r'(coffee|tea)').search(p).group(1)}.{a.group(1)}", "preference", "")]  # type: ignore[union-attr]
    m = _RX_PREDICATE_5.match(p)
    if m and (v := _obj(m.group(2))):
        slot = slots.join_slot(key, f"favourite.{m.group(1)}")
        return [(slot, "preference" if key == slots.ME else "relationship", v)]
    m = rx(r"^(?:(?:am|is|are|have been|has been|became|become|have become|got|getting|am getting) )"
                 r"(?:(?:also|very|really|quite|more and more|increasingly|particularly|especially|so|deeply) )*"
                 r"(?:interested|hooked|into) (?:in )?(.+)$").match(liking)
    if m and not thing and (objs := [o for o in (_obj(x) for x in _objects(m.group(1))) if o]):
        return [_fact(key, "like", o) for o in objs]  # "I'm also interested in Chinese cuisine"
    m = _RX_PREDICATE_9.match(liking) or \
        rx(r"^(?:(?:do|does|did) not|(?:almost |basically )?never) (?:ever |really )?(?:eat|drink|smoke) (.+)$"
           ).match(liking) or \
        rx(r"^(?:quit|gave up|stopped) ((?:smoking|drinking|coffee|alcohol|sugar|meat)\b.*)$").match(liking)
    if m and not thing:
        v = rx(r"\b(?:over|rather than|more than|because|since|when|such as|including|especially|that|which|who)\b|"  # noqa: E501
                     r",\s*(?=(?:have|has|had|not|for|but|so|which|"  # noqa: E501
                     r"and i|i)\b)").split(m.group(1))[0]  # "alcohol, haven't for ten years": the object ends at
        # the clause
        v = rx(r"^to ").sub("", v)
        objs = [o for o in (_obj(x) for x in _objects(v) if not _ASPECT.match(x.strip())) if o]
        return [_fact(key, "like", o) for o in objs]  # not "the plot", "the actors": parts of what is talked of
    if not thing and (kept := kept_thing(p)) and (v := _obj(kept)):  # "I keep a parrot": owned (round 45)
        return [_fact(key, "owns", v, "other")]
    m = re.match(r"^(?:have|has|own|owns|got|bought|adopted|rescued|(?:have|has) (?:got|adopted|bought))(?: got)? "
                 rf"(?:(?:a|an|any|{_COUNT}|\d+|some|new)\b)? ?(?:new |little |big |old |cute )?(.+)$",
                 counts_spelled(p, False))  # a pair of cats, twelve eggs: the thing owned is the cat, the egg
    if m and not thing and not _ABSTRACT.match(m.group(1)) and not rx(r"^(?:to|been|had|no|not|up)\b").match(m.group(1)) \
            and not (rx(r"^(?:have|has) (?!(?:got )?(?:a|an|one)\b)").match(p) and _PAST.match(m.group(1))) \
            and not rx(r"^got (?:married|engaged|divorced|promoted|hired|fired|pregnant|sick|lost|better|worse)").match(p):  # noqa: E501
        v = _obj(without_place(m.group(1)))  # "two rabbits in the garden": rabbits (round 45)
        rel = slots.relation_en(v or "") if v else None
        if rel:
            return [(slots.join_slot(key, f"has.{rel}"), "relationship", v or "")]
        if v and len(v.split()) <= 3:
            return [_fact(key, "owns", v, "other")]
    m = rx(r"^(?:just |finally )?(?:got|was|been|has been|have been) promoted to (?:a |an |the )?([a-z][a-z -]{1,30}?)"
           r"(?: (?:at|in|on|of|for) .+)?$").match(p)  # (round 47) "Sam got promoted to head nurse at …": the job now
    # (someone else's: the user's own promotion is an event the judge reads against the job, a CONFLICT)
    if m and not thing and key != slots.ME and _is_job(m.group(1)):
        return [_fact(key, "job", m.group(1))]
    m = _RX_PREDICATE_6.match(p)
    if m and not thing:
        v = _JOB_TAIL.sub("", m.group(1).strip())  # "a nurse on the night shift", "a barista at a café": the job
        if _JOB_WORDS.fullmatch(v) and (_OCCUPATION.search(v) and not _NOT_OCCUPATION.search(v)
                                        and not _NOT_JOB.search(v) or _HOME_JOB.fullmatch(v)):
            return [_fact(key, "job", v)]
    once = _PAST.match(p) and not p.startswith(("used to", "have got", "has got"))
    if _HABIT.search(p) and not thing and not once and not _MENTAL.match(p):
        words = content_words([w for w in rx(r"[a-z]+").findall(_HABIT.sub(" ", p)) if w not in _STOP])
        if words:  # (round 47: a preposition or a unit last names no habit, "in bed by 11")
            return [_fact(key, "habit", _lemma(words[-1]), "habit")]
    # "The kids are Leo, who's 9, and Ivy": people's names, no opinion of the kids (round 47: thing:kid.opinion.leo;
    # "The shoes I wear are Brooks, love them" is one)
    named = thing and (key[6:] in _PEOPLE or slots.relation_en(key[6:])) and rx(r"^(?:is|are|was|were) [A-Z]").match(
        raw)
    m = _RX_PREDICATE_7.match(p) if not named else None
    if m and thing and m.group(1) not in ("a", "an", "the", "my", "in", "at", "on", "from", "to", "being", "going",
                                           "getting", "becoming", "starting", "away", "out", "off", "back", "gone",
                                           "late", "busy", "closed", "here", "there",
                                           "yesterday", "today", "tonight", "tomorrow", "last", "next", "this",
                                           "over", "soon"):  # "is getting worse", "is away"; round 47: "was
        # yesterday", a time, no opinion
        return [_fact(key, "opinion", m.group(1), "preference")]
    m = _RX_PREDICATE_8.match(p)
    passing = m and (_TRANSIENT.match(m.group(1)) or _TRANSIENT.match(_RX_PREDICATE_10.sub("", p)))
    if m and not thing and not passing and not m.group(1).endswith("ing") and \
            not (rx(r"^[a-z]+ing\b").match(m.group(1)) and not _ING_OK.match(m.group(1))) and \
            not rx(r" (?:it|that|this|them|you)$").search(m.group(1)) and \
            not rx(r"^(?:not|going|gonna|about|in|on|at|with|to|so|like|just|here|there|the)\b").match(m.group(1)):
        v = _obj(m.group(1))
        return [_fact(key, "is", v, "identity")] if v else []
    return []


def _generic(key: str, p: str) -> list[tuple[str, str, str]]:
    """Any other declarative predicate of a person in the user's life ("my uncle drives a truck
    for a living", "my grandma turned 90"): a fact with a generic slot keyed by its head word."""
    low = re.sub(r"\s+", " ", p.casefold()).strip(" ,")
    low = re.sub(r"^(?:(?:recently|lately|also|just|really|finally|actually|even|then|once) )+", "", low)
    liked = _RX_GENERIC_1.match(low)
    if liked and _ASPECT.match(liked.group(1)):
        return []  # "I really like the soundtrack": a part of what is being talked of
    if not low or len(low.split()) > 20 or re.match(r"^favou?rite (?:\w+ )?(?:was|were)\b", low) or \
            re.search(r"\b(?:a|an|some) (?:company|firm|business|startup|place)\b|\byou\b|\byour\b", low) or \
            _RX_GENERIC_3.match(low):
        return []  # "My favorite was…": of a day out, not a lasting favourite
    m = _RX_GENERIC_2.match(low)
    if m:
        rest = re.sub(r"^(?:a |an |the |only |still |already |also |now |just |not )+", "", m.group(1))
        if not rest or _TRANSIENT.match(m.group(1)) or _TRANSIENT.match(rest) or \
                (rest.split()[0].endswith("ing") and not _ING_OK.match(rest)) or \
                re.match(r"^(?:going|gonna|about|so|like|here|there|sure|not sure|it|that|this|you)\b", rest):
            return []
        head = rest
    else:
        if _CHATTER_VERB.match(low) and not re.match(r"^(?:used to|have|has|had|can not|cannot) [a-z]", low):
            return []
        if _MENTAL.match(low) or _ABSTRACT.match(re.sub(r"^(?:have|has|had|got) (?:a |an )?", "", low)) and \
                re.match(r"^(?:have|has|had|got) ", low):
            return []  # "I sometimes feel overwhelmed", "I have a question about…"
        if _PAST.match(low) and not re.match(r"^(?:used to|(?:have|has) got|had (?!(?:a|an|the|some|lunch|dinner|breakfast|fun|"  # noqa: E501
                                           r"time|nice|great|good|bad|lots|a lot)\b)[a-z]+)", low) and \
                not _LIFE.search(low) and not re.search(
                r"\b(?:for (?:years|ages|a while|a long time|(?:\w+ )?(?:years|months|decades))|since|all my life)\b", low):  # noqa: E501
            return []  # "I went out for a stroll", "I've taken note of that": once, not a lasting fact
        head = re.sub(r"^(?:used to|have|has|had|can not|cannot) ", "", low)
    words = content_words([w for w in re.findall(r"[a-z0-9]+", head) if w not in _STOP and w not in _TIME_WORDS
                           and w != "s"])  # (round 47: no "never", "only", "two" as the head)
    return [_fact(key, "fact", _lemma(words[0]), "other")] if words else []


def _event(key: str, p: str, ago: tuple[str, int] | None) -> list[tuple[str, str, str]]:
    """A past event ("adopted a dog yesterday", "got married last year"): dated or a life event."""
    low = p.casefold()
    life = _LIFE.search(low) or _LEFT_NAMED.match(p)  # "left Google", "left Acme last year": a place of one's left
    past = re.match(r"^(?:[a-z]+ed|went|got|had|made|took|saw|met|ran|won|lost|bought|began|became|flew|drove|"
                    r"wrote|read|gave|left|found|came|did|spent|sold|built|broke|caught|taught|thought|felt)\b", low)
    died = bool(life and re.match(r"(?:died|passed away|was put down)\b", life.group(0)))  # a pet's death is kept
    if key.startswith("thing:") and not died or not life or _TRANSIENT.match(_RX_EVENT_1.sub("", low)) or \
            _MENTAL.match(low):
        return []  # a dated ordinary action ("Yesterday I went to the park") is a day's event, not a memory
    hit = life or past
    assert hit is not None
    verb = hit.group(0).replace(" ", "_")
    after = content_words([w for w in re.findall(r"[a-z]+", low[hit.end():]) if w not in _STOP and w not in
                           _TIME_WORDS])  # (round 47: won another / really big tournament → won_tournament)
    obj = after[0] if after else ""
    return [_fact(key, "event", f"{verb}_{obj}".strip("_"), "other")]


# the f-string patterns above compiled once (built per call, each cost ~5 µs in re's cache lookup)
_RX_EVENT_1 = re.compile(rf"^{_BE} ")
#: a place named left (its name capitalised: an employer, a school, a city), the predicate after the subject
_LEFT_NAMED = re.compile(r"^(?:(?:have|has|had) )?(?:(?:just|finally|recently|already) )*left(?= [A-Z])")
_RX_GENERIC_1 = re.compile(rf"^(?:{_LIKE}|{_DISLIKE}) (.+)$")
_RX_GENERIC_2 = re.compile(rf"^(?:{_BE}|(?:have|has) been|used to be) (.+)$")
_RX_GENERIC_3 = re.compile(rf"^{_BE} (?:in|at|on) .+ now\b")
_RX_PREDICATE_1 = re.compile(rf"^{_BE} (?:not |no longer )?(?:a |an )?(vegetarian|vegan|pescatarian)\b|^(?:do|does) not eat (meat)$")  # noqa: E501
_RX_PREDICATE_10 = re.compile(rf"^{_BE} ")
_RX_PREDICATE_2 = re.compile(rf"^({_BE}) (?:not|no longer|never) ")
_RX_PREDICATE_3 = re.compile(rf"^(?:works?|worked|{_BE} working) (?:at|for) (?P<w>.+?) as (?:a |an )?(?P<j>.+)$")
#: what follows "my allergies are" / "my hobbies are" without listing any (acting up, pretty boring, the same)
_NOT_LISTED = (r"(?:pretty|very|kind of|a bit|quite|too|not|so|mostly|bad|worse|better|terrible|awful|mild|severe|"
               r"seasonal|gone|back|boring|expensive|fun|limited|simple|weird|nerdy|different|varied|cheap|lame|"
               r"normal|typical|the same|similar|nothing|none|few|many|endless|(?:under )?control)\b")
_RX_PREDICATE_4 = re.compile(rf"^{_BE} allergic to (.+)$|^(?:have|has) (?:a |an )?(.+?) allerg(?:y|ies)$|"
                             rf"^(?:food )?allerg(?:y|ies) {_BE} (?:to )?(?!{_NOT_LISTED}|[a-z]+ing\b)(.+)$")
#: "my hobby is …", "my hobbies are …", "my interests are …": each object liked
_HOBBIES = re.compile(rf"^(?:hobby|hobbies|interests?|pastimes?) {_BE} (?!{_NOT_LISTED})(.+)$")
#: how or when one works, between "work" and "as" (work nights / part-time / the night shift as a nurse)
_WORK_HOW = (r"(?:(?:the |a |on |full |part |late |early |double |weekend |weekday |evening |day |night |graveyard |"
             r"split |rotating )?(?:shifts?|nights|days|evenings|weekends|full-time|part-time|overnight|"
             r"remotely|freelance|(?:from|at) home|mostly|mainly)(?: shifts?)? ?){1,3}")
#: what may follow an occupation without being part of it (where, when, whom for)
_JOB_TAIL = re.compile(r" (?:at|in|for|on|with|from|working|who|that|since|by|during|near|here|there|now)\b.*$")
#: an occupation's words (letters; not a degree: "a bit under the weather", "a lot better")
_JOB_WORDS = re.compile(r"(?!(?:bit|little|lot|tad|touch|far|much)\b)[a-z -]+")
#: -er/-or words of one served, of a habit or a mind, that the occupation suffixes would take for a job
#: ("a customer at that bank", "a sucker for spicy food"), when only "is a" tells it (not "works as a")
_NOT_JOB = re.compile(r"\b(?:customer|client|sucker|weather|better|passenger|consumer|subscriber|listener|"
                      r"viewer|user|follower|supporter|believer|worrier|dreamer|thinker|learner|talker|"
                      r"procrastinator|survivor|neighbou?r|travell?er|spender|saver|regular)$")
#: occupations of the home that the occupation pattern's "not a job" words (parent, mom, dad) would hide
_HOME_JOB = re.compile(r"(?:stay-at-home|stay at home|full-time|work-at-home|homeschooling) (?:mom|mum|dad|parent|"
                       r"mother|father)|homemaker|housewife|househusband")
_RX_PREDICATE_5 = re.compile(rf"^favou?rite (\w+(?: \w+)?) (?:(?:these days|nowadays|lately|at the moment|right now|"
                             rf"for now|at present) )?{_BE} (.+)$")
#: "is a / has been a / started as a <occupation> <where, when>": the occupation is read by the caller
_RX_PREDICATE_6 = re.compile(rf"^(?:{_BE}|(?:have|has) been|(?:started|began|starting)(?: out| off)? as) (?:a |an )"
                             r"([a-z][^,]*)$")  # (not past a comma: a clause of its own)
_RX_PREDICATE_7 = re.compile(rf"^(?:{_BE}|feels?|felt|looks?|looked|tastes?|tasted|sounds?|seems?|fits?|fit|gives? me|makes? me) "  # noqa: E501
                 rf"(?:really |so |very |"
                 rf"pretty |quite |super |a bit |too |not |not very |kind of |rather |incredibly |extremely )*"
                 rf"([a-z-]+)(?: .*)?$")  # noqa: E501
_RX_PREDICATE_8 = re.compile(rf"^{_BE} (?:a |an |the )?([a-z][a-z -]*)$")
_RX_PREDICATE_9 = re.compile(rf"^(?:{_LIKE}|{_DISLIKE}) (.+)$")


#: the people a "the …" subject names without a relation of the user ("The kids are Leo and Ivy")
_PEOPLE = frozenset("kid kids child children boy boys girl girls twin twins baby babies grandkid grandkids".split())


def _one_object(stmt: str, value: str) -> str:
    """``stmt`` with only the object that gives ``value`` when it lists several (I like tea and coffee → … tea)."""
    m = re.search(r"(?i)\b(?:love|loves|like|likes|enjoy|enjoys|hate|hates|to|of|with|into|allergic to|about|"
                  r"(?:allerg(?:y|ies)|hobby|hobbies|interests?|pastimes?) (?:are|is)) (.+)$", stmt)
    if not m:
        return stmt
    part = next((x for x in re.split(r",\s*(?:and |or )?|\s+and\s+|\s+or\s+", m.group(1)) if _obj(x) == value), value)
    return stmt[:m.start(1)] + part.strip()
