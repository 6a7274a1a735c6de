"""Offline extraction rules for English first-person facts.

Recognised: preferences and dislikes (like, love, enjoy, prefer / don't like, hate, can't
stand), health (allergic to), identity (my name is, I live in, I moved to, I work at, I'm
from, I'm a teacher, I'm 30 years old), relatives and their facts (my sister lives in Lyon,
my mom's birthday is March 5), habits (usually, always, every morning).

Not memories: questions, calendar-like statements ("meeting tomorrow at 3pm"), and
anything not in the first person (chatter).
"""

from __future__ import annotations

import re

from memcli.write.facts import Match, expand_en

__all__ = ["extract_matches", "is_calendar", "is_question", "match_clause", "prepare", "subject_of"]

RELATIVES = {
    "mother": "mother", "mom": "mother", "mum": "mother", "mommy": "mother", "mama": "mother",
    "father": "father", "dad": "father", "daddy": "father", "papa": "father", "wife": "wife",
    "husband": "husband", "daughter": "daughter", "son": "son", "brother": "brother", "sister": "sister",
    "grandfather": "grandfather", "grandpa": "grandfather", "grandmother": "grandmother", "grandma": "grandmother",
    "boyfriend": "boyfriend", "girlfriend": "girlfriend", "partner": "partner", "fiance": "partner",
    "fiancee": "partner", "kid": "child", "child": "child", "roommate": "roommate", "boss": "boss",
    "best friend": "best_friend", "friend": "friend", "aunt": "aunt", "uncle": "uncle", "cousin": "cousin",
}
_REL = "|".join(sorted((re.escape(k) for k in RELATIVES), key=len, reverse=True))
_FILLER = re.compile(r"^(?:(?:well|oh|so|and|also|actually|by the way|btw|honestly|anyway|um+|uh+|hey|ok|okay|yeah|"
                     r"you know|fyi|just so you know|remember that)[,\s]+)+", re.I)
_ADVERBS = re.compile(r"\b(?:really|absolutely|just|also|totally|actually|still|now|currently|definitely|kind of|"
                      r"sort of|truly|so|quite|very much|too)\b\s*")
_PRONOUN = re.compile(r"^(?:it|you|that|this|him|her|them|those|these|everything|nothing|something|one)$")
_QUESTION = re.compile(r"\?\s*$|^(?:what|what's|whats|how|who|whom|whose|when|where|why|which|do|does|did|is|are|"
                       r"was|were|can|could|would|will|should|shall|may|might|have|has|am)\b", re.I)
_REL_DAY = re.compile(r"\b(?:tomorrow|tonight|today|this (?:morning|afternoon|evening|weekend)|next (?:week|month|"
                      r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on (?:monday|tuesday|wednesday|"
                      r"thursday|friday|saturday|sunday))\b", re.I)
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\bo'clock\b|\bnoon\b", re.I)
_EVENT = re.compile(r"\b(?:meeting|meet|appointment|call|interview|flight|dinner|lunch|deadline|exam|class|"
                    r"reservation|remind|standup|conference)\b", re.I)
_HABIT = re.compile(r"\b(?:usually|always|often|regularly|normally|every (?:day|morning|night|evening|week|weekend|"
                    r"weekday|month|year)|each (?:morning|day|night|week)|on weekends|most (?:days|mornings|evenings)|"
                    r"(?:once|twice|three times) a (?:day|week|month)|tend to|daily|weekly)\b", re.I)
_OCCUPATION = re.compile(r"(?:er|or|ist|ian|ant|nurse|doctor|chef|student|engineer|teacher|lawyer|designer|"
                         r"developer|programmer|writer|artist|pilot|vet|dentist|scientist|cook)$")


def prepare(text: str) -> str:
    """One clause ready to match: fillers and trailing punctuation removed."""
    t = _FILLER.sub("", text.strip())
    return re.sub(r"[.!?;,\s]+$", "", t).strip()


def is_question(sentence: str) -> bool:
    """A question, not a statement (ends with ? or starts with a wh-word or auxiliary)."""
    return bool(_QUESTION.search(sentence.strip()))


def is_calendar(sentence: str) -> bool:
    """Calendar-like: a relative day with a clock time or an event ("meeting tomorrow at 3pm")."""
    rel, clock, event = _REL_DAY.search(sentence), _CLOCK.search(sentence), _EVENT.search(sentence)
    return bool((rel and (clock or event)) or (clock and event))


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith(("ches", "shes", "sses", "xes", "oes")):
        return word[:-2]
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _obj(text: str) -> str | None:
    """Clean an object phrase: articles and trailing intensifiers dropped, last word singular."""
    t = re.sub(r"\b(?:a lot|so much|very much|more than anything|too|as well|these days|anymore|any more)\b", "", text)
    t = re.sub(r"^(?:to |the |a |an |my |some |any )+", "", t.strip(" ,.")).strip(" ,.")
    if not t or _PRONOUN.match(t) or len(t.split()) > 6:
        return None
    words = t.split()
    words[-1] = _singular(words[-1])
    return " ".join(words)


def _m(stmt: str, kind: str, slot: str | None, value: str | None, sal: float, conf: float = 0.7) -> Match:
    return Match(statement=stmt, kind=kind, slot=slot, value=value, salience=sal, confidence=conf)


_LIKE = r"(?:love|loves|like|likes|enjoy|enjoys|adore|adores|prefer|prefers|am into|is into|am a fan of|is a fan of)"
_DISLIKE = (r"(?:hate|hates|dislike|dislikes|cannot stand|can not stand|detest|detests|loathe|loathes|"
            r"(?:do|does) not (?:like|love|enjoy)|never (?:liked|like|likes|enjoy))")


def _relative_fact(stmt: str, m: str) -> Match | None:
    r = re.match(rf"^my ({_REL})(?:'s| s)?\s+(.*)$", m)
    if not r:
        return None
    rel, rest = RELATIVES[r.group(1)], r.group(2)
    for pat, attr, kind in (
        (r"^birthday is (?:on )?(.+)$", "birthday", "relationship"),
        (r"^(?:name is|is called|is named|goes by) (.+)$", "name", "relationship"),
        (r"^(?:lives|is living|has lived|moved|just moved|relocated) (?:in|to) (.+)$", "residence", "relationship"),
        (r"^(?:moved|relocated) from .+? to (.+)$", "residence", "relationship"),
        (r"^(?:home|house) is in (.+)$", "residence", "relationship"),
        (r"^(?:job|profession|occupation) is (?:a |an )?(.+)$", "occupation", "relationship"),
        (r"^works (?:at|for|in) (.+)$", "workplace", "relationship"),
        (r"^works as (?:a |an )?(.+)$", "occupation", "relationship"),
        (r"^is allergic to (.+)$", "allergy", "health"),
    ):
        x = re.match(pat, rest)
        if x and _obj(x.group(1)):
            val = _obj(x.group(1))
            return _m(stmt, kind, f"{rel}.{attr}" + (f".{val}" if attr == "allergy" else ""), val, 0.8)
    x = re.match(rf"^(?:{_LIKE}|{_DISLIKE}) (.+)$", rest)
    if x and _obj(x.group(1)):
        return _m(stmt, "relationship", f"{rel}.like.{_obj(x.group(1))}", _obj(x.group(1)), 0.7)
    x = re.match(r"^is (?:a |an )(.+)$", rest)
    if x and _obj(x.group(1)) and _OCCUPATION.search(x.group(1)):
        return _m(stmt, "relationship", f"{rel}.occupation", _obj(x.group(1)), 0.7)
    if x and _obj(x.group(1)):
        return _m(stmt, "relationship", f"{rel}.identity", _obj(x.group(1)), 0.7)
    return None


_REL_PREFIX = re.compile(rf"^my ({_REL})\b")


def subject_of(text: str) -> str:
    """``me``, or the relative a statement is about (My husband … → husband)."""
    r = _REL_PREFIX.match(expand_en(prepare(text)))
    return RELATIVES[r.group(1)] if r else "me"


def match_clause(clause: str) -> Match | None:
    """The fact one English clause states, or None (not first person / not a fact)."""
    stmt = clause.strip()
    if not stmt:
        return None
    stmt = stmt[0].upper() + stmt[1:]
    m = _ADVERBS.sub("", expand_en(stmt)).strip()
    if _REL_PREFIX.match(m):  # about a relative: only the relative rules apply
        return _relative_fact(stmt, m)
    if not re.match(r"^(?:i|my)\b", m):
        x = re.match(r"^(.+?) is my favou?rite (\w+(?: \w+)?)$", m)
        if x and _obj(x.group(1)):
            return _m(stmt, "preference", f"favourite.{x.group(2)}", _obj(x.group(1)), 0.7)
        return None
    x = re.match(r"^my favou?rite (\w+(?: \w+)?) is (.+)$", m)
    if x and _obj(x.group(2)):
        return _m(stmt, "preference", f"favourite.{x.group(1)}", _obj(x.group(2)), 0.7)
    x = re.match(rf"^i have (?:a|an|one|two|three|an older|a younger|an elder|a little|a big) ?(?:older |younger |"
                 rf"little |big |elder )?({_REL})", m)
    if x:
        return _m(stmt, "relationship", f"has.{RELATIVES[x.group(1)]}", "yes", 0.6, 0.65)
    for pat, slot, kind, sal in (
        (r"^my birthday is (?:on )?(.+)$", "birthday", "identity", 0.8),
        (r"^(?:my name is|i am called|call me|people call me) (.+)$", "name", "identity", 0.9),
        (r"^i (?:live|am living|have lived|have been living|moved|have moved|relocated) (?:in|to) (.+)$",
         "residence", "identity", 0.8),
        (r"^my (?:home|house|flat|apartment) is in (.+)$", "residence", "identity", 0.8),
        (r"^i (?:moved|relocated) from .+? to (.+)$", "residence", "identity", 0.8),
        (r"^i .*\blive in (.+)$", "residence", "identity", 0.8),
        (r"^my (?:job|profession|occupation) is (?:a |an )?(.+)$", "occupation", "identity", 0.8),
        (r"^i am (?:a |an )?(.+?) by (?:profession|trade)$", "occupation", "identity", 0.8),
        (r"^i have (?:a |an )?(.+?) allergy$", "allergy", "health", 0.9),
        (r"^i work (?:at|for) (.+)$", "workplace", "identity", 0.8),
        (r"^i work as (?:a |an )?(.+)$", "occupation", "identity", 0.8),
        (r"^i (?:am from|come from|grew up in) (.+)$", "hometown", "identity", 0.7),
        (r"^i am (\d+)(?: years old)?$", "age", "identity", 0.7),
    ):
        x = re.match(pat, m)
        if x and _obj(x.group(1)):
            val = _obj(x.group(1))
            return _m(stmt, kind, f"allergy.{val}" if slot == "allergy" else slot, val, sal)
    x = re.match(r"^i am (?:a |an )([a-z]+(?: [a-z]+)?)$", m)
    if x and _OCCUPATION.search(x.group(1)):
        return _m(stmt, "identity", "occupation", x.group(1), 0.8)
    x = re.search(r"\b(?:allergic to|allergy to|an allergy to) (.+)$", m)
    if x and _obj(x.group(1)):
        return _m(stmt, "health", f"allergy.{_obj(x.group(1))}", _obj(x.group(1)), 0.9, 0.75)
    if re.search(r"\b(coffee|tea)\b", m) and (x := re.search(r"\b(sugar|milk|cream|honey)\b", m)):
        drink = re.search(r"\b(coffee|tea)\b", m).group(1)  # type: ignore[union-attr]
        return _m(stmt, "preference", f"{drink}.{x.group(1)}", None, 0.7)
    if re.match(r"^i am (?:a )?(?:vegetarian|vegan)\b", m):
        return _m(stmt, "preference", "diet", re.search(r"vegetarian|vegan", m).group(0), 0.7)  # type: ignore[union-attr]
    x = re.match(rf"^i (?:{_LIKE}|{_DISLIKE}) (.+)$", m)
    if x and _obj(x.group(1)):
        obj = _obj(re.split(r"\b(?:over|rather than|more than)\b", x.group(1))[0])
        if obj:
            return _m(stmt, "preference", f"like.{obj}", obj, 0.6)
    x = re.match(r"^i (?:do not|never|no longer) (eat|drink) (.+)$", m)
    if x and _obj(x.group(2)):
        return _m(stmt, "preference", f"{x.group(1)}.{_obj(x.group(2))}", _obj(x.group(2)), 0.6)
    if _HABIT.search(m) and m.startswith("i "):
        return _m(stmt, "habit", None, None, 0.5, 0.6)
    return None


_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;]*")


def extract_matches(text: str) -> list[Match]:
    """Facts stated in an English utterance: split into sentences and clauses ("…, and I …"),
    questions and calendar-like sentences skipped."""
    out: list[Match] = []
    for sent in _SENTENCE.findall(text):
        sent = sent.strip()
        if not sent or is_question(sent) or is_calendar(sent):
            continue
        for part in re.split(r",?\s+(?:and|but)\s+(?=(?:i|my|i'm|i've)\b)|,\s+(?=(?:i|my|i'm|i've)\b)", sent, flags=re.I):  # noqa: E501
            hit = match_clause(prepare(part))
            if hit is not None:
                out.append(hit)
    return out
