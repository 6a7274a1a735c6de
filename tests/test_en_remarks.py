"""English chat remarks (issue 19): a later remark that shares little with a stored one and tells no
end of it does not supersede it; a "no", another number or a state ended still may."""

from memcli.write.change_rules import told_remark_kept
from memcli.write.decide import _facts


def kept(old: str, new: str, cosine: float = 0.5) -> bool:
    return told_remark_kept(_facts(new, None), _facts(old, None), cosine) is not None


def test_another_remark_keeps_the_stored_one():
    assert kept("I'm reading a novel about a lighthouse keeper", "The weather was lovely at the lake today")


def test_an_end_a_number_or_a_no_about_the_same_thing_may_change_it():
    assert not kept("I play tennis every Sunday", "I quit tennis after my knee surgery")
    assert not kept("I need glasses to see", "I don't wear glasses", cosine=0.67)
    assert not kept("My niece is 9 years old", "My niece is 10 years old")
    assert not kept("I'm reading a novel about a lighthouse keeper", "I'm reading a novel about a lighthouse")
