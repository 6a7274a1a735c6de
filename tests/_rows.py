"""Rows written straight into a SQLite store, no model: a seeded unit vector (512 floats) and an extracted item
with it (the index tests: test_vec_pending.py, test_round33_fts_batch.py)."""

from __future__ import annotations

import numpy as np

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
