"""Round 12's new-user findings: what must not be remembered or served, each as its kind (zh and en).

- a turn whose memory was retired (superseded by a later fact, conflicted away, forgotten) is no
  episode any more: the old value never comes back in the user's own words; a purge of the memory
  erases the turn's bytes;
- secrets (passwords, PINs, one-time codes, card numbers, a turn said in confidence) never reach the
  store: capture replaces the value, the drain makes no memory of it, ``remember`` refuses (one line);
- counterfactuals and hypotheticals are no facts about the user;
- "not me, X": the fact is X's, never a garbled fact about the user;
- a task for the assistant (translate, write an e-mail, code) is neither a memory nor an episode.

Real SQLite stores (and PostgreSQL where marked), the real default model, our own sentences.
"""

from __future__ import annotations

import pytest
from test_privacy import raw_bytes

from memcli import Memory
from memcli.errors import BadInputError
from memcli.sensitive import has_secret, redact
from memcli.write.chatter import is_chatter, is_task
from memcli.write.guard import contrast, is_hypothetical, told


def _drain(m: Memory, *texts: str) -> None:
    for n, t in enumerate(texts):
        m.capture(t, at=f"2026-05-0{n + 1}T09:00:00Z")
    m.drain()


def _active(m: Memory) -> list[str]:
    return [i.statement for i in m.list()]


# -- 1. retired memories never come back as episodes --------------------------------------------------
@pytest.mark.backends
@pytest.mark.parametrize(("first", "later", "old", "query"), [
    ("我住在苏州，每天早上骑车去公司上班，路上会经过一座很老的石桥", "我搬到成都了", "苏州", "我住在哪里"),
    ("I live in Portland and I walk my two beagles along the river every evening",
     "I live in Chicago now", "Portland", "where do I live?"),
])
def test_a_superseded_fact_never_comes_back_as_an_episode(db: str, embedder, first, later, old, query):
    with Memory(db=db, user="alice") as m:
        _drain(m, first)
        assert [e["text"] for e in m.episodes()] == [first]  # the turn says more than its memories
        _drain(m, later)
        assert not any(old in s for s in _active(m)), _active(m)  # the old value was retired…
        assert m.episodes() == []  # …and its turn with it
        assert not any(old in h.statement for h in m.search(query, limit=10))
        assert old not in m.context(query).text


@pytest.mark.backends
@pytest.mark.parametrize("first", ["我住在苏州，每天早上骑车去公司上班，路上会经过一座很老的石桥",
                                   "My cat is called Juniper and she naps on the windowsill above the radiator"])
def test_a_forgotten_memory_takes_its_turn_out_of_the_episodes(db: str, embedder, first):
    with Memory(db=db, user="alice") as m:
        _drain(m, first)
        assert [e["text"] for e in m.episodes()] == [first]
        for item in m.list():
            m.forget(item.id)
        assert m.episodes() == []
        assert m.search("石桥" if "苏州" in first else "windowsill radiator", limit=10) == []


def test_purging_the_memory_erases_the_turn_kept_as_an_episode(db: str, embedder):
    said = "我住在苏州，每天早上骑车去公司上班，路上会经过一座很老的石桥"
    rest = "路上会经过一座很老的石桥".encode()  # in no memory: only the turn holds it
    with Memory(db=db, user="alice") as m:
        _drain(m, said)
        assert [e["text"] for e in m.episodes()] == [said]
        assert rest in raw_bytes(db)
        for item in m.list():
            m.forget(item.id, purge=True)
        assert m.episodes() == []
    assert rest not in raw_bytes(db)


# -- 2. secrets ---------------------------------------------------------------------------------------
SECRETS = [("我们家路由器的密码是Lotus2024xy", "Lotus2024xy"), ("My debit card PIN is 593071", "593071"),
           ("The verification code is 448217", "448217"), ("我信用卡卡号是4111 1111 1111 1111", "4111 1111 1111 1111"),
           ("千万别告诉别人，我下个月要辞职了", "辞职"),
           ("Keep this between us: I am applying to Stanford", "Stanford"),
           ("my email password was changed to Otter!77", "Otter!77")]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_a_secret_value_is_replaced_before_anything_is_stored(text: str, value: str):
    assert has_secret(text)
    assert value not in redact(text) and ("redacted" in redact(text) or "已隐去" in redact(text))


@pytest.mark.parametrize("text", ["我妈妈的手机号是13912345678", "I pin my hair up before running",
                                  "The dress code is casual", "I keep forgetting my password",
                                  "他说那是秘密", "我的工号是10086", "My zip code is 94110"])
def test_what_is_no_secret_stays_as_said(text: str):
    assert not has_secret(text) and redact(text) == text


def test_secrets_reach_neither_the_store_nor_a_memory(db: str, embedder):
    # (a value is looked for in the file's bytes: a 4-digit one also turned up once in a stored time's
    # microseconds, so every value here has six characters or more)
    with Memory(db=db, user="alice") as m:
        _drain(m, *(t for t, _ in SECRETS), "我住在无锡")
        stored = raw_bytes(db)
        for _, value in SECRETS:
            assert value.encode() not in stored, value
        assert _active(m) == ["我住在无锡"]
        assert m.episodes() == []  # a placeholder tells nothing: no episode either
        assert m.context("路由器密码是多少").text == ""


@pytest.mark.parametrize("text", ["my wifi password is Heron5566", "我的银行卡密码是246810"])
def test_remember_refuses_a_secret_with_one_line(db: str, embedder, cli, text: str):
    with Memory(db=db, user="alice") as m, pytest.raises(BadInputError, match="not stored: the text holds a secret"):
        m.remember(text)
    r = cli("--db", db, "--user", "alice", "remember", text)
    assert r.exit_code == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "password manager" in r.stderr


# -- 3. counterfactuals and hypotheticals --------------------------------------------------------------
HYPO = ["If I had a boat I would sail to Greece", "I wish I could play the cello",
        "要是我会说法语就好了", "假如我中了彩票，我就环游世界", "如果我是老板，我就天天放假", "我如果有钱就买一座岛"]


@pytest.mark.parametrize("text", HYPO)
def test_a_hypothetical_is_not_told(text: str):
    assert is_hypothetical(text) and told(text) == ""


def test_hypotheticals_make_no_memory_but_the_facts_beside_them_do(db: str, embedder):
    with Memory(db=db, user="alice") as m:
        _drain(m, *HYPO, "我住在扬州。如果我有一辆房车，我就去新疆")
        assert _active(m) == ["我住在扬州"]


@pytest.mark.parametrize("text", ["If I have time I go swimming", "我希望明年去日本", "I live in Leeds"])
def test_what_holds_is_not_hypothetical(text: str):
    assert not is_hypothetical(text) and told(text) == text


# -- 4. "not me, X" --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "want"), [
    ("我不是在医院上班，是小丽在医院上班", "小丽在医院上班"),
    ("不是我，是我表哥在医院上班", "我表哥在医院上班"),
    ("在医院上班的不是我，是小丽", "小丽在医院上班"),
    ("It's not me who teaches piano, it's Nora", "Nora teaches piano."),
    ("Not me, my cousin Leo teaches piano", "my cousin Leo teaches piano"),
    ("I'm not the one who cooks, my husband does", "My husband cooks."),
    ("It wasn't me who painted the fence, it was Theo", "Theo painted the fence."),
    ("我说的是真的，我不是老师，是医生", "我说的是真的，我不是老师，是医生"),  # about the user: unchanged
])
def test_not_me_but_x_becomes_xs_fact(text: str, want: str):
    assert contrast(text) == want


def test_not_me_but_x_stores_no_fact_about_the_user(db: str, embedder):
    with Memory(db=db, user="alice") as m:
        _drain(m, "我不是在医院上班，是小丽在医院上班", "It's not me who teaches piano, it's Nora")
        got = _active(m)
    assert "小丽在医院上班" in got and "Nora teaches piano" in got, got
    assert not any(s.startswith("我是") or s.startswith("I ") for s in got), got


# -- 5. tasks for the assistant ----------------------------------------------------------------------------
TASKS = ["把下面这段话翻译成日语：我周末喜欢去爬山", "Translate 'my sister lives in Oslo' into German",
         "Write me a cover letter for a barista job, I have two years of experience",
         "帮我写一封邮件给房东，说厨房的水龙头坏了", "用Python写一个函数，计算我每个月的房租",
         "Please draft a toast for my brother's wedding"]


@pytest.mark.parametrize("text", TASKS)
def test_a_task_is_chatter(text: str):
    assert is_task(text) and is_chatter(text)


@pytest.mark.parametrize("text", ["我周末喜欢去爬山", "I write poems about the sea", "Writing is my passion",
                                  "把房间收拾干净以后我就去跑步了"])
def test_what_the_user_tells_is_no_task(text: str):
    assert not is_task(text)


def test_tasks_are_neither_memories_nor_episodes(db: str, embedder):
    with Memory(db=db, user="alice") as m:
        _drain(m, *TASKS)
        assert _active(m) == [] and m.episodes() == []
