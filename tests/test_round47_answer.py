"""Round 47: a switch of medicine told in the clause after the doctor's (…，给我换成X了，也是一天两次) ends the pill
taken before, whatever the judge made of the clause; and the answerability gate's reading of a thing given to the
user.

Own sentences (none from a data set); real stores, the real default model, a real drain.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import say_daily

from memcli import Memory
from memcli.models import Decision, Level
from memcli.write.decide_range import Plan
from memcli.write.deed_change import _switch, deed_plan, medicine_taken

START = "2026-04-01T09:00:00+08:00"


@pytest.mark.parametrize(("statement", "taken"), [
    ("我一直在吃阿托伐他汀，一天一片", True),
    ("我每晚吃两粒褪黑素", True),
    ("我每天早上吃降压药", True),
    ("我晚上吃", False),  # the time of a taking, split off its clause: no second medicine
    ("我早上吃，一天两次", False),
    ("我饭后吃", False),
])
def test_a_taking_names_what_is_taken(statement: str, taken: bool) -> None:
    assert medicine_taken(statement) is taken


@pytest.mark.parametrize(("statement", "to"), [
    ("给我换成格列美脲了，也是一天两次", "格列美脲"),  # the doctor named in the clause before; a dose's rate
    ("医生给我换成了降脂药", "降脂药"),
    ("给我换成大床房了", None),  # a switch done to the user that tells no medicine
    ("我改成游泳了，每天一次", None),  # the user's own switch, a rate but no medicine
])
def test_a_switch_done_to_the_user_with_a_dose_rate_is_a_medicine(statement: str, to: str | None) -> None:
    got = _switch(statement)
    assert (got[1] if got else None) == to


def _items(m: Memory) -> dict[str, str]:
    return {it.statement: it.status for it in m.list(include_all=True)}


def test_the_doctors_switch_in_a_later_clause_ends_the_pill(db: str, embedder) -> None:  # noqa: ARG001
    """The turn splits 李大夫说… from 给我换成…; the time of the old taking (晚上吃) was its own memory and counted as
    a second medicine, so the switch could not say which it ended and ended none."""
    m = Memory(db=db, user="zhou")
    try:
        say_daily(m, ["我今年七十了，退休好几年，现在天天在家待着",
                      "我有高血脂，好些年了，一直在吃阿托伐他汀，一天一片，晚上吃",
                      "孙女今天放学早，我去接的她",
                      "去医院复查了，李大夫说阿托伐他汀效果一般，给我换成瑞舒伐他汀了，也是一天一片"], START)
        items = _items(m)
        assert items["我一直在吃阿托伐他汀，一天一片"] == "invalid"
        assert items["我现在吃瑞舒伐他汀"] == "active"
        assert items["我现在天天在家待着"] == "active"
        block = m.context("我现在吃的降脂药是哪种？", budget_ms=60_000)
        assert "瑞舒伐他汀" in block.text and "阿托伐他汀" not in block.text
    finally:
        m.close()


def test_a_switch_the_judge_read_as_a_refinement_of_another_fact_ends_the_pill(db: str, embedder) -> None:
    """Round 46's refit made the switch an UPDATE (p 0.65) of a habit of staying home: the switch's CONFLICT with the
    pill taken replaces it, and the habit is not touched."""
    m = Memory(db=db, user="wu")
    try:
        say_daily(m, ["我现在天天在家待着", "我有高血压，一直在吃硝苯地平，一天一片"], START)
        rows = {r["statement"]: r for r in m.store.list_items("wu")}
        home, pill = rows["我现在天天在家待着"], rows["我一直在吃硝苯地平，一天一片"]
        from memcli.models import Candidate

        cand = Candidate(statement="给我换成厄贝沙坦了，也是一天一片", valid_from=datetime(2026, 4, 9, 9, tzinfo=UTC))
        vec = embedder.embed_one(cand.statement)
        judged = Plan(Decision.UPDATE, Level.JUDGE, home, 0.39, "fitted judge: UPDATE p=0.65", "fitted")
        got = deed_plan(m.store, m.settings, "wu", cand, vec, judged, ())
        assert got is not None and got.decision == Decision.CONFLICT and got.target["id"] == pill["id"]
        assert "fitted said UPDATE" in got.reason
        # an UPDATE of a medicine taken is the judge's to make (dose_change / the judge read it)
        assert deed_plan(m.store, m.settings, "wu", cand, vec,
                         Plan(Decision.UPDATE, Level.JUDGE, pill, 0.5, "x", "fitted"), ()) is None
    finally:
        m.close()


# -- the gate: a thing given to the user is the user's ------------------------------------------------------------
@pytest.mark.parametrize(("query", "slot", "statement", "want"), [
    # the daughter gave it, the phone is the user's: no longer "a relative's fact" against the user's question (-1)
    ("我现在用的什么手机？", "daughter.fact.寄", "女儿给我寄了个新的华为手机", 0),
    ("What e-reader do I use?", "daughter.event.sent", "My daughter sent me a new Kindle", 0),
    ("我的围巾是什么颜色的？", "mother.fact.织", "我妈给我织了一条红围巾", 0),
    # a question naming the giver still reads the giver's fact as hers
    ("我女儿在哪工作？", "daughter.fact.寄", "女儿给我寄了个新的华为手机", 1),
    # a relative's own fact is still no answer to the user's own question
    ("我住在哪里？", "daughter.residence", "我女儿住在成都", -1),
    ("我现在用的什么手机？", "daughter.fact.用", "女儿用的是苹果手机", -1),
])
def test_a_thing_given_to_the_user_is_the_users(query: str, slot: str, statement: str, want: int) -> None:
    from memcli.read.question_subject import subject_feature
    from memcli.text import to_simplified

    assert subject_feature(to_simplified(query), [], slot, to_simplified(statement)) == want


def test_the_gift_answers_the_users_question_through_the_read_path(db: str, embedder) -> None:  # noqa: ARG001
    from memcli.read.answer import FEATURES

    m = Memory(db=db, user="lin")
    try:
        say_daily(m, ["我今年六十三，刚从小学退休", "女儿给我寄了个新的华为手机，屏幕大，字也大",
                      "我每天早上去河边散步"], START)
        hits = m.search("我现在用的什么手机？", limit=3, explain=True)
        gift = next(h for h in hits if "华为" in h.statement)
        assert gift.explain is not None and gift.explain.answer_features is not None
        assert gift.explain.answer_features[FEATURES.index("subject")] == 0  # was -1: read as the daughter's fact
        assert not gift.below_floor
        block = m.context("我现在用的什么手机？", budget_ms=60_000)
        assert "华为" in block.text
    finally:
        m.close()
