"""The embedding model recorded in the database: a mismatch is a clear error naming
``memcli reembed``, ``reembed`` moves every item to the new model, and a database made with
all-MiniLM-L6-v2 (the default before issue 11) keeps working with a note on how to upgrade.

The default model is USE multilingual v3 (512-d). The second model is a sentence-transformers
model built locally from the bundled all-MiniLM-L6-v2: the same files (symlinked) with CLS
pooling instead of mean pooling, so it is another model name *and* gives other vectors.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from memcli.db import schema as s
from memcli.embed import get_embedder, resolve_model_path, vec_to_blob
from memcli.errors import ModelMismatchError
from memcli.settings import DEFAULT_MODEL, MINILM_MODEL, MODEL_PROFILES


@pytest.fixture(scope="session")
def model_b(tmp_path_factory, embedder) -> str:
    """Path of a second sentence-transformers model (CLS pooling over the bundled weights)."""
    src = Path(resolve_model_path(MINILM_MODEL))
    dst = tmp_path_factory.mktemp("models") / "minilm-cls"
    dst.mkdir()
    for entry in src.iterdir():
        if entry.name != "1_Pooling":
            (dst / entry.name).symlink_to(entry)
    pool = json.loads((src / "1_Pooling" / "config.json").read_text())
    pool.update(pooling_mode_cls_token=True, pooling_mode_mean_tokens=False)
    (dst / "1_Pooling").mkdir()
    (dst / "1_Pooling" / "config.json").write_text(json.dumps(pool))
    return str(dst)


@pytest.fixture(scope="session")
def embedder_b(model_b):
    return get_embedder(model_b)


def test_second_model_is_really_another_model(embedder, embedder_b):
    a = embedder.embed_one("I take my coffee without sugar")
    b = embedder_b.embed_one("I take my coffee without sugar")
    assert a.shape == (512,) and b.shape == (384,) and b.dtype == np.float32 == a.dtype
    assert abs(float(np.linalg.norm(b)) - 1.0) < 1e-5 and abs(float(np.linalg.norm(a)) - 1.0) < 1e-5
    minilm = get_embedder(MINILM_MODEL).embed_one("I take my coffee without sugar")
    assert float(minilm @ b) < 0.99


def snapshot(mem) -> dict[str, int]:  # noqa: ANN001
    return {t: mem.store.scalar(f"SELECT count(*) FROM {t}") for t in (s.SOURCES, s.ITEMS, s.EVENTS, s.VEC)}


def test_model_mismatch_is_a_clear_error(cli, mem, db_path, model_b, embedder_b, tmp_path):
    iid = mem.remember("I take my coffee without sugar").item_id
    before = snapshot(mem)
    base = ("--db", str(db_path), "--user", "alice", "--model", model_b)
    f = tmp_path / "in.jsonl"
    f.write_text('{"text": "I live in Lyon"}\n', encoding="utf-8")
    for cmd in (("remember", "I live in Lyon"), ("correct", str(iid), "I take my coffee with sugar"),
                ("import", str(f))):
        r = cli(*base, *cmd)
        assert r.exit_code == 5, r.stderr
        lines = r.stderr.strip().splitlines()
        assert "Traceback" not in r.stderr
        # the defaults were calibrated for the default model: one stale-calibration warning,
        # then exactly one error line
        assert lines[0].startswith(f"warning: dedup thresholds were calibrated for model '{DEFAULT_MODEL}'")
        assert len(lines) == 2
        line = lines[1]
        assert line == (f"memcli: error: database was embedded with model '{DEFAULT_MODEL}' (dim 512) but "
                        f"'{model_b}' is configured; run `memcli reembed --model {model_b}` to re-embed, "
                        f"or use --model {DEFAULT_MODEL}")
    assert snapshot(mem) == before
    # reading stored items needs no model: still works, and stats shows both names
    st = cli(*base, "stats", "--json").json()
    assert (st["model"], st["configured_model"]) == (DEFAULT_MODEL, model_b)
    assert [m["id"] for m in cli(*base, "list", "--json").json()] == [iid]
    from memcli import Memory

    with Memory(db=str(db_path), user="alice", model=model_b) as other:
        with pytest.raises(ModelMismatchError, match="memcli reembed"):
            other.remember("I live in Lyon")


def test_default_model_aliases_are_the_same_model(mem, db_path):
    mem.remember("I take my coffee without sugar")
    from memcli import Memory

    assert mem.store.meta_get("embed_model") == DEFAULT_MODEL  # the canonical name is recorded
    for alias, fact in (("default", "I live in Lyon"), ("usem3", "I play chess on Sundays"), ("use", "我对花生过敏")):
        with Memory(db=str(db_path), user="alice", model=alias) as same:
            assert same.settings.model == DEFAULT_MODEL
            assert same.remember(fact).decision.value == "ADD"


def test_minilm_aliases_are_one_model(tmp_path):
    from memcli import Memory

    with Memory(db=str(tmp_path / "m.db"), user="alice", model=MINILM_MODEL) as m:
        m.remember("I take my coffee without sugar")
    with Memory(db=str(tmp_path / "m.db"), user="alice", model="sentence-transformers/all-MiniLM-L6-v2") as same:
        assert same.remember("I live in Lyon").decision.value == "ADD"


def test_a_minilm_database_keeps_working_and_says_how_to_upgrade(cli, tmp_path):
    """A database embedded with all-MiniLM-L6-v2 (the default before): without --model it keeps
    using MiniLM (and MiniLM's fitted constants) with one note naming `memcli reembed`;
    `memcli reembed` (no --model) moves it to the new default with a progress bar."""
    from memcli import Memory

    db = str(tmp_path / "old.db")
    with Memory(db=db, user="alice", model=MINILM_MODEL) as old:
        old.remember("我妈妈的生日是3月5号")
        old.remember("I take my coffee without sugar")
    base = ("--db", db, "--user", "alice")
    r = cli(*base, "search", "咖啡", "--json")
    assert r.exit_code == 0, r.stderr
    note = [ln for ln in r.stderr.splitlines() if ln.startswith("note:")]
    assert note == [f"note: this database was embedded with '{MINILM_MODEL}'; the default model is now "
                    f"'{DEFAULT_MODEL}' (multilingual, much better on Chinese): upgrade with "
                    f"`memcli reembed --model {DEFAULT_MODEL}`"]
    assert "calibration is stale" not in r.stderr  # MiniLM's own profile is used
    with Memory(db=db, user="alice") as m:
        assert m.settings.model == MINILM_MODEL
        minilm, use = MODEL_PROFILES[MINILM_MODEL], MODEL_PROFILES[DEFAULT_MODEL]
        assert m.settings.min_cosine_zh == minilm["min_cosine_zh"] != use["min_cosine_zh"]
        assert m.settings.dedup_lower == minilm["dedup_lower"] != use["dedup_lower"]
        assert m.remember("I live in Lyon").decision.value == "ADD"
    r = cli(*base, "reembed", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json() == {"model": DEFAULT_MODEL, "dim": 512, "items": 3, "episodes": 0}
    r = cli(*base, "search", "咖啡", "--json")
    assert r.exit_code == 0 and "note:" not in r.stderr
    with Memory(db=db, user="alice") as m:
        assert (m.store.meta_get("embed_model"), m.store.meta_get("embed_dim")) == (DEFAULT_MODEL, "512")
        assert m.model_note is None and m.settings.model == DEFAULT_MODEL



def test_reembed_moves_every_item_to_the_new_model(cli, mem, db_path, model_b, embedder, embedder_b):
    a = mem.remember("I take my coffee without sugar").item_id
    b = mem.remember("我妈妈的生日是3月5号").item_id
    c = mem.remember("My sister lives in Lyon").item_id
    c2 = mem.correct(c, "My sister lives in Paris").id
    with type(mem)(db=str(db_path), user="bob") as bob:
        d = bob.remember("I am bob").item_id
    flags_before = {r["item_id"]: (r["active"], r["user_id"]) for r in mem.store.q(
        f"SELECT item_id, active, user_id FROM {s.VEC}")}

    r = cli("--db", str(db_path), "--user", "alice", "reembed", "--model", model_b, "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json() == {"model": model_b, "dim": 384, "items": 5, "episodes": 0}

    st = mem.store
    assert (st.meta_get("embed_model"), st.meta_get("embed_dim")) == (model_b, "384")
    assert {x["embed_model"] for x in st.q(f"SELECT embed_model FROM {s.ITEMS}")} == {model_b}
    # every item (every user) re-embedded with model B, validity flags and partitions kept
    flags_after = {r["item_id"]: (r["active"], r["user_id"]) for r in st.q(
        f"SELECT item_id, active, user_id FROM {s.VEC}")}
    assert flags_after == flags_before and flags_after[c][0] == 0 and flags_after[d][1] == "bob"
    for item_id, text in ((a, "I take my coffee without sugar"), (b, "我妈妈的生日是3月5号"),
                          (c2, "My sister lives in Paris")):
        q = vec_to_blob(embedder_b.embed_one(text))
        hit = st.one(f"SELECT item_id, distance FROM {s.VEC} WHERE embedding MATCH ? AND k = 1 "
                     "AND user_id = 'alice' AND active = 1", (q,))
        assert hit["item_id"] == item_id and hit["distance"] < 1e-4
    # model A vectors (512-d) are gone: the table holds 384-d vectors now
    assert embedder.embed_one("x").shape == (512,)
    assert len(st.scalar(f"SELECT embedding FROM {s.VEC} LIMIT 1")) == 384 * 4

    # new writes with model B work; without --model the database's model B is used (with a
    # note); the old model named explicitly is now the mismatch
    base = ("--db", str(db_path), "--user", "alice")
    r = cli(*base, "--model", model_b, "remember", "I live in Lyon", "--json")
    assert r.exit_code == 0, r.stderr
    r = cli(*base, "remember", "I live in Marseille")
    assert r.exit_code == 0 and f"note: this database was embedded with '{model_b}'" in r.stderr
    r = cli(*base, "--model", "default", "remember", "I live in Paris")
    assert r.exit_code == 5 and f"run `memcli reembed --model {DEFAULT_MODEL}`" in r.stderr


def test_search_after_reembed_uses_the_new_model(mem, db_path, model_b, embedder_b):
    from memcli import Memory

    target = mem.remember("My sister lives in Lyon").item_id
    mem.remember("I take my coffee without sugar")
    from memcli.admin import Admin

    with Admin(db=str(db_path)) as adm:
        adm.reembed(model_b)
    with Memory(db=str(db_path), user="alice", model=model_b, query_encoder="torch") as m:
        hits = m.search("My sister lives in Lyon")
        assert hits and hits[0].id == target


UNKNOWN = ("memcli: error: unknown embedding model {!r} (known: use-multilingual-v3, multilingual-e5-small-q4, "
           "all-MiniLM-L6-v2; or a local path)\n")


@pytest.mark.parametrize("args", [["remember", "I like tea"], ["search", "x"], ["context", "tea"],
                                  ["import", "-"], ["reembed"], ["warm"]])
@pytest.mark.parametrize("how", ["flag", "env"])
def test_unknown_model_name_fails_at_once_in_one_line(cli, db_path, monkeypatch, args, how):
    """Issue 23: a name that is no bundled model, no local path and not in the local Hugging Face
    cache is refused before anything (no stale-calibration warning, no `reembed` advice, no
    download attempt), exit 5; nothing is written. The same for MEMCLI_MODEL."""
    name = "no-such-model-xyz"
    flag = ["--model", name] if how == "flag" else []
    if how == "env":
        monkeypatch.setenv("MEMCLI_MODEL", name)
    r = cli("--db", str(db_path), "--user", "alice", *flag, *args, input='{"text": "I like tea"}\n')
    assert (r.exit_code, r.stderr, r.stdout) == (5, UNKNOWN.format(name), "")
    monkeypatch.delenv("MEMCLI_MODEL", raising=False)
    assert not db_path.exists()  # not even an empty database (list would say there is none)


@pytest.mark.parametrize("how", ["flag", "env"])
def test_a_command_that_never_embeds_runs_whatever_the_model_setting(cli, db_path, monkeypatch, how):
    """Round 18: capture and list use no model, so an unknown model name does not stop them; the
    capture's drain, which needs it, is not started and says why in one line (the turn waits)."""
    name = "no-such-model-xyz"
    flag = ["--model", name] if how == "flag" else []
    if how == "env":
        monkeypatch.setenv("MEMCLI_MODEL", name)
    base = ("--db", str(db_path), "--user", "alice", *flag)
    r = cli(*base, "capture", "I like tea", "--no-drain", "--json")
    assert r.exit_code == 0 and r.stderr == "" and r.json()["source_id"] == 1
    r = cli(*base, "capture", "I like green tea", "--drain")
    assert r.exit_code == 0 and r.stderr.splitlines() == [
        f"warning: not drained: {UNKNOWN.format(name)[15:-1]}; the turn waits in the outbox",
        "captured source #2, outbox task #2 (pending)"]
    assert cli(*base, "list", "--json").json() == []
    assert cli(*base, "drain").stderr == UNKNOWN.format(name)  # where the model is used, the clear error stays


def test_a_local_folder_is_a_model_name_the_check_lets_through(cli, db_path, tmp_path):
    assert cli("--db", str(db_path), "--user", "alice", "capture", "hello").exit_code == 0  # a database to read
    r = cli("--db", str(db_path), "--user", "alice", "--model", str(tmp_path), "search", "x", "--json")
    assert r.exit_code == 0 and r.json()["hits"] == [], r.stderr
    r = cli("--db", str(db_path), "--user", "alice", "--model", "e5", "list", "--json")
    assert r.exit_code == 0 and r.json() == []


def test_bulk_embedding_reads_the_whole_piece_table_and_tokenises_alike(tmp_path, monkeypatch):
    """A batch of 16+ texts swaps the tokenizer's lazily sharded piece table for one dict: the same
    pieces for every text (Chinese, traditional, English, mixed, emoji, full-width), so the same vectors."""
    from memcli.embed.use import BULK_TEXTS
    from memcli.embed.use_prepared import ShardedPrefixes, fast_load, prepare, prepared_dir

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # a private prepared state
    prepare()
    lazy, bulk = fast_load(prepared_dir(), 1), fast_load(prepared_dir(), 1)
    texts = ["我妈妈的生日是3月5号", "我媽媽住在臺北", "I'm allergic to peanuts!", "My e-mail is li@x.com",
             "周末去爬山🏔️ with 小林", "ＡＢＣ１２３ ｆｕｌｌ ｗｉｄｔｈ", "naïve café résumé", "", " ",
             "3号线 iPhone 15 维生素D", "ok", "今天天气不错，我们去公园散步吧。", "Ünïcödé ß ẞ", "中文English混合text",
             "a" * 300, "謝謝你的幫忙"]
    assert len(texts) >= BULK_TEXTS and isinstance(lazy.sp._prefixes, ShardedPrefixes)
    whole = bulk.sp._prefixes.whole()
    assert len(whole) > 200_000
    bulk.sp._prefixes = whole
    assert [lazy.sp._encode_one(t) for t in texts] == [bulk.sp._encode_one(t) for t in texts]
    from memcli.embed.use import UseEmbedder

    emb = UseEmbedder()
    one_by_one = np.vstack([emb.embed_batch([t]) for t in texts[:3]])  # lazily, below the bulk size
    assert isinstance(emb._be.sp._prefixes, ShardedPrefixes)
    together = emb.embed_batch(texts)  # the swap happens here
    assert isinstance(emb._be.sp._prefixes, dict)
    assert np.allclose(one_by_one, together[:3], atol=1e-5)
