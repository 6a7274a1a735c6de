"""The jieba lookup table of the read path: a SQLite file (not the memory database) holding
jieba's prefix dictionary, written once by ``memcli warm`` and read lazily, word by word.

See :mod:`memcli.read.tokens` for why (a cold query needs a few hundred of ~580k entries).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["LazyFreq", "write_table"]

_LOCK = threading.Lock()


def write_table(path: Path, freq: Iterable[tuple[str, int]], total: int) -> None:
    """Write ``(word, frequency)`` pairs and the total to ``path`` atomically (temp file + rename)."""
    import apsw

    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
    conn = apsw.Connection(str(tmp))
    try:
        conn.execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF")
        conn.execute("CREATE TABLE freq(w TEXT PRIMARY KEY, f INTEGER NOT NULL) WITHOUT ROWID;"
                     "CREATE TABLE meta(k TEXT PRIMARY KEY, v INTEGER NOT NULL)")
        with conn:
            conn.executemany("INSERT INTO freq VALUES (?, ?)", freq)
            conn.execute("INSERT INTO meta VALUES ('total', ?)", (int(total),))
    finally:
        conn.close()
    os.replace(tmp, path)


class LazyFreq:
    """Read-only, memoised ``dict`` view of the lookup table (the methods jieba uses)."""

    def __init__(self, path: Path) -> None:
        import apsw

        self._conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
        self._memo: dict[str, int | None] = {}
        self.total = int(self._conn.execute("SELECT v FROM meta WHERE k = 'total'").fetchone()[0])

    def _get(self, word: str) -> int | None:
        try:
            return self._memo[word]
        except KeyError:
            pass
        with _LOCK:
            row = self._conn.execute("SELECT f FROM freq WHERE w = ?", (word,)).fetchone()
        val = None if row is None else int(row[0])
        if len(self._memo) < 200_000:
            self._memo[word] = val
        return val

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self._get(word) is not None

    def __getitem__(self, word: str) -> int:
        val = self._get(word)
        if val is None:
            raise KeyError(word)
        return val

    def get(self, word: str, default: Any = None) -> Any:
        val = self._get(word)
        return default if val is None else val


