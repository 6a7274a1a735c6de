"""Round 27 (flip34): a polarity flip contradicts a stored fact only when the "no" is about what that
fact says. A chat turn's negation about something else (an oven that wasn't working, a mixer) no longer
ends the stored liking; a true negation of the fact still ends it, and so does a denial by a broader
word or of a thing told first ("I don't own a car"; "Figs? I can't stand them")."""

from datetime import UTC, datetime

import pytest

from memcli.write.decide import _facts
from memcli.write.negation_scope import flip_off_topic, negated_units
from tests._stores import drained

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_the_scope_is_the_clause_up_to_the_negation_and_a_few_words_after():
    assert negated_units("I don't eat meat anymore") >= {"eat", "meat"}
    units = negated_units("The kettle wasn't working, so I made my tea at the office")
    assert "kettl" in units and not units & {"tea", "offic"}, units
    assert "fig" in negated_units("Figs? I can't stand them")  # a pronoun: the whole statement
    assert negated_units("我爸没有高血压") >= {"高", "血", "压"}
    assert negated_units("奶昔我是一口都不喝了") >= {"奶", "昔"}  # the thing denied told first
    assert negated_units("我昨天没出门，在家画了一幅画") == {"昨", "天", "出", "门"}
    assert negated_units("I love sunny mornings") == frozenset()


def test_only_a_flip_about_the_other_fact_counts():
    def why(old: str, new: str) -> str | None:
        return flip_off_topic(_facts(new, None), _facts(old, None))

    assert why("I make tea every morning", "The kettle wasn't working, so I made my tea at the office")
    assert why("我喜欢画画", "我昨天没出门，在家画了一幅画")
    assert why("I drink tea every evening", "I don't drink tea") is None  # the "no" is on the tea
    assert why("I ride a Vespa", "I don't own a scooter") is None  # all the statement says is its "no"
    assert why("I love figs", "Figs? I can't stand them") is None
    assert why("我爸有高血压", "我爸没有高血压") is None
    assert why("I love pizza", "I don't eat cheese anymore") is None  # a change told by a verb: the judge's
    assert why("I love figs", "我不吃无花果了") is None  # two languages: the units do not compare


@pytest.mark.parametrize("old,new", [
    ("I enjoy baking cakes", "The oven wasn't working yesterday, so I baked my cake at my neighbour's"),
    ("I enjoy baking bread", "The mixer wasn't working, so I kneaded the bread dough by hand"),
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
