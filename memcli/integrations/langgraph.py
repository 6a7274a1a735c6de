"""LangGraph's long-term memory store on memcli: ``MemcliStore(BaseStore)``.

Namespaces are ``(*prefix, user_id, *rest)`` with ``prefix`` fixed at construction (default
``("memories",)``): the element after the prefix is the user, and every operation runs on a
:class:`~memcli.memory.Memory` bound to that user, so one namespace never reads another's
memories. ``rest`` (a sub-namespace such as ``("preferences",)``) and the key are kept in the
memory's metadata.

- ``put(ns, key, value)`` → ``Memory.remember`` of the value's text (``value["text"]``, else
  ``"content"``, ``"memory"``, ``"data"``, else the JSON of the value), through memcli's
  decision step; a put over an existing key retires the old version first (``Memory.forget``), in the
  same transaction as the new one's write: a put that fails leaves the old version as it was.
  ``put(ns, key, None)`` and ``delete`` → ``Memory.forget`` (kept in the history; not purged).
- ``get(ns, key)`` → the active memory put under that key, or the memory whose id is ``key``
  (memories made by memcli itself — the drain of captured turns — have their id as key).
- ``search(prefix, query=...)`` → memcli's hybrid retrieval (``Memory.search``), ``score`` in
  [0, 1]; without a query, the user's memories newest first. ``filter`` matches top-level
  value fields by equality.
- ``list_namespaces`` → the namespaces of the users' memories (one per user for memcli's own).

Limits: a put whose text restates a memory already stored is a NOOP in memcli (the old memory
is reinforced, not duplicated): its key then resolves to that memory in this process only.
``get``/``put`` find a key by scanning the user's active memories (fine for thousands per user).
TTLs are not supported (memcli keeps memories until they are forgotten); ``index`` arguments
are ignored (memcli always indexes the text, dense and lexical). Async methods run the sync
ones in a worker thread.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from memcli.admin import Admin
from memcli.errors import BadInputError
from memcli.memory import Memory
from memcli.models import MemoryItem
from memcli.settings import Settings, load_settings
from memcli.settings_sources import user_problem
from memcli.text import whole_number

__all__ = ["MemcliStore"]

_META = "langgraph"
_TEXT_FIELDS = ("text", "content", "memory", "data")


def _text_of(value: dict[str, Any]) -> str:
    for f in _TEXT_FIELDS:
        if isinstance(value.get(f), str) and value[f].strip():
            return value[f]
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _matches(ns: tuple[str, ...], cond: MatchCondition) -> bool:
    path = tuple(cond.path)
    if len(path) > len(ns):
        return False
    part = ns[: len(path)] if cond.match_type == "prefix" else ns[len(ns) - len(path):]
    return all(p == "*" or p == n for p, n in zip(path, part, strict=True))


class MemcliStore(BaseStore):
    """memcli as LangGraph's ``BaseStore`` (see the module docstring for the mapping).

    Args:
        db: the memcli database (path or ``postgresql://`` URL; default: the configured one).
        prefix: the fixed namespace elements before the user id.
        settings: ready settings instead of ``db``/the environment.
        embedder: a loaded model to share (default: the database's model, loaded once).

    Raises:
        StoreError, ConfigError, EmbeddingError: the database or the model cannot be used.
    """

    def __init__(self, db: str | None = None, *, prefix: tuple[str, ...] = ("memories",),
                 settings: Settings | None = None, embedder: Any = None) -> None:
        self.settings = settings or load_settings(db=db)
        self.prefix = tuple(prefix)
        self._admin = Admin(settings=self.settings, embedder=embedder)
        self._embedder = embedder
        self._memories: dict[str, Memory] = {}
        self._aliases: dict[tuple[tuple[str, ...], str], int] = {}
        self._lock = threading.RLock()

    # -- plumbing ---------------------------------------------------------------------------
    def close(self) -> None:
        """Close every open store connection."""
        with self._lock:
            for m in self._memories.values():
                m.close()
            self._memories.clear()
            self._admin.close()

    def __enter__(self) -> MemcliStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _split(self, namespace: tuple[str, ...], *, exact: bool = True) -> tuple[str, tuple[str, ...]]:
        n = len(self.prefix)
        if tuple(namespace[:n]) != self.prefix or len(namespace) <= n:
            raise InvalidNamespaceError(f"namespace {namespace!r} must be {self.prefix + ('<user_id>',)!r} "
                                        "followed by any sub-namespace")
        return namespace[n], tuple(namespace[n + 1:])

    def memory(self, user: str) -> Memory:
        """The :class:`~memcli.memory.Memory` of ``user`` this store uses (opened once, the model
        shared): for memcli's own calls in a graph node — ``context``, ``capture``, ``drain``.
        Threads may share it: its calls take turns, as any ``Memory``'s do.

        Raises:
            BadInputError: ``user`` is no user id (:func:`memcli.settings_sources.user_problem`: blank,
                spaces at an end, a control or invisible character), for every operation naming it."""
        mem = self._memories.get(user)
        if mem is None:
            # model_copy validates nothing: the one user rule is checked here ("a\u200bb" looks like "ab")
            if (problem := user_problem(user)) is not None:
                raise BadInputError(problem)
            if self._embedder is None:
                self._embedder = self._admin.embedder  # loaded once, checked against the database
            mem = self._memories[user] = Memory(settings=self.settings.model_copy(update={"user": user}),
                                                embedder=self._embedder)
        return mem

    def _namespace_of(self, user: str, it: MemoryItem) -> tuple[str, ...]:
        meta = it.metadata.get(_META) if isinstance(it.metadata, dict) else None
        rest = tuple(meta.get("namespace", ())) if isinstance(meta, dict) else ()
        return (*self.prefix, user, *rest)

    def _key_of(self, it: MemoryItem) -> str:
        meta = it.metadata.get(_META) if isinstance(it.metadata, dict) else None
        return str(meta["key"]) if isinstance(meta, dict) and "key" in meta else str(it.id)

    def _value_of(self, it: MemoryItem) -> dict[str, Any]:
        meta = it.metadata.get(_META) if isinstance(it.metadata, dict) else None
        if isinstance(meta, dict) and isinstance(meta.get("value"), dict):
            return dict(meta["value"])
        return {"text": it.statement, "kind": str(it.kind), "memcli_id": it.id}

    def _item(self, user: str, it: MemoryItem, score: float | None = None, search: bool = False) -> Item:
        created: datetime = it.valid_from
        updated: datetime = it.last_confirmed_at or it.recorded_at or created
        kw = {"value": self._value_of(it), "key": self._key_of(it), "namespace": self._namespace_of(user, it),
              "created_at": created, "updated_at": updated}
        return SearchItem(**kw, score=score) if search else Item(**kw)

    def _find(self, mem: Memory, rest: tuple[str, ...], key: str) -> MemoryItem | None:
        for it in mem.list():
            meta = it.metadata.get(_META) if isinstance(it.metadata, dict) else None
            if isinstance(meta, dict) and meta.get("key") == key and tuple(meta.get("namespace", ())) == rest:
                return it
        alias = self._aliases.get(((mem.user, *rest), key))
        ids = [alias] if alias is not None else ([int(key)] if key.isdigit() and not rest else [])
        for i in ids:
            try:
                it = mem.show(i)
            except Exception:  # not this user's, or gone
                continue
            if it.status == "active":
                return it
        return None

    # -- the four operations ----------------------------------------------------------------
    def _get(self, op: GetOp) -> Item | None:
        user, rest = self._split(op.namespace)
        mem = self.memory(user)
        it = self._find(mem, rest, op.key)
        return None if it is None else self._item(user, it)

    def _put(self, op: PutOp) -> None:
        user, rest = self._split(op.namespace)
        mem = self.memory(user)
        old = self._find(mem, rest, op.key)
        if op.value is None:
            if old is not None:
                mem.forget(old.id)
            self._aliases.pop(((user, *rest), op.key), None)
            return
        value = dict(op.value)
        text = _text_of(value)
        meta = {_META: {"namespace": list(rest), "key": op.key, "value": value}}
        if old is not None and old.statement == text and self._value_of(old) == value:
            return
        # one turn on the Memory and one transaction (round 31): a failure after the input was checked (the model,
        # the store) rolls the old version's retirement back too, so the key never resolves to nothing
        with mem._calls, mem.store.tx():
            if old is not None:
                mem._record(text=text, metadata=meta)  # what remember refuses (a secret, too long) before the old goes
                mem.forget(old.id)
            res = mem.remember(text, metadata=meta, split=False)  # one key, one memory
        new = mem.show(res.item_id)
        if self._key_of(new) != op.key or tuple(self._namespace_of(user, new)[len(self.prefix) + 1:]) != rest:
            self._aliases[((user, *rest), op.key)] = res.item_id  # memcli kept an existing memory (NOOP)
        else:
            self._aliases.pop(((user, *rest), op.key), None)

    def _search(self, op: SearchOp) -> list[SearchItem]:
        whole_number(op.limit, "limit", 0), whole_number(op.offset, "offset", 0)  # -1 answered [] (the slice)
        user, rest = self._split(op.namespace_prefix)
        mem = self.memory(user)
        want = op.offset + op.limit
        if op.query and op.query.strip():
            # memories only: an episode's id is a source id, which mem.show would take for a memory's
            hits = mem.search(op.query, limit=min(max(want * 3, 10), 1000), legs=("dense", "lexical", "slot"))
            found = [(mem.show(h.id), h.score) for h in hits]
        else:
            found = [(it, None) for it in mem.list()]
        out: list[SearchItem] = []
        for it, score in found:
            ns = self._namespace_of(user, it)
            if ns[len(self.prefix) + 1:][: len(rest)] != rest:
                continue
            value = self._value_of(it)
            if op.filter and any(value.get(k) != v for k, v in op.filter.items()):
                continue
            out.append(self._item(user, it, score, search=True))  # type: ignore[arg-type]
        return out[op.offset: want]

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        whole_number(op.limit, "limit", 0), whole_number(op.offset, "offset", 0)
        seen: set[tuple[str, ...]] = set()
        for user in self._admin.users():
            for it in self.memory(user).list():
                ns = self._namespace_of(user, it)
                if op.max_depth is not None:
                    ns = ns[: op.max_depth]
                seen.add(ns)
        found = sorted(ns for ns in seen if all(_matches(ns, c) for c in op.match_conditions or ()))
        return found[op.offset: op.offset + op.limit]

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run get / put / search / list-namespaces operations in order; one result per op."""
        results: list[Result] = []
        with self._lock:
            for op in ops:
                if isinstance(op, GetOp):
                    results.append(self._get(op))
                elif isinstance(op, PutOp):
                    results.append(self._put(op))
                elif isinstance(op, SearchOp):
                    results.append(self._search(op))
                elif isinstance(op, ListNamespacesOp):
                    results.append(self._list_namespaces(op))
                else:
                    raise ValueError(f"unknown operation {type(op).__name__}")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """:meth:`batch` in a worker thread."""
        return await asyncio.to_thread(self.batch, list(ops))
