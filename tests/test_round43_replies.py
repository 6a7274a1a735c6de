"""Round 43: a short reply read with the assistant's question it answers (memcli/write/reply_to.py, reply_en.py,
reply_zh.py; the drain's read in write/prepare.py). One drained store per language of
``fixtures/round43_qa_chat.json`` (an assistant asks, the user answers briefly: captured as the two roles of one
session), then the reading on its own. Sentences written for these tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memcli.write.reply_to import is_short_reply, question_of, read_reply

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "round43_qa_chat.json"


def _drained(sample: dict[str, Any], folder: Path, embedder: Any) -> tuple[Any, dict[str, int], dict[int, str]]:
    """The user's store after the whole transcript (the other speaker as the assistant), drained once; dia id →
    source id, and source id → text."""
    from memcli import Memory
    from memcli.eval.locomo_e2e import _speaker_turns

    user = sample["conversation"]["speaker_a"]
    _, turns = _speaker_turns(sample)
    said = sorted((at, dia, text, "user" if sp == user else "assistant") for sp, ts in turns.items()
                  for dia, at, text in ts)
    m = Memory(db=str(folder / "m.db"), user=user, embedder=embedder)
    ids, texts = {}, {}
    for at, dia, text, role in said:
        ids[dia] = m.capture(text, role=role, at=at, session=dia.split(":")[0], key=dia).source_id
        texts[ids[dia]] = text
    s = m.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    return m, ids, texts


@pytest.fixture(scope="module")
def chats() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def en(chats, tmp_path_factory, embedder) -> Any:
    m, ids, texts = _drained(chats[0], tmp_path_factory.mktemp("en43"), embedder)
    yield m, ids, texts
    m.close()


@pytest.fixture(scope="module")
def zh(chats, tmp_path_factory, embedder) -> Any:
    m, ids, texts = _drained(chats[1], tmp_path_factory.mktemp("zh43"), embedder)
    yield m, ids, texts
    m.close()


def _by_source(m: Any) -> dict[int, list[Any]]:
    """source id → the memories it gave, ended or replaced ones too (the job told again a week later replaces the
    first wording)."""
    out: dict[int, list[Any]] = {}
    for it in m.list(include_all=True):
        for sid in it.source_ids:
            out.setdefault(sid, []).append(it)
    return out


def _reply_of(texts: dict[int, str], ids: dict[str, int], reply: str) -> tuple[int, int]:
    """(the reply's source id, the question's: the turn just before it)."""
    sid = next(i for i, t in texts.items() if t == reply)
    dia = next(d for d, i in ids.items() if i == sid)
    s, n = dia[1:].split(":")
    return sid, ids[f"D{s}:{int(n) - 1}"]


# -- stored from the user's reply, with the question's clause, and where it came from --------------------------------
@pytest.mark.parametrize(("reply", "words"), [
    ("Glasgow, since January.", ["live", "Glasgow"]),
    ("Pharmacist, at a small chain.", ["work as a pharmacist"]),
    ("Yes, shellfish.", ["allergic to shellfish"]),
    ("Not anymore, just green tea.", ["don't drink coffee", "green tea"]),
    ("Nine.", ["My daughter is nine"]),
    ("Twice, both in winter.", ["been to Iceland", "twice"]),
    ("No, pescatarian.", ["not vegetarian"]),
    ("Never have.", ["don't smoke"]),
    ("Every Sunday morning.", ["swim every Sunday"]),
    ("An old Skoda estate.", ["drive an old Skoda"]),
])
def test_english_reply_is_stored_with_its_question(en, reply, words) -> None:
    m, ids, texts = en
    sid, qid = _reply_of(texts, ids, reply)
    got = _by_source(m).get(sid, [])
    hit = [it for it in got if all(w.casefold() in it.statement.casefold() for w in words)]
    assert hit, [it.statement for it in got]
    assert hit[0].metadata["reply_to"] == {"question": texts[qid].split(": ")[-1], "source_id": qid}
    assert qid not in hit[0].source_ids  # the source is the user's turn, not the assistant's


@pytest.mark.parametrize(("reply", "words"), [
    ("苏州，去年搬来的", "住在苏州"),
    ("会计，在一家外企", "我是会计"),
    ("不喝，过敏", "我不喝酒"),
    ("五岁", "我孩子五岁"),
    ("不会，怕水", "我不会游泳"),
    ("没有，一直想去", "我没去过西藏"),
    ("市第一医院", "我在市第一医院工作"),
    ("两个，一儿一女", "我有两个孩子"),
    ("花粉", "我对花粉过敏"),
    ("偶尔，周末跑", "我偶尔跑步"),
])
def test_chinese_reply_is_stored_with_its_question(zh, reply, words) -> None:
    m, ids, texts = zh
    sid, qid = _reply_of(texts, ids, reply)
    got = _by_source(m).get(sid, [])
    hit = [it for it in got if words in it.statement]
    assert hit, [it.statement for it in got]
    assert hit[0].metadata["reply_to"]["source_id"] == qid


@pytest.mark.parametrize("reply", ["Ha, not telling.", "Not sure yet.", "Does walking to the fridge count?",
                                   "Yes, it was.", "Yes.", "No."])
def test_english_dodges_offers_statements_and_anothers_no_give_nothing(en, reply) -> None:
    m, _, texts = en
    sids = [i for i, t in texts.items() if t == reply]
    assert sids and not any(_by_source(m).get(s) for s in sids)


@pytest.mark.parametrize("reply", ["保密", "不好说", "好", "是啊", "不上了"])
def test_chinese_dodges_offers_statements_and_anothers_no_give_nothing(zh, reply) -> None:
    m, _, texts = zh
    sids = [i for i, t in texts.items() if t == reply]
    assert sids and not any(_by_source(m).get(s) for s in sids)


def test_the_assistants_turns_are_never_memories(en, zh) -> None:
    for m, ids, _ in (en, zh):
        said = {i for d, i in ids.items() if int(d.split(":")[1]) % 2 == 1}  # odd turns: the assistant's
        assert said and not said & set(_by_source(m))


def test_a_stored_reply_is_found_by_a_later_question(en, zh) -> None:
    assert any("Glasgow" in h.statement for h in en[0].search("Which city does Nadia live in?", limit=5))
    assert any("不喝酒" in h.statement for h in zh[0].search("小林喝酒吗？", limit=5))


# -- the reading on its own ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "reply", "want"), [
    ("Do you own a bike?", "Yep, a cargo bike.", "I own a cargo bike."),
    ("Do you have a dog?", "Yes, two.", "I have a dog, two."),  # a bare number keeps the question's noun
    ("Where do you work?", "A bakery on Elm Street.", "I work in a bakery on Elm Street."),
    ("How many cousins do you have?", "Seven, mostly in Lagos.", "I have seven cousins, mostly in Lagos."),
    ("Did you finish the marathon?", "Yes, in four hours.", "I finished the marathon, in four hours."),
    ("What's your dog called?", "Pickle.", "My dog is called Pickle."),
    ("你周末加班吗？", "不加，周末陪孩子", "我周末不加班，周末陪孩子"),
    ("你有没有驾照？", "有，前年考的", "我有驾照，前年考的"),
    ("你家住几楼？", "六楼", "我家住六楼"),
    ("你姐夫是做什么的？", "牙医", "我姐夫是牙医"),  # whose job: the question's subject, not the user
    ("你车是买的还是租的？", "买的", "我车是买的"),  # the option the reply names
    ("你车是买的还是租的？", "租的", "我车是租的"),
    ("Do you have a balcony?", "Yes, a tiny one.", "I have a balcony, a tiny one."),
    ("Are you a morning person?", "No, but my wife is.", "I am not a morning person, but my wife is."),
    ("Have you ever been skiing?", "Never been. My knees would not cope.",
     "I have never been skiing. My knees would not cope."),  # the rest of the turn follows as said
])
def test_the_question_gives_the_clause(question, reply, want) -> None:
    assert read_reply(reply, question) == want


@pytest.mark.parametrize(("question", "reply"), [
    ("Do you have a car?", "I have two, a van and a hatchback."),  # a clause of its own: read as said
    ("Where do you live?", "Yes."),  # a yes does not answer a where
    ("How many kids do you have?", "Lots of questions today!"),  # no number
    ("Is your boss strict?", "No."),  # a no about someone else is no fact of the user's
    ("Should I save your card number?", "Yes."),  # the assistant's offer
    ("Can you send me the report?", "Sure."),  # a request
    ("Great, noted.", "Thanks."),  # no question
    ("Are you going to tell Omar his landlord is selling?", "No."),  # a third party's data in the question
    ("你知道他老婆在哪儿上班吗？", "不知道"),
    ("How often do you train?", "Thanks! Three times a week."),  # thanks first: it answers the assistant's turn
    ("How long have you been knitting?", "Been knitting since school."),  # the question's verb again: a clause
    ("Have you tried it yet?", "Yes, twice."),  # "it": the referent is in the assistant's words
    ("Do you have any tips for a beginner?", "Yes, start slow."),  # asking for advice: no fact of the user's
    ("Nice! Is that new? And do you ride it daily?", "Yes."),  # two questions: which one is answered is unknown
    ("Where do you guys usually eat out?", "The noodle bar on Quay Street."),  # "you guys": a group
    ("Do you like jazz?", "¿Qué?"),  # a question back
    ("你妈妈退休了吗？", "没有"),  # 你妈妈: someone else's no
    ("需要我提醒你吃药吗？", "好的"),  # an offer
    ("你觉得这样行吗？", "行"),  # about the talk
    ("你做什么工作？", "我在一家律所当助理"),  # a clause of its own
])
def test_no_reading_without_a_question_about_the_user_and_its_answer(question, reply) -> None:
    assert read_reply(reply, question) is None


def test_the_shape_of_a_short_reply() -> None:
    assert all(is_short_reply(t) for t in ["Yes, two.", "Lisbon, since March.", "I do.", "不喝", "在一家银行，做柜员"])
    assert not any(is_short_reply(t) for t in [
        "I moved to Lisbon in March.", "Where are you?", "我每天早上都喝一杯", "x" * 90, "Wow, that's wonderful.",
        "The blue one, with the stripes, is my favourite."])
    assert question_of("Thanks for that. Before we start: where do you live?") == "where do you live?"
    assert question_of("Got it, I'll remember that.") is None
