"""The query encoder of the read path: which model makes the query vector, and a thread for it.

The default model (USE multilingual v3) and e5 have torch-free encoders of their own
(:func:`_native_encoder`); ``settings.query_encoder`` applies to sentence-transformers models.
For those :func:`query_encoder` picks it from ``settings.query_encoder``:

- ``torch``: the sentence-transformers model (exact; 5-10 s to import cold);
- ``onnx``: :class:`memcli.embed.onnx.OnnxEmbedder` (same vectors, ~0.5 s cold, no torch);
  exports first if needed (slow, once);
- ``auto`` (default): the ONNX embedder when the write path of this ``Memory`` already
  loaded it, the torch model if this process already loaded it, else the ONNX export if
  cached, else — with a deadline (``context``) — no dense leg for this call and a
  background warm-up (:func:`memcli.embed.onnx.spawn_warm`); without one (``search``) the
  torch model, then the same background warm-up so the next cold call is fast.

:class:`QueryVector` encodes on a daemon thread so the lexical leg runs meanwhile.
"""

from __future__ import annotations

import atexit
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from memcli.embed import Embedder
from memcli.errors import ConfigError

if TYPE_CHECKING:
    from memcli.db.store import DetachedKnn
    from memcli.settings import Settings

__all__ = ["InlineVector", "QueryEncoder", "QueryVector", "query_encoder"]


Loader = Callable[[], Embedder]


class QueryEncoder:
    """The query encoder of one :class:`~memcli.memory.Memory` (one model), chosen once.

    Args:
        settings: ``query_encoder`` (auto | onnx | torch) and ``model``.
        stored_model: the model the database was embedded with (None: no vectors yet),
            checked once here (``ModelMismatchError``), in the caller's thread.
        loaded: returns the embedder the owner's write path already loaded, or None
            (``remember``/``drain`` loaded it: after ``memcli warm`` the ONNX export).
        embedder: a fixed embedder to use for every query (injected: tests, library hosts).
        write_embedder: loads the owner's write-path embedder (used by :attr:`embedder`).

    Once a loader has produced a model, every later call reuses it without re-resolving the
    setting, the stored model or the export path.
    """

    def __init__(self, settings: Settings, stored_model: Callable[[], str | None], *,
                 loaded: Callable[[], Embedder | None] = lambda: None, embedder: Embedder | None = None,
                 write_embedder: Loader | None = None) -> None:
        self.settings = settings
        self._stored_model = stored_model
        self._loaded = loaded
        self._fixed = embedder
        self._write_embedder = write_embedder
        self._ready: tuple[str, Embedder] | None = None
        self._checked = False
        self._lock = threading.Lock()

    @property
    def embedder(self) -> Embedder:
        """The owner's write-path embedder (loads it when needed)."""
        if self._fixed is not None:
            return self._fixed
        if self._write_embedder is None:
            raise ValueError("no write-path embedder configured")
        return self._write_embedder()

    def check(self) -> None:
        """Check, once, that the database was embedded with this model: it reads the owner's connection, so the
        caller holds the owner's turn (the loader thread never touches the connection: apsw refuses concurrent use
        of one connection; round 45: the warm-up checks in its Memory's turn before it asks its first questions).

        Raises:
            ModelMismatchError: the database was embedded with another model.
        """
        if not self._checked:
            from memcli.embed import check_model

            check_model(self._stored_model(), None, self.settings.model)
            self._checked = True

    def _remember(self, name: str, load: Loader) -> Loader:
        def loader() -> Embedder:
            emb = load()
            with self._lock:
                self._ready = self._ready or (name, emb)
            return emb

        return loader

    def choose(self, *, has_deadline: bool) -> tuple[str, Loader | None]:
        """``(name, loader)`` where ``loader()`` gives an Embedder, or ``(reason, None)`` when
        the dense leg must be skipped for this call (see the module docstring).

        Names: ``torch`` (sentence-transformers, loaded), ``torch-cold`` (will load it),
        ``onnx``, or the name of an injected / already loaded embedder. Never imports torch itself.

        Raises:
            ModelMismatchError: the database was embedded with another model (checked once).
        """
        if self._fixed is not None:
            fixed = self._fixed
            return getattr(fixed, "name", "injected"), (lambda: fixed)
        ready = self._ready
        if ready is not None:
            emb = ready[1]
            return ready[0], (lambda: emb)
        from memcli.embed import SentenceTransformerEmbedder, get_embedder, is_loaded, is_native
        from memcli.embed import onnx as ox

        st = self.settings
        choice, model = st.query_encoder, st.model
        if choice not in ("auto", "onnx", "torch"):
            raise ConfigError(f"query_encoder must be auto, onnx or torch (got {choice!r})")
        self.check()
        loaded = self._loaded()
        if is_native(model):  # USE / e5: torch-free; query_encoder onnx|torch does not apply
            name, load = _native_encoder(model, has_deadline=has_deadline, held=loaded)
            return name, (self._remember(name.removesuffix("-cold"), load) if load is not None else None)
        if choice == "auto" and loaded is not None:
            # remember()/drain() loaded the model already (after `memcli warm`: the ONNX export,
            # same vectors): reuse it. Treating any loaded embedder as torch imported torch
            # (5-10 s) and missed the context budget (issue 12).
            name = ("torch" if isinstance(loaded, SentenceTransformerEmbedder)
                    else "onnx" if isinstance(loaded, ox.OnnxEmbedder) else getattr(loaded, "name", "loaded"))
            return name, self._remember(name, lambda: loaded)
        torch_loaded = is_loaded(model) and isinstance(get_embedder(model), SentenceTransformerEmbedder)
        if choice == "torch" or (choice == "auto" and torch_loaded):
            name = "torch" if torch_loaded else "torch-cold"
            return name, self._remember("torch", lambda: get_embedder(model))
        if choice == "onnx" or ox.is_exported(model):

            def load_onnx() -> Embedder:
                if not ox.is_exported(model):
                    ox.export(model)
                return ox.get_onnx_embedder(model)

            return "onnx", self._remember("onnx", load_onnx)
        # auto, nothing warm: never make the user wait for torch inside a deadline
        if ox.supported(model):
            ox.spawn_warm(model)
        if has_deadline:
            return "skipped: no warm query encoder (ONNX export started in the background; run `memcli warm`)", None
        return "torch-cold", self._remember("torch", lambda: get_embedder(model))


def _native_encoder(model: str, *, has_deadline: bool, held: Embedder | None) -> tuple[str, Loader | None]:
    """The torch-free models: already loaded → use it; USE prepared by ``memcli warm`` →
    load it (memory-mapped, a few hundred ms); USE not prepared → within a deadline skip the
    dense leg and prepare in the background (loading unprepared takes ~2 s); e5 → load (0.2 s)."""
    from memcli.embed import get_embedder, is_loaded, use
    from memcli.embed import onnx as ox
    from memcli.settings import DEFAULT_MODEL

    if held is not None:
        return held.name, (lambda: held)
    if is_loaded(model):
        return model, (lambda: get_embedder(model))
    if model == DEFAULT_MODEL and not use.is_prepared():
        ox.spawn_warm(model)
        if has_deadline:
            return ("skipped: the query encoder is not prepared yet (started in the background; "
                    "run `memcli warm`)"), None
    return f"{model}-cold", (lambda: get_embedder(model))


def query_encoder(encoder: QueryEncoder, *, has_deadline: bool) -> tuple[str, Loader | None]:
    """:meth:`QueryEncoder.choose` (a module-level seam, so tests can slow the encoder down)."""
    return encoder.choose(has_deadline=has_deadline)


_PENDING: set[threading.Thread] = set()
_PENDING_LOCK = threading.Lock()
EXIT_JOIN_S = 30.0


def _join_pending() -> None:
    """atexit: let abandoned encoder threads finish before the interpreter finalises.

    A daemon thread still inside onnxruntime's C++ (session load) when Python finalises is
    killed with ``pthread_exit``, whose forced unwind through a ``noexcept`` frame aborts the
    process ("terminate called without an active exception"). The block was already returned;
    only the process exit waits (the rest of the encoder load, typically < 0.5 s).
    """
    end = time.monotonic() + EXIT_JOIN_S
    with _PENDING_LOCK:
        threads = list(_PENDING)
    for t in threads:
        try:
            t.join(max(0.0, end - time.monotonic()))
        except RuntimeError:  # registered, not started yet (the process ended first): nothing of it runs
            pass


atexit.register(_join_pending)


class QueryVector:
    """Encode the query on a daemon thread, so the lexical leg runs meanwhile and a deadline
    can abandon it (the caller goes on; see :func:`_join_pending` for process exit).
    ``wait(timeout_s)`` → vector or None.

    ``job``: a KNN job (:class:`~memcli.db.store.DetachedKnn`) the same thread starts right
    after encoding, so the dense leg's scan runs beside the lexical leg; :meth:`wait` returns
    as soon as the vector exists (the caller then joins the job with ``job.result()``).
    """

    def __init__(self, loader: Any, text: str, job: DetachedKnn | None = None) -> None:
        self._ready = threading.Event()
        self.vector: np.ndarray | None = None
        self.error: BaseException | None = None
        self.encoder_dim: int | None = None
        self.job = job
        self._thread = threading.Thread(target=self._run, args=(loader, text), daemon=True,
                                        name="memcli-query-encoder")
        with _PENDING_LOCK:
            _PENDING.add(self._thread)
        self._thread.start()

    def _run(self, loader: Any, text: str) -> None:
        try:
            try:
                emb = loader()
                self.vector = emb.embed_query(text)
            except BaseException as exc:  # reported by wait()
                self.error = exc
                if self.job is not None:
                    self.job.abandon()
                return
            finally:
                self._ready.set()
            if self.job is not None:
                try:
                    self.job.start(self.vector)
                except Exception:  # noqa: BLE001  (job.result() is None: the caller runs the KNN itself)
                    pass
        finally:
            with _PENDING_LOCK:
                _PENDING.discard(threading.current_thread())

    def wait(self, timeout_s: float | None) -> np.ndarray | None:
        """The vector, or None if not ready within ``timeout_s`` seconds. Re-raises encoder errors."""
        if not self._ready.wait(None if timeout_s is None else max(0.0, timeout_s)):
            return None
        if self.error is not None:
            raise self.error
        return self.vector


class InlineVector:
    """:class:`QueryVector`'s interface without a thread (``settings.read_threads`` false): the
    query is encoded on the caller's thread when :meth:`wait` is first called (after the
    lexical leg). ``wait(timeout_s)`` → the vector, or None when ``timeout_s`` is already spent
    (no encoding starts after the deadline). Re-raises encoder errors."""

    job = None

    def __init__(self, loader: Any, text: str) -> None:
        self._loader, self._text = loader, text
        self.vector: np.ndarray | None = None

    def wait(self, timeout_s: float | None) -> np.ndarray | None:
        if self.vector is None:
            if timeout_s is not None and timeout_s <= 0:
                return None
            self.vector = self._loader().embed_query(self._text)
        return self.vector
