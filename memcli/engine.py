"""What :class:`~memcli.memory.Memory` and :class:`~memcli.admin.Admin` share: the settings, ONE
store, and the heavy components built once, on first use (the capture path never loads them).

- :attr:`Engine.store` — the :class:`~memcli.db.store.MemoryStore` (:func:`memcli.db.open_store`);
- :attr:`Engine.embedder` — the write-path embedding model, checked against the database;
- :attr:`Engine.worker` — the :class:`~memcli.write.worker.MemoryCaptureWorker` with the
  configured (or injected) extractor and judge (:mod:`memcli.write.backends`).
"""

from __future__ import annotations

import functools
import inspect
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from memcli.db import open_store
from memcli.errors import ConfigError, StoreError
from memcli.settings import CHOICES, Settings, check_choice, default_db_path, follow_stored_model, load_settings
from memcli.text import check_flags
from memcli.validation_words import error_words

if TYPE_CHECKING:
    from memcli.db.store import MemoryStore
    from memcli.embed import Embedder
    from memcli.write.extract import Extractor
    from memcli.write.judge import Judge
    from memcli.write.worker import MemoryCaptureWorker

__all__ = ["Engine", "backend_overrides", "one_call_at_a_time", "resolve_settings"]


def one_call_at_a_time(cls: type) -> type:
    """Make every public method of ``cls`` (an :class:`Engine`) hold the object's lock while it runs, so
    that threads sharing one object (``asyncio.to_thread``, a thread pool) take turns on its ONE
    connection instead of failing inside SQLite (apsw's ``ThreadingViolationError``) or, worse, one
    thread's write joining another's open transaction. An iterator a method returns (``export``)
    holds the lock at each step. Re-entrant: a method may call another. ``close`` takes no turn: a
    process leaving a ``with`` block must not wait forever on a ``drain(loop=True)`` thread. Every
    keyword whose default is True or False must be given as a bool (:func:`memcli.text.check_flags`:
    ``forget(1, purge="no")`` purged, ``list(include_all="no")`` listed all). Returns ``cls``."""
    for name in dir(cls):
        fn = inspect.getattr_static(cls, name)
        if not name.startswith("_") and name != "close" and inspect.isfunction(fn):
            setattr(cls, name, _locked(fn))
    return cls


def _locked(fn: Callable[..., Any]) -> Callable[..., Any]:
    flags = {p.name for p in inspect.signature(fn).parameters.values() if isinstance(p.default, bool)}

    @functools.wraps(fn)
    def call(self: Engine, *args: Any, **kwargs: Any) -> Any:
        check_flags(**{k: v for k, v in kwargs.items() if k in flags})
        with self._calls:
            if getattr(self, "_closed", False):  # was apsw's ConnectionClosedError, no memcli error
                raise StoreError(f"this {type(self).__name__} is closed (close() or the end of its with block); "
                                 "open a new one")
            out = fn(self, *args, **kwargs)
        return _locked_steps(self._calls, out) if isinstance(out, Iterator) else out
    return call


def _locked_steps(lock: threading.RLock, it: Iterator[Any]) -> Iterator[Any]:
    while True:
        with lock:
            try:
                item = next(it)
            except StopIteration:
                return
        yield item


def backend_overrides(extractor: Any, judge: Any, overrides: dict[str, Any]) -> tuple[Any, Any]:
    """Names (``extractor="llm"``, ``judge="offline"``) become settings overrides; objects stay.
    Returns the ``(extractor, judge)`` objects (None when given by name or not at all)."""
    if isinstance(extractor, str):
        overrides["extractor"], extractor = extractor, None
    if isinstance(judge, str):
        overrides["judge"], judge = judge, None
    return extractor, judge


def resolve_settings(settings: Settings | None, **overrides: Any) -> Settings:
    """``settings`` (or freshly loaded ones) with the non-None ``overrides`` applied.

    Raises:
        ConfigError: an invalid value, or a keyword that is no setting.
    """
    unknown = sorted(k for k in overrides if k not in Settings.model_fields)
    if unknown:  # Memory(budget_m=...) was ignored without a word
        import difflib

        near = difflib.get_close_matches(unknown[0], list(Settings.model_fields), n=1)
        raise ConfigError(f"unknown setting {unknown[0]!r}" + (f" (did you mean {near[0]!r}?)" if near else "")
                          + "; the keyword arguments of Memory and Admin are settings (memcli/settings.py)")
    if settings is None:
        return load_settings(**overrides)
    upd = {k: check_choice(k, v) if k in CHOICES else v for k, v in overrides.items() if v is not None}
    probe = settings.model_copy()  # model_copy does not validate: each value is checked as load_settings checks it
    for k, v in upd.items():
        try:
            Settings.__pydantic_validator__.validate_assignment(probe, k, v)
        except ValidationError as exc:
            msg = error_words(exc.errors()[0])
            raise ConfigError(f"invalid setting {k}: {msg}") from None
    return settings.model_copy(update=upd) if upd else settings


class Engine:
    """One open database with its components (see the module docstring).

    Args:
        settings: resolved settings.
        embedder, extractor, judge: use these instead of the configured ones (tests, hosts
            that share a loaded model).

    Raises:
        StoreError: the database cannot be opened.
    """

    def __init__(self, settings: Settings, *, embedder: Embedder | None = None, extractor: Extractor | None = None,
                 judge: Judge | None = None) -> None:
        if isinstance(extractor, str) or isinstance(judge, str):
            raise TypeError("extractor/judge objects expected here; pass names through the settings")
        self._calls = threading.RLock()  # one call at a time on the ONE connection (one_call_at_a_time)
        self.store: MemoryStore = open_store(settings.db, busy_timeout_ms=settings.busy_timeout_ms,
                                             create_parent=(settings.db == default_db_path()),
                                             pool_size=settings.db_pool_size or None)
        #: the settings as configured (``Admin.reembed`` moves to their model when none is given)
        self.configured = settings
        #: a database made with another model keeps using it unless one is configured explicitly;
        #: ``model_note`` then says how to upgrade (:func:`memcli.settings.follow_stored_model`)
        self.settings, self.model_note = follow_stored_model(settings, self.store.meta_get("embed_model"),
                                                             self._stored_dim())
        self._embedder = embedder
        self._extractor = extractor
        self._judge = judge
        self._worker: MemoryCaptureWorker | None = None

    def close(self) -> None:
        """Close the database connection; the object is unusable afterwards (also on ``with`` exit):
        a later call raises StoreError ("this Memory is closed"), not the driver's own error."""
        self._closed = True
        self.store.close()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def embedder(self) -> Embedder:
        """The configured embedding model, loaded once; checked against the database.

        The backend follows ``settings.embed_backend`` (:func:`memcli.embed.load_embedder`):
        the ONNX export when ``memcli warm`` made one, else sentence-transformers.

        Raises:
            ModelMismatchError: the database was embedded with another model.
            ModelUnavailableError: the model cannot be loaded.
        """
        if self._embedder is None:
            from memcli.embed import check_model, load_embedder

            check_model(self.store.meta_get("embed_model"), self._stored_dim(), self.settings.model)
            self._embedder = load_embedder(self.settings.model, self.settings.embed_backend)
        return self._embedder

    def _stored_dim(self) -> int | None:
        d = self.store.meta_get("embed_dim")
        return int(d) if d else None

    def _make_worker(self, extractor: Extractor | None = None, judge: Judge | None = None) -> MemoryCaptureWorker:
        from memcli.embed.memo import MemoEmbedder
        from memcli.write.backends import get_extractor, get_judge
        from memcli.write.worker import MemoryCaptureWorker

        memo = MemoEmbedder(lambda: self.embedder)  # the extractor's and the worker's: a text is embedded once
        return MemoryCaptureWorker(self.store, self.settings, memo,
                                   extractor or self._extractor or get_extractor(self.settings, memo),
                                   judge or self._judge or get_judge(self.settings))

    def _rebuild_episodes(self, user: str | None, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
        from memcli.write.episodes import rebuild

        return rebuild(self.store, self.settings, lambda: self.embedder, user=user, chatter=self.worker.chatter,
                       progress=progress)

    def redact_secrets(self, *, apply: bool = False) -> dict[str, Any]:
        """Secrets stored before ``capture`` redacted them, by kind (a dry run); ``apply=True``:
        redacted in place in one transaction, re-indexed, re-embedded and checked on the bytes
        (:func:`memcli.governance.secrets.redact_secrets`). A ``Memory``: its user's text; an
        ``Admin``: every user's."""
        from memcli.governance.secrets import redact_secrets

        return redact_secrets(self.store, getattr(self, "user", None), apply=apply, embed=lambda texts: self.embedder
                              .embed(texts, batch_size=self.settings.embed_batch_size))

    @property
    def worker(self) -> MemoryCaptureWorker:
        """The capture worker, built once (raises ConfigError for a misconfigured extractor/judge)."""
        if self._worker is None:
            self._worker = self._make_worker()
        return self._worker
