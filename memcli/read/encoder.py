"""The query encoder of the read path: which model makes the query vector, and a thread for it.

:func:`query_encoder` picks it from ``settings.query_encoder``:

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
from typing import TYPE_CHECKING, Any

import numpy as np

from memcli.embed import Embedder
from memcli.errors import ConfigError

if TYPE_CHECKING:
    from memcli.memory import Memory

__all__ = ["QueryVector", "query_encoder"]


def query_encoder(mem: Memory, *, has_deadline: bool) -> tuple[str, Any]:
    """Pick the query encoder: returns ``(name, loader)`` where ``loader()`` gives an Embedder,
    or ``(reason, None)`` when the dense leg must be skipped for this call.

    Names: ``torch`` (sentence-transformers, loaded), ``torch-cold`` (will load it),
    ``onnx``. Never imports torch itself.
    """
    from memcli.embed import SentenceTransformerEmbedder, get_embedder
    from memcli.embed import onnx as ox

    st = mem.settings
    choice = st.query_encoder
    if choice not in ("auto", "onnx", "torch"):
        raise ConfigError(f"query_encoder must be auto, onnx or torch (got {choice!r})")
    model = st.model
    from memcli.embed import check_model

    loaded = getattr(mem, "_embedder", None)  # the write path's encoder, if this Memory loaded one
    torch_loaded = get_embedder.cache_info().currsize > 0 or isinstance(loaded, SentenceTransformerEmbedder)
    # the model check reads the store here, in the caller's thread: the loader thread never
    # touches the connection (apsw refuses concurrent use of one connection)
    check_model(mem.store.meta_get("embed_model"), None, model)
    if choice == "auto" and isinstance(loaded, ox.OnnxEmbedder):
        # remember()/drain() after `memcli warm` loaded the ONNX export: same vectors, reuse it
        # (it is not torch: treating it as torch imported torch and missed the context budget)
        return "onnx", (lambda: loaded)
    if choice == "torch" or (choice == "auto" and torch_loaded):
        return ("torch" if torch_loaded else "torch-cold"), (lambda: get_embedder(model))
    if choice == "onnx" or ox.is_exported(model):

        def load_onnx() -> Embedder:
            if not ox.is_exported(model):
                ox.export(model)
            return ox.get_onnx_embedder(model)

        return "onnx", load_onnx
    # auto, nothing warm: never make the user wait for torch inside a deadline
    if ox.supported(model):
        ox.spawn_warm(model)
    if has_deadline:
        return "skipped: no warm query encoder (ONNX export started in the background; run `memcli warm`)", None
    return "torch-cold", (lambda: get_embedder(model))


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
        t.join(max(0.0, end - time.monotonic()))


atexit.register(_join_pending)


class QueryVector:
    """Encode the query on a daemon thread, so the lexical leg runs meanwhile and a deadline
    can abandon it (the caller goes on; see :func:`_join_pending` for process exit).
    ``wait(timeout_s)`` → vector or None."""

    def __init__(self, loader: Any, text: str) -> None:
        self._done = threading.Event()
        self.vector: np.ndarray | None = None
        self.error: BaseException | None = None
        self.encoder_dim: int | None = None
        self._thread = threading.Thread(target=self._run, args=(loader, text), daemon=True,
                                        name="memcli-query-encoder")
        with _PENDING_LOCK:
            _PENDING.add(self._thread)
        self._thread.start()

    def _run(self, loader: Any, text: str) -> None:
        try:
            emb = loader()
            self.vector = emb.embed_one(text)
        except BaseException as exc:  # reported by wait()
            self.error = exc
        finally:
            self._done.set()
            with _PENDING_LOCK:
                _PENDING.discard(threading.current_thread())

    def wait(self, timeout_s: float | None) -> np.ndarray | None:
        """The vector, or None if not ready within ``timeout_s`` seconds. Re-raises encoder errors."""
        if not self._done.wait(None if timeout_s is None else max(0.0, timeout_s)):
            return None
        if self.error is not None:
            raise self.error
        return self.vector
