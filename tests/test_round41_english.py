"""Round 41: English chat — what a friend tells in passing kept as memories that answer as the raw turns do.

The fixture (``fixtures/round41_en_chat.json``, LoCoMo's shape, our own sentences) is two friends' chat over six
sessions: 52 turns, many long, about other people and third people told in passing (a brother's academy, a partner's
dad), things and their details (what was bought, made, painted, adopted), short replies, events with relative days,
feelings about events and plans with who goes; 53 questions, each with the answer its evidence turn holds. Each
speaker's turns are captured at their session's time and drained once (one store per speaker for the file).

What the chat lost on main, each a kind, each fixed in general:

- **a named person's relation and name** ("Dev's dad Raymond …, he was a ferry captain"): "he" was said as
  "Dev's dad", and a question naming Raymond found nothing (memcli.write.rules.coref_mentions);
- **two remarks about one person sharing only the name** ("Raymond's hip is better, he went home on Friday" /
  "Raymond is training … in August"): the second ended the first on a number clash
  (memcli.write.change_rules.told_remark_kept).

A named person's deed said by a bare first name ("Raymond built them a two-storey hutch out of scrap cedar, …": P
0.07, read as news of a stranger) is kept by its shape since round 42 (memcli.write.named_deed; a refit with labelled
clauses of the kind had moved the joint model's Chinese side and was reverted, docs/extraction.md, round 41).
Still lost: a setting told as a sentence of its own after the deed ("Dev proposed on Sunday! At the beach in Alki,
…": P 0.001 and 0.50, neither kept); reading it with the sentence before it stored it, but cost LoCoMo one
question, and was reverted.

Measured with ``memcli eval locomo-e2e fixtures/round41_en_chat.json`` (memories alone, top 5): main 0.77, now 0.81.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _stores import chat_fixtures

from memcli.eval.locomo_e2e import _speaker_turns, answer_words, covers
from memcli.write.rules.coref import resolve

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "round41_en_chat.json"


chat, stores = chat_fixtures(FIXTURE, episodes=False)


def _asked(chat: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    who, _ = _speaker_turns(chat)
    return [(who[qa["evidence"][0]], qa) for qa in chat["qa"]]


def _active(store: Any) -> list[str]:
    return [it.statement for it in store.list() if it.status == "active"]


# -- what the drain stores -----------------------------------------------------------------------------------------
#: told facts no memory holds: two replies whose topic is only in the other speaker's question ("Yep, a secondhand
#: Bernina, …", "The green ones, …": fragments, never decided on), and a named person's deed the clause model scores
#: 0.07 ("Raymond built them a two-storey hutch …"), and a setting said after the deed ("… proposed on Sunday! At
#: the beach in Alki, …")
NOT_STORED = {"What brand of sewing machine did I buy?", "How much did I pay for my sewing machine?",
              "What colour tiles did I choose for the bathroom?",
              "Where did Dev propose?"}  # (Raymond's hutch: kept by its shape since round 42, named_deed)


def test_the_told_facts_are_stored(chat: dict[str, Any], stores: Any) -> None:
    missing = {qa["question_me"] for sp, qa in _asked(chat)
               if not any(covers([s], answer_words(qa["answer"])) for s in _active(stores[sp]))}
    assert missing == NOT_STORED  # main: also Raymond's home (ended by an unrelated remark on him)


def test_what_others_did_is_kept_whole(stores: Any) -> None:
    jonah = _active(stores["Jonah"])
    for said in ("Dev's dad Raymond was a ferry captain on the Sound for thirty years",
                 "Raymond's hip is much better, he went back home to Bremerton on Friday"):
        assert said in jonah, jonah


# -- what a question gets (memories alone, top 5, as the eval asks) ------------------------------------------------
#: stored, but outside the top 5: what the team builds (only "The flood map tool is officially mine now" names it;
#: "Right now we're building a flood map tool for the county" scores 0.03), the brisket (the send-off's other
#: memories first), where two friends met (the friend named only in the
#: other speaker's question), the wedding's place (said by the reply "Next spring, … at Raymond's place in
#: Bremerton": a fragment)
NOT_IN_TOP5 = {"What is Maya's team building for the county?", "What is Maya's dad cooking for Eli's send-off?",
               "Where did Maya and Hana meet?",
               "Where will Jonah and Dev's wedding be?"}


def test_questions_find_the_answer(chat: dict[str, Any], stores: Any) -> None:
    missed = {qa["question"] for sp, qa in _asked(chat)
              if not covers([h.statement for h in stores[sp].search(qa["question"], limit=5)],
                            answer_words(qa["answer"]))}
    stored_not = {qa["question"] for _, qa in _asked(chat) if qa["question_me"] in NOT_STORED}
    assert missed == NOT_IN_TOP5 | stored_not  # 45 of 53 (main: 41; round 42's named deed: 44; round 46's
    # told-with mate: how she feels about leading the project, told in the same turn as the hit)


# -- the readings, on other sentences (no model) --------------------------------------------------------------------
def test_a_relation_and_a_name_are_whom_he_means() -> None:
    res = resolve("Mia's uncle Bertie came for tea, he used to drive a taxi in Leeds.", ())
    assert res is not None and "Mia's uncle Bertie used to drive a taxi" in res.text
    res = resolve("Omar's mum came for tea, she brought a cake.", ())  # no name after: the relation, as before
    assert res is not None and "Omar's mum brought a cake" in res.text


def test_remarks_on_one_person_sharing_only_the_name() -> None:
    from memcli.write.change_rules import told_remark_kept
    from memcli.write.rules import analyze

    new, old = analyze("Mateo is saving for a trip to Peru in March"), analyze("Mateo's knee is healing, he went "
                                                                              "back to work on Monday")
    assert told_remark_kept(new, old, 0.5) is not None
    new, old = analyze("Mateo now works four days a week"), analyze("Mateo works three days a week")
    assert told_remark_kept(new, old, 0.8) is None  # the same thing counted again: still a change
