"""Round 39: small defects a new user found in the HTTP service, the CLI and extraction (own sentences).

- ``remember`` kept a text of two first-person facts of different kinds as one memory when one part had no
  specific slot: a fact the rules read of no known attribute ("I play the oboe": ``fact.play``) or an ability
  told with a modal, which the rules leave (I can …, 我会…); now such a part counts beside a specific one.
- ``forget eN --purge`` / ``DELETE /v1/episodes/N?purge=true`` erased the turn an active memory came from, while
  a memory's purge keeps such a turn unless ``cascade``: now refused unless ``cascade`` too.
- A blank ``q`` on ``/v1/search`` answered "query is empty"; a Python flag value (``purge=True``) reached HTTP.
- ``token create`` with no user mixed the Python and CLI spellings in one message.
- ``export`` cited a memory erased since (a purged correction) as if it existed.
- "I have two of them" read as a thing had: its "them" was rewritten into the statement itself ("I have two of
  my of them"); a truncated turn that ended in such a clause was stored garbled.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime

import httpx
import pytest
from conftest import run_cli
from test_bad_input import assert_error

from memcli import Memory
from memcli.errors import BadInputError
from memcli.write.split import ability, fact_parts


# -- 1. remember: two first-person facts of different kinds are two memories -------------------------------
@pytest.mark.parametrize(("text", "parts"), [
    ("My favourite fruit is mango and I play the oboe", ["My favourite fruit is mango", "I play the oboe"]),
    ("My uncle is a plumber and I speak Icelandic", ["My uncle is a plumber", "I speak Icelandic"]),
    ("I live in Dundee and I can play the banjo", ["I live in Dundee", "I can play the banjo"]),
    ("我喜欢紫色，我会拉二胡", ["我喜欢紫色", "我会拉二胡"]),
    ("我住在苏州，我会说粤语", ["我住在苏州", "我会说粤语"]),
    ("我舅舅是厨师，我能说德语", ["我舅舅是厨师", "我能说德语"]),
])
def test_a_fact_of_no_known_attribute_or_an_ability_is_cut_from_a_specific_one(text, parts):
    assert fact_parts(text) == parts


@pytest.mark.parametrize("text", [
    "I like bread and butter",  # one fact, two objects
    "我喜欢吃馄饨和烧卖",
    "I live in Dundee and I can help you with that",  # an offer, not an ability
    "I live in Dundee and I can visit tomorrow",  # a plan
    "我住在苏州，我会注意的",  # a promise
    "我住在苏州，我明天会去杭州",  # a plan
    "我住在苏州，我觉得挺好",  # an opinion: no fact the rules read
    "I'm allergic to kiwi and I'd like you to never suggest pavlova",  # a request
    "I play the oboe and I speak Icelandic",  # no part names a known attribute: kept as said
])
def test_what_is_one_fact_or_no_fact_keeps_the_text_whole(text):
    assert fact_parts(text) == [text]


def test_ability_reads_the_modal_of_a_skill_not_of_a_promise():
    skills = ("I can play the banjo", "we know how to sail boats", "我也能说德语", "我会拉二胡")
    assert [ability(t) for t in skills] == [True, True, True, True]
    assert [ability(t) for t in ("I can help you", "I can come tomorrow", "我会注意的", "我会去的", "我会给你打电话",
                                 "I play the banjo")] == [False] * 6


def test_two_facts_remembered_in_either_language_are_two_memories(tmp_path, embedder):
    with Memory(db=str(tmp_path / "m.db"), user="ana", embedder=embedder) as m:
        en = m.remember("My favourite fruit is mango and I play the oboe")
        zh = m.remember("我喜欢紫色，我会拉二胡")
        one = m.remember("I like bread and butter")
        assert (len(en.also), len(zh.also), one.also) == (1, 1, [])
        stored = {i.statement: i.slot for i in m.list()}
        assert stored == {"My favourite fruit is mango": "favourite.fruit", "I play the oboe": "fact.play",
                          "我喜欢紫色": "like.紫色", "我会拉二胡": None, "I like bread and butter": "like.bread"}


# -- 2. an episode purge keeps a turn an active memory came from unless cascade ------------------------------
def _drained_memory(db: str, embedder) -> tuple[int, int]:  # noqa: ANN001
    with Memory(db=db, user="bo", embedder=embedder) as m:
        sid = m.capture("My daughter studies marine biology in Plymouth.").source_id
        m.drain()
        (item,) = m.list()
        assert item.source_ids == [sid]
        return sid, item.id


def test_an_episode_purge_of_a_memorys_turn_is_refused_unless_cascade(tmp_path, embedder):
    db = str(tmp_path / "m.db")
    sid, mid = _drained_memory(db, embedder)
    with Memory(db=db, user="bo", embedder=embedder) as m:
        with pytest.raises(BadInputError, match=rf"^turn e{sid} is the source of active memory #{mid}: forget it "
                                                r"with purge=True first, or erase the turn anyway with cascade=True"):
            m.forget_episode(sid, purge=True)
        assert m.stats()["sources"] == 1 and m.show(mid).source_ids == [sid]  # nothing erased
        with pytest.raises(BadInputError, match="^cascade: only with purge=True"):
            m.forget_episode(sid, cascade=True)
        out = m.forget(f"e{sid}", purge=True, cascade=True)  # the ref names the episode: the same call
        assert (out["sources"], out["shared"]) == (1, [{"source": sid, "memories": [mid]}])
        assert m.show(mid).source_ids == [] and m.stats()["sources"] == 0
        assert [e.action for e in m.history(mid)["events"]] == ["ADD"]


def test_the_cli_says_it_with_its_own_options(tmp_path, embedder):
    db = str(tmp_path / "m.db")
    sid, mid = _drained_memory(db, embedder)
    msg = assert_error(run_cli("--db", db, "--user", "bo", "forget", f"e{sid}", "--purge"), 2)
    assert msg == (f"turn e{sid} is the source of active memory #{mid}: forget it with --purge first, or erase "
                   "the turn anyway with --cascade (it loses its source); nothing was erased"), msg
    r = run_cli("--db", db, "--user", "bo", "forget", f"e{sid}", "--purge", "--cascade")
    assert r.exit_code == 0 and r.stderr.splitlines() == [
        f"purged episode e{sid}", f"source {sid} erased too (--cascade): memories #{mid} lose it"], r.stderr


def test_a_turn_whose_memories_are_all_retired_is_purged_as_before(tmp_path, embedder):
    """Only an *active* memory keeps its turn (as a memory's purge): a forgotten one is history."""
    db = str(tmp_path / "m.db")
    sid, mid = _drained_memory(db, embedder)
    with Memory(db=db, user="bo", embedder=embedder) as m:
        m.forget(mid)
        out = m.forget_episode(sid, purge=True)
        assert (out["sources"], out["shared"]) == (1, []) and m.stats()["sources"] == 0
        assert m.show(mid).status == "forgotten" and m.show(mid).source_ids == []


# -- 4. token create speaks CLI on the command line, Python in the library ----------------------------------
def test_token_create_messages_speak_the_callers_spelling(tmp_path):
    from memcli.admin import Admin

    db = str(tmp_path / "t.db")
    neither = assert_error(run_cli("--db", db, "token", "create"), 2)
    both = assert_error(run_cli("--db", db, "token", "create", "--user", "cy", "--operator"), 2)
    assert neither == "a token needs its user (--user U) or the operator's scope (--operator); none was given"
    assert both == "a token is for one user (--user U) or for the operator (--operator), not both"
    with Admin(db=db) as adm, pytest.raises(BadInputError) as exc:
        adm.create_token()
    assert str(exc.value) == "a token needs its user (user=U) or the operator's scope (operator=True); none was given"


def test_token_create_says_that_memcli_user_is_not_read(tmp_path, monkeypatch):
    """Round 41's trial: ``MEMCLI_USER=zed memcli token create`` said "none was given" of a user the shell gave; it
    now says MEMCLI_USER is not read there (on purpose), and no token is made."""
    db = str(tmp_path / "t.db")
    monkeypatch.setenv("MEMCLI_USER", "zed")
    said = assert_error(run_cli("--db", db, "token", "create"), 2)
    assert said == ("a token needs its user named on the command line (--user U) or --operator; MEMCLI_USER is not "
                    "read here, so that a token is never made for a user by accident")
    made = run_cli("--db", db, "token", "create", "--user", "zed", "--json")
    assert made.exit_code == 0 and made.json()["user"] == "zed"
    assert [t["user"] for t in run_cli("--db", db, "token", "list", "--json").json()] == ["zed"]


# -- 5. export never cites a memory erased since --------------------------------------------------------------
def test_a_purged_correction_is_not_cited_as_if_it_existed(tmp_path, embedder):
    with Memory(db=str(tmp_path / "m.db"), user="di", embedder=embedder) as m:
        old = m.remember("I work as a florist").item_id
        new = m.correct(old, "I work as a baker").id
        m.forget(new, purge=True)
        said = f"corrected by the user (#{new}); #{new} was erased since (forget --purge)"
        assert m.show(old).invalid_reason == said
        assert [i.invalid_reason for i in m.list(include_all=True)] == [said]
        assert m.history(old)["items"][0].invalid_reason == said
        (rec, end) = list(m.export(include_all=True))
        assert rec["invalid_reason"] == "corrected by the user (a memory erased since)" and end["records"] == 1
        assert f"#{new}" not in json.dumps(rec)
    with Memory(db=str(tmp_path / "back.db"), user="di", embedder=embedder) as m2:  # and it imports as said
        m2.import_records(m2.read_records([json.dumps(rec), json.dumps(end)]))
        assert [i.invalid_reason for i in m2.list(include_all=True)] == [rec["invalid_reason"]]


# -- 6. "… of them": no thing had, no rewrite ------------------------------------------------------------------
@pytest.mark.parametrize("text", ["I have two of them", "We own three of those", "I have one of them"])
def test_a_partitive_of_a_pronoun_is_no_thing_had(fitted_extractor, text):
    from memcli.write.extract import Utterance

    utt = Utterance(source_id=1, user="u", role="user", text=text, occurred_at=datetime.now(UTC))
    assert [c.statement for c in fitted_extractor.extract(utt)] == [text]


def test_truncated_turns_captured_again_and_again_are_stored_as_said(tmp_path, embedder):
    said = "My locker code is written on a card, I have two of them and the spare one is in the drawer"
    with Memory(db=str(tmp_path / "m.db"), user="ed", embedder=embedder) as m:
        for cut in (24, 40, 52, 60, 70, len(said)):
            m.capture(said[:cut])
        m.drain()
        kept = [i.statement for i in m.list()]
    assert not any("my of" in s or "of my of" in s for s in kept), kept
    assert all(s.casefold() in said.casefold() or s.rstrip(".").casefold() in said.casefold() for s in kept), kept


# -- 3. HTTP: parameters named as the request spells them; the episode route takes cascade ---------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory, embedder):
    pytest.importorskip("fastapi", reason="pip install 'memcli[server]'")
    from _http import running

    from memcli.admin import Admin
    from memcli.service.app import Service, create_app
    from memcli.settings import load_settings

    db = str(tmp_path_factory.mktemp("r39") / "s.db")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MEMCLI_CONFIG", str(tmp_path_factory.mktemp("cfg") / "none.toml"))
        settings = load_settings(db=db, server_model_processes=0, server_drain_process=False,
                                 server_next_request_drain=False)
    svc = Service(settings, embedder=embedder)
    with running(create_app(service=svc)) as base:
        user = f"u-{uuid.uuid4().hex[:8]}"
        with Admin(settings=settings) as adm:
            tok = adm.create_token(user)["token"]
        yield base, {"Authorization": f"Bearer {tok}"}, settings.model_copy(update={"user": user})


def _err(r: httpx.Response, status: int = 400) -> str:
    assert r.status_code == status, r.text
    return r.json()["error"]["message"]


def test_http_parameter_errors_name_the_parameter_as_the_request_spells_it(server):
    base, auth, _ = server
    assert _err(httpx.get(f"{base}/v1/search", params={"q": " \u200b "}, headers=auth)) == "q is empty"
    assert _err(httpx.post(f"{base}/v1/context", json={"query": "  "}, headers=auth)) == "query is empty"
    mid = httpx.post(f"{base}/v1/memories", json={"text": "My cousin repairs clocks"}, headers=auth).json()["item_id"]
    cascade = _err(httpx.delete(f"{base}/v1/memories/{mid}", params={"cascade": "true"}, headers=auth))
    assert cascade.startswith("cascade: only with purge=true ") and "True" not in cascade


def test_http_episode_purge_refuses_a_memorys_turn_unless_cascade(server, embedder):
    base, auth, settings = server
    with Memory(settings=settings, embedder=embedder) as m:
        sid = m.capture("I volunteer at the lifeboat station on Sundays.").source_id
        m.drain()
        (item,) = [i for i in m.list() if i.source_ids == [sid]]
    refused = _err(httpx.delete(f"{base}/v1/episodes/{sid}", params={"purge": "true"}, headers=auth))
    assert refused.startswith(f"turn e{sid} is the source of active memory #{item.id}: forget it with purge=true "
                              "first, or erase the turn anyway with cascade=true"), refused
    assert httpx.get(f"{base}/v1/memories/{item.id}", headers=auth).json()["source_ids"] == [sid]
    ok = httpx.delete(f"{base}/v1/episodes/{sid}", params={"purge": "true", "cascade": "true"}, headers=auth)
    assert ok.status_code == 200 and ok.json()["shared"] == [{"source": sid, "memories": [item.id]}], ok.text
    assert httpx.get(f"{base}/v1/memories/{item.id}", headers=auth).json()["source_ids"] == []
