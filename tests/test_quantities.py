"""Quantities read with their units (memcli.write.quantities): the judge's number/unit features."""

from memcli.write.quantities import quantities, quantity_changed, quantity_kept


def test_units_read_with_their_numbers():
    assert quantities("我每周游泳三公里") == {("公", 3.0)}
    assert quantities("I swim 3 km a week") == {("kilometre", 3.0)}
    assert quantities("I swim three kilometers a week") == {("kilometre", 3.0)}
    assert quantities("我一般周末在家") == frozenset()  # 一般 counts nothing


def test_same_unit_other_value_is_a_change():
    assert quantity_changed("我每周游泳五公里", "我每周游泳三公里")
    assert quantity_changed("I weigh 64 kg", "My weight is 60 kilograms")
    assert not quantity_kept("I weigh 64 kg", "My weight is 60 kilograms")


def test_same_value_in_words_or_digits_is_kept():
    assert quantity_kept("I swim three kilometres a week", "I swim 3 km every week")
    assert quantity_kept("我每天读两万字", "我每天读20000字")
    assert not quantity_changed("我每天读两万字", "我每天读20000字")


def test_no_shared_unit_is_neither():
    assert not quantity_changed("I get up at 6 am", "I go to sleep at 10 pm")
    assert not quantity_kept("I get up at 6 am", "I go to sleep at 10 pm")


def test_an_age_is_no_duration():
    assert not quantity_changed("I've lived here for 6 years", "I'm 41 years old")
    assert quantity_changed("I'm 42 years old", "I'm 41 years old")
