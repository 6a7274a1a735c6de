"""Changes of how the user does a thing (round 39), own sentences, real stores, the real default model:

- another means of one activity (bus → car to work, 开车 → 骑车 上班, an iPhone → a 华为 phone, Windows → Mac, cash →
  微信) ends the old one, in one language and across the two (:mod:`memcli.write.means_change`): it was an ADD, both
  active, or a NOOP that lost the new means;
- a sport or a place given up (我现在不打网球了, "I don't go to the gym anymore") ends the habit in either language;
- another activity, another person, a means told beside the old one, a job at the place given up stay ADD."""

from __future__ import annotations

import pytest
from _stores import pair_drained
from _stores import pair_ends as _ends
from _stores import pair_kept as _keeps

from memcli.write.rules.means import Means, means_of


@pytest.mark.parametrize(("statement", "expected"), [
    ("I take the tram to work", Means("go:work", "tram")),
    ("I drive to the office these days", Means("go:work", "car")),
    ("I commute by subway", Means("go:work", "subway")),
    ("I cycle to campus", Means("go:school", "bike")),
    ("我每天坐地铁去公司", Means("go:work", "subway")),
    ("我上班一般骑车", Means("go:work", "bike")),
    ("我现在走路上学", Means("go:school", "walk")),
    ("I drive to the lake on Sundays", Means("go:lake", "car")),
    ("I use a Huawei phone", Means("use:phone", "huawei phone")),
    ("我换成Mac了", Means("use:computer", "mac")),
    ("I use a Kobo for reading", Means("read", "kobo")),
    ("I pay with my debit card", Means("pay", "debit card")),
    ("I pay by card now", Means("pay", "card")),
    ("我用支付宝付钱", Means("pay", "支付宝")),
])
def test_the_activity_and_its_means_are_read_in_both_languages(statement: str, expected: Means) -> None:
    assert means_of(statement) == expected


@pytest.mark.parametrize("statement", ["I live in Madrid", "I walk my dog after dinner", "我用心准备考试",
                                       "I moved to Leeds", "我坐高铁回老家过年",
                                       "I walk to clear my head",              # "to" + a verb of purpose
                                       "I love taking photos with my cousins",  # people, not an instrument
                                       "I started reading in March",           # a month, not a thing
                                       "我现在不用老担心电脑坏了",                # 不用: no need, a clause after it
                                       "We're driving to Cornwall next week"])  # a trip planned
def test_a_fact_of_no_means_reads_none(statement: str) -> None:
    assert means_of(statement) is None


CHANGES = (("I take the bus to the office", "I drive to the office now"),       # with a change marker
           ("I walk to work", "I bike to work"),                                 # without one
           ("我每天开车上班", "我现在坐地铁上班"),
           ("我骑车上班", "我最近改走路上班了"),                                 # NOOP before: the new means lost
           ("I commute by train", "我现在开车上班"),                             # across the two languages
           ("我每天坐公交去公司", "I cycle to work these days"),
           ("I use an iPhone", "我现在用华为手机了"),
           ("I use Windows at home", "我换成Mac了"),
           ("我用安卓手机", "I switched to an iPhone"),
           ("I pay with cash", "我现在都用微信付钱"))


@pytest.mark.parametrize(("first", "second"), CHANGES)
def test_another_means_of_one_activity_ends_the_old_one(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ends(mem, first, second)


GIVE_UPS = (("I play tennis every Saturday", "我现在不打网球了"),
            ("I go to the gym three times a week", "我不去健身房了"),
            ("我每周六下午打篮球", "I don't play basketball anymore"),
            ("我每天早上练瑜伽", "I stopped doing yoga"),
            ("I go swimming on Wednesdays", "I don't go swimming anymore"))


@pytest.mark.parametrize(("first", "second"), GIVE_UPS)
def test_a_sport_given_up_ends_its_habit_in_either_language(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ends(mem, first, second)


KEPT = (("I take the bus to work", "I drive to the beach on weekends"),    # another activity
        ("我开车上班", "我老婆骑车上班"),                                  # someone else
        ("I use an iPhone", "I use a Kindle for reading"),                 # another kind of thing
        ("I drive to work", "I sometimes take the train to work"),         # told beside
        ("我坐地铁上班", "我有时候也打车上班"),
        ("I play tennis every Saturday", "我现在不踢足球了"),               # another sport given up
        ("I work at a gym downtown", "我不去健身房了"),                     # a job that mentions it
        ("我每周六打网球", "My brother doesn't play tennis anymore"))       # another person's give-up


@pytest.mark.parametrize(("first", "second"), KEPT)
def test_unrelated_facts_and_means_told_beside_stay(mem, first: str, second: str) -> None:  # noqa: ANN001
    _keeps(mem, first, second)


def test_the_change_is_recorded_with_its_reason(mem) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我开车上班", "我现在骑车上班")
    events = [e for e in mem.events(items["我开车上班"].id) if e.action == "CONFLICT"]
    # the means guard's reason when the judge says NOOP; since round 44's refit (zh44's slots) the judge itself says
    # CONFLICT for this pair, and its reason is recorded instead: the old means ends either way, with a reason
    assert events and ("another means of one activity (go:work: car → bike)" in events[-1].reason
                       or events[-1].reason.startswith("fitted judge: CONFLICT")), events


MODEL = "use-multilingual-v3"


@pytest.mark.parametrize(("old", "new"), [
    ("I use an iPhone", "我现在用苹果手机"),           # one make in two languages (rules/makes.NAMES)
    ("I pay with WeChat", "我用微信付钱"),
    ("I use a MacBook", "I use a Mac now"),            # one holds the other's words
    ("I use an iPhone", "I use my phone a lot"),       # only the kind named
    ("我每天坐地铁上班", "今天我打车上班"),             # a day's one-off, not the habit changed
    ("I take the bus to work", "This morning I took a taxi to work"),
])
def test_one_means_or_a_one_off_is_no_change(old: str, new: str) -> None:
    from memcli.write.means_change import means_changed
    from memcli.write.pair_facts import facts_of

    assert means_changed(facts_of(new), facts_of(old), MODEL) is None


@pytest.mark.parametrize(("old", "new", "kept"), [
    ("I drive to work", "I drive to the lake on Sundays", True),      # two activities
    ("我开车上班", "我偶尔也骑车上班", True),                          # told beside
    ("I take the bus to work", "I take the subway to work now", False),
])
def test_two_activities_or_a_means_told_beside_are_kept(old: str, new: str, kept: bool) -> None:
    from memcli.write.means_change import means_kept
    from memcli.write.pair_facts import facts_of

    assert (means_kept(facts_of(new), facts_of(old), MODEL) is not None) is kept


@pytest.mark.parametrize(("new", "thing"), [
    ("我现在不打网球了", "网球"), ("我不去健身房了", "健身房"), ("I don't play squash anymore", "squash"),
    ("I stopped going to the gym", "gym"), ("I quit swimming", "swimming"),
    ("I gave up coffee", None),            # a thing taken: round 38's give-up
    ("I quit my job", None),               # no doing named
    ("我不喜欢打网球", None),               # a dislike, no change told
    ("我妈现在不打网球了", None),           # a relative's
])
def test_an_activity_given_up_is_read(new: str, thing: str | None) -> None:
    from memcli.write.means_change import activity_of_give_up
    from memcli.write.pair_facts import facts_of

    assert activity_of_give_up(facts_of(new)) == thing
