"""Round 47 (trial47a findings 3, 4 and 6): changes told casually reach the question.

- A new job told as news — the offer taken, the role and the start said apart, or a first day at a workplace —
  is the job and workplace now; the old job ends and a question about the previous job finds it
  (:mod:`memcli.write.rules.job_offer`); a tenure after a job (", been there six years") keeps the job's slot.
- A plan's time moved by someone ("they moved the wedding up to …"), or a home project changed "instead", ends
  the time stored before (:mod:`memcli.write.rules.en_plan_moved`); a past day of an event is kept whole.
- Kin by marriage asked by the role reads the partner's kin told by the partner's name ("Raj's mother …" for "my
  mother-in-law", :mod:`memcli.read.in_law`); a child told among "the kids" is the son by the "he" said of the name
  (:mod:`memcli.read.child_named`).

Own sentences; real stores (SQLite, the default model), captured and drained day by day.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory
from memcli.write.rules import extract_matches
from memcli.write.rules.job_offer import new_job_told

START = datetime(2026, 8, 3, 18, 0, tzinfo=UTC)

JOB = [
    "I work as an accountant at Greenway Foods, been there six years.",
    "Got the offer from Copperleaf! Lead designer. I start on October 1st.",
    "First day at Copperleaf today. My manager is Jo, she seems nice.",
]
FAMILY = [
    "I live in Austin with my husband Raj.",
    "Raj's mom is a retired pharmacist.",
    "Raj's mother is called Meena.",
    "Raj's sister is a dentist.",
    "My friend Tom's mother is called Ann.",
    "We have two kids. The kids are Leo, who is 9, and Ada.",
    "Leo is obsessed with trains at the moment, he wants a train set for his birthday.",
]
PLANS = [
    "My sister Mia got engaged! She's marrying her boyfriend Joel next summer.",
    "Actually they just moved the wedding up to October 3rd because Joel's grandpa is unwell.",
    "We are going to redo the bathroom in the spring, thinking green tiles.",
    "Oh and we decided to get the bathroom done in March instead, the plumber had a slot.",
]


def _told(path: str, embedder, turns: list[str]) -> Memory:  # noqa: ANN001
    m = Memory(db=path, user="kim", embedder=embedder)
    for n, text in enumerate(turns):
        m.capture(text, at=(START + timedelta(days=3 * n)).isoformat())
        s = m.drain()
        assert s.dead == 0 and s.retried == 0, s.errors
    return m


@pytest.fixture(scope="module")
def job(tmp_path_factory, embedder):  # noqa: ANN001,ANN201
    m = _told(str(tmp_path_factory.mktemp("r47job") / "m.db"), embedder, JOB)
    yield m
    m.close()


@pytest.fixture(scope="module")
def family(tmp_path_factory, embedder):  # noqa: ANN001,ANN201
    m = _told(str(tmp_path_factory.mktemp("r47fam") / "m.db"), embedder, FAMILY)
    yield m
    m.close()


@pytest.fixture(scope="module")
def plans(tmp_path_factory, embedder):  # noqa: ANN001,ANN201
    m = _told(str(tmp_path_factory.mktemp("r47plan") / "m.db"), embedder, PLANS)
    yield m
    m.close()


def _block(m: Memory, q: str) -> str:
    return m.context(q, budget_ms=20000).text


# -- finding 3: a new job told as news ----------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "read"), [
    ("Got the offer from Copperleaf! Lead designer. I start on October 1st.",
     "I start at Copperleaf as a lead designer on October 1st."),
    ("accepted the offer from Harbor Health as a staff nurse.", "I got a new job at Harbor Health as a staff nurse."),
    ("Just got the job offer from Fenwick Labs! I start next Monday.",
     "I got a new job at Fenwick Labs. I start there next Monday."),
    ("Today was my first day at Orbit Insurance.", "I work at Orbit Insurance."),
    ("First day at Copperleaf today. My manager is Jo.", "I work at Copperleaf. My manager is Jo."),
])
def test_a_new_job_told_as_news_is_read_as_the_new_job(said: str, read: str) -> None:
    assert new_job_told(said) == read


@pytest.mark.parametrize("said", [
    "I got an offer from Acme, not sure yet.",  # got, no start: maybe not taken
    "First day at Yosemite today!",  # a first day at no workplace
    "First day at Lincoln Elementary today, she was so brave.",  # a child's school
])
def test_an_offer_not_taken_or_a_first_day_elsewhere_is_no_new_job(said: str) -> None:
    assert new_job_told(said) == said


def test_a_tenure_after_the_job_keeps_the_job_slot() -> None:
    got = extract_matches("I work as a welder at Ford, been there for 3 years.")
    assert [(m.slot, m.statement) for m in got] == [("job", "I work as a welder at Ford, been there for 3 years")]


def test_the_new_job_is_stored_and_the_old_one_ended(job: Memory) -> None:
    items = job.list(include_all=True)
    active = {i.slot: i.statement for i in items if i.status == "active" and i.slot in ("job", "workplace")}
    assert "Copperleaf" in active.get("workplace", "") and "lead designer" in active.get("job", ""), active
    old = next(i for i in items if "Greenway" in i.statement)
    assert old.slot == "job" and old.status != "active", old


@pytest.mark.parametrize(("q", "word"), [
    ("Where do I work these days?", "Copperleaf"),
    ("What was my previous job?", "Greenway"),
    ("What is my job?", "lead designer"),
])
def test_the_job_questions_are_answered(job: Memory, q: str, word: str) -> None:
    assert word in _block(job, q)


# -- finding 4: a changed plan -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "slot", "value"), [
    ("Actually they just moved the wedding up to June 6th because his dad is ill.", "event.rescheduled", "wedding"),
    ("We pushed our party back to Sunday.", "event.rescheduled", "party"),
    ("I'm planning to repaint the fence next month.", "event.scheduled", "fence"),
    ("We're doing the bathroom in March now.", "event.rescheduled", "bathroom"),
    ("Mia's wedding was yesterday, I gave a speech and cried a bit.", "person:mia.event.scheduled", "wedding"),
])
def test_a_plan_moved_or_changed_is_read_as_its_time(said: str, slot: str, value: str) -> None:
    got = extract_matches(said)
    assert [(m.slot, m.value) for m in got] == [(slot, value)], got
    assert got[0].statement.casefold() in said.casefold()  # as said (no cut: "Mia's wedding was")


@pytest.mark.parametrize("said", ["They moved the meeting online.", "We moved the couch to the other room."])
def test_a_move_with_no_time_is_no_plan(said: str) -> None:
    assert not any((m.slot or "").startswith("event.") for m in extract_matches(said))


def test_the_moved_plan_ends_the_time_stored_before(plans: Memory) -> None:
    items = {i.statement: i for i in plans.list(include_all=True)}
    old_wedding = next(i for s, i in items.items() if "next summer" in s)
    old_bathroom = next(i for s, i in items.items() if "in the spring" in s)
    assert old_wedding.status != "active" and old_bathroom.status != "active", (old_wedding, old_bathroom)
    new = [i for s, i in items.items() if i.status == "active" and ("October 3rd" in s or "March instead" in s)]
    assert len(new) == 2, items


def test_the_changed_plan_answers_when(plans: Memory) -> None:
    assert "March" in _block(plans, "When is the bathroom getting redone?")


# -- finding 6: kin by marriage, a named child -------------------------------------------------------------------

@pytest.mark.parametrize(("q", "word"), [
    ("What's my mother-in-law's name?", "Meena"),
    ("What does my mother-in-law do?", "pharmacist"),
    ("What does my sister-in-law do for a living?", "dentist"),
])
def test_an_in_law_is_the_partners_kin_told_by_name(family: Memory, q: str, word: str) -> None:
    block = _block(family, q)
    assert word in block and "Ann" not in block, block  # (never the friend's mother)


def test_no_in_law_is_made_up(family: Memory) -> None:
    assert "Ann" not in _block(family, "What's my father-in-law's name?")


def test_the_son_is_the_child_told_with_he(family: Memory) -> None:
    hits = family.search("What is my son into?", limit=3)
    assert hits and "trains" in hits[0].statement, [h.statement for h in hits]
