"""Per-user vector files beside the database, which a cold process maps instead of loading.

Before, a new process read a big user's vectors out of vec0's shadow tables (~2 s at 1M, 16 s
under load) and a one-shot CLI process never used a copy at all (vec0's brute-force KNN instead).
These files hold the same rows as the scan wants them; a process maps them (``mmap``: the page
cache is shared by every process) and searches at once.

Where: ``<database>.vectors/<sha256(user)[:32]>/`` — one folder per user with at least
:data:`MIN_FILE_VECTORS` vectors. Files, all little-endian, one entry per row, rows in the
order they were written:

=========  ==================  =================================================================
``head``   struct + JSON       magic, ``gen`` (odd while a writer changes flags), ``n`` rows,
                               ``seq`` (the change log's head the rows reflect), dim, check
                               values of the database (below), CRC-32
``ids``    int64               item id of each row
``act``    uint8               1: active (``invalid_at`` and ``expired_at`` unset)
``cur``    uint8               1: not superseded (see :func:`memcli.db.index.is_current`)
``vf``     int64               ``valid_from``, epoch seconds
``ia``     int64               ``invalid_at``, epoch seconds (FAR_FUTURE_EPOCH: still holds)
``f32``    float32 (n, dim)    the vectors, L2-normalised, as vec0 holds them
``i8``     int8 (n, dim)       the same, quantised per row: ``round(v * 127 / max|v|)``
``inv``    float32             ``max|v| / 127`` per row (the int8 row times it ≈ the vector)
=========  ==================  =================================================================

Rows below ``n`` never change their vector: a row whose vector changes, or that is removed
(purge), gets ``act = cur = 0`` and its vector bytes zeroed, and a changed vector is appended as
a new row. Flags change in place under a sequence lock (``gen`` odd while writing): a reader
copies the flags (2 bytes + 16 bytes per row) and accepts the copy only if ``gen`` was even
and equal before and after, so its snapshot is that of one ``seq``.

Kept current by whoever writes: after each committed transaction that logged vector changes
(:func:`memcli.db.vector_cache.log_change`), :meth:`memcli.db.connect.Store.tx` calls
:func:`sync` for the users it touched: it appends and flags what the change log lists since the
file's ``seq``, under an exclusive ``flock`` (one writer per user folder at a time). A missing,
foreign or unreadable file, one the change log no longer covers, or one the database's check
values disagree with, is rebuilt whole from the shadow tables (into a temporary folder, then
renamed in place; a process that has the old files mapped keeps reading them). A writer that
cannot follow removes the user's folder, so no stale file keeps a purged vector; a killed
writer leaves ``gen`` odd or ``seq`` behind, which the check below refuses.

Checked against the database before use (:func:`open_user`): the database's random file token
(meta ``vec_file_token``: files copied from another database are refused), the embedding model,
the dimension, the vec0 layout epoch, the change log (the file's ``seq`` must not be ahead of it,
and no row of the user may be logged after it), and for the user: the number of vec0 chunks of
their partition, the last chunk id and the last logged item id. A database restored from an
older backup *to the same path* passes the token; delete ``<database>.vectors`` then.
Files that fell behind are caught up by a reader that may write them (else vec0 answers).
Nothing here is ever the only copy: deleting the folder is always safe.

Errors: a file problem (missing, short, permissions, disk full) never fails a search or a write:
the caller falls back to vec0 or the in-memory copy.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import struct
import zlib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from memcli.db import schema as s
from memcli.errors import MemcliError

if TYPE_CHECKING:
    from collections.abc import Iterator

    import numpy as np

    from memcli.db.sql import SQL as Store  # the connection's shape (no import cycle)
    from memcli.db.vector_copy import UserVectors

__all__ = ["MIN_FILE_VECTORS", "Stamp", "enabled", "folder_of", "open_user", "stamp", "sync", "user_folder"]

MAGIC = b"MCVF0001"
MIN_FILE_VECTORS = 2_048  # smaller users: vec0 answers in well under a millisecond
_FIXED = struct.Struct("<8sQQQQQQQQI")  # magic gen n seq dim n_chunks last_chunk last_item json_len crc
_ARRAYS = ("ids", "act", "cur", "vf", "ia", "f32", "i8", "inv")
_SEQLOCK_TRIES = 50
TOKEN_KEY = "vec_file_token"


def enabled() -> bool:
    """Vector files are used unless ``MEMCLI_VECTOR_FILES=0`` (or the cache is off: ``MEMCLI_VECTOR_CACHE_MB=0``)."""
    if not hasattr(os, "pwrite") or os.environ.get("MEMCLI_VECTOR_FILES", "1").strip() in ("0", "false", "no", "off"):
        return False  # (no pwrite / flock: Windows has no vector files)
    return os.environ.get("MEMCLI_VECTOR_CACHE_MB", "1").strip() not in ("0", "0.0")


def folder_of(store: Store) -> Path | None:
    """``<database>.vectors`` for a file database; None for an in-memory one."""
    return None if getattr(store, "is_memory", True) else Path(str(store.path) + ".vectors")


def user_folder(store: Store, user: str) -> Path | None:
    """The folder of one user's files (a hash of the user id: any id is a safe name)."""
    root = folder_of(store)
    return None if root is None else root / hashlib.sha256(user.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class Stamp(NamedTuple):
    """What the files are checked against: the database now, for one user."""

    hi: int  # the change log's last seq
    lo: int  # its first kept seq
    epoch: str | None  # vec0 layout epoch (bumped by a rebuild or a re-created table)
    model: str | None
    n_chunks: int  # vec0 chunks of the user's partition
    last_chunk: int  # their highest chunk id
    last_item: int  # the item id of the user's last logged vector change
    user_seq: int  # the seq of that change
    token: str | None  # this database's random identity for its vector files (meta ``vec_file_token``)

    def fresh(self, h: Header) -> bool:
        """True when the files hold every change of this user the database has."""
        return self.user_seq <= h.seq and (h.n_chunks, h.last_chunk, h.last_item) == self[4:7]


def stamp(store: Store, user: str) -> Stamp:
    """The database's check values for ``user`` (four indexed lookups)."""
    from memcli.db.vector_copy import LOG

    r = store.one(f"SELECT (SELECT max(seq) FROM {LOG}) AS hi, (SELECT min(seq) FROM {LOG}) AS lo, "
                  f"(SELECT value FROM {s.META} WHERE key = 'vec_layout_epoch') AS epoch, "
                  f"(SELECT value FROM {s.META} WHERE key = 'embed_model') AS model, "
                  f"(SELECT count(*) FROM {s.VEC}_chunks WHERE partition00 = :u) AS n_chunks, "
                  f"(SELECT max(chunk_id) FROM {s.VEC}_chunks WHERE partition00 = :u) AS last_chunk, "
                  f"(SELECT item_id FROM {LOG} WHERE user_id = :u ORDER BY seq DESC LIMIT 1) AS last_item, "
                  f"(SELECT max(seq) FROM {LOG} WHERE user_id = :u) AS user_seq, "
                  f"(SELECT value FROM {s.META} WHERE key = '{TOKEN_KEY}') AS token",
                  {"u": user})
    assert r is not None
    return Stamp(int(r["hi"] or 0), int(r["lo"] or 0), r["epoch"], r["model"], int(r["n_chunks"] or 0),
                 int(r["last_chunk"] or 0), int(r["last_item"] or 0), int(r["user_seq"] or 0), r["token"])


# -- the header ------------------------------------------------------------------------------------
@dataclass
class Header:
    gen: int
    n: int
    seq: int
    dim: int
    n_chunks: int
    last_chunk: int
    last_item: int
    ident: dict[str, Any]  # user, model, epoch

    def pack(self) -> bytes:
        js = json.dumps(self.ident, sort_keys=True).encode()
        body = _FIXED.pack(MAGIC, self.gen, self.n, self.seq, self.dim, self.n_chunks, self.last_chunk,
                           self.last_item, len(js), 0)[:-4]
        return body + struct.pack("<I", zlib.crc32(body[8:] + js)) + js


def read_header(folder: Path) -> Header | None:
    """The header, or None: missing, short, another magic or a bad checksum (torn write)."""
    try:
        with open(folder / "head", "rb") as f:
            raw = f.read(4096)
    except OSError:
        return None
    if len(raw) < _FIXED.size or raw[:8] != MAGIC:
        return None
    _, gen, n, seq, dim, nc, lc, li, jl, crc = _FIXED.unpack_from(raw)
    js = raw[_FIXED.size:_FIXED.size + jl]
    if len(js) != jl or zlib.crc32(raw[8:_FIXED.size - 4] + js) != crc:
        return None
    try:
        ident = json.loads(js)
    except ValueError:
        return None
    return Header(gen, n, seq, dim, nc, lc, li, ident)


def _write_header(folder: Path, h: Header) -> None:
    fd = os.open(folder / "head", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        os.pwrite(fd, data := h.pack(), 0)
        os.ftruncate(fd, len(data))
    finally:
        os.close(fd)


def _matches(h: Header, st: Stamp, user: str, dim: int | None) -> bool:
    """The file belongs to this user, model, layout and dimension, and the log covers it."""
    return (st.token is not None and h.ident.get("token") == st.token
            and h.ident.get("user") == user and h.ident.get("model") == st.model and h.ident.get("epoch") == st.epoch
            and (dim is None or h.dim == dim) and h.seq <= st.hi and (h.seq == st.hi or st.lo <= h.seq + 1))


# -- writing -----------------------------------------------------------------------------------------
@contextmanager
def _locked(folder: Path, *, wait: bool) -> Iterator[None]:
    """The user's file lock; ``wait=False`` raises BlockingIOError (an OSError) when it is held."""
    import fcntl

    folder.parent.mkdir(mode=0o700, exist_ok=True)
    fd = os.open(str(folder) + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        yield
    finally:
        os.close(fd)  # releases the lock


def _row_arrays(ids: np.ndarray, mat: np.ndarray, flags: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    import numpy as np

    from memcli.db.vector_copy import quantise

    i8, inv = quantise(mat)
    return {"ids": ids.astype("<i8"), "act": flags["active"].astype(np.uint8), "cur": flags["current"].astype(np.uint8),
            "vf": flags["valid_from"].astype("<i8"), "ia": flags["invalid_at"].astype("<i8"),
            "f32": np.ascontiguousarray(mat, dtype="<f4"), "i8": i8, "inv": inv.astype("<f4")}


def _token(store: Store, st: Stamp) -> Stamp:
    """``st`` with the database's file token, created on first use (a copy of the database
    elsewhere has its own folder; files copied from another database carry another token)."""
    if st.token is not None:
        return st
    import secrets

    with store.tx():
        store.x(f"INSERT INTO {s.META}(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
                (TOKEN_KEY, secrets.token_hex(16)))
    return st._replace(token=store.meta_get(TOKEN_KEY))


def _build(store: Store, user: str, folder: Path, st: Stamp, dim: int) -> bool:
    """Write the user's files whole from vec0's shadow tables; False below the threshold."""
    from memcli.db.vector_copy import load_user

    st = _token(store, st)
    uv = load_user(store, user, dim, st.hi, st.epoch, min_vectors=MIN_FILE_VECTORS)
    if uv is None:
        shutil.rmtree(folder, ignore_errors=True)
        return False
    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(mode=0o700)
    for name, arr in _row_arrays(uv.ids[:uv.n], uv.mat[:uv.n], {k: v[:uv.n] for k, v in uv.flags.items()}).items():
        arr.tofile(tmp / name)
    _write_header(tmp, Header(0, uv.n, st.hi, dim, st.n_chunks, st.last_chunk, st.last_item,
                              {"user": user, "model": st.model, "epoch": st.epoch, "token": st.token}))
    old = folder.with_name(folder.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if folder.exists():
        os.rename(folder, old)
    os.rename(tmp, folder)
    shutil.rmtree(old, ignore_errors=True)
    return True


def _append_patch(store: Store, user: str, folder: Path, h: Header, st: Stamp) -> bool:
    """Bring the files from ``h.seq`` to ``st.hi`` with the logged rows; False: rebuild instead."""
    import numpy as np

    from memcli.db.vector_copy import LOG, PATCH_MAX

    changed = [int(r["item_id"]) for r in store.q(
        f"SELECT DISTINCT item_id FROM {LOG} WHERE user_id = ? AND seq > ? AND seq <= ?", (user, h.seq, st.hi))]
    if len(changed) > PATCH_MAX:
        return False
    ids = np.fromfile(folder / "ids", "<i8", count=h.n) if changed else np.zeros(0, np.int64)
    if len(ids) != (h.n if changed else 0):
        return False
    sorted_ids = bool(len(ids) < 2 or (ids[1:] > ids[:-1]).all()) if changed else True
    gone: list[int] = []  # rows to switch off (vector changed or removed)
    new: list[tuple[int, np.ndarray, dict[str, Any]]] = []
    flags_of: dict[int, dict[str, Any]] = {}  # rows whose flags change in place
    for item_id in changed:
        row = store.one(f"SELECT user_id, active, current, valid_from, invalid_at, embedding FROM {s.VEC} "
                        "WHERE item_id = ?", (item_id,))
        if sorted_ids:
            p = int(np.searchsorted(ids, item_id))
            r = p if p < len(ids) and ids[p] == item_id else None
        else:
            hit = np.flatnonzero(ids == item_id)
            r = int(hit[-1]) if len(hit) else None
        if row is None or row["user_id"] != user:
            if r is not None:
                gone.append(r)
            continue
        vec = np.frombuffer(row["embedding"], dtype="<f4")
        if len(vec) != h.dim:
            return False
        if r is not None:
            old = np.fromfile(folder / "f32", "<f4", count=h.dim, offset=r * h.dim * 4)
            if np.array_equal(old, vec):
                flags_of[r] = row
                continue
            gone.append(r)
        new.append((item_id, vec, row))
    files = {name: os.open(folder / name, os.O_RDWR) for name in _ARRAYS}
    try:
        h.gen += 1  # odd: flags are changing
        _write_header(folder, h)
        for r, row in flags_of.items():
            os.pwrite(files["act"], bytes([int(row["active"])]), r)
            os.pwrite(files["cur"], bytes([int(row["current"])]), r)
            os.pwrite(files["vf"], struct.pack("<q", int(row["valid_from"])), r * 8)
            os.pwrite(files["ia"], struct.pack("<q", int(row["invalid_at"])), r * 8)
        for r in gone:
            os.pwrite(files["act"], b"\0", r)
            os.pwrite(files["cur"], b"\0", r)
            os.pwrite(files["f32"], bytes(h.dim * 4), r * h.dim * 4)  # no copy of a removed vector stays
            os.pwrite(files["i8"], bytes(h.dim), r * h.dim)
        if new:
            mat = np.stack([v for _, v, _ in new]).astype("<f4")
            fl = {k: np.array([int(rw[k]) for _, _, rw in new], np.int64)
                  for k in ("active", "current", "valid_from", "invalid_at")}
            arrays = _row_arrays(np.array([i for i, _, _ in new], np.int64), mat, fl)
            for name, arr in arrays.items():
                width = arr.itemsize * (arr.shape[1] if arr.ndim == 2 else 1)
                os.pwrite(files[name], arr.tobytes(), h.n * width)
        h.n += len(new)
        h.seq, h.n_chunks, h.last_chunk, h.last_item = st.hi, st.n_chunks, st.last_chunk, st.last_item
        h.gen += 1  # even: consistent again
        _write_header(folder, h)
    finally:
        for fd in files.values():
            os.close(fd)
    return True


def sync(store: Store, user: str, *, build: bool = True) -> bool:
    """Bring ``user``'s files up to the database (the writer calls this after each commit).

    ``build``: write the files whole when they are missing or unusable (the user has at least
    :data:`MIN_FILE_VECTORS` vectors), waiting for the lock; False (a reader): only extend files
    that exist, and only if no other process holds the lock. Returns True when the
    files now match the database. Never raises for file problems (they only cost speed).
    """
    folder = user_folder(store, user)
    if folder is None:
        return False
    if not enabled():  # files turned off: ones left from before would go stale (and keep removed vectors)
        shutil.rmtree(folder, ignore_errors=True)
        return False
    if not store.table_exists(s.VEC):
        return False
    try:
        from memcli.db.vector_layout import vec_dim

        dim = vec_dim(store.conn)
        if dim is None:
            return False
        if not (folder / "head").exists():
            if not build:
                return False
            slots = store.scalar(f"SELECT coalesce(sum(size), 0) FROM {s.VEC}_chunks WHERE partition00 = ?",
                                 (user,))
            if int(slots or 0) < MIN_FILE_VECTORS:  # not even that many slots: surely too small
                return False
        with _locked(folder, wait=build):  # a reader never waits for a writer's rebuild: vec0 answers
            for left in (".tmp", ".old") if build else ():  # a killed rebuild's folders: no copy may outlive a purge
                shutil.rmtree(folder.with_name(folder.name + left), ignore_errors=True)
            st = stamp(store, user)
            h = read_header(folder)
            if h is not None and h.gen % 2 == 0 and _matches(h, st, user, dim):
                if st.fresh(h):
                    return True
                if h.seq < st.user_seq and _append_patch(store, user, folder, h, st):
                    return True
            if not build:
                return False
            return _build(store, user, folder, st, dim)
    except (OSError, ValueError, KeyError, MemcliError):  # incl. a locked or read-only database (the token)
        if build:  # a writer that could not follow: stale files could keep a purged vector, so they go
            shutil.rmtree(folder, ignore_errors=True)
        return False


# -- reading -----------------------------------------------------------------------------------------
def _map(path: Path, dtype: str, n: int, dim: int | None = None) -> np.ndarray:
    import mmap

    import numpy as np

    width = np.dtype(dtype).itemsize * (dim or 1)
    if n == 0:
        return np.zeros((0, dim) if dim else 0, dtype)
    with open(path, "rb") as f:
        arr = np.frombuffer(mmap.mmap(f.fileno(), n * width, access=mmap.ACCESS_READ), dtype, n * (dim or 1))
    return arr.reshape(n, dim) if dim else arr


def open_user(store: Store, user: str, dim: int | None, *, may_sync: bool = True) -> UserVectors | None:
    """The user's vectors mapped from their files, checked against the database — or None (no
    usable files: the caller uses vec0 or loads a copy). ``may_sync``: bring stale files up to
    date first (an incremental sync; a full rebuild only when ``build`` would do it in
    :func:`sync`). The returned copy's flags are private (patchable); vectors are shared maps."""
    folder = user_folder(store, user)
    if folder is None or not enabled() or not (folder / "head").exists():
        return None
    try:
        st = stamp(store, user)
        h = read_header(folder)
        if h is None:
            return None
        if not (_matches(h, st, user, dim) and st.fresh(h)):
            if not may_sync or not sync(store, user, build=False):
                return None
            st = stamp(store, user)
        return _snapshot(folder, user, dim, st)
    except (OSError, ValueError, MemcliError):
        return None


def _snapshot(folder: Path, user: str, dim: int | None, st: Stamp) -> UserVectors | None:
    import numpy as np

    from memcli.db.vector_copy import UserVectors

    for _ in range(_SEQLOCK_TRIES):
        h = read_header(folder)
        if h is None or not _matches(h, st, user, dim) or not st.fresh(h):
            return None
        if h.gen % 2:
            os.sched_yield()
            continue
        n = h.n
        flags = {"active": np.fromfile(folder / "act", np.uint8, count=n),
                 "current": np.fromfile(folder / "cur", np.uint8, count=n),
                 "valid_from": np.fromfile(folder / "vf", "<i8", count=n),
                 "invalid_at": np.fromfile(folder / "ia", "<i8", count=n)}
        after = read_header(folder)
        if after is None or after.gen != h.gen:
            continue
        if any(len(v) != n for v in flags.values()):
            return None
        uv = UserVectors(h.dim, _map(folder / "ids", "<i8", n), _map(folder / "f32", "<f4", n, h.dim),
                         flags, st.hi, st.epoch)  # holds every change up to the log's head
        uv.i8 = _map(folder / "i8", "i1", n, h.dim)
        uv.inv = _map(folder / "inv", "<f4", n)
        uv.mapped = True
        return uv
    return None
