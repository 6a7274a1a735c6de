"""Time helpers: every stored time is timezone-aware UTC, ISO-8601 text of fixed width.

Fixed width (microseconds, ``+00:00``) keeps text comparison in SQL equal to time
comparison. "Now" is read from the clock at each call, never frozen at import.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memcli.errors import BadInputError

__all__ = ["iso", "now_utc", "parse_at", "to_epoch", "from_iso", "FAR_FUTURE_EPOCH"]

# Sentinel for "no end" in integer columns (vec0 metadata cannot hold NULL): 9999-12-31.
FAR_FUTURE_EPOCH = 253402300799


def now_utc() -> datetime:
    """Return the current time, timezone-aware UTC."""
    return datetime.now(UTC)


def iso(dt: datetime) -> str:
    """Format an aware datetime as fixed-width ISO-8601 UTC text (microseconds)."""
    if dt.tzinfo is None:
        raise ValueError("naive datetime; memcli stores aware UTC times only")
    return dt.astimezone(UTC).isoformat(timespec="microseconds")


def from_iso(text: str | datetime) -> datetime:
    """Parse stored ISO-8601 text (or take a stored aware datetime) as an aware UTC datetime."""
    if isinstance(text, datetime):
        return text.astimezone(UTC)
    return datetime.fromisoformat(text).astimezone(UTC)


def parse_at(value: str | datetime | None, *, field: str = "--at") -> datetime:
    """Parse user input as an aware UTC datetime; ``None`` means now.

    Accepts ISO-8601 dates (``2026-03-01``), date-times with or without offset
    (``2026-03-01T09:30``, ``...Z``, ``...+08:00``). A time without an offset is UTC.

    Raises:
        BadInputError: the text is not an ISO-8601 date or date-time.
    """
    if value is None:
        return now_utc()
    if isinstance(value, datetime):
        dt = value
    else:
        text = str(value).strip()
        if not text:
            raise BadInputError(f"{field}: empty time; expected ISO-8601 such as 2026-03-01T09:30:00Z")
        try:
            dt = datetime.fromisoformat(text)
        except ValueError:
            raise BadInputError(
                f"{field}: {text[:40]!r} is not an ISO-8601 time (e.g. 2026-03-01 or 2026-03-01T09:30:00+08:00)"
            ) from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    if not (datetime(1900, 1, 1, tzinfo=UTC) <= dt <= datetime(9999, 1, 1, tzinfo=UTC)):
        raise BadInputError(f"{field}: {value!s} is out of range (1900..9999)")
    return dt.astimezone(UTC)


def to_epoch(value: str | datetime | None) -> int:
    """Seconds since the epoch for stored ISO text or a datetime; ``None`` → FAR_FUTURE_EPOCH."""
    if value is None:
        return FAR_FUTURE_EPOCH
    dt = from_iso(value) if isinstance(value, str) else value
    return int(dt.timestamp())


def days_between(earlier: datetime, later: datetime) -> float:
    """Days from ``earlier`` to ``later`` (may be negative)."""
    return (later - earlier) / timedelta(days=1)
