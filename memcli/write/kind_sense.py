"""A kind the rules gave that the fact's words deny (round 47, English; a treatment also in Chinese).

Round 47's trial listed, in the ``[kind, since …]`` every block line shows, kinds no reader would give:

- **a treatment by the user's doctor** filed ``relationship`` ("My doctor switched me from one pill to another for
  my blood pressure", slot ``doctor.event.switched_from``): the doctor is the actor, the fact is the user's
  health — ``health`` when a care-giver acts on the user (me / my) and a health word is named (a condition, a
  medication, a dose; :mod:`memcli.write.kind_words`' lexicon, or prescribed / put me on / pills / mg);
- **a body part's state** filed ``preference`` ("My knee is finally better", ``thing:knee.opinion.better``): the
  rules read "the X is <word>" as an opinion of X; of a body part it is the user's ``health``;
- **an arrangement** filed ``preference`` ("The closing is set for May 2nd", ``thing:closing.opinion.set``): a
  participle of arranging (set, scheduled, booked, planned…) is no opinion — ``other``;
- **a name** filed ``preference`` ("The kids are Leo …", ``thing:kid.opinion.leo``): a name is no opinion — the
  people the user names by a relation are ``relationship``, anything else ``other``.

Only those kinds change; every other kind is kept as given. Pure functions of text.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.models import Kind
from memcli.text import lang_of, to_simplified

__all__ = ["kind_by_sense"]

_CARE = (r"doctor|doc|gp|dentist|nurse|physician|therapist|pharmacist|cardiologist|dermatologist|psychiatrist|"
         r"specialist|surgeon|allergist|optometrist|physio|physiotherapist|midwife|oncologist|neurologist")
_EN_CARE_ON_ME = re.compile(rf"^(?:my|our|the) (?:new |family |regular )?(?:{_CARE})\b.*\b(?:me|my)\b", re.I)
_EN_TREATMENT = re.compile(r"\b(?:prescri\w+|put me on|took me off|taken me off|switched me|changed my|upped my|"
                           r"lowered my|increased my|reduced my|doses?|dosage|pills?|tablets?|\d+ ?mg|medicines?|"
                           r"meds|medication|blood (?:pressure|sugar)|cholesterol|antibiotics?|inhaler|injections?|"
                           r"vaccin\w+|shots?|surgery|therapy)\b", re.I)
_ZH_CARE_ON_ME = re.compile(r"(?:医生|大夫|牙医|护士|药剂师).{0,6}(?:给|让|帮)我")
_ZH_TREATMENT = re.compile(r"药|剂量|血压|血糖|胆固醇|手术|打针|疫苗|治疗|胰岛素")
_BODY = frozenset("ankle knee back wrist shoulder hip neck foot feet leg arm hand finger toe eye eyes ear ears tooth "
                  "teeth stomach tummy head skin throat chest elbow heel spine jaw gut sinuses sinus lungs lung heart "
                  "migraine cough cold flu rash fever sprain injury".split())
_ARRANGED = frozenset("set scheduled booked planned fixed confirmed arranged delayed postponed cancelled canceled "
                      "moved pushed due slated penciled pencilled organised organized".split())
_EN_NAMED = re.compile(r"^(?:the|my|our) ([a-z]+) (?:is|are|was|were) (?:called |named )?(?-i:[A-Z][a-z]+)\b", re.I)


def kind_by_sense(statement: str, kind: Kind, slot: str | None = None) -> Kind:
    """``kind``, or the kind the words of ``statement`` (either script; ``slot``: its slot or None) give where the
    rules' kind reads wrong: a care-giver's treatment of the user → ``health``; an opinion slot of a body part →
    ``health``, of an arrangement (is set for, is scheduled) → ``other``, naming someone → ``relationship`` (see
    the module doc)."""
    if kind == Kind.RELATIONSHIP:
        if lang_of(statement) == "zh":
            text = to_simplified(statement)
            return Kind.HEALTH if _ZH_CARE_ON_ME.search(text) and _ZH_TREATMENT.search(text) else kind
        return Kind.HEALTH if _EN_CARE_ON_ME.search(statement) and _EN_TREATMENT.search(statement) else kind
    if kind != Kind.PREFERENCE or not slot:
        return kind
    subject, attr, value = slots.split_slot(slot)
    if attr != "opinion" or not subject.startswith("thing:"):
        return kind
    thing = subject.removeprefix("thing:").casefold()
    if thing in _BODY or thing.rstrip("s") in _BODY:
        return Kind.HEALTH
    if (value or "").casefold() in _ARRANGED:
        return Kind.OTHER
    if (m := _EN_NAMED.match(statement)) and m.group(1).casefold().rstrip("s") == thing.rstrip("s"):
        return Kind.RELATIONSHIP if slots.relation_en(m.group(1)) or thing in ("kid", "kids", "child") else Kind.OTHER
    return kind
