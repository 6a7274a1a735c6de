"""Secrets stored before ``capture`` redacted them: found, shown, and redacted in place.

``capture`` replaces a secret's value by a placeholder before anything is stored
(:mod:`memcli.sensitive`), but a store written by an earlier memcli (or imported from one) may
still hold passwords, PINs, one-time codes, card and ID numbers in its captured turns, memories,
audit events and the indexes derived from them. :func:`redact_secrets` scans every text column
(:data:`memcli.db.secret_store.TEXT_COLUMNS`) of one user — or of every user, for the operator —
with the same :func:`memcli.sensitive.redaction` capture uses:

- **dry run** (default): what it would redact, by kind and by column; nothing is written;
- **apply**: the cells are rewritten in one transaction (all or nothing); a memory's exact-match
  key and full-text row follow its new statement and its vector is re-embedded from it (as
  ``correct`` embeds a corrected text: no vector keeps the meaning of the old words) and gets a
  ``REDACT`` audit event (kinds and counts, no snapshot); a captured
  turn that was an episode stops being one (a placeholder is no episode, as at capture); then the
  store is compacted like ``forget --purge`` (checkpoint, FTS optimize, VACUUM) and the bytes are
  checked: no redacted value may be left in the database file (PostgreSQL: in any row).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.db.secret_store import TEXT_COLUMNS
from memcli.db.store import wal_note
from memcli.errors import StoreError
from memcli.sensitive import redacted_line, redaction

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.store import MemoryStore

__all__ = ["redact_secrets"]

#: values shorter than this (in UTF-8 bytes) are not looked for in the file: a 4-digit PIN occurs
#: by chance in any database (ids, times, vectors), so finding it would prove nothing
MIN_CHECKED_BYTES = 6

Embed = Callable[[list[str]], Sequence["np.ndarray"]]


def _redact_text(text: str) -> tuple[str, Counter[str], list[str]]:
    """``text`` redacted, the secrets by kind, the values found."""
    red = redaction(text)
    return red.text, Counter(red.counts), list(red.values)


def _redact_json(text: str) -> tuple[str, Counter[str], list[str]]:
    """A JSON cell with every string in it redacted (keys kept); unparsable JSON is redacted as text."""
    counts: Counter[str] = Counter()
    values: list[str] = []

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            red = redaction(v)
            counts.update(red.counts)
            values.extend(red.values)
            return red.text
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v

    try:
        data = json.loads(text)
    except ValueError:
        return _redact_text(text)
    new = walk(data)
    return (json.dumps(new, ensure_ascii=False) if counts else text), counts, values


def scan(store: MemoryStore, user: str | None) -> tuple[list[dict[str, Any]], Counter[str], list[str]]:
    """The cells of ``user`` (None: every user) holding a secret, with their redacted ``text``;
    the secrets by kind; the values found (for the byte check only, never shown). Read-only."""
    is_json = {(t, c) for t, c, j in TEXT_COLUMNS if j}
    changes, kinds, values = [], Counter[str](), []
    for row in store.stored_texts(user):
        redact = _redact_json if (row["table"], row["column"]) in is_json else _redact_text
        new, counts, found = redact(row["text"])
        if counts:
            changes.append({**row, "text": new, "kinds": dict(counts)})
            kinds.update(counts)
            values += found
    return changes, kinds, values


def redact_secrets(store: MemoryStore, user: str | None, *, apply: bool = False,
                   embed: Embed | None = None) -> dict[str, Any]:
    """Find (and with ``apply``, redact) the secrets stored in ``user``'s text (None: every user's).

    ``embed(texts)`` gives the vectors (float32 (dim,), L2-normalised) of memories whose statement
    changed and that had a vector; it is called only then (no model is loaded otherwise).

    Returns ``{"applied", "user", "rows", "users", "redacted", "columns", "memories", "episodes",
    "verified"}``: ``redacted`` counts the secrets by kind (each stored copy: a secret said once may
    sit in the turn, the memory and an event), ``columns`` the rows by ``table.column``,
    ``memories`` the memories whose statement changes (re-indexed and re-embedded), ``episodes`` the
    turns that stopped being episodes (apply only); ``verified`` (apply only): the compacted store
    was checked and holds none of the redacted values — False, with a ``note`` (:func:`memcli.db.store.wal_note`),
    when another process's open read kept old pages in the ``-wal`` that still hold one. Never the secret itself.

    Raises:
        StoreError: nothing was written (rolled back whole); or, after the commit, compaction
            failed or a redacted value is still in the stored bytes (the message says which).
        EmbeddingError: the model could not re-embed a changed memory; nothing was written.
    """
    changes, kinds, values = scan(store, user)
    items = [c for c in changes if (c["table"], c["column"]) == (s.ITEMS, "statement")]
    out: dict[str, Any] = {
        "applied": False, "user": user, "rows": len(changes), "users": len({c["user_id"] for c in changes}),
        "redacted": dict(sorted(kinds.items())),
        "columns": dict(sorted(Counter(f"{c['table']}.{c['column']}" for c in changes).items())),
        "memories": len(items), "episodes": 0, "verified": None}
    if not apply or not changes:
        return out
    with_vec = [c for c in items if store.vector_of(int(c["id"])) is not None]
    vectors: dict[int, np.ndarray] = {}
    if with_vec:
        if embed is None:
            raise ValueError("embed is required: changed memories have vectors")
        vectors = dict(zip((int(c["id"]) for c in with_vec), embed([c["text"] for c in with_vec]), strict=True))
    with store.tx():  # the rows and their audit events: one transaction
        done = store.rewrite_texts(changes, vectors)
        for c in items:  # ``history N`` shows it; kinds and counts only, no snapshot (it would hold the value)
            store.record_event(user_id=c["user_id"], action="REDACT", item_id=int(c["id"]), level="explicit",
                               reason=f"secrets redacted in place: {redacted_line(c['kinds'])}")
    cleared = store.compact()
    out.update(applied=True, episodes=done["episodes"])
    left = scan(store, user)[0]
    if left:  # a redaction is a fixed point: anything found again means the rewrite did not hold
        raise StoreError(f"the redaction was committed, but {len(left)} stored row(s) still hold a secret; "
                         "run redact-secrets again")
    checked = sorted({v for v in values if len(v.encode("utf-8")) >= MIN_CHECKED_BYTES})
    elsewhere = [r["text"] for r in store.stored_texts(None)]  # another user's words, or said without a name
    stuck = [v for v in store.bytes_holding(checked) if not any(v in t for t in elsewhere)]
    if stuck and not cleared:  # committed and compacted; a reader kept the old pages in the -wal: done, not verified
        out.update(verified=False, note=wal_note(store.location))
        return out
    if stuck:
        raise StoreError(f"the redaction was committed, but {len(stuck)} redacted value(s) are still in the stored "
                         f"bytes of {store.location}; close every process using it and run redact-secrets again")
    out["verified"] = True
    return out
