"""Round 21: write-path kinds a new user's trial stored wrong — a calendar item the user has on a day, a new job
told with the old one quit, an occupation told by its verb, and ``remember`` of a text whose later part opens with
a pronoun. Own sentences; real stores, the real default model, a real drain (``remember`` for the last kind)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from _stores import drained

from memcli import Memory
from memcli.write.rules import analyze
from memcli.write.rules.match import value_key

START = datetime(2026, 11, 2, 9, tzinfo=UTC)  # a Monday


def _rows(db: str, turns: list[str], user: str) -> dict[str, tuple[str | None, bool]]:
    """statement → (slot, active) of ``user`` after capturing each of ``turns`` a day apart and draining."""
    m = Memory(db=db, user=user)
    try:
        for n, text in enumerate(turns):
            m.capture(text, at=(START + timedelta(days=n)).isoformat())
            m.drain()
        return {i.statement: (i.slot, i.invalid_at is None and i.expired_at is None)
                for i in m.list(include_all=True)}
    finally:
        m.close()


def test_an_appointment_had_on_a_day_is_a_scheduled_event_not_a_thing_owned(db: str, embedder):
    rows = _rows(db, ["I've got a vet appointment on Thursday", "We have a parent-teacher meeting next Wednesday",
                      "My daughter has a hearing test tomorrow"], user="ann")
    assert rows == {"I've got a vet appointment on Thursday": ("event.scheduled", True),
                    "We have a parent-teacher meeting next Wednesday": ("event.scheduled", True),
                    "My daughter has a hearing test tomorrow": ("daughter.event.scheduled", True)}, rows
    assert analyze("I've got a vet appointment on Thursday").value == "appointment"
    m = Memory(db=db, user="ann")
    try:  # the day is kept in the statement, and the valid time is when it was said, not a Thursday past
        vet = next(i for i in m.list() if "vet" in i.statement)
        assert vet.valid_from == START, vet.valid_from
    finally:
        m.close()


def test_a_chinese_appointment_had_on_a_day_is_a_scheduled_event(db: str, embedder):
    rows = _rows(db, ["我下周三要去洗牙", "周四下午有个部门会议", "我妈后天要去复查"], user="li")
    assert rows == {"我下周三要去洗牙": ("event.scheduled", True), "周四下午有个部门会议": ("event.scheduled", True),
                    "我妈后天要去复查": ("mother.event.scheduled", True)}, rows
    assert analyze("我下周三要去洗牙").value == "洗牙" and analyze("周四下午有个部门会议").value == "会议"


def test_an_appointment_had_on_a_day_then_moved_ends_its_old_time(db: str, embedder):
    active, ended = drained(db, ["I have an eye exam on Friday", "My eye exam was moved to next Monday",
                                 "我周六有个面试", "面试改到下周二了"], user="kai", start=START)
    assert ended == {"I have an eye exam on Friday", "我周六有个面试"}, ended
    assert active == {"My eye exam was moved to next Monday", "面试改到下周二了"}, active


def test_what_is_no_appointment_on_a_day_stays_out(db: str, embedder):
    rows = _rows(db, ["I have a meeting every Monday", "I have a test tube in my bag"], user="ann")
    assert all(slot != "event.scheduled" for slot, _ in rows.values()), rows


def test_a_new_job_told_with_the_old_one_quit_ends_the_old_job(db: str, embedder):
    rows = _rows(db, ["I work as a cashier at the supermarket",
                      "I quit the supermarket job, starting next week as a delivery driver"], user="sam")
    assert rows == {"I work as a cashier at the supermarket": ("job", False),
                    "I quit the supermarket job, starting next week as a delivery driver": ("job", True)}, rows
    new = analyze("I quit the supermarket job, starting next week as a delivery driver")
    assert new.value == value_key("delivery driver")


def test_a_chinese_new_job_told_with_the_old_one_quit_ends_the_old_job(db: str, embedder):
    rows = _rows(db, ["我在超市当收银员", "我把超市的工作辞了，下周起去医院当护工"], user="li")
    assert rows["我在超市当收银员"] == ("job", False), rows
    assert rows["我下周起去医院当护工"] == ("job", True), rows
    assert analyze("我下周起去医院当护工").value == "护工"


def test_an_occupation_told_by_its_verb_is_the_persons_job_and_answers_what_they_do(db: str, embedder):
    rows = _rows(db, ["My brother teaches chemistry at a college", "My aunt drives a school bus",
                      "I tutor maths online", "My uncle teaches my kids to swim", "I drive a Toyota"], user="ann")
    assert rows["My brother teaches chemistry at a college"] == ("brother.job", True), rows
    assert rows["My aunt drives a school bus"] == ("aunt.job", True), rows
    assert rows["I tutor maths online"] == ("job", True), rows
    assert rows["My uncle teaches my kids to swim"][0] != "uncle.job", rows  # a person taught: no occupation
    assert rows["I drive a Toyota"][0] != "job", rows  # a car of one's own, not a vehicle driven for work
    assert analyze("My brother teaches chemistry at a college").value == value_key("chemistry teacher")
    assert analyze("My aunt drives a school bus").value == value_key("school bus driver")
    m = Memory(db=db, user="ann")
    try:
        assert "teaches chemistry" in m.context("What does my brother do?", budget_ms=5000).text
    finally:
        m.close()


def test_a_chinese_occupation_told_by_its_verb_is_the_persons_job(db: str, embedder):
    rows = _rows(db, ["我哥哥在职高教英语", "我舅舅开货车", "我妈教我包饺子"], user="li")
    assert rows["我哥哥在职高教英语"] == ("elder_brother.job", True), rows
    assert rows["我舅舅开货车"] == ("maternal_uncle.job", True), rows
    assert rows["我妈教我包饺子"][0] != "mother.job", rows  # teaching the user a thing is no occupation
    assert analyze("我哥哥在职高教英语").value == "英语老师" and analyze("我舅舅开货车").value == "货车司机"
    m = Memory(db=db, user="li")
    try:
        assert "我哥哥在职高教英语" in m.context("我哥哥是做什么工作的？", budget_ms=5000).text
    finally:
        m.close()


def test_remember_splits_a_text_on_a_pronoun_as_the_drain_does(db: str, embedder):
    m = Memory(db=db, user="zoe")
    try:
        r = m.remember("My husband is a pilot and he loves sailing")
        assert len(r.also) == 1, r
        r = m.remember("我有个表妹，她在成都读大学")
        assert len(r.also) == 1, r
        items = {i.statement: i.slot for i in m.list()}
    finally:
        m.close()
    assert items == {"My husband is a pilot": "husband.job", "My husband loves sailing": "husband.like.sailing",
                     "我有个表妹": "has.cousin_younger_female",
                     "我表妹在成都读大学": "cousin_younger_female.school"}, items


def test_remember_keeps_a_pronoun_text_whole_when_the_split_would_lose_words(db: str, embedder):
    m = Memory(db=db, user="zoe")
    try:
        r = m.remember("My niece moved to Leeds and she started there last autumn")
        assert r.also == [], r
        assert [i.statement for i in m.list()] == ["My niece moved to Leeds and she started there last autumn"]
    finally:
        m.close()
