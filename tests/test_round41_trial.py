"""A new user's trial (round 41), own sentences, one real SQLite store for the file, the real default model:

- a purge committed while another process reads the database is answered as done — HTTP 200, exit 0, the
  library's answer — with ``wal_cleared`` False and a note saying the old text may linger in the ``-wal`` until
  the readers close (:func:`memcli.governance.lifecycle.compacted`), never as a ``store_locked`` error whose retry
  finds the memory gone;
- a union told with the other's name (married, engaged, together; 结婚, 嫁给, 在一起) is the relation and the
  name (``spouse.name`` / ``partner.name``, :mod:`memcli.write.rules.union`), so spouse / partner questions and
  "Who is <name>?" get a block;
- a question naming a past period (last year, a year, 去年, 2025年) reads the facts valid then, "before <change>"
  the fact that change ended, "which … have I lived in" every fact of the slot over time, "when did I move to X"
  the memory naming X even once it ended (:mod:`memcli.read.past_facts`)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import apsw
import httpx
import pytest

from memcli.timeutil import now_utc
from memcli.write.rules import extract_matches

_NOW = now_utc()
_LAST = _NOW.year - 1  # "last year", 去年, and the year named, whenever the file runs


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:  # noqa: ANN001
    return str(tmp_path_factory.mktemp("r41") / "trial.db")


@pytest.fixture(scope="module")
def told(db: str, embedder):  # noqa: ANN001, ANN201
    """Every user's life, told with its capture times and drained once: ``told[user]`` is their Memory."""
    from memcli import Memory

    lives = {
        "wed_en": [("I teach chemistry at a grammar school", "-300"), ("Marta and I got married", "-200"),
                   ("I grow tomatoes on my balcony", "-100")],
        "wed_zh": [("我在一家银行做会计", "-300"), ("我和陈静结婚了", "-200"), ("我周末喜欢去爬山", "-100")],
        "life_en": [("I live in Bristol", f"{_LAST}-01-10"),
                    ("I work as a teacher at Hillside school", f"{_LAST}-02-01"),
                    ("I moved to Munich", f"{_LAST}-08-01"),
                    ("I play the violin in an amateur orchestra", f"{_LAST}-09-15"),
                    ("I started working as a translator at Lingo", "-3")],
        "life_zh": [("我住在杭州", f"{_LAST}-01-10"), ("我在中兴当测试工程师", f"{_LAST}-02-01"),
                    ("我搬到深圳了", f"{_LAST}-08-01"), ("我跳槽去了大疆", "-3")],
        "moved_en": [("I moved to Lisbon", f"{_LAST}-03-01"), ("I moved to Porto", "-20")],
    }
    out = {}
    for user, said in lives.items():
        m = Memory(db=db, user=user, embedder=embedder)
        for text, at in said:
            when = _NOW + timedelta(days=int(at)) if at.startswith("-") else at
            m.capture(text, at=when)
        m.drain()
        out[user] = m
    next(iter(out.values())).warm()
    yield out
    for m in out.values():
        m.close()


def _block(m, question: str) -> list[str]:  # noqa: ANN001
    """The memory lines of the block ``question`` gets (budget raised: the machine may be loaded)."""
    text = m.context(question, budget_ms=60_000).text or ""
    return [line for line in text.splitlines() if line.startswith("- ")]


# -- 1. a committed purge is answered as done ------------------------------------------------------------


def test_a_purge_while_another_process_reads_is_done_and_says_the_wal_may_hold_the_text(db: str, embedder) -> None:
    from memcli import Memory

    with Memory(db=db, user="purge_lib", embedder=embedder, busy_timeout_ms=200) as m:
        doomed = m.remember("My locker code word is quillmarsh").item_id
        kept = m.remember("I cycle to the office on Fridays").item_id
        reader = apsw.Connection(db)
        reader.execute("BEGIN")
        assert reader.execute("SELECT count(*) FROM memory_items").fetchone()[0] >= 2
        try:
            out = m.forget(doomed, purge=True)
        finally:
            reader.execute("COMMIT")
            reader.close()
        assert (out["purged"], out["wal_cleared"]) == (True, False), out
        assert "write-ahead log (-wal)" in out["note"] and db in out["note"]
        assert [i.id for i in m.list()] == [kept]  # committed: the memory is gone
        again = m.forget(kept, purge=True)  # no reader now: the checkpoint empties the WAL
        assert (again["wal_cleared"], "note" in again) == (True, False), again


def test_http_purge_during_a_read_is_200_and_its_retry_is_404(db: str, embedder) -> None:
    pytest.importorskip("fastapi", reason="pip install 'memcli[server]'")
    from _http import running

    from memcli.admin import Admin
    from memcli.service.app import Service, create_app
    from memcli.settings import load_settings

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MEMCLI_CONFIG", "/dev/null")
        settings = load_settings(db=db, server_model_processes=0, server_drain_process=False,
                                 server_next_request_drain=False, busy_timeout_ms=200)
    svc = Service(settings, embedder=embedder)
    user = f"u-{uuid.uuid4().hex[:8]}"
    with Admin(settings=settings) as adm:
        auth = {"Authorization": f"Bearer {adm.create_token(user)['token']}"}
    with running(create_app(service=svc)) as base:
        mid = httpx.post(f"{base}/v1/memories", json={"text": "My spare key hides under the blue pot"},
                         headers=auth).json()["item_id"]
        reader = apsw.Connection(db)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM memory_items").fetchone()
        try:
            r = httpx.delete(f"{base}/v1/memories/{mid}", params={"purge": "true"}, headers=auth, timeout=60)
        finally:
            reader.execute("COMMIT")
            reader.close()
        assert r.status_code == 200, r.text
        body = r.json()
        assert (body["id"], body["purged"], body["wal_cleared"]) == (mid, True, False) and "-wal" in body["note"]
        gone = httpx.delete(f"{base}/v1/memories/{mid}", params={"purge": "true"}, headers=auth)
        assert gone.status_code == 404


# -- 2. a union told with a name ----------------------------------------------------------------------------


@pytest.mark.parametrize(("said", "slot", "value"), [
    ("Marta and I got married", "spouse.name", "marta"),
    ("I married Tobias last spring", "spouse.name", "tobias"),
    ("I'm engaged to Priya", "partner.name", "priya"),
    ("My boyfriend Kenji and I got engaged", "partner.name", "kenji"),
    ("Lena and I have been together for four years", "partner.name", "lena"),
    ("我和陈静结婚了", "spouse.name", "陈静"),
    ("我嫁给了周航", "spouse.name", "周航"),
    ("我跟女朋友林悦领证了", "spouse.name", "林悦"),
    ("我和吴迪在一起两年了", "partner.name", "吴迪"),
    ("何欣和我订婚了", "partner.name", "何欣"),
])
def test_a_union_told_with_a_name_is_the_relation_and_the_name(said: str, slot: str, value: str) -> None:
    got = [(m.kind, m.slot, m.value) for m in extract_matches(said)]
    assert got == [("relationship", slot, value)], got


@pytest.mark.parametrize("said", [
    "My girlfriend and I got engaged", "We got married in June", "She and I got married", "I was married to Tom",
    "I'm seeing Alex on Friday", "我和他结婚了", "我们结婚了", "我和吴迪没结婚", "我和同事在一起吃饭",
])
def test_a_union_without_a_name_or_not_told_is_no_spouse_name(said: str) -> None:
    assert not [m for m in extract_matches(said) if m.slot in ("spouse.name", "partner.name")], extract_matches(said)


@pytest.mark.parametrize(("user", "question", "said"), [
    ("wed_en", "What's my wife's name?", "Marta and I got married"),
    ("wed_en", "Who is my husband?", "Marta and I got married"),
    ("wed_en", "What's my partner called?", "Marta and I got married"),
    ("wed_en", "Who is Marta?", "Marta and I got married"),
    ("wed_zh", "我老公叫什么名字？", "我和陈静结婚了"),
    ("wed_zh", "我爱人是谁？", "我和陈静结婚了"),
    ("wed_zh", "陈静是谁？", "我和陈静结婚了"),
    ("wed_zh", "我什么时候结的婚？", "我和陈静结婚了"),
])
def test_spouse_and_partner_questions_get_the_union(told, user: str, question: str, said: str) -> None:
    assert any(said in line for line in _block(told[user], question)), _block(told[user], question)


# -- 3. the past asked --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("user", "question", "wanted", "not_wanted"), [
    ("life_en", "Where did I work last year?", "teacher at Hillside", "translator"),
    ("life_en", f"What was my job in {_LAST}?", "teacher at Hillside", "translator"),
    ("life_zh", "去年我在哪儿工作？", "中兴", "大疆"),
    ("life_zh", f"{_LAST}年我做什么工作？", "中兴", "大疆"),
    ("life_en", "Where did I live before Munich?", "Bristol", None),
    ("life_zh", "我搬到深圳之前住在哪里？", "杭州", None),
])
def test_a_past_period_or_a_change_reads_what_held_then(told, user: str, question: str, wanted: str,
                                                        not_wanted: str | None) -> None:
    lines = _block(told[user], question)
    hit = [line for line in lines if wanted in line]
    assert hit and ("no longer true" in hit[0] or "不再如此" in hit[0]), lines
    assert not_wanted is None or not any(not_wanted in line for line in lines), lines


@pytest.mark.parametrize(("user", "question", "places"), [
    ("life_en", "Which cities have I lived in?", ("Munich", "Bristol")),
    ("life_zh", "我住过哪些城市？", ("深圳", "杭州")),
])
def test_which_places_over_time_lists_the_ended_ones_too(told, user: str, question: str, places: tuple) -> None:
    lines = _block(told[user], question)
    now, before = ([line for line in lines if p in line] for p in places)
    assert now and before and ("no longer true" in before[0] or "不再如此" in before[0]), lines


def test_when_did_i_move_finds_the_move_that_a_later_one_ended(told) -> None:
    lines = _block(told["moved_en"], "When did I move to Lisbon?")
    assert any("Lisbon" in line and "no longer true" in line for line in lines), lines
    assert any("Porto" in line for line in _block(told["moved_en"], "Where do I live?"))


def test_the_present_still_reads_what_holds_now(told) -> None:
    lines = _block(told["life_en"], "Where do I work?")
    assert any("translator" in line for line in lines) and not any("Hillside" in line for line in lines), lines
