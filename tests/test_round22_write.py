"""Round 22: a job told with what the person does in it (是做前端开发的工程师, "works as an engineer doing frontend
work") is the job slot, so that it refines a stored bare occupation (UPDATE: the old one superseded, not ended as
untrue) instead of being read as an ``is.<the whole>`` fact the judge took for a restatement (NOOP); a height in
feet and inches is the height, a named relative's thing the thing, and a thing's fact beside a person's height or
age is two facts (``judge.hard_guard``). Own sentences; real stores, the real default model, real drains."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memcli import Memory
from memcli.write.rules import analyze
from memcli.write.rules.match import value_key

START = datetime(2026, 11, 2, 9, tzinfo=UTC)


def _rows(db: str, turns: list[str], user: str) -> dict[str, tuple[str | None, str]]:
    """statement → (slot, state) of ``user`` after capturing each of ``turns`` a day apart and draining; state:
    active, superseded (expired: an UPDATE replaced it) or ended (invalid: a CONFLICT contradicted it)."""
    m = Memory(db=db, user=user)
    try:
        for n, text in enumerate(turns):
            m.capture(text, at=(START + timedelta(days=n)).isoformat())
            m.drain()
        return {i.statement: (i.slot, "ended" if i.invalid_at is not None else
                              "superseded" if i.expired_at is not None else "active")
                for i in m.list(include_all=True)}
    finally:
        m.close()


def test_a_chinese_job_told_with_its_work_is_the_job_slot():
    assert (analyze("我表哥是做前端开发的工程师").slot, analyze("我表哥是做前端开发的工程师").value) == \
        ("cousin_elder_male.job", "做前端开发的工程师")
    assert analyze("我是一名做税务的会计").slot == "job"
    assert analyze("我爸是开货车的司机").slot == "father.job"
    assert analyze("我妈是做菜的高手").slot != "mother.job"  # good at cooking: no occupation
    assert analyze("我舅舅是教我们的老师").slot != "maternal_uncle.job"  # whose teacher, not the job told
    assert analyze("我表哥是工程师").slot == "cousin_elder_male.job"  # the bare occupation as before


def test_a_chinese_job_refined_by_its_work_updates_the_stored_job(db: str, embedder):
    rows = _rows(db, ["我表哥是工程师", "我表哥是做前端开发的工程师"], user="li")
    assert rows == {"我表哥是工程师": ("cousin_elder_male.job", "superseded"),
                    "我表哥是做前端开发的工程师": ("cousin_elder_male.job", "active")}, rows
    rows = _rows(db, ["我是会计", "我是一名做税务的会计"], user="wu")
    assert rows == {"我是会计": ("job", "superseded"), "我是一名做税务的会计": ("job", "active")}, rows


def test_an_english_job_refined_by_its_work_updates_the_stored_job(db: str, embedder):
    assert analyze("My cousin works as an engineer doing frontend work").slot == "cousin.job"
    rows = _rows(db, ["My cousin is an engineer", "My cousin works as an engineer doing frontend work"], user="ann")
    assert rows == {"My cousin is an engineer": ("cousin.job", "superseded"),
                    "My cousin works as an engineer doing frontend work": ("cousin.job", "active")}, rows


def test_a_height_in_feet_and_inches_is_the_height():
    assert (analyze("My uncle Ray is 6'1\" tall").slot, analyze("My uncle Ray is 6'1\" tall").value) == \
        ("uncle.height", value_key("6'1"))
    assert analyze("I'm five foot seven").slot == "height"
    assert analyze("My grandpa is barely five feet").slot == "grandfather.height"
    assert analyze("My nephew is seven").slot == "nephew.age"  # a number word alone stays an age


def test_a_named_relatives_thing_is_the_thing_as_without_the_name():
    named, bare = analyze("My cousin Mia's cafe is in Denver"), analyze("My cousin's cafe is in Denver")
    assert named.slot == bare.slot and named.slot.startswith("thing:cafe"), (named, bare)
    assert analyze("My cousin Mia lives in Denver").slot == "cousin.residence"  # her own fact keeps her


def test_a_relatives_business_told_after_her_height_hides_nothing(db: str, embedder):
    rows = _rows(db, ["My uncle Ray is 6'1\"", "My uncle Ray's garage is in Tulsa, it's called Ray's Auto"], user="kim")
    assert {s: st for s, (_, st) in rows.items()} == {
        "My uncle Ray is 6'1\"": "active", "My uncle Ray's garage is in Tulsa, it's called Ray's Auto": "active"}, rows
