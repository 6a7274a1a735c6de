"""Round 15's fresh-user trial: three kinds of decisions that hid a true fact, fixed as kinds (sentences
written for this test, none from a data set). Decisions run on a real store with the default model,
through capture → drain, and are read back from the active memories and ``context``.

1. A change dated by a relative time ("last month") and told *after* an undated fact ends it; said
   *before* it (captured with an earlier time), it stays the older fact.
2. A change word (stopped, now, died, new…) alone never ends a fact that nothing else links to it.
3. A one-value attribute told as changed ends the old value: with a second clause after the new value,
   or told in the other language.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli.governance.confidence import adjudicate

T0 = datetime(2025, 6, 2, 9, tzinfo=UTC)


def _drained(db: str, turns: list[tuple[str, datetime]], question: str | None = None,
             user: str = "tao") -> tuple[list[str], str]:
    """(active statements, the context text for ``question``) after capturing and draining each turn at
    its time, in list order."""
    from memcli import Memory

    m = Memory(db=db, user=user)
    try:
        for text, at in turns:
            m.capture(text, at=at.isoformat())
            m.drain()
        ctx = m.context(question).text if question else ""
        return sorted(i.statement for i in m.list()), ctx
    finally:
        m.close()


# -- 1. a change told later with an earlier told date ----------------------------------------------------
@pytest.mark.parametrize(("old", "new", "question", "old_city", "new_city"), [
    ("I live in Leeds", "我上个月搬到约克了", "我住在哪个城市？", "Leeds", "约克"),
    ("我住在天津", "I moved to Qingdao two weeks ago", "Which city do I live in?", "天津", "Qingdao"),
    ("My sister Rosa lives in Porto", "My sister Rosa moved to Braga last week", "Where does my sister live?",
     "Porto", "Braga"),
])
def test_a_change_told_later_ends_an_undated_fact(db: str, embedder, old: str, new: str, question: str,  # noqa: ANN001
                                                  old_city: str, new_city: str) -> None:
    active, ctx = _drained(db, [(old, T0), (new, T0 + timedelta(days=1))], question)
    assert not any(old_city in s for s in active), active  # the undated fact held until the move
    assert any(new_city in s for s in active), active
    assert new_city in ctx and old_city not in ctx, ctx


def test_a_change_said_earlier_stays_the_older_fact(db: str, embedder) -> None:  # noqa: ANN001
    # drained after, but said before the stored fact (an earlier --at): the move is history
    active, ctx = _drained(db, [("I live in York", T0), ("I moved to Leeds last month", T0 - timedelta(days=90))],
                           "Which city do I live in?")
    assert active == ["I live in York"], active
    assert "York" in ctx and "Leeds" not in ctx, ctx


def test_two_told_dates_keep_their_order() -> None:
    later, earlier = T0, T0 - timedelta(days=30)
    # the stored fact's date was told: an incoming fact dated before it loses, however late it was said
    assert adjudicate("extracted", 0.8, later, "extracted", 0.8, earlier, stored_dated=True,
                      incoming_said_at=later + timedelta(days=5)) == "stored"
    # undated stored fact (its valid time is when it was said): a change said after it wins
    assert adjudicate("extracted", 0.8, later, "extracted", 0.8, earlier, stored_dated=False,
                      incoming_said_at=later + timedelta(days=5)) == "incoming"
    # ... but not a change said before it
    assert adjudicate("extracted", 0.8, later, "extracted", 0.8, earlier, stored_dated=False,
                      incoming_said_at=earlier) == "stored"
    # a user-set fact still wins over a lower-confidence extracted one
    assert adjudicate("explicit", 0.95, later, "extracted", 0.8, earlier, stored_dated=False,
                      incoming_said_at=later + timedelta(days=5)) == "stored"


# -- 2. a change word alone ends nothing ---------------------------------------------------------------
@pytest.mark.parametrize(("old", "new"), [
    ("I'm lactose intolerant", "I stopped going to the climbing gym, now I run instead"),
    ("My dentist is Dr. Okafor", "Our parrot flew away, we're getting a new bird"),
    ("My neighbour's name is Pavel", "Our hamster died last week, the kids want a new one"),
    ("我的房东姓周", "我们家的金鱼死了，打算再买几条新的"),
    ("我不吃香菜", "我不再去健身房了，现在改成在家跳绳"),
])
def test_a_change_word_alone_ends_no_unrelated_fact(db: str, embedder, old: str, new: str) -> None:  # noqa: ANN001
    active, _ = _drained(db, [(old, T0), (new, T0 + timedelta(days=1))])
    assert old in active, active


def test_a_told_change_still_ends_what_it_names(db: str, embedder) -> None:  # noqa: ANN001
    # the guard keeps what nothing links; a stop of the very thing, or a stop of teaching beside a teacher, ends it
    active, _ = _drained(db, [("I'm a high school teacher", T0),
                              ("I no longer teach, I work in publishing now", T0 + timedelta(days=1))])
    assert "I'm a high school teacher" not in active, active


# -- 3. a one-value attribute told as changed --------------------------------------------------------------
@pytest.mark.parametrize(("old", "new", "question", "old_name", "new_name"), [
    ("My manager is Carl Berg", "My new manager is Nina Holt, Carl moved to the Oslo office", "Who is my manager?",
     "Carl Berg", "Nina Holt"),
    ("My boss is Tom Reed", "My new boss is Priya Shah", "Who is my boss?", "Tom Reed", "Priya Shah"),  # the README's
    # (no question: the answerability gate leaves "What is my job?" empty on this store, a read-path matter)
    ("I work as a data analyst at a bank", "我现在在一家游戏公司当产品经理", None,
     "data analyst", "产品经理"),
])
def test_a_one_value_change_ends_the_old_value(db: str, embedder, old: str, new: str, question: str | None,  # noqa: ANN001
                                               old_name: str, new_name: str) -> None:
    active, ctx = _drained(db, [(old, T0), (new, T0 + timedelta(days=1))], question)
    assert old not in active and any(new_name in s for s in active), active
    if question:
        assert new_name in ctx and old not in ctx, ctx
