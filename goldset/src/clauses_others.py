# ruff: noqa: E501  (data lists: one clause per line reads best)
"""English clauses of kinds chat tells in passing that the first lists lacked (round 41, memories alone on
English chat): what a person of the speaker's life did, got or made, said by a bare first name, and what the
speaker is working on "right now", with counter-examples of the same grammar.

Written by hand for memcli on 2026-12-07, in our own words; nothing copied or paraphrased from a goldset case,
dev2, a fixture or any public data set.

- ``named_deed`` (fact): a friend, partner or relative named by first name alone (the speaker's world: chat
  names people it has introduced before) did, got, made, started, won or moved something, with its thing, place,
  time or detail ("Marta built us a bench out of old pallets", "Kofi proposed at the lighthouse on Friday"): a
  later question asks what, where, when. Read alone the name is no relation word, so the clause model took it
  for news about a stranger (P 0.001–0.4).
- ``ongoing_project`` (fact): what the speaker or their team is making or working on now, with "right now",
  "at the moment", "these days" before it ("Right now we're putting together a grant map for the parish").
- ``named_passing`` (not): the same grammar about a moment of a named person's day (running late, asleep, on
  the phone) — nothing a later question needs.
- ``public_named`` (not): a public figure or a team in the news, said by name ("Serena announced her
  retirement") — no one of the speaker's world.
- ``right_now_chore`` (not): the speaker's moment with "right now" (eating, waiting, watching) — passing.

Groups of 4 consecutive clauses of a kind, as in :mod:`clauses_reported`. English only.
"""

from __future__ import annotations

FACT, NOT = "fact", "not"

EN: dict[tuple[str, str], list[str]] = {
    (FACT, "named_deed"): [
        "Marta built us a bench out of old pallets for the porch", "Kofi proposed at the lighthouse on Friday", "Ingrid got into the architecture program at Delft", "Tomasz adopted a three-legged beagle called Rocket",
        "Ravi finished his first marathon in just under four hours", "Beatriz opened a little flower shop near the station", "Oscar sold his motorbike to pay for the wedding", "Yusuf started a new job at the port authority",
        "Greta knitted a blanket for the baby in two weeks", "Hamid moved to Glasgow in the spring to be near his daughter", "Colette won a ribbon for her plum jam at the county fair", "Declan passed his bar exam on the second try",
        "Imani painted the nursery yellow with little clouds", "Felix retired from the fire service after twenty years", "Nadine took the kids camping at Lake Placid last weekend", "Mateo learned to play the banjo over the winter",
        "Aiko made a quilt out of her dad's old shirts", "Lorenzo bought a secondhand sailboat called Gull", "Rosalind grows tomatoes and beans on her balcony", "Emeka coaches a girls' basketball team on Saturdays",
        "Tilly broke her wrist falling off a ladder in March", "Soren built a pizza oven in his back garden", "Priya had her baby on Tuesday, a boy called Arun", "Wendell gave me his old record player when he moved",
        "Juno got a scholarship to study marine biology", "Anselm fixed the brakes on my bike for free", "Dalia runs a book club at the library every month", "Niall drove up from Cork for my birthday",
        "Fatima went back to nursing school at forty", "Bram planted an apple tree for each of his grandkids", "Odette was a ballet teacher in Lyon for thirty years", "Kwame restored a 1968 Beetle with his son",
        "Luz bought us matching mugs from her trip to Oaxaca", "Henrik built a treehouse for the twins out of cedar", "Sadie joined a rowing club on the river", "Matteo taught me to make gnocchi last Sunday",
    ],
    (FACT, "ongoing_project"): [
        "Right now we're putting together a grant map for the parish", "At the moment I'm writing a field guide to local mushrooms", "These days we're rebuilding the website for my mum's bakery", "Right now I'm sewing costumes for my daughter's school play",
        "At the moment we're designing a playground for the new estate", "Right now we're building an app that tracks bus delays", "These days I'm translating a cookbook from Portuguese", "Right now my team is testing a new water filter for schools",
        "At the moment I'm restoring a rocking chair for my grandmother", "Right now we're planning a community garden behind the church", "These days I'm recording an album with my brother", "Right now I'm training a rescue collie for agility trials",
    ],
    (NOT, "right_now_chore"): [
        "Right now I'm eating a sandwich at my desk", "At the moment we're waiting for the pizza", "Right now I'm watching the rain", "Right now we're sitting in the car outside the shop",
        "At the moment I'm just scrolling on my phone", "Right now I'm waiting for the kettle to boil", "Right now we're stuck at the airport", "At the moment I'm folding the laundry",
    ],
}


def clauses(lang: str) -> list[dict]:
    """The clauses of ``lang`` as ``{"text", "label", "kind", "group"}`` (groups of 4 of a kind)."""
    rows = []
    for (label, kind), items in (EN if lang == "en" else {}).items():
        for i, text in enumerate(items):
            rows.append({"text": text, "label": label, "kind": kind, "group": f"{lang}-{kind}-x{i // 4}"})
    return rows
