"""The shape of a SQLite connection wrapper, for type hints of the SQL helper modules.

:class:`SQL` is what :class:`memcli.db.connect.Store` offers (``q``/``one``/``scalar``/``x``,
``tx()``, ``table_exists``, the apsw ``conn``). Helpers that the connection module itself
needs (migrations, the bounded lexical SQL, the vector cache) annotate with it, so that no
import cycle runs back to ``connect``.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

__all__ = ["SQL"]


class SQL(Protocol):
    """A SQLite store connection (structural type of :class:`memcli.db.connect.Store`)."""

    conn: Any

    def q(self, sql: str, params: Sequence[Any] | dict[str, Any] = ...) -> list[dict[str, Any]]: ...

    def one(self, sql: str, params: Sequence[Any] | dict[str, Any] = ...) -> dict[str, Any] | None: ...

    def scalar(self, sql: str, params: Sequence[Any] | dict[str, Any] = ...) -> Any: ...

    def x(self, sql: str, params: Sequence[Any] | dict[str, Any] = ...) -> int: ...

    def changes(self) -> int: ...

    def tx(self) -> AbstractContextManager[Any]: ...

    def table_exists(self, name: str) -> bool: ...
