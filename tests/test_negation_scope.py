"""Round 27 (flip34): a polarity flip contradicts a stored fact only when the "no" is about what that
fact says. A chat turn's negation about something else (a painting that didn't sell, a portrait that
didn't win) no longer ends the stored liking; a true negation of the fact still ends it."""

from datetime import UTC, datetime

import pytest

from memcli.write.decide import _facts
from memcli.write.negation_scope import flip_off_topic, negated_units
from tests._stores import drained

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_the_scope_is_the_words_after_the_negation_or_before_it_when_it_ends_the_clause():
    assert negated_units("I don't eat meat anymore") >= {"eat", "meat"}
    assert "colour" not in " ".join(negated_units("My vase didn't sell, but people loved the colours"))
    assert negated_units("我爸没有高血压") >= {"高", "血", "压"}
    assert negated_units("我喝奶茶喝腻了") >= {"奶", "茶"}  # 腻了 stands after what it ends
    assert negated_units("I love sunny mornings") == frozenset()


def test_only_a_flip_about_the_other_fact_counts():
    def why(old: str, new: str) -> str | None:
        return flip_off_topic(_facts(new, None), _facts(old, None))

    assert why("I enjoy knitting scarves", "My scarf didn't win the craft prize, but people praised the pattern")
    assert why("I drink tea every evening", "I don't drink tea") is None  # the "no" is on the tea
    assert why("我爸有高血压", "我爸没有高血压") is None
    assert why("I love pizza", "I don't eat cheese anymore") is None  # a change told by a verb: the judge decides
    assert why("I love pizza", "I love pizza") is None  # no flip


@pytest.mark.parametrize("old,new", [
    ("I enjoy painting landscapes", "My last painting didn't sell at the fair, but people loved the colours"),
    ("I enjoy painting portraits", "My last portrait didn't win the contest, but my friends praised the eyes"),
    ("我喜欢画画", "我上次的画展没卖出去，但是大家都说颜色很好看"),
])
def test_a_no_about_something_else_ends_nothing(tmp_path, old, new):
    # (before this round the fitted judge said CONFLICT: the liking ended by a turn's unrelated "didn't")
    active, ended = drained(str(tmp_path / "m.db"), [old, new], user="u", start=START)
    assert old in active and not ended, (active, ended)


@pytest.mark.parametrize("old,new", [
    ("I eat oatmeal for breakfast", "I don't eat oatmeal"),
    ("I have asthma", "I don't have asthma anymore"),
    ("我妈有胃病", "我妈没有胃病"),
    ("我爱喝茶", "我不喝茶了"),
    ("I love painting", "I don't paint anymore"),
])
def test_a_true_negation_still_ends_the_fact(tmp_path, old, new):
    active, ended = drained(str(tmp_path / "m.db"), [old, new], user="u", start=START)
    assert new in active and old in ended, (active, ended)
