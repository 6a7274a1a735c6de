"""``memcli copy-store``: every user of one store copied into another — SQLite or PostgreSQL, either way — as
``export --all`` then ``import`` would copy each of them, in one step and with the API tokens (round 42).

Per user, all or nothing (one transaction of the target): the memories with their whole bitemporal history
(``valid_from`` / ``invalid_at``, ``recorded_at`` / ``expired_at``, confidence, confirmations, links, reasons),
their sources and audit events, the turns no memory holds (episodes quoted again), and the turns not drained yet
as pending tasks of the target's drain (:mod:`memcli.exports`, :mod:`memcli.write.importing`). Vectors are embedded
again in the target with the source's model; a target holding vectors of another model is refused before anything
is written.

Run again, nothing is doubled: a user whose every line the target holds already is reported ``already`` (the
check ``import`` makes: the same statement, ``at`` and ``recorded_at``; a turn's role, text and times; a pending
turn's key). A user the target holds other data of (not a copy of this source's) refuses the whole run before
anything is written: two histories of one user are never mixed. The source is only read.

API tokens are carried hashed: the SHA-256 digest, prefix, scope, user, name and created / revoked times, so the
clients keep their tokens when the service moves to the target (a digest already in the target is skipped). No
clear token is known to the store, so none could be made again without handing every client a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memcli.db.store import MemoryStore
from memcli.errors import BadInputError, ModelMismatchError
from memcli.settings import Settings

__all__ = ["UserPlan", "check_models", "copy_users", "plan_users", "same_store"]

Progress = Callable[[int], None]


@dataclass
class UserPlan:
    """One user of a copy: ``status`` ``copy`` (the target holds nothing of the user) or ``already`` (it holds
    every line: copied before); ``memories``, ``turns`` and ``pending`` count the source's memory lines, turn lines
    and turns not drained yet (filled when the user is read: one user's lines at a time, never a whole store's,
    are held in memory)."""

    user: str
    status: str = "copy"
    memories: int = 0
    turns: int = 0
    pending: int = 0

    def read(self, source: MemoryStore, settings: Settings) -> list[Any]:
        """The user's lines from ``source`` (:func:`_records`), counted."""
        from memcli.records import StoredRecord, TurnRecord

        recs = _records(source, settings, self.user)
        turns = [r for r in recs if isinstance(r, TurnRecord)]
        self.memories = sum(isinstance(r, StoredRecord) for r in recs)
        self.turns, self.pending = len(turns), sum(bool(r.pending) for r in turns)
        return recs


def _records(source: MemoryStore, settings: Settings, user: str) -> list[Any]:
    """``user``'s ``export --all`` lines, validated as ``import`` validates a file (times ahead of now allowed:
    the store holds them already)."""
    from memcli.exports import export_records
    from memcli.records import complete_records, parse_jsonl, record_model

    where = f"user {user!r} of the source"
    return complete_records(parse_jsonl(export_records(source, user, include_all=True), record_model,
                                        max_chars=settings.max_text_chars, where=where,
                                        context={"refuse_future": False}), where)


def _missing(target: MemoryStore, user: str, records: Sequence[Any]) -> int:
    """How many of ``records`` (memory and turn lines) the target does not hold for ``user`` (a pending turn: its
    capture key, whether the target drained it since or not)."""
    from memcli.db.users import held_keys
    from memcli.records import StoredRecord, TurnRecord
    from memcli.write import restore_turns
    from memcli.write.restore import pending

    todo, _ = pending(target, user, [r for r in records if isinstance(r, StoredRecord)])
    loose, _ = restore_turns.plan(target, user, [r for r in records if isinstance(r, TurnRecord)])
    keys = held_keys(target, user, [str(r.key) for r in loose if r.pending])
    return len(todo) + sum(not (r.pending and str(r.key) in keys) for r in loose)


def same_store(a: str | Path, b: str | Path) -> bool:
    """Whether two store locations (SQLite paths or PostgreSQL URLs) name the same store: the same file (after
    ``~`` and symbolic links) or the same URL."""
    from memcli.db.postgres.url import is_pg_url

    a, b = str(a), str(b)
    if is_pg_url(a) or is_pg_url(b):
        return a.strip() == b.strip()
    return Path(a).expanduser().resolve() == Path(b).expanduser().resolve()


def check_models(source: MemoryStore, target: MemoryStore, model: str, where: str) -> None:
    """Refuse a target whose vectors are of another model than ``model`` (the source's).

    Raises:
        ModelMismatchError: naming both models and their dimensions, and the way out (reembed one of them).
    """
    from memcli.settings import canonical_model, canonical_stored

    stored, dim = target.meta_get("embed_model"), target.meta_get("embed_dim")
    if stored is None or canonical_stored(stored, int(dim) if dim else None) == canonical_model(model):
        return
    src_dim = source.meta_get("embed_dim")
    raise ModelMismatchError(
        f"the target {where} holds vectors of {stored!r}{f' (dim {dim})' if dim else ''}, the source's are "
        f"{model!r}{f' (dim {src_dim})' if src_dim else ''}: copy into an empty store, or first run "
        f"`memcli --db TARGET reembed --model {model}`; nothing was copied")


def plan_users(source: MemoryStore, target: MemoryStore, settings: Settings, users: Sequence[str],
               where: str) -> list[UserPlan]:
    """A plan for each of ``users``: a user the target holds anything of is read from ``source`` and checked
    against it (``already`` when it holds every line); the others are read when copied (read-only, both).

    Raises:
        BadInputError: the target holds data of a user that is not this source's copy (named, with what it holds);
            nothing was copied.
    """
    from memcli.db.users import user_has_rows

    plans = []
    for user in users:
        plan = UserPlan(user)
        if user_has_rows(target, user):
            recs = plan.read(source, settings)
            if missing := _missing(target, user, recs):
                raise BadInputError(
                    f"the target {where} already holds memories or turns of user {user!r} that are not this "
                    f"source's ({missing} of the source's {len(recs)} line(s) are not there): copying would mix two "
                    "histories of one user; copy into an empty store (or without that user: --only); "
                    "nothing was copied")
            plan.status = "already"
        plans.append(plan)
    return plans


def copy_users(source: MemoryStore, target: MemoryStore, settings: Settings, embedder: Callable[[], Any],
               plans: Sequence[UserPlan], tokens: list[dict[str, Any]], progress: Progress | None = None,
               done: Callable[[UserPlan], None] | None = None) -> dict[str, int]:
    """Read each plan of status ``copy`` from ``source`` and write it into ``target``, one user at a time, one
    transaction per user with that user's tokens (``tokens``: rows of :func:`memcli.db.tokens.token_rows`), then
    the tokens of no user copied here (the operator's; those of a user copied before). ``progress`` advances by
    the memories embedded (a user copied before: by its memories); ``done`` is told each user finished.

    Returns ``{"tokens", "tokens_present"}``: token rows written, and found there already."""
    from memcli.db.tokens import restore_token
    from memcli.write.importing import import_records

    out = {"tokens": 0, "tokens_present": 0}

    def put(rows: list[dict[str, Any]]) -> None:
        for row in rows:
            out["tokens" if restore_token(target, row) else "tokens_present"] += 1

    copied = set()
    for plan in plans:
        if plan.status == "copy":
            recs = plan.read(source, settings)
            with target.tx():  # the user's memories, turns and tokens: all or nothing
                import_records(target, settings, plan.user, embedder, recs, progress)
                before = out["tokens"]
                put([t for t in tokens if t["user_id"] == plan.user])
            if not recs and out["tokens"] == before:
                plan.status = "already"  # a user with tokens alone, whose tokens are there already
            copied.add(plan.user)
        elif progress is not None:
            progress(plan.memories)
        if done is not None:
            done(plan)
    with target.tx():
        put([t for t in tokens if t["user_id"] not in copied])
    return out
