"""PostgreSQL twin of :func:`memcli.db.purge.purge_item`: erase one item and every stored copy of
its text, keeping a source that also backs another active memory of the user unless ``cascade``
(:mod:`memcli.db.purge_sources`). The caller runs ``compact`` (``VACUUM``) afterwards."""

from __future__ import annotations

from memcli.db import schema as s
from memcli.db.postgres import search as pgs
from memcli.db.postgres.connect import PgStore
from memcli.db.purge_sources import backing, purge_reason, purge_result

__all__ = ["purge_item"]


def purge_item(store: PgStore, user: str, item_id: int, *, cascade: bool = False) -> dict[str, object]:
    """As :meth:`memcli.db.store.MemoryStore.purge_item`, in one transaction of ``user`` (``store``:
    the :class:`~memcli.db.postgres.store.PostgresStore`, whose item methods it calls).

    Raises:
        NotFoundError: no such item for this user.
    """
    with store.tx(user=user):
        row = store.get_item(user, item_id)
        sources = sorted(set(store.source_ids_of(item_id)) | {r["id"] for r in store.q(
            f"SELECT id FROM {s.SOURCES} WHERE user_id = %s AND strpos(content, %s) > 0",
            (user, row["statement"]))})
        shared = backing(store, user, item_id, sources)
        if not cascade:
            sources = [sid for sid in sources if sid not in shared]
        n_events = store.scalar(f"""WITH d AS (DELETE FROM {s.EVENTS} WHERE user_id = %s
                                    AND (item_id = %s OR other_item_id = %s) RETURNING 1)
                                    SELECT count(*) FROM d""", (user, item_id, item_id))
        pgs.unindex(store, user, item_id)
        older, newer = row["supersedes_id"], row["superseded_by_id"]
        if older is not None and newer is not None:  # a middle version: the chain closes over it
            store.x(f"UPDATE {s.ITEMS} SET superseded_by_id = %s WHERE user_id = %s AND id = %s "
                    "AND superseded_by_id = %s", (newer, user, older, item_id))
            store.x(f"UPDATE {s.ITEMS} SET supersedes_id = %s WHERE user_id = %s AND id = %s "
                    "AND supersedes_id = %s", (older, user, newer, item_id))
        # the foreign keys set the other supersedes_id / superseded_by_id of linked items to NULL
        store.x(f"DELETE FROM {s.ITEMS} WHERE user_id = %s AND id = %s", (user, item_id))
        store.x(f"DELETE FROM {s.SOURCES} WHERE user_id = %s AND id = ANY(%s)", (user, sources))
        store.record_event(user_id=user, action="PURGE", item_id=item_id, level="explicit",
                           reason=purge_reason(len(sources), int(n_events or 0), shared, cascade))
    return purge_result(len(sources), int(n_events or 0), shared, cascade)
