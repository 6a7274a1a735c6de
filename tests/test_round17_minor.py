"""Round 17's smaller new-user findings, each as its kind:

- ``context --as-of`` (Typer app and fast path) and the ``search`` tool's ``as_of``: what was
  believed true then, validated as ``search --as-of`` is;
- a read command's bad input (stdin, a file, an argument that is not UTF-8) does not say that
  nothing was written; the HTTP service says a body that is not UTF-8 in memcli's one line;
- the time-zone note names where the offset came from (``--at`` or a JSON line's ``at``);
- a long query is cut before anything reads it (no cleaning, language guess or tokenising of 1 MB);
- a memory is never a cut-off fragment of the text it came from;
- a relative's name said in passing ("My daughter Emma starts school…") answers "What is my
  daughter's name?" in both languages.
"""

from __future__ import annotations

import pytest
from test_bad_input import assert_error, snapshot

from memcli import Memory


@pytest.fixture
def moved(cli, db_path):
    """alice lived in Paris from January and in Lyon from June (a correction)."""
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "remember", "I live in Paris", "--at", "2026-01-01").exit_code == 0
    assert cli(*base, "correct", "1", "I live in Lyon", "--at", "2026-06-01").exit_code == 0
    return base


# -- context --as-of -----------------------------------------------------------------------------
@pytest.mark.parametrize("fast", [True, False])
def test_context_as_of_gives_what_was_believed_then(cli, moved, monkeypatch, fast):
    called: list[int] = []
    if fast:  # the Typer app must not run: the fast path reads --as-of itself
        monkeypatch.setattr("memcli.cli.entry.main", lambda: called.append(1))
    extra = () if fast else ("--max-tokens", "400", "-v")  # -v: the Typer app's path
    then = cli(*moved, "context", "where do I live?", "--as-of", "2026-03-01", *extra)
    assert then.exit_code == 0 and not called, then.stderr
    assert "Paris" in then.stdout and "Lyon" not in then.stdout
    now = cli(*moved, "context", "where do I live?", *extra)
    assert "Lyon" in now.stdout and "Paris" not in now.stdout
    js = cli(*moved, "context", "where do I live?", "--as-of", "2026-03-01", "--json", *extra).json()
    assert [h["statement"] for h in js["hits"]] == ["I live in Paris"]


@pytest.mark.parametrize("extra", [(), ("-v",)])
def test_a_bad_context_as_of_is_refused_as_search_refuses_it(cli, moved, extra):
    s = assert_error(cli(*moved, "search", "where do I live?", "--as-of", "last spring"), 2)
    c = assert_error(cli(*moved, "context", "where do I live?", "--as-of", "last spring", *extra), 2)
    assert c == s and "as_of (--as-of)" in c, c


def test_the_search_tool_takes_as_of(embedder, tmp_path):
    from memcli.tools import call_tool, input_schema

    assert "as_of" in input_schema("search")["properties"]
    with Memory(db=str(tmp_path / "t.db"), user="alice") as m:
        m.remember("I live in Paris", at="2026-01-01")
        m.correct(1, "I live in Lyon", at="2026-06-01")
        then = call_tool(m, "search", {"query": "where do I live", "as_of": "2026-03-01"})
        now = call_tool(m, "search", {"query": "where do I live"})
        assert [h["statement"] for h in then["memories"]] == ["I live in Paris"]
        assert [h["statement"] for h in now["memories"]] == ["I live in Lyon"]
        from memcli.errors import BadInputError

        with pytest.raises(BadInputError, match="as_of"):
            call_tool(m, "search", {"query": "where do I live", "as_of": "soon"})


# -- a read's bad input does not talk about writing ----------------------------------------------
def test_reads_of_stdin_and_files_that_are_not_utf8_do_not_say_nothing_was_written(cli, moved, db_path, tmp_path):
    before = snapshot(db_path)
    bad = b"where do I \xff live?\n"
    for cmd in ("context", "search"):
        assert assert_error(cli(*moved, cmd, "-", input=bad), 2) == "stdin line 1: not valid UTF-8"
    hist = tmp_path / "h.json"
    hist.write_bytes(b'[{"role": "user",\n "content": "caf\xe9"}]')
    msg = assert_error(cli(*moved, "context", "tea", "--history", str(hist)), 2)
    assert msg == f"--history: {hist} line 2: not valid UTF-8"
    system = tmp_path / "s.txt"
    system.write_bytes(b"You are \xff")
    assert (
        assert_error(cli(*moved, "context", "tea", "--system", str(system)), 2)
        == f"--system: {system} line 1: not valid UTF-8"
    )
    got = assert_error(cli(*moved, "tools", "call", "search", "-", input=b'{"query": "caf\xe9"}'), 2)
    assert got == "stdin line 1: not valid UTF-8"
    undecodable = b"caf\xff".decode("utf-8", "surrogateescape")
    for args in (("context", undecodable), ("--json", "list", "--as-of", undecodable)):
        msg = assert_error(cli(*moved, *args), 2)
        assert "not valid UTF-8" in msg and "written" not in msg, msg
    # a write still says so
    assert assert_error(cli(*moved, "remember", "-", input=bad), 2).endswith("; nothing was written")
    got = assert_error(cli(*moved, "tools", "call", "remember", "-", input=b'{"text": "caf\xe9"}'), 2)
    assert got.endswith("; nothing was written")
    assert snapshot(db_path) == before


def test_reads_only_names_the_read_commands():
    from memcli.cli.fast_args import reads_only

    assert reads_only(["--db", "x.db", "--user", "capture", "search", "tea"])  # "capture" is the user here
    assert reads_only(["tools", "call", "search", "-"]) and reads_only(["-v", "context", "-"])
    assert not reads_only(["--user", "search", "capture", "tea"]) and not reads_only(["tools", "call", "forget", "-"])


# -- the zone note names its source ----------------------------------------------------------------
def test_the_zone_note_of_a_json_line_names_the_line_not_at(cli, db_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    base = ("--db", str(db_path), "--user", "alice")
    lines = '{"text": "We had noodles"}\n\n{"text": "I met Anna", "at": "2026-03-06T01:30:00+08:00"}\n'
    r = cli(*base, "capture", "-", input=lines)
    assert r.exit_code == 0, r.stderr
    note = [ln for ln in r.stderr.splitlines() if ln.startswith("note:")]
    assert note == [
        "note: times are shown in UTC, this machine's zone, not the +08:00 stdin line 3's \"at\" gave; "
        "set timezone (MEMCLI_TIMEZONE=+08:00 or a name such as Asia/Shanghai) to show them in yours"
    ]
    again = cli(*base, "capture", "I flew home", "--at", "2026-03-07T01:30:00+08:00")  # the same offset: said once
    assert "note:" not in again.stderr, again.stderr


# -- a long query is cut before anything reads it ------------------------------------------------
def test_a_1mb_query_is_cut_before_any_analysis(embedder, tmp_path, monkeypatch):
    import memcli.read.context as ctx_mod
    import memcli.read.retrieve as ret_mod
    import memcli.text as text_mod

    seen: list[int] = []

    def spy(real):  # noqa: ANN001, ANN202
        def clean(text: str) -> str:
            seen.append(len(text))
            return real(text)

        return clean

    real = text_mod.clean_text
    for mod in (ctx_mod, ret_mod, text_mod):
        monkeypatch.setattr(mod, "clean_text", spy(real))
    query = ("What does my daughter like to eat for breakfast? " * 21000)[:1_000_000]
    with Memory(db=str(tmp_path / "q.db"), user="alice") as m:
        m.remember("My daughter likes pancakes for breakfast")
        res = m.context(query, budget_ms=60_000, fmt="json")
        limit = m.settings.max_text_chars
    assert seen and max(seen) <= limit, max(seen)  # nothing cleaned (so nothing analysed) past the cut
    assert res.retrieval["query_truncated"] is True and res.retrieval["query_chars"] == len(query)
    assert res.reason is None or "budget" not in res.reason, res.reason


def test_check_query_reads_a_long_query_a_chunk_at_a_time(monkeypatch):
    import memcli.text as text_mod
    from memcli.errors import BadInputError

    seen: list[int] = []
    real = text_mod.clean_text
    monkeypatch.setattr(text_mod, "clean_text", lambda t: seen.append(len(t)) or real(t))
    text_mod.check_query("tea " * 250_000)
    assert seen == [2048]
    with pytest.raises(BadInputError, match="query is empty"):
        text_mod.check_query(" " * 10_000 + "\x00")


# -- a memory is never a cut-off fragment ------------------------------------------------------
def test_a_repeated_sentence_cut_mid_word_gives_no_fragment(embedder, tmp_path):
    from memcli.write.clauses import units

    text = "I like green tea. " * 30 + "I like gre"
    assert [u.text for u in units(text)] == ["I like green tea."] * 30
    assert [u.text for u in units("我喜欢绿茶。" * 5 + "我喜欢绿")] == ["我喜欢绿茶。"] * 5
    assert units("I like tea. I like green tea")[-1].text == "I like green tea"  # not a cut: kept
    with Memory(db=str(tmp_path / "f.db"), user="alice") as m:
        m.capture(text)
        m.drain()
        said = [i.statement for i in m.list()]
    assert said == ["I like green tea"], said


def test_llm_pieces_are_cut_between_words():
    from memcli.write.llm import chunks

    for text in ("I like green tea " * 700, "我喜欢绿茶，" * 900, "word " * 2000):
        pieces = chunks(text, 1000)
        assert "".join(pieces) == text and all(len(p) <= 1000 for p in pieces)
        assert all(p[-1] in " ，" for p in pieces[:-1]), [p[-5:] for p in pieces]
    assert [len(p) for p in chunks("x" * 2500, 1000)] == [1000, 1000, 500]  # one unbroken run: no choice


# -- a relative's name said in passing ---------------------------------------------------------
@pytest.mark.parametrize(
    "stored, asked, name",
    [
        ("My daughter Emma starts school in September", "What is my daughter's name?", "Emma"),
        ("My daughter Emma starts school in September", "我女儿叫什么名字？", "Emma"),
        ("我女儿小美下个月上小学", "我女儿叫什么名字？", "小美"),
        ("My sister Anna lives in Lyon", "What's my sister's name?", "Anna"),
    ],
)
def test_a_relatives_name_said_in_passing_answers_the_name_question(embedder, tmp_path, stored, asked, name):
    with Memory(db=str(tmp_path / "n.db"), user="alice") as m:
        m.remember(stored)
        m.remember("I like green tea")
        m.remember("My son's teacher is strict")
        assert name in m.context(asked).text
        assert [h.statement for h in m.search(asked)][:1] == [stored]
        assert m.context("What is my father's name?").text == ""  # nobody else's name is told


def test_a_relatives_name_is_read_after_its_own_relation_word_only():
    from memcli.read.slot_leg import names_relative

    assert names_relative("My daughter Emma starts school in September", {"daughter"})
    assert not names_relative("My daughter's teacher Mrs Brown is strict", {"daughter"})
    assert not names_relative("My daughter and I like Paris", {"daughter"})
    assert not names_relative("My daughter Emma starts school", {"son"})
    assert names_relative("我女儿小美下个月上小学", {"daughter"})


def test_a_stored_name_slot_is_not_doubled_by_a_name_in_passing(embedder, tmp_path):
    from memcli.read.slot_leg import named_in_passing

    with Memory(db=str(tmp_path / "d.db"), user="alice") as m:
        school = m.remember("My daughter Emma starts school in September").item_id
        name = m.remember("我儿子叫小刚").item_id
        assert named_in_passing(m.store, "alice", ["daughter.name"], [], limit=10) == [school]
        assert named_in_passing(m.store, "alice", ["son.name"], [name], limit=10) == []  # the slot holds it
        assert named_in_passing(m.store, "alice", ["daughter.job"], [], limit=10) == []  # not a name asked


def test_http_body_not_utf8_message():
    from memcli.service.errors import undecodable_body

    try:
        b'{"text": "ok",\n "x": "caf\xe9"}'.decode("utf-8")
    except UnicodeDecodeError as exc:
        err = exc
    assert undecodable_body(err, ["write"]) == "body line 2: not valid UTF-8; nothing was written"
    assert undecodable_body(err, ["read"]) == "body line 2: not valid UTF-8"
    assert undecodable_body(ValueError("x"), ["read"]) is None
