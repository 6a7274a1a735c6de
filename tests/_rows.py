"""Rows written straight into a SQLite store, no model: a seeded unit vector (512 floats) and an extracted item
with it; and a drain batched or row by row (the index tests: test_vec_pending.py, test_round33_fts_batch.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from _procs import jsonl

from memcli import Memory
from memcli.admin import Admin
from memcli.db.sqlite import SQLiteStore
from memcli.models import Candidate, Kind


def seeded_vec(seed: int) -> np.ndarray:
    """A unit float32 vector of 512 dimensions drawn from ``seed``."""
    v = np.random.default_rng(seed).standard_normal(512).astype(np.float32)
    return v / np.linalg.norm(v)


def insert_text(st: SQLiteStore, user: str, text: str, seed: int, valid_from: str) -> int:
    """Insert ``text`` as an extracted preference of ``user`` with :func:`seeded_vec` (model "m"); its id."""
    cand = Candidate(statement=text, kind=Kind.PREFERENCE, salience=0.5, valid_from=valid_from)
    return int(st.insert_item(user_id=user, candidate=cand, origin="extracted", confidence=0.8,
                              vector=seeded_vec(seed), model="m")["id"])


@contextmanager
def drained_by(db: Path, recs: list[dict], embedder: Any, n_users: int, batched: bool) -> Iterator[Admin]:
    """``recs`` (``_procs.utterances``, each with ``_user`` of ``user0..``) captured per user, then an Admin on
    ``db`` whose drain claims 16 tasks a batch; ``batched`` False: the vec0 / FTS5 rows written row by row."""
    for u in range(n_users):
        with Memory(db=str(db), user=f"user{u}", embedder=embedder) as m:
            m.capture_jsonl(jsonl([r for r in recs if r["_user"] == f"user{u}"]))
    with Admin(db=str(db), embedder=embedder, drain_batch_size=16) as adm:
        if not batched:
            adm.store.batch_vectors = lambda on=True: True  # type: ignore[method-assign]  # never on: row by row
        yield adm
