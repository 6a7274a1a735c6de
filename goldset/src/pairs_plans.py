# ruff: noqa: E501  (data lists: one pair per line reads best)
"""Decision pairs of round 17: an English trip planned, then changed, restated, or beside another trip.
Written by hand for memcli after the plan rule (memcli.write.rules.en_plan), not blind to it.
Categories and labels in build_decisions.LABELS.
"""

#: the main set (the judge is fitted on it): a change ends the plan; another trip, someone else's trip or
#: another attribute of the place does not; the same plan told again is one fact
PAIRS_EN = [
    ("plan_changed", "I'm flying to Phoenix next month", "We're not going to Phoenix anymore, we're flying to Tucson instead"),
    ("plan_changed", "We're driving to Yosemite over the holidays", "Change of plans: we're driving to Zion instead"),
    ("plan_changed", "I'm heading to Berlin in October for a conference", "I'm going to Prague instead of Berlin in October"),
    ("plan_changed", "My wife and I are flying to Cancun in February", "Instead of Cancun, my wife and I are flying to Aruba"),
    ("plan_changed", "I'm off to Oslo next week", "Plans changed, I'm flying to Helsinki instead"),
    ("plan_other", "I'm flying to Phoenix next month", "We're driving to Santa Barbara this summer"),
    ("plan_other", "I'm heading to Berlin in October for a conference", "My brother is flying to Berlin in October"),
    ("plan_other", "I'm off to Oslo next week", "I lived in Oslo for two years"),
    ("plan_other", "My wife and I are flying to Cancun in February", "My wife loves Mexican food"),
    ("plan_restated", "I'm flying to Phoenix next month", "Next month I'm flying to Phoenix"),
    ("plan_restated", "We're driving to Yosemite over the holidays", "Over the holidays we're driving to Yosemite"),
]

#: the cross-language set: an English trip changed in Chinese (the incoming statement's language)
XLANG_ZH = [
    ("xlang_change", "We're flying to Lisbon in May", "我们不去里斯本了，改去马德里"),
    ("xlang_change", "I'm flying to Phoenix next month", "我不去凤凰城了，改去图森"),
]
