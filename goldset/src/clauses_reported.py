# ruff: noqa: E501  (data lists: one clause per line reads best)
"""Clauses of two kinds the first lists lacked (issue 19, silence), with durable counter-examples.

Written by hand for memcli on 2026-12-02, in our own words; nothing copied or paraphrased from a
goldset case, dev2 or any public data set.

- ``hearsay`` (not): a third party's view reported by the user ("my neighbour thinks the gym is
  overpriced") — someone else's opinion of a thing, nothing durable about the user's world.
  Counter-examples (fact): what a third party *is* or has (``third_party``: "my neighbour is a
  retired pilot"), and reported speech whose content is the user's own lasting condition
  (``reported_own``: "my doctor says I'm anaemic").
- ``transient`` (not): a passing remark about a one-off momentary state of a thing ("the bus was
  late again", "it was freezing at the bus stop") — past tense, no possessive, no lasting
  attribute. Counter-examples (fact): lasting attributes of things of the user's world, told in
  the past tense or not, and the user's opinion of a work or a place (``lasting_thing``: "my first car
  was a Corolla", "our building has no lift", "the last Bond film was brilliant").
- advice a third party gives the user ("my mom says I should eat more vegetables") is ``hearsay`` too:
  their view, not a fact of the user's world.

Groups of 4 consecutive clauses of a kind, as in :mod:`clauses_en` / :mod:`clauses_zh`. English only:
Chinese lists of the same kinds (听说…, 我同事说…, 昨天路上特别堵 and their counter-examples), tried on
2026-12-02, raised the joint model's Chinese threshold 0.95 → 0.98 and cut its out-of-fold Chinese
recall 0.838 → 0.775, losing a goldset case, while Chinese silence was already 100%; the ``hearsay`` /
``transient`` signals read Chinese too (:mod:`memcli.write.clauses`).
"""

from __future__ import annotations

FACT, NOT = "fact", "not"

EN: dict[tuple[str, str], list[str]] = {
    (NOT, "hearsay"): [
        "My neighbour thinks the gym on the corner is overpriced", "My coworker says the new tax rules are a mess", "Everyone at work says the cafeteria got worse",
        "My brother reckons electric cars are a fad", "My aunt swears that bakery uses margarine", "Her husband says the beach up north is nicer",
        "My roommate thinks that show is overrated", "People say the museum is worth a visit", "My boss said the quarterly numbers look fine",
        "His mom thinks the school is too strict", "My cousin claims the old bridge is haunted", "A friend of mine says the Thai place closed",
        "They say the lake is nice in autumn", "My dad keeps saying the neighbourhood has gone downhill", "Our landlord thinks the heating is fine",
        "My sister told me the concert was loud", "My mom mentioned the pharmacy opens late on Sundays", "Somebody said the hiking trail is muddy",
        "My teammate believes the deadline will slip", "Their kids think the playground is boring", "My friend recommended that podcast about history",
        "My barber says the city will raise parking fees", "My in-laws think the suburbs are too quiet", "Everybody says that café has the best croissants",
        "My mom says I should eat more vegetables", "My trainer thinks I should rest my knee", "My boss said I should take a few days off",
        "My friends keep saying I should get a dog",
    ],
    (NOT, "transient"): [
        "The bus was late again", "It was freezing at the bus stop", "The line at the post office was so long",
        "The supermarket was completely empty", "The meeting room was really hot", "The road was jammed near the stadium",
        "The flight was delayed by two hours", "That lecture hall was packed", "The pool was closed for cleaning",
        "Traffic was terrible on the bridge", "The café was super noisy", "It was so humid on the walk home",
        "The elevator was out of order", "The park was crowded with tourists", "The printer at the library was broken",
        "The waiting room was full", "The streets were icy", "The parking lot was busy",
        "The shuttle was cancelled", "The ferry was slow", "The platform was chaotic",
        "The gym was quiet this morning", "The wifi at the hotel was down", "The checkout queue was insanely long",
    ],
    (FACT, "third_party"): [
        "My neighbour is a retired pilot", "My coworker grew up in Lagos", "My brother has two kids",
        "My aunt runs a bakery in Leeds", "My roommate is vegan", "My cousin is studying law in Edinburgh",
        "My boss has a golden retriever", "My friend Nadia is a nurse", "My sister lives in Vancouver",
        "My father-in-law was a firefighter", "My best friend works at a bank", "Our landlord lives upstairs",
    ],
    (FACT, "reported_own"): [
        "My doctor says I'm anaemic", "My dentist told me I grind my teeth", "The allergist said I'm allergic to shellfish",
        "My doctor thinks I have mild asthma", "My optician says I need reading glasses", "My physio says I have flat feet",
        "My GP told me I'm prediabetic", "The specialist said I have a slipped disc",
    ],
    (FACT, "lasting_thing"): [
        "My first car was a Corolla", "Our old apartment was on the fifth floor", "The house I grew up in was a farmhouse",
        "My childhood dog was a beagle", "Our building has no lift", "The school my kids go to is bilingual",
        "My bike is a secondhand Trek", "Our flat is tiny but bright", "The office I work in is open plan",
        "My grandparents' house was in a small village", "My laptop is a ThinkPad", "Our kitchen is gas, not induction",
        "The last Bond film was brilliant", "That documentary about octopuses was fascinating", "The book my sister lent me was dull",
        "The Italian place we tried was disappointing",
    ],
}


def clauses(lang: str) -> list[dict]:
    """The clauses of ``lang`` as ``{"text", "label", "kind", "group"}`` (groups of 4 of a kind)."""
    rows = []
    for (label, kind), items in (EN if lang == "en" else {}).items():
        for i, text in enumerate(items):
            rows.append({"text": text, "label": label, "kind": kind, "group": f"{lang}-{kind}-r{i // 4}"})
    return rows
