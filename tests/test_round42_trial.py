"""A new user's trial (round 42), own sentences, real SQLite stores, the real default model:

- a count question about one thing never takes a count of another (:mod:`memcli.read.counted`);
- ``--json`` outputs: every top-level field of each command is the one docs/formats.md lists;
- "forget that …" said in a turn: the drain invalidates the memories the request clearly names (the same person, the
  same slot or attribute, a high cosine), never another person's, never a value it does not name; a request that
  names nothing stored changes nothing and the summary says so; an assistant turn never forgets
  (:mod:`memcli.write.told_forget`).

Every case is told to its own user of one module database: the facts drained once, then the requests once."""

from __future__ import annotations

import json

import pytest

from memcli.write.told_forget import requested

#: user → (facts told first, the turn asking to forget, its role, the statements it must leave forgotten)
CASES: dict[str, tuple[list[str], str, str, list[str]]] = {
    "wife": (["My wife is vegetarian", "My sister is vegetarian"], "Please forget that my wife is vegetarian",
             "user", ["My wife is vegetarian"]),
    "horses": (["I love drawing horses", "I love drawing cats"], "forget that I love drawing horses", "user",
               ["I love drawing horses"]),
    "coffee": (["我不喝咖啡", "我每天早上喝茶"], "忘掉我不喝咖啡这件事吧", "user", ["我不喝咖啡"]),
    "mother": (["我妈妈的生日是五月三号", "我爸爸的生日是八月九号"], "别记着我妈妈的生日了", "user",
               ["我妈妈的生日是五月三号"]),
    "bank": (["我在银行上班", "我住在杭州"], "把我在银行上班这件事忘了吧", "user", ["我在银行上班"]),
    "nephew": (["我外甥在实验小学上学"], "忘掉我外甥的学校吧", "user", ["我外甥在实验小学上学"]),
    # another person: unmatched
    "uncle": (["I play golf", "I have 14 houseplants"], "Please forget that my uncle plays golf", "user", []),
    "vegan": (["My wife is vegan"], "forget that my wife is vegetarian", "user", []),  # a value it does not name
    "assistant": (["I love drawing horses"], "forget that I love drawing horses", "assistant", []),
}


@pytest.fixture(scope="module")
def told(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    """(the Memory of each case's user, the summary of the drain of the requests, the database's path)."""
    from memcli import Memory

    db = str(tmp_path_factory.mktemp("r42") / "m.db")
    mems = {u: Memory(db=db, user=u, embedder=embedder) for u in CASES}
    for u, (facts, _, _, _) in CASES.items():
        for f in facts:
            mems[u].capture(f, at="2026-11-02T09:00:00+00:00")
    for u in CASES:  # Memory.drain drains its own user only
        assert mems[u].drain().dead == 0
    for u, (_, ask, role, _) in CASES.items():
        mems[u].capture(ask, role=role, at="2026-11-03T09:00:00+00:00")
    summaries = {u: mems[u].drain() for u in CASES}
    yield mems, summaries, db
    for m in mems.values():
        m.close()


@pytest.mark.parametrize("user", list(CASES))
def test_a_request_to_forget_said_in_a_turn_forgets_what_it_names(told, user: str) -> None:  # noqa: ANN001
    mems, summaries, _ = told
    facts, _, role, gone = CASES[user]
    m, s = mems[user], summaries[user]
    assert sorted(i.statement for i in m.list(include_all=True) if i.status == "forgotten") == sorted(gone)
    assert sorted(i.statement for i in m.list()) == sorted(f for f in facts if f not in gone)
    assert (s.added, s.forgotten) == (0, len(gone))
    assert s.forget_unmatched == (1 if role == "user" and not gone else 0)
    events = m.store.q("SELECT level, reason, source_id FROM memory_events WHERE action = 'FORGET' AND user_id = ?",
                       (user,))
    assert [(e["level"], e["reason"]) for e in events] == [("told", "forgotten by the user")] * len(gone)


def test_a_forgotten_memory_leaves_the_context_block(told) -> None:  # noqa: ANN001
    mems, _, _ = told
    block = mems["wife"].context("What does my wife eat?").text
    assert "wife is vegetarian" not in block


@pytest.mark.parametrize(("text", "things"), [
    ("Please forget that my wife is vegetarian", ["my wife is vegetarian"]),
    ("could you forget that my son plays rugby and that I hate olives?", ["my son plays rugby", "I hate olives"]),
    ("forget that my cousin's flat is in Leith, I mixed it up", ["my cousin's flat is in Leith"]),
    ("忘掉我不喝咖啡这件事吧", ["我不喝咖啡"]),
    ("别记着我老公的车牌号了", ["我老公的车牌号"]),
    ("把我在医院上班的事忘了吧", ["我在医院上班"]),
    ("forget it", []), ("Forget everything", []), ("忘了吧", []),
    ("I always forget my keys", []),  # told, no request
    ("Forget that, I live in Bristol now", []),  # a fact beside it: no chatter turn
])
def test_what_a_turn_asks_to_forget(text: str, things: list[str]) -> None:
    assert requested(text) == things


def test_text_that_is_no_string_is_refused_in_one_line(told) -> None:  # noqa: ANN001
    from memcli.errors import BadInputError

    m = told[0]["wife"]
    for call in (m.capture, m.remember, m.context, m.search):
        with pytest.raises(BadInputError, match=r"must be a string, got bytes \(decode it first"):
            call(b"my aunt keeps bees")
    with pytest.raises(BadInputError, match=r"must be a string, got int$"):
        m.capture(42)
    assert m.store.q("SELECT count(*) AS n FROM memory_sources WHERE user_id = 'wife'")[0]["n"] == 3


@pytest.mark.parametrize(("user", "kind"), [("bob\n", "whitespace (a newline, tab or other blank)"),
                                            ("\tbob", "whitespace (a newline, tab or other blank)"),
                                            ("bob ", "a space")])
def test_a_user_id_with_a_blank_at_an_end_names_the_blank(user: str, kind: str) -> None:
    from memcli.settings_sources import user_problem

    assert user_problem(user).startswith(f"user {user!r} has {kind} at its start or end;")


def _documented() -> dict[str, list[set[str]]]:
    """docs/formats.md's ``--json`` section: bullet's first words → the field sets it lists (a bullet lists one set
    after each "fields:"; glosses in parentheses left out)."""
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "formats.md").read_text(encoding="utf-8")
    section = doc.split("## The `--json` outputs, field by field", 1)[1]
    out = {}
    for bullet in re.findall(r"^- (.+?)(?=^- |^\n|\Z)", section, re.M | re.S):
        head = bullet.split(" — ")[0]
        parts = re.sub(r"\([^()]*\)", "", bullet).split("fields")[1:]
        out[head] = [set(re.findall(r"`([a-z_]+)`", p)) for p in parts]
    return out


def test_the_json_outputs_are_the_documented_fields(told, cli) -> None:  # noqa: ANN001
    doc = _documented()
    base = ("--db", told[2], "--user", "uncle")  # (the other tests read the other users)
    cap = cli(*base, "capture", "my aunt keeps bees", "--json").json()
    assert doc["`memcli capture TEXT --json`"] == [set(cap)]
    drained = cli(*base, "drain", "--json").json()
    assert doc["`memcli drain --json`"] == [set(drained)]
    listed = cli(*base, "list", "--json").json()
    assert doc["`memcli list --json`"] == [set(listed[0])]
    found = cli(*base, "search", "golf", "--json").json()
    assert doc["`memcli search QUERY --json`"] == [set(found), set(found["hits"][0])]
    assert doc["search's `info` and context's `retrieval`"] == [set(found["info"])]
    empty = cli(*base, "context", "what is the tallest mountain in Chile?", "--json").json()
    assert doc["`memcli context QUERY --json`"] == [set(empty)]
    assert empty["text"] == "" and set(empty["retrieval"]) == set(found["info"])  # an empty block's retrieval
    bad = cli(*base, "forget", "abc", "--json")
    assert bad.exit_code == 2 and bad.stdout == ""
    err = json.loads(bad.stderr)
    assert doc["errors"] == [set(err), set(err["error"])]


@pytest.mark.parametrize(("question", "shown"), [
    ("How many bicycles do I have?", False), ("how many books do I own?", False),
    ("How many plants do I have?", True), ("how many houseplants have I got?", True),
])
def test_a_count_question_never_takes_a_count_of_another_thing(told, question: str, shown: bool) -> None:  # noqa: ANN001
    block = told[0]["uncle"].context(question).text
    assert ("14 houseplants" in block) is shown, block


def test_what_a_count_question_and_a_statement_count() -> None:
    from memcli.read.counted import asked_count, counted_nouns

    assert asked_count("So how many guitars do you think I own?") == ["guitars"]
    assert asked_count("How many bee colonies have I got?") == ["bee", "colonies"]
    assert asked_count("How much is my rent?") is None
    assert asked_count("how many of my cousins are married?") is None  # "of my …": not read, nothing vetoed
    assert counted_nouns("We keep two grey rabbits and 3 hens, for 4 years now") == ["rabbits", "hens"]
