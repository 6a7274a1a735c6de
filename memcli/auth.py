"""API tokens of the HTTP service: made here, stored as a digest, mapped back to one user.

A token is ``mcl_`` + 43 URL-safe characters (256 random bits, :func:`secrets.token_urlsafe`).
Only its SHA-256 hex digest is stored (:mod:`memcli.db.tokens`): a token this random needs no
slow hash, and a copy of the database gives no usable token. The clear token is returned once,
by :meth:`memcli.admin.Admin.create_token`.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

__all__ = ["OPERATOR", "PREFIX", "USER", "TokenOwner", "digest", "new_token"]

PREFIX = "mcl_"
USER, OPERATOR = "user", "operator"
_MAX_CHARS = 200  # longer bearer values are refused before hashing


@dataclass(frozen=True)
class TokenOwner:
    """Whom a token speaks for: ``scope`` ``user`` with ``user`` set, or ``operator`` (user None)."""

    token_id: int
    scope: str
    user: str | None


def new_token() -> str:
    """A fresh clear token (``mcl_`` + 43 characters)."""
    return PREFIX + secrets.token_urlsafe(32)


def digest(token: str) -> str | None:
    """The stored form of a clear token (SHA-256, 64 hex characters); None for a value that
    cannot be one of ours (empty, too long, not ASCII)."""
    if not token or len(token) > _MAX_CHARS or not token.isascii():
        return None
    return hashlib.sha256(token.encode("ascii")).hexdigest()
