"""Time helpers: every stored time is timezone-aware UTC, ISO-8601 text of fixed width.

Fixed width (microseconds, ``+00:00``) keeps text comparison in SQL equal to time
comparison. "Now" is read from the clock at each call, never frozen at import.

**Time zones** (issue 15 §3): storage and ``--json`` are UTC (``…Z``); what people read —
tables, ``show``, the context block's dates, the LLM extractor's "said at" — is in the
user's zone, ``settings.timezone``: an IANA name (``Asia/Shanghai``), a fixed offset
(``+08:00``), ``UTC``, or ``local`` (default) = the system's zone, ``$TZ`` first.
"""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache

from memcli.errors import BadInputError, MemcliError

__all__ = ["iso", "iso_once", "now_iso", "now_utc", "parse_at", "to_epoch", "from_iso", "EVENT_WHEN",
           "FAR_FUTURE_EPOCH", "event_day", "get_zone", "human",
           "local_zone", "offset_text", "refuse_future", "zone_label", "zone_note", "FUTURE_TOLERANCE",
           "MAX_DURATION_S", "check_duration"]

# Sentinel for "no end" in integer columns (vec0 metadata cannot hold NULL): 9999-12-31.
FAR_FUTURE_EPOCH = 253402300799


def now_utc() -> datetime:
    """Return the current time, timezone-aware UTC."""
    return datetime.now(UTC)


def now_iso() -> str:
    """:func:`iso` of :func:`now_utc`: the current time as stored text (an instant met once, so not through
    :func:`_iso`'s cache, which it would only push older times out of)."""
    return _format(datetime.now(UTC))


def iso_once(dt: datetime) -> str:
    """:func:`iso` of a time formatted once (a clock reading passed along): the same text, not kept in the cache."""
    return _format(_aware(dt))


def iso(dt: datetime) -> str:
    """Format an aware datetime as fixed-width ISO-8601 UTC text (microseconds)."""
    return _iso(_aware(dt))


def _aware(dt: datetime) -> datetime:
    if dt.tzinfo is None:
        raise ValueError("naive datetime; memcli stores aware UTC times only")
    return dt


def _format(dt: datetime) -> str:
    """The stored text of an aware datetime: ISO-8601 in UTC, microseconds (fixed width)."""
    return dt.astimezone(UTC).isoformat(timespec="microseconds")


#: (``isoformat`` costs ~10 µs and a drain formats one time a dozen times: equal aware datetimes are one instant,
#: so one text)
_iso = lru_cache(maxsize=8192)(_format)


def from_iso(text: str | datetime) -> datetime:
    """Parse stored ISO-8601 text (or take a stored aware datetime) as an aware UTC datetime."""
    if isinstance(text, datetime):
        return text.astimezone(UTC)
    return datetime.fromisoformat(text).astimezone(UTC)


def maybe_time(value: object) -> datetime | None:
    """``value`` as a datetime, leniently: a datetime as is, ISO-8601 text parsed ("Z" read as UTC), anything else
    (None, "", text that is no time) None — for reading stored rows' optional times without raising."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and value:
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return None
    return None


#: a memory's ``event_when`` column (:func:`memcli.write.pair_dates.when_to_text`): the date its statement is
#: about, ``2025``, ``2025-09`` or ``2025-09-03``, then ``~`` when its year was inferred from when it was said
#: (去年, "next Friday", 12月3号) and ``*`` when no year was said; groups: year, month, day, ``~``, ``*``
EVENT_WHEN = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(~?)(\*?)")


def event_day(column: object) -> tuple[str, bool] | None:
    """``(ISO date, inferred)`` of an ``event_when`` column: ``"2026-12-11~"`` → ``("2026-12-11", True)``,
    ``"2024-09"`` → ``("2024-09", False)`` (year, year-month or day, as precise as the statement);
    ``inferred``: the year was not written but read from when it was said. None: no column, or text
    that is no such date (an imported store's column is not trusted: only these characters come out)."""
    if not isinstance(column, str) or not column:
        return None
    m = EVENT_WHEN.fullmatch(column)
    if m is None or not 1 <= int(m[2] or 1) <= 12 or not 1 <= int(m[3] or 1) <= 31:
        return None
    return column.rstrip("~*"), bool(m[4])


#: the times a user may give (``--at``, ``--as-of``, a record's time): from the Unix epoch (a memory said before
#: 1970 is a typo, and stored times are compared as epoch seconds) to the day before the "no end" sentinel
#: (:data:`FAR_FUTURE_EPOCH`, 9999-12-31T23:59:59Z), which no real time may meet
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9999, 12, 31, tzinfo=UTC)


def parse_at(value: str | datetime | None, *, field: str = "at") -> datetime:
    """Parse user input as an aware UTC datetime; ``None`` means now.

    Accepts ISO-8601 dates (``2026-03-01``), date-times with or without offset
    (``2026-03-01T09:30``, ``...Z``, ``...+08:00``). A time without an offset is UTC.

    The one check of every time a user gives: from 1970-01-01 to 9999-12-30 (:data:`EARLIEST`,
    :data:`LATEST`), else one line naming the range.

    Raises:
        BadInputError: the text is not an ISO-8601 date or date-time, or is out of range.
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
    if not (EARLIEST <= dt < LATEST):
        shown = value.isoformat() if isinstance(value, datetime) else str(value).strip()[:40]
        raise BadInputError(f"{field}: {shown} is out of range; a time from 1970-01-01 to 9999-12-30 (UTC) is accepted")
    return dt.astimezone(UTC)


#: the longest duration a setting or an argument may name (budgets, leases, pauses, back-off, windows),
#: seconds: 100 years. Past it a wait overflows the platform's ``time_t`` (``threading``'s wait,
#: ``time.sleep``) or a lease or next attempt passes the year 9999, so a larger value (or infinity)
#: is bad input, not an internal error.
MAX_DURATION_S = 100 * 365 * 86400


def check_duration(value: object, *, field: str, unit: str = "s", low: float = 0.0) -> float:
    """``value`` as a duration in ``unit`` (``"s"`` or ``"ms"``): a finite number from ``low`` to
    :data:`MAX_DURATION_S` (in that unit), returned as a float.

    Raises:
        BadInputError: not a number (``True`` neither), NaN, infinite, below ``low`` or above the limit.
    """
    top = MAX_DURATION_S * (1000 if unit == "ms" else 1)
    try:
        v = float(value) if not isinstance(value, bool | str | bytes) else float("nan")
    except (TypeError, ValueError, OverflowError):
        v = float("nan")
    if not low <= v <= top:  # NaN fails too
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise BadInputError(f"{field} must be a number of {'milliseconds' if unit == 'ms' else 'seconds'} from "
                            f"{low:g} to {top:.0f} (100 years), got {shown}")
    return v


#: how far ahead of now a time a user gives may lie (time zones, clock skew) before it is
#: refused as a mistake: a memory holds from when it was said, which cannot be next year
FUTURE_TOLERANCE = timedelta(days=1)


def refuse_future(at: datetime | None, *, field: str = "at", now: datetime | None = None) -> None:
    """Refuse a time more than :data:`FUTURE_TOLERANCE` (one day) after ``now`` (default: the
    clock, UTC). ``None`` (meaning now) passes.

    Raises:
        BadInputError: ``at`` is further ahead; the message names ``allow_future`` (the CLI: ``--allow-future``).
    """
    if at is None:
        return
    if at - (now or now_utc()) > FUTURE_TOLERANCE:
        raise BadInputError(f"{field}: {at:%Y-%m-%dT%H:%M:%SZ} is more than a day in the future; allow it "
                            "(allow_future) if that time is meant")


def to_epoch(value: str | datetime | None) -> int:
    """Seconds since the epoch for stored ISO text or a datetime; ``None`` → FAR_FUTURE_EPOCH."""
    if value is None:
        return FAR_FUTURE_EPOCH
    dt = from_iso(value) if isinstance(value, str) else value
    return int(dt.timestamp())


def days_between(earlier: datetime, later: datetime) -> float:
    """Days from ``earlier`` to ``later`` (may be negative)."""
    return (later - earlier) / timedelta(days=1)


_OFFSET = re.compile(r"^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$", re.I)


def local_zone() -> tzinfo:
    """The system's time zone: ``$TZ`` when set (an IANA name), else ``/etc/localtime``,
    else the current local offset."""
    from zoneinfo import ZoneInfo

    tz = os.environ.get("TZ", "").lstrip(":").strip()
    if tz:
        try:
            return _zone(tz)
        except ValueError:
            pass
    try:
        with open("/etc/localtime", "rb") as fh:
            return ZoneInfo.from_file(fh, key="localtime")
    except (OSError, ValueError):
        return datetime.now().astimezone().tzinfo or UTC


@lru_cache(maxsize=32)
def _zone(name: str) -> tzinfo:
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    if name.upper() in ("UTC", "Z", "GMT", "ETC/UTC"):
        return UTC
    m = _OFFSET.match(name)
    if m:
        sign, hours, minutes = m.group(1), int(m.group(2)), int(m.group(3) or 0)
        if hours > 14 or minutes > 59:
            raise ValueError(f"offset {name!r} is out of range (-14:00..+14:00)")
        delta = timedelta(hours=hours, minutes=minutes)
        return timezone(-delta if sign == "-" else delta)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError(f"unknown time zone {name!r}; use an IANA name such as Asia/Shanghai, an offset such "
                         "as +08:00, UTC or local") from None


def get_zone(name: str | None) -> tzinfo:
    """The zone for a ``settings.timezone`` value (``local``/None: :func:`local_zone`).

    Raises:
        ValueError: unknown name or offset out of range.
    """
    if name is None or name.strip().lower() in ("", "local"):
        return local_zone()
    return _zone(name.strip())


def offset_text(dt: datetime) -> str:
    """``+08:00`` / ``-05:00`` / ``+00:00`` for an aware datetime."""
    off = dt.utcoffset() or timedelta(0)
    sign = "-" if off < timedelta(0) else "+"
    mins = abs(int(off.total_seconds())) // 60
    return f"{sign}{mins // 60:02d}:{mins % 60:02d}"


def human(dt: datetime | None, tz: tzinfo | None, *, seconds: bool = False) -> str:
    """``2026-03-02 07:00 +08:00``: ``dt`` in zone ``tz`` (default UTC) with its offset; "" for None."""
    if dt is None:
        return ""
    local = dt.astimezone(tz or UTC)
    return local.strftime("%Y-%m-%d %H:%M" + (":%S" if seconds else "")) + " " + offset_text(local)


def zone_label(tz: tzinfo | None, at: datetime | None = None) -> str:
    """A short name of the display zone for people: ``UTC``, ``Asia/Shanghai``, else its offset at
    ``at`` (default now) such as ``+08:00``."""
    if tz is None or tz is UTC:
        return "UTC"
    key = getattr(tz, "key", None)
    if key and key != "localtime":
        return str(key)
    local = (at or now_utc()).astimezone(tz)
    if not local.utcoffset() and local.tzname() in ("UTC", "GMT"):
        return "UTC"
    return offset_text(local)


def zone_note(at: str | datetime | None, tz: tzinfo, timezone_setting: str | None,
              source: str = "--at") -> str | None:
    """A line for people when ``at`` (a user's ``--at``) carries an offset other than the one its
    time is shown in, and the display zone is the machine's (``timezone`` unset = ``local``):
    ``--at 2026-03-05T23:30:00+08:00`` on a UTC server is listed as 2026-03-05 15:30 +00:00.
    None otherwise (no offset given, the same offset, or a zone the user chose). ``source``: where
    the time came from, as the note names it (``--at``; ``stdin line 2's "at"`` for a JSON line)."""
    if at is None or (timezone_setting or "local").strip().lower() not in ("", "local"):
        return None
    try:
        dt = at if isinstance(at, datetime) else datetime.fromisoformat(at.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if dt.tzinfo is None or dt.utcoffset() == dt.astimezone(tz).utcoffset():
        return None
    given = offset_text(dt)
    return (f"note: times are shown in {zone_label(tz, dt)}, this machine's zone, not the {given} {source} gave; "
            f"set timezone (MEMCLI_TIMEZONE={given} or a name such as Asia/Shanghai) to show them in yours")


#: the store's metadata key holding the zone note last shown (:func:`zone_note_once`)
ZONE_NOTE_KEY = "zone_note_shown"


def zone_note_once(at: str | datetime | None, tz: tzinfo, timezone_setting: str | None, store: object,
                   source: str = "--at") -> str | None:
    """:func:`zone_note`, shown once per store: None when this store (its ``meta_get``/``meta_set``)
    last showed the same note, that is the same offset against the same display zone (whatever
    ``source`` gave it). A capture a minute from a client in +08:00 to a UTC machine says it on
    the first turn, not on every turn; another offset, or another machine's zone, says it again."""
    key = zone_note(at, tz, timezone_setting)
    if key is None or store.meta_get(ZONE_NOTE_KEY) == key:  # type: ignore[attr-defined]
        return None
    note = zone_note(at, tz, timezone_setting, source)
    try:
        store.meta_set(ZONE_NOTE_KEY, key)  # type: ignore[attr-defined]
    except MemcliError:  # a busy or read-only store: the turn is captured; say the note, again next time
        pass
    return note
