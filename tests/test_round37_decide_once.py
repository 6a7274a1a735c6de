"""Round 37: what the drain writer's decide stage asks, per candidate — measured before deciding a claimed batch at
once (bench/decide_calls.py). Every candidate that reaches the fitted judge is judged exactly once (at the batch's
start for a user's first candidate, else in its own decision), and the decision's neighbours of one vector are read
once; deciding a batch at once could only regroup this work, never drop any. These tests keep it so: a change that
judges a candidate twice, or reads its neighbours twice, costs the drain CPU for nothing.

Sentences are our own (none from a data set); the store is real, with the real default model and judge.
"""

from __future__ import annotations

from collections import Counter

from memcli import Memory
from memcli.db.sqlite import SQLiteStore
from memcli.models import Decision, Level
from memcli.write import decide as decide_module
from memcli.write import fitted
from memcli.write.backends import get_judge
from tests._stores import say_all

TURNS = [
    "I live in Rotterdam with my partner",
    "My partner works as a violin teacher",
    "I drink two cups of rooibos every evening",
    "我每周三晚上去打羽毛球",
    "我的表哥在青岛开了一家面包店",
    "Actually I moved to Utrecht last month",
    "I drink two cups of rooibos every evening",
    "我现在每周四晚上去打羽毛球",
    "My partner teaches the cello now, not the violin",
    "我表哥的面包店在青岛",
]


def test_each_candidate_is_judged_once_and_its_neighbours_read_once(tmp_path, embedder, monkeypatch) -> None:
    judged: Counter[str] = Counter()
    plans: list[tuple[str, object]] = []
    reads: Counter[tuple[str, bytes]] = Counter()
    real_judge, real_decide = fitted.FittedJudge.judge_many, decide_module._decide
    real_one, real_many = SQLiteStore.neighbors, SQLiteStore.neighbors_many

    def judge_many(self, asked):  # noqa: ANN001, ANN202
        judged.update(cand.statement for cand, _ in asked)
        return real_judge(self, asked)

    def _decide(store, settings, user, candidate, *a, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        plan = real_decide(store, settings, user, candidate, *a, **kw)
        plans.append((candidate.statement, plan))
        return plan

    def neighbors(self, user, vector, k):  # noqa: ANN001, ANN202
        if k == 5:  # the decision's own (decide_neighbors); a CONFLICT's look for copies asks 8
            reads[(user, vector.tobytes())] += 1
        return real_one(self, user, vector, k)

    def neighbors_many(self, queries, k):  # noqa: ANN001, ANN202
        if k == 5:
            reads.update((user, vector.tobytes()) for user, vector in queries)
        return real_many(self, queries, k)

    monkeypatch.setattr(fitted.FittedJudge, "judge_many", judge_many)
    monkeypatch.setattr(decide_module, "_decide", _decide)
    monkeypatch.setattr(SQLiteStore, "neighbors", neighbors)
    monkeypatch.setattr(SQLiteStore, "neighbors_many", neighbors_many)
    with Memory(db=str(tmp_path / "m.db"), user="wren", embedder=embedder) as mem:
        assert mem.settings.decide_neighbors == 5 and get_judge(mem.settings).name == "fitted"
        say_all(mem, TURNS[:5])  # two drains, a week apart: the second's turns meet the first's memories
        say_all(mem, TURNS[5:], at="2026-06-08T09:00:00+08:00")
        active = [r["statement"] for r in mem.store.q("SELECT statement FROM memory_items WHERE invalid_at IS NULL "
                                                       "AND expired_at IS NULL AND user_id = 'wren'")]
    # the candidates the judge decided (the level before the guards: not an exact match, not below the
    # cosine floor, not only other people's memories near) are those it was asked about, each once
    reached = Counter(s for s, p in plans if p.judge == "fitted")
    assert judged == reached and max(judged.values()) == 1
    assert len(judged) >= 6
    assert sum(p.level == Level.EXACT for _, p in plans) == 1  # the rooibos turn told again
    assert any(p.decision == Decision.CONFLICT for _, p in plans)
    # the decision's neighbours: one read per candidate not matched exactly, never two for one vector
    assert sum(reads.values()) == sum(p.level != Level.EXACT for _, p in plans) == len(plans) - 1
    assert max(reads.values()) == 1
    assert not any("Rotterdam" in s for s in active) and any("Utrecht" in s for s in active)
