"""Round 44's trial, the decision and read side (fix44b), on one store of several users, each told in order:

- the end of something the user had (a pet given away, sold, no longer kept) ends every present fact of it —
  having it and its name — at the told time (memcli.write.thing_ended); a neighbour's pet's end ends none;
- a number cut down in other words ("three cups of tea" / "one tea") replaces the old one (memcli.write.unlinked);
  a Chinese amount told changed names the number after it (物业费涨了，现在每月360: memcli.write.rules.zh_amount);
- a question about the user is answered by the user's own fact before another person's (memcli.read.whose);
- the ``--json`` outputs of show, history, stats and users are the fields docs/formats.md lists.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pytest
from _stores import active_and_ended, block_of
from test_round42_trial import _documented

T0 = datetime.fromisoformat("2026-03-02T09:00:00+00:00")

#: user → turns, each told 60 days after the one before and drained on its own
STORIES = {
    "pet_en": ["I have a rabbit called Clover.", "I gave my rabbit away last month."],
    "sold_en": ["I have a parrot named Mango.", "I sold my parrot."],
    "pet_zh": ["我养了一只鹦鹉，叫豆豆。", "我已经不养鹦鹉了。"],
    "other_zh": ["我养了一条狗，叫小黑。", "同事家的狗上个月走了。"],
    "tea_en": ["I drink three cups of tea a day.", "I cut down to one tea a day."],
    "fee_zh": ["物业费每月300。", "物业费涨了，现在每月360。"],
    "rent": ["我房租每月2800。", "My cousin pays 1900 a month for rent."],
}


@pytest.fixture(scope="module")
def told(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict:  # noqa: ANN001
    from memcli import Memory

    db = str(tmp_path_factory.mktemp("r44b") / "m.db")
    mems = {u: Memory(db=db, user=u, embedder=embedder) for u in STORIES}
    for n in range(2):
        for user, turns in STORIES.items():
            mems[user].capture(turns[n], at=(T0 + timedelta(days=60 * n)).isoformat())
        for m in mems.values():
            s = m.drain()
            assert s.dead == 0 and s.retried == 0, s.errors
    yield {"mems": mems, "db": db}
    for m in mems.values():
        m.close()


@pytest.mark.parametrize("user", ["pet_en", "sold_en", "pet_zh"])
def test_the_end_of_a_pet_ends_having_it_and_its_name(told: dict, user: str) -> None:
    items = told["mems"][user].list(include_all=True)
    first = [it for it in items if it.slot and it.slot.startswith(("owns.", "thing:"))]
    assert {it.slot.split(".")[0] for it in first} >= {"owns"} and any(it.slot.endswith(".name") for it in first)
    assert all(it.invalid_at is not None for it in first), [(it.statement, it.invalid_at) for it in first]


def test_the_end_is_at_the_told_time(told: dict) -> None:
    """Given away "last month", told 60 days after the rabbit: the facts end about 30 days after they began."""
    items = told["mems"]["pet_en"].list(include_all=True)
    ends = [datetime.fromisoformat(str(it.invalid_at).replace("Z", "+00:00")) for it in items
            if it.slot and it.slot.startswith(("owns.", "thing:"))]
    assert ends and all(T0 + timedelta(days=20) <= e <= T0 + timedelta(days=40) for e in ends), ends


def test_a_neighbours_pet_ending_ends_none_of_the_users(told: dict) -> None:
    active, _ = active_and_ended(told["mems"]["other_zh"])
    assert any("小黑" in s for s in active) and any((slot or "").startswith("owns.") for slot in active.values())


def test_a_number_cut_down_in_other_words_replaces_the_old(told: dict) -> None:
    active, ended = active_and_ended(told["mems"]["tea_en"])
    assert "I drink three cups of tea a day" in ended and any("one tea" in s for s in active)


def test_a_chinese_amount_told_changed_keeps_its_name(told: dict) -> None:
    active, ended = active_and_ended(told["mems"]["fee_zh"])
    assert any("300" in s for s in ended) and [s for s in active if "360" in s and "物业费" in s], active
    assert "360" in block_of(told["mems"]["fee_zh"], "物业费每个月多少钱？")


def test_my_rent_is_mine_not_my_cousins(told: dict) -> None:
    block = block_of(told["mems"]["rent"], "How much is my rent?")
    assert "2800" in block and "1900" not in block, block
    assert "1900" in block_of(told["mems"]["rent"], "How much does my cousin pay for rent?")


def test_questions_about_the_user_and_about_someone_else() -> None:
    from memcli.read.whose import about_user
    from memcli.write.thing_ended import having_ended

    assert [about_user(q) for q in ("how much do I pay for my flat?", "我的车是什么牌子？", "where does Maria work?",
                                    "what does my aunt do?", "小李喜欢什么？")] == [True, True, False, False, False]
    assert [having_ended(t) is not None for t in ("We rehomed the kitten.", "我把仓鼠送人了", "I might sell my bike",
                                                  "我不想把猫送人", "Did you sell the car?")] == [
        True, True, False, False, False]


def test_show_history_stats_and_users_json_are_the_documented_fields(told: dict, cli) -> None:  # noqa: ANN001
    doc = _documented()
    base = ("--db", told["db"], "--user", "tea_en")
    ended = next(it for it in told["mems"]["tea_en"].list(include_all=True) if it.invalid_at is not None)
    shown = cli(*base, "show", str(ended.id), "--json").json()
    assert doc["`memcli show ID --json`"] == [set(shown)]
    hist = cli(*base, "history", str(ended.id), "--json").json()
    assert doc["`memcli history ID --json`"] == [set(hist), set(hist["events"][0])]
    conflict = next(e for e in hist["events"] if e["action"] == "CONFLICT")
    assert conflict["other_item_id"] == ended.id and conflict["item_id"] != ended.id  # the link of a CONFLICT
    assert doc["`memcli stats --json`"] == [set(cli(*base, "stats", "--json").json())]
    users = json.loads(cli("--db", told["db"], "users", "--json").stdout)
    assert doc["`memcli users --json`"] == [set(users[0])] and {u["user"] for u in users} == set(STORIES)
