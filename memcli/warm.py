"""One-time preparation for fast cold reads (``memcli warm``).

:func:`warm` makes what a cold ``search``/``context`` process needs: the ONNX export of the
embedding model (:func:`memcli.embed.onnx.export`, needs torch once) — or, for the default
model, its ready-to-load state (:func:`memcli.embed.use_prepared.prepare`) — and the jieba lookup
table of the read path (:func:`memcli.read.tokens.build_table`), both in
:func:`memcli.paths.cache_dir`.

``python -m memcli.warm MODEL`` is the detached background warm-up that the first read finding
nothing prepared starts (:func:`memcli.embed.onnx.spawn_warm`); it removes the lock file when done.
"""

from __future__ import annotations

import sys

from memcli.embed import onnx
from memcli.errors import ModelUnavailableError
from memcli.paths import warm_lock_path
from memcli.read.tokens import build_table

__all__ = ["warm"]


def warm(model: str) -> dict[str, object]:
    """Prepare everything a cold read needs: the ONNX export and the jieba lookup table.

    Returns ``{"onnx": path | None, "onnx_error": str | None, "jieba_table": path}``, and
    ``"prepared": path`` for the default model (:func:`memcli.embed.use_prepared.prepare`: the weights
    memory-mappable, the tokenizer pre-parsed).
    """
    from memcli.embed import is_native

    out: dict[str, object] = {"onnx": None, "onnx_error": None}
    if is_native(model):  # torch-free model: prepare its ready-to-load state instead of an export
        from memcli.embed import use
        from memcli.settings import DEFAULT_MODEL, canonical_model

        out["onnx_error"] = "not needed: the model has its own torch-free encoder"
        if canonical_model(model) == DEFAULT_MODEL:
            out["prepared"] = str(use.prepare())
        out["jieba_table"] = str(build_table())
        return out
    try:
        out["onnx"] = str(onnx.export(model)) if onnx.supported(model) else None
        if out["onnx"] is None:
            out["onnx_error"] = "model not exportable; the torch encoder is used"
    except ModelUnavailableError as exc:
        out["onnx_error"] = str(exc)
    out["jieba_table"] = str(build_table())
    return out


def _main(argv: list[str]) -> None:
    """The detached warm-up process of :func:`memcli.embed.onnx.spawn_warm`."""
    try:
        warm(argv[1] if len(argv) > 1 else "default")
    finally:
        try:
            warm_lock_path().unlink()
        except OSError:
            pass


if __name__ == "__main__":
    _main(sys.argv)
