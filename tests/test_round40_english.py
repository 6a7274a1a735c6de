"""Round 40: English chat told in long turns — the facts of a friend's chat kept as memories that answer.

The fixture (``fixtures/round40_en_chat.json``, LoCoMo's shape, our own sentences) is two friends' chat over seven
sessions: 44 long turns, several facts each (events with days, plans, jobs, family, pets, things bought), and 50
questions, each with the answer its evidence turn holds and the question as the speaker would ask it (``question_me``).
Each speaker's turns are captured at their session's time and drained once (one store per speaker for the file).

What the chat lost on main, each a kind, each fixed in general:

- **pronouns read as the wrong one** (memcli.write.rules.coref_mentions, coref, en): a question word or an adverb
  opening a clause ("How is he settling in?") was a name, so the next "she" was said as "How"; a name's relation
  ("Omar's mum") was no mention, so "she" became the sister named a turn before; a thing just named ("my starter is
  called Doug and he's…") or put beside a name ("Pickle, our old tabby, she…") was never whom "he"/"she" meant, so
  the last person took its traits; and "she's already taken over" was said "… is already taken over";
- **a preface of bad news** ("Sad news though, …") was read with the news and the news scored ≈ 0
  (memcli.write.rules.en_news);
- **a told remark ended by an unrelated one** (memcli.write.change_rules.counted_apart, linked_change): "The best
  part of my week was Sunday - my dad and I drove up to Whitby…" was ended by "My week was a bit rough, … one of my
  running shoes…" (a number clash, sharing only "week"), and "I sold the car, … so Biscuit can ride in the front box"
  ended a memory naming Biscuit as if Biscuit were sold.

Measured with ``memcli eval locomo-e2e fixtures/round40_en_chat.json`` (memories alone, top 5): main 0.88, now 0.94.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _stores import chat_fixtures

from memcli.eval.locomo_e2e import _speaker_turns, answer_words, covers
from memcli.write.change_rules import counted_apart
from memcli.write.clauses import en_parts, units
from memcli.write.pair_facts import content_units
from memcli.write.rules.coref import resolve
from memcli.write.rules.en_has import has_after

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "round40_en_chat.json"


chat, stores = chat_fixtures(FIXTURE)


def _asked(chat: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    who, _ = _speaker_turns(chat)
    return [(who[qa["evidence"][0]], qa) for qa in chat["qa"]]


def _active(store: Any) -> list[str]:
    return [it.statement for it in store.list() if it.status == "active"]


# -- what the drain stores -----------------------------------------------------------------------------------------
#: the one told fact no memory holds: a reason said in passing ("with my shifts at the pharmacy it's just not
#: realistic"), scored 0.02 by the clause model — kept only as the turn (an episode)
NOT_STORED = {"Where do I work shifts?"}


def test_the_told_facts_are_stored(chat: dict[str, Any], stores: Any) -> None:
    missing = {qa["question_me"] for sp, qa in _asked(chat)
               if not any(covers([s], answer_words(qa["answer"])) for s in _active(stores[sp]))}
    assert missing == NOT_STORED  # main: 4 more (Whitby, blue Brooks, Roundhay ended; Pickle's age garbled)


def test_pronouns_are_said_as_whom_they_mean(stores: Any) -> None:
    nadia, theo = _active(stores["Nadia"]), _active(stores["Theo"])
    for said in ("Pickle turned fourteen in February and mostly sleeps on the radiator",
                 "Omar's mum has already taken over the kitchen and makes paratha every morning",
                 "Omar's mum taught primary school in Bradford for thirty years"):
        assert said in nadia, nadia
    assert "My starter is very demanding" in theo, theo
    wrong = ("How turned", "Farah is already", "Rui taught", "Rui is lovely", "Sami is very demanding")
    assert not [s for s in nadia + theo if any(w in s for w in wrong)]


def test_remarks_of_other_days_stay(stores: Any) -> None:
    theo = _active(stores["Theo"])
    for words in ("Whitby", "blue Brooks", "Roundhay"):  # each was ended by a later, unrelated remark
        assert any(words in s for s in theo), (words, theo)


# -- what a question gets --------------------------------------------------------------------------------------------
#: stored, but the block's top hits are other memories: the allotment's crops (the allotment is named in the
#: sentence before), the guesthouse (two Lisbon memories first), the twins (a memory of the twins without names),
#: the wedding "there" (the place is the sentence before)
NOT_IN_BLOCK = {"Where did I book a guesthouse in Lisbon?", "What is growing on my allotment?",
                "What are the names of Farah's twins?", "Where did my brother Sami get married?"}


def test_questions_get_the_answer_in_the_block(chat: dict[str, Any], stores: Any) -> None:
    missed = {qa["question_me"] for sp, qa in _asked(chat)
              if not covers([stores[sp].context(qa["question_me"]).text], answer_words(qa["answer"]))}
    assert missed == NOT_IN_BLOCK | NOT_STORED  # 45 of 50 (main: 43)


# -- the readings, on other sentences (no model) --------------------------------------------------------------------
def test_a_question_word_is_no_one() -> None:
    res = resolve("Nice! What is she like? We adopted Bramble, our rescue collie, she chews everything.",
                  ("My aunt Joan visited us.",))
    assert res is not None and res.resolved[0][1] == "Bramble"
    res = resolve("Why was it cancelled? She was gutted.", ("My cousin Tess had a gig planned.",))
    assert res is not None and res.resolved[0][1] != "Why"


def test_a_names_relation_is_whom_she_means() -> None:
    res = resolve("Luca's grandma came to lunch, she's just bought a tablet.", ("My sister Ines is a dentist.",))
    assert res is not None and res.text.endswith("Luca's grandma has just bought a tablet.")
    res = resolve("She still knits every day.", ("Luca's grandma came to lunch.",))
    assert res is not None and res.text == "Luca's grandma still knits every day."


def test_a_thing_named_takes_he_not_the_person_before() -> None:
    from memcli.write.rules.en import extract_matches

    said = [m.statement for m in extract_matches(
        "My cousin Raj moved to Cork. My van is called Bertha and she's very reliable.")]
    assert "My van is very reliable" in said and not any("Raj is very reliable" in s for s in said)


def test_has_before_a_participle() -> None:
    for rest in ("already taken over", "bought a van", "finally finished the course", "been away"):
        assert has_after(rest), rest
    for rest in ("tired", "a nurse", "known for her cakes", "just excited", "married"):
        assert not has_after(rest), rest


def test_a_bad_news_preface_is_cut_off() -> None:
    for said in ("Sad news though, our hamster Nibbles died on Friday.", "Bad news: my bike was stolen last week.",
                 "Funny story, I bumped into my old teacher at the station."):
        assert len(units(said)) == 2, units(said)
    assert len(units("Bad news travels fast.")) == 1


def test_an_apposition_stays_with_its_name() -> None:
    from memcli.write.clauses import Unit

    parts = [p.text for p in en_parts(Unit("We still have Juno, our old spaniel, my brother walks her on Sundays.",
                                           "en"))]
    assert parts == ["We still have Juno, our old spaniel", "my brother walks her on Sundays."]  # (was cut in three)


def test_numbers_of_other_things_clash_with_nothing() -> None:
    a, b = "I sold my bike for two hundred pounds", "I've saved four hundred pounds for the trip"
    assert counted_apart(content_units(a) & content_units(b))
    a, b = "I run five kilometres every morning", "I now run eight kilometres every morning"
    assert not counted_apart(content_units(a) & content_units(b))
