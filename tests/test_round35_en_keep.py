"""Round 35: English told in chat that a later question needs, kept as a memory (own sentences; the real default
model and real stores). LoCoMo's never-stored questions, read on its first five conversations, were most often a
clause the fitted clause model scored under its threshold though it tells the speaker's own world:

- a sentence that opens with a pronoun pointing back ("It's about loss, courage and…") scored alone says nothing
  of whose thing it is; kept, it is stored with the sentence before it (`rules/en_carry.with_referent`), so it is
  scored as that too (`write/en_readings.py`) — when it says what the thing is about, has or is made of, or its
  kind with a detail: "It was amazing" joined to a fact scores as the fact, and stored a second copy of it;
- a deed told first and a long judgement after it ("…, and it's wild how many people…", "… - it's a cooperative
  game where…") scored as the judgement: the deed (the speaker as subject, four words or more) is scored alone
  too, and kept, the whole unit is stored in the speaker's words;
- a statement with a question tacked on after a dash ("I finished a quilt - want to see it?") was one question
  (chatter): the statement before the dash is a unit of its own (`rules/en_tag_question.py`).

Neither keeps a feeling, a judgement of the talk or a passing remark that tells no deed.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli.write.clauses import Unit, units
from memcli.write.en_readings import describes, lead_clause
from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor
from memcli.write.rules.en_tag_question import asked_after

AT = datetime(2026, 10, 3, 18, tzinfo=UTC)


def _said(fx: FittedExtractor, text: str) -> list[str]:
    return [c.statement for c in fx.extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize("text, words", [
    ("I wrote a radio play for the village festival. It's about loss, courage and starting over.",
     ("loss", "courage")),
    ("I finished knitting a blanket for the twins. It's got stripes of teal, mustard and rust.", ("teal", "rust")),
    ("I just handed in my dissertation on urban foxes. It focuses on how they raise cubs under garden sheds.",
     ("cubs", "sheds")),
])
def test_what_a_pronoun_tells_of_the_thing_before_it_is_kept(fitted_extractor, text, words):
    got = _said(fitted_extractor, text)
    kept = [s for s in got if all(w in s for w in words)]
    assert kept, got
    assert all(s.startswith("I ") for s in kept), kept  # said with the sentence that names the thing


@pytest.mark.parametrize("text, words", [
    ("We played this card game called Hanabi - it's a cooperative game where nobody can see their own cards and "
     "you give each other hints.", ("Hanabi",)),
    ("I spent the weekend fixing bikes at the repair cafe, and it's wild how many people just throw away things "
     "that need one small part.", ("fixing bikes", "repair cafe")),
    ("I helped my neighbor build a chicken coop, but wow, it's crazy how stubborn those hens can be.",
     ("chicken coop",)),
])
def test_a_deed_told_before_a_judgement_is_kept(fitted_extractor, text, words):
    got = _said(fitted_extractor, text)
    assert any(all(w in s for w in words) for s in got), got


@pytest.mark.parametrize("text", [
    "Yeah, it was so nice. It was a bit cold though.",
    "I'm so glad we talked, and it was great to catch up.",
    "That sounds lovely - I'd love to see it sometime.",
    "I watched the game last night. It was so loud.",
])
def test_a_feeling_or_a_passing_remark_stays_unkept(fitted_extractor, text):
    assert _said(fitted_extractor, text) == []


@pytest.mark.parametrize("text, lead", [
    ("I helped out at the food bank, and it was moving", "I helped out at the food bank"),
    ("We tried a game called Azul - it's clever", "We tried a game called Azul"),
    ("My brother fixed the fence; it took all day", "My brother fixed the fence"),
    ("I'm so glad we did it - it was fun", None),  # a feeling, no deed
    ("It was great, and we loved it", None),  # no speaker first
    ("I did it - wow", None),  # under four words
    ("I baked bread and it was good", None),  # no comma, dash or semicolon: one clause to the rules
])
def test_lead_clause(text, lead):
    got = lead_clause(Unit(text, "en"))
    assert (got.text if got else None) == lead


def test_a_real_store_keeps_both_kinds(db: str):
    active, _ = drained(db, [
        "We finally bought a tent for the summer. It sleeps six and packs down really small.",
        "We played this card game called Hanabi - it's a cooperative game where nobody can see their own cards and "
        "you give each other hints.",
        "Yeah, it was so nice. It was a bit cold though.",
    ], user="ivy", start=AT)
    assert any("sleeps six" in s for s in active), active
    assert any("Hanabi" in s for s in active), active
    assert not any("cold" in s for s in active), active


@pytest.mark.parametrize("text, fact", [
    ("FYI, I finished another quilt for my niece - want to see a pic?", "I finished another quilt for my niece"),
    ("Jazz has always been my favorite music - who doesn't love a good sax solo?",
     "Jazz has always been my favorite music"),
])
def test_a_statement_before_a_question_tacked_on_is_scored(fitted_extractor, text, fact):
    got = _said(fitted_extractor, text)
    assert any(fact in s for s in got), got
    assert not any("?" in s for s in got), got


@pytest.mark.parametrize("text", ["Looks like you had fun - where was that?", "Did you go to the fair - was it fun?"])
def test_a_remark_or_a_question_before_the_dash_stays_whole(text):
    assert asked_after(text) is None
    assert len(units(text)) == 1


@pytest.mark.parametrize("text, want", [
    ("It's about a girl who trains pigeons.", True),
    ("It has two bedrooms and a balcony.", True),
    ("It's a little cafe with a reading corner.", True),
    ("They eat mostly carrots and hay.", True),
    ("Its engine was rebuilt last year.", True),
    ("It was amazing!", False),
    ("It's so relaxing.", False),
    ("It's a nice change.", False),
    ("They had a great time!", False),
    ("It was a struggle at first.", False),
    ("He's the best.", False),
    ("It's a lovely reminder of home.", False),
    ("It's got so much going on.", False),
])
def test_describes(text, want):
    assert describes(text) is want


def test_a_fact_and_how_it_felt_is_stored_once(fitted_extractor):
    got = _said(fitted_extractor, "I repainted my grandmother's rocking chair. It was so satisfying!")
    assert not any("satisfying" in s for s in got), got
