"""An error names what its caller can change (round 27's new-user trial of the HTTP service and the library).

- The library's errors name its keyword (``as_of: 'x' is not an ISO-8601 time``), which is also the HTTP
  parameter and the tool argument; only the CLI adds its option (``as_of (--as-of): …``). HTTP answered
  ``as_of (--as-of)`` for ``/v1/search?as_of=bad``, and ``allow it (--allow-future, allow_future)`` for a
  field HTTP did not have: now ``allow_future`` is a body field of capture and remember.
- ``correct`` of a memory whose correction was purged named the erased id as if it could be acted on
  ("no longer valid (corrected by the user (#6)); correct the memory that is, or `memcli remember` …").
- A JSON ``NaN`` / ``Infinity`` / ``1e400`` (no JSON numbers; Python's parser reads them) was "less than or
  equal to 1", or a drain of infinite seconds; now "needs a finite number, got inf" (round 31: memcli's words).
"""

from __future__ import annotations

import re
import time
import uuid

import httpx
import pytest

pytest.importorskip("fastapi", reason="pip install 'memcli[server]'")


from memcli.admin import Admin  # noqa: E402
from memcli.errors import BadInputError  # noqa: E402

ISO = "'someday' is not an ISO-8601 time (e.g. 2026-03-01 or 2026-03-01T09:30:00+08:00)"


@pytest.fixture(scope="module")
def server(http_service):
    """The session's server (``http_service``), a user of this module's and the operator's token."""
    base_url, settings = http_service
    with Admin(settings=settings) as adm:
        tok = adm.create_token(f"u-{uuid.uuid4().hex[:8]}")["token"]
        op = adm.create_token(operator=True)["token"]
    return base_url, {"Authorization": f"Bearer {tok}"}, op


def _err(r: httpx.Response, status: int = 400) -> str:
    assert r.status_code == status, r.text
    return r.json()["error"]["message"]


def test_http_errors_name_the_http_parameter_never_a_cli_flag(server):
    base, auth, _ = server
    bad = {
        "search": httpx.get(f"{base}/v1/search", params={"q": "tea", "as_of": "someday"}, headers=auth),
        "list": httpx.get(f"{base}/v1/memories", params={"as_of": "someday"}, headers=auth),
        "context": httpx.post(f"{base}/v1/context", json={"query": "tea", "as_of": "someday"}, headers=auth),
    }
    for route, r in bad.items():
        assert _err(r) == f"as_of: {ISO}", route
    lang = _err(httpx.post(f"{base}/v1/context", json={"query": "tea", "lang": "fr"}, headers=auth))
    assert lang == "lang must be zh or en (got 'fr')"
    budget = _err(httpx.post(f"{base}/v1/context", json={"query": "tea", "budget_ms": 10**20}, headers=auth))
    # (round 42: above the operator's cap, server_max_budget_ms, before the library's own 100-year limit)
    assert budget.startswith(f"budget_ms: {10**20} is above this server's cap") and "--" not in budget


def test_a_future_time_over_http_names_the_field_that_allows_it(server):
    base, auth, _ = server
    for route, body in (("capture", {"text": "I collect old maps"}), ("memories", {"text": "I collect old stamps"})):
        r = httpx.post(f"{base}/v1/{route}", json={**body, "at": "2099-05-01"}, headers=auth)
        assert _err(r) == ("at: 2099-05-01T00:00:00Z is more than a day in the future; allow it (allow_future) "
                           "if that time is meant"), route
        ok = httpx.post(f"{base}/v1/{route}", json={**body, "at": "2099-05-01", "allow_future": True}, headers=auth)
        assert ok.status_code in (200, 201), ok.text
    stored = httpx.get(f"{base}/v1/memories", headers=auth).json()["memories"]
    assert [(m["statement"], m["valid_from"]) for m in stored] == [("I collect old stamps", "2099-05-01T00:00:00Z")]
    stamps = stored[0]["id"]
    late = {"text": "I collect old coins", "at": "2099-06-01"}
    assert "allow it (allow_future)" in _err(httpx.patch(f"{base}/v1/memories/{stamps}", json=late, headers=auth))
    fixed = httpx.patch(f"{base}/v1/memories/{stamps}", json={**late, "allow_future": True}, headers=auth)
    assert fixed.status_code == 200 and fixed.json()["valid_from"] == "2099-06-01T00:00:00Z", fixed.text


@pytest.mark.parametrize("raw", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_a_number_json_has_not_is_refused_as_not_finite(server, raw):
    base, auth, op = server
    hdr = {**auth, "content-type": "application/json"}
    for route, body in (("memories", '{"text": "I grow basil", "confidence": %s}'),
                        ("context", '{"query": "basil", "min_score": %s}')):
        r = httpx.post(f"{base}/v1/{route}", content=body % raw, headers=hdr)
        field = "confidence" if route == "memories" else "min_score"
        assert re.fullmatch(f"{field}: needs a finite number, got -?(inf|nan)", _err(r)), _err(r)
    q = httpx.get(f"{base}/v1/search", params={"q": "basil", "min_score": raw.lower()}, headers=auth)
    assert _err(q) == f"min_score: needs a finite number, got {raw.lower()!r}"
    d = httpx.post(f"{base}/internal/drain", content=f'{{"max_seconds": {raw}}}',
                   headers={"Authorization": f"Bearer {op}", "content-type": "application/json"})
    assert re.fullmatch("max_seconds: needs a finite number, got -?(inf|nan)", _err(d)), _err(d)
    stored = httpx.get(f"{base}/v1/memories", headers=auth).json()["memories"]
    assert "I grow basil" not in [m["statement"] for m in stored]


def _settled(base: str, op: str) -> None:
    """Drain every capture an earlier test left (the service's own background drain may take one at any time), so two
    exports taken later compare only what the test does: no pending or processing task left (``/metrics``)."""
    busy = re.compile(r'^memcli_outbox_tasks\{status="(?:pending|processing)"\} ([0-9.]+)$', re.M)
    for _ in range(120):
        httpx.post(f"{base}/internal/drain", json={}, headers={"Authorization": f"Bearer {op}"}, timeout=60)
        counts = busy.findall(httpx.get(f"{base}/metrics").text)
        if len(counts) == 2 and not any(float(n) for n in counts):
            return
        time.sleep(0.25)
    raise AssertionError("the outbox did not settle")


def test_correct_after_the_correction_was_purged_says_so_on_every_surface(server, cli, tmp_path):
    base, auth, op = server
    _settled(base, op)
    first = httpx.post(f"{base}/v1/memories", json={"text": "我在杭州的一家书店上班"}, headers=auth).json()["item_id"]
    fixed = httpx.patch(f"{base}/v1/memories/{first}", json={"text": "我在杭州的一家咖啡馆上班"}, headers=auth).json()
    assert httpx.delete(f"{base}/v1/memories/{fixed['id']}", params={"purge": "true"}, headers=auth).json()["purged"]
    before = httpx.get(f"{base}/v1/export", params={"all": "true"}, headers=auth).text
    msg = _err(httpx.patch(f"{base}/v1/memories/{first}", json={"text": "我在杭州的一家花店上班"}, headers=auth))
    assert msg == (f"memory #{first} is no longer valid, and #{fixed['id']}, which replaced it, was erased "
                   "(forget --purge); remember the fact as a new memory instead")
    assert httpx.get(f"{base}/v1/export", params={"all": "true"}, headers=auth).text == before  # nothing written
    # the CLI says the same with its command; the library with its method
    db = str(tmp_path / "c.db")
    base_args = ("--db", db, "--user", "dora")
    assert cli(*base_args, "remember", "My cat is called Biscuit").exit_code == 0
    assert cli(*base_args, "correct", "1", "My cat is called Pickle").exit_code == 0
    assert cli(*base_args, "forget", "2", "--purge").exit_code == 0
    r = cli(*base_args, "correct", "1", "My cat is called Mochi")
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == ("memcli: error: memory #1 is no longer valid, and #2, which replaced it, was erased "
                        "(forget --purge); `memcli remember` the fact instead\n")
    from memcli import Memory

    with Memory(db=db, user="dora") as m:
        with pytest.raises(BadInputError, match=r"^memory #1 is no longer valid, and #2, which replaced it, was "):
            m.correct(1, "My cat is called Mochi")
        assert [i.statement for i in m.list(include_all=True)] == ["My cat is called Biscuit"]


def test_the_library_names_its_keywords_and_the_cli_its_options(mem, cli, tmp_path):
    mem.remember("I play the oboe")
    calls = {"as_of": lambda: mem.search("oboe", as_of="someday"),
             "limit": lambda: mem.list(limit=0),
             "min_score": lambda: mem.search("oboe", min_score=3),
             "budget_ms": lambda: mem.context("oboe", budget_ms=0),
             "max_tokens": lambda: mem.context("oboe", max_tokens=0),
             "lang": lambda: mem.context("oboe", lang="fr"),
             "max_seconds": lambda: mem.drain(max_seconds=-1)}
    for word, call in calls.items():
        with pytest.raises(BadInputError) as err:
            call()
        assert str(err.value).startswith(f"{word}:" if word == "as_of" else f"{word} must"), str(err.value)
        assert "--" not in str(err.value), str(err.value)
    db = ("--db", str(tmp_path / "f.db"), "--user", "erin")
    for args, flag in ((("search", "oboe", "--as-of", "someday"), "as_of (--as-of): "),
                       (("context", "oboe", "--lang", "fr"), "lang (--lang) must"),
                       (("context", "oboe", "--budget-ms", "99999999999999999999"), "budget_ms (--budget-ms) must"),
                       (("remember", "I play the oboe", "--at", "2099-01-01"), "allow it (--allow-future)")):
        r = cli(*db, *args)
        assert r.exit_code == 2 and flag in r.stderr and r.stderr.count("\n") == 1, (args, r.stderr)


def test_export_dicts_import_as_the_docstring_says_and_other_types_are_bad_lines(mem, tmp_path):
    """``Memory.export`` yields dicts and says ``import_jsonl`` restores them: it raised AttributeError
    ('dict' object has no attribute 'strip'). A dict is now taken as a parsed line; another type is a bad line."""
    from memcli import Memory

    mem.remember("我每天早上骑车去公司")
    mem.remember("My brother is a nurse in Leeds")
    with Memory(db=str(tmp_path / "copy.db"), user="alice") as copy:
        assert len(copy.import_jsonl(mem.export(include_all=True))) == 2
        assert sorted(i.statement for i in copy.list()) == sorted(i.statement for i in mem.list())
        for bad, kind in ((5, "int"), (b'{"text": "I swim"}', "bytes"), (None, "NoneType")):
            with pytest.raises(BadInputError) as err:
                copy.import_jsonl([bad])
            assert str(err.value) == f"line 1: expected a line of JSON text or a dict, got {kind}; nothing was written"
        assert len(copy.list(include_all=True)) == 2


def test_a_request_without_a_body_a_deep_body_and_a_path_that_is_no_id_get_one_clear_line(server):
    """No body at all was "Field required" (no field named); JSON thousands deep was "There was an error
    parsing the body"; /v1/episodes/abc showed pydantic's regex. Each kind is one line on every route."""
    base, auth, _ = server
    hdr = {**auth, "content-type": "application/json"}
    for method, route in (("POST", "capture"), ("POST", "context"), ("POST", "memories"), ("PATCH", "memories/1")):
        assert _err(httpx.request(method, f"{base}/v1/{route}", headers=hdr)) == (
            "send a JSON object with content-type: application/json"), route
        for deep in ("[" * 100_000, '{"text": "I knit", "metadata": ' + '{"a": ' * 5000 + "1" + "}" * 5001):
            r = httpx.request(method, f"{base}/v1/{route}", content=deep, headers=hdr)
            assert _err(r) == "body is not valid JSON: nested too deeply", route
    assert _err(httpx.delete(f"{base}/v1/episodes/abc", headers=auth)) == (
        "id: must be an episode id such as 13 (a search hit's episode_id), or its ref e13, got 'abc'")
    assert _err(httpx.get(f"{base}/v1/memories/x1/history", headers=auth)).startswith(
        "id: must be a memory id such as 12, or a search hit's ref (m12; e12 names an episode), got 'x1'")
    assert httpx.get(f"{base}/v1/memories", params={"all": "true"}, headers=auth).status_code == 200


def test_a_limit_that_is_no_whole_number_is_told_so(mem):
    """``search("x", limit="3")`` said "limit must be >= 1 (got '3')", which '3' seems to be."""
    mem.remember("I keep bees")
    for call in (lambda v: mem.search("bees", limit=v), lambda v: mem.list(limit=v)):
        for bad in ("3", 2.5, 0, True):
            with pytest.raises(BadInputError, match=rf"^limit must be a whole number >= 1 \(got {bad!r}\)$"):
                call(bad)


@pytest.mark.backends
def test_a_key_session_or_token_name_past_a_thousand_characters_is_refused(mem, cli, tmp_path):
    """A 500,000-character idempotency key (or session) was stored and indexed whole."""
    from memcli import Admin

    before = mem.stats()
    for field in ("key", "session"):
        with pytest.raises(BadInputError) as err:
            mem.capture("I go fishing on Sundays", **{field: "k" * 1001})
        assert str(err.value) == f"{field}: 1001 characters; a session id or key is at most 1000"
    assert mem.capture("I go fishing on Sundays", key="k" * 1000, session="s" * 1000).duplicate is False
    assert mem.stats()["outbox"]["pending"] == before["outbox"]["pending"] + 1
    with Admin(settings=mem.settings) as adm, pytest.raises(BadInputError, match="^name: 1001 characters"):
        adm.create_token("alice", name="n" * 1001)
    db = ("--db", str(tmp_path / "k.db"), "--user", "alice")
    r = cli(*db, "capture", "I go fishing on Sundays", "--key", "k" * 1001)
    assert (r.exit_code, r.stderr) == (2, "memcli: error: key: 1001 characters; a session id or key is at most 1000\n")


@pytest.mark.backends
def test_a_flag_that_is_no_bool_a_count_that_is_no_number_and_a_closed_memory_are_memcli_errors(mem):
    """``forget(1, purge="no")`` purged (a non-empty string is truthy); ``context(max_tokens="abc")`` raised
    ValueError and ``max_tokens=0.5`` said "got 0"; ``drain(limit=-1)`` drained nothing without a word; a call
    on a closed Memory raised the driver's ConnectionClosedError."""
    from memcli import Memory

    kept = mem.remember("My aunt runs a tea shop in Kunming").item_id
    mem.capture("我每个月去一次图书馆")
    for call, message in (
            (lambda: mem.forget(kept, purge="no"), "purge must be True or False (got 'no')"),
            (lambda: mem.forget(kept, purge=True, cascade="yes"), "cascade must be True or False (got 'yes')"),
            (lambda: mem.forget_episode(1, purge=1), "purge must be True or False (got 1)"),
            # the whole kind: every keyword whose default is a bool, on every public method
            (lambda: mem.list(include_all="no"), "include_all must be True or False (got 'no')"),
            (lambda: mem.search("tea shop", explain="no"), "explain must be True or False (got 'no')"),
            (lambda: mem.capture("I sing", allow_future="no"), "allow_future must be True or False (got 'no')"),
            (lambda: mem.remember("I sing", split=None), "split must be True or False (got None)"),
            (lambda: mem.drain(loop="no"), "loop must be True or False (got 'no')"),
            (lambda: mem.context("tea shop", max_tokens="abc"), "max_tokens must be a whole number >= 1 (got 'abc')"),
            (lambda: mem.context("tea shop", max_tokens=0.5), "max_tokens must be a whole number >= 1 (got 0.5)"),
            (lambda: mem.drain(limit=-1), "limit must be a whole number >= 1 (got -1)"),
            (lambda: mem.drain(limit="5"), "limit must be a whole number >= 1 (got '5')")):
        with pytest.raises(BadInputError) as err:
            call()
        assert str(err.value) == message
    assert mem.show(kept).status == "active"  # nothing forgotten, let alone purged
    assert mem.outbox_status().counts["pending"] == 1  # nothing drained, nothing captured
    assert [m.statement for m in mem.list()] == ["My aunt runs a tea shop in Kunming"]  # nothing remembered
    other = Memory(settings=mem.settings)
    other.close()
    with pytest.raises(Exception) as err:
        other.search("tea shop")
    from memcli.errors import StoreError

    assert isinstance(err.value, StoreError)
    assert str(err.value) == "this Memory is closed (close() or the end of its with block); open a new one"


def test_a_query_parameter_the_route_does_not_take_is_refused_after_the_token(server):
    """Round 41's trial: ``/v1/search?q=tea&limt=3`` answered 200 (the typo dropped) while an unknown body field is
    400; a query parameter the route does not take is 400 now, on every route kind, and the token still comes first."""
    base, auth, op = server
    typo = _err(httpx.get(f"{base}/v1/search", params={"q": "tea", "limt": "3"}, headers=auth))
    assert typo == "limt: unknown query parameter (this route takes: as_of, explain, limit, min_score, q)"
    purge = _err(httpx.delete(f"{base}/v1/memories/m999999", params={"purg": "true"}, headers=auth))
    assert purge == "purg: unknown query parameter (this route takes: cascade, purge)"
    body_route = _err(httpx.post(f"{base}/v1/context", params={"debug": "1"}, json={"query": "tea"}, headers=auth))
    assert body_route == "debug: unknown query parameter (this route takes: no query parameters)"
    operator = {"Authorization": f"Bearer {op}"}
    internal = _err(httpx.post(f"{base}/internal/drain", params={"limit": "5"}, headers=operator))
    assert internal.startswith("limit: unknown query parameter")
    assert httpx.get(f"{base}/v1/search", params={"q": "tea", "limt": "3"}).status_code == 401
    known = httpx.get(f"{base}/v1/search", params={"q": "tea", "limit": "3"}, headers=auth)
    assert known.status_code == 200 and known.json()["hits"] == []


def test_a_context_budget_counts_the_wait_for_a_model_lane():
    """Round 41's trial: with 8 clients a context's wall time was ~470 ms at p50 against an ``elapsed_ms`` of 74
    (the wait for a free model lane was outside the budget). The route's budget now counts from its arrival."""
    from memcli.service.app import budget_left

    assert budget_left(800, 800, 10.0, 10.3) == 500  # 300 ms spent waiting
    assert budget_left(None, 600, 10.0, 10.25) == 350  # the settings' budget when the request gives none
    assert budget_left(800, 800, 10.0, 12.0) == 1  # spent waiting: 1 ms, "no block" at once
    for not_a_budget in (0, -5, "abc", True, 10.5):
        assert budget_left(not_a_budget, 800, 10.0, 10.3) == not_a_budget  # the library's check answers it
