"""Keeps the two search indexes in step with ``memory_items``: FTS5 (jieba tokens) and
the sqlite-vec ``vec0`` table (created on first use with the model's dimension).

vec0 metadata columns cannot hold NULL and KNN cannot take ``IS NULL``, so validity is
mirrored as integers usable *inside* the KNN: ``active`` (1 iff invalid_at IS NULL and
expired_at IS NULL), ``current`` (1 iff not replaced by a newer version: expired_at IS NULL,
or forgotten by the user while it still held — see :func:`is_current`), ``valid_from`` and
``invalid_at`` as epoch seconds (FAR_FUTURE_EPOCH for "still holds"). ``user_id`` is the
partition key, so a KNN never leaves one user's vectors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.db.bounded import user_token
from memcli.db.connect import Store
from memcli.db.fts_layout import NEW as FTS_NEW
from memcli.db.fts_layout import fts_targets
from memcli.db.predicates import as_of_sql  # noqa: F401  (re-exported: the one --as-of predicate)
from memcli.db.vector_cache import log_change
from memcli.db.vector_layout import PARTITION_INDEX_SQL, bump_epoch, create_vec_sql, mirror_targets
from memcli.db.vector_layout import REBUILD as VEC_REBUILD
from memcli.errors import ModelMismatchError
from memcli.primed import primable
from memcli.text import CACHED_CHARS
from memcli.textcache import short_cached
from memcli.timeutil import to_epoch

if TYPE_CHECKING:  # numpy loads only when a vector is written: the capture process never needs it
    import numpy as np

__all__ = ["FTS_INSERT", "VEC_FLAGS", "VEC_FLAGS_UPDATE", "VEC_INSERT", "ensure_vec_table", "fts_tokens", "index_fts",
           "index_vector", "pending_rows", "refresh_flags", "search_terms_of", "unindex", "vec_flags"]


def ensure_vec_table(store: Store, dim: int, model: str) -> None:
    """Create the vec0 table for ``dim`` if missing and record the model in meta.

    Raises:
        ModelMismatchError: the table exists with another dimension.
    """
    existing = store.meta_get("embed_dim")
    exists = store.table_exists(s.VEC)
    if existing is not None and int(existing) != dim and exists:
        raise ModelMismatchError(
            f"vector table has dimension {existing} but model {model!r} gives {dim}; run `memcli reembed`"
        )
    if not exists:
        store.x(create_vec_sql(s.VEC, dim))
        store.x(PARTITION_INDEX_SQL)
        bump_epoch(store.conn)  # a re-created table (reembed): cached copies are stale
    if existing != str(dim):  # called for every insert: write meta only when it changes
        store.meta_set("embed_dim", str(dim))
    if store.meta_get("embed_model") is None:
        store.meta_set("embed_model", model)


def is_current(item: dict[str, Any]) -> bool:
    """Not replaced by a newer version, so ``--as-of`` reads it by its world-time interval.

    ``forget`` ends a memory now in world *and* system time (``invalid_at = expired_at =
    now``): it held until then, so an ``--as-of`` before the forget still finds it. A version
    an UPDATE superseded (``expired_at`` before any ``invalid_at``) is not current, even if it
    was forgotten later. SQL twin: :func:`memcli.db.predicates.as_of_sql`."""
    from memcli.db.store import FORGOTTEN

    if item["expired_at"] is None:
        return True
    return (item.get("invalid_reason") == FORGOTTEN and item["invalid_at"] is not None
            and item["expired_at"] >= item["invalid_at"])


def vec_flags(item: dict[str, Any]) -> dict[str, int]:
    """The integer mirror of an item's validity, as stored in vec0 metadata."""
    return {
        "active": int(item["invalid_at"] is None and item["expired_at"] is None),
        "current": int(is_current(item)),
        "valid_from": to_epoch(item["valid_from"]),
        "invalid_at": to_epoch(item["invalid_at"]),
    }


@short_cached(CACHED_CHARS, cache=primable(maxsize=16384), fresh=lambda tt: (list(tt[0]), list(tt[1])))
def _search_terms(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from memcli.text import fts_terms, search_tokens

    toks = search_tokens(text)
    return tuple(toks), tuple(fts_terms(toks))


def search_terms_of(text: str) -> tuple[list[str], list[str]]:
    """(:func:`memcli.text.search_tokens` of ``text``, their :func:`memcli.text.fts_terms`): what a memory or an
    episode is indexed by in full text, new lists. Cached per text up to :data:`~memcli.text.CACHED_CHARS`
    characters, and primable (:mod:`memcli.primed`): the drain's look-ahead process computes them for the
    batch's statements and would-be episodes (:mod:`memcli.write.precompute`), so the writer runs neither
    jieba nor the stemmer for them."""
    return _search_terms(text)


def fts_tokens(statement: str, slot: str | None = None) -> list[str]:
    """The FTS5 terms of a memory: jieba ``cut_for_search`` of the statement, plus the words
    of its slot key (``coffee.sugar`` → ``coffee``, ``sugar``), English words as their stems
    (:func:`memcli.text.fts_terms`, as the query side asks them). The slot words are English
    whatever the statement's language, so "coffee" finds 我咖啡不加糖 lexically when the
    extractor recognised its slot."""
    toks, terms = search_terms_of(statement)
    if slot:
        import re

        from memcli.text import fts_terms

        # fts_terms is word by word: the terms of the tokens, then those of the slot words not among them
        terms += fts_terms([w for w in re.split(r"[._\s]+", slot.casefold()) if w and w not in toks])
    return terms


def _fts_targets(store: Store, item_id: int) -> list[tuple[str, bool]]:
    """:func:`~memcli.db.fts_layout.fts_targets`; no rebuild table (the usual case, known once per
    write transaction through ``table_exists``): the live table alone."""
    return [(s.FTS, True)] if not store.table_exists(FTS_NEW) else fts_targets(store.conn, item_id)


def _mirror_targets(store: Store, item_id: int) -> list[str]:
    """:func:`~memcli.db.vector_layout.mirror_targets`, the same way."""
    return [s.VEC] if not store.table_exists(VEC_REBUILD) else mirror_targets(store.conn, item_id)


def index_fts(store: Store, item_id: int, user_id: str, statement: str, slot: str | None = None, *,
              fresh: bool = False) -> None:
    """Index (or re-index) an item's tokens. ``fresh``: the id was just allocated (ids are
    never reused, AUTOINCREMENT), so there is no old row to delete first."""
    tokens = " ".join(fts_tokens(statement, slot))
    targets = _fts_targets(store, item_id)  # + the new table, if a rebuild is under way
    pend = pending_rows(store) if fresh and targets == [(s.FTS, True)] else None
    if pend is not None:  # the drain: written with the batch's others before it commits (memcli.db.vec_pending)
        pend.add(s.FTS, int(item_id), (item_id, tokens, user_id, user_token(user_id)))
        return
    for table, keyed in targets:
        if not fresh:
            store.x(f"DELETE FROM {table} WHERE rowid = ?", (item_id,))
        if keyed:
            store.x(FTS_INSERT.replace(s.FTS, table, 1), (item_id, tokens, user_id, user_token(user_id)))
        else:
            store.x(f"INSERT INTO {table}(rowid, tokens, user_id) VALUES (?, ?, ?)", (item_id, tokens, user_id))


#: a memory's FTS5 row, as :func:`index_fts` writes it
FTS_INSERT = f"INSERT INTO {s.FTS}(rowid, tokens, user_id, user_key) VALUES (?, ?, ?, ?)"


def _logged(store: Store, user_id: str, item_id: int, change: tuple[Any, ...]) -> None:
    """The change log's row for a vector write, and the writer's KNN copy told of it
    (:func:`memcli.db.write_knn.note`)."""
    from memcli.db import write_knn  # here: a cold read process never loads it

    write_knn.note(store, user_id, item_id, log_change(store, user_id, item_id, noted=True), change)


#: a vec0 row of a memory (its flags and vector), as :func:`index_vector` writes it
VEC_INSERT = (f"INSERT INTO {s.VEC}(item_id, user_id, active, current, valid_from, invalid_at, embedding) "
              "VALUES (?, ?, ?, ?, ?, ?, ?)")
_FLAGS = ("active", "current", "valid_from", "invalid_at")  # VEC_INSERT's parameters 2..5
#: the flags of a memory's vec0 row, as :func:`refresh_flags` updates them; VEC_FLAGS: their key in the
#: transaction's waiting rows (:mod:`memcli.db.vec_pending`)
VEC_FLAGS_UPDATE = f"UPDATE {s.VEC} SET active = ?, current = ?, valid_from = ?, invalid_at = ? WHERE item_id = ?"
VEC_FLAGS = f"{s.VEC} flags"


def pending_rows(store: Store) -> Any:
    """The transaction's waiting index rows (:mod:`memcli.db.vec_pending`), or None (row by row)."""
    pend = getattr(store, "vec_pending", None)
    return None if pend is None or store.conn.get_autocommit() else pend


def index_vector(store: Store, item: dict[str, Any], vector: np.ndarray, *, fresh: bool = False) -> None:
    """Insert or replace the item's vector (float32, L2-normalised) with its flags.
    ``fresh``: a just-allocated id (never reused), so there is no old vector to delete first; with
    vector batching on (the drain), its row then waits for the batch's one insert of them all."""
    from memcli.embed import vec_to_blob

    f = vec_flags(item)
    targets = _mirror_targets(store, int(item["id"]))  # + the rebuild table, if one is under way
    params = (item["id"], item["user_id"], f["active"], f["current"], f["valid_from"], f["invalid_at"],
              vec_to_blob(vector))
    pend = pending_rows(store) if fresh and targets == [s.VEC] else None
    if pend is not None:
        pend.add(s.VEC, int(item["id"]), params)
    for table in targets if pend is None else ():
        if not fresh:
            store.x(f"DELETE FROM {table} WHERE item_id = ?", (item["id"],))
        store.x(VEC_INSERT.replace(s.VEC, table, 1), params)
    _logged(store, item["user_id"], int(item["id"]), ("put", vector, f["active"]))


def refresh_flags(store: Store, item: dict[str, Any]) -> None:
    """Re-mirror an item row's validity into vec0 after invalid_at/expired_at/valid_from changed
    (a row still waiting for the batch's insert is changed there)."""
    if not store.table_exists(s.VEC):
        return
    f = vec_flags(item)
    pend = pending_rows(store)
    targets = _mirror_targets(store, int(item["id"]))
    params = (f["active"], f["current"], f["valid_from"], f["invalid_at"], item["id"])
    if pend is not None and targets == [s.VEC]:
        if not pend.patch(s.VEC, int(item["id"]), {2 + j: f[k] for j, k in enumerate(_FLAGS)}):
            pend.add(VEC_FLAGS, int(item["id"]), params)  # written: updated with the batch's others
        targets = []
    for table in targets:
        store.x(VEC_FLAGS_UPDATE.replace(s.VEC, table, 1), params)
    _logged(store, item["user_id"], int(item["id"]), ("flags", f["active"]))


def unindex(store: Store, item_id: int) -> None:
    """Remove an item from both indexes (purge)."""
    for table, _ in fts_targets(store.conn, 0):  # 0: every FTS5 table there is
        store.x(f"DELETE FROM {table} WHERE rowid = ?", (item_id,))
    if store.table_exists(s.VEC):
        user = store.scalar(f"SELECT user_id FROM {s.VEC} WHERE item_id = ?", (item_id,))
        for table in mirror_targets(store.conn, item_id):
            store.x(f"DELETE FROM {table} WHERE item_id = ?", (item_id,))
        if user is not None:
            _logged(store, str(user), item_id, ("drop",))
