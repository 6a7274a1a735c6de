"""The store as one decision reads it: each read made once.

:func:`memcli.write.decide.decide` writes nothing, and its steps — the decision itself, the
cross-language check (:mod:`memcli.write.cross_lang`), the dated and ending steps
(:mod:`memcli.write.dated_change`), the linked change — each read the candidate's neighbours and
some of the same rows again: a drained 2,000-utterance batch made ~1,100 neighbour reads beyond the
decision's own (round 13's profile). :class:`DecisionReads` wraps the store for one ``decide`` call
and answers a read it has already made from what it got; nothing is written between two reads, so
each answer is the one the store would give. Every other attribute is the store's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

__all__ = ["DecisionReads", "vector_key"]

Row = dict[str, Any]


class DecisionReads:
    """``store`` with the reads of one decision memoised (build one per ``decide`` call, drop it after).

    Memoised: :meth:`active_in_slot` by (user, slot); :meth:`items_by_ids` by (user, ids), a subset of
    ids already read answered from those rows in their order (``recorded_at, id``); and the
    neighbour lists of :func:`memcli.write.decide_range.neighbors_of` by (user, vector bytes, k)
    (:meth:`cached`). Lists are new on every call (the rows inside are shared: readers do not change
    them). Not for use across a write: the store may have changed.
    """

    def __init__(self, store: Any) -> None:
        self._store = store
        self._memo: dict[tuple, list] = {}
        self._by_ids: dict[tuple[str, frozenset[int]], list[Row]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def cached(self, key: tuple, read: Callable[[], Iterable[Any]]) -> list[Any]:
        """``read()`` as a list, made once per ``key`` (a new list each call)."""
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = list(read())
        return list(got)

    def seed(self, key: tuple, value: Iterable[Any]) -> None:
        """Record ``value`` as the answer to ``key`` (a read made before this decision, with nothing
        written since: the batch's prefetch)."""
        self._memo[key] = list(value)

    def active_in_slot(self, user: str, slot: str) -> list[Row]:
        """The store's ``active_in_slot(user, slot)``, read once."""
        return self.cached(("slot", user, slot), lambda: self._store.active_in_slot(user, slot))

    def items_by_ids(self, user: str, ids: Iterable[int]) -> list[Row]:
        """The store's ``items_by_ids(user, ids)``: rows of ``user`` among ``ids``, ordered by
        (``recorded_at``, id); answered from an earlier read of a superset when there is one."""
        want = frozenset(int(i) for i in ids)
        if not want:
            return []
        for (u, have), rows in self._by_ids.items():
            if u == user and want <= have:
                return [r for r in rows if r["id"] in want]
        rows = list(self._store.items_by_ids(user, sorted(want)))
        self._by_ids[(user, want)] = rows
        return list(rows)


def vector_key(vector: np.ndarray) -> bytes:
    """The bytes of ``vector`` as float32, a memo key (two equal vectors, one key)."""
    return np.asarray(vector, dtype=np.float32).tobytes()
