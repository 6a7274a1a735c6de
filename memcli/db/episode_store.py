"""The episode half of the store interface (:class:`~memcli.db.store.MemoryStore` inherits it).

An *episode* is a drained user turn that is not chatter and that no memory holds; the store
keeps it findable (full text over jieba tokens, a vector, ``--as-of`` by when it was said) and
retires it the moment a memory is linked to the turn. SQLite: :mod:`memcli.db.episodes`;
PostgreSQL: :mod:`memcli.db.postgres.episodes`. Rows are dicts; vectors float32 (dim,),
L2-normalised; scopes and errors as in :mod:`memcli.db.store`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

__all__ = ["EpisodeStore"]

Row = dict[str, Any]


class EpisodeStore(ABC):
    """The episode methods every store implements."""

    @abstractmethod
    def record_episode(self, user: str, source_id: int, *, occurred_at: datetime | str, content: str, chatter: bool,
                       vector: np.ndarray | None, model: str | None, now: datetime, uncovered: bool = False) -> bool:
        """Classify one drained user turn, inside the task's transaction after its decisions: an
        episode when not ``chatter`` and no memory is linked to it, or its memories leave much of it
        ``uncovered`` (the caller's judgement; a turn once kept stays kept on a re-record, as after
        ``reembed``); an episode is indexed (jieba
        tokens of ``content``; ``vector``, float32 (dim,), when given). Replaces an earlier row of
        the source. Returns whether it is an episode.

        Raises:
            ModelMismatchError: the episode vectors exist with another dimension.
        """

    @abstractmethod
    def episode_fts(self, user: str, tokens: Sequence[str], *, limit: int,
                    as_of: datetime | None = None) -> list[tuple[int, float]]:
        """Full-text search of ``user``'s episodes (said at or before ``as_of``, if given):
        ``(source_id, score)``, lower is better, as :meth:`fts_search`."""

    @abstractmethod
    def episode_like(self, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                     as_of: datetime | None = None) -> list[tuple[int, int]]:
        """Substring search over ``user``'s episodes, scored as :meth:`like_search` (a backend may
        scan only the newest episodes): ``(source_id, score)`` best first."""

    @abstractmethod
    def episode_knn(self, user: str, vector: np.ndarray, k: int, *,
                    as_of: datetime | None = None) -> list[tuple[int, float]]:
        """The ``k`` nearest episodes of ``user`` (said at or before ``as_of``), filtered inside
        the index: ``(source_id, cosine)`` nearest first; [] without episode vectors of the
        query's dimension."""

    @abstractmethod
    def has_episode_vectors(self) -> bool:
        """True once an episode vector was stored."""

    @abstractmethod
    def episode_rows(self, user: str, ids: Iterable[int]) -> list[Row]:
        """``{id, content, occurred_at, session_id}`` of ``user``'s episodes among ``ids``."""

    @abstractmethod
    def turn_statements(self, user: str, ids: Iterable[int]) -> list[Row]:
        """``{source_id, item_id, statement, slot, invalid_at}`` of each memory of ``user`` drawn from a turn among
        ``ids`` that is not expired (active, or ended by a later change: ``invalid_at`` set): what the memories of
        a turn hold, to tell whether the turn's words add to them, and whether they still hold."""

    @abstractmethod
    def next_turn(self, user: str, source_id: int) -> int | None:
        """The id of ``user``'s next turn of the same role in the same session as turn ``source_id`` (by when it
        was said, then id), or None: no such turn, the turn has no session, or it is not the user's."""

    @abstractmethod
    def source_ids_by_item(self, user: str, item_ids: Iterable[int]) -> dict[int, list[int]]:
        """Item id → the source ids (turns) linked to it, ascending, for each memory of ``user`` among
        ``item_ids`` that has any: what :meth:`source_ids_of` says of each, in one statement. Every link
        counts, the memory active or not (``--as-of`` finds memories no longer active)."""

    @abstractmethod
    def episodes_of(self, user: str) -> list[Row]:
        """Every episode of ``user``, oldest first, as :meth:`episode_rows`."""

    @abstractmethod
    def episode_backlog(self, model: str, *, user: str | None = None, limit: int = 500) -> list[Row]:
        """Drained user turns never classified (drained before episodes existed) and episodes
        without a vector of ``model``, oldest first: ``{id, user_id, content, occurred_at}``."""

    @abstractmethod
    def forget_episode(self, user: str, source_id: int) -> bool:
        """The turn stops being an episode (its text stays as a source); False: it was not one.

        Raises:
            NotFoundError: no drained turn ``source_id`` of ``user``.
        """

    @abstractmethod
    def purge_episode(self, user: str, source_id: int, *, cascade: bool = False) -> dict[str, object]:
        """Erase a turn kept as an episode: index rows, source, outbox task; one ``PURGE`` event
        without the text. A turn an active memory came from only with ``cascade`` (those memories lose it).
        Returns ``{"sources", "events", "shared"}`` (``shared``: ``[{"source", "memories"}]``, the memories
        that lost it). Run :meth:`compact` afterwards.

        Raises:
            NotFoundError: no drained turn ``source_id`` of ``user``.
            BadInputError: the turn backs an active memory and ``cascade`` is False; nothing erased.
        """

    @abstractmethod
    def drop_episode_vectors(self) -> None:
        """Drop every episode vector (re-embedding with another model): all become backlog."""
