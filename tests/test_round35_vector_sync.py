"""Round 35 (issue 24): after each commit the writer asks, for every user whose vectors changed, whether that user
has vector files (a ``stat`` of the user's folder) — a drain's ~10 users a batch. With no folder of vector files at
all, no user has files: one ``stat`` answers for all of them, and the files are still built for a user the commit
took to the threshold and followed for a user who has them (:func:`memcli.db.vector_sync.sync_users`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memcli.db import index
from memcli.db import vector_cache as vc
from memcli.db import vector_file as vf
from memcli.db.sqlite import SQLiteStore

DIM = 16


@pytest.fixture(autouse=True)
def _small_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vf, "MIN_FILE_VECTORS", 24)
    monkeypatch.setattr(vc, "MIN_VECTORS", 24)
    monkeypatch.delenv("MEMCLI_VECTOR_FILES", raising=False)


def _add(st: SQLiteStore, user: str, ids: range) -> None:
    """Vectors of ``ids`` for ``user``, committed in one transaction (the vector files follow the commit)."""
    rng = np.random.default_rng(ids.start)
    index.ensure_vec_table(st, DIM, "test")
    with st.tx():
        for i in ids:
            v = rng.standard_normal(DIM).astype(np.float32)
            index.index_vector(st, {"id": i, "user_id": user, "invalid_at": None, "expired_at": None,
                                    "valid_from": "2025-01-01T00:00:00Z"}, v / np.linalg.norm(v), fresh=True)


def _head(st: SQLiteStore, user: str) -> Path:
    return vf.user_folder(st, user) / "head"  # type: ignore[operator]


def test_files_are_built_and_followed_with_one_stat_while_no_user_has_any(tmp_path: Path, monkeypatch):
    st = SQLiteStore(tmp_path / "v.db")
    stats: list[str] = []
    exists = Path.exists
    monkeypatch.setattr(Path, "exists", lambda p: stats.append(p.name) or exists(p))
    _add(st, "ana", range(1, 9))
    _add(st, "bo", range(100, 104))
    folder = vf.folder_of(st)
    assert folder is not None and not folder.exists()
    assert "head" not in stats  # no folder: no user's head asked for
    _add(st, "ana", range(9, 33))  # ana passes the threshold: her files are built
    assert _head(st, "ana").exists() and not _head(st, "bo").exists()
    stats.clear()
    _add(st, "bo", range(104, 108))
    assert stats.count("head") >= 1 and not _head(st, "bo").exists()  # a folder now: bo's head is asked for
    before = _head(st, "ana").read_bytes()
    _add(st, "ana", range(33, 40))  # ana has files: they follow the commit (the head names the new log seq)
    assert _head(st, "ana").read_bytes() != before
    st.close()
