"""An English job told with where it is done ("I'm a barista at a café in Cardiff", "I've been a nurse for three
years", "I just started as a paralegal at a law firm", "I work as a sous chef at …") is the ``job`` (found by a
trial: the café's é stopped the occupation pattern, and the sentence was stored as ``fact.barista``, out of reach
of "What do I do for work?" and "Where do I work?"); the job fact's statement keeps the place, which the slot leg
brings for "Where do I work?". A person or a mood that an -er word or "a bit" makes look like an occupation stays
out of ``job``."""

from __future__ import annotations

import pytest

from memcli.write.rules.en import extract_matches


def _slots(text: str) -> list[tuple[str, str]]:
    return [(m.slot or "", m.value) for m in extract_matches(text)]


@pytest.mark.parametrize(("text", "want"), [
    ("I'm a florist at a little shop in Göteborg", [("job", "florist")]),
    ("I'm a line cook at Café Rouge", [("job", "line cook")]),
    ("I've been a dental hygienist for six years", [("job", "dental hygienist")]),
    ("I have been a welder at the shipyard since 2015", [("job", "welder")]),
    ("I just started as a junior accountant at a firm in Dundee", [("job", "junior accountant")]),
    ("I began as a receptionist at the clinic last spring", [("job", "receptionist")]),
    ("My brother just started as an electrician at the power station", [("brother.job", "electrician")]),
    ("I work as a porter at the Grand Hôtel", [("job", "porter at the grand hôtel")]),  # as before: one fact
    ("I work as a nurse", [("job", "nurse")]),
    ("I work at a bakery as a baker", [("workplace", "bakery"), ("job", "baker")]),
])
def test_a_job_told_with_its_place_reads_as_the_job(text: str, want: list[tuple[str, str]]) -> None:
    assert _slots(text) == want


@pytest.mark.parametrize("text", [
    "I'm a fan of folk music at heart", "I'm a wreck at work this week", "I'm a regular at the corner pub",
    "I've been a customer at that garage for years", "I'm a sucker for sad films", "I'm a bit under the weather",
    "I've been a little under the weather", "I'm a lot better now", "I started as a total novice",
    "I've been a member of the rowing club for ages", "I work as a nurse at night",
])
def test_what_only_looks_like_a_job_is_not_one(text: str) -> None:
    got = _slots(text)
    assert not any(s == "job" and v not in ("nurse at night",) for s, v in got), got
    assert not any(s == "workplace" for s, _ in got), got  # at night, at heart: no place of work


def test_work_questions_reach_a_job_told_with_its_place(mem) -> None:  # noqa: ANN001
    for t in ["I'm a barista at a little café in Swansea", "I live in a flat above a launderette",
              "My wife is a vet", "I play five-a-side on Tuesdays"]:
        mem.capture(t)
    mem.drain()
    assert [h.slot for h in mem.search("What do I do for work?", limit=8) if "Swansea" in h.statement] == ["job"]
    for q in ("What do I do for work?", "Where do I work?", "What's my job?"):
        assert "café in Swansea" in mem.context(q, budget_ms=60000).text, q
    assert "launderette" in mem.context("Where do I live?", budget_ms=60000).text


def test_jobs_told_over_time_or_just_begun_are_reached(mem) -> None:  # noqa: ANN001
    for t in ["I've been a postman for four years", "My sister just started as a paramedic at the hospital in Preston",
              "I grow tomatoes on my balcony"]:
        mem.capture(t)
    mem.drain()
    assert [h.slot for h in mem.search("What do I do for work?", limit=8) if h.slot.endswith("job")] == ["job"]
    assert [h.slot for h in mem.search("What does my sister do?", limit=8) if h.slot.endswith("job")] == \
        ["sister.job"]
    assert "postman" in mem.context("What do I do for work?", budget_ms=60000).text
    assert "hospital in Preston" in mem.context("Where does my sister work?", budget_ms=60000).text
