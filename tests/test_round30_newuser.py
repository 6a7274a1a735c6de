"""Round 30, a new user on the less-walked paths: what they met, one test per kind."""

from __future__ import annotations

import pytest
from conftest import run_cli
from test_bad_input import assert_error, snapshot

from memcli.errors import BadInputError


@pytest.mark.parametrize(("args", "said"), [
    (("drain", "--max-seconds", "nan"), "'--max-seconds': needs a finite number ≥ 0, got 'nan'"),
    (("drain", "--max-seconds", "inf"), "'--max-seconds': needs a finite number ≥ 0, got 'inf'"),
    (("drain", "--max-seconds", "-1"), "'--max-seconds': needs a finite number ≥ 0, got '-1'"),
    (("drain", "--loop", "--interval", "1e400"), "'--interval': needs a finite number ≥ 0.01, got '1e400'"),
    (("search", "tea", "--min-score", "nan"), "'--min-score': needs a finite number in [0, 1], got 'nan'"),
    (("search", "tea", "--min-score", "-inf"), "'--min-score': needs a finite number in [0, 1], got '-inf'"),
    (("calibrate", "--target-precision", "nan"), "'--target-precision': needs a finite number in (0, 1], got 'nan'"),
    (("calibrate", "--margin", "inf"), "'--margin': needs a finite number in [0, 1), got 'inf'"),
    (("calibrate", "--keep", "nan"), "'--keep': needs a finite number in (0, 1], got 'nan'"),
    (("calibrate", "--answer-target", "inf"), "'--answer-target': needs a finite number in (0, 1], got 'inf'"),
])
def test_every_float_option_refuses_nan_and_infinity_in_the_same_words(db_path, args, said) -> None:
    """``drain --max-seconds nan`` said "greater than or equal to 0" (NaN is no number to compare);
    ``--max-seconds inf`` drained with no limit. Every float option of the CLI now says it needs a
    finite number and its range, exit 2, nothing written."""
    assert run_cli("--db", str(db_path), "--user", "mei", "capture", "我家阳台上种了七盆薄荷").exit_code == 0
    before = snapshot(db_path)
    msg = assert_error(run_cli("--db", str(db_path), "--user", "mei", *args), 2)
    assert msg == f"Invalid value for {said}; see 'memcli {args[0]} --help'"
    assert snapshot(db_path) == before


def test_float_options_still_take_finite_numbers(db_path, cli) -> None:
    assert cli("--db", str(db_path), "--user", "mei", "remember", "I drink oolong tea").exit_code == 0
    r = cli("--db", str(db_path), "--user", "mei", "search", "tea", "--min-score", "0")
    assert r.exit_code == 0 and "oolong" in r.stdout
    assert cli("--db", str(db_path), "--user", "mei", "drain", "--max-seconds", "30").exit_code == 0


def test_langgraph_store_refuses_a_negative_limit_or_offset(db_path, embedder) -> None:
    """``store.search(ns, limit=-1)`` answered [] (a slice with -1), where every other surface refuses
    a limit below 1: a negative limit or offset is bad input, and 0 still answers []."""
    pytest.importorskip("langgraph", reason="pip install 'memcli[langgraph]'")
    from memcli.integrations.langgraph import MemcliStore

    with MemcliStore(str(db_path), embedder=embedder) as store:
        store.put(("memories", "bob"), "k", {"text": "I like kiwis"})
        for kw in ({"limit": -1}, {"offset": -2}):
            with pytest.raises(BadInputError, match=r"(limit|offset) must be a whole number >= 0 \(got -"):
                store.search(("memories", "bob"), query="kiwis", **kw)
            with pytest.raises(BadInputError, match=r"(limit|offset) must be a whole number >= 0"):
                store.list_namespaces(**kw)
        assert store.search(("memories", "bob"), query="kiwis", limit=0) == []
        assert [it.key for it in store.search(("memories", "bob"), query="kiwis")] == ["k"]


def _export(db_path, cli) -> list[str]:  # noqa: ANN001
    for text in ("I grow mint on my balcony", "My bike is a red Brompton"):
        assert cli("--db", str(db_path), "--user", "mei", "remember", text).exit_code == 0
    r = cli("--db", str(db_path), "--user", "mei", "export", "--all")
    assert r.exit_code == 0
    return r.stdout.splitlines()


def test_an_export_line_without_its_text_is_told_so_not_that_it_lacks_records(tmp_path, db_path, cli) -> None:
    """A memory line of an export with its "text" deleted was taken for the end line: "line 1: records:
    Field required". It is a memory line missing its text; a bare {"v": 2} is still an end line."""
    import json

    lines = _export(db_path, cli)
    first = json.loads(lines[0])
    del first["text"]
    target = tmp_path / "other.db"
    for body, said in (([json.dumps(first), *lines[1:]], "stdin line 1: text: Field required; nothing was written"),
                       ([*lines[:-1], '{"v": 2}'],
                        f"stdin line {len(lines)}: records: Field required; nothing was written")):
        r = cli("--db", str(target), "--user", "mei", "import", "-", input="\n".join(body) + "\n")
        assert assert_error(r, 2) == said
    assert cli("--db", str(target), "--user", "mei", "list").stdout.strip() == ""


def test_duplicate_ids_in_an_export_name_the_id(tmp_path, db_path, cli) -> None:
    lines = _export(db_path, cli)
    import json

    end = json.loads(lines[-1])
    body = [lines[0], lines[0], *lines[1:-1], json.dumps({**end, "records": end["records"] + 1})]
    first_id = json.loads(lines[0])["id"]
    r = cli("--db", str(tmp_path / "other.db"), "--user", "mei", "import", "-", input="\n".join(body) + "\n")
    assert assert_error(r, 2) == f"stdin: two memory lines have the same id {first_id}; nothing was written"


def test_a_langgraph_put_that_is_refused_leaves_the_old_value(db_path, embedder) -> None:
    """A put over an existing key forgot the old memory, then remember refused the new text (a secret):
    the key answered None and the old value was gone. The refused put now writes nothing."""
    pytest.importorskip("langgraph", reason="pip install 'memcli[langgraph]'")
    from memcli.integrations.langgraph import MemcliStore

    with MemcliStore(str(db_path), embedder=embedder) as store:
        store.put(("memories", "bob"), "wifi", {"text": "The wifi router is in the hallway"})
        for value in ({"text": "my wifi password is hunter2abc"}, {"text": "x" * 100_000}):
            with pytest.raises(BadInputError):
                store.put(("memories", "bob"), "wifi", value)
            assert store.get(("memories", "bob"), "wifi").value == {"text": "The wifi router is in the hallway"}
        assert [it.status for it in store.memory("bob").list(include_all=True)] == ["active"]


@pytest.mark.parametrize(("url", "said"), [
    ("postgresql://u:hunter2pw@[::1/x", "invalid PostgreSQL URL postgresql://u@[::1/x: end of string reached"),
    ("postgresql://u:hunter2pw@127.0.0.1:notaport/x", "invalid PostgreSQL URL postgresql://u@127.0.0.1:notaport/x: "
     'invalid integer value "notaport" for connection option "port"'),
    ("postgresql://u@127.0.0.1/x?sslmode=bogus", "invalid PostgreSQL URL postgresql://u@127.0.0.1/x?sslmode=bogus: "
     'invalid sslmode value: "bogus"'),
    ("mysql://u:hunter2pw@h/x", "invalid setting db: mysql:// is no database memcli opens (a file path, or a "
     "postgresql:// URL)"),
])
def test_a_malformed_or_foreign_database_url_is_bad_input_without_its_password(url, said) -> None:
    """A PostgreSQL URL libpq cannot read was "cannot reach PostgreSQL" / "database error" (exit 4, a
    store fault), and the IPv6 one quoted the URL with its password; mysql://… was taken for a folder.
    Each is exit 2, one line, the password never shown; capture (its fast path) and list alike."""
    pytest.importorskip("psycopg", reason="pip install 'memcli[postgres]'")
    for cmd in (("list",), ("capture", "hi")):
        msg = assert_error(run_cli("--db", url, "--user", "mei", *cmd), 2)
        assert msg.startswith(said) and "hunter2pw" not in msg, msg


@pytest.mark.parametrize(("line", "said"), [
    ('{"id": "a", "utterance": "I grow mint", "expected": [{"statement": "I grow mint", "kind": "hobby"}]}',
     "line 1: expected.0.kind: must be 'preference', 'relationship', 'identity', 'habit', "
     "'health', 'goal' or 'other', got 'hobby'"),  # (round 48: goal)
    ('{"id": "a", "utterance": "I grow mint", "role": "bot", "expected": []}',
     "line 1: role: must be 'user' or 'assistant', got 'bot'"),
    ('{"id": "a", "utterance": "I grow mint", "expected": []}\n{"id": "a", "utterance": "I grow sage", "expected": []}',
     ": duplicate extraction case id 'a'"),
])
def test_an_own_extraction_file_with_an_unknown_kind_role_or_twice_an_id_is_refused(tmp_path, line, said) -> None:
    """``eval extraction --cases`` took kind "hobby" (never matched: kind accuracy fell silently), any role
    string, and one id twice (conversations refuse it): each is one line naming the file, exit 2."""
    path = tmp_path / "mine.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    sep = " " if said.startswith("line") else ""
    assert assert_error(run_cli("eval", "extraction", "--cases", str(path)), 2) == f"{path}{sep}{said}"
