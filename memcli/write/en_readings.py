"""Other readings of an English clause unit the clause model scores beside the unit itself (round 35).

English chat tells a deed or a thing of the speaker's and, in the same breath, how it felt or what it
was like. The clause model was fitted on clauses that say one thing, and scored two kinds of such
units under its threshold, so what a later question asks for was never stored:

- **a pronoun that points back and says what the thing is** ("It's about two sisters who run a bakery", "It
  has a clawfoot tub and a tiny garden", "It's a small park with a trail by the river"): read alone it says
  nothing of whose thing it is (0.0-0.2), but a kept one is stored with the sentence before it
  (:func:`memcli.write.rules.en_carry.with_referent`: "I finished my first novel. It's about two sisters who
  run a bakery"), so it is scored as that too: the words that would be stored. Only a sentence that tells
  what the thing is about, has, holds or is made of, or what kind of thing it is with a detail
  (:data:`_DESCRIBES`): joined to a fact, "It was amazing" or "It's so relaxing" scores as the fact, and
  was kept as a second, longer copy of it that pushed other memories out of a search's top 5;
- **a deed told first, then a judgement** ("I helped out at the food bank downtown, and it was so moving
  to see everyone pitch in", "We tried this game called Azul - it's a clever tile game where you…"): the
  first clause alone scores as the fact it is (0.99), the whole as a feeling. The first clause is scored
  when it opens with the speaker (I, we, my / our + a noun) and says four words or more; kept, the whole
  unit is stored, in the speaker's words.

A unit counts as kept when any of its readings is, the higher score counting (as a relay of news is
scored by its news too: :mod:`memcli.write.relay`). Pure functions over units.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from memcli.write.clauses import Unit
from memcli.write.rules.en_carry import with_referent

__all__ = ["describes", "lead_clause", "with_readings"]

#: where a judgement or an aside joins the clause before it: a spaced dash, ", and/but/so", a semicolon
_JOIN = re.compile(r"\s[-–—]+\s|,\s(?:and|but|so)\s|;\s")
#: the speaker as the subject of the first clause (I, we, my sister, our dog)
_SPEAKER = re.compile(r"^(?:(?:so|and|but|also|plus|then|just|actually)[, ]+)*(?:I|I'm|I've|I'd|We|We're|We've|"
                      r"(?:My|Our) [a-z]+(?:'s)?)\b", re.I)
#: …with a verb of its own after it, not a feeling or a state said of the speaker (I'm so glad…, I was happy…)
_FEELING = re.compile(r"^\W*(?:I|we)(?:'m| am| was| were|'re| are| feel| felt| got)? (?:so |really |super |very |"
                      r"pretty |kinda |a bit )*(?:glad|happy|excited|thrilled|proud|sad|sorry|grateful|thankful|"
                      r"stoked|nervous|scared|lucky|tired|bummed|feeling|hoping|wondering|thinking|sure)\b", re.I)
#: the words a lead clause needs to stand alone
_MIN_WORDS = 4
_PRON = r"(?:(?:and|so|but|plus|also)[, ]+)*(?:it|they|he|she)"
_BE = r"(?:'s|'re| is| are| was| were)"
#: a sentence on a thing said before that says what it is about, has or is made of, or what kind of thing it is
#: with a detail ("It's a tiny juniper that's forty years old"); not how it was ("It was amazing", "It's a nice change")
_DESCRIBES = re.compile(
    rf"^{_PRON}{_BE}? (?:(?:all|mostly|basically|really|also|actually|just) )*(?:about|based on|set in|"
    r"made (?:with|from|of|by)|called|named|written by|built (?:in|by)|from|for)\b"
    rf"|^{_PRON}(?: has| have|'s got|'ve got| has got| contains?| covers?| focus(?:es)? on| features?| includes?|"
    r" eats?| sleeps| seats| holds| stars| uses| had (?:lots|a lot|plenty|loads) of)\b(?! (?:so|such|too) )"
    rf"|^{_PRON}{_BE} (?:a|an) (?:[\w-]+ ){{0,4}}?[\w-]+ (?:about|made|with|where|that|from|called|named|set|"
    r"based|in|by|who|which)\b"
    r"|^(?:its|their|his|her) [a-z]+ (?:is|are|was|were)\b", re.I)


def lead_clause(unit: Unit) -> Unit | None:
    """The first clause of an English ``unit`` that goes on after a dash, ", and / but / so" or ";" when it
    opens with the speaker and tells something of four words or more (see the module doc); else None.
    "I helped out at the food bank, and it was moving" → "I helped out at the food bank"."""
    if unit.lang != "en" or (m := _JOIN.search(unit.text)) is None:
        return None
    lead = unit.text[:m.start()].strip(" ,")
    if not _SPEAKER.match(lead) or _FEELING.match(lead) or lead.endswith("?") or \
            len(re.findall(r"[A-Za-z0-9']+", lead)) < _MIN_WORDS or not unit.text[m.end():].strip(" .!?"):
        return None
    return Unit(lead, unit.lang)


def describes(text: str) -> bool:
    """Whether the English sentence ``text`` opens with a pronoun and says what the thing it means is about,
    has, holds or is made of, or what kind of thing it is with a detail (see the module doc)."""
    return bool(_DESCRIBES.match(text.strip()))


def _others(parts: Sequence[Unit], unit: Unit) -> list[Unit]:
    if unit.lang != "en":
        return []
    out = []
    if _DESCRIBES.match(unit.text) and (joined := with_referent(list(parts), unit)) is not unit:
        out.append(joined)
    if (lead := lead_clause(unit)) is not None:
        out.append(lead)
    return out


def with_readings(parts: Sequence[Sequence[Unit]], units: list[Unit]) \
        -> tuple[list[Unit], Callable[[np.ndarray], np.ndarray]]:
    """``units`` (each of the utterance whose units are ``parts[k]``) followed by their other readings
    (see the module doc), to score in one call, and the fold of those scores back to one per unit of
    ``units``: the highest of a unit's readings."""
    extra = [(k, r) for k, (p, u) in enumerate(zip(parts, units, strict=True)) for r in _others(p, u)]

    def fold(prob: np.ndarray) -> np.ndarray:
        out = prob[:len(units)].copy()
        for n, (k, _) in enumerate(extra):
            out[k] = max(out[k], prob[len(units) + n])
        return out

    return [*units, *(r for _, r in extra)], fold
