"""Round 31: the name of a thing of the user's, asked ("What's my dog's name?", 我的狗叫什么名字), is no question about
the user's own name: read as ``name``, the slot leg brought "My name is …" and, with no dog stored, the user's own
name came back as the answer (memcli.owned_name, through memcli.slot_query.query_slots)."""

from __future__ import annotations

import pytest

from memcli.slot_query import query_slots


@pytest.mark.parametrize(("question", "slots"), [
    ("What's my dog's name?", []),
    ("What is my horse's name?", []),
    ("我的狗叫什么名字", []),
    ("我家的鹦鹉叫什么", []),
    ("What's my name?", ["name"]),                 # the user's own name, asked
    ("What is my full name?", ["name"]),
    ("我叫什么名字", ["name"]),
    ("我的名字叫什么", ["name"]),
    ("What's my sister's name?", None),  # a relation: its own key
])
def test_a_things_name_is_not_the_users_name(question: str, slots: list[str] | None) -> None:
    got = query_slots(question)
    if slots is None:
        assert got and "name" not in got and all(k.endswith(".name") for k in got)
    else:
        assert got == slots


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):  # noqa: ANN001
    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("r31owned") / "m.db"), user="marta", embedder=embedder)
    for t in ("My name is Marta Novak", "I have a ginger cat named Pumpkin", "I work as a librarian in Brno",
              "我养了一只乌龟，名字叫慢慢"):
        m.remember(t)
    yield m
    m.close()


def test_no_dog_stored_no_block(store) -> None:  # noqa: ANN001
    assert store.context("What's my dog's name?", budget_ms=60000).text == ""
    assert store.context("我的狗叫什么名字", budget_ms=60000).text == ""


def test_the_pet_told_is_found(store) -> None:  # noqa: ANN001
    assert "Pumpkin" in store.context("What's my cat's name?", budget_ms=60000).text
    assert "慢慢" in store.context("我的乌龟叫什么名字", budget_ms=60000).text
    assert "Marta" in store.context("What's my name?", budget_ms=60000).text
