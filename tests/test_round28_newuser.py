"""Round 28's new user, following the README and the docs: a correction that says what the memory
already says writes nothing; a reason never sends the user to a memory erased since; a blank key or
session is refused, not taken as none. Each on every surface (library, CLI, tools; HTTP in test_service.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli
from test_bad_input import assert_error, snapshot

from memcli.errors import BadInputError
from memcli.tools import call_tool

pytestmark = pytest.mark.backends


def _counts(mem) -> tuple[int, int, int]:  # noqa: ANN001
    """(memories of any status, events of the lineage of #1, sources) of the bound user."""
    return (len(mem.list(include_all=True)), len(mem.history(1)["events"]), mem.stats()["sources"])


def test_a_correction_with_the_text_it_already_says_writes_nothing(mem) -> None:
    first = mem.remember("My brother works as a nurse in Leeds").item_id
    before = _counts(mem)
    same = mem.correct(first, "My brother works as a nurse in Leeds")
    assert (same.id, same.status, same.superseded_by_id) == (first, "active", None)
    assert _counts(mem) == before
    assert call_tool(mem, "correct", {"id": f"m{first}", "text": "My brother works as a nurse in Leeds"})[
        "unchanged"] is True
    assert _counts(mem) == before
    new = call_tool(mem, "correct", {"id": first, "text": "My brother works as a nurse in York"})
    assert (new["unchanged"], new["replaces"]) == (False, first) and new["id"] != first
    assert mem.show(first).superseded_by_id == new["id"]
    # the old version is still refused as before, whatever its text: correct the newest instead
    with pytest.raises(BadInputError, match=f"already superseded by #{new['id']}"):
        mem.correct(first, "My brother works as a nurse in Leeds")


def test_a_reason_naming_a_memory_erased_since_says_so(mem) -> None:
    first = mem.remember("My brother works as a nurse in Leeds").item_id
    middle = mem.correct(first, "My brother works as a nurse in York").id
    newest = mem.correct(middle, "My brother works as a nurse in Bath").id
    assert mem.show(first).invalid_reason == f"corrected by the user (#{middle})"
    mem.forget(middle, purge=True)
    reason = mem.show(first).invalid_reason
    assert reason == f"corrected by the user (#{middle}); #{middle} was erased since (forget --purge)"
    # the chain closes over the purged version: history shows both ends, correct points at the newest
    assert [(i.id, i.invalid_reason) for i in mem.history(first)["items"]] == [(first, reason), (newest, None)]
    assert (mem.show(first).superseded_by_id, mem.show(newest).supersedes_id) == (newest, first)
    with pytest.raises(BadInputError, match=f"already superseded by #{newest}; correct #{newest} instead"):
        mem.correct(first, "My brother works as a nurse in Hull")
    mem.forget(newest, purge=True)  # an end of the chain: its neighbour only loses the link
    assert (mem.show(first).superseded_by_id, mem.show(first).invalid_reason) == (
        None, f"corrected by the user (#{middle}); #{middle} was erased since (forget --purge)")
    with pytest.raises(BadInputError, match=f"#{middle}, which replaced it, was erased"):
        mem.correct(first, "My brother works as a nurse in Hull")


def test_an_event_reason_naming_an_erased_memory_says_so(mem) -> None:
    first = mem.remember("My sister lives in Lyon").item_id
    other = mem.remember("My sister works at a library").item_id
    named = [e for e in mem.history(other)["events"] if f"#{first}" in (e.reason or "")]
    if not named:
        pytest.skip("the decision of the second memory names no other memory on this model")
    mem.forget(first, purge=True)
    for e in mem.history(other)["events"]:
        if f"#{first}" in (e.reason or ""):
            assert e.reason.endswith(f"#{first} was erased since (forget --purge)"), e.reason


@pytest.mark.parametrize("blank", ["", "  ", "\u3000", "\u200b", "\t"])
@pytest.mark.parametrize("field", ["key", "session"])
def test_a_blank_key_or_session_is_refused_by_the_library(mem, field: str, blank: str) -> None:
    with pytest.raises(BadInputError, match=f"^{field}: blank; "):
        mem.capture("I like hiking", **{field: blank})
    assert mem.stats()["sources"] == 0
    mem.capture("I like hiking", **{field: "s-1"})
    assert mem.stats()["sources"] == 1


def test_cli_correct_same_text_and_blank_key(db_path: Path, backend: str) -> None:
    if backend != "sqlite":
        pytest.skip("the CLI's surface; the store is the library's, tested on both backends above")
    base = ("--db", str(db_path), "--user", "alice")
    assert run_cli(*base, "remember", "我每天早上喝绿茶").exit_code == 0
    before = snapshot(db_path)
    r = run_cli(*base, "correct", "1", "我每天早上喝绿茶")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "nothing changed: #1 already says that\n")
    assert run_cli(*base, "correct", "m1", "我每天早上喝绿茶", "--json").json()["id"] == 1
    assert snapshot(db_path) == before
    for args in (("capture", "我周末去爬山", "--key", "  "), ("capture", "我周末去爬山", "--session", "")):
        msg = assert_error(run_cli(*base, *args), 2)
        assert msg.startswith(f"{args[2][2:]}: blank; "), msg
    msg = assert_error(run_cli(*base, "capture", "-", input='{"text": "我周末去爬山", "key": " "}\n'), 2)
    assert msg.startswith("line 1: key: blank; ") and msg.endswith("nothing was written"), msg
    assert snapshot(db_path) == before


def test_an_import_never_renumbers_a_reason_onto_another_memory(mem, new_db) -> None:
    """A purged (or not exported) memory a reason names kept its number through export / import: in the
    importing store that number was another memory, or the very one the reason is in."""
    from memcli import Memory
    from memcli.governance.views import ERASED
    from memcli.write.restore import NOT_IMPORTED

    first = mem.remember("My brother works as a nurse in Leeds").item_id
    middle = mem.correct(first, "My brother works as a nurse in York").id
    mem.correct(middle, "My brother works as a nurse in Bath")
    mem.forget(middle, purge=True)
    lines = [json.dumps(r, ensure_ascii=False) for r in mem.export(include_all=True)]
    with Memory(db=new_db("other"), user="alice") as other:
        other.remember("I am allergic to peanuts")  # #1 here: the file's #2 would be the Leeds memory itself
        other.import_jsonl(lines)
        old = next(i for i in other.list(include_all=True) if i.statement.endswith("Leeds"))
        # round 39: the export already says the purged one was erased (governance.views.ERASED), and the import
        # keeps that text; an id it cannot resolve would say NOT_IMPORTED. Never another memory's number
        assert old.invalid_reason == f"corrected by the user ({ERASED})" != f"corrected by the user ({NOT_IMPORTED})"
        newest = next(i for i in other.list() if i.statement.endswith("Bath"))
        assert old.superseded_by_id == newest.id  # the link the purge closed over came along
        with pytest.raises(BadInputError, match=f"correct #{newest.id} instead"):
            other.correct(old.id, "My brother works as a nurse in Hull")


@pytest.mark.parametrize("action", ["correct", "show", "history"])
def test_a_bad_id_where_only_a_memory_will_do_offers_no_episode_ref(mem, action: str) -> None:
    call = {"correct": lambda v: mem.correct(v, "I like tea"), "show": mem.show, "history": mem.history}[action]
    with pytest.raises(BadInputError) as err:
        call("abc")
    assert str(err.value) == f"{action}: the id must be a memory id such as 12 or 'm12' or a search hit (got 'abc')"
    with pytest.raises(BadInputError, match="an episode ref such as 'e12'"):  # forget takes one
        mem.forget("abc")
