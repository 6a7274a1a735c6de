"""Where memcli keeps files that are not the database (a leaf: imports nothing of memcli).

- :func:`cache_dir`: ``<platform cache dir>/memcli`` — ONNX exports (``onnx/``), the jieba
  lookup table of the read path, and the lock file of a background warm-up.

The database's default path is :func:`memcli.settings.default_db_path`.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["cache_dir", "warm_lock_path"]


def cache_dir() -> Path:
    """``<platform cache dir>/memcli``: ONNX exports and the jieba lookup table live here."""
    import platformdirs

    return platformdirs.user_cache_path("memcli")


def warm_lock_path() -> Path:
    """The lock file of a running background warm-up (:func:`memcli.embed.onnx.spawn_warm`)."""
    return cache_dir() / "warm.lock"
