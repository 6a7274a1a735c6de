"""What a new user's trial of round 38's merged tree found, fixed as kinds (own sentences).

- A give-up the fitted judge took for a restatement (NOOP) of the habit it ends: "I gave up coffee" after
  我每天早上喝咖啡 reinforced the habit. A give-up ends the liking or habit of the thing
  (:func:`memcli.write.given_up.given_up_ends`) whatever the judge said, NOOP included.
- A switch read as the habit it states no longer ended a liking of the drink it replaces (最近我更爱喝咖啡, then
  我现在改喝茶了: both active; the judge had ended it before the switch had its own slot): a switch ends a liking of
  another drink told with the verb of taking, or one compared against the thing switched to ("I prefer A to B",
  then "I switched to B"); a liking of another food stays.
- A one-shot ``drain`` at a mistyped ``--db`` created an empty database (then every read command found one);
  ``drain --loop`` (a worker that may start before the first capture) still creates it.
"""

from __future__ import annotations

import pytest
from conftest import assert_second_decided, run_cli
from test_bad_input import assert_error


@pytest.mark.parametrize(("first", "second"), [
    ("我每天喝绿茶。", "I stopped drinking green tea."),
    ("我每天早上喝咖啡。", "I gave up coffee."),
])
def test_a_give_up_the_judge_took_for_a_restatement_ends_the_habit(tmp_path, embedder, first, second):
    assert_second_decided(tmp_path / "m.db", embedder, first, second, "CONFLICT")


@pytest.mark.parametrize(("first", "second"), [
    ("I love hot chocolate.", "I gave up hot chocolate."),
    ("I eat chocolate every day.", "我现在不吃巧克力了。"),
    ("我每天晚上喝啤酒。", "I gave up beer."),
])
def test_give_ups_the_judge_or_the_rules_already_ended_stay_ended(tmp_path, embedder, first, second):
    assert_second_decided(tmp_path / "m.db", embedder, first, second, "CONFLICT")


@pytest.mark.parametrize(("first", "second", "decision"), [
    ("我最近更爱喝可乐。", "我现在改喝茶了。", "CONFLICT"),
    ("I prefer black tea to coffee these days.", "I switched to coffee.", "CONFLICT"),
    ("I love chocolate cake.", "I switched to tea.", "ADD"),
    ("我最喜欢喝绿茶。", "我改喝茶了。", "ADD"),
])
def test_a_switch_ends_the_liking_it_replaces_and_no_other(tmp_path, embedder, first, second, decision):
    assert_second_decided(tmp_path / "m.db", embedder, first, second, decision)


def test_a_one_shot_drain_at_a_missing_database_says_so(tmp_path):
    db = tmp_path / "typo.db"
    msg = assert_error(run_cli("--db", str(db), "drain"), 4)
    assert msg.startswith(f"no memcli database at {db}: nothing was captured there yet"), msg
    assert_error(run_cli("--db", str(db), "--user", "alice", "drain", "--json"), 4)
    assert list(tmp_path.iterdir()) == []


def test_a_looping_worker_still_creates_its_database(tmp_path, embedder):
    db = tmp_path / "worker.db"
    r = run_cli("--db", str(db), "drain", "--loop", "--max-seconds", "0.2", "--interval", "0.05", "--json")
    assert r.exit_code == 0, r.stderr
    assert db.exists() and r.json()["claimed"] == 0
