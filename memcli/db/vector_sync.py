"""The vector files' update after a commit, for every user whose vectors changed in it.

:func:`memcli.db.vector_file.sync` of one user first reads whether the vector table exists, its
dimension and, for a user without files, the user's slot count (three statements). A drained batch
commits once for the ~dozen users it wrote, most of them below
:data:`~memcli.db.vector_file.MIN_FILE_VECTORS` (no files to write): :func:`sync_users` reads the
table and its dimension once and the slot counts of every user without files in one statement,
skips those too small for files — what ``sync`` would decide for each — and syncs the others. Without a folder of
vector files no user has files: one ``stat`` instead of one per user (round 35).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from memcli.db import schema as s
from memcli.db import vector_file
from memcli.errors import MemcliError

if TYPE_CHECKING:
    from memcli.db.sql import SQL as Store

__all__ = ["sync_users"]


def sync_users(store: Store, users: Iterable[str]) -> None:
    """``vector_file.sync(store, user, build=True)`` of each of ``users`` (after a commit, outside any
    transaction), each answer the same; the shared reads made once. Never raises for file problems."""
    from memcli.db.vector_layout import vec_dim

    users = sorted(users)
    if not users or vector_file.folder_of(store) is None:
        return
    todo = users
    if vector_file.enabled():
        try:
            if vec_dim(store.conn) is None:  # no vector table (its declared dimension read with it: one statement)
                return  # sync: no table, nothing to follow
            root = vector_file.folder_of(store)
            # no folder of vector files at all (a store whose users are all small): none has files, no stat each
            bare = users if not root.is_dir() else [  # type: ignore[union-attr]
                u for u in users if not (vector_file.user_folder(store, u) / "head").exists()]  # type: ignore[operator]
            slots = _slots(store, bare)
            todo = [u for u in users if u not in slots or slots[u] >= vector_file.MIN_FILE_VECTORS]
        except (OSError, ValueError, KeyError, MemcliError):
            todo = users  # each sync reads (and handles) it again
    for user in todo:
        vector_file.sync(store, user, build=True)


def _slots(store: Store, users: list[str]) -> dict[str, int]:
    """``coalesce(sum(size), 0)`` of the vec0 chunks of each of ``users``, as ``sync`` reads it (0 when none)."""
    if not users:
        return {}
    got = {r["u"]: int(r["n"] or 0) for r in store.q(
        f"SELECT partition00 AS u, coalesce(sum(size), 0) AS n FROM {s.VEC}_chunks "
        f"WHERE partition00 IN ({','.join('?' * len(users))}) GROUP BY partition00", users)}
    return {u: got.get(u, 0) for u in users}
