"""Round 46: other people in a user's life, the write side.

- A death told of a person ends that person's present facts when it is told (invalidated, never deleted), whoever
  tells it by relation, by name, or by a name told of a relation before ("my wife's brother is Tom" … "Tom died");
  what stays true of the dead (their name) stays, and a death of someone else's pet or a near death ends nothing.
- Two people told in one turn ("… and another colleague, Bo, keeps bees", 另一个同事张伟养狗, ", and Raj is a
  teacher") are two memories, each about its own named person; a name beside a relation before 养/做/把/被 is the
  clause's subject (我同事张伟养狗 was ``colleague.fact.张伟``).

Own sentences; each user of one real store (default model) is one conversation, drained once a turn as a user would.
"""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.write.person_died import died_subject
from memcli.write.rules import analyze, extract_matches
from memcli.write.rules.another_person import en_another, zh_another

CHATS = {  # user: turns
    "en_died": ("My grandfather lives in Ohio and works as a farmer. His name is Walt.",
                "My grandfather passed away last week."),
    "zh_died": ("我外婆住在成都，喜欢打麻将。", "我外婆去世了。"),
    "zh_pet_died": ("我外婆住在成都。", "我外婆的狗死了。"),
    "en_named_died": ("My wife's brother is Tom.", "Tom is a firefighter.", "Tom died last year."),
    "en_near": ("My uncle works as a roofer.", "My uncle almost died in a fall."),
    "zh_two": ("我同事小王养了一只柯基，另一个同事刘敏养鹦鹉。",),
    "en_two": ("My neighbour Ivy has a rabbit and another neighbour, Omar, keeps chickens.",),
    "en_two_bare": ("My cousin Lena is a pilot, and Theo is a baker.",),
}


@pytest.fixture(scope="module")
def rows(tmp_path_factory, embedder):
    """Every user's rows (all statuses) after their turns, a drain after each."""
    path = str(tmp_path_factory.mktemp("r46") / "people.db")
    for turn in range(max(len(t) for t in CHATS.values())):
        for user, said in CHATS.items():
            if turn < len(said):
                with Memory(db=path, user=user, embedder=embedder) as m:
                    m.capture(said[turn], session="s1")
                    s = m.drain()
                    assert s.dead == 0 and s.retried == 0, s.errors
    out = {}
    for user in CHATS:
        with Memory(db=path, user=user, embedder=embedder) as m:
            out[user] = {(r.slot, r.status): r for r in m.list(include_all=True)}
    return out


def test_a_death_ends_the_persons_present_facts_and_keeps_their_name(rows):
    en = rows["en_died"]
    assert ("grandfather.residence", "invalid") in en and ("grandfather.job", "invalid") in en, en.keys()
    assert en[("grandfather.residence", "invalid")].invalid_at is not None
    assert ("grandfather.name", "active") in en and ("grandfather.event.passed_away", "active") in en
    zh = rows["zh_died"]
    assert {s for s, st in zh if st == "invalid"} == {"maternal_grandmother.residence",
                                                     "maternal_grandmother.like.打麻将"}, zh.keys()


def test_a_death_told_by_a_name_given_to_a_relation_ends_the_relations_facts(rows):
    got = rows["en_named_died"]
    assert got[("wife.brother.job", "invalid")].statement == "Tom is a firefighter"
    assert ("wife.brother.name", "active") in got


def test_no_death_of_the_person_ends_nothing(rows):
    for user in ("zh_pet_died", "en_near"):
        assert all(st == "active" for _, st in rows[user]), (user, rows[user].keys())


@pytest.mark.parametrize(("said", "who"), [
    ("My aunt's husband died", "aunt.husband"),
    ("Nina died in March", "person:nina"),
    ("我外公上个月去世了", "maternal_grandfather"),
    ("我外婆的狗死了", None),  # the dog's
    ("My phone died", None),
    ("I almost died", None),
])
def test_whose_death(said, who):
    assert died_subject(analyze(said)) == who


def test_two_people_in_one_turn_are_two_memories(rows):
    zh = {s: r.statement for (s, st), r in rows["zh_two"].items()}
    assert zh == {"person:小王.owns.柯基": "我同事小王养了一只柯基", "person:刘敏.owns.鹦鹉": "我同事刘敏养鹦鹉"}, zh
    en = {s: r.statement for (s, st), r in rows["en_two"].items()}
    assert en == {"person:ivy.owns.rabbit": "My neighbour Ivy has a rabbit",
                  "person:omar.owns.chicken": "My other neighbour Omar keeps chickens"}, en
    bare = {s for s, _ in rows["en_two_bare"]}
    assert bare == {"cousin.job", "person:theo.job"}, bare


@pytest.mark.parametrize(("said", "want"), [
    ("My aunt has a dog and another friend, Pia, runs a bakery",
     "My aunt has a dog and my other friend Pia runs a bakery"),
    ("Another colleague of mine, Jun, moved to Busan", "My other colleague Jun moved to Busan"),
    ("I have another brother, Sam", "I have another brother, Sam"),  # an object, not a subject: as said
])
def test_en_another(said, want):
    assert en_another(said) == want


@pytest.mark.parametrize(("said", "want"), [
    ("我邻居老赵是厨师，还有一个邻居孙涛在银行上班", "我邻居老赵是厨师，我邻居孙涛在银行上班"),
    ("我表姐在上海，另外一位同学陈晨也在上海", "我表姐在上海，我同学陈晨也在上海"),
    ("还有一个同事叫张伟", "还有一个同事叫张伟"),  # an introduction: the rules' own
])
def test_zh_another(said, want):
    assert zh_another(said) == want


@pytest.mark.parametrize(("said", "slot"), [
    ("我同事周琳养了两只猫", "person:周琳.owns.猫"),
    ("Greta keeps bees", "person:greta.owns.bee"),
])
def test_a_named_persons_fact_told_with_a_keeping_verb(said, slot):
    assert [m.slot for m in extract_matches(said)] == [slot]
