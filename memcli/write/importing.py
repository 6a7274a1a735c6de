"""``import``: the parsed lines of a file (:meth:`memcli.memory.Memory.read_records`) written in one
transaction, all or nothing — format-2 memory lines restored as they were (:mod:`memcli.write.restore`),
format-2 turn lines as the drain recorded them (:mod:`memcli.write.restore_turns`), format-1 lines through
the decision (:func:`memcli.write.explicit.apply_records`). The model is loaded only when something is
embedded, once, in batches."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from memcli.db.store import MemoryStore
from memcli.models import Origin
from memcli.records import ImportResults, MemoryRecord, StoredRecord, TurnRecord
from memcli.settings import Settings
from memcli.text import check_text
from memcli.write import restore_turns

if TYPE_CHECKING:
    from memcli.embed import Embedder

__all__ = ["import_records"]


class _Lazy:
    """An embedder loaded on its first ``embed`` call (none: the model is never loaded)."""

    def __init__(self, load: Callable[[], Embedder]) -> None:
        self.load = load

    def embed(self, texts: Sequence[str], **kw: Any) -> Any:
        return self.load().embed(list(texts), **kw)


def import_records(
    store: MemoryStore,
    settings: Settings,
    user: str,
    embedder: Callable[[], Embedder],
    records: Sequence[Any],
    progress: Callable[[int], None] | None = None,
) -> ImportResults:
    """Write ``records`` for ``user`` (see the module doc); a line already present is skipped (memory lines:
    :func:`~memcli.write.restore.pending`, format 1: :func:`~memcli.write.explicit.not_present`, turns:
    :func:`~memcli.write.restore_turns.plan`). ``embedder`` loads the model. Returns one DecisionResult per
    memory line written, with ``turns`` / ``turns_skipped`` counted."""
    from memcli.write.explicit import apply_records, not_present
    from memcli.write.restore import pending, quoted_turns, restore

    model = _Lazy(embedder)
    todo, held = pending(store, user, [r for r in records if isinstance(r, StoredRecord)])
    plain = not_present(store, user, [r for r in records if isinstance(r, MemoryRecord)], settings.max_text_chars)
    loose, out = restore_turns.plan(store, user, [r for r in records if isinstance(r, TurnRecord)]), ImportResults()
    out.turns_skipped = loose[1]
    if not todo and not plain and not loose[0]:  # nothing to do: do not load the model for it
        return out
    texts = [check_text(r.text, settings.max_text_chars) for r in [*todo, *plain]]
    vectors = model.embed(texts, batch_size=settings.embed_batch_size, progress=progress) if texts else []
    turns = quoted_turns(todo, model, settings.embed_batch_size)  # the turns quoted beside them
    loose_texts = restore_turns.texts(loose[0])
    loose_vectors = model.embed(loose_texts, batch_size=settings.embed_batch_size) if loose_texts else []
    with store.tx():
        written = restore(store, settings, user, todo, vectors[: len(todo)], held, *turns) if todo else []
        written += (
            apply_records(store, settings, user, texts[len(todo) :], plain, vectors[len(todo) :], origin=Origin.IMPORT)
            if plain
            else []
        )
        out.turns, dup = restore_turns.restore(store, settings, user, loose[0], loose_vectors)
    out.turns_skipped += dup
    out.extend(written)
    return out
