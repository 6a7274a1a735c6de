"""SQL predicates shared by the SQLite query modules (a leaf of ``db/``: no import cycle).

:func:`as_of_sql` is the one definition every ``--as-of`` query uses (lexical, bounded FTS,
slot leg); vec0 mirrors it in its ``current`` flag (:func:`memcli.db.index.is_current`).
"""

from __future__ import annotations

from memcli.db.store import FORGOTTEN

__all__ = ["active_sql", "as_of_sql"]


def as_of_sql(alias: str = "") -> str:
    """SQL predicate (two ``?`` for T, ISO text) for "believed true at world time T": held at T
    and not replaced by a newer version (a forgotten memory counts by its world-time interval:
    the forget ended it, so an ``--as-of`` before the forget still finds it)."""
    p = f"{alias}." if alias else ""
    current = (f"({p}expired_at IS NULL OR ({p}invalid_reason = '{FORGOTTEN}' AND {p}invalid_at IS NOT NULL "
               f"AND {p}expired_at >= {p}invalid_at))")
    return f"({current} AND {p}valid_from <= ? AND ({p}invalid_at IS NULL OR {p}invalid_at > ?))"


def active_sql(alias: str, as_of: bool) -> str:
    """Active rows (``invalid_at`` and ``expired_at`` unset), or :func:`as_of_sql` when ``as_of``."""
    if as_of:
        return as_of_sql(alias)
    return f"({alias}.invalid_at IS NULL AND {alias}.expired_at IS NULL)"
