"""Round 27 (judge34): two statements that share no content word and no slot, the later one telling
no change with a verb, are two facts: the judge's CONFLICT / UPDATE between them becomes an ADD.
A time word (since, now, lately) is no change; a true change in new words still ends the old fact."""

from datetime import UTC, datetime

import pytest

from memcli.write.decide import _facts
from memcli.write.unlinked import change_verb, nothing_shared
from tests._stores import drained

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_a_time_word_is_no_change_a_verb_is():
    assert not change_verb("Football has been my thing ever since childhood")
    assert not change_verb("I'm taking guitar lessons now")
    assert not change_verb("我现在住在杭州")
    assert change_verb("I traded my car in for a Kia")
    assert change_verb("I've gone back to eating fish")
    assert change_verb("我搬到重庆了")
    assert change_verb("我现在又开始喝咖啡了")


def test_only_a_pair_sharing_nothing_is_kept_apart():
    def why(old: str, new: str) -> str | None:
        return nothing_shared(_facts(new, None), _facts(old, None))

    assert why("I'm a pastry chef", "Baking has been my passion since I was a teenager")
    assert why("I play the cello", "I'm taking guitar lessons now")
    assert why("I drive an old Volvo", "I traded my car in for a Kia") is None  # a change told by a verb
    assert why("I play the cello", "The cello sounds lovely in the evening") is None  # a word shared
    assert why("我住在成都", "我搬到重庆了") is None


@pytest.mark.parametrize("old,new", [
    ("I'm a goalkeeper for my club", "Football has been my thing ever since childhood"),
    ("I'm a pastry chef", "Baking has been my passion since I was a teenager"),
])
def test_an_unrelated_later_remark_ends_nothing(tmp_path, old, new):
    # (before this round the fitted judge said CONFLICT: the job ended by a remark about a passion)
    active, ended = drained(str(tmp_path / "m.db"), [old, new], user="u", start=START)
    assert old in active and new in active, (active, ended)
    assert not ended


@pytest.mark.parametrize("old,new", [
    ("I drive an old Volvo", "I traded my car in for a Kia"),
    ("我住在成都", "我搬到重庆了"),
])
def test_a_change_in_new_words_still_ends_the_old_fact(tmp_path, old, new):
    active, ended = drained(str(tmp_path / "m.db"), [old, new], user="u", start=START)
    assert new in active and old in ended, (active, ended)


def test_a_month_or_the_person_named_links_no_two_facts():
    """enuser37: two dated facts of one person share the month and the name, not a thing."""
    def why(old: str, new: str) -> str | None:
        return nothing_shared(_facts(new, None), _facts(old, None))

    assert why("Maya has her ballet exams starting november 9th, she hasnt practised at all",
               "Maya's stitches come out on the 23rd of november")
    assert why("Sam has his first driving lesson on Friday", "Sam's braces come off on Friday the 30th")
    # a shared word still links them: the later date is the same event's
    assert why("Maya has her ballet exam on november 9th", "Maya's ballet exam got pushed to november 23rd") is None
    assert why("My sister's wedding is on June 5", "my sister's wedding is June 15 not June 5") is None
    # who the person is, told again: the name is the link (a relation changed is the judge's)
    assert why("Mira is my cousin", "Mira is my niece") is None
    # the user is no name: "my" facts sharing only a month are left to the other checks
    assert why("I fly to Lisbon on May 3rd", "My exam is on May 20th")
