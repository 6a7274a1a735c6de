"""The store interface: every read and write of memcli's data, in one dialect-neutral ABC.

:class:`MemoryStore` is what the rest of memcli sees of a database. Its implementations keep
all SQL to themselves: :class:`memcli.db.sqlite.SQLiteStore` (apsw + sqlite-vec + FTS5) and
a PostgreSQL one (psycopg + pgvector) beside it. Placeholders, ``RETURNING``, upserts, the
vector KNN, full-text search and the outbox claim/lease are implementation details; business
logic (what to decide, when to retry, how to rank) stays out of ``db/``.

Contract shared by every implementation:

- **Rows** are plain ``dict`` keyed by column name (:data:`ITEM_COLUMNS` for items, the
  outbox/source/event columns of :mod:`memcli.db.schema`'s tables likewise). Times in rows
  are ISO-8601 UTC text or aware ``datetime`` (read them with :func:`memcli.timeutil.from_iso`,
  which takes both); ``metadata``, ``before`` and ``after`` are JSON text.
- **Times as arguments** are timezone-aware ``datetime``; the store converts them.
- **Scope:** every lookup of an item, event or source that a user can reach takes the user
  id and never returns another user's row (an id of another user is "not found").
- **Vectors** are float32 numpy arrays, (dim,), L2-normalised; similarities are cosine in
  [-1, 1]. A KNN filters *inside* the index (user, active / believed-at-T), never after it.
- **Transactions:** ``with store.tx():`` is one atomic unit (rollback on any exception);
  nested ``tx()`` joins the outer one (a savepoint). Methods that change several rows open
  their own ``tx()``, so they are atomic alone and compose inside a caller's transaction.
- **Errors:** :class:`~memcli.errors.StoreError` and its subclasses (locked, full,
  read-only, corrupt), with a one-line message; ``NotFoundError`` for a missing item.
- **Threads:** one thread at a time (``Memory``/``Admin`` take turns: ``engine.one_call_at_a_time``);
  :meth:`reader` opens another connection to the same database for a worker thread.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from memcli.db.episode_store import EpisodeStore
from memcli.db.outbox_store import OutboxStore
from memcli.db.secret_store import TextStore
from memcli.db.transfer_store import TransferStore

if TYPE_CHECKING:
    import numpy as np

    from memcli.models import Candidate

__all__ = ["CaptureRow", "DetachedKnn", "FORGOTTEN", "ITEM_COLUMNS", "MemoryStore", "Row", "snapshot", "status_of",
           "wal_note"]

Row = dict[str, Any]

#: the columns of an item row, as every implementation returns them
ITEM_COLUMNS = ("id", "user_id", "statement", "normalized", "kind", "slot", "salience", "confidence", "origin",
                "valid_from", "invalid_at", "recorded_at", "expired_at", "last_confirmed_at", "confirmations",
                "supersedes_id", "superseded_by_id", "invalid_reason", "metadata", "embed_model", "event_when")

_SNAPSHOT_FIELDS = ("statement", "kind", "slot", "confidence", "salience", "valid_from", "invalid_at",
                    "expired_at", "last_confirmed_at", "confirmations", "origin")


#: ``invalid_reason`` of an item the user forgot
FORGOTTEN = "forgotten by the user"


def status_of(row: dict[str, Any]) -> str:
    """``forgotten`` (by the user), ``superseded`` (expired in system time), ``invalid``
    (world time) or ``active``."""
    if row["invalid_reason"] == FORGOTTEN:
        return "forgotten"
    if row["expired_at"] is not None:
        return "superseded"
    if row["invalid_at"] is not None:
        return "invalid"
    return "active"


def wal_note(location: str) -> str:
    """The line a committed purge (or redaction) answers with when :meth:`MemoryStore.compact` returned False."""
    return (f"another process was reading the database, so its write-ahead log (-wal) may still hold the old text "
            f"until every process using {location} has closed it, or the next purge empties it")


def snapshot(row: dict[str, Any] | None) -> dict[str, Any] | None:
    """The fields of an item row kept in an event's ``before``/``after`` (None for None)."""
    return None if row is None else {k: row[k] for k in _SNAPSHOT_FIELDS}


def mark_forgotten(store: MemoryStore, user_id: str, row: dict[str, Any], now: datetime, *, level: str,
                   source_id: int | None = None, cosine: float | None = None) -> dict[str, Any]:
    """Retire the item ``row`` as forgotten by the user, never deleting it: ``invalid_reason`` :data:`FORGOTTEN`,
    ``expired_at`` (transaction time) and ``invalid_at`` (valid time) set to ``now`` where unset, and a ``FORGET``
    event at ``level`` ("explicit": `memcli forget`; "told": a turn that asks it). Inside the caller's transaction;
    returns the updated row. Callers: :func:`memcli.governance.lifecycle.forget`, :mod:`memcli.write.told_forget`."""
    fields: dict[str, Any] = {"invalid_reason": FORGOTTEN}
    if row["expired_at"] is None:
        fields["expired_at"] = now
    if row["invalid_at"] is None:
        fields["invalid_at"] = now
    new = store.update_item(row["id"], **fields)
    store.record_event(user_id=user_id, action="FORGET", item_id=row["id"], source_id=source_id, level=level,
                       cosine=cosine, reason=FORGOTTEN, before=snapshot(row), after=snapshot(new))
    return new


@dataclass(frozen=True)
class CaptureRow:
    """What :meth:`MemoryStore.capture` stored (or found, ``duplicate=True``)."""

    source_id: int
    outbox_id: int
    duplicate: bool
    occurred_at: datetime | str
    content: str | None = None  #: a duplicate's stored text (to tell a retry from a reused key)


class DetachedKnn(Protocol):
    """A KNN job that touches no connection (:meth:`MemoryStore.knn_detached`)."""

    #: rows the job scans (what its time is proportional to)
    n: int

    def start(self, vector: np.ndarray) -> None:
        """Run with the query vector (float32 (dim,)), on any thread."""

    def abandon(self) -> None:
        """No vector will come: :meth:`result` gives None."""

    def result(self, timeout_s: float | None = None) -> list[tuple[int, float]] | None:
        """:meth:`MemoryStore.knn`'s rows (the caller's thread may help), or None: run ``knn``."""


class MemoryStore(EpisodeStore, OutboxStore, TextStore, TransferStore):
    """An open memcli database (see the module docstring for the shared contract)."""

    #: ``sqlite`` | ``postgresql``
    dialect: str = ""

    # -- connection, transactions, meta ----------------------------------------------------------
    @property
    @abstractmethod
    def location(self) -> str:
        """Where the data lives, for messages: a file path or a URL without password."""

    @abstractmethod
    def tx(self) -> AbstractContextManager[MemoryStore]:
        """One atomic unit of work: commit at the end, rollback on any exception; nests."""

    @abstractmethod
    def close(self) -> None:
        """Close the connection; the store is unusable afterwards."""

    @abstractmethod
    def reader(self) -> MemoryStore:
        """A new connection to the same database (already migrated), for another thread.
        The caller closes it."""

    def __enter__(self) -> MemoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @abstractmethod
    def meta_get(self, key: str) -> str | None:
        """A value of the database's key/value metadata (``embed_model``, ``embed_dim``)."""

    @abstractmethod
    def meta_set(self, key: str, value: str) -> None:
        """Insert or replace one metadata value."""

    @abstractmethod
    def schema_version(self) -> int:
        """The number of applied migrations."""

    @abstractmethod
    def size_bytes(self) -> int | None:
        """Bytes the database takes on disk (None when the backend cannot say)."""

    @abstractmethod
    def compact(self) -> bool:
        """Rewrite storage so that purged text leaves no trace (freed pages, logs, indexes).
        Run outside any transaction.

        Returns True when done; False when the rewrite is done but another process's open read kept
        old pages in a log this call could not empty (SQLite's ``-wal``: they stay until every process
        using the file has closed it, :func:`memcli.db.purge.compact`).

        Raises:
            StoreError: compaction failed (the purge before it stays committed).
        """

    # -- capture: sources (claims and leases of the outbox: memcli.db.outbox_store) -----------------
    @abstractmethod
    def capture(self, user: str, *, role: str, session: str | None, content: str, occurred_at: datetime,
                key: str, now: datetime) -> CaptureRow:
        """Insert one source row and one ``pending`` outbox task (due ``now``) in one transaction,
        unless ``(user, key)`` was captured before: then nothing is written (``duplicate``)."""

    @abstractmethod
    def add_source(self, user: str, *, role: str, content: str, occurred_at: datetime,
                   recorded_at: datetime) -> int:
        """Insert one source row (no outbox task: ``remember``/``import``/``correct``); its id."""

    @abstractmethod
    def preceding_utterances(self, user: str, source_id: int, *, since: datetime, session_since: datetime | None = None,
                             limit: int, roles: tuple[str, ...] = ("user",)) -> list[Row]:
        """The user's own turns said just before source ``source_id`` in the same session (no
        session: the user's turns without one), at or after ``since`` — or ``session_since``
        when the source has a session (a conversation thread holds its context longer than a
        session-less stream): at most ``limit`` rows ``{id, role, content, occurred_at}``, oldest
        first. Only rows of ``roles`` (``user``: the drain's discourse context,
        :mod:`memcli.write.rules.coref`; ``user`` and ``assistant`` with ``limit`` 1: the turn a short
        reply answers, :mod:`memcli.write.reply_to`); never another user's. Read-only."""

    # -- items, sources, events ---------------------------------------------------------------------
    @abstractmethod
    def get_item(self, user: str, item_id: int) -> Row:
        """The item row of ``user`` with ``item_id``.

        Raises:
            NotFoundError: no such item for this user (another user's id included).
        """

    @abstractmethod
    def list_items(self, user: str, *, include_all: bool = False, limit: int | None = None,
                   as_of: datetime | None = None) -> list[Row]:
        """Items of one user, newest ``valid_from`` first (then id); active only unless
        ``include_all``; with ``as_of=T`` those believed true at world time T (the predicate
        every ``--as-of`` search uses; ``include_all`` is then ignored)."""

    @abstractmethod
    def items_by_ids(self, user: str, ids: Iterable[int]) -> list[Row]:
        """The rows of ``user`` among ``ids`` (any status), ordered by ``recorded_at``, id."""

    @abstractmethod
    def all_items(self) -> list[Row]:
        """Every item of every user, by id (re-embedding)."""

    @abstractmethod
    def count_items(self, user: str | None = None, *, active_only: bool = False) -> int:
        """How many items (of ``user``; active only: ``invalid_at`` and ``expired_at`` unset)."""

    @abstractmethod
    def find_exact(self, user: str, normalized: str) -> Row | None:
        """The oldest active item of ``user`` whose normalised statement is ``normalized``."""

    @abstractmethod
    def active_in_slot(self, user: str, slot: str) -> list[Row]:
        """Active items of ``user`` with this ``slot``, newest ``valid_from`` first."""

    def find_exact_many(self, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], Row]:
        """:meth:`find_exact` of each (user, normalized) key (absent: none); one statement in SQLite."""
        return {k: r for k in dict.fromkeys(keys) if (r := self.find_exact(*k)) is not None}

    def active_in_slots(self, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], list[Row]]:
        """:meth:`active_in_slot` of each (user, slot) key (absent: none); one statement in SQLite."""
        return {k: rows for k in dict.fromkeys(keys) if (rows := self.active_in_slot(*k))}

    @abstractmethod
    def insert_item(self, *, user_id: str, candidate: Candidate, origin: str, confidence: float,
                    vector: np.ndarray | None, model: str | None, source_ids: Iterable[int] = (),
                    invalid_at: datetime | None = None, invalid_reason: str | None = None,
                    supersedes_id: int | None = None, recorded_at: datetime | None = None) -> Row:
        """Insert one item, index it (full text; the vector when given, creating the vector
        index for its dimension on first use and recording ``model``), link its sources.
        Returns the row.

        Raises:
            ModelMismatchError: the vector index exists with another dimension.
        """

    @abstractmethod
    def update_item(self, item_id: int, **fields: Any) -> Row:
        """Set columns of one item (datetimes converted) and keep the indexes' validity in
        step. Returns the new row."""

    @abstractmethod
    def link_source(self, item_id: int, source_id: int) -> None:
        """Link a source to an item (no-op when already linked)."""

    @abstractmethod
    def source_ids_of(self, item_id: int) -> list[int]:
        """Source ids linked to an item, ascending."""

    @abstractmethod
    def record_event(self, *, user_id: str, action: str, item_id: int | None = None,
                     other_item_id: int | None = None, source_id: int | None = None, level: str | None = None,
                     cosine: float | None = None, judge: str | None = None, reason: str | None = None,
                     before: dict[str, Any] | None = None, after: dict[str, Any] | None = None) -> int:
        """Append one audit event (``before``/``after`` stored as JSON); returns its id."""

    @abstractmethod
    def lineage(self, user: str, item_id: int) -> set[int]:
        """Ids of ``item_id`` and every item linked to it transitively: supersedes /
        superseded_by, and CONFLICT / UPDATE / CORRECT events naming both."""

    @abstractmethod
    def events_of(self, user: str, item_ids: Iterable[int]) -> list[Row]:
        """Events of ``user`` whose item or other item is among ``item_ids``, by id."""

    @abstractmethod
    def purge_item(self, user: str, item_id: int, *, cascade: bool = False) -> dict[str, object]:
        """Erase one item and every stored copy of its text: the row, its sources (and their
        outbox tasks), other sources of ``user`` containing the statement verbatim, its index rows, and
        events naming it; links to it become NULL (a middle version's neighbours link to each other).
        Records one ``PURGE`` event. A source that backs another active memory of ``user`` is kept unless ``cascade``.
        Returns ``{"sources", "events"}`` counts and ``{"kept", "shared"}``:
        ``[{"source", "memories"}]`` (:mod:`memcli.db.purge_sources`). Run :meth:`compact` afterwards.

        Raises:
            NotFoundError: no such item for this user.
        """

    @abstractmethod
    def item_status_counts(self, user: str, forgotten_reason: str) -> dict[str, int]:
        """Items of ``user`` by status: ``active``, ``invalid`` (world time), ``superseded``
        (system time), ``forgotten`` (``invalid_reason == forgotten_reason``)."""

    @abstractmethod
    def count_sources(self, user: str | None = None) -> int:
        """Captured/explicit sources (of ``user``)."""

    @abstractmethod
    def count_users(self) -> int:
        """Distinct users with any source."""

    # -- search indexes -------------------------------------------------------------------------
    @abstractmethod
    def has_vectors(self) -> bool:
        """True once any vector was stored (the vector index exists)."""

    @abstractmethod
    def knn(self, user: str, vector: np.ndarray, k: int, *, as_of: datetime | None = None) -> list[tuple[int, float]]:
        """The ``k`` nearest vectors of ``user``: ``(item_id, cosine)``, nearest first.

        Active items only; with ``as_of=T``: items believed true at world time T (not
        superseded, ``valid_from <= T < invalid_at``). ``k`` is capped by the backend (4096).
        """

    def knn_detached(self, user: str, k: int, *, as_of: datetime | None = None) -> DetachedKnn | None:
        """:meth:`knn` as a job that uses no connection, so it can run beside the lexical leg on
        other threads — or None (the default): call :meth:`knn` on the store's own thread."""
        return None

    @abstractmethod
    def neighbors(self, user: str, vector: np.ndarray, k: int) -> list[Row]:
        """:meth:`knn` over active items joined with their rows: ``id``, ``cosine``,
        ``statement``, ``slot``, ``valid_from``, ``origin``, ``confidence``; nearest first."""

    @abstractmethod
    def vector_of(self, item_id: int) -> np.ndarray | None:
        """The stored vector of one item (float32 (dim,)), None if it has none."""

    @abstractmethod
    def fts_search(self, user: str, tokens: Sequence[str], *, limit: int, as_of: datetime | None = None,
                   ended: bool = False) -> list[tuple[int, float]]:
        """Full-text search of ``user``'s active (or believed-at-``as_of``) items for any of
        ``tokens`` (jieba search tokens; user text, never syntax): ``(item_id, score)`` best
        first, where a lower score is better (BM25 as SQLite's ``bm25()``); ties newest first.
        ``ended``: also the items whose world time ended (``invalid_at``, by ``as_of`` if given)
        that were never replaced nor forgotten (``expired_at`` unset), ranked with the rest.
        A backend may rank only the newest matches of a very common token (:meth:`search_caps`)."""

    @abstractmethod
    def like_search(self, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                    as_of: datetime | None = None) -> list[tuple[int, int]]:
        """Substring search over statements: each item scores the summed length of the
        ``variants`` it contains (case-insensitive for ASCII); ``(item_id, score)`` with
        score >= ``min_score``, best first (then newest id). A backend may scan only the
        user's newest rows (reported by :meth:`search_caps`)."""

    @abstractmethod
    def like_scores(self, user: str, variants: Sequence[str], ids: Sequence[int]) -> dict[int, int]:
        """The LIKE score (as :meth:`like_search` computes it) of each of ``ids`` (``user``'s items)."""

    @abstractmethod
    def slot_search(self, user: str, keys: Sequence[str], *, limit: int, as_of: datetime | None = None) -> list[int]:
        """Ids of ``user``'s active (or believed-at-``as_of``) items whose ``slot`` is one of
        ``keys`` or under one (``allergy`` → ``allergy.peanut``): by key order, then newest
        ``valid_from``, then newest id."""

    def search_caps(self) -> dict[str, int]:
        """Bounds the backend applies to search (reported in ``--json`` ``constants``)."""
        return {}

    @abstractmethod
    def replace_vectors(self, model: str, dim: int, vectors: Iterable[tuple[Row, np.ndarray]]) -> None:
        """Drop the vector index and rebuild it for ``dim`` from ``(item row, vector)``
        pairs, recording ``model`` as the database's model (and on every item). One transaction."""

    def user_ids(self) -> list[str]:
        """Every user with at least one memory, in byte order (both dialects: one query)."""
        from memcli.db import schema as s

        return [r["user_id"] for r in self.q(f"SELECT DISTINCT user_id FROM {s.ITEMS} ORDER BY user_id")]  # type: ignore[attr-defined]

    # -- API tokens of the HTTP service (SQL in memcli.db.tokens, shared by both dialects) --------
    def add_token(self, *, token_hash: str, prefix: str, scope: str, user: str | None, name: str | None,
                  created_at: str) -> int:
        """Store a token digest bound to ``user`` (scope ``user``) or the operator; returns its id."""
        from memcli.db import tokens

        with self.tx():
            return tokens.add_token(self, token_hash=token_hash, prefix=prefix, scope=scope, user=user, name=name,
                                    created_at=created_at)

    def token_owner(self, token_hash: str) -> Row | None:
        """The unrevoked token row of a digest (``id``, ``scope``, ``user_id``), or None."""
        from memcli.db import tokens

        return tokens.token_owner(self, token_hash)

    def revoke_token(self, token_id: int, revoked_at: str) -> str | None:
        """``"revoked"``, ``"already"`` or None (no such token)."""
        from memcli.db import tokens

        with self.tx():
            return tokens.revoke_token(self, token_id, revoked_at)

    def list_tokens(self, user: str | None = None) -> list[Row]:
        """Token rows (no digests), oldest first; ``user``: that user's only."""
        from memcli.db import tokens

        return tokens.list_tokens(self, user)
