# ruff: noqa: E501  (data lists: one clause per line reads best)
"""English clauses of a kind the first lists lacked (issue 19, LoCoMo memories alone): an
experience of the speaker's life told to a friend, with routine counter-examples.

Written by hand for memcli on 2026-12-03, in our own words; nothing copied or paraphrased from a
goldset case, dev2 or any public data set.

- ``told_experience`` (fact): a one-off thing the speaker did, went to or took part in, told with
  its place, purpose, occasion or company, or how long they have been doing something ("I went on
  a weekend trip to Lisbon to unwind", "I auditioned for a part in a local play on Tuesday",
  "We played a board game called Azul with my cousins"): a later question asks where, why, with
  whom, what, how long — it is part of their history, not a passing remark.
- ``what_a_thing_is`` (fact): what a thing of the speaker's (a book they read, a game they made, a
  gift) is about or contains ("My novel is about two sisters who run a bakery").
- ``routine_now`` (not): the same grammar about a chore of the moment with no occasion — today,
  just, right now, nothing a later question needs (the ``passing_event`` kind of :mod:`clauses_en`
  says more of it).

Groups of 4 consecutive clauses of a kind, as in :mod:`clauses_reported`. English only.
"""

from __future__ import annotations

FACT, NOT = "fact", "not"

EN: dict[tuple[str, str], list[str]] = {
    (FACT, "told_experience"): [
        "I went on a weekend trip to Lisbon to unwind", "I auditioned for a part in a community play on Tuesday", "We played a board game called Azul with my cousins", "I spent a week in Kyoto with my sister last spring",
        "I volunteered at a blood drive at my old high school", "I signed up for a woodworking class at the library", "I took my nephews to the aquarium over the weekend", "I ran my first trail race in the Catskills",
        "I went to a jazz festival in Montreal with two college friends", "We drove up to the coast to watch the sunrise", "I entered a chili cook-off at our church and came third", "I visited my grandparents' village for the first time",
        "I gave a talk about composting at the town hall", "I took a ceramics workshop in Portland to learn glazing", "We hosted a barbecue for the neighbours to welcome the new family", "I went camping at Lake Tahoe to get away from the noise",
        "I've been playing the cello for about eight months now", "I've been coaching my son's soccer team for two seasons", "I've been going to salsa lessons every Thursday since March", "I've been restoring an old sailboat for a year",
        "I built a treehouse for my daughter from pallet wood", "I knitted a scarf for my friend's birthday", "I baked a lemon tart for the office party", "I painted a mural of sunflowers in my kid's room",
        "I interviewed for a job at a design studio in Austin", "I met a retired astronaut at a science fair", "I finished reading a novel about a lighthouse keeper", "I watched a documentary about coral reefs and loved it",
        "I took a trip to Savannah last month to clear my head", "I drove to my aunt's cabin for a few days to recharge", "I took a long weekend in Prague to get some rest", "I went up to the mountains for a week to think things over",
        "I took the train to Boston to see my old roommate", "I took a day trip to the vineyards with my husband", "We went to a cooking class in Naples and learned to make pasta", "I spent the holidays at my parents' farm to help with the harvest",
        "I took my dogs to the lake and they swam all afternoon", "I took my mom to a musical for her birthday", "I went to a career day at my son's school to talk about nursing", "I joined a beach cleanup in Santa Cruz with my running club",
        "I flew to Denver for my cousin's wedding", "I helped my uncle move his bakery to a bigger shop", "We adopted a pair of guinea pigs from a shelter in town", "I went to a pottery fair and bought a blue teapot",
    ],
    (FACT, "what_a_thing_is"): [
        "My novel is about two sisters who run a bakery", "The game I'm making is a puzzle platformer set underwater", "The song I wrote is about leaving my hometown", "The quilt has patches from my old band shirts",
        "My podcast is about forgotten inventors", "The recipe uses oat milk and dates instead of sugar", "My thesis is on river pollution in farming towns", "The mural shows the history of our street",
    ],
    (NOT, "routine_now"): [
        "I just made myself a sandwich", "I took out the trash a minute ago", "Just brushed my teeth", "I'm folding laundry right now",
        "I grabbed a coffee on the way in", "Just sent that email", "I put the kettle on", "I'm heating up leftovers",
        "I just took a quick nap", "Just finished vacuuming the hallway", "I went to the bathroom", "I'm charging my phone",
    ],
}


def clauses(lang: str) -> list[dict]:
    """The clauses of ``lang`` as ``{"text", "label", "kind", "group"}`` (groups of 4 of a kind)."""
    rows = []
    for (label, kind), items in (EN if lang == "en" else {}).items():
        for i, text in enumerate(items):
            rows.append({"text": text, "label": label, "kind": kind, "group": f"{lang}-{kind}-x{i // 4}"})
    return rows
