"""The dense leg: query embedding → sqlite-vec ``vec0`` KNN inside one user's partition.

Filtering happens *inside* the KNN (``user_id`` is the partition key; ``active``,
``current``, ``valid_from``, ``invalid_at`` are vec0 metadata columns), never in a join
after it: a join after a KNN silently returns fewer than k rows. sqlite-vec 0.1.9 is brute
force within the partition; ``k`` is capped at 4096.

The query encoder that makes the vector is chosen in :mod:`memcli.read.encoder`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from memcli.db import schema as s
from memcli.embed import vec_to_blob
from memcli.timeutil import to_epoch

if TYPE_CHECKING:
    from memcli.memory import Memory

__all__ = ["DenseHit", "dense_leg", "knn_sql"]

K_MAX = 4096  # sqlite-vec's cap on k


@dataclass(frozen=True)
class DenseHit:
    """One KNN neighbour: item id and cosine similarity in [-1, 1] (1 - cosine distance)."""

    id: int
    cosine: float


def knn_sql(*, as_of: bool = False) -> str:
    """SQL for the KNN. Params: (query blob, k, user, [T, T if as_of]). Rows: item_id, distance.

    Active rows: ``active = 1``. As of T (epoch seconds): ``current = 1 AND valid_from <= T
    AND invalid_at > T`` (invalid_at holds FAR_FUTURE_EPOCH for "still holds").
    """
    cond = "current = 1 AND valid_from <= ? AND invalid_at > ?" if as_of else "active = 1"
    return (f"SELECT item_id, distance FROM {s.VEC} WHERE embedding MATCH ? AND k = ? "
            f"AND user_id = ? AND {cond} ORDER BY distance")


def dense_leg(mem: Memory, vector: np.ndarray, *, limit: int, as_of: datetime | None = None) -> list[DenseHit]:
    """KNN over the bound user's active (or believed-at-``as_of``) vectors, nearest first.

    ``vector``: float32 (dim,), L2-normalised. Returns [] when no vector table exists yet.
    """
    store = mem.store
    if not store.table_exists(s.VEC):
        return []
    k = max(1, min(int(limit), K_MAX))
    t = to_epoch(as_of) if as_of is not None else None
    cached = store.vector_cache.knn(mem.user, vector, k, t)  # exact; None: not cached (yet)
    if cached is not None:
        return [DenseHit(i, c) for i, c in cached]
    params: list[Any] = [vec_to_blob(vector), k, mem.user]
    if t is not None:
        params += [t, t]
    rows = store.q(knn_sql(as_of=as_of is not None), params)
    return [DenseHit(int(r["item_id"]), 1.0 - float(r["distance"])) for r in rows]
