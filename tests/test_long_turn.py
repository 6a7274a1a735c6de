"""A long turn drains in time linear in its length and stores what a short one would.

A 100,000-character turn without punctuation (within ``max_turn_chars``) took 93 s of CPU to drain:
searches that re-scanned a long run of text from every position (quadratic) and per-unit reads of the
whole turn. The timing lives in ``bench/bench_long_turn.py`` (CPU µs per character, 2k against 20k and
100k); here the long turns must drain at all, store their fact, and the bounded searches must find
what the unbounded ones found.
"""

from __future__ import annotations

import pytest

from memcli.write.clause_slots import lang_of
from memcli.write.clauses import SIGNALS, Unit, signals
from memcli.write.garbled import span as _span
from memcli.write.rules.en_words import _OCCUPATION
from memcli.write.value_types import asks


def test_long_turns_drain_and_keep_their_fact(mem):
    mem.capture("a" * 100_000)  # the reported turn: one letter, no space, no punctuation
    mem.capture("周末我们沿着河边走了很久" * 400 + "。我对芒果过敏。")
    mem.capture("we walked along the river for a long time " * 250 + ". My cousin Ravi works at a bakery in Leeds.")
    r = mem.drain()
    assert (r.done, r.dead, r.errors) == (3, 0, [])
    held = {it.statement: it.slot for it in mem.list()}
    assert held == {"我对芒果过敏": "allergy.芒果", "My cousin Ravi works at a bakery in Leeds": "cousin.workplace"}


@pytest.mark.parametrize("text, contact", [
    ("我同事的邮箱是li.ming_08@example.org记一下", True),
    ("write to ravi+notes@mail.example.co.uk please", True),
    ("aaaa" * 50 + "@example.org", True),  # a long local part is still an address
    ("a" * 20_000, False),
    ("at @home, no address", False),
])
def test_contact_signal_on_addresses_and_long_runs(text: str, contact: bool):
    unit = Unit(text, lang_of(text))
    assert bool(signals(unit)[SIGNALS.index("contact")]) is contact


@pytest.mark.parametrize("text, expect", [
    ("have you ever been to Lyon?", True), ("我们周末去哪里玩呢？", True), ("Durian? I can't stand it", False),
    ("榴莲？我受不了", False), ("x" * 30_000 + "?", False), ("so " * 10_000 + "really?", True),
])
def test_asks_is_unchanged_by_the_bound(text: str, expect: bool):
    assert asks(text) is expect


@pytest.mark.parametrize("value, expect", [
    ("a nurse", True), ("software developer", True), ("a baker", True), ("the winter", True), ("happy", False),
    ("b" * 30_000, False), ("b" * 30_000 + "er", True),
])
def test_occupation_suffix_is_read_from_the_word_start(value: str, expect: bool):
    assert bool(_OCCUPATION.search(value)) is expect


def test_span_with_a_gap_finds_the_first_head():
    whole = "i love cats and dogs and i love birds".split()
    assert _span("i love dogs".split(), whole) == 0
    assert _span("i love birds".split(), whole) == 6
    assert _span("i love fish".split(), whole) == -1
    long = ["cats"] * 5000 + ["and", "dogs"]
    assert _span(["cats", "dogs"], long) == 0  # a head anywhere before the glued tail
