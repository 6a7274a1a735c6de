"""The episode methods of :class:`memcli.memory.Memory` (the user's own words no memory holds): forget,
list, export and rebuild them. A mixin of the facade, bound like it to one store and one user
(``self.store``, ``self.user``, ``self._rebuild_episodes`` of :class:`memcli.engine.Engine`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from memcli.refs import episode_ref
from memcli.timeutil import from_iso

__all__ = ["EpisodesAPI"]


class EpisodesAPI:
    """Episodes of the bound user (:mod:`memcli.read.episodes`, :mod:`memcli.write.episodes`)."""

    store: Any
    user: str
    _rebuild_episodes: Callable[..., dict[str, Any]]

    def forget_episode(self, source_id: int | str | Any, *, purge: bool = False,
                       cascade: bool = False) -> dict[str, Any]:
        """Forget an episode (its ``episode_id``, ref "e12" or search hit; a memory's ref or hit is refused):
        never found again, the words kept for history; ``purge=True``: erased with its source
        (:func:`memcli.governance.lifecycle.forget_episode`) — a turn an active memory came from only with
        ``cascade`` (the memory loses it), as :meth:`forget` keeps such a turn. Returns ``{"id", "episode",
        "purged", "already"}`` (+ ``{"sources", "events", "shared", "wal_cleared"}`` when purged, and a ``note``
        when ``wal_cleared`` is False: :func:`memcli.governance.lifecycle.compacted`).

        Raises:
            NotFoundError: no drained turn with that id for this user. BadInputError: not an episode's id;
                ``cascade`` without ``purge``; a purge of a turn an active memory came from without ``cascade``.
        """
        from memcli.errors import BadInputError
        from memcli.governance import lifecycle

        if cascade and not purge:
            raise BadInputError("cascade: only with purge=True (it erases a turn memories came from)")
        return lifecycle.forget_episode(self.store, self.user, episode_ref(source_id), erase=purge, cascade=cascade)

    def episodes(self) -> list[dict[str, Any]]:
        """The bound user's episodes, oldest first: ``{"id", "text", "at", "session"}`` (``at``:
        when it was said, UTC)."""
        return [{"id": int(r["id"]), "text": r["content"], "at": from_iso(r["occurred_at"]),
                 "session": r["session_id"]} for r in self.store.episodes_of(self.user)]

    def export_episodes(self) -> Iterator[dict[str, Any]]:
        """The episodes as capture records (``{"text", "role", "at", "session", "key"}``, the
        JSON Lines ``memcli capture -`` reads): captured into another database and drained, each
        becomes an episode again (or a memory, if that extractor finds one)."""
        for e in self.episodes():
            rec = {"text": e["text"], "role": "user", "at": e["at"].isoformat(), "session": e["session"],
                   "key": f"episode:{e['id']}"}
            yield {k: v for k, v in rec.items() if v is not None}

    def rebuild_episodes(self, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
        """Classify and embed the bound user's drained turns that have no episode record yet
        (drained before episodes existed) or whose vector is of another model
        (:func:`memcli.write.episodes.rebuild`). Returns ``{"turns", "episodes", "model"}``."""
        return self._rebuild_episodes(self.user, progress)
