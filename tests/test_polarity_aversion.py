"""Aversion words count as negation beside hate / dislike (memcli.write.rules.match.polarity_of)."""

import pytest

from memcli.write.rules.match import polarity_of


@pytest.mark.parametrize("text", ["Loud music at night is unbearable to me", "I can't bear long queues",
                                  "I despise early meetings", "I abhor cold showers", "I'm averse to heights"])
def test_aversion_is_not_affirmative(text):
    assert not polarity_of(text)


def test_liking_stays_affirmative():
    assert polarity_of("I love long walks")
