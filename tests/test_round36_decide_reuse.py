"""Round 36: less of the drain writer's decision work, every decision the same.

A drained batch's first candidate of a user (memcli.write.decide_range.prefetch) keeps the pool and the list
``_shown`` gave it; the decision takes them back instead of reading them again when it has nothing to exclude.

Sentences are our own (none from a data set); the store is real, with the real default model.
"""

from __future__ import annotations

from datetime import UTC, datetime

from memcli import Memory
from memcli.models import Candidate, Decision
from memcli.write import decide_range
from memcli.write.backends import get_judge
from memcli.write.decide import decide
from memcli.write.extract import enrich
from tests._stores import say_all

AT = datetime(2026, 8, 3, 10, tzinfo=UTC)


def test_a_prefetched_pool_is_taken_back_and_decides_as_a_fresh_read(tmp_path, embedder, monkeypatch) -> None:
    with Memory(db=str(tmp_path / "m.db"), user="ines", embedder=embedder) as mem:
        say_all(mem, ["My stepbrother lives in Valencia", "My stepbrother works as a pharmacist",
                      "I go rowing on Sunday mornings"])
        judge = get_judge(mem.settings)
        cand = enrich(Candidate(statement="My stepbrother lives in Seville now", valid_from=AT))
        vec = embedder.embed_one(cand.statement)
        calls: list[object] = []
        real = decide_range._shown

        def counted(*a):  # noqa: ANN002, ANN202
            calls.append(a[-1])
            return real(*a)

        monkeypatch.setattr(decide_range, "_shown", counted)
        pre = decide_range.prefetch(mem.store, mem.settings, judge, [("ines", cand, vec)])[0]
        assert pre.seen is not None and len(calls) == 1 and pre.verdict is not None
        with_pre = decide(mem.store, mem.settings, "ines", cand, vec, judge, (), pre)
        assert len(calls) == 1  # the pool prefetch read, taken back
        alone = decide(mem.store, mem.settings, "ines", cand, vec, judge)
        assert len(calls) == 2
        assert with_pre == alone
        assert with_pre.decision == Decision.CONFLICT and "Valencia" in with_pre.target["statement"]
        # something to exclude (another clause of the same turn wrote it): the pool is read again, without it
        excluded = decide(mem.store, mem.settings, "ines", cand, vec, judge, {with_pre.target["id"]}, pre)
        assert len(calls) == 3 and calls[-1] == {with_pre.target["id"]}
        assert excluded.target is None or excluded.target["id"] != with_pre.target["id"]
