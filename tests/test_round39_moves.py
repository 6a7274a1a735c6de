"""A move or a new job told in chat ends the old one, and the block does not serve the ended one (round 39).

Own sentences, real stores, the real default model:

- a move told ("we just moved to X", "My husband and I moved to X", 我们全家搬到了X, 搬家到X) is the user's
  ``residence`` and ends the home stored before; a relative's move ends nothing of the user's;
- a new job told (a new job at an organisation named by its kind, got / took a job at, joined <X Bank>; 入职了,
  跳槽到, 换工作到) ends the old workplace or job; a new hobby is no job;
- one turn telling an earlier dated workplace and a change (我前年在武汉工作，今年四月换到了长沙) ends the earlier;
- a change told after a user-set fact (remember) ends it; a chat fact that tells no change still does not;
- a question about the user's home finds a move told by "my X and I"; a quote whose turn's facts all ended is
  marked as since changed.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.read.render import render_episode_line
from memcli.read.results import Hit
from memcli.write.extract import RuleExtractor, Utterance

FIRST, SECOND = "2026-09-01T10:00:00+00:00", "2026-10-20T10:00:00+00:00"


def _told(mem, first: str, second: str) -> dict[str, object]:  # noqa: ANN001
    mem.capture(first, at=FIRST)
    mem.capture(second, at=SECOND)
    s = mem.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    return {it.statement: it for it in mem.list(include_all=True)}


def _active(items: dict[str, object]) -> dict[str, object]:
    return {s: it for s, it in items.items() if it.invalid_at is None and it.expired_at is None}


def _slots(text: str) -> list[tuple[str | None, str]]:
    utt = Utterance(source_id=1, user="u", role="user", text=text, occurred_at=datetime(2026, 10, 20, tzinfo=UTC))
    return [(c.slot, c.statement) for c in RuleExtractor().extract(utt)]


MOVES = (("I live in Norwich", "we just moved to Cromer, into a cottage by the pier"),
         ("I live in Carlisle", "My husband and I moved to Kendal last month"),
         ("My family and I live in Worcester", "My family and I have moved to Hereford"),
         ("我住在洛阳", "我们全家搬到了开封"),
         ("我住在绵阳", "上个月我搬家到德阳了"))


@pytest.mark.parametrize(("first", "second"), MOVES)
def test_a_move_told_is_the_users_home_and_ends_the_old_one(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = _told(mem, first, second)
    active = _active(items)
    new = [it for it in active.values() if it.slot == "residence"]
    assert len(new) == 1 and new[0].statement != first, items
    old = items[first]
    assert old.slot == "residence" and old.invalid_at is not None, old  # a CONFLICT: ended in world time


@pytest.mark.parametrize(("first", "second"), (("I live in Carlisle", "my cousin just moved to Kendal"),
                                               ("我住在洛阳", "我表哥搬到开封了")))
def test_a_relatives_move_ends_nothing_of_the_users(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = _told(mem, first, second)
    assert items[first].invalid_at is None, items
    assert any(it.slot and it.slot != "residence" and it.slot.endswith("residence") for it in items.values()), items


@pytest.mark.parametrize("text", ["we just moved to Cromer", "We've recently moved to Kendal",
                                  "my wife and I just moved to Hereford", "Our kids and I moved to Kendal"])
def test_we_and_a_pair_holding_the_user_read_as_the_user(text: str) -> None:
    assert [s for s, _ in _slots(text)] == ["residence"], _slots(text)


def test_an_adverb_before_another_verb_is_still_no_fact_of_the_users() -> None:
    assert _slots("we just got back from Sicily") == []  # not an owned thing "back from sicily"


JOBS = (("I'm a pharmacy technician at Boots in Norwich", "I started a new job at a hospital pharmacy in Cromer"),
        ("I work at Greggs", "I got a job at a bakery in Truro"),
        ("I work at Hollybank Surgery", "I joined Westfield Bank last month"),
        ("I work for a courier firm", "I took a job with the council"),
        ("我在一家外贸公司上班", "我上个月入职了一家医院"),
        ("我在一家超市当收银员", "我跳槽到了一家物流公司"),
        ("我在一家广告公司工作", "我换工作到了一家律所"))


@pytest.mark.parametrize(("first", "second"), JOBS)
def test_a_new_job_told_ends_the_old_workplace(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = _told(mem, first, second)
    assert items[first].invalid_at is not None, items
    assert any(it.slot == "workplace" for it in _active(items).values()), items


@pytest.mark.parametrize(("text", "slot"), (("I joined another design agency, a bigger one", "workplace"),
                                            ("I joined a law firm in Leeds last month", "workplace"),
                                            ("I got a job at the bank on Queen Street", "workplace"),
                                            ("I joined a gym", "event.joined_gym"),  # no employer
                                            ("I started a new hobby, knitting", "event.started_hobby")))  # (r. 47)
def test_a_new_job_told_reads_as_the_workplace_and_nothing_else_does(text: str, slot: str) -> None:
    assert [s for s, _ in _slots(text)] == [slot], _slots(text)


@pytest.mark.parametrize(("first", "second"), (("I work at a garden centre", "I started a new hobby, knitting"),
                                               ("我在一家银行上班", "我开始学瑜伽了"),
                                               ("I work at Greggs", "my wife got a job at a bakery in Truro")))
def test_a_hobby_or_someone_elses_job_ends_no_job(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = _told(mem, first, second)
    assert items[first].invalid_at is None, items


def test_an_earlier_dated_workplace_beside_a_change_in_one_turn_ends(mem) -> None:  # noqa: ANN001
    mem.capture("我前年在武汉工作，今年四月换到了长沙", at=SECOND)
    assert mem.drain().dead == 0
    items = {it.statement: it for it in mem.list(include_all=True)}
    work = {s: it for s, it in items.items() if it.slot == "workplace"}
    assert any("武汉" in s and it.invalid_at is not None for s, it in work.items()), items
    assert any("长沙" in s and it.invalid_at is None for s, it in work.items()), items
    assert not any("武汉" in s and it.invalid_at is None for s, it in items.items()), items


def test_one_turn_telling_a_detail_of_a_move_stays_one_fact() -> None:
    got = _slots("我已经搬到开封了，住在鼓楼区")
    assert len(got) == 1 and got[0][0] == "residence", got  # the district is a detail of the move, no new value


@pytest.mark.parametrize(("set_by_user", "told", "ends"), (
    ("I live in Porto", "I moved to Braga last month", True),
    ("I work at Siemens", "I started a new job at Bosch", True),
    ("我在一家药厂上班", "我跳槽到了一家医院", True),
    ("I live in Porto", "I live in Braga", False),  # no change told: the user-set fact stands
    ("我住在洛阳", "我住在开封", False)))
def test_a_change_told_after_a_user_set_fact_ends_it(mem, set_by_user: str, told: str, ends: bool) -> None:  # noqa: ANN001
    mem.remember(set_by_user, at="2025-02-01")
    mem.capture(told, at=SECOND)
    assert mem.drain().dead == 0
    items = {it.statement: it for it in mem.list(include_all=True)}
    kept = items[set_by_user]
    new = [it for s, it in items.items() if s != set_by_user]
    assert new, items
    if ends:
        assert kept.invalid_at is not None and all(it.invalid_at is None for it in new), items
    else:
        assert kept.invalid_at is None and all(it.invalid_at is not None for it in new), items
        assert all("set by the user" in (it.invalid_reason or "") for it in new), items


def test_another_workplace_of_the_same_kind_is_no_refinement(mem) -> None:  # noqa: ANN001
    items = _told(mem, "我在一家连锁药店上班", "我跳槽到了另一家连锁药店")
    old = items["我在一家连锁药店上班"]
    assert old.invalid_at is not None and old.expired_at is None, old  # ended in world time, not "refined by"


def test_the_same_move_told_closer_stays_a_refinement() -> None:
    from memcli.write.decide import _facts
    from memcli.write.place_moved import moved_on

    assert moved_on(_facts("我搬到开封的鼓楼区了", "residence"), _facts("我搬到开封了", "residence")) is None
    assert moved_on(_facts("我跳槽到了另一家连锁药店", "workplace"), _facts("我在一家连锁药店上班", "workplace"))
    assert moved_on(_facts("I also work at another pharmacy", "workplace"),
                    _facts("I work at a pharmacy", "workplace")) is None  # a second job told beside it


def test_a_change_said_before_the_user_set_it_does_not_end_it() -> None:
    from memcli.governance.confidence import adjudicate

    set_at, said = datetime(2026, 5, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC)
    assert adjudicate("explicit", 0.95, set_at, "extracted", 0.8, said, incoming_said_at=said,
                      incoming_changed=True) == "stored"  # a late-drained capture: the user set it after
    later = datetime(2026, 6, 1, tzinfo=UTC)
    assert adjudicate("explicit", 0.95, set_at, "extracted", 0.8, later, incoming_said_at=later,
                      incoming_changed=True) == "incoming"
    assert adjudicate("explicit", 0.95, set_at, "extracted", 0.8, later, incoming_said_at=later) == "stored"


def test_where_do_i_live_finds_a_move_told_with_my_family(mem) -> None:  # noqa: ANN001
    _told(mem, "I live in Worcester", "My family and I moved to Hereford")
    block = mem.context("Where do I live?").text
    assert "Hereford" in block and "Worcester" not in block, block


def test_a_quote_whose_facts_all_ended_is_marked_as_since_changed() -> None:
    said = datetime(2026, 9, 1, tzinfo=UTC)
    now = datetime(2026, 10, 20, tzinfo=UTC)
    hit = Hit(episode_id=1, origin="episode", statement="I live in Norwich, the market there is great", kind="other",
              effective_confidence=0.8, score=0.5, valid_from=said)
    assert render_episode_line(hit, "en", now) == '- On Sep 1 you said: "I live in Norwich, the market there is great"'
    hit.turn_ended = True
    assert render_episode_line(hit, "en", now) == \
        '- On Sep 1 you said (what it told has since changed): "I live in Norwich, the market there is great"'
    hit.statement = "我住在洛阳，那边的牡丹很好看"
    assert render_episode_line(hit, "zh", now) == \
        "- 你在 9 月 1 日说过（其中的事实后来变了）：“我住在洛阳，那边的牡丹很好看”"
