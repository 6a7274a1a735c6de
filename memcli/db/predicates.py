"""SQL predicates shared by the SQLite query modules (a leaf of ``db/``: no import cycle).

:func:`as_of_sql` is the one definition every ``--as-of`` query uses (lexical, bounded FTS,
slot leg); vec0 mirrors it in its ``current`` flag (:func:`memcli.db.index.is_current`).

:func:`like_term` is the one definition of how a lexical variant matches a text, on both
backends: a variant that starts with a Latin letter matches only where a word starts (``old``
finds "old car", "older", "我的old车", not "sold" or "bold"); any other (Chinese, a digit run)
matches anywhere, as Chinese has no spaces between words.
"""

from __future__ import annotations

from memcli.db.store import FORGOTTEN

__all__ = ["active_sql", "as_of_sql", "escape_like", "kept_sql", "like_term", "starts_a_word"]


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


def kept_sql(alias: str, as_of: bool) -> str:
    """Active rows (:func:`active_sql`) and the rows whose world time ended that were never replaced nor forgotten
    (``expired_at`` unset: "I live in Ghent with my husband Bram" ended by a move); with ``as_of`` (two ``?`` for
    T, ISO text, then one more), :func:`as_of_sql`'s rows and those told by T never replaced (round 47)."""
    if as_of:
        return f"({as_of_sql(alias)} OR ({alias}.expired_at IS NULL AND {alias}.valid_from <= ?))"
    return f"({alias}.expired_at IS NULL)"


def starts_a_word(variant: str) -> bool:
    """Whether ``variant`` must match at the start of a word: it begins with a Latin letter."""
    return variant[:1].isascii() and variant[:1].isalpha()


def escape_like(text: str) -> str:
    r"""Escape ``\``, ``%`` and ``_`` for ``LIKE ... ESCAPE '\'`` (SQLite) and ``ILIKE`` (PostgreSQL)."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _escape_glob(text: str) -> str:
    return "".join(f"[{c}]" if c in "*?[" else c for c in text)


def like_term(column: str, variant: str) -> tuple[str, tuple[str, ...]]:
    """SQLite: ``(SQL, its parameters)`` true (1) when ``column`` holds ``variant`` (casefolded).

    A word-start variant: ``GLOB`` over ``' ' || lower(column)`` with a non-letter, non-digit
    character before it (``lower`` and ``LIKE`` both fold ASCII only, so case works as before),
    run only on rows whose ``LIKE '%v%'`` already holds (a ``CASE``, which SQLite evaluates
    lazily, unlike ``AND`` in a value: the GLOB with its leading ``*[^a-z0-9]`` over a lowered
    copy of every row cost ~4× the plain LIKE at 5,000 rows); any other: ``LIKE '%v%'`` (escaped).
    Two parameters for a word-start variant, one otherwise."""
    like = f"%{escape_like(variant)}%"
    if starts_a_word(variant):
        return (f"(CASE WHEN {column} LIKE ? ESCAPE '\\' THEN (' ' || lower({column})) GLOB ? ELSE 0 END)",
                (like, f"*[^a-z0-9]{_escape_glob(variant)}*"))
    return f"({column} LIKE ? ESCAPE '\\')", (like,)
