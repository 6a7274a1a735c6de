"""Round 18's write-path leftovers that hid or kept a wrong fact (sentences written for this test, none from a
data set or a trial's store).

1. A compound's name said with a demonstrative (我住的那个小区叫…) is ``thing:小区.name``: a move told after it
   (我现在住在…) is another slot of the residence family, and hides nothing; a new compound's name still does.
2. A relative's name is not replaced by a turn that names them again with another fact (an event, a new job).
3. A new job told in passing keeps the job ("…, still a nurse", 还是当护士) and changes the workplace.
4. A Chinese trip planned (我们计划十月去…) is ``plan.destination``; a trip called off ends the plan it names,
   or the only one planned, never another trip.
5. A sentence that only announces a secret ("Here's my OpenAI key.") before its placeholder gives no memory.
6. A greeting opening a statement (你好我叫小明, "Good morning I just moved…") is a unit of its own: the
   statement after it is read; a word that merely starts like a greeting (早上…, "Morning runs…") is none.

The rules and the guard are read directly; the decisions on a real store with the default model.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli.models import Decision
from memcli.write.clauses import is_chatter, units
from memcli.write.guard import told
from memcli.write.judge import facts_of, hard_guard
from memcli.write.rules import extract_matches
from memcli.write.rules.zh_plan import plan_made


def _drained(db: str, turns: list[str], user: str = "lu") -> tuple[set[str], set[str]]:
    return drained(db, turns, user=user, start=datetime(2026, 3, 2, 9, tzinfo=UTC))


# -- 1. the residence family ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("我住的那个小区叫世纪花园", "thing:小区.name"),
        ("我上班的那栋楼叫金融中心B座", "thing:楼.name"),
        ("我养的那只鹦鹉叫阿福", "thing:鹦鹉.name"),
        ("我上次说的那家店叫什么", None),  # a question names nothing
    ],
)
def test_a_named_thing_with_a_demonstrative_has_its_slot(text: str, slot: str | None) -> None:
    assert facts_of(text).slot == slot


def test_a_move_does_not_hide_the_compounds_name_but_a_new_compound_does(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["我住的那个小区叫世纪花园", "我现在住在深圳南山区科技园附近"])
    assert "我住的那个小区叫世纪花园" in active, active
    active, ended = _drained(db, ["我住的那个小区叫世纪花园", "我搬家了，现在住的小区叫翠湖苑"], user="mo")
    assert "我住的那个小区叫世纪花园" in ended, (active, ended)


# -- 2. a relative's name --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My daughter is called Lily", "My daughter Lily got into Stanford"),
        ("My husband is Tom", "My husband Tom started a new job at Google"),
        ("我女儿叫朵朵", "我女儿朵朵考上了北京大学"),
        ("我老公叫张伟", "我老公张伟换了份工作，去了腾讯"),
    ],
)
def test_a_relative_named_again_keeps_the_name(old: str, new: str) -> None:
    for d in (Decision.UPDATE, Decision.CONFLICT):
        assert hard_guard(facts_of(new), facts_of(old), d) is not None, (old, new, d)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("我女儿叫朵朵", "我女儿改名叫悦悦了"),  # renamed: the guard leaves it to the judge
        ("My husband is Tom", "My husband Tom changed his name to Thomas"),
        ("我是戴眼镜的", "我不戴眼镜"),  # the user's own "name" (a misreading) and a "no": left to the judge
    ],
)
def test_a_rename_is_no_name_kept(old: str, new: str) -> None:
    from memcli.write.value_types import name_kept

    assert name_kept(facts_of(new), facts_of(old)) is None


def test_an_event_of_a_named_relative_keeps_the_name_on_a_store(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["My daughter is called Lily.", "My daughter Lily is starting kindergarten in September."])
    assert "My daughter is called Lily" in active, active
    active, _ = _drained(db, ["我老公叫张伟", "我老公张伟换了份工作，去了腾讯"], user="mo")
    assert "我老公叫张伟" in active, active


# -- 3. a job change in passing --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "slot", "value"),
    [
        ("Got a new job at City General, still a nurse.", "workplace", "city general"),
        ("New job at Meta!", "workplace", "meta"),
        ("我换到市第一医院上班了", "workplace", "市第一医院"),
        ("还是当护士", "job", "护士"),
    ],
)
def test_a_job_change_in_passing_is_read(text: str, slot: str, value: str) -> None:
    got = [(m.slot, m.value) for m in extract_matches(text)]
    assert got and got[0][0] == slot and value in got[0][1], got


def test_a_new_workplace_keeps_the_job_and_ends_the_old_workplace(db: str, embedder) -> None:  # noqa: ANN001
    active, ended = _drained(
        db, ["I work at St Mary's Hospital. I'm a nurse.", "Got a new job at City General, still a nurse."]
    )
    assert "I'm a nurse" in active and "I work at St Mary's Hospital" in ended, (active, ended)
    active, ended = _drained(db, ["我是护士，在人民医院上班", "我换到市第一医院上班了，还是当护士"], user="mo")
    assert "我是护士" in active and "我在人民医院上班" in ended, (active, ended)


# -- 4. plans ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("我们计划十月去云南旅游", "云南"),
        ("我们打算明年去日本看樱花", "日本"),
        ("我和老公决定国庆去西安", "西安"),
        ("我打算明天去超市买菜", None),
        ("我们计划去成都", None),
        ("我计划减肥", None),  # an errand, no time, no trip
    ],
)
def test_a_chinese_trip_planned(text: str, place: str | None) -> None:
    m = plan_made(text)
    assert (m.value if m else None) == place


def test_a_trip_called_off_ends_only_the_trip_it_names(db: str, embedder) -> None:  # noqa: ANN001
    active, ended = _drained(db, ["我们计划十月去云南旅游", "去云南的计划取消了"])
    assert "我们计划十月去云南旅游" in ended, (active, ended)
    active, _ = _drained(db, ["我们计划十月去云南旅游", "日本的旅行取消了"], user="mo")
    assert "我们计划十月去云南旅游" in active, active
    active, ended = _drained(db, ["We're planning a trip to Japan in October.", "We cancelled the trip."], user="jo")
    assert "We're planning a trip to Japan in October" in ended, (active, ended)


# -- 5. a secret announced ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Here's my OpenAI key. [redacted]", ""),
        ("Here's my OpenAI key! [redacted] thanks", ""),
        ("我的OpenAI密钥。[已隐去]", ""),
        ("I live in Boston. [redacted] is the key", "I live in Boston."),  # a fact before it names no secret
        ("I love my new keyboard. [redacted]", "I love my new keyboard."),
    ],
)
def test_a_sentence_announcing_a_secret_is_no_statement(text: str, kept: str) -> None:
    assert told(text) == kept


def test_a_secret_announced_gives_no_memory_and_no_episode(db: str, embedder) -> None:  # noqa: ANN001
    from memcli import Memory

    m = Memory(db=db, user="kai")
    try:
        m.capture("Here's my OpenAI key. sk-" + "a1B2c3D4e5" * 4)
        m.drain()
        assert m.list(include_all=True) == [] and m.episodes() == []
    finally:
        m.close()


# -- 6. greetings: one list ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("你好我叫小明", [("你好", True), ("我叫小明", False)]),
        ("晚上好我是一名护士", [("晚上好", True), ("我是一名护士", False)]),
        ("Good morning I just moved to Denver", [("Good morning", True), ("I just moved to Denver", False)]),
        ("Hello everyone, my name is Tom", [("Hello everyone,", True), ("my name is Tom", False)]),
        ("早安呀小助手", [("早安呀小助手", True)]),
        ("早上我去跑步了", [("早上我去跑步了", False)]),
        ("Morning runs are my favourite", [("Morning runs are my favourite", False)]),
    ],
)
def test_a_greeting_opening_a_statement_is_a_unit_of_its_own(text: str, pieces: list[tuple[str, bool]]) -> None:
    assert [(u.text, is_chatter(u)) for u in units(text)] == pieces
