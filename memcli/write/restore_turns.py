"""``import`` of the turn lines of format 2 (:class:`~memcli.records.TurnRecord`, written by ``export
--all``): the turns no memory holds, restored as the drain recorded them.

- A drained turn: its source row as it was (said and recorded at the same times); a user turn is then
  recorded as the drain records it (:meth:`~memcli.db.store.MemoryStore.record_episode`): chatter by the
  drain's test, an episode otherwise (its vector embedded with the importing store's model) — unless the
  file says it is none (``"episode": false``: an episode the user forgot stays forgotten). An assistant's
  turn is a source only, as the drain leaves it.
- A turn not drained yet (``pending``): captured again with its key and times
  (:meth:`~memcli.db.store.MemoryStore.capture`), a pending task for the importing store's drain.

Idempotent: a drained turn the user's store already holds with no memory — the same role, text, ``at``
and ``recorded_at`` — is skipped; a pending one by its key, as capture skips a key it has seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from memcli.db.store import MemoryStore
from memcli.records import TurnRecord
from memcli.settings import Settings
from memcli.text import check_text
from memcli.timeutil import from_iso, now_utc
from memcli.write.chatter import is_chatter
from memcli.write.episodes import embed_text

if TYPE_CHECKING:
    import numpy as np

__all__ = ["plan", "restore", "texts"]


def plan(store: MemoryStore, user: str, records: Sequence[TurnRecord]) -> tuple[list[TurnRecord], int]:
    """``(to_write, skipped)``: the turn lines ``user``'s store does not hold yet (a pending one is
    always written: capture skips its key itself), and how many it holds."""
    held = (
        {
            (r["role"], r["content"], from_iso(r["occurred_at"]), from_iso(r["recorded_at"]))
            for r in store.loose_sources(user)
        }
        if records
        else set()
    )
    todo = [r for r in records if r.pending or (r.role, r.text, r.at, r.recorded_at) not in held]
    return todo, len(records) - len(todo)


def _chatter(rec: TurnRecord) -> bool:
    return bool(is_chatter(rec.text)) and not rec.episode  # the file's word first


def _quoted(rec: TurnRecord) -> bool:
    """Whether the drained user turn ``rec`` is restored as an episode (so it needs a vector)."""
    return rec.role == "user" and not rec.pending and rec.episode is not False and not _chatter(rec)


def texts(records: Sequence[TurnRecord]) -> list[str]:
    """The texts to embed for ``records``: one per turn restored as an episode, in order."""
    return [embed_text(r.text) for r in records if _quoted(r)]


def restore(
    store: MemoryStore,
    settings: Settings,
    user: str,
    records: Sequence[TurnRecord],
    vectors: np.ndarray | Sequence[np.ndarray],
) -> tuple[int, int]:
    """Write ``records`` (from :func:`plan`; ``vectors`` one per :func:`texts` text, float32
    L2-normalised) for ``user`` inside the caller's transaction. Returns ``(written, skipped)``:
    skipped are pending turns whose key the store had already captured.

    Raises:
        BadInputError: a blank turn, or one longer than ``max_turn_chars`` (the caller's
            transaction rolls everything back).
    """
    written = skipped = at = 0
    now = now_utc()
    for rec in records:
        check_text(rec.text, settings.max_turn_chars, setting="max_turn_chars")
        if rec.pending:  # a pending task as captured then, recorded at the same time
            got = store.capture(
                user,
                role=rec.role,
                session=rec.session,
                content=rec.text,
                occurred_at=rec.at,
                key=str(rec.key),
                now=rec.recorded_at,
            )
            written, skipped = written + (not got.duplicate), skipped + got.duplicate
            continue
        sid = store.restore_source(
            user, role=rec.role, session=rec.session, content=rec.text, occurred_at=rec.at, recorded_at=rec.recorded_at
        )
        written += 1
        if rec.role != "user":
            continue
        vec = None
        if _quoted(rec):
            vec, at = vectors[at], at + 1
        kept = store.record_episode(
            user,
            sid,
            occurred_at=rec.at,
            content=rec.text,
            chatter=_chatter(rec),
            vector=vec,
            model=settings.model,
            now=now,
        )
        if kept and rec.episode is False:  # not chatter, yet no episode: the user forgot it
            store.forget_episode(user, sid)
    return written, skipped
