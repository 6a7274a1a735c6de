"""Round 33: English questions nothing told answers get an empty block; a told value asked still passes — own
sentences, a real store, the real default model.

Causes of a block for a question the store does not answer, read as answer features (memcli/read/gaps.py) and
refitted:

- ``piece``: the hit shares a word of the question only inside a longer, other word ("bar" in barbershop, "pen"
  in appendix); an inflection or an agent noun of the word is the word (post / postman is no such case: "postman"
  is asked whole);
- ``no_value``: the question asks a value of a type (a date, an age) and the subject's stored fact holds none
  ("When is Dara's birthday?" against Dara's bees).

And a value asked of a thing the question names with "the" is answered when the hit names a thing of that kind
("What's the dog called?" by "our border terrier is called Nutmeg": memcli.read.gaps.names_thing), as it was when
the hit said the word itself.
"""

from __future__ import annotations

import pytest
from _stores import module_store

from memcli.read.asked_thing import held_attrs, thing_features
from memcli.read.asked_value import holds_value
from memcli.read.gaps import names_thing, piece_only, value_unheld
from memcli.read.tokens import query_tokens

AT = "2026-05-11T19:00:00+00:00"
TURNS = (
    "My wife Ines sings in a barbershop quartet.",
    "My wife is a pharmacist at the big chemist in town.",
    "I had my appendix out two years ago, the scar is tiny.",
    "My nephew Arlo turns nine on the 3rd of August.",
    "Arlo is obsessed with dinosaurs.",
    "My cousin Dara keeps bees on an allotment in Hull.",
    "Our border terrier is called Nutmeg.",
    "I was a postman for twenty-two years.",
)

store = module_store("wren", TURNS, AT)


def _block(store, question: str) -> list[str]:
    return [h["statement"] for h in store.context(question, limit=3).hits]


@pytest.mark.parametrize("question", [
    "Which bar do we go to on Fridays?",   # "bar" only in barbershop
    "What pen do I write with?",           # "pen" only in appendix
    "When is Dara's birthday?",            # Dara's only fact holds no date
    "What does my wife's brother do for a living?",  # the wife's own job is not her brother's
])
def test_a_question_nothing_told_answers_gets_no_block(store, question: str) -> None:
    assert _block(store, question) == [], question


@pytest.mark.parametrize(("question", "answer"), [
    ("When is Arlo's birthday?", "3rd of August"),          # the subject's fact holding the date
    ("What's the dog called?", "Nutmeg"),                   # "the dog": a border terrier is one
    ("How long was I a postman?", "twenty-two"),
    ("What does my wife sing in?", "barbershop"),
    ("Where does Dara keep bees?", "Hull"),
    ("What does my wife do for a living?", "pharmacist"),
])
def test_a_near_neighbour_told_is_still_answered(store, question: str, answer: str) -> None:
    block = _block(store, question)
    assert any(answer in s for s in block), (question, block)


def test_a_word_inside_a_longer_other_word_is_a_piece() -> None:
    def piece(question: str, statement: str) -> float:
        return piece_only(query_tokens(question, drop_stopwords=True), statement)

    assert piece("Which bar do we go to?", "My wife sings in a barbershop quartet") == 1.0
    assert piece("What pen do I use?", "I had my appendix out") == 1.0
    assert piece("Which car do I drive?", "I collect old football cards") == 1.0
    # the word itself, inflected, or made an agent noun: no piece
    assert piece("Where do I swim?", "I've been a swimmer since school") == 0.0
    assert piece("What do I paint?", "Painting landscapes keeps me sane") == 0.0
    assert piece("What did I teach?", "I was a maths teacher") == 0.0
    # a whole word of the question beside the piece: the hit shares a word
    assert piece("Which bar does my wife sing in?", "My wife sings in a barbershop quartet") == 0.0
    assert piece("哪个酒吧", "我老婆在理发店唱歌") == 0.0  # Chinese: not read


def test_a_value_asked_and_not_held() -> None:
    assert value_unheld("When is Dara's birthday?", "Dara keeps bees in Hull") == 1.0
    assert value_unheld("When is Arlo's birthday?", "Arlo turns nine on the 3rd of August") == 0.0
    assert value_unheld("How old is our tortoise?", "Our tortoise sleeps in the garage") == 1.0
    assert value_unheld("What does my wife sing in?", "My wife sings in a quartet") == 0.0  # no value type asked
    assert value_unheld("表妹的生日是哪天？", "表妹在杭州上班") == 1.0
    assert value_unheld("表妹的生日是哪天？", "表妹的生日是三月八号") == 0.0
    # a season said with "in" is a time ("When are we moving?" by "in the autumn"), a season liked is not
    assert holds_value("We're moving house in the autumn", "when")
    assert not holds_value("I love autumn colours", "when")


def test_a_thing_named_by_its_kind() -> None:
    assert names_thing("Our border terrier is called Nutmeg", "dog")
    assert names_thing("The dogs bark all night", "dog")
    assert not names_thing("Our tabby is called Miso", "dog")
    assert not names_thing("I collect old football cards", "car")
    # a bare phrase (request.definite_things: "When was netball invented?" → "netball invented") only as said
    assert not names_thing("I play netball on Mondays", "netball invented")


def test_an_occupation_holds_the_job_asked() -> None:
    # "What's my job?" is answered by a statement naming an occupation in no slot the write path gave it
    said = "I'm a market analyst, mostly spreadsheets"
    assert "job" in held_attrs(None, said)
    assert thing_features("What's my job?", said, held_attrs(None, said)) == (0.0, 0.0)
    assert "job" not in held_attrs(None, "I'm a night owl, mostly")


@pytest.mark.parametrize(("text", "word", "kind_of"), [
    ("i take rosuvastatin now", "statin", True),  # a compound is a kind of its last part
    ("a pot of blueberry jam", "berry", True),
    ("my husband raj works nights", "band", False),  # hus- is no word: husband is no band
    ("i got my bloodwork back", "blood", False),  # a word only beginning with it is another word
    ("the operation went well", "opera", False),
])
def test_a_compound_ending_in_the_asked_word_is_a_thing_of_its_kind(text: str, word: str, kind_of: bool) -> None:
    """Round 33's gate had left out 'Which statin do I take?' beside 'I take rosuvastatin now' (the thing asked read
    as unheld, p 0.124 under the point 0.13): a compound ending in the word holds it; 'Where do I work now?' beside
    'I got the Northfield Library job' (a capitalised place noun read as no place)."""
    from memcli.read.asked_value import holds_value
    from memcli.read.tokens import ends_compound

    assert ends_compound(text, word) is kind_of
    assert holds_value("I got the Northfield Library job", "place") and holds_value("I moved near the park", "place")
