"""A torch-free query encoder: the same sentence-transformers model run through onnxruntime.

Why: importing sentence-transformers (torch) costs 5-10 s in a cold process, so a cold
``memcli context`` could never meet its 800 ms budget with it. The same all-MiniLM-L6-v2,
exported once to ONNX (transformer + mean pooling + L2 normalisation in one graph) and run
with onnxruntime + the model's own ``tokenizer.json`` (``tokenizers``), gives the same
vectors (cosine 1.000 against sentence-transformers, see tests/test_read_onnx.py) from a
cold process in a few hundred milliseconds, without importing torch.

Lifecycle (the "warm" step):

- The export needs torch once. It never runs inside a user's ``context`` call: it runs in
  ``memcli warm`` (explicit), or in a detached background process that the first read
  which finds no export starts (:func:`spawn_warm`); that read itself goes on without the
  dense leg (``context``) or with the torch encoder (``search``).
- The file is cached under the platform cache dir (``platformdirs.user_cache_path("memcli")
  / "onnx"``), keyed by the model's resolved path and the mtime of its weights, so a
  re-installed or changed model gets a new export. Writes are atomic (temp file + rename),
  so concurrent exporters are harmless.

Only models of the shape Transformer → mean Pooling (→ Normalize) are exported; others keep
the torch encoder (:func:`supported`).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from memcli.embed.base import Embedder, resolve_model_path
from memcli.errors import ModelUnavailableError
from memcli.paths import cache_dir, warm_lock_path

__all__ = ["OnnxEmbedder", "export", "get_onnx_embedder", "is_exported", "onnx_path",
           "spawn_warm", "supported"]

EXPORT_VERSION = "1"  # bump when the exported graph changes
OPSET = 17


def _weights_file(model_dir: Path) -> Path:
    for name in ("model.safetensors", "pytorch_model.bin"):
        if (model_dir / name).exists():
            return model_dir / name
    return model_dir


def supported(model: str) -> bool:
    """True when ``model`` is a local sentence-transformers dir with mean pooling (exportable)."""
    from memcli.embed.base import is_native

    if is_native(model):
        return False
    d = Path(resolve_model_path(model))
    if not (d / "tokenizer.json").exists() or not (d / "config.json").exists():
        return False
    pool = d / "1_Pooling" / "config.json"
    try:
        cfg = json.loads(pool.read_text(encoding="utf-8")) if pool.exists() else {}
    except (OSError, ValueError):
        return False
    return bool(cfg.get("pooling_mode_mean_tokens"))


def onnx_path(model: str) -> Path:
    """Where the export of ``model`` is (or will be) cached: keyed by path + weights mtime."""
    d = Path(resolve_model_path(model))
    w = _weights_file(d)
    mtime = w.stat().st_mtime_ns if w.exists() else 0
    key = hashlib.sha256(f"{d.resolve()}|{mtime}|{EXPORT_VERSION}".encode()).hexdigest()[:16]
    return cache_dir() / "onnx" / f"{d.name}-{key}.onnx"


def is_exported(model: str) -> bool:
    """True when a cached ONNX export of ``model`` exists (cheap: one stat)."""
    try:
        return onnx_path(model).exists()
    except (OSError, ModelUnavailableError):
        return False


def export(model: str) -> Path:
    """Export ``model`` to ONNX (needs torch; seconds). Returns the cached path (no-op if cached).

    The graph takes ``input_ids``, ``attention_mask``, ``token_type_ids`` (int64, (batch, seq))
    and returns ``embedding`` (float32, (batch, dim)), mean-pooled and L2-normalised.

    Raises:
        ModelUnavailableError: the model is not exportable or the export failed.
    """
    out = onnx_path(model)
    if out.exists():
        return out
    if not supported(model):
        raise ModelUnavailableError(f"model {model!r} cannot be exported to ONNX (needs a local dir, mean pooling)")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import logging
    import warnings

    try:
        import torch
        from transformers import AutoModel
        from transformers.utils import logging as hf_logging

        hf_logging.set_verbosity_error()
        hf_logging.disable_progress_bar()
        logging.getLogger("torch.onnx").setLevel(logging.ERROR)
        base = AutoModel.from_pretrained(resolve_model_path(model))
        base.eval()

        class _Pooled(torch.nn.Module):
            def __init__(self, m: torch.nn.Module) -> None:
                super().__init__()
                self.m = m

            def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
                h = self.m(input_ids=input_ids, attention_mask=attention_mask,
                           token_type_ids=token_type_ids).last_hidden_state
                mask = attention_mask.unsqueeze(-1).to(h.dtype)
                e = (h * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                return torch.nn.functional.normalize(e, p=2.0, dim=1)

        dummy = torch.ones(1, 8, dtype=torch.long)
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                _Pooled(base), (dummy, dummy, torch.zeros_like(dummy)), str(tmp),
                input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["embedding"],
                dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
                              "token_type_ids": {0: "batch", 1: "seq"}, "embedding": {0: "batch"}},
                opset_version=OPSET, dynamo=False)
        os.replace(tmp, out)
    except ModelUnavailableError:
        raise
    except Exception as exc:  # torch/onnx missing or the exporter failed: a one-line error
        raise ModelUnavailableError(f"ONNX export of {model!r} failed: {type(exc).__name__}: "
                                    f"{str(exc).splitlines()[0] if str(exc) else ''}") from None
    return out


class OnnxEmbedder(Embedder):
    """all-MiniLM-style encoder on onnxruntime + tokenizers (no torch import).

    Vectors: float32 (n, dim), mean-pooled, L2-normalised — the same as
    :class:`~memcli.embed.SentenceTransformerEmbedder` for the same model.

    Raises:
        ModelUnavailableError: no cached export, or onnxruntime cannot load it.
    """

    def __init__(self, name: str) -> None:
        path = onnx_path(name)
        if not path.exists():
            raise ModelUnavailableError(f"no ONNX export of {name!r} yet; run `memcli warm`")
        model_dir = Path(resolve_model_path(name))
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer

            tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
            max_len = 256
            sb = model_dir / "sentence_bert_config.json"
            if sb.exists():
                max_len = int(json.loads(sb.read_text(encoding="utf-8")).get("max_seq_length", max_len))
            tok.enable_truncation(max_length=max_len)
            tok.enable_padding(pad_id=0, pad_token="[PAD]")  # pad to the longest in the batch
            opts = ort.SessionOptions()
            opts.log_severity_level = 3
            self._session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
        except Exception as exc:
            raise ModelUnavailableError(f"cannot load ONNX encoder for {name!r}: {type(exc).__name__}: "
                                        f"{str(exc).splitlines()[0] if str(exc) else ''}") from None
        self._tok = tok
        self.name = name
        self.dim = int(self._session.get_outputs()[0].shape[-1] or self.embed_batch(["x"]).shape[1])

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        encs = self._tok.encode_batch([t if t else " " for t in texts])
        feed = {
            "input_ids": np.asarray([e.ids for e in encs], dtype=np.int64),
            "attention_mask": np.asarray([e.attention_mask for e in encs], dtype=np.int64),
            "token_type_ids": np.asarray([e.type_ids for e in encs], dtype=np.int64),
        }
        out = self._session.run(["embedding"], feed)[0]
        return np.asarray(out, dtype=np.float32)


@lru_cache(maxsize=4)
def get_onnx_embedder(name: str) -> OnnxEmbedder:
    """The ONNX encoder for ``name``, loaded once per process. Raises ModelUnavailableError."""
    return OnnxEmbedder(name)


def spawn_warm(model: str) -> bool:
    """Start ``python -m memcli.warm MODEL`` (:mod:`memcli.warm`) detached (export + jieba table), at most
    once at a time per model (a lock file with the child's start). Returns True if started.

    Used by the first read that finds no export, so no user's call ever waits for torch.
    """
    lock = warm_lock_path()
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        if lock.exists():
            import time

            if time.time() - lock.stat().st_mtime < 600:  # a warm-up is (probably) running
                return False
        lock.write_text(str(os.getpid()), encoding="utf-8")
        import subprocess  # here: every cold read imports this module, and only this warm-up needs it

        subprocess.Popen([sys.executable, "-m", "memcli.warm", model], stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                         close_fds=True)
        return True
    except OSError:
        return False
