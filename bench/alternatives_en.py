"""Alternative questions and relative clauses holding "I" (round 44): does the context block hold the memory that
decides the question? Own sentences, written for this measure; three sets:

- ``plain``: 19 alternatives ("Do I prefer tea or coffee?") and 6 questions with a relative clause holding "I"
  ("What's the name of the café I like?"), the answer word in the memory (the block, limit 5);
- ``hard``: 20 alternatives whose memory names neither option, an instance of one or a third thing ("Do I drive or
  take the bus to work?" after "I cycle to the office most days"; the block, limit 3);
- ``none``: 15 alternatives the ``hard`` store does not answer: no block expected.

    python bench/alternatives_en.py          # per set: right / n, and each miss
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

AT = "2026-05-02T10:00:00+00:00"
ASK = "2026-06-01T10:00:00+00:00"
PLAIN_TURNS = [
    "I much prefer green tea to coffee in the mornings.",
    "My sister moved to Lyon for her new job last year.",
    "Last summer we spent two weeks in Rome.",
    "I drive a silver Mazda hatchback.",
    "My son Theo is allergic to cats.",
    "I usually swim at the leisure centre on Tuesdays.",
    "My brother works as a pharmacist in Glasgow.",
    "We booked our honeymoon in Portugal.",
    "My daughter plays the cello in the school orchestra.",
    "I'm a night owl, I rarely sleep before 1am.",
    "Our dog Biscuit is a border terrier.",
    "I grew up in a small town near Cork.",
    "I take the train to work because parking is expensive.",
    "My favourite season is autumn.",
    "My wife is vegetarian but I still eat fish.",
    "I'm reading a biography of Marie Curie at the moment.",
    "The café I like most is the one with the blue door on Mill Street.",
    "My mum's birthday is on the 14th of August.",
    "I support Celtic, like my dad.",
    "My landlord finally fixed the boiler last week.",
    "I've started learning Portuguese on an app.",
    "My best friend Nadia lives in Toronto.",
]
PLAIN = [
    ("Do I prefer tea or coffee?", "green tea"),
    ("Is my sister in Lyon or Paris?", "Lyon"),
    ("Did I go to Rome or Milan last summer?", "Rome"),
    ("Do I drive a Mazda or a Ford?", "Mazda"),
    ("Is Theo allergic to cats or dogs?", "allergic to cats"),
    ("Do I swim on Tuesdays or Thursdays?", "Tuesdays"),
    ("Is my brother a pharmacist or a doctor?", "pharmacist"),
    ("Was our honeymoon in Portugal or Spain?", "Portugal"),
    ("Does my daughter play the violin or the cello?", "cello"),
    ("Am I a morning person or a night owl?", "night owl"),
    ("Is Biscuit a border terrier or a beagle?", "border terrier"),
    ("Did I grow up near Cork or Dublin?", "Cork"),
    ("Do I go to work by train or by car?", "train"),
    ("Is my favourite season autumn or spring?", "autumn"),
    ("Is my wife vegetarian or vegan?", "vegetarian"),
    ("Do I support Celtic or Rangers?", "Celtic"),
    ("Am I learning Portuguese or Spanish?", "Portuguese"),
    ("Does Nadia live in Toronto or Vancouver?", "Toronto"),
    ("Is my mum's birthday in August or September?", "14th of August"),
    # relative clause holding "I"
    ("What's the name of the café I like?", "blue door"),
    ("What's the book I'm reading?", "Marie Curie"),
    ("Who is the friend I have in Toronto?", "Nadia"),
    ("What's the language I'm learning?", "Portuguese"),
    ("Which team is it that I support?", "Celtic"),
    ("What's the instrument my daughter plays?", "cello"),
]
HARD_TURNS = [
    "I can't stand the taste of coffee.",
    "My sister lives in Marseille now.",
    "We adopted a beagle called Rufus in April.",
    "My older brother Sam is a paramedic.",
    "I cycle to the office most days.",
    "I'm into jazz these days.",
    "My husband is from Seville.",
    "I've been working from home since the office closed.",
    "My daughter is in year 9.",
    "We rent a two-bed flat above a bakery.",
    "I go to bed around 10pm and get up at 5:30.",
    "My dad is retired now.",
    "I'm allergic to penicillin.",
    "We went skiing in the Alps over Christmas.",
    "I play squash on Thursday evenings.",
    "I've got a gluten intolerance.",
    "My partner and I split up in January.",
    "I work as a nurse on the children's ward.",
    "I do my weekly shop at Lidl.",
    "I spent last summer in Greece with my cousins.",
]
HARD = [
    ("Do I prefer tea or coffee?", "coffee"),
    ("Is my sister in Lyon or Paris?", "Marseille"),
    ("Do I have a cat or a dog?", "beagle"),
    ("Is Sam older or younger than me?", "older brother"),
    ("Do I drive or take the bus to work?", "cycle"),
    ("Do I like rock or pop music?", "jazz"),
    ("Is my husband Spanish or Italian?", "Seville"),
    ("Do I work in the office or from home?", "from home"),
    ("Is my daughter in primary or secondary school?", "year 9"),
    ("Do we own our place or rent?", "rent"),
    ("Am I an early bird or a night owl?", "5:30"),
    ("Does my dad still work or is he retired?", "retired"),
    ("Am I allergic to penicillin or amoxicillin?", "penicillin"),
    ("Did we go to the beach or the mountains at Christmas?", "Alps"),
    ("Do I play tennis or squash?", "squash"),
    ("Can I eat bread or pasta?", "gluten"),
    ("Am I single or in a relationship?", "split up"),
    ("Am I a doctor or a nurse?", "nurse"),
    ("Do I shop at Aldi or Lidl?", "Lidl"),
    ("Did I go to Italy or Greece last summer?", "Greece"),
]
NONE = ["Is my cousin in Oslo or Bergen?", "Do I own a piano or a keyboard?", "Is my boss strict or relaxed?",
      "Does my niece study maths or physics?", "Do I take vitamin C or D?", "Is my dentist in town or out of town?",
      "Did I fly with BA or easyJet?", "Is my grandmother alive or not?", "Do I prefer Netflix or Disney?",
      "Is Paris bigger or smaller than London?", "Is tea or coffee healthier?", "Do cats or dogs live longer?",
      "Is my neighbour called Tom or Tim?", "Does my mum prefer roses or tulips?", "Do I watch football or rugby?"]


def _store(turns: list[str]):  # noqa: ANN202
    from memcli import Memory

    m = Memory(db=os.path.join(tempfile.mkdtemp(), "m.db"), user="u")
    for t in turns:
        m.capture(t, at=AT)
    m.drain()
    return m


def main() -> None:
    os.environ["MEMCLI_CONFIG"] = os.devnull  # the shipped defaults
    plain, hard = _store(PLAIN_TURNS), _store(HARD_TURNS)
    for name, m, qs, limit in (("plain", plain, PLAIN, 5), ("hard", hard, HARD, 3)):
        right = 0
        for q, key in qs:
            text = m.context(q, as_of=ASK, limit=limit, budget_ms=120_000).text
            right += key.lower() in text.lower()
            if key.lower() not in text.lower():
                print(f"  {name} miss: {q!r} (wants {key!r})")
        print(f"{name}: {right}/{len(qs)} blocks hold the deciding memory")
    empty = 0
    for q in NONE:
        text = hard.context(q, as_of=ASK, budget_ms=120_000).text
        empty += text == ""
        if text:
            print(f"  none block: {q!r}")
    print(f"none: {empty}/{len(NONE)} empty")


if __name__ == "__main__":
    main()
