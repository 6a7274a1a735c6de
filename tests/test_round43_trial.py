"""Round 43's trial by a new user: a stop of one thing ended a fact of another (the shared 开始 / since frame), a
start told by from / since / 从…开始 was dated the day it was said (or twice), numbers given as text or true
over HTTP, the library and MCP, events of two days ending each other, and a too-large body's 413 to a Python client.

One store (a real SQLite file, the real default model) is drained once for the module.
"""

from __future__ import annotations

import json

import pytest

from memcli import Admin, Memory
from memcli.errors import BadInputError

TURNS = [  # (said at, words)
    ("2026-10-20T09:00:00Z", "我上个月开始搬到无锡住了"),
    ("2026-10-01T09:00:00Z", "我每天下午喝一杯奶茶"),
    ("2026-10-29T09:00:00Z", "我从这周二开始不喝奶茶了"),  # a Thursday: this Tuesday is Oct 27
    ("2026-10-02T09:00:00Z", "Since last month I have been working at a bakery"),
    ("2026-10-29T10:00:00Z", "Since this Tuesday I stopped eating sweets"),
    ("2026-06-10T09:00:00Z", "From March on I've been cycling to my office"),
    ("2026-06-11T09:00:00Z", "从三月份开始我一直在学吉他"),
    ("2026-10-06T12:00:00Z", "Yesterday I went bowling with 4 neighbours"),
    ("2026-10-13T12:00:00Z", "Yesterday I went bowling with 6 neighbours"),  # another day: both bowled
    ("2026-10-01T12:00:00Z", "One of my colleagues is called Priya"),
    ("2026-10-02T12:00:00Z", "Another colleague of mine is called Tomasz"),
]


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):
    """``(path, rows by statement substring)``: the turns drained once."""
    path = str(tmp_path_factory.mktemp("r43") / "trial.db")
    with Memory(db=path, user="ivy", embedder=embedder) as m:
        for at, text in TURNS:
            m.capture(text, at=at)
        m.drain()
        rows = m.list(include_all=True)
    return path, rows


def _row(rows, words: str):
    found = [r for r in rows if words in r.statement]
    assert found, [r.statement for r in rows]
    return found[0]


def test_a_stop_of_one_thing_ends_no_fact_of_another(store):
    _, rows = store
    assert _row(rows, "无锡").status == "active"  # 开始 shared, nothing else: no ending
    assert _row(rows, "bakery").status == "active"
    assert _row(rows, "每天下午喝一杯奶茶").status == "invalid"  # the same thing stopped: it ends


def test_events_of_two_days_and_two_colleagues_are_both_kept(store):
    _, rows = store
    assert [r.status for r in rows if "went bowling" in r.statement] == ["active", "active"]
    assert _row(rows, "Priya").status == "active" and _row(rows, "Tomasz").status == "active"


def test_a_start_told_by_from_or_since_is_its_valid_time(store, embedder):
    path, rows = store
    assert _row(rows, "不喝奶茶").valid_from.date().isoformat() == "2026-10-27"
    assert _row(rows, "sweets").valid_from.date().isoformat() == "2026-10-27"
    assert _row(rows, "cycling").valid_from.date().isoformat() == "2026-03-01"
    assert _row(rows, "吉他").valid_from.date().isoformat() == "2026-03-01"
    with Memory(db=path, user="ivy", embedder=embedder) as m:
        block = m.context("我现在还喝奶茶吗", budget_ms=20000).text
    line = next(ln for ln in block.splitlines() if "不喝奶茶" in ln and ln.startswith("- ["))
    assert "10 月 27 日起" in line and "日期" not in line, line  # one date, the start's


def test_numbers_given_as_text_or_true_are_refused_on_every_surface(store, embedder):
    pytest.importorskip("fastapi", reason="pip install 'memcli[server]'")
    import httpx
    from _http import running

    from memcli.service.app import Service, create_app
    from memcli.settings import load_settings
    from memcli.tools import SearchArgs

    path, _ = store
    with Memory(db=path, user="ivy", embedder=embedder) as m:
        for call in (lambda: m.context("tea", limit=True), lambda: m.remember("I like plums", confidence=True),
                     lambda: m.remember("I like figs", confidence="0.5"), lambda: m.search("tea", limit="2")):
            with pytest.raises(BadInputError):
                call()
    for bad in ("3", True, 3.0):
        with pytest.raises(ValueError):
            SearchArgs.model_validate({"query": "tea", "limit": bad})
    assert SearchArgs.model_validate({"query": "tea", "limit": 3}).limit == 3
    with Admin(db=path, embedder=embedder) as adm:
        token = adm.create_token("ivy")["token"]
    svc = Service(load_settings(db=path, server_model_processes=0, server_drain_process=False,
                                server_next_request_drain=False), embedder=embedder)
    head = {"Authorization": f"Bearer {token}", "content-type": "application/json"}
    with running(create_app(service=svc)) as url:
        def post(route: str, body: dict) -> httpx.Response:
            return httpx.post(f"{url}{route}", content=json.dumps(body), headers=head, timeout=60)

        for field, bad, words in (("budget_ms", "5000", "needs a whole number, got '5000'"),
                                  ("budget_ms", True, "needs a whole number, got true"),
                                  ("limit", "3", "needs a whole number"), ("max_tokens", False, "needs a whole number"),
                                  ("min_score", "0.2", "needs a number")):
            r = post("/v1/context", {"query": "where do I live", field: bad})
            assert r.status_code == 400 and r.json()["error"]["message"].startswith(f"{field}: {words}"), r.text
        r = post("/v1/memories", {"text": "I like pears", "confidence": "1"})
        assert r.status_code == 400 and r.json()["error"]["message"].startswith("confidence: needs a number"), r.text
        r = post("/v1/context", {"query": "where do I live", "budget_ms": 5000, "limit": 3})
        assert r.status_code == 200, r.text
        r = httpx.get(f"{url}/v1/search", params={"q": "tea", "limit": "true"}, headers=head, timeout=60)
        assert r.status_code == 400 and r.json()["error"]["message"].startswith("limit:"), r.text
        # a body over server_max_body_bytes: a Python client that sends it all before reading reads the 413 (the
        # server reads the body to a bound before it answers), not a broken pipe
        big = json.dumps({"text": "x" * (svc.settings.server_max_body_bytes + 4096)})
        for sent in (big, iter([big.encode()])):  # with a Content-Length, and streamed (chunked)
            r = httpx.post(f"{url}/v1/memories", content=sent, headers=head, timeout=60)
            assert r.status_code == 413 and r.json()["error"]["code"] == "too_large", r.text
