"""What a user tells an assistant, read without the words that only address it or the talk itself, and
with each clause's subject as said — round 26's classes of wrong memories (found by draining a public
set of user-to-assistant chat; these are our own sentences):

- a greeting's addressee ("Morning, AI helper.", "Hello, Dr. Okafor.") is no memory;
- a run of initials ends no sentence ("B.B. King", "the U.K. last spring");
- a remark about the talk itself ("It's our third conversation") and a request of the assistant with no
  subject ("Feel free to pass me …") are no memories; a fact about keeping in touch with others stays;
- a dropped subject after a name is that person's ("Priya sold her flat and moved to Leeds" is no move of
  the user's), and "The <thing> … and taught me …" keeps its subject;
- 学了一道新菜，叫做X names the dish, never the user; 在学做X is no workplace.

The real default model through the fitted extractor (:class:`MemoryExtractionService`)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.clauses import units
from memcli.write.reaction import is_reaction
from memcli.write.rules import extract_matches
from memcli.write.rules.en_coord import distribute

AT = datetime(2026, 11, 20, 9, tzinfo=UTC)


@pytest.fixture(scope="module")
def extract(fitted_extractor):
    from memcli.write.extract import MemoryExtractionService, Utterance

    svc = MemoryExtractionService(fitted_extractor)

    def run(text: str) -> list[tuple[str, str | None]]:
        out = svc.extract_batch([Utterance(0, "u", "user", text, AT)])[0]
        assert not isinstance(out, Exception)
        return [(c.statement, c.slot) for c in out]
    return run


@pytest.mark.parametrize(("text", "sentences"), [
    ("I grew up on records by B.B. King and Etta James.", 1),
    ("My aunt toured the U.K. last spring and loved Bath.", 1),
    ("My favourite novelist is J. M. Coetzee.", 1),
    ("It was plan B. Then we drove home.", 2),
    ("I met Dr. Ruiz. She is kind.", 2),
])
def test_initials_end_no_sentence(text: str, sentences: int):
    assert len(units(text)) == sentences


def test_the_addressee_of_a_greeting_is_no_memory(extract):
    got = extract("Morning, AI helper. I repainted the garden fence green.")
    assert got and all("helper" not in s.casefold() for s, _ in got), got
    got = extract("Hello, Dr. Okafor. My knee has been swollen since Tuesday.")
    assert got and all("Okafor" not in s for s, _ in got), got


@pytest.mark.parametrize("text", [
    "It's our third conversation this week", "We can keep chatting about gardening later",
    "Let's stay in touch and talk again soon", "I really enjoy talking with you",
    "Feel free to pass me some podcast tips too", "Tell me about yours as well", "Let me know what you think",
    "我们以后可以继续聊旅行", "跟你聊天挺放松的", "改天再聊",
])
def test_the_talk_itself_and_a_request_are_no_facts(text: str):
    assert is_reaction(text)


@pytest.mark.parametrize("text", [
    "I keep in touch with my old teammates", "We chat every Sunday, my brother and I", "Send flowers to my mum",
    "I had a long talk with my manager", "Call me Bea", "I mute this chat group at night", "我和妹妹每周都视频聊天",
])
def test_facts_about_talking_with_others_stay(text: str):
    assert not is_reaction(text)


def test_a_request_after_a_question_is_dropped(extract):
    assert extract("Which podcasts do you like? Share a few with me.") == []


def test_a_dropped_subject_after_a_name_is_that_persons(extract):
    got = extract("Priya sold her flat and moved to Leeds.")
    assert ("I moved to Leeds", "residence") not in got and all(not s.startswith("I ") for s, _ in got), got
    assert any(s == "Priya moved to Leeds" for s, _ in got), got
    assert [m.statement for m in extract_matches("Priya sold her flat and moved to Leeds.")] != ["I moved to Leeds"]


@pytest.mark.parametrize(("text", "parts"), [
    ("The course widened my network and taught me Excel",
     ["The course widened my network", "The course taught me Excel"]),
    ("I think the walk calmed me and allowed me to rest", ["I think the walk calmed me and allowed me to rest"]),
    ("Went to the market and bought figs", ["Went to the market and bought figs"]),
    ("I sold my car and bought a scooter", ["I sold my car", "I bought a scooter"]),
    ("Omar quit smoking and started running", ["Omar quit smoking", "Omar started running"]),
])
def test_coordination_keeps_the_subject_said(text: str, parts: list[str]):
    assert distribute(text) == parts


def test_the_name_after_an_introduced_thing_is_the_things(extract):
    got = extract("昨天我学了一道新的汤，叫做罗宋汤，挺好喝的！")
    assert all(slot != "name" for _, slot in got), got
    assert any(s.startswith("这道") and "罗宋汤" in s for s, _ in got), got
    assert ("我叫小林", "name") in extract("我是一名护士，叫小林。")


def test_zai_before_a_verb_is_no_workplace(extract):
    got = extract("最近我在学做饺子。") + extract("我在学做菜。")
    assert got and all(slot != "workplace" for _, slot in got), got
    assert ("我在邮局上班", "workplace") in extract("我在邮局上班。")


def test_a_rule_fact_is_never_said_in_another_sentences_words(extract):
    """A rule fact that no unit says (its clause read as chatter) keeps its own words and slot, never those
    of the unit that shares most words with it when that one says little of it."""
    got = extract("You may call me Theo. I love chess.")
    assert ("I love chess", "name") not in got and any(slot == "name" and "Theo" in s for s, slot in got), got
    got = extract("Sure, I will rehearse more and learn the chords, as well as stay patient, to play better. "
                  "Besides, I love kayaking, could you suggest a river?")
    assert ("I love kayaking", "like.kayaking") in got, got
    assert all(slot != "like.kayaking" or "kayak" in s for s, slot in got), got


def test_a_polite_wish_refines_no_stored_fact(tmp_path):
    """"I would also like to…" is an intention as "I want to…" is: it states nothing that could refine or
    contradict a stored opinion, so it never supersedes one (a decision never hides a true fact)."""
    from memcli import Memory
    from memcli.write.change_rules import talk_only

    assert talk_only("I would also like to hear the Kronos Quartet live because their records are lovely")
    assert talk_only("I'd really love to visit Kyoto")
    assert not talk_only("I like Kyoto") and not talk_only("I would like my coffee black, I always take it so")
    with Memory(db=str(tmp_path / "m.db"), user="kai") as m:
        m.capture("My favourite is the second movement, that piece is so moving and the cello part is gorgeous.",
                  at="2026-11-20T09:00:00Z", session="s1")
        m.capture("I would also like to hear the Kronos Quartet live because their records are lovely.",
                  at="2026-11-20T09:01:00Z", session="s1")
        m.drain()
        assert not [it for it in m.list(include_all=True) if it.status != "active"]
