"""Issue 24: a drained batch decides the first candidate of each user up front
(:func:`memcli.write.decide_range.prefetch`: reads and fitted verdicts together, inside the batch's
transaction). The decisions must be those made one candidate at a time: every event (action, level,
cosine, judge, reason) and every memory identical with and without the batch's reads (same batches, so
the model embeds the same texts together)."""

from __future__ import annotations

from pathlib import Path

from _procs import jsonl, utterances

from memcli import Memory
from memcli.admin import Admin
from memcli.write import decide_range
from memcli.write.worker import MemoryCaptureWorker

N_USERS = 3


def _drain(db: Path, recs: list[dict], embedder, batch: int = 32) -> tuple[list[dict], list[dict]]:  # noqa: ANN001
    for u in range(N_USERS):
        with Memory(db=str(db), user=f"user{u}", embedder=embedder) as m:
            m.capture_jsonl(jsonl([r for r in recs if r["_user"] == f"user{u}"]))
    with Admin(db=str(db), embedder=embedder, drain_batch_size=batch) as adm:
        s = adm.drain()
        assert s.done == len(recs) and s.dead == 0 and s.retried == 0
        events = adm.store.q("SELECT user_id, item_id, other_item_id, source_id, action, level, cosine, judge, reason "
                             "FROM memory_events ORDER BY id")
        items = adm.store.q("SELECT id, user_id, statement, slot, confidence, valid_from, invalid_at, "
                            "expired_at IS NULL AS live, confirmations, supersedes_id FROM memory_items ORDER BY id")
    return events, items


def test_batched_first_decisions_equal_one_at_a_time(tmp_path: Path, embedder, monkeypatch):
    recs = utterances(150, seed=11, user_count=N_USERS)
    seen: list[int] = []
    real = decide_range.prefetch

    def counted(store, settings, judge, items):  # noqa: ANN001, ANN202
        seen.append(len(items))
        return real(store, settings, judge, items)

    monkeypatch.setattr(decide_range, "prefetch", counted)
    batched = _drain(tmp_path / "a.db", recs, embedder)
    assert seen and max(seen) > 1  # several users' first candidates read and judged together
    monkeypatch.setattr(MemoryCaptureWorker, "_prefetch", lambda *a: {})  # every candidate reads the store itself
    one = _drain(tmp_path / "b.db", recs, embedder)
    assert batched[0] == one[0]
    assert batched[1] == one[1]
    assert any(e["action"] in ("NOOP", "CONFLICT") for e in one[0])  # not only ADDs: the judge had work
