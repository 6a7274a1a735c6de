"""Issue 15 §3: people read times in their zone (``timezone`` setting, default the system's,
``TZ`` honoured) with the offset shown; ``--json`` stays UTC with ``Z``; the context block is
dated in the user's zone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.errors import ConfigError
from memcli.settings import load_settings
from memcli.timeutil import get_zone, human

SAID = "2026-03-02T07:00:00+08:00"  # = 2026-03-01 23:00 UTC


@pytest.fixture
def seeded(cli, db_path):
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "capture", "我咖啡不加糖", "--at", SAID).exit_code == 0
    assert cli(*base, "capture", "I take my tea with honey", "--at", SAID).exit_code == 0
    assert cli(*base, "drain").exit_code == 0
    return base


def test_zone_names_offsets_and_local(monkeypatch) -> None:
    t = datetime(2026, 3, 1, 23, 0, tzinfo=UTC)
    assert human(t, get_zone("Asia/Shanghai")) == "2026-03-02 07:00 +08:00"
    assert human(t, get_zone("+05:30")) == "2026-03-02 04:30 +05:30"
    assert human(t, get_zone("UTC")) == "2026-03-01 23:00 +00:00"
    monkeypatch.setenv("TZ", "America/New_York")
    assert human(t, get_zone("local")) == "2026-03-01 18:00 -05:00"
    assert load_settings().timezone == "local"
    with pytest.raises(ConfigError, match="unknown time zone 'Mars/Olympus'"):
        load_settings(timezone="Mars/Olympus")


def shown(stdout: str, *parts: str) -> bool:
    """All parts appear in a rich table (a narrow terminal may wrap a cell at its spaces)."""
    return all(p in stdout for p in parts)


def test_list_in_the_system_zone_from_tz_json_in_utc(seeded, cli, monkeypatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Shanghai")
    r = cli(*seeded, "list")  # stdout is no terminal: 80 columns, where a table shows the date only
    assert r.exit_code == 0
    assert shown(r.stdout, "2026-03-02") and "2026-03-01" not in r.stdout and "23:00" not in r.stdout
    rows = cli(*seeded, "list", "--json").json()
    assert {row["valid_from"] for row in rows} == {"2026-03-01T23:00:00Z"}
    assert shown(cli(*seeded, "show", str(rows[0]["id"])).stdout, "2026-03-02", "07:00", "+08:00")
    hits = cli(*seeded, "search", "咖啡", "--json").json()["hits"]
    assert hits[0]["valid_from"] == "2026-03-01T23:00:00Z"
    assert shown(cli(*seeded, "search", "咖啡").stdout, "2026-03-02")


def test_setting_wins_over_tz(seeded, cli, monkeypatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Shanghai")
    monkeypatch.setenv("MEMCLI_TIMEZONE", "America/New_York")
    assert shown(cli(*seeded, "list").stdout, "2026-03-01") and "2026-03-02" not in cli(*seeded, "list").stdout
    item_id = str(cli(*seeded, "list", "--json").json()[0]["id"])
    assert shown(cli(*seeded, "show", item_id).stdout, "2026-03-01", "18:00", "-05:00")


def test_bad_zone_is_one_line(seeded, cli, monkeypatch) -> None:
    monkeypatch.setenv("MEMCLI_TIMEZONE", "Mars/Olympus")
    r = cli(*seeded, "list")
    assert r.exit_code != 0 and len(r.stderr.strip().splitlines()) == 1 and "Mars/Olympus" in r.stderr


@pytest.mark.parametrize(("query", "zone", "day"), [
    ("咖啡", "Asia/Shanghai", "3 月 2 日起"),
    ("咖啡", "UTC", "3 月 1 日起"),
    ("tea with honey", "Asia/Shanghai", "since Mar 2"),
    ("tea with honey", "America/Los_Angeles", "since Mar 1"),
])
def test_context_block_is_dated_in_the_users_zone(seeded, cli, monkeypatch, query, zone, day) -> None:
    monkeypatch.setenv("TZ", zone)
    r = cli(*seeded, "context", query, "--budget-ms", "60000")
    assert r.exit_code == 0 and day in r.stdout, r.stdout
