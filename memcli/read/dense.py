"""The dense leg: query embedding → KNN inside one user's vectors (the store's vector index).

Filtering happens *inside* the KNN (user, active / believed-at-``as_of``), never in a join
after it: a join after a KNN silently returns fewer than k rows
(:meth:`memcli.db.store.MemoryStore.knn`; SQLite: sqlite-vec ``vec0`` partitions, brute
force, ``k`` capped at 4096).

The query encoder that makes the vector is chosen in :mod:`memcli.read.encoder`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from memcli.db.store import MemoryStore

if TYPE_CHECKING:
    import numpy as np

__all__ = ["DenseHit", "dense_leg"]


@dataclass(frozen=True)
class DenseHit:
    """One KNN neighbour: item id and cosine similarity in [-1, 1] (1 - cosine distance)."""

    id: int
    cosine: float


def dense_leg(store: MemoryStore, user: str, vector: np.ndarray, *, limit: int,
              as_of: datetime | None = None) -> list[DenseHit]:
    """KNN over ``user``'s active (or believed-at-``as_of``) vectors, nearest first.

    ``vector``: float32 (dim,), L2-normalised. Returns [] when no vector is stored yet.
    """
    return [DenseHit(i, cos) for i, cos in store.knn(user, vector, limit, as_of=as_of)]
