"""Read path: hybrid search (issue 4, done-when + bad input), on real SQLite with the real model."""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.errors import BadInputError
from memcli.settings import DEFAULT_MODEL, MODEL_PROFILES

pytestmark = pytest.mark.backends


def _ids(hits):
    return [h.id for h in hits]


@pytest.fixture
def zh(mem):
    mem.remember("我咖啡不加糖", kind="preference")
    mem.remember("我妈妈的生日是3月5号", kind="relationship")
    mem.remember("我喜欢Python开发", kind="preference")
    return mem


@pytest.fixture
def en(db, embedder):
    m = Memory(db=db, user="erin")
    m.remember("I take my coffee without sugar", kind="preference")
    m.remember("My sister lives in Lyon", kind="relationship")
    yield m
    m.close()


@pytest.mark.parametrize("query", ["咖啡", "喝咖啡", "糖"])
def test_chinese_coffee_found(zh, query):
    hits = zh.search(query)
    assert hits and hits[0].statement == "我咖啡不加糖"
    h = hits[0]
    assert h.kind == "preference" and 0 < h.score <= 1 and 0 < h.effective_confidence <= 1
    assert h.valid_from.tzinfo is not None


@pytest.mark.parametrize("query", ["coffee", "sugar"])
def test_english_coffee_found(en, query):
    hits = en.search(query)
    assert hits[0].statement == "I take my coffee without sugar"


@pytest.mark.parametrize(("query", "expected"), [
    ("Python开发", "我喜欢Python开发"),   # mixed Chinese/Latin
    ("3月5", "我妈妈的生日是3月5号"),       # digits inside Chinese
    ("加糖", "我咖啡不加糖"),
])
def test_like_variants_find_what_tokens_miss(zh, query, expected):
    assert zh.search(query)[0].statement == expected


def test_partial_latin_word_found_lexically(en):
    hits = en.search("coff", legs=("lexical",), explain=True)
    assert hits[0].statement == "I take my coffee without sugar"
    assert hits[0].explain.like_score >= 4 and hits[0].explain.bm25 is None


def test_explain_reports_legs_rrf_weights_and_constants(zh):
    hits = zh.search("咖啡", explain=True)
    e = hits[0].explain
    assert e.lexical_rank == 1 and e.bm25 is not None and e.bm25 < 0
    prof = MODEL_PROFILES[DEFAULT_MODEL]  # the values fitted on the goldset (memcli calibrate)
    assert e.weight_dense == zh.settings.weight_dense_zh == prof["weight_dense_zh"]
    assert e.weight_lexical == prof["weight_lexical_zh"] and e.cosine is not None and e.cosine > 0.5
    assert e.final == hits[0].score and 0 < e.rrf_norm <= 1
    c = hits.info.constants
    assert c["lang"] == "zh" and c["rrf_k"] == prof["rrf_k"] and c["fusion"] == prof["fusion"]
    assert c["min_cosine_zh"] == zh.settings.min_cosine_zh == prof["min_cosine_zh"]
    assert c["fitted_for"] == DEFAULT_MODEL
    assert set(hits.info.legs_run) == {"dense", "lexical"} and hits.info.encoder == DEFAULT_MODEL


def test_single_legs_for_baselines(zh, en):
    lex = zh.search("咖啡", legs=("lexical",), explain=True)
    assert lex.info.legs_run == ["lexical"] and lex[0].explain.dense_rank is None
    dense = en.search("coffee without sugar", legs=("dense",), explain=True)
    assert dense.info.legs_run == ["dense"] and dense[0].explain.lexical_rank is None
    assert dense[0].statement == "I take my coffee without sugar" and dense[0].explain.cosine > 0.6
    for legs in (("sparse",), (), "dense"):  # one line of bad input, as every other bad argument
        with pytest.raises(BadInputError, match="legs must be a non-empty subset"):
            zh.search("咖啡", legs=legs)


def test_relevance_floor_and_min_score_override(zh, en):
    # nothing lexical in common and unrelated: dense-only neighbours sit below the fitted zh floor
    # (max cosine 0.096 here; the floor keeps 95% of the goldset's relevant dense-only hits)
    assert zh.search("量子力学的基本原理") == []
    # a weak neighbour stays under it (a meeting time vs a birthday date, cosine 0.25 < 0.29) ...
    assert zh.search("明天下午开会") == []
    # ... a related one passes it with no word in common (programming languages → Python, 0.31)
    near = zh.search("编程语言", explain=True)
    assert [h.statement for h in near] == ["我喜欢Python开发"]
    assert near[0].explain.cosine >= zh.settings.min_cosine_zh and near[0].explain.lexical_rank is None
    assert en.search("What is the weather tomorrow?") == []
    assert zh.search("咖啡", min_score=0.99) == []
    assert zh.search("咖啡", min_score=0.0)
    for bad in (-1, 1.5, 2):  # outside the final score's range [0, 1] (2 was taken and found nothing)
        with pytest.raises(BadInputError, match=r"must be in \[0, 1\]"):
            zh.search("咖啡", min_score=bad)
    with pytest.raises(BadInputError):
        zh.search("咖啡", limit=0)


def test_invalidated_memory_hidden_except_as_of(mem, cli, db):
    old = mem.remember("My sister lives in Lyon", kind="relationship", at="2026-01-01T00:00:00Z").item_id
    new = mem.correct(old, "My sister lives in Paris").id
    assert old not in _ids(mem.search("sister lives")) and new in _ids(mem.search("sister lives"))
    assert old not in _ids(mem.search("Lyon"))
    past = mem.search("sister lives", as_of="2026-06-01T00:00:00Z")
    assert _ids(past) == [old]
    r = cli("--db", db, "--user", "alice", "search", "Lyon", "--as-of", "2026-06-01", "--json")
    assert r.exit_code == 0, r.stderr
    assert [h["id"] for h in r.json()["hits"]] == [old]
    ctx = mem.context("where does my sister live", fmt="json")
    assert "Lyon" not in ctx.text and "Paris" in ctx.text
    assert cli("--db", db, "--user", "alice", "search", "x", "--as-of", "yesterday").exit_code == 2


def test_forgotten_memory_never_found(mem):
    i = mem.remember("我对花生过敏", kind="health").item_id
    assert _ids(mem.search("花生")) == [i]
    mem.forget(i)
    assert mem.search("花生") == [] and mem.context("花生").text == ""


def test_users_are_isolated(zh, cli, db):
    with Memory(db=db, user="bob") as bob:
        assert bob.search("咖啡") == []
        assert bob.context("咖啡").text == ""
        bob.remember("我咖啡要加很多糖", kind="preference")
        assert [h.statement for h in bob.search("咖啡")] == ["我咖啡要加很多糖"]
    assert "我咖啡要加很多糖" not in [h.statement for h in zh.search("咖啡", limit=10)]
    r = cli("--db", db, "--user", "bob", "context", "咖啡")
    assert r.exit_code == 0 and "我咖啡不加糖" not in r.stdout and "我咖啡要加很多糖" in r.stdout


#: an empty or blank query is refused (BadInputError / exit 2): see test_empty_query_is_bad_input
EMPTY_QUERIES = ["", "   \t\n "]
BAD_QUERIES = [
    "x" * 10_000, "咖啡" * 5000, '"', '"咖啡', "*", "咖*", ":", "a:b", "-", "-咖啡", "^", "^咖啡",
    "NEAR(", "NEAR(咖啡 糖)", "AND", "OR", "NOT", "咖啡 AND 糖 OR NOT", "multi-agent who's c++ 50% _x_",
    "'; DROP TABLE memory_items; --", "1 OR 1=1", "%", "_", "\\", "😀🎉☕", "\x00\x01\x1b[31m咖啡\x7f",
    "\u202e咖啡\u200b", "Python开发 and 咖啡 mixed 3月5号", "{}[]()<>", "</memory>",
]


def test_bad_input_gives_results_or_nothing(zh):
    for query in BAD_QUERIES:
        hits = zh.search(query, explain=True)
        assert isinstance(hits, list), query[:20]
        assert all(0 <= h.score <= 1 for h in hits)
        ctx = zh.context(query, fmt="json", budget_ms=5000)
        assert ctx.text == "" or ctx.text.startswith(("用户长期记忆", "User's")), query[:20]
    assert zh.search("x" * 10_000).info.query_truncated
    assert zh.search("咖啡 AND 糖 OR NOT")[0].statement == "我咖啡不加糖"
    assert zh.search("\x00\x01\x1b[31m咖啡\x7f")[0].statement == "我咖啡不加糖"


def test_empty_query_is_bad_input(zh, cli, db):
    from memcli.errors import BadInputError

    for query in EMPTY_QUERIES:
        for call in (zh.search, zh.context):
            with pytest.raises(BadInputError, match="query is empty"):
                call(query)
        for cmd in ("search", "context"):
            r = cli("--db", db, "--user", "alice", cmd, "--", query)
            assert r.exit_code == 2 and r.stderr.strip() == "memcli: error: query is empty", r.stderr


def test_bad_input_through_the_cli(zh, cli, db):
    base = ("--db", db, "--user", "alice")
    for q in ["x" * 10_000, 'NEAR("咖啡" *', "'; DROP TABLE memory_items; --", "😀", "\x01咖啡"]:
        for cmd in ("search", "context"):
            r = cli(*base, cmd, "--", q)
            assert r.exit_code == 0, (cmd, q[:20], r.stderr)
            assert "Traceback" not in r.stderr
    r = cli(*base, "search", "--json", "--", "-咖啡")
    assert r.exit_code == 0 and r.json()["hits"][0]["statement"] == "我咖啡不加糖"
    assert cli(*base, "search", "咖啡", "--limit", "0").exit_code == 2
    assert zh.list()  # nothing was dropped by the SQL-like query


def test_search_returns_the_items_metadata(mem, cli, db):
    mem.import_jsonl(['{"text": "My sister lives in Lyon", "metadata": {"source": "crm", "n": 7}}'])
    hits = mem.search("sister")
    assert [(h.statement, h.metadata) for h in hits] == [("My sister lives in Lyon", {"source": "crm", "n": 7})]
    r = cli("--db", db, "--user", "alice", "search", "sister", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["hits"][0]["metadata"] == {"source": "crm", "n": 7}


def test_slot_words_bridge_languages_lexically(mem):
    """A drained 我咖啡不加糖 carries slot coffee.sugar; its English slot words are indexed, so
    an English question finds the Chinese memory through the lexical leg."""
    mem.capture("我咖啡不加糖")
    assert mem.drain().added == 1
    (item,) = mem.list()
    assert item.slot == "coffee.sugar"
    for query in ("how do I take my coffee?", "sugar"):
        hits = mem.search(query, explain=True)
        assert [h.statement for h in hits] == ["我咖啡不加糖"], query
        assert hits[0].explain.lexical_rank == 1
    assert mem.search("what is the weather tomorrow") == []
