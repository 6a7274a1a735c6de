"""Round 31: the answerability gate on long, chatty English turns — own sentences, a real store, the real
default model.

- "we" / "our" / "us" name the user ("What van do we have?" had no anchor: every hit p 0, an empty block),
  while "the US" is a country;
- an English word is matched as a word, by its stem, never as a piece of a longer one ("opera" in
  "operation", "car" in "cards", "now" in "know") — in the coverage, topic and when-only readings;
- "now" says when, as 现在 does;
- "what colour" is answered by a colour, and a kind word is read by its stem (read / reading);
- "the dog's name" names the dog as a thing both speakers know;
- a possession asked with "we" gets its fact, a person's fact asked by "the X's …" gets it, and a question
  the long turns do not answer gets an empty block.
"""

from __future__ import annotations

import pytest
from _stores import module_store

from memcli.read.answer import LIFT_PRIOR, anchor, coverage, pool_mean, topic_coverage
from memcli.read.kinds import asked_kinds, held_kinds, kinds_of
from memcli.read.mismatch import asks_me
from memcli.read.request import definite_things
from memcli.read.tokens import holds, when_only

AT = "2026-03-02T21:00:00+00:00"
TURNS = (
    "Long week. We finally traded in the old estate and bought a second-hand electric van, a Nissan e-NV200 in "
    "grey; my husband has already named it Bertha and talks to it on the motorway.",
    "Our dog Biscuit, a wiry little terrier, has decided the new sofa is hers and barks at the postman every morning.",
    "I had my knee operation at the Royal in January and the physio says I can swim again, though not run yet.",
    "My neighbour Colin keeps his recipe cards in a shoebox; he lent me one for a lemon drizzle cake.",
    "I know it sounds silly, but I still read to the twins at the village library on Saturday mornings.",
    "The chickens are laying again. The speckled hen is marked with a red ring, the calm one with a blue ring.",
)


store = module_store("nell", TURNS, AT)


def test_first_person_plural_names_the_user() -> None:
    assert anchor("What van do we have?", []) == 1
    assert anchor("Where's our spare key?", []) == 1
    assert anchor("Who visited us last week?", []) == 1
    assert anchor("How many states are in the US?", []) == 0  # the country
    assert anchor("How many states are there?", []) == 0
    assert asks_me("Where do we live now?")
    assert not asks_me("Where does our daughter live?")  # a relative of theirs, not the user


def test_an_english_word_is_matched_as_a_word() -> None:
    assert not holds("i had my knee operation in january", "opera")
    assert not holds("he keeps his recipe cards in a shoebox", "car")
    assert not holds("i know it sounds silly", "now")
    assert holds("she paints on sundays", "painted")  # one stem
    assert holds("the twins love it", "twin")
    assert holds("我每天喝咖啡", "咖啡")  # Chinese as before: a substring
    assert coverage(["favourite", "opera"], "I had my knee operation at the Royal") == 0.0
    assert topic_coverage(["opera"], "I had my knee operation at the Royal") == 0.0
    assert coverage(["van"], "we bought a second-hand electric van") == 1.0


def test_now_says_when() -> None:
    assert when_only(["now"], "It's in a spare hive now")
    assert not when_only(["now"], "I know it sounds silly")  # no word of the question at all
    assert coverage(["live", "now"], "It's in a spare hive now") == 0.0  # "now" is no shared content


def test_kinds_by_value_not_by_stem() -> None:
    assert "colour" in asked_kinds("What colour is the ring on the speckled hen?")
    # a colour named holds the colour kind only for a question that asks one (kinds.held_kinds)
    assert "colour" in held_kinds("The speckled hen is marked with a red ring", frozenset({"colour"}))
    assert "colour" not in held_kinds("The speckled hen is marked with a red ring", frozenset({"sport"}))
    # a kind word is not read by its stem: "read" / "reading" as books made near-miss hits things of the asked
    # kind (held-out no-answer empty, English, 96.4% -> 94.0% in the answer fit's CV)
    assert "book" not in asked_kinds("Do I still read to the twins?")
    assert not kinds_of("I had my knee operation")


def test_the_owner_of_what_is_asked_is_the_thing_both_know() -> None:
    assert definite_things("What's the dog's name?") == ["dog"]
    assert definite_things("When is the dentist?") == ["dentist"]
    assert definite_things("What is the capital of France?") == []


def test_the_lift_baseline_never_falls_under_the_prior() -> None:
    assert pool_mean([0.02] * 40) == LIFT_PRIOR  # a store of long turns: everything far from a short question
    assert pool_mean([0.4] * 40) > LIFT_PRIOR


@pytest.mark.parametrize(("question", "word"), [
    ("What van do we have?", "Nissan"),  # a possession with "we": was no anchor, every hit p 0
    ("What's the dog's name?", "Biscuit"),  # "the dog": a thing both know, not the world's
    ("What colour ring is the speckled hen marked with?", "red"),
])
def test_a_possession_or_thing_of_the_user_gets_its_fact(store, question: str, word: str) -> None:  # noqa: ANN001
    text = store.context(question, as_of=AT).text
    assert word in text, text


@pytest.mark.parametrize("question", ["What's the capital of Peru?", "Which football team do we support?"])
def test_a_question_the_turns_do_not_answer_gets_no_block(store, question: str) -> None:  # noqa: ANN001
    r = store.context(question, as_of=AT)
    assert r.text == "", r.text


def test_a_piece_of_a_word_is_no_shared_word_on_a_real_store(store) -> None:  # noqa: ANN001
    from memcli.read.answer import FEATURES

    hits = store.search("What's my favourite opera?", limit=5, as_of=AT, explain=True)
    op = [h for h in hits if "operation" in h.statement and h.explain and h.explain.answer_features]
    assert op, [h.statement for h in hits]
    x = op[0].explain.answer_features
    for name in ("coverage", "topic", "lexical", "lexical_topic"):
        assert x[FEATURES.index(name)] == 0.0, name  # "opera" was found in "operation" before round 31
