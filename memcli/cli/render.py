"""Rich renderings of library results (stdout). No logic beyond presentation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.table import Table

from memcli.cli.app import GLOBALS, console
from memcli.models import DecisionResult, Event, MemoryItem
from memcli.timeutil import human, zone_label

#: below this many columns (80 when stdout is not a terminal) a table shows dates without their time
#: and gives its one text column the room the others leave
NARROW = 120


def narrow() -> bool:
    """True when stdout is narrower than :data:`NARROW` columns."""
    return console.width < NARROW


def when(dt: Any) -> str:
    """A time in the user's zone (settings.timezone) with its offset: ``2026-03-02 07:00 +08:00``;
    only the date (``2026-03-02``) on a narrow console."""
    out = human(dt, GLOBALS.tz)
    return out[:10] if narrow() else out


def time_col(name: str) -> str:
    """A time column's header: on a narrow console, where cells are dates without their offset,
    it names the zone they are in (``valid_from (UTC)``), so a day is never read in another zone. A zone
    name longer than the column's dates (``Asia/Shanghai``) goes on a line of its own, so the header
    never takes the room of the columns beside it."""
    if not narrow():
        return name
    zone = zone_label(GLOBALS.tz)
    return f"{name} ({zone})" if len(zone) <= len("2026-03-06") else f"{name}\n({zone})"


def table(**kw: Any) -> Table:
    """A rich Table: with box lines on a wide console; on a narrow one only a rule under the
    header and one space between columns, so that the columns keep their room."""
    if narrow():
        kw = {"box": box.SIMPLE_HEAD, "pad_edge": False, "collapse_padding": True, **kw}
    return Table(**kw)


def add_columns(t: Table, cols: Sequence[str], text: str) -> None:
    """Columns of ``t``: every one on one line but ``text``, which folds and takes what is left
    (at least a quarter of the width), so a statement never shrinks to one character per line."""
    for col in cols:
        if col == text:
            t.add_column(col, overflow="fold", ratio=1, min_width=max(16, console.width // 4))
        else:
            t.add_column(col, no_wrap=True, overflow="ellipsis")


def items_table(rows: Sequence[MemoryItem], title: str | None = None) -> None:
    t = table(title=title, show_lines=False)
    add_columns(t, ("id", "statement", "kind", "conf", "status", time_col("valid_from"), time_col("invalid_at")),
                "statement")
    for it in rows:
        t.add_row(str(it.id), it.statement, it.kind, f"{it.effective_confidence:.2f}", it.status,
                  when(it.valid_from), when(it.invalid_at))
    console.print(t)


def item_detail(it: MemoryItem) -> None:
    t = Table(show_header=False, box=None)
    t.add_column("field", style="bold")
    t.add_column("value", overflow="fold")
    for k, v in it.model_dump().items():
        if k in ("valid_from", "invalid_at", "recorded_at", "expired_at", "last_confirmed_at"):
            v = human(v, GLOBALS.tz, seconds=True) if v else ""
        t.add_row(k, "" if v is None else str(v))
    console.print(t)


def decision_line(r: DecisionResult) -> str:
    # the reason often states the cosine already; show it once
    extra = f" cosine={r.cosine:.3f}" if r.cosine is not None and "cosine" not in r.reason else ""
    return f"{r.decision.value} #{r.item_id} ({r.level.value}{extra}) {r.reason}".strip()


def events_table(events: Sequence[Event]) -> None:
    t = table(title="events")
    add_columns(t, ("id", time_col("when"), "action", "item", "other", "level", "cosine", "judge", "reason"),
                "reason")
    for e in events:
        t.add_row(str(e.id), when(e.created_at), e.action, str(e.item_id or ""), str(e.other_item_id or ""),
                  e.level or "", "" if e.cosine is None else f"{e.cosine:.3f}", e.judge or "", e.reason or "")
    console.print(t)


def kv_table(data: dict[str, Any], title: str | None = None) -> None:
    t = Table(title=title, show_header=False)
    t.add_column("key", style="bold")
    t.add_column("value", overflow="fold")
    for k, v in data.items():
        if isinstance(v, dict):
            v = ", ".join(f"{a}={b}" for a, b in v.items())
        t.add_row(k, "" if v is None else str(v))
    console.print(t)
