"""Round 47: English statements that stored nothing or the wrong slot.

- A joining told with its role keeps its role, its workplace and its time, with or without its "I" ("Joined X last
  month as a Y" was ``event.joined_x``); a stay told with its start ("I've been at X since 2021, doing payroll", was
  ``fact.x``) is the workplace (:mod:`memcli.write.rules.en_joined`). Valid from the time told.
- "I work at X now" (the present said last) ends the workplace of a stored job as "I now work at X" does
  (:mod:`memcli.write.workplace_moved`).
- A trip's day told in the clause after the plan ("…, leaving on Tuesday") stays in the plan's statement, also
  after a Chinese plan in a code-switched turn (:mod:`memcli.write.rules.en_plan`).
- An English weak slot is keyed by what the fact is about, not a negation, an adverb, a quantity, a number or a
  preposition (:mod:`memcli.write.rules.en_odd_head`: ``fact.never`` → ``fact.eat``), and a "there is" of a thing
  of the user's by that thing.
- "What do my friends call me?" asks the user's nickname and name (:mod:`memcli.slot_query`); a nickname question
  reads the user's name memory that tells a calling ("…, but everyone calls me Kat": :data:`memcli.read.slot_leg.
  NAME_KIN`).

Our own sentences; real SQLite stores and the real default model.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.slot_query import query_slots, query_subject
from memcli.write.rules import extract_matches

AT = "2026-06-10T09:00:00+00:00"


def _read(text: str) -> list[tuple[str | None, str | None]]:
    return [(m.slot, m.value) for m in extract_matches(text)]


@pytest.mark.parametrize(("text", "job", "place"), [
    ("Joined Larkspur Labs last month as a UX researcher.", "ux researcher", "larkspur labs"),  # no "I"
    ("started at Fernhill Clinic in March as a physiotherapist", "physiotherapist", "fernhill clinic"),
    ("I joined the Red Cross two weeks ago as a volunteer coordinator", "volunteer coordinator", "red cross"),
    ("I have been with the county council for six years as a planner", "planner", "county council"),
])
def test_a_joining_with_its_role_is_the_job_and_the_workplace(text: str, job: str, place: str) -> None:
    got = extract_matches(text)
    assert [(m.slot, m.value) for m in got] == [("job", job), ("workplace", place)]
    assert all(m.ago for m in got), got  # the time it began


@pytest.mark.parametrize(("text", "place"), [
    ("I've been at Quillon since 2021, doing payroll", "quillon"),
    ("I've been with Harbour Freight Co since March, mostly doing invoices", "harbour freight co"),
    ("I've been at Tellis for three years", "tellis"),
])
def test_a_stay_told_with_its_start_is_the_workplace(text: str, place: str) -> None:
    assert _read(text) == [("workplace", place)]


@pytest.mark.parametrize("text", [
    "I've been with Priya since 2019",  # a person one has been with
    "I've been at Oxford since 2021",  # a study as often as a job
    "I've been at the beach for two hours",
    "I've been in Lisbon since May",
])
def test_a_stay_that_is_no_job_is_no_workplace(text: str) -> None:
    assert not any(s in ("workplace", "job") for s, _ in _read(text))


@pytest.mark.parametrize(("text", "slot"), [
    ("I never eat lamb", "like.lamb"),  # (the liking reads the "no")
    ("I rarely watch television", "fact.watch"),
    ("I hardly ever drink soda", "fact.drink"),
    ("These days I mostly cycle", "fact.cycl"),
    ("Our flat is on the third floor", "thing:flat.fact.floor"),
    ("I am usually asleep by midnight", "habit.midnight"),
    ("There are two bakeries on my street", "thing:street.fact.bakery"),
    ("There is a park near my flat", "thing:flat.fact.park"),
])
def test_an_english_weak_slot_is_keyed_by_what_the_fact_is_about(text: str, slot: str) -> None:
    assert [s for s, _ in _read(text)] == [slot]


@pytest.mark.parametrize(("text", "slot"), [
    ("I won another chess tournament last week", "event.won_chess"),
    ("I just joined a new choir last Tuesday", "event.joined_choir"),
])
def test_an_events_object_is_no_adjective(text: str, slot: str) -> None:
    assert [s for s, _ in _read(text)] == [slot]


@pytest.mark.parametrize(("text", "slot"), [
    ("I wanted to tell you I just adopted a kitten.", "owns.kitten"),
    ("I'm glad to say that we bought a house in Derby", "owns.house in derby"),
    ("I forgot to mention my cousin moved to Cork", "cousin.residence"),
    ("I wanted to tell ya I just adopted a kitten.", "owns.kitten"),
    ("Hey Dana, I'm so excited to tell you I moved to Cork", "residence"),
])
def test_a_telling_said_as_a_statement_is_the_clause_it_tells(text: str, slot: str) -> None:
    assert [s for s, _ in _read(text)] == [slot]


@pytest.mark.parametrize("text", ["I lost my job at the print shop.", "Got laid off from Veltro last week, so I'm "
                                  "looking around", "I was made redundant in March", "I got fired from the diner"])
def test_a_job_lost_is_an_event_of_its_own(text: str) -> None:
    got = extract_matches(text)
    assert got and got[0].slot == "event.lost_job" and got[0].statement.startswith("I "), got


@pytest.mark.parametrize("text", ["I'm worried I might get laid off", "My brother got fired", "I feel lost"])
def test_a_job_not_lost_by_the_user_is_no_job_lost(text: str) -> None:
    assert not any(s == "event.lost_job" for s, _ in _read(text))


def test_a_there_is_of_someone_elses_thing_keeps_the_plain_slot() -> None:
    assert [s for s, _ in _read("There is a crack in my sister's windshield")] == ["fact.there"]


@pytest.mark.parametrize("q", ["What do my friends call me?", "What does everyone call me?",
                               "What does my sister call me?"])
def test_what_someone_calls_me_asks_my_nickname_and_name(q: str) -> None:
    assert query_subject(q) == "me"
    assert query_slots(q) == ["nickname", "name"]


def test_what_i_call_someone_is_still_theirs() -> None:
    assert query_subject("What do I call my grandma?") == "grandmother"


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):  # noqa: ANN001,ANN201
    path = str(tmp_path_factory.mktemp("r47en") / "en.db")
    turns = {
        "join": ["Joined Larkspur Labs last month as a UX researcher.",
                 "I've been at Quillon since 2021, doing payroll"],
        "now": ["I work as a locum pharmacist at a chemist in Leeds.", "I work at Boots now."],
        "first": ["I'm a nurse at Elmford Hospital.", "Nowadays I'm working for Lidl."],
        "trip": ["I'm driving to Glasgow for a wedding, leaving on Friday", "My sister lives in Bristol"],
        "mixed": ["我下周要去 Lisbon 出差, leaving on Monday."],
        "lost": ["I'm a welder at a shipyard in Hull.", "Got laid off last week, so I'm looking around."],
        "nick": ["I'm Margaret, but my friends call me Mags", "My best friend Tom lives in Leeds",
                 "I work as a nurse at Mercy Hospital"],
        "plain": ["I'm Margaret", "My best friend Tom lives in Leeds"],
    }
    for user, said in turns.items():
        with Memory(db=path, user=user, embedder=embedder) as m:
            for n, text in enumerate(said):
                m.capture(text, at=f"2026-06-{10 + n}T09:00:00+00:00", session="s1")
                s = m.drain()
                assert s.dead == 0 and s.retried == 0, s.errors
    yield lambda user: Memory(db=path, user=user, embedder=embedder)


def _rows(store, user: str) -> dict[str, object]:  # noqa: ANN001
    with store(user) as m:
        return {r.statement: r for r in m.list(include_all=True)}


def test_a_joining_is_stored_valid_from_when_it_began(store) -> None:  # noqa: ANN001
    rows = _rows(store, "join")
    job = next(r for r in rows.values() if r.slot == "job")
    assert "UX researcher" in job.statement and job.valid_from.astimezone(UTC) < datetime(2026, 5, 15, tzinfo=UTC)
    stay = next(r for r in rows.values() if "Quillon" in r.statement)
    assert stay.slot == "workplace" and stay.valid_from.year == 2021


def test_a_workplace_told_with_now_last_ends_the_old_one(store) -> None:  # noqa: ANN001
    rows = _rows(store, "now")
    old = rows["I work as a locum pharmacist at a chemist in Leeds"]
    assert old.invalid_at is not None, rows
    assert rows["I work at Boots now"].invalid_at is None
    assert any(r.slot == "job" and r.invalid_at is None and "pharmacist" in r.statement for r in rows.values())


@pytest.mark.parametrize(("user", "place", "day"), [("trip", "Glasgow", "Friday"), ("mixed", "Lisbon", "Monday")])
def test_a_trips_day_is_kept_with_the_trip(store, user: str, place: str, day: str) -> None:  # noqa: ANN001
    rows = _rows(store, user)
    plan = [s for s, r in rows.items() if r.slot == "plan.destination"]
    assert len(plan) == 1 and place in plan[0] and day in plan[0], rows
    with store(user) as m:
        hits = [h["statement"] for h in m.context(f"When am I leaving for {place}?", limit=3).hits]
    assert hits and day in hits[0], hits


def test_what_my_friends_call_me_gets_the_nickname(store) -> None:  # noqa: ANN001
    with store("nick") as m:
        hits = [h["statement"] for h in m.context("What do my friends call me?", limit=3).hits]
    assert hits and "Mags" in hits[0], hits
    assert not any("Tom" in h for h in hits), hits


def test_a_job_lost_ends_the_stored_job(store) -> None:  # noqa: ANN001
    rows = _rows(store, "lost")
    assert rows["I'm a welder at a shipyard in Hull"].invalid_at is not None, rows
    lost = next(r for r in rows.values() if r.slot == "event.lost_job")
    assert lost.invalid_at is None and lost.valid_from.astimezone(UTC) < datetime(2026, 6, 11, tzinfo=UTC)


def test_a_workplace_told_with_the_present_first_ends_the_old_one(store) -> None:  # noqa: ANN001
    rows = _rows(store, "first")
    assert rows["I'm a nurse at Elmford Hospital"].invalid_at is not None, rows
    assert rows["Nowadays I'm working for Lidl"].invalid_at is None
    assert any(r.slot == "job" and r.invalid_at is None and "nurse" in r.statement for r in rows.values())


@pytest.mark.parametrize("q", ["What's my nickname?", "Do I have a nickname?"])
def test_a_nickname_question_reads_the_name_that_tells_a_calling(store, q: str) -> None:  # noqa: ANN001
    with store("nick") as m:
        hits = [h["statement"] for h in m.context(q, limit=3).hits]
    assert hits and "Mags" in hits[0], hits
    with store("plain") as m:
        assert m.context(q, limit=3).hits == [], q  # a name that tells no calling is no nickname
