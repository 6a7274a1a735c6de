"""Rebuild of the episodes: classify and embed drained user turns the drain never recorded.

The drain records every user turn it writes (:meth:`memcli.db.store.MemoryStore.record_episode`).
Turns drained before the episodes existed (a database migrated by ``m0005_episodes`` /
PostgreSQL ``m0002_episodes``), and episodes whose vector is missing or of another model (after
``memcli reembed``), are the *backlog* (:meth:`~memcli.db.store.MemoryStore.episode_backlog`):
:func:`rebuild` classifies them with the same chatter test, embeds the would-be episodes in
batches and records them, one transaction per batch — a killed rebuild loses at most one batch
and the next run goes on. ``memcli rebuild-episodes`` runs it; ``reembed`` runs it after
re-embedding the memories.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from memcli.db.store import MemoryStore
from memcli.settings import Settings
from memcli.smalltalk import unaddressed
from memcli.timeutil import from_iso, now_utc
from memcli.write.chatter import ChatterTest, is_chatter

if TYPE_CHECKING:
    from memcli.embed import Embedder

__all__ = ["BATCH", "embed_text", "rebuild"]

BATCH = 256
#: an episode's vector reads the turn's first characters (its tokens: all of it): drain, rebuild and import
EMBED_CHARS = 500


def embed_text(content: str) -> str:
    """What an episode's vector reads: the turn without the name it addresses (Thanks, Mel!:
    :func:`memcli.smalltalk.unaddressed`), its first :data:`EMBED_CHARS` characters."""
    return unaddressed(content)[:EMBED_CHARS]


def rebuild(store: MemoryStore, settings: Settings, embedder: Embedder | Callable[[], Embedder], *,
            user: str | None = None, chatter: ChatterTest | None = None, batch: int = BATCH,
            progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Record every backlog turn of ``user`` (None: every user). Returns ``{"turns", "episodes",
    "model"}``: turns classified by this call and how many of them are episodes. ``embedder``:
    the model (or a loader, called only when some turn needs a vector)."""
    test = chatter or is_chatter
    model = settings.model
    turns = kept = 0
    seen: set[int] = set()
    while True:
        rows = [r for r in store.episode_backlog(model, user=user, limit=batch) if int(r["id"]) not in seen]
        if not rows:
            break
        flags = [bool(test(r["content"])) for r in rows]
        texts = [embed_text(r["content"]) for r, c in zip(rows, flags, strict=True) if not c]
        vectors = None
        if texts:
            if not hasattr(embedder, "embed"):
                embedder = embedder()  # type: ignore[operator]
            vectors = embedder.embed(texts, batch_size=settings.embed_batch_size)  # type: ignore[union-attr]
        pos, now = 0, now_utc()
        with store.tx():
            for r, c in zip(rows, flags, strict=True):
                vec = None
                if not c and vectors is not None:
                    vec, pos = vectors[pos], pos + 1
                kept += int(store.record_episode(r["user_id"], int(r["id"]), occurred_at=from_iso(r["occurred_at"]),
                                                 content=r["content"], chatter=c, vector=vec, model=model, now=now))
        seen |= {int(r["id"]) for r in rows}
        turns += len(rows)
        if progress:
            progress(len(rows))
    return {"turns": turns, "episodes": kept, "model": model}
