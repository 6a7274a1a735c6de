"""Round 43: English — what a question names and what a clause holds.

- A question naming a kind ("What music do I like?", "Which pets do I have?") reaches a memory naming an instance of
  it ("I'm really into reggae"), and names nothing it does not hold: no block when nothing of the kind is stored
  (memcli.read.kinds: genres, dishes, drinks, sports, languages, instruments, kept animals by name).
- "What does my son do?" is answered by his study or school as by his job, and a relative told with a name is found
  by either (memcli.slot_query: the question asks ``job``, ``school`` and ``education``).
- A date in the thing's relative clause ("The lasagne I made on Saturday was far too salty") makes the remark one of
  that occasion: no preference, as the rules read it (memcli.write.rules.en_one_off).
- Leaving a workplace ends the job told in the same turn ("I work at Fernhill Press as an editor"), not a job told on
  its own (memcli.write.dated_change.ended_with).

Own sentences, one real store (default model) for the file: each behaviour its own user, drained once.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory
from memcli.read.kinds import kinds_of
from memcli.slot_query import query_slots
from memcli.write.rules import extract_matches
from memcli.write.rules.en_one_off import judgement_only
from tests._stores import users_told_daily

BUDGET = 120_000  # a loaded machine must not change what is asserted
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
TURNS = {
    "kinds": ["I'm really into reggae.", "I play squash on Thursdays.", "I have a pet tortoise.",
              "I'm learning Swedish.", "My brother lives in Cork."],
    "family": ["My son Leo is at university in York.", "My daughter Ella starts school in January.",
               "My husband works at a garden centre."],
    "told": ["I work at Fernhill Press as an editor.", "I left Fernhill Press."],
    "apart": ["I work at Orbis Media.", "I'm an illustrator.", "I left Orbis Media."],
}


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict[str, Memory]:  # noqa: ARG001 - loaded once
    db = str(tmp_path_factory.mktemp("en43") / "m.db")
    out = users_told_daily(db, TURNS, START)
    yield out
    for m in out.values():
        m.close()


def _block(m: Memory, q: str) -> list[str]:
    return [h["statement"] for h in m.context(q, budget_ms=BUDGET).hits]


# -- 1. a kind asked reaches its instances ----------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "answer"), [
    ("What music do I like?", "reggae"), ("What sports do I play?", "squash"), ("Which pets do I have?", "tortoise"),
    ("What languages am I learning?", "Swedish"), ("What instruments do I play?", None),
    ("What drinks do I like?", None)])
def test_a_kind_asked_reaches_its_instances(stores: dict[str, Memory], question: str, answer: str | None) -> None:
    shown = _block(stores["kinds"], question)
    if answer is None:
        assert shown == [], shown  # nothing of that kind stored: the gate stays shut
    else:
        assert shown and answer in shown[0], shown


def test_kinds_by_name() -> None:
    assert "music" in kinds_of("I love bluegrass") and "sport" in kinds_of("I do karate")
    assert "food" in kinds_of("I could live on dumplings") and "drink" in kinds_of("a pint of cider")
    assert "language" in kinds_of("I'm learning Dutch") and "instrument" in kinds_of("I play the bagpipes")
    assert "sport" in kinds_of("I go rock climbing") and "music" not in kinds_of("I go rock climbing")
    assert kinds_of("I live in the country") == frozenset()  # a word of another sense alone names no genre


# -- 2. what a relative does: a job, a school, a study ----------------------------------------------------------------
@pytest.mark.parametrize(("question", "answer"), [
    ("What does my son do?", "university"), ("What does my daughter do?", "school"),
    ("What does Ella do?", "school"), ("What does my husband do?", "garden centre")])
def test_what_a_relative_does(stores: dict[str, Memory], question: str, answer: str) -> None:
    shown = _block(stores["family"], question)
    assert shown and answer in shown[0], shown


def test_what_does_x_do_asks_a_job_or_a_study() -> None:
    assert query_slots("What does my niece do?") == ["niece.job", "niece.school", "niece.education"]
    assert query_slots("What does my niece do for a living?") == ["niece.job"]  # a living is a job


# -- 3. a date in the relative clause makes a remark one of that occasion ---------------------------------------------
def test_a_remark_dated_in_its_relative_clause_is_no_preference() -> None:
    for said in ("The lasagne I made on Saturday was far too salty.", "That play we saw last night was brilliant.",
                 "The risotto my dad cooked yesterday was delicious.", "The gig we went to in June was amazing."):
        assert extract_matches(said) == [], said  # the rules: one occasion, no preference
    for kept in ("The jacket I bought last week is really warm.",):
        assert [m.kind for m in extract_matches(kept)] == ["preference"], kept  # the thing outlives the day


@pytest.mark.parametrize(("phrase", "ago", "rest", "once"), [
    ("The lasagne I made", ("weekday", 5), "was far too salty", True),
    ("The jacket I bought", ("week", 1), "is really warm", False),
    ("The Hollow Crown gig", ("day", 1), "was amazing", False),
    ("The risotto my dad cooked", None, "was great", False)])
def test_judgement_only(phrase: str, ago: tuple[str, int] | None, rest: str, once: bool) -> None:
    assert judgement_only(phrase, ago, False, rest) is once


# -- 4. leaving a workplace ends the job told with it -----------------------------------------------------------------
def test_leaving_ends_the_job_told_with_the_workplace(stores: dict[str, Memory]) -> None:
    told = {it.statement: it for it in stores["told"].list(include_all=True)}
    ended = [it for s, it in told.items() if "editor" in s or "work at Fernhill" in s]
    assert len(ended) == 2 and all(it.status != "active" for it in ended), [(s, it.status) for s, it in told.items()]
    assert all(it.invalid_at is not None and it.invalid_at <= START + timedelta(days=1) for it in ended)
    apart = {it.statement: it.status for it in stores["apart"].list(include_all=True)}
    assert apart.get("I'm an illustrator") == "active", apart  # a job told on its own names no Orbis Media
    assert any("Orbis" in s and st != "active" for s, st in apart.items() if "work at" in s), apart
