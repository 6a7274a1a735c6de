"""Round 42: English chat between two friends — a speaker's memories that answer what their raw turns answer.

The fixture (``fixtures/round42_en_chat.json``, LoCoMo's shape, our own sentences) is two friends' chat over five
sessions: 50 turns, 48 questions (47 with answer words), of the kinds LoCoMo's speakers lose most: another person's
deed or habit told by first name only, short replies whose topic is only in the other speaker's question, and
feelings told with what they are about. Each speaker's turns are captured at their session's time and drained once
(one store per speaker for the file).

What the chat lost on main, each a kind, each fixed in general:

- **a deed of a person named by a bare first name** ("Anjali ran her first half marathon in Porto…", "Marco
  learned to juggle…"): the clause model read a stranger's news (P 0.03 – 0.40, lost); kept now by its shape,
  English only, so the Chinese side is untouched (memcli.write.named_deed);
- **a feeling, a comma, then "<Name> and I …"** ("I'm over the moon about Lisbon, Marco and I booked …"): the
  sentence was cut before "and", storing "I'm over the moon about Lisbon, Marco" and "I booked …" (the partner
  lost); now cut at the comma, the name the co-subject of the next clause (memcli.write.rules.en_words).

Still lost (counted below): replies whose topic is only in the other speaker's question ("Mostly a speckled
celadon, …" after "What glaze does she use?", "Fourteen." after "How old is he?"; the speaker's store never sees
the question: capture's context holds the user's own turns only), facts said with a pronoun whose referent is only
in the other speaker's turn, and a named person's habit in the present ("Dev coaches the kids' team there on
Wednesdays": read too, it kept LoCoMo's generic remarks opened by a capitalised noun, in our words "Cooking calms
me…" — no word list here tells a name from a capitalised noun — and was dropped).

Measured with ``memcli eval locomo-e2e fixtures/round42_en_chat.json`` (memories alone / + episodes / raw turns, top
5): main 0.53 / 0.85 / 0.85, now 0.64 / 0.85 / 0.85.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _stores import chat_fixtures

from memcli.eval.locomo_e2e import _speaker_turns, answer_words, covers
from memcli.write.named_deed import en_named_deed
from memcli.write.rules.en_words import split_clauses

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "round42_en_chat.json"


chat, stores = chat_fixtures(FIXTURE, episodes=False)


def _asked(chat: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    who, _ = _speaker_turns(chat)
    return [(who[qa["evidence"][0]], qa) for qa in chat["qa"] if answer_words(qa["answer"])]


def _active(store: Any) -> list[str]:
    return [it.statement for it in store.list() if it.status == "active"]


# -- what the drain stores -----------------------------------------------------------------------------------------
#: told facts no active memory holds: replies whose topic is in the other speaker's question (since when, which
#: anniversary, the glaze, Biscuit's age, the day they leave), a deed of "they" (the council), and a
#: named person's habit or plan in the present (Dev's coaching, Anjali's new post: not read by the shape)
NOT_STORED = {"What did the city council approve funding for?",
              "Since when has Priya shared a flat with Anjali?", "Which anniversary are Tomas and Marco celebrating?",
              "What glaze does Lucia mostly use?", "How old is Biscuit?",
              "When do Tomas and Marco leave for Lisbon?", "When does Dev coach the kids' team?",
              "What will Anjali work as?"}


def test_the_told_facts_are_stored(chat: dict[str, Any], stores: Any) -> None:
    missing = {qa["question"] for sp, qa in _asked(chat)
               if not any(covers([s], answer_words(qa["answer"])) for s in _active(stores[sp]))}
    assert missing == NOT_STORED  # main: 6 more (Anjali's marathon and job, Dev's treehouse, Marco's juggling);
    # round 47 (fix47a): the flour is stored too


def test_what_a_named_friend_did_is_kept(stores: Any) -> None:
    priya, tomas = _active(stores["Priya"]), _active(stores["Tomas"])
    assert any(s.startswith("Anjali ran her first half marathon in Porto") for s in priya), priya
    assert any(s.startswith("Marco learned to juggle") for s in tomas), tomas


def test_a_co_subject_after_a_comma_opens_its_clause(stores: Any) -> None:
    tomas = _active(stores["Tomas"])
    assert "Marco and I booked ten days there in June for our anniversary" in tomas
    assert "I'm over the moon about Lisbon" in tomas  # (main: "…about Lisbon, Marco" and "I booked …")


# -- what a question gets (memories alone, top 5, as the eval asks) ------------------------------------------------
#: stored, but outside the top 5: a fact said with "him" / "there" / "we" whose referent is in another clause or turn
#: (Biscuit's farm, the Lisbon trip, the flat in Oakland, the salsa class with Marco), a reply (the staff discount,
#: the boathouse), and two of Lucia's facts behind her other memories
NOT_IN_TOP5 = {"What is Tomas nervous about with Lucia's studio?", "Where did Lucia work before doing pottery?",
               "Where is the party for Priya's dad's sixtieth?", "Which city does Priya live in?",
               "Where are Tomas and Marco going in June?", "Where did Tomas and Marco meet?",
               "What staff discount does Tomas get?", "Where did Priya get Biscuit?"}


def test_questions_find_the_answer(chat: dict[str, Any], stores: Any) -> None:
    missed = {qa["question"] for sp, qa in _asked(chat)
              if not covers([h.statement for h in stores[sp].search(qa["question"], limit=5)],
                            answer_words(qa["answer"]))}
    assert missed == NOT_IN_TOP5 | NOT_STORED  # 31 of 47 (main: 25; round 47: the flour)


# -- the readings, on other sentences (no model) --------------------------------------------------------------------
@pytest.mark.parametrize("said", [
    "Ines finally got her pilot's licence last month",
    "So Bram built a cedar greenhouse behind the garage",
    "Noor has just finished her second novel about the war",
    "Oh, Greta sold her flat in Bergen over the summer",
])
def test_a_named_deed_or_habit(said: str) -> None:
    assert en_named_deed(said)


@pytest.mark.parametrize("said", [
    "Ines said she would call back tomorrow",  # hearsay
    "Ines thinks the new bridge is ugly",  # an opinion
    "Bram was in the shower when I rang",  # a moment
    "Noor didn't get the part in the play",  # denied
    "Did Yusuf finish the marathon in Oslo?",  # a question
    "Finally finished the shelves for my study",  # no name: an adverb
    "Tuesday started with a flat tyre on the motorway",  # a weekday
    "Greta sends her love",  # too short, and a greeting
    "Bram always comes late to everything",  # an adverb, then a verb of coming
    "Yusuf teaches Portuguese at the community college",  # the present: not read (see the module doc)
    "Super thrilled about the new flat",  # a feeling's participle after an intensifier
    "Gardening helped me through a hard winter",  # an -ing word is no name
])
def test_not_a_named_deed(said: str) -> None:
    assert not en_named_deed(said)


def test_co_subject_cut() -> None:
    assert split_clauses("I'm so proud, Leena and I painted the whole fence") == [
        "I'm so proud", "Leena and I painted the whole fence"]
    assert split_clauses("My husband and I are from Ohio") == ["My husband and I are from Ohio"]  # as before
    assert split_clauses("Honestly, my sister and I repainted the kitchen") == [
        "Honestly", "my sister and I repainted the kitchen"]
