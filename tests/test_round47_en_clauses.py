"""Round 47 (en47b): English clauses that stored nothing.

A quotation the user holds, told after a colon, keeps its words (:mod:`memcli.write.held_quote`):

"There's a line by <poet> that I keep coming back to: "…"" and "My favourite saying is: '…'" stored only the
frame before (the quotation after a colon is read as another person's passage and taken out); now the frame and
the quotation are one preference memory. Words someone sent or told the user stay out, and so does another
person's favourite saying.

A clause that opens on a bare -ing verb with its object ("Researching nursing schools these days") stored nothing:
it is what the speaker is doing, read as "I'm researching…" (:func:`memcli.write.rules.en_carry.dropped_subject`);
a gerund subject ("Running a bakery isn't easy"), a feeling, a wish or an -ing noun stays as it was.

Own sentences; real stores (SQLite, the default model).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.models import Kind
from memcli.write.held_quote import held_quotes
from memcli.write.rules.en_carry import dropped_subject

AT = datetime(2026, 3, 2, 9, tzinfo=UTC)


@pytest.mark.parametrize(("text", "words"), [
    ('There\'s a line by Rumi that I keep coming back to: "Let yourself be silently drawn by what you love."',
     "silently drawn by what you love"),
    ("Oh! My favourite saying is: 'A smooth sea never made a skilled sailor.'", "smooth sea never made a skilled"),
    ('My motto: "Done is better than perfect, every single time."', "Done is better than perfect"),
    ('I found a quote by E.B. White that I really love: "Always be on the lookout for the presence of wonder."',
     "presence of wonder"),
])
def test_held_quote_kept_with_its_frame(text: str, words: str) -> None:
    got = held_quotes(text, AT)
    assert len(got) == 1
    assert words in got[0].statement and got[0].statement.split(":")[0] in text
    assert got[0].kind == Kind.PREFERENCE and got[0].slot is None and got[0].valid_from == AT


@pytest.mark.parametrize("text", [
    'My manager sent me a quote I should love: "Work smarter, not harder, and never on weekends."',
    "My uncle always told me: 'Never lend money you cannot lose.'",
    "My neighbour's favourite saying is: 'Early to bed and early to rise.'",
    'My cousin sent me her cover letter: "I live in Madrid and I have three children." What do you think?',
    'I really like this: "Meet me at the cafe at noon tomorrow, okay?"',  # no quote-word: a message, not a saying
])
def test_not_held_by_the_user(text: str) -> None:
    assert held_quotes(text, AT) == []


def test_too_long_a_passage_is_no_saying() -> None:
    long = " ".join(["the river keeps running past the old mill"] * 9)
    assert held_quotes(f'There\'s a poem I love: "{long}."', AT) == []


@pytest.fixture(scope="module")
def quotes_store(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    m = Memory(db=str(tmp_path_factory.mktemp("quotes") / "m.db"), user="odile", embedder=embedder)
    turns = ['Haha yes! There\'s a line by Rumi that I keep coming back to: "Let yourself be silently drawn by '
             'what you love." It keeps me calm before exams.',
             "My favourite saying is: 'A smooth sea never made a skilled sailor.'",
             'My cousin sent me her cover letter: "I live in Madrid and I have three children." What do you think?',
             "I teach chemistry at a secondary school in Lyon."]
    for n, t in enumerate(turns):
        m.capture(t, at=f"2026-03-0{n + 1}T09:00:00+00:00")
    s = m.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    yield m
    m.close()


def test_store_keeps_the_quotation_once(quotes_store) -> None:  # noqa: ANN001
    active = [i.statement for i in quotes_store.list() if i.status == "active"]
    rumi = [s for s in active if "Rumi" in s]
    assert len(rumi) == 1 and "silently drawn by what you love" in rumi[0] and "calm before exams" in rumi[0]
    assert any("smooth sea never made a skilled sailor" in s for s in active)
    assert "My favourite saying is" not in active  # the bare frame is no memory of its own
    assert not any("Madrid" in s or "three children" in s for s in active)  # the cousin's words stay hers


def test_question_about_the_quote_finds_it(quotes_store) -> None:  # noqa: ANN001
    hits = quotes_store.search("Which Rumi quote do I like?", limit=3)
    assert "silently drawn by what you love" in hits[0].statement
    hits = quotes_store.search("What is my favourite saying?", limit=3)
    assert any("smooth sea" in h.statement for h in hits)


# -- a clause that opens on a bare -ing verb: what the speaker is doing these days, "I'm" put back (en_carry) --

@pytest.mark.parametrize(("text", "said"), [
    ("Researching nursing schools these days.", "I'm researching nursing schools these days"),
    ("Looking into night classes at the college.", "I'm looking into night classes at the college"),
    ("Restoring an old sailing boat with my dad - it's been a long project.",
     "I'm restoring an old sailing boat with my dad - it's been a long project"),
])
def test_bare_ing_clause_is_the_speakers(text: str, said: str) -> None:
    got = dropped_subject(text)
    assert got == ("", "I'm ")
    assert extract_statements(text) == [said]


@pytest.mark.parametrize("text", [
    "Trying new recipes is my favourite way to relax.",  # a gerund subject
    "Searching for a good flat's a nightmare in this city.",  # …with its verb contracted
    "Running a bakery isn't easy.",
    "Fixing up the old bike takes forever.",
    "Loving the weather here.",  # a feeling, no deed
    "Hoping to run a marathon someday.",  # a wish
    "Wedding plans are going well.",  # an -ing noun
    "Morning swim done!",
    "Hiking mostly.",  # too short to tell a deed
])
def test_not_a_dropped_i(text: str) -> None:
    assert dropped_subject(text) is None


def test_plan_told_bare_stays_no_fact() -> None:
    assert extract_statements("Cooking dinner for my in-laws tonight.") == []  # a plan for tonight: as "I'm …"


def extract_statements(text: str) -> list[str]:
    """The statements the default extractor draws from ``text`` told by a user."""
    from memcli.settings import load_settings
    from memcli.write.backends import get_extractor
    from memcli.write.extract import MemoryExtractionService, Utterance

    svc = MemoryExtractionService(get_extractor(load_settings()))
    got = svc.extract_batch([Utterance(1, "u", "user", text, AT)])[0]
    assert not isinstance(got, Exception)
    return [c.statement for c in got]


@pytest.mark.parametrize("text", ["Swimming suits you, honestly!", "Planting your own tomatoes sounds like fun."])
def test_said_of_the_one_spoken_to_is_no_dropped_i(text: str) -> None:
    assert dropped_subject(text) is None


@pytest.mark.parametrize("text", [
    "Dancing and painting keep me sane these days.",  # two gerunds: the subject
    "Adding hill sprints really changed my running.",  # a second verb after an adverb
    "Volunteering builds so much confidence in people.",  # …after the gerund
    "Looking after my plants, watering and repotting them, helps me relax.",  # its verb after a comma
    "Exciting but a bit scary to think about.",  # an -ing adjective
    "Speaking of holidays, we went to Crete.",  # a turn of phrase
    "Interesting stuff has happened at work lately.",
])
def test_gerund_subjects_and_phrases_are_no_dropped_i(text: str) -> None:
    assert dropped_subject(text) is None


@pytest.mark.parametrize("text", [
    'Can you translate this quote I love into French: "Fortune favours the bold, always."',
    'Here is a line you might like: "The best time to plant a tree was twenty years ago."',
])
def test_request_or_offer_of_a_quote_is_no_held_quote(text: str) -> None:
    assert held_quotes(text, AT) == []
