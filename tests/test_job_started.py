"""A new job told as a start, a hire, a join or a move is the job (round 29), own sentences, real stores, the real
default model: "I'm beginning at a pharmacy as a cashier on Monday", "I got taken on as a welder by a shipyard",
我下周入职一家商场，做收银员 were stored with no job slot (or ``event.…``), so the job question's ``context`` left the
new job out and the old one stayed active. Now the occupation after "as" / 当 / 做 / 担任 is the job, the
organisation the workplace; a plain new job ends the old one, one taken on beside it ("also", 兼职) keeps both."""

from __future__ import annotations

import pytest

from memcli.write.rules import extract_matches

READ = (("I'm beginning at a pharmacy as a cashier on Monday", {"job": "cashier", "workplace": "pharmacy"}),
        ("I got taken on as a welder by a shipyard", {"job": "welder"}),
        ("We moved house and I joined a hotel as a receptionist", None),
        ("I landed a job as a courier", {"job": "courier"}),
        ("From June I start a new position as a pharmacist", {"job": "pharmacist"}),
        ("I switched to a bakery as a baker", {"job": "baker", "workplace": "bakery"}),
        ("Next week I begin at the county library as a clerk", {"job": "clerk", "workplace": "county library"}),
        ("我下周入职一家商场，做收银员", {"workplace": "一家商场", "job": "收银员"}),
        ("我被一家物流公司聘用为司机", {"job": "司机"}),
        ("我的新工作是厨师", {"job": "厨师"}),
        ("下个月去一家诊所报到", {"workplace": "一家诊所"}))
NOT_JOBS = ("I moved to Leeds as a child", "I joined a choir", "I joined the chess club as a member",
            "I went to the party as a pirate",
            "我加入了一个跑步俱乐部", "我下周去大学报到", "我明天去超市")


@pytest.mark.parametrize(("said", "want"), READ)
def test_a_job_told_as_a_start_is_the_job(said: str, want: dict[str, str] | None) -> None:
    got = {m.slot: m.value for m in extract_matches(said)}
    if want is None:  # a clause of its own before the start: read by the clause rules, the job still read
        assert got.get("job") == "receptionist", got
        return
    assert {k: got.get(k) for k in want} == want, got


@pytest.mark.parametrize("said", NOT_JOBS)
def test_a_start_of_no_job_is_no_job(said: str) -> None:
    got = {m.slot for m in extract_matches(said)}
    assert not {"job", "workplace"} & got, got


def _drained(mem, first: str, second: str) -> list:  # noqa: ANN001
    mem.capture(first, at="2026-01-05T09:00:00Z")
    mem.capture(second, at="2026-06-05T09:00:00Z")
    mem.drain()
    return mem.list(include_all=True)


ENDS = (("I'm a welder", "I got hired as a courier at a parcel depot", "What do I do for a living?", "courier"),
        ("我是一名司机", "我下个月入职一家银行，当柜员", "我现在做什么工作？", "柜员"),
        ("我是护士", "我被一家酒店录用为厨师", "我现在是做什么工作的？", "厨师"))


@pytest.mark.parametrize(("first", "second", "question", "new"), ENDS)
def test_a_new_job_started_ends_the_old_one_and_answers(mem, first: str, second: str, question: str,  # noqa: ANN001
                                                        new: str) -> None:
    items = _drained(mem, first, second)
    old = next(it for it in items if it.statement == first)
    started = [it for it in items if it.slot == "job" and it.status == "active"]
    assert [it.statement for it in started] and all(new in it.statement for it in started), started
    assert old.status != "active" and old.invalid_at is not None, old  # ended, kept for history
    assert old.invalid_at.date().isoformat() == "2026-06-05", old.invalid_at  # from when it was told
    block = mem.context(question, budget_ms=60000).text
    assert new in block and first not in block, block


def test_a_dated_new_job_supersedes_the_old_one_and_answers(mem) -> None:  # noqa: ANN001
    """A start told with its day ("Next Monday …") reads a number the old job lacks: the judge's slot rule takes it
    as a more specific value (UPDATE: the old job superseded, not current, no invalid_at). Reading two occupations
    as no refinement moved the shipped judge fit (test_calibrate), so it was left for a refit."""
    items = _drained(mem, "I'm a postman", "Next Monday I start at a pharmacy as a cashier")
    old = next(it for it in items if it.statement == "I'm a postman")
    assert old.status != "active", old
    block = mem.context("What's my job now?", budget_ms=60000).text
    assert "cashier" in block and "I'm a postman" not in block, block


@pytest.mark.parametrize(("first", "second"), (("I'm a nurse", "I also got hired as a tutor at a language school"),
                                               ("我是老师", "我还兼职做翻译")))
def test_a_job_started_beside_the_other_keeps_both(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = _drained(mem, first, second)
    assert next(it for it in items if it.statement == first).status == "active"
