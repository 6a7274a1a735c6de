"""Round 25's sweep of bad input over every surface (CLI, library, tools): each kind it found
answers one line (a ``BadInputError``/``ConfigError``, exit 2) where it was an internal error
(exit 70), a silent wrong answer or an action on another row, and leaves the store as it was.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from annotated_types import Le
from conftest import run_cli
from test_bad_input import assert_error, snapshot

from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.errors import BadInputError, ConfigError
from memcli.settings import Settings, load_settings
from memcli.timeutil import MAX_DURATION_S, check_duration

# -- numbers that become a wait, a lease or a C int: NaN, infinity, past 100 years --------------


def _unit(name: str) -> float | None:
    """A duration setting's scale to seconds (``_s``, ``_ms``), else None."""
    return 1.0 if name.endswith("_s") else 0.001 if name.endswith("_ms") else None


def test_every_duration_setting_has_a_ceiling_no_wait_can_overflow() -> None:
    durations = {n: f for n, f in Settings.model_fields.items() if _unit(n) is not None}
    assert {"lease_s", "backoff_base_s", "drain_interval_s", "budget_ms", "busy_timeout_ms"} <= set(durations)
    for name, field in durations.items():
        tops = [m.le for m in field.metadata if isinstance(m, Le)]
        assert tops, f"{name} has no upper bound"
        assert tops[0] * _unit(name) <= MAX_DURATION_S, name
    assert Settings.model_fields["busy_timeout_ms"].metadata and min(
        m.le for m in Settings.model_fields["busy_timeout_ms"].metadata if isinstance(m, Le)) <= 2**31 - 1


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_no_number_setting_takes_nan_or_infinity(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    floats = [n for n, f in Settings.model_fields.items() if f.annotation in (float, "float", "float | None")]
    assert {"dedup_upper", "dedup_lower", "min_cosine", "lease_s", "weight_slot"} <= set(floats)
    for name in floats:
        monkeypatch.setenv(f"MEMCLI_{name.upper()}", value)
        with pytest.raises(ConfigError, match=name):
            load_settings()
        monkeypatch.delenv(f"MEMCLI_{name.upper()}")


@pytest.mark.parametrize(("env", "setting"), [("MEMCLI_LEASE_S", "lease_s"), ("MEMCLI_BUSY_TIMEOUT_MS",
                                                                                "busy_timeout_ms"),
                                               ("MEMCLI_BUDGET_MS", "budget_ms")])
def test_a_huge_duration_setting_is_one_line_and_nothing_is_claimed(env: str, setting: str, db_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    base = ("--db", str(db_path), "--user", "alice")
    assert run_cli(*base, "capture", "My brother works at a bakery", "--key", "b1").exit_code == 0
    before = snapshot(db_path)
    monkeypatch.setenv(env, "99999999999999999999")
    assert_error(run_cli(*base, "drain"), 2, f"invalid setting {setting}: ")
    monkeypatch.delenv(env)
    assert snapshot(db_path) == before
    with Store(db_path) as st:
        assert st.scalar(f"SELECT status || ':' || attempts FROM {s.OUTBOX}") == "pending:0"  # never claimed


def test_cli_context_budget_and_drain_interval_past_any_clock_are_bad_input(db_path: Path) -> None:
    base = ("--db", str(db_path), "--user", "alice")
    assert run_cli(*base, "capture", "My brother works at a bakery", "--key", "b1").exit_code == 0
    before = snapshot(db_path)
    msg = assert_error(run_cli(*base, "context", "where does my brother work?", "--budget-ms",
                               "99999999999999999999"), 2, "budget_ms (--budget-ms) must be")
    assert "100 years" in msg and "99999999999999999999" in msg
    for interval in ("inf", "1e300", "nan"):
        r = run_cli(*base, "drain", "--loop", "--interval", interval, "--max-seconds", "5")
        assert r.exit_code == 2 and "interval" in r.stderr and "internal error" not in r.stderr, r.stderr
    assert snapshot(db_path) == before  # the drain refused before it claimed anything


def test_library_budget_and_drain_durations_are_checked(mem) -> None:  # noqa: ANN001
    mem.capture("My brother works at a bakery")
    for bad in (10**20, float("nan"), float("inf"), 0, -5, "abc"):
        with pytest.raises(BadInputError, match=r"^budget_ms must be"):  # the keyword; the CLI adds --budget-ms
            mem.context("where does my brother work?", budget_ms=bad)
    for kw in ({"interval_s": float("inf")}, {"interval_s": -1.0}, {"max_seconds": float("nan")},
               {"max_seconds": -3}, {"max_seconds": float("inf")}):  # round 31: inf refused, as the CLI and HTTP
        with pytest.raises(BadInputError):
            mem.drain(loop=True, **kw)
    with Store(mem.settings.db) as st:
        assert st.scalar(f"SELECT status || ':' || attempts FROM {s.OUTBOX}") == "pending:0"
    # good input is unchanged: an hour's budget, no time limit (None), a short loop
    assert mem.drain(max_seconds=None).done == 1
    assert "bakery" in mem.context("where does my brother work?", budget_ms=3_600_000).text


def test_check_duration_bounds() -> None:
    assert check_duration(0, field="x") == 0.0 and check_duration(MAX_DURATION_S, field="x") == MAX_DURATION_S
    assert check_duration(5, field="x", unit="ms", low=1) == 5.0
    for bad in (True, "5", None, math.nan, math.inf, -0.5, MAX_DURATION_S + 1, 10**400):
        with pytest.raises(BadInputError, match="^x must be a number of seconds from 0 to 3153600000"):
            check_duration(bad, field="x")


# -- ids: true/false is no id; an id past SQLite's integers is bad input on every surface ----------


def test_a_tool_call_with_id_true_does_not_correct_memory_one(mem) -> None:  # noqa: ANN001
    from memcli.tools import call_tool

    first = mem.remember("My sister lives in Lyon", kind="relationship")
    assert first.item_id == 1
    for name, args in (("correct", {"id": True, "text": "My sister lives in Paris"}), ("forget", {"id": True}),
                       ("forget", '{"id": true}')):
        with pytest.raises(BadInputError, match=f"^{name}: id: expected a number, got true; nothing was done"):
            call_tool(mem, name, args)
    assert [(i.id, i.statement, i.status) for i in mem.list(include_all=True)] == [
        (1, "My sister lives in Lyon", "active")]


def test_token_and_task_ids_past_sqlite_integers_are_bad_input(db_path: Path) -> None:
    from memcli import Admin

    base = ("--db", str(db_path))
    assert run_cli(*base, "token", "create", "--user", "alice").exit_code == 0
    huge = "99999999999999999999"
    assert_error(run_cli(*base, "token", "revoke", huge), 2, "Invalid value for 'token_id': must be a positive id")
    assert_error(run_cli(*base, "outbox", "retry", huge), 2, "Invalid value for 'task_id': must be a positive id")
    assert_error(run_cli(*base, "token", "revoke", str(2**63 - 1)), 3, "no token 9223372036854775807")
    with Admin(db=str(db_path)) as adm:
        for call in (lambda: adm.revoke_token(10**20), lambda: adm.revoke_token(True), lambda: adm.retry_dead(10**20),
                     lambda: adm.retry_dead(0)):
            with pytest.raises(BadInputError, match="must be a positive id such as 3"):
                call()
        assert [t["revoked_at"] for t in adm.tokens()] == [None]


# -- the eval commands' counts: one check (eval.formats.check_counts), before any file is read ------


@pytest.mark.parametrize("args", [
    ("retrieval", "--locomo", "auto", "--samples", "-1"),  # was: all conversations but the last, exit 0
    ("retrieval", "--locomo", "auto", "--max-questions", "0"),
    ("retrieval", "--sample", "-2"),
    ("decisions", "--sample", "0"), ("decisions", "--limit", "-1"),
    ("conversations", "--sample", "-1"), ("conversations", "--limit", "0"),
    ("locomo-e2e", "--samples", "0"), ("locomo-e2e", "--max-questions", "-3"),
    ("memdaily", "no-such-file.json", "--limit", "0"),
])
def test_an_eval_count_below_one_is_refused_before_any_work(args: tuple[str, ...], db_path: Path) -> None:
    bad = args[args.index(next(a for a in args if a.startswith("--") and a != "--locomo"))]
    msg = assert_error(run_cli("--db", str(db_path), "eval", *args), 2, f"{bad} must be >= 1, got ")
    assert msg == f"{bad} must be >= 1, got {args[-1]}"
    assert not db_path.exists()


# -- metadata is stored as JSON text: what JSON cannot say is refused where it enters -----------------


def test_metadata_that_is_not_plain_json_is_refused_on_import_and_remember(mem, db_path: Path,
                                                                           tmp_path: Path) -> None:  # noqa: ANN001
    from datetime import datetime

    f = tmp_path / "nan.jsonl"  # Python's json reads NaN; the store's JSON text must not hold it
    f.write_text('{"text": "My cat is Tom"}\n{"text": "My dog is Rex", "metadata": {"vet": {"visits": NaN}}}\n')
    before = snapshot(db_path)
    msg = assert_error(run_cli("--db", str(db_path), "--user", "alice", "import", str(f)), 2, f"{f} line 2: metadata: ")
    assert "NaN or infinite" in msg and msg.endswith("nothing was written")
    assert snapshot(db_path) == before
    for bad, says in (({"x": float("inf")}, "NaN or infinite"), ({"when": datetime(2026, 1, 1)}, "not plain JSON")):
        with pytest.raises(BadInputError, match=f"^metadata: .*{says}"):
            mem.remember("My parrot is Polly", metadata=bad)
    assert mem.list() == []
    kept = {"tags": ["pet", 2.5, None, True], "vet": {"name": "Dr. Lee"}}  # plain JSON is kept as given
    assert mem.show(mem.remember("My parrot is Polly", metadata=kept).item_id).metadata == kept


# -- a time told in a turn that no calendar holds: the turn is drained, the time left unresolved -----


@pytest.mark.parametrize(("text", "at"), [
    ("I moved to Paris 5000 years ago", None),  # before the year 1
    ("I moved to Paris 99999999999999999999 years ago", None),  # past a C long
    ("I moved to Paris 99999999999 days ago", None),  # past a timedelta
    ("I moved to Paris 99999999999 months ago", None),
    ("我5000年前搬到了上海", None),
    ("我99999999999天前搬到了上海", None),
    ("My exam is next week", "9999-12-29T12:00:00Z"),  # the year 10000
    ("My exam is next Monday", "9999-12-29T12:00:00Z"),
    ("My exam is on December 31", "9999-12-29T12:00:00Z"),
])
def test_a_turn_whose_time_no_calendar_holds_is_drained_not_retried(mem, text: str, at: str | None) -> None:  # noqa: ANN001
    mem.capture(text, at=at, allow_future=True)
    s = mem.drain()
    assert (s.done, s.retried, s.dead, s.errors) == (1, 0, 0, [])  # was: OverflowError/ValueError, retried to dead
    kept = mem.list()
    assert len(kept) == 1, kept  # the fact is kept
    if at is None:  # the count moved nothing: valid from when it was said (now), not an error
        assert kept[0].valid_from.year >= 2026


def test_times_near_the_calendars_ends_still_resolve() -> None:
    from datetime import UTC, datetime

    from memcli.write.pair_dates import when_of
    from memcli.write.rules.match import resolve_ago

    said = datetime(2026, 3, 10, tzinfo=UTC)
    assert resolve_ago(said, ("year", 3)) == datetime(2023, 3, 10, tzinfo=UTC)
    assert resolve_ago(said, ("day", 10**20)) == said and resolve_ago(said, ("year", 5000)) == said
    assert resolve_ago(datetime(1970, 1, 1, tzinfo=UTC), ("day", 3)) == datetime(1969, 12, 29, tzinfo=UTC)
    assert when_of("My exam is next week", datetime(9999, 12, 29, tzinfo=UTC)) is None
    assert when_of("My exam is next week", said) is not None


def test_capture_fast_path_mirrors_the_settings_bounds(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from annotated_types import Ge

    from memcli.cli.fast import _FAST_INTS

    for name, (default, low, high) in _FAST_INTS.items():
        f = Settings.model_fields[name]
        les = [m.le for m in f.metadata if isinstance(m, Le)]
        assert (default, low, high) == (f.default, next(m.ge for m in f.metadata if isinstance(m, Ge)),
                                        les[0] if les else None), name
    base = ("--db", str(db_path), "--user", "alice")
    assert run_cli(*base, "capture", "first turn here").exit_code == 0
    before = snapshot(db_path)
    for v in ("3000000000", "99999999999999999999"):  # the fast path handed it to SQLite: a traceback, exit 1
        monkeypatch.setenv("MEMCLI_BUSY_TIMEOUT_MS", v)
        assert_error(run_cli(*base, "capture", "second turn here"), 2,
                     "invalid setting busy_timeout_ms: needs a number ≤ 2147483647, got")
    assert snapshot(db_path) == before
    monkeypatch.setenv("MEMCLI_BUSY_TIMEOUT_MS", str(2**31 - 1))  # the largest is good input
    assert run_cli(*base, "capture", "second turn here").exit_code == 0


# -- a name given to a row (session, key, token name) or metadata with NUL: the same answer on both backends --


@pytest.mark.backends
def test_control_characters_in_names_and_nul_in_metadata_are_refused_alike_on_both_backends(mem, db) -> None:  # noqa: ANN001
    from memcli import Admin

    mem.capture("first turn here", session="chat-42", key="msg-1")  # printable names are good input

    def counts() -> tuple:
        st = mem.stats()
        return st["items"], st["sources"], st["outbox"]

    before = counts()
    for kw, field in (({"session": "a\x00b"}, "session"), ({"key": "k\x1b[31m"}, "key"),
                      ({"session": "a\tb"}, "session")):
        with pytest.raises(BadInputError, match=f"^{field}: '.*' holds a control character; "
                                                "a session id or key is printable text$"):
            mem.capture("second turn here", **kw)
    with pytest.raises(BadInputError, match=r"^line 2: session: 's\\u0000' holds a control character"):
        mem.capture_jsonl(['{"text": "second turn here"}', '{"text": "third turn", "session": "s\\u0000"}'])
    for md in ({"a": "b\x00c"}, {"a\x00": 1}, {"list": ["x", "\x00"]}):
        with pytest.raises(BadInputError, match=r"^metadata: holds a NUL character"):
            mem.remember("My horse is called Ed", metadata=md)
    assert counts() == before  # SQLite stored these; PostgreSQL refused them in the store, after validation
    with Admin(db=db) as adm:
        with pytest.raises(BadInputError, match=r"^name: 'n\\u0000' holds a control character"):
            adm.create_token("alice", name="n\x00")
        assert adm.tokens() == []
        assert adm.create_token("alice", name="ci bot (prod)")["name"] == "ci bot (prod)"


def test_capture_fast_path_refuses_a_control_character_in_session_or_key(db_path: Path) -> None:
    base = ("--db", str(db_path), "--user", "alice")
    assert run_cli(*base, "capture", "first turn here").exit_code == 0
    before = snapshot(db_path)
    assert_error(run_cli(*base, "capture", "second turn here", "--session", "a\x01b"), 2,
                 "session: 'a\\u0001b' holds a control character")
    assert_error(run_cli(*base, "capture", "second turn here", "--key", "k\x00"), 2,
                 "key: 'k\\u0000' holds a control character")
    assert snapshot(db_path) == before


def test_calibrate_write_into_a_folder_it_cannot_make_fails_before_the_fit(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MEMCLI_CONFIG", str(blocker / "memcli" / "config.toml"))
    msg = assert_error(run_cli("--db", str(tmp_path / "m.db"), "calibrate", "--write", "--no-fusion",
                               "--no-answerability", "--json"), 2, "cannot write the config folder ")
    assert f"{blocker} is a file, not a folder" in msg  # was: internal error (FileExistsError) after the whole fit
    assert blocker.read_text() == "not a folder" and list(tmp_path.iterdir()) == [blocker]


# -- the library's own edges: its keyword settings, list's limit, forget's cascade -----------------


def test_memory_keywords_are_settings_checked_with_or_without_a_settings_object(db_path: Path) -> None:
    from memcli import Admin, Memory

    st = load_settings(db=str(db_path), user="alice")
    for settings in (None, st):  # with settings=, model_copy took any value unchecked
        with pytest.raises(ConfigError, match=r"^unknown setting 'budget_m' \(did you mean 'budget_ms'\?\)"):
            Memory(db=str(db_path), settings=settings, budget_m=500)
        with pytest.raises(ConfigError, match="^invalid setting budget_ms: needs a number ≤ "):
            Memory(db=str(db_path), settings=settings, budget_ms=10**20)
        with pytest.raises(ConfigError, match=r"^invalid setting user: user 'a\\u0000' holds a control"):
            Memory(db=str(db_path), settings=settings, user="a\x00")
        with pytest.raises(ConfigError, match="^invalid setting dedup_upper: needs a finite number, got "):
            Admin(db=str(db_path), settings=settings, dedup_upper=float("nan"))
    with Memory(settings=st, user="bob", budget_ms=900) as m:  # good keywords are unchanged
        assert (m.user, m.settings.budget_ms, m.settings.db) == ("bob", 900, st.db)


def test_list_limit_below_one_and_cascade_without_purge_are_bad_input(mem) -> None:  # noqa: ANN001
    first = mem.remember("My brother plays the cello").item_id
    for bad in (0, -1, True, 2.5):
        with pytest.raises(BadInputError, match=r"^limit must be a whole number >= 1"):
            mem.list(limit=bad)  # 0 and -1 listed everything
    assert [i.id for i in mem.list(limit=1)] == [first]
    with pytest.raises(BadInputError, match="^cascade: only with purge=True"):
        mem.forget(first, cascade=True)  # was a plain forget, cascade ignored
    assert mem.show(first).status == "active"
