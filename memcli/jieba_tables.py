"""jieba's two dictionary tables, loaded faster by a process that cuts or tags Chinese.

``jieba.initialize()`` reads its prefix dictionary (~500k words → frequency) from jieba's own
marshal cache, and ``import jieba.posseg`` parses its 349k-line dictionary file once more, line by
line, for the word → part-of-speech table: together ~1–1.5 s on a quiet 2-core machine, paid by
every process (a drain, a one-shot ``add``) before its first Chinese clause. Both tables are kept
here as two joined strings each (the words; the frequencies as an int64 array, or the tags), which
a process reads back ~2–3× faster than the marshalled dicts, one file per table and dictionary file
(keyed by the file's size and mtime) beside jieba's own cache. The tables are the ones jieba builds
— same keys, same order, same values (``tests/test_posseg_table.py``); the first process builds them
the usual way and writes the files; any problem reading one falls back to jieba's own load.
Only jieba's default dictionary is cached.
"""

from __future__ import annotations

import array
import io
import marshal
import os
import sys
import tempfile
import threading
from functools import lru_cache
from typing import Any

__all__ = ["initialized", "posseg"]

_LOCK = threading.Lock()


def _path(jb: Any, kind: str) -> str:  # noqa: ANN401
    st = os.stat(os.path.join(os.path.dirname(jb.__file__), jb.DEFAULT_DICT_NAME))
    return os.path.join(jb.dt.tmp_dir or tempfile.gettempdir(),
                        f"memcli.jieba-{kind}.{st.st_size}-{int(st.st_mtime)}.marshal")


def _read(path: str, ints: bool) -> tuple[dict, Any] | None:
    try:
        with open(path, "rb") as f:
            words, values, extra = marshal.load(f)
        if ints:
            arr = array.array("q")
            arr.frombytes(values)
            vals: Any = arr.tolist()
        else:
            vals = values.split("\n")
        table = dict(zip(words.split("\n"), vals, strict=True))
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return (table, extra) if len(table) > 100_000 else None


def _write(path: str, table: dict, ints: bool, extra: Any = None) -> None:  # noqa: ANN401
    """Write ``table`` atomically (nothing when a word holds a line feed: it could not be split back)."""
    if not table or any("\n" in w for w in table):
        return
    values = array.array("q", table.values()).tobytes() if ints else "\n".join(table.values())
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "wb") as f:
            marshal.dump(("\n".join(table), values, extra), f)
        os.replace(tmp, path)
    except (OSError, OverflowError, TypeError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass


def initialized():  # type: ignore[no-untyped-def]
    """``jieba`` with its prefix dictionary loaded (``jieba.dt.FREQ``, ``total``: what ``initialize()`` sets)."""
    with _LOCK:
        return _initialized()


@lru_cache(maxsize=1)
def _initialized():  # type: ignore[no-untyped-def]
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    dt = jieba.dt
    if dt.initialized or dt.dictionary != jieba.DEFAULT_DICT:
        dt.initialize()
        return jieba
    try:
        path = _path(jieba, "freq")
    except OSError:
        dt.initialize()
        return jieba
    got = _read(path, ints=True)
    if got is not None and isinstance(got[1], int):
        dt.FREQ, dt.total = got
        dt.initialized = True
        return jieba
    dt.initialize()
    _write(path, dt.FREQ, ints=True, extra=dt.total)
    return jieba


def posseg():  # type: ignore[no-untyped-def]
    """``jieba.posseg``, its word → tag table read from the cache file."""
    with _LOCK:
        return _posseg()


@lru_cache(maxsize=1)
def _posseg():  # type: ignore[no-untyped-def]
    jb = _initialized()
    if "jieba.posseg" in sys.modules or jb.dt.dictionary != jb.DEFAULT_DICT:
        import jieba.posseg

        return jieba.posseg
    try:
        path = _path(jb, "tags")
    except OSError:
        import jieba.posseg

        return jieba.posseg
    got = _read(path, ints=False)
    if got is None:
        import jieba.posseg

        _write(path, jieba.posseg.dt.word_tag_tab, ints=False)
        return jieba.posseg
    jb.dt.get_dict_file = lambda: io.BytesIO(b"")  # the import's own parse reads nothing …
    try:
        import jieba.posseg
    finally:
        del jb.dt.get_dict_file
    jieba.posseg.dt.word_tag_tab = got[0]  # … and gets the table it would have built
    return jieba.posseg
