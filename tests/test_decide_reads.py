"""memcli.write.decide_reads: one decision's reads made once, answers equal to the store's."""

from __future__ import annotations

import numpy as np

from memcli.write.decide_range import neighbors_of
from memcli.write.decide_reads import DecisionReads


class _Store:
    """A store that counts its reads; rows ordered by (recorded_at, id) as the real one orders them."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}
        self.rows = {i: {"id": i, "recorded_at": f"2026-01-0{9 - i}", "statement": f"s{i}", "slot": None,
                         "valid_from": "2026-01-01T00:00:00+00:00", "origin": "extracted", "confidence": 0.5}
                     for i in range(1, 7)}

    def _count(self, name: str) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1

    def items_by_ids(self, user: str, ids) -> list[dict]:  # noqa: ANN001
        self._count("items_by_ids")
        got = [self.rows[i] for i in set(ids) if i in self.rows and user == "u"]
        return sorted(got, key=lambda r: (r["recorded_at"], r["id"]))

    def active_in_slot(self, user: str, slot: str) -> list[dict]:
        self._count("active_in_slot")
        return [self.rows[1]]

    def neighbors(self, user: str, vector: np.ndarray, k: int) -> list[dict]:
        self._count("neighbors")
        return [dict(self.rows[i], cosine=0.9 - i / 10) for i in range(1, k + 1)]

    def table_exists(self, name: str) -> bool:
        return True


def test_each_read_once_and_the_same_answer() -> None:
    store = _Store()
    reads = DecisionReads(store)
    vec = np.ones(4, dtype=np.float32) / 2
    first = neighbors_of(reads, "u", vec, 3)
    again = neighbors_of(reads, "u", vec.copy(), 3)
    assert first == again == neighbors_of(store, "u", vec, 3)
    assert first is not again
    assert store.calls["neighbors"] == 2  # once through the memo, once on the bare store
    assert neighbors_of(reads, "u", vec, 2) == neighbors_of(store, "u", vec, 2)  # another k: another read
    assert reads.active_in_slot("u", "me.residence") == reads.active_in_slot("u", "me.residence")
    assert store.calls["active_in_slot"] == 1
    assert reads.table_exists("x")  # everything else is the store's own


def test_items_by_ids_answers_a_subset_in_the_store_order() -> None:
    store = _Store()
    reads = DecisionReads(store)
    assert reads.items_by_ids("u", [1, 2, 3, 4, 9]) == store.items_by_ids("u", [1, 2, 3, 4, 9])
    n = store.calls["items_by_ids"]
    for ids in ([4, 2], [3], [1, 9], [2, 4, 1, 3]):
        assert reads.items_by_ids("u", ids) == store.items_by_ids("u", ids)
    assert store.calls["items_by_ids"] == n + 4  # only the bare store's own calls
    assert reads.items_by_ids("u", [5, 1]) == store.items_by_ids("u", [5, 1])  # not a subset: read
    assert reads.items_by_ids("v", [1]) == [] and reads.items_by_ids("u", []) == []
