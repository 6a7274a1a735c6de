"""Rich renderings of library results (stdout). No logic beyond presentation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table

from memcli.cli.app import GLOBALS, console
from memcli.models import DecisionResult, Event, MemoryItem
from memcli.timeutil import human


def _d(dt: Any) -> str:
    """A time in the user's zone (settings.timezone) with its offset: ``2026-03-02 07:00 +08:00``."""
    return human(dt, GLOBALS.tz)


def items_table(rows: Sequence[MemoryItem], title: str | None = None) -> None:
    t = Table(title=title, show_lines=False)
    for col in ("id", "statement", "kind", "conf", "status", "valid_from", "invalid_at"):
        t.add_column(col, overflow="fold", no_wrap=col in ("id", "conf"))
    for it in rows:
        t.add_row(str(it.id), it.statement, it.kind, f"{it.effective_confidence:.2f}", it.status,
                  _d(it.valid_from), _d(it.invalid_at))
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
    t = Table(title="events")
    for col in ("id", "when", "action", "item", "other", "level", "cosine", "judge", "reason"):
        t.add_column(col, overflow="fold")
    for e in events:
        t.add_row(str(e.id), _d(e.created_at), e.action, str(e.item_id or ""), str(e.other_item_id or ""),
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
