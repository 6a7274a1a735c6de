"""Round 31's English month (two users' daily life, bench/months/round31_en.json): the kinds of sentence
whose facts were lost or left standing, each tested here on new sentences of other lives. Real stores,
the real default model and extractor."""

from __future__ import annotations

from datetime import UTC, datetime

from _stores import drained

from memcli.write.clauses import Unit, en_parts, units
from memcli.write.correction import denied_values
from memcli.write.relay import relayed
from memcli.write.rules.coref import resolve
from memcli.write.rules.en_label import own_label

START = datetime(2026, 3, 2, 9, tzinfo=UTC)


def _active(db: str, turns: list[str]) -> tuple[set[str], set[str]]:
    return drained(db, turns, user="r31", start=START)


# -- an "and"-clause that drops the subject it shares ------------------------------------------------------------
def test_second_verb_of_a_named_subject_is_said_with_that_subject() -> None:
    parts = [p.text for p in en_parts(Unit("My aunt Rosa is 64 and has just joined a rowing club.", "en"))]
    assert parts == ["My aunt Rosa is 64", "My aunt Rosa has just joined a rowing club."]
    # a clause with its own subject stays as said
    parts = [p.text for p in en_parts(Unit("My cousin Ben is 30 and my aunt has just bought a boat.", "en"))]
    assert parts == ["My cousin Ben is 30", "my aunt has just bought a boat."]


def test_shared_subject_fact_is_kept(db) -> None:
    active, _ = _active(db, ["My uncle Desmond is 70 and has just taken up salsa dancing, bless him."])
    assert any("salsa" in s and "Desmond" in s for s in active), active


# -- news of the user's own people passed on by someone they know ------------------------------------------------
def test_relay_is_scored_by_the_news_it_reports() -> None:
    assert relayed(Unit("My brother says Mum's hip operation was moved to June 9th.", "en")).text == (
        "Mum's hip operation was moved to June 9th.")
    assert relayed(Unit("Kofi told me our landlord is selling the building.", "en")).text == (
        "Our landlord is selling the building.")
    for view in ("My neighbour says the gym is overpriced.", "My uncle thinks Ravi is a genius.",
                 "Everyone says we should move."):
        assert relayed(Unit(view, "en")).text == view  # a view, a thing of the world, no one: as said


def test_relayed_change_is_kept_and_a_view_is_not(db) -> None:
    active, _ = _active(db, ["Omar says Mum's dentist appointment is now on the 22nd because Dr. Reyes is away.",
                             "My neighbour says the new bakery is overpriced."])
    assert any("22nd" in s for s in active), active
    assert not any("bakery" in s for s in active), active


# -- a colon heading that drops "my" ----------------------------------------------------------------------------
def test_heading_without_my_is_read_as_the_speakers() -> None:
    assert own_label("Next checkup: March 3rd at the clinic.") == "My next checkup: March 3rd at the clinic."
    assert own_label("Piano lesson moved: it's on Thursdays now.") == "My piano lesson moved: it's on Thursdays now."
    for kept in ("Tom moved: he lives in Leeds.", "Note: bring the forms.", "New York was fun."):
        assert own_label(kept) == kept
    assert [u.text for u in units("Latest update. Next checkup: March 3rd at the clinic.")][-1] == (
        "My next checkup: March 3rd at the clinic.")


def test_heading_fact_is_kept(db) -> None:
    active, _ = _active(db, ["Honestly the old plan was too much. Latest weight: 71 kilos, down from 76."])
    assert any("71 kilos" in s for s in active), active


# -- a named subject before any past verb is who "he"/"she" means after it ------------------------------------------
def test_he_after_a_named_subject_is_that_person_not_an_earlier_one() -> None:
    ctx = ("My son Jack lives in Bristol and works in insurance.",)
    res = resolve("Gavin coached my football team for years. He's a retired firefighter.", ctx)
    assert res is not None and [r[1] for r in res.resolved] == ["Gavin"]
    res = resolve("Marta rang this morning. She's moving to Porto.", ("My sister Ines is a dentist.",))
    assert res is not None and [r[1] for r in res.resolved] == ["Marta"]


# -- a change told against its old value ---------------------------------------------------------------------------
def test_now_not_and_now_instead_of_deny_the_old_value() -> None:
    assert denied_values("I eat chicken again, so I'm a flexitarian now, not vegan.") == ["vegan"]
    assert denied_values("The choir rehearses on Mondays now instead of Thursdays.") == ["Thursdays"]
    assert denied_values("My sister runs the full marathon, not the half.") == []  # no change told
    assert denied_values("I'm engaged now, not yet married.") == []  # a hedge, no value


def test_change_against_a_told_event_ends_it(db) -> None:
    active, ended = _active(db, ["I went vegan in 2023 for the animals.",
                                 "I've started eating chicken again, twice a week, so I suppose I'm flexitarian now, "
                                 "not vegan."])
    assert any("vegan" in s and "2023" in s for s in ended), (active, ended)
    assert any("flexitarian now" in s for s in active), active


# -- a move told by where one is now -------------------------------------------------------------------------------
def test_in_the_new_home_is_a_residence() -> None:
    from memcli.write.clause_slots import generic_slot

    assert generic_slot("We're in the Hazel Close bungalow") == ("residence", "Hazel Close")
    assert generic_slot("I'm finally into my new flat on Quay Street") == ("residence", "Quay Street")
    for no_home in ("We're in the kitchen", "I'm in the house", "We're in the Lake District"):
        assert generic_slot(no_home) is None or generic_slot(no_home)[0] != "residence"


def test_in_the_new_home_ends_the_old_residence(db) -> None:
    active, ended = _active(db, ["We live in a tiny basement flat on Mercer Street.",
                                 "Keys collected! We're in the Hazel Close bungalow, boxes everywhere."])
    assert any("Mercer Street" in s for s in ended), (active, ended)
    assert any("Hazel Close" in s for s in active), active


# -- a deed done to "it", the thing named in the next sentence ----------------------------------------------------
def test_thing_named_after_a_deed_done_to_it_is_kept(db) -> None:
    active, _ = _active(db, ["Bought it! A secondhand Brompton folding bike, racing green."])
    assert any("Brompton" in s for s in active), active


# -- something taken up, its numbers of another measure, beside a dated fact of the same person ------------------------
def test_taking_up_with_a_weekly_count_keeps_the_dated_fact(db) -> None:
    active, ended = _active(db, ["My nephew's graduation is on July 8th in Cork.",
                                 "My nephew has started cycling four evenings a week to get fit before the "
                                 "graduation."])
    assert any("July 8th" in s for s in active), (active, ended)
    assert any("cycling" in s for s in active), active


# -- "we" said again as the pair it means, between commas after the verb -------------------------------------------
def test_pair_after_the_verb_is_the_subject() -> None:
    from memcli.write.rules.en_pair_subject import pair_as_subject

    assert pair_as_subject("We've finally sold up, my partner Dev and I, and bought a narrowboat.") == (
        "My partner Dev and I have finally sold up and bought a narrowboat.")
    assert pair_as_subject("We love it here, my dog and I.") == "We love it here, my dog and I."


def test_pair_subject_move_is_kept(db) -> None:
    active, _ = _active(db, ["We've just moved, my husband and I, from a terraced house in Bolton to a cottage in "
                             "Kendal."])
    assert any("Kendal" in s and "Bolton" in s and not s.startswith("I,") for s in active), active


# -- eval conversations: questions nothing told answers ------------------------------------------------------------
def test_no_answer_question_takes_no_keys(tmp_path) -> None:
    import json

    import pytest

    from memcli.errors import BadInputError
    from memcli.eval.conversations import load_conversations

    conv = {"id": "c1", "messages": [{"role": "user", "text": "I keep two ferrets.", "at": "2026-03-01T10:00Z"}],
            "questions": [{"q": "What's my shoe size?", "at": "2026-03-02T10:00Z", "no_answer": True}]}
    p = tmp_path / "c.jsonl"
    p.write_text(json.dumps(conv) + "\n", encoding="utf-8")
    assert load_conversations(p)[0].questions[0].no_answer is True
    conv["questions"][0]["answer_keys"] = ["ferret"]
    p.write_text(json.dumps(conv) + "\n", encoding="utf-8")
    with pytest.raises(BadInputError, match="no_answer question takes no answer_keys"):
        load_conversations(p)
