"""Round 45: whose fact answers a question about the user or about one person (read side).

- A question about the user (I / my / 我, or no person at all with a personal attribute asked) gets no other
  person's fact; a question about one person (a relation, a relative's relative, an in-law word, a named person)
  gets no other person's fact (memcli.read.person).
- English in-law words meet the relation chains the write path stores (kin.compose: wife.brother is a
  brother-in-law, sister.husband too).
- A death ends the person's current states as answers, a parting the partner's facts (memcli.read.person_ended).
- ``subject`` in ``list --json`` (docs/formats.md).

Own sentences, one real store (default model) for the file, each behaviour its own user, drained once.
"""

from __future__ import annotations

import json

import pytest

from memcli import Memory
from memcli.read.kin import compose, composed_prefixes
from memcli.read.person import asked_person, asked_user, memory_subject
from memcli.read.person_ended import ending_of

BUDGET = 120_000  # a loaded machine must not change what is asserted
TURNS = {
    "people": [
        "My friend Odile lives in Ghent.", "Odile is a pharmacist.", "My neighbour's parrot is called Kiwi.",
        "My sister Bea is allergic to walnuts.", "My sister Bea adores tulips.", "My husband Raf works as a welder.",
        "My husband's brother Wim is allergic to bee stings.", "我表哥最近在学滑雪。", "我老公的妹妹喜欢做陶艺。",
        "我朋友小敏住在厦门。",
    ],
}
#: a store where the write path left both a person's facts and their ending active (imported: no decision), as a
#: drain may (round 45's trial: "My wife Anna is …" stayed beside the divorce): the read side must not answer with them
ENDED = [(1, "My wife Ilse is a flight attendant", "wife.job", "2026-05-04T09:00:00Z"),
         (2, "I live in Leuven", "residence", "2026-05-04T09:01:00Z"),
         (3, "Ilse and I got divorced", None, "2026-04-27T09:02:00Z"),  # "last week": valid before it was told
         (4, "我外公住在镇上的老房子里", "maternal_grandfather.residence", "2026-05-04T09:03:00Z"),
         (5, "我外公上个月去世了", "maternal_grandfather.fact.去世", "2026-04-04T09:04:00Z")]


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict[str, Memory]:  # noqa: ARG001 - loaded once
    db = str(tmp_path_factory.mktemp("people45") / "m.db")
    out = {u: Memory(db=db, user=u) for u in TURNS}
    for user, said in TURNS.items():
        for n, text in enumerate(said):
            out[user].capture(text, at=f"2026-05-04T09:{n:02d}:00+00:00")
    for m in out.values():
        s = m.drain()
        assert s.dead == 0 and s.retried == 0, s.errors
    out["ended"] = Memory(db=db, user="ended")
    out["ended"].import_jsonl([json.dumps(line) for line in [
        {"v": 2, "id": i, "text": text, "kind": "relationship", "slot": slot, "salience": 0.6, "confidence": 0.9,
         "origin": "extracted", "at": at, "recorded_at": at, "confirmed_at": at} for i, text, slot, at in ENDED]
        + [{"v": 2, "records": len(ENDED)}]])
    yield out
    for m in out.values():
        m.close()


def _block(m: Memory, q: str) -> str:
    return m.context(q, budget_ms=BUDGET).text


# -- 1. a question about the user --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "not_in"), [
    ("where do I live?", "Ghent"), ("what's my job?", "pharmacist"), ("what's my parrot called?", "Kiwi"),
    ("Any food allergies?", "walnut"), ("what am I allergic to?", "bee"), ("我最近在学什么？", "滑雪"),
    ("我住在哪里？", "厦门"),
])
def test_a_question_about_the_user_gets_no_other_persons_fact(stores: dict[str, Memory], question: str,
                                                             not_in: str) -> None:
    assert not_in not in _block(stores["people"], question)


# -- 2. a question about one person ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "answer", "not_in"), [
    ("what should I get my husband?", "", "tulip"),
    ("我老公喜欢什么？", "", "陶艺"),
    ("what is my husband's job?", "welder", "bee"),
    ("what is my son allergic to?", "", "walnut"),
    ("who is Dr. Marsh?", "", "pharmacist"),
    ("is my brother-in-law allergic to anything?", "bee", "walnut"),  # the husband's brother, English in-law word
    ("what does my sister-in-law like?", "陶艺", "tulip"),  # the husband's sister (小姑子), not the sister
    ("我小姑子喜欢什么？", "陶艺", "tulip"),
    ("what is my sister allergic to?", "walnut", "bee"),
])
def test_a_question_about_one_person_gets_only_that_persons_facts(stores: dict[str, Memory], question: str,
                                                                  answer: str, not_in: str) -> None:
    block = _block(stores["people"], question)
    assert not_in not in block
    assert answer in block


def test_the_in_laws_compose_both_ways() -> None:
    assert compose("wife", "brother") == "brother_in_law" and compose("husband", "younger_sister") == \
        "husband_younger_sister"
    assert {"wife.brother", "sister.husband", "husband.elder_brother"} <= set(composed_prefixes("brother_in_law"))
    assert asked_person("is my brother-in-law allergic to anything?") == "brother_in_law"
    assert asked_person("what does my wife's brother do?") == "brother_in_law"
    assert asked_person("who is Dr. Marsh?", "who is Dr. Marsh?") == "person:marsh"
    assert asked_person("what do my parents like?") is None  # a group: left as it is
    assert asked_person("Is Sam older than my sister?") is None and asked_person("我老婆和我妹妹谁大？") is None  # two


@pytest.mark.parametrize(("question", "user"), [
    ("Any food allergies?", True), ("我过敏吗？", True), ("what's my job?", True),
    ("What is the capital of Peru?", False), ("What does she do for work?", False),  # a third person
    ("Is Marek allergic to nuts or eggs?", False),  # a name, in a question of two choices
    ("建华在哪上班？", False), ("在哪上班？", False),  # Chinese leaves any subject out: only 我 says the user
])
def test_whom_a_question_asks_about(question: str, user: bool) -> None:
    assert asked_user(question) is user


@pytest.mark.parametrize(("statement", "ending"), [
    ("My partner and I split up in March.", ("parting", "partner")),  # not the husband's facts
    ("Ilse and I got divorced", ("parting", "person:ilse")), ("We got divorced in 2020", ("parting", "spouse")),
    ("我和老公离婚了", ("parting", "husband")), ("我姥姥前年去世了", ("death", "maternal_grandmother")),
    ("I moved to Ghent", None),
])
def test_what_ends_whom(statement: str, ending: tuple[str, str] | None) -> None:
    assert ending_of(statement, None) == ending


# -- 3. after a death or a parting -------------------------------------------------------------------------------------
def test_a_death_ends_the_persons_home_as_an_answer(stores: dict[str, Memory]) -> None:
    block = _block(stores["ended"], "我外公住在哪里？")
    assert "老房子" not in block


def test_a_parting_ends_the_partners_facts_as_answers_about_the_partner(stores: dict[str, Memory]) -> None:
    assert "flight attendant" not in _block(stores["ended"], "what does my wife do?")
    assert "Leuven" in _block(stores["ended"], "where do I live?")  # the user's own facts are not ended
    assert len(stores["ended"].list()) == len(ENDED)  # every fact stays stored: only the answer changes


# -- 4. the subject field ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("slot", "statement", "subject"), [
    ("residence", "I live in Leuven", "user"),
    ("wife.brother.allergy.shellfish", "My wife's brother is allergic to shellfish", "wife.brother"),
    ("thing:dog.name", "My neighbour's dog is called Rex", "neighbour"),
    ("person:odile.job", "Odile is a pharmacist", "person:odile"),
    (None, "Ilse and I got divorced", "user"),
    ("thing:boiler.age", "The boiler is ten years old", None),
    ("fact.带", "我现在在家带孩子", "user"), (None, "我老婆的妹妹喜欢多肉植物", "wife.younger_sister"),
])
def test_memory_subject(slot: str | None, statement: str, subject: str | None) -> None:
    assert memory_subject(slot, statement) == subject


def test_list_json_says_whose_fact(stores: dict[str, Memory], cli) -> None:  # noqa: ANN001
    m = stores["people"]
    rows = cli("--db", str(m.settings.db), "--user", "people", "list", "--json").json()
    subjects = {r["statement"]: r["subject"] for r in rows}
    assert subjects["Odile is a pharmacist"] == "person:odile"
    assert any(s == "neighbour" for t, s in subjects.items() if "Kiwi" in t)
