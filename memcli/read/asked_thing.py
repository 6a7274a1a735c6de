"""The thing an English question asks about, and how much of it a hit leaves out (round 32).

"Which football team do I support?" asks a *football team*, "What's our house insurance company?" a *house
insurance company*, "What's my blood pressure?" a *blood pressure*: a compound (modifier + head) or a head with
the attribute asked of it. A memory that holds only the head ("The Wednesday team is full"), only the modifier
("Our old house sold"), or a word of neither that sits near in meaning ("I have type 2 diabetes") names another
thing and answers nothing; the dense and lexical legs still rank it first, and the rank-1 hit of a question put
to the user was let through by the gate.

:func:`asked_words` reads the noun phrase of a wh-question (what / which / whose / who / how much / how many,
either before the question's verb — "which football team do I …" — or after a copula — "what's my blood
pressure", "who is the charge nurse at …"), without its determiners, its owner ("Ruth's maiden name" → maiden,
name; the owner is the subject, which the ``subject`` feature judges), relation words, and words that only say
which one (latest, new, old, current…). "how much" / "how many" ask an amount as well.

:func:`unheld_share` is the share of those words a hit's statement does not hold (an answer feature,
``unheld``: 0 when the question names no thing): a word is held as a word of the statement by its stem
(:func:`memcli.read.tokens.holds`), as a thing of the kind it names (:mod:`memcli.read.kinds`: "football" by
"rugby"? no — by a sport: "I play five-a-side football" or "I watch the cricket"), as an attribute the hit holds
or says (name by "named", job by ``job``), as a time or an amount by a value of that sort (finish *time* by
1:55, "how much" by a number). English only: a Chinese question gets 0 (its words are read by their characters
elsewhere).

Pure regex and word lists: no store access, no model.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.relazy import LATIN, lazy

__all__ = ["AMOUNT", "asked_words", "held_attrs", "modifiers_dropped", "thing_features", "unheld_share"]

#: the word standing for the amount "how much" / "how many" asks
AMOUNT = "<amount>"

_CJK = re.compile(r"[\u3400-\u9fff]")
#: a wh-question opening on its noun: "which football team …", "what kind of diet …", "how much rent …"
_WH_NOUN = lazy(r"(?i)^(?P<wh>what|which|whose|how\s+much|how\s+many)\s+"
                r"(?:(?:kind|kinds|type|types|sort|sorts)\s+of\s+)?(?P<rest>.+)$", gate=LATIN)
#: a wh-question opening on a copula: "what's my blood pressure", "who is the charge nurse at …"
_WH_BE = lazy(r"(?i)^(?:what|which|who|whose)(?:'s|\s+(?:is|was|are|were|'s))\s+(?P<rest>.+)$", gate=LATIN)
#: "how much is our council tax", "how many cats does Sam have": the amount of the thing after the verb
_HOW_BE = lazy(r"(?i)^how\s+(?:much|many)\s+(?:is|are|was|were|does|do|did)\s+(?P<rest>.+)$", gate=LATIN)
_WORD_CASED = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*")
#: words that end a noun phrase: auxiliaries, pronouns, prepositions, conjunctions, relatives
_END = frozenset("""
    am is are was were be been being do does did don't doesn't didn't have has had can could will would shall should
    may might must i you he she we they it me us them i'm i've i'd we're we've you're they're it's there here
    at in on for of with from to by about like as after before during since than into onto over under near
    and or but if that which who whom when where while because so then till until
    """.split())
#: words before the noun that only point at it or say which one
_SKIP = frozenset("""
    the a an my our your his her their its this that these those some any each every another other
    latest last current new old first next previous recent usual main own same exact real actual full whole little
    big small proper regular normal
    """.split())
#: words that open a verb's object ("which company employs my wife", "what gives Ray hives")
_OBJECT_START = frozenset("my our your his her their the a an me him us them this that".split())
_PREDICATES = frozenset("allergic afraid keen married related based born called named into up like".split())
#: sorts of thing a proper name is one of: "which city" is answered by Atlanta, "what company" by Boeing
_NAMED_SORTS = frozenset("""
    city town village country state county place area neighbourhood neighborhood suburb district street road
    company firm employer business brand make model team club band group restaurant cafe café shop store pub bar
    gym school university college hospital clinic church airline bank hotel
    phone handset laptop computer tablet device console
    """.split())
#: kinds of the interest family that are tastes, not pastimes ("favourite pastime" is not answered by a food)
_NO_PASTIME = frozenset({"food", "drink", "colour"})
#: words that ask for a thing of a family of kinds (:data:`memcli.read.kinds.FAMILY`): "what pet" by a parrot
_FAMILY_WORDS = {"pet": "animal", "pets": "animal", "animal": "animal", "animals": "animal", "vehicle": "vehicle",
                 "vehicles": "vehicle", "hobby": "interest", "hobbies": "interest", "pastime": "interest",
                 "pastimes": "interest", "interest": "interest", "interests": "interest"}
#: a capitalised word not opening the statement or a sentence of it (not I, I'm…)
_PROPER = lazy(r"(?<=[a-z0-9,;:'] )(?!I\b|I')[A-Z][A-Za-z'-]+")
_POSSESSIVE = re.compile(r"^(?P<owner>[a-z0-9-]+)(?:'s|s')$")
_NUMBER = lazy(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|"
               r"hundred|thousand|dozen|couple|half|a few|several)\b|[$£€¥]", re.IGNORECASE)
#: words that ask a measured value: held by a number ("my latest ferritin result" by "ferritin of 9")
_MEASURES = frozenset("""reading readings level levels result results score scores count total figure rate price cost
    costs amount size weight height distance pace speed""".split())
#: words that ask which sort of a thing the question names ("what breed is my dog", "what make is her car")
_SORTS = frozenset("breed breeds make model brand variety species".split())
_TIME_WORDS = frozenset({"time", "times", "date", "dates", "day", "days", "hour", "hours", "year", "month", "week"})
_TIME_VALUE = lazy(r"\d|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekends?|weekdays?|mornings?|"
                   r"evenings?|nights?|noon|midnight|january|february|march|april|may|june|july|august|september|"
                   r"october|november|december|today|tomorrow|yesterday|daily|weekly|monthly)\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _attribute_words() -> dict[str, frozenset[str]]:
    """An English word's stem → the attributes whose nouns it is a word of (name → name; blood, type →
    blood_type; hobby → like)."""
    from memcli.slots import ATTRIBUTES
    from memcli.text import word_form

    out: dict[str, set[str]] = {}
    for key, a in ATTRIBUTES.items():
        for noun in a.en_nouns:
            for w in noun.casefold().split():
                out.setdefault(word_form(w), set()).add(key)
    return {w: frozenset(k) for w, k in out.items()}


def _relation(word: str) -> bool:
    """A relation word, in a dictionary's words or in other words (hubby, sis, old man: :mod:`memcli.read.kin`)."""
    from memcli.read.kin import question_relation
    from memcli.read.mismatch import relation_words

    return bool(relation_words()[1].fullmatch(word)) or question_relation("my " + word) is not None


def _predicate(word: str) -> bool:
    """A word after a copula's subject that says something of it (allergic, based, called, studying): the question
    asks of the subject, not of a thing named by the words before it."""
    return word in _PREDICATES


def _phrase(rest: str, *, after_be: bool) -> list[str]:
    """The noun phrase at the start of ``rest`` (its words as written), case-folded, its determiners and owner
    dropped. It ends at an auxiliary, a pronoun, a preposition; after a copula also at a predicate word ("what's
    my cat called" → cat), before one a verb with its object ("which company employs my wife" → company). A
    relation word or a capitalised name before a predicate is the subject of the question ("what is my son
    majoring in", "what is Clare studying"): no thing."""
    words = _WORD_CASED.findall(rest)
    out: list[str] = []
    first_subject = False  # the phrase opens on a relation word or a capitalised name
    for n, cased in enumerate(words):
        w = cased.casefold()
        nxt = words[n + 1] if n + 1 < len(words) else ""
        if w in _END or (out and w.endswith("'s") and w[:-2] in _END):
            break
        if _POSSESSIVE.match(w):  # "ruth's maiden name": the owner is the subject, the rest the thing
            out, first_subject = [], False
            continue
        if not out and w in _SKIP:
            continue
        if after_be and (_predicate(w) or (first_subject and len(w) > 4 and w.endswith(("ed", "ing"))
                                           and (not nxt or nxt.casefold() in _END))):
            return [] if out and first_subject else out  # "what is Tom next door allergic to": Tom's
        if not after_be and (nxt.casefold() in _OBJECT_START or nxt[:1].isupper()):  # a verb and its object
            break
        first_subject = first_subject or (not out and (cased[:1].isupper() or _relation(w)))
        out.append(w)
    return out


def asked_words(question: str) -> tuple[str, ...]:
    """The content words of the thing an English wh-question asks about, case-folded, in order, and
    :data:`AMOUNT` for "how much" / "how many"; () for a Chinese question, a question with no such noun phrase
    ("where does my sister live", "what does my brother do") or one whose phrase is only a relation or a
    word saying which ("who is my boss", "what's my latest?")."""
    return _asked(question)[0]


@lru_cache(maxsize=1024)
def _asked(question: str) -> tuple[tuple[str, ...], bool]:
    """:func:`asked_words`, and whether the question asks which one of its noun ("which running shoes …": a thing
    with a name of its own may be the answer, Brooks Ghosts) — not "what's my blood pressure", "what position"."""
    if _CJK.search(question):
        return (), False
    q = question.replace("’", "'").strip().rstrip("?!. ")
    be = _WH_BE.match(q) or _HOW_BE.match(q)
    if be:
        words = _phrase(be.group("rest"), after_be=True)
        amount = be.re is _HOW_BE.compiled
    else:
        noun = _WH_NOUN.match(q)
        if noun is None:
            return (), False
        rest = noun.group("rest")
        first = _WORD_CASED.findall(rest)[:1]
        if not first or first[0].casefold() in _END:  # "what does my brother do": no noun
            return (), False
        words = _phrase(rest, after_be=False)
        amount = noun.group("wh").casefold().startswith("how")
    words = [w for w in words if w not in _SKIP and not _relation(w)]
    if not words:
        return (), False
    return ((*words, AMOUNT) if amount else tuple(words)), be is None and q[:5].casefold() == "which"


def _held(word: str, low: str, statement: str, kinds_held: frozenset[str], attrs_held: frozenset[str],
          name: bool, asked: frozenset[str] = frozenset()) -> int:
    """2: ``word`` is a word of the statement (by its stem); 1: the statement holds it otherwise (a thing of its
    kind, the attribute it names, a value of the time or amount it asks, a proper name for a named sort of
    thing — "which city" by Atlanta — or, ``name``, for any head noun: "which running shoes" by Brooks Ghosts; a
    sort of a thing of the question's kinds, ``asked``: "what breed is my dog" by a beagle); 0: not at all."""
    from memcli.read.kinds import FAMILY, kinds_of
    from memcli.read.tokens import ends_compound, holds
    from memcli.text import word_form

    if word == AMOUNT:
        return int(bool(_NUMBER.search(low)))
    if holds(low, word) or (word.endswith("'s") and holds(low, word[:-2])):
        return 2
    if ends_compound(low, word):  # "which statin" by rosuvastatin: a thing of its kind
        return 1
    if (word in _TIME_WORDS and _TIME_VALUE.search(low)) or (word in _MEASURES and _NUMBER.search(low)) \
            or kinds_of(word) & kinds_held or (word in _SORTS and bool(asked)) \
            or _attribute_words().get(word_form(word), frozenset()) & attrs_held \
            or (word in _FAMILY_WORDS and any(FAMILY[k] == _FAMILY_WORDS[word] and k not in _NO_PASTIME
                                              for k in kinds_of(statement))):
        return 1
    return int((name or word in _NAMED_SORTS) and _PROPER.search(statement) is not None)


def _new_names(statement: str, question: str) -> str:
    """``statement`` without the capitalised words ``question`` names (its proper names are not the answer)."""
    q = question.casefold()
    return _PROPER.sub(lambda m: m.group(0) if m.group(0).casefold() not in q else "x", statement)


def thing_features(question: str, statement: str, attrs: frozenset[str] = frozenset()) -> tuple[float, float]:
    """``(unheld, part)`` of a hit for an English question (:func:`asked_words`; (0, 0) when it names no thing):
    the share of the thing's words ``statement`` does not hold at all, and 1 when it holds some of them as its
    own words but not the others ("The Wednesday team is full" for "which football team": another team).
    ``attrs``: the attributes the hit holds or says (:func:`held_attrs`): an attribute word of the question
    ("name" of "maiden name") is held when the hit holds that attribute."""
    words, which = _asked(question)
    if not words:
        return 0.0, 0.0
    from memcli.read.kinds import held_kinds, kinds_of

    low = statement.casefold()
    asked = frozenset(k for w in words for k in kinds_of(w))
    kinds_held = held_kinds(statement, asked) if asked else frozenset()
    # a proper name the question does not give ("which university did Clare go to": not Clare)
    named = _new_names(statement, question)
    head = max((n for n, w in enumerate(words) if w != AMOUNT), default=-1)
    # a modifier is held as said, not by a thing of its kind ("which rugby team" is no gym's)
    of_question = kinds_of(question)  # "what breed is my dog": the dog's kind, whose sort a beagle is
    held_q = held_kinds(statement, of_question) if of_question else frozenset()
    held = [_held(w, low, named, kinds_held if n == head else frozenset(), attrs, which and n == head,
                  of_question & held_q) for n, w in enumerate(words)]
    unheld = held.count(0)
    return unheld / len(words), float(unheld > 0 and 2 in held)


#: heads that name a session, a group or a person of the activity their modifier names ("which dance class": a dance;
#: "which rugby team", "my tennis coach"): the modifier's kind is the thing's
_ACTIVITY_HEADS = frozenset("""
    class classes lesson lessons course courses practice training session sessions team teams club clubs league squad
    coach teacher instructor tutor partner studio group
    """.split())


def modifiers_dropped(question: str) -> str:
    """``question`` without the kind words (:mod:`memcli.read.kinds`) that only modify the head of the thing it asks
    (round 44): "What's our boat insurance company?" asks a company — a boat insurer —, not a boat, so a memory of the
    user's boat is no thing of the kind asked ("We sold our old boat": the modifier only, :func:`thing_features`'
    part). Kept when the head is a sort of the kind ("what dog breed", "which car brand": :data:`_SORTS`), a kind
    itself ("what rock music") or a session, group or person of the activity ("which dance class", "my tennis
    coach": :data:`_ACTIVITY_HEADS`).
    English only: a Chinese question is returned as given."""
    words = [w for w in _asked(question)[0] if w != AMOUNT]
    if len(words) < 2 or words[-1] in _SORTS or words[-1] in _ACTIVITY_HEADS:
        return question
    from memcli.read.kinds import kinds_of

    if kinds_of(words[-1]):
        return question
    out = question
    for w in words[:-1]:
        if kinds_of(w):
            out = re.sub(rf"\b{re.escape(w)}\b", " ", out, count=1, flags=re.IGNORECASE)
    return out


def unheld_share(question: str, statement: str, attrs: frozenset[str] = frozenset()) -> float:
    """The share of the asked thing's words ``statement`` does not hold (:func:`thing_features`' first)."""
    return thing_features(question, statement, attrs)[0]

#: attributes that answer each other's questions (as :data:`memcli.read.answer._KIN_ATTRS`)
_KIN = ({"job", "workplace"}, {"education", "school"}, {"like", "favourite", "habit"})


def held_attrs(slot: str | None, statement: str) -> frozenset[str]:
    """The attributes a hit holds or says: its slot's, those its statement names
    (:func:`memcli.read.mismatch.said_attrs`: "named" → name; an occupation → job), and their kin (job /
    workplace; a habit for a hobby: "I do pottery every Saturday")."""
    from memcli.read.mismatch import names_occupation, said_attrs
    from memcli.slots import split_slot

    out = set(said_attrs(statement)) | ({split_slot(slot)[1]} if slot else set())
    if names_occupation(statement):  # round 33: "I'm a data analyst" holds the job "what's my job" asks
        out.add("job")
    for kin in _KIN:
        if out & kin:
            out |= kin
    return frozenset(out)
