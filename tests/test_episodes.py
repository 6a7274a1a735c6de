"""Episodes (issue 19 §4): a user turn that produced no memory and is not chatter stays findable.

Real stores (SQLite file and, marked ``backends``, PostgreSQL), the real default model. Where a
test needs a turn that *no* extractor keeps, it drains with :class:`FindsNothing` — an extractor
that misses every fact, which is exactly the case episodes exist for; where it needs memories,
the configured rules extractor runs.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.admin import Admin
from memcli.settings import Settings
from memcli.write.chatter import is_chatter
from memcli.write.extract import Extractor

PARK = "上周我们去的那个公园叫翠湖公园，湖边的樱花开得特别好"
RAMEN = "Last weekend we tried the ramen place on Fifth Street with the kids"
CHATTER = ["你好！", "谢谢你啊", "明天天气怎么样？", "帮我订个早上七点的闹钟", "Thanks a lot!",
           "Can you remind me to call the dentist?", "好的"]


class FindsNothing(Extractor):
    """An extractor that misses every fact (the turns it sees can only survive as episodes)."""

    name = "finds-nothing"

    def extract(self, utt):  # noqa: ANN001, ANN201
        return []


def _said(mem: Memory, text: str, at: str) -> int:
    return mem.capture(text, at=at).source_id


@pytest.fixture
def said(db: str, embedder):
    """alice said two things no extractor kept, among chatter; drained."""
    with Memory(db=db, user="alice", extractor=FindsNothing()) as m:
        ids = {"park": _said(m, PARK, "2026-04-02T09:00:00+08:00"),
               "ramen": _said(m, RAMEN, "2026-04-03T19:00:00+00:00")}
        for n, c in enumerate(CHATTER):
            _said(m, c, f"2026-04-04T10:0{n}:00+00:00")
        m.capture("The assistant says the park is lovely", role="assistant", at="2026-04-04T11:00:00+00:00")
        s = m.drain()
        assert (s.done, s.added, s.episodes) == (len(CHATTER) + 3, 0, 2)
    return ids


# -- the chatter test ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", CHATTER + ["嗯嗯", "晚安", "Hi there", "What time is it?", "请推荐一部电影",
                                  # a task for the assistant in the imperative (the trial's kind)
                                  "Write a poem about the sea", "Summarize the plot of Hamlet",
                                  "写一首关于大海的诗", "用Python写一个反转字符串的函数", "翻译成英文：今天天气很好",
                                  "Translate 'good morning' into Spanish", "解释一下量子力学"])
def test_chatter_is_recognised(text: str):
    assert is_chatter(text)


@pytest.mark.parametrize("text", [PARK, RAMEN, "我表姐可是个博士呢", "我妈妈在北京上班呢，你能帮我推荐个餐厅吗？",
                                  "What I love most is jazz", "Hi, I work at Acme as an engineer.",
                                  "我住的小区叫龙湖小区…你知道吗？",
                                  # a task verb that reports what the user did or is: not a request
                                  "写过一本关于大海的书", "画画是我的爱好", "I write poems about the sea",
                                  "Writing is my passion", "List of things I love: jazz", "Name's Tom"])
def test_a_turn_with_one_told_clause_is_not_chatter(text: str):
    assert not is_chatter(text)


# -- drain, search, context ------------------------------------------------------------------------
@pytest.mark.backends
def test_only_told_turns_without_memory_become_episodes(db: str, said):
    with Memory(db=db, user="alice") as m:
        eps = m.episodes()
        assert [(e["id"], e["text"]) for e in eps] == [(said["park"], PARK), (said["ramen"], RAMEN)]
        assert eps[0]["at"] == datetime(2026, 4, 2, 1, 0, tzinfo=UTC)


@pytest.mark.backends
@pytest.mark.parametrize(("query", "which"), [("翠湖公园", "park"), ("我们上周去的公园叫什么名字", "park"),
                                              ("樱花", "park"), ("which ramen place did we try", "ramen"),
                                              ("noodle restaurant with the kids", "ramen")])
def test_search_finds_an_episode_as_the_users_words(db: str, said, query: str, which: str):
    with Memory(db=db, user="alice") as m:
        hits = m.search(query, limit=3)
    assert hits and hits[0].origin == "episode" and hits[0].kind == "episode", [h.statement for h in hits]
    assert hits[0].id is None and hits[0].episode_id == said[which]
    assert hits[0].statement == (PARK if which == "park" else RAMEN)
    weight = Settings().weight_episode if which == "park" else Settings().weight_episode_en  # by the query's language
    assert hits[0].effective_confidence == 0.0 and 0 < hits[0].score <= weight
    assert "episode" in hits.info.legs_run


@pytest.mark.backends
def test_episodes_rank_below_a_memory_that_matches_as_well(db: str, said):
    with Memory(db=db, user="alice") as m:
        mem_id = m.remember("翠湖公园是我最喜欢的公园").item_id
        hits = m.search("翠湖公园", limit=5)
    assert [h.origin for h in hits][:2] == ["explicit", "episode"]
    assert hits[0].id == mem_id and hits[1].episode_id == said["park"] and hits[1].score < hits[0].score


@pytest.mark.backends
def test_the_setting_and_the_legs_turn_the_episode_leg_off(db: str, said):
    with Memory(db=db, user="alice", episodes=False) as m:
        assert m.search("翠湖公园") == []
    with Memory(db=db, user="alice") as m:
        assert m.search("翠湖公园", legs=("dense", "lexical", "slot")) == []
        assert m.context("翠湖公园在哪").text != ""


@pytest.mark.backends
def test_as_of_never_shows_what_was_said_later(db: str, said):
    with Memory(db=db, user="alice") as m:
        assert m.search("翠湖公园", as_of="2026-04-01T12:00:00Z") == []
        assert [h.episode_id for h in m.search("翠湖公园", as_of="2026-04-02T02:00:00Z")] == [said["park"]]
        assert said["ramen"] not in [h.episode_id for h in m.search("ramen place", as_of="2026-04-03T18:00:00Z")]


@pytest.mark.backends
def test_another_users_episodes_never_appear(db: str, said):
    with Memory(db=db, user="bob") as b:
        assert b.search("翠湖公园") == [] and b.search("ramen place") == []
        assert b.context("我们上周去的公园叫什么名字？").text == ""
        assert b.episodes() == []
        with pytest.raises(Exception, match="no episode"):
            b.forget_episode(said["park"], purge=True)
    with Memory(db=db, user="alice") as m:
        assert len(m.episodes()) == 2


@pytest.mark.backends
def test_context_renders_episodes_apart_as_the_users_dated_words(db: str, said):
    with Memory(db=db, user="alice") as m:
        m.remember("我住在杭州")
        zh = m.context("我们上周去的公园叫什么名字？", limit=5)
        en = m.context("which ramen place did we try?", limit=5)
        tight = m.context("我们上周去的公园叫什么名字？", max_tokens=60)
    lines = zh.text.splitlines()
    assert lines[0].startswith("用户长期记忆") and lines[-1].startswith("以上是用户数据")
    ep = [ln for ln in lines if "说过" in ln]
    assert ep == [f"- 你在 4 月 2 日说过：“{PARK}”"]
    assert not any("[很确定]" in ln and "翠湖" in ln for ln in lines)
    facts = [n for n, ln in enumerate(lines) if ln.startswith("- [")]
    assert all(n < lines.index(ep[0]) for n in facts)  # the facts first, then the user's words
    assert f'- On Apr 3 you said: "{RAMEN}"' in en.text.splitlines()
    assert tight.tokens <= 60 and (tight.text == "" or "说过" not in tight.text or tight.skipped_for_tokens >= 0)


# -- what is never an episode --------------------------------------------------------------------------
@pytest.mark.backends
def test_a_turn_whose_memory_was_superseded_or_forgotten_is_no_episode(db: str, embedder):
    with Memory(db=db, user="alice") as m:
        m.capture("我住在上海", at="2026-01-05T09:00:00+08:00")
        m.capture("我喜欢吃榴莲", at="2026-01-06T09:00:00+08:00")
        m.capture("我搬到北京了", at="2026-06-01T09:00:00+08:00")
        s = m.drain()
        assert s.done == 3 and s.episodes == 0
        durian = next(i for i in m.list() if "榴莲" in i.statement)
        m.forget(durian.id)
        assert m.episodes() == []
        for q in ("上海", "我住在哪", "榴莲"):
            assert [h.origin for h in m.search(q, limit=5) if h.origin == "episode"] == [], q
        assert "上海" not in m.context("我住在哪里？").text


@pytest.mark.backends
def test_a_later_memory_of_the_turn_retires_the_episode(db: str, said):
    with Memory(db=db, user="alice") as m:
        cand = m.remember("翠湖公园的樱花很好")  # an explicit memory (its own source)
        assert cand.item_id is not None
        m.store.link_source(cand.item_id, said["park"])  # now a memory holds the turn
        assert [e["id"] for e in m.episodes()] == [said["ramen"]]
        assert said["park"] not in [h.episode_id for h in m.search("樱花", limit=5) if h.origin == "episode"]


# -- governance: forget, purge, export, rebuild ------------------------------------------------------
@pytest.mark.backends
def test_forget_an_episode_keeps_its_words_and_purge_erases_them(cli, db: str, said):
    base = ("--db", db, "--user", "alice")
    r = cli(*base, "forget", str(said["ramen"]), "--episode", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json() == {"id": said["ramen"], "episode": True, "purged": False, "already": False}
    assert cli(*base, "forget", str(said["ramen"]), "--episode", "--json").json()["already"] is True
    assert cli(*base, "search", "ramen place", "--json").json()["hits"] == []
    assert cli(*base, "stats", "--json").json()["sources"] == len(CHATTER) + 3  # the words stay
    r = cli(*base, "forget", str(said["park"]), "--episode", "--purge", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["purged"] is True and r.json()["sources"] == 1
    assert cli(*base, "search", "翠湖公园", "--json").json()["hits"] == []
    assert cli(*base, "stats", "--json").json()["sources"] == len(CHATTER) + 2
    r = cli(*base, "forget", str(said["park"]), "--episode")
    assert r.exit_code == 3 and "no episode" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.backends
def test_export_episodes_round_trips_through_capture(cli, db: str, said, tmp_path):
    r = cli("--db", db, "--user", "alice", "export", "--episodes")
    assert r.exit_code == 0, r.stderr
    import json

    recs = [json.loads(ln) for ln in r.stdout.splitlines()]
    assert [(x["text"], x["role"]) for x in recs] == [(PARK, "user"), (RAMEN, "user")]
    assert recs[0]["at"] == "2026-04-02T01:00:00+00:00" and recs[0]["key"] == f"episode:{said['park']}"
    other = str(tmp_path / "other.db")
    assert cli("--db", other, "--user", "carol", "capture", "-", input=r.stdout).exit_code == 0
    with Memory(db=other, user="carol", extractor=FindsNothing()) as c:
        assert c.drain().episodes == 2
        assert [e["text"] for e in c.episodes()] == [PARK, RAMEN]


def test_rebuild_classifies_turns_drained_before_episodes_existed(db_path, embedder):
    """A database of the schema before m0005: its drained turns get episode rows from
    ``rebuild-episodes`` (the drain records only what it drains)."""
    import apsw

    from memcli.db import migrations

    with Memory(db=str(db_path), user="alice", extractor=FindsNothing()) as m:
        ids = [_said(m, t, f"2026-04-0{n + 1}T09:00:00Z") for n, t in enumerate([PARK, "你好！", RAMEN])]
        assert m.drain().episodes == 2
    import sqlite_vec

    conn = apsw.Connection(str(db_path))  # back to the old schema: no episode tables, version 7
    conn.enable_load_extension(True)
    conn.load_extension(sqlite_vec.loadable_path())
    later = [fn.__name__ for fn in migrations.MIGRATIONS[migrations.MIGRATIONS.index(migrations.m0005_episodes) + 1:]]
    assert later == ["m0006_api_tokens", "m0007_english_word_forms", "m0008_event_when"]  # these go too
    conn.execute("DROP TABLE memory_episodes; DROP TABLE memory_episode_fts; DROP TABLE memory_episode_vec;"
                 "DROP TABLE memcli_api_tokens; ALTER TABLE memory_items DROP COLUMN event_when;"
                 "DELETE FROM memcli_migrations WHERE name IN ('m0005_episodes', 'm0006_api_tokens', "
                 "'m0007_english_word_forms', 'm0008_event_when');"
                 f"PRAGMA user_version = {migrations.MIGRATIONS.index(migrations.m0005_episodes)}")
    conn.close()
    with Admin(db=str(db_path)) as adm:
        assert adm.store.episodes_of("alice") == []  # migrated: the tables exist again, empty
        assert adm.rebuild_episodes() == {"turns": 3, "episodes": 2, "model": "use-multilingual-v3"}
        assert adm.rebuild_episodes()["turns"] == 0  # nothing left: a rerun changes nothing
    with Memory(db=str(db_path), user="alice") as m:
        assert [e["id"] for e in m.episodes()] == [ids[0], ids[2]]
        assert m.search("which ramen place did we try", limit=1)[0].episode_id == ids[2]


def test_drain_embeds_candidates_and_episodes_in_one_call(db_path, embedder):
    calls: list[int] = []

    class Counting(type(embedder)):  # the real model, counting its calls
        def embed(self, texts, **kw):  # noqa: ANN001, ANN201
            calls.append(len(texts))
            return embedder.embed(texts, **kw)

    counting = Counting.__new__(Counting)
    counting.__dict__.update(embedder.__dict__)
    with Memory(db=str(db_path), user="alice", embedder=counting, extractor="rules") as m:  # the rules embed nothing
        for n, t in enumerate(["我住在上海", PARK, "你好！", RAMEN, "I have a cat named Biscuit"]):
            _said(m, t, f"2026-04-0{n + 1}T09:00:00Z")
        s = m.drain()
    assert s.done == 5 and calls == [s.candidates + s.episodes] and s.episodes >= 1


def test_the_chatter_test_is_a_hook(db_path, embedder):
    """A fitted classifier replaces the marker test by handing the worker its own function."""
    seen: list[str] = []

    def everything_is_chatter(text: str) -> bool:
        seen.append(text)
        return True

    with Memory(db=str(db_path), user="alice", extractor=FindsNothing()) as m:
        m.worker.chatter = everything_is_chatter
        _said(m, PARK, "2026-04-02T09:00:00Z")
        assert m.drain().episodes == 0
        assert seen == [PARK] and m.episodes() == [] and m.search("翠湖公园") == []


@pytest.mark.backends
def test_a_turn_its_memories_cover_only_in_part_is_an_episode_too(db: str, embedder):
    """What a turn's memories leave out stays findable: a long remark of which one clause became a
    memory is kept as an episode as well (memcli.write.chatter.uncovered); a turn its memory
    carries whole is not."""
    long = ("My sister lives in Lisbon. Today was lovely, honestly the best day in ages, we just sat at the "
            "old harbour for hours and she told me stories about grandpa.")
    with Memory(db=db, user="alice") as m:
        whole = m.capture("I live in Porto", at="2026-04-01T09:00:00+00:00").source_id
        part = m.capture(long, at="2026-04-02T09:00:00+00:00").source_id
        s = m.drain()
        assert s.dead == 0 and s.episodes == 1
        assert "My sister lives in Lisbon" in [i.statement for i in m.list()]
        assert [e["id"] for e in m.episodes()] == [part] and whole != part
        hits = m.search("stories about grandpa at the harbour", limit=5)
        assert any(h.origin == "episode" and h.statement == long for h in hits), [h.statement for h in hits]


def test_an_episode_hit_is_named_e_id_so_it_is_never_taken_for_the_memory_of_that_number(cli, db: str, said):
    """Issue 23: an episode's id is a source id; memory #13 and episode 13 are different things."""
    base = ("--db", db, "--user", "alice")
    with Memory(db=db, user="alice") as m:
        mem_id = m.remember("翠湖公园是我最喜欢的公园").item_id
    r = cli(*base, "search", "翠湖公园", "--json")
    assert r.exit_code == 0, r.stderr
    hits = r.json()["hits"]
    assert [(h["origin"], h["id"], h["episode_id"], h["ref"]) for h in hits[:2]] == [
        ("explicit", mem_id, None, f"m{mem_id}"), ("episode", None, said["park"], f"e{said['park']}")]
    table = cli(*base, "search", "翠湖公园").stdout
    lines = table.splitlines()  # at 80 columns: a header, a rule, then rows (a row's next lines start blank)
    rows = lines[next(n for n, ln in enumerate(lines) if "───" in ln) + 1:]
    firsts = [ln.split()[0] for ln in rows if ln.strip() and not ln[:2].isspace()]
    assert firsts == [str(mem_id), f"e{said['park']}"]  # here both are number 1
    assert "forget e13" in cli("search", "--help").stdout
    r = cli(*base, "forget", f"e{said['park']}", "--json")  # the e-id forgets the episode, not a memory
    assert r.exit_code == 0, r.stderr
    assert r.json()["episode"] is True and r.json()["id"] == said["park"]
    assert [h["origin"] for h in cli(*base, "search", "翠湖公园", "--json").json()["hits"]] == ["explicit"]
    for bad in ("x12", "e", "e-1", "0", "1.5"):
        r = cli(*base, "forget", bad)
        assert r.exit_code == 2 and r.stderr.startswith("memcli: error: ID must be") and r.stderr.count("\n") == 1


class KeepsTheFirstClause(Extractor):
    """An extractor that keeps a turn's first clause and misses the rest."""

    name = "keeps-the-first-clause"

    def extract(self, utt):  # noqa: ANN001, ANN201
        from memcli.models import Candidate

        return [Candidate(statement=utt.text.split("，")[0], salience=0.7, valid_from=utt.occurred_at)]


def test_a_turn_with_a_whole_clause_left_out_is_an_episode_too(db: str, embedder):
    """Issue 19: a short turn whose memory holds one clause and drops another whole clause (too few
    characters for the turn-wide share) stays findable: the dropped clause is what a later question
    asks for (memcli.write.chatter.uncovered, MIN_CLAUSE)."""
    told = "最近胃不好，不能吃辣了"
    with Memory(db=db, user="alice", extractor=KeepsTheFirstClause()) as m:
        sid = m.capture(told, at="2026-04-02T09:00:00+08:00").source_id
        whole = m.capture("我住在杭州", at="2026-04-02T10:00:00+08:00").source_id
        s = m.drain()
        assert s.dead == 0 and [i.statement for i in m.list()].count("最近胃不好") == 1
        assert [e["id"] for e in m.episodes()] == [sid] and whole != sid
        hits = m.search("我还能吃辣吗", limit=5)
        assert any(h.origin == "episode" and h.statement == told for h in hits), [h.statement for h in hits]


def test_a_clause_after_a_body_topic_keeps_the_user_as_its_subject(db: str, embedder):
    """Issue 19, pro-drop after a topic subject: in 最近胃不好，不能吃辣了 the stomach is the speaker's
    and the clause after it drops 我; both clauses are the user's memories (never the bare
    最近胃不好 alone, with 不能吃辣了 lost)."""
    with Memory(db=db, user="alice") as m:
        m.capture("我喜欢吃辣的", at="2026-04-01T09:00:00+08:00")
        m.capture("最近胃不好，不能吃辣了", at="2026-04-02T09:00:00+08:00")
        assert m.drain().dead == 0
        said = [i.statement for i in m.list()]
        assert "我最近胃不好" in said and "我不能吃辣了" in said, said
        top = m.search("我现在还能吃辣吗", limit=3)
        assert any("不能吃辣" in h.statement and h.origin != "episode" for h in top), [h.statement for h in top]
