"""Row helpers shared by the SQLite and PostgreSQL connections: both implement ``q(sql, params)
-> list[dict]``; ``one`` and ``scalar`` are derived from it once here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class RowHelpers:
    """Mixin: ``one`` (first row or None) and ``scalar`` (first column of the first row or None)
    over the subclass's ``q``."""

    def q(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
        raise NotImplementedError

    def one(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> dict[str, Any] | None:
        """Run a query, return the first row or None."""
        rows = self.q(sql, params)
        return rows[0] if rows else None

    def scalar(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Any:
        """Run a query, return the first column of the first row, or None."""
        row = self.one(sql, params)
        return None if row is None else next(iter(row.values()))
