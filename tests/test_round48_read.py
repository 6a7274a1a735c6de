"""Round 48: ``context`` says nothing when nothing was told — a hypothetical is no evidence of what is, a question
asking a slot no memory holds gets no block of other facts, and a named person's relative is not the person; a
paraphrase over a slotless fact is still answered.

Own sentences (none from a data set); real stores, the real default model, a real drain.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from _stores import module_store

from memcli.read.irrealis import irrealis_hit, realis_question
from memcli.read.question_subject import relative_of, subject_feature
from memcli.read.slot_leg import query_slot_keys


@pytest.mark.parametrize(("statement", "words", "irrealis"), [
    ("If we ever adopted a cat it would be a Maine Coon, but my wife is allergic.", ["cat"], True),
    ("If I had more time I'd learn the cello.", ["cello"], True),
    ("I wish I owned a boat.", ["boat"], True),
    ("要是我以后养狗，肯定养柯基。", ["狗"], True),
    ("要是哪天有钱了，我一定买辆房车。", ["房车"], True),
    ("If it rains I take the bus to work.", ["bus"], False),  # the condition of a habit
    ("如果加班我就打车回家。", ["打车"], False),
    ("We have a cat called Pixel.", ["cat"], False),
    ("I'd never owned a cat before Pixel. If it rains we stay in.", ["cat"], False),  # the sentence naming it is real
    ("我家养了一只柯基，叫豆豆。", ["柯基"], False),
    ("", ["cat"], False),
])
def test_a_hypothetical_hit_is_read_by_the_sentences_naming_the_thing(statement: str, words: list[str],
                                                                      irrealis: bool) -> None:
    assert irrealis_hit(statement, words) is irrealis


@pytest.mark.parametrize(("question", "realis"), [
    ("Do I have a cat?", True),
    ("What breed is my dog?", True),
    ("我有狗吗", True),
    ("What cat would I get?", False),
    ("Do I want a dog?", False),
    ("If I got a dog, what would I call it?", False),
    ("我以后想养什么狗", False),
])
def test_a_question_in_the_mood_of_a_wish_is_no_realis_question(question: str, realis: bool) -> None:
    assert realis_question(question) is realis


@pytest.mark.parametrize(("text", "name", "slot", "relative"), [
    ("Kai's mum is a retired nurse", "kai", None, "mother"),
    ("Kai's older brother lives in Perth", "kai", None, "elder_brother"),
    ("Kai got a job at the harbour", "kai", None, None),
    ("Kai's car is a red van", "kai", None, None),  # a thing of Kai's: Kai's own fact
    ("She taught piano for years", "kai", "person:kai.mother.job", "mother"),
    ("阿杰的妈妈住在杭州", "阿杰", None, "mother"),
    ("阿杰他爸退休了", "阿杰", None, "father"),
    ("阿杰住在杭州", "阿杰", None, None),
])
def test_the_relative_of_a_named_person(text: str, name: str, slot: str | None, relative: str | None) -> None:
    assert relative_of(text, name, slot) == relative


@pytest.mark.parametrize(("question", "slot", "statement", "feature"), [
    ("What does Kai do for a living?", "person:kai.mother.job", "Kai's mum is a retired nurse", -1),
    ("What does Kai do for a living?", "person:kai.job", "Kai got a job at the harbour", 1),
    ("What does Kai's mum do?", "person:kai.job", "Kai got a job at the harbour", -1),
    ("What does Kai's mum do?", "person:kai.mother.job", "Kai's mum is a retired nurse", 1),
    ("Where do Kai's parents live?", "person:kai.residence", "Kai's parents live in Hobart", 1),
    ("阿杰住哪", "person:阿杰.mother.residence", "阿杰的妈妈住在杭州", -1),
    ("阿杰住哪", "person:阿杰.residence", "阿杰住在杭州", 1),
])
def test_a_named_persons_relative_is_not_the_person(question: str, slot: str, statement: str, feature: int) -> None:
    assert subject_feature(question, query_slot_keys(question), slot, statement) == feature


store = module_store("r48", [
    "If we ever adopted a cat it would be a Maine Coon, but my wife is allergic.",
    "We have a parrot called Kiwi, he's twelve.",
    "要是我以后养狗，肯定养柯基。",
    "We're going to Lisbon for our anniversary in May.",
    "I hate getting up early, I'm useless before ten.",
    "I play five-a-side football on Tuesday nights.",
    "My friend Leo spends an hour on the train to work every day.",
    "I live in Leeds with my wife Priti.",
    "Our neighbour Kai is a firefighter.",
    "Kai's mum runs the bakery on Mill Lane.",
    "我老公对青霉素过敏。",
])


def _block(mem, question: str) -> str:
    return mem.context(question, budget_ms=60_000).text or ""


@pytest.mark.parametrize("question", ["Do I have a cat?", "What breed is my cat?"])
def test_a_hypothetical_is_no_answer_about_what_the_user_has(store, question: str) -> None:
    assert "Maine Coon" not in _block(store, question)


@pytest.mark.parametrize("question", ["我有狗吗", "我养的狗是什么品种"])
def test_a_chinese_hypothetical_is_no_answer_about_what_the_user_has(store, question: str) -> None:
    assert "柯基" not in _block(store, question)


def test_a_question_in_the_mood_of_the_hypothetical_gets_it(store) -> None:
    assert "Maine Coon" in _block(store, "What cat would I get?")
    assert "柯基" in _block(store, "我以后想养什么狗")


@pytest.mark.parametrize("question", ["Where did I go to college?", "What's my blood type?", "我大学在哪读的",
                                      "How long is my commute?", "What's my brother's name?"])
def test_a_slot_never_told_gets_no_block(store, question: str) -> None:
    assert _block(store, question) == ""


@pytest.mark.parametrize("question", ["What does Kai do for work?", "Where does Kai work?"])
def test_a_named_persons_relative_does_not_answer_for_the_person(store, question: str) -> None:
    block = _block(store, question)
    assert "bakery" not in block and "firefighter" in block


def test_a_named_person_does_not_answer_for_their_relative(store) -> None:
    block = _block(store, "What does Kai's mum do?")
    assert "bakery" in block and "firefighter" not in block


def test_what_was_told_is_still_answered(store) -> None:
    assert "useless before ten" in _block(store, "Would an 8am call suit me?")  # a paraphrase over a slotless fact
    assert "football" in _block(store, "What do I do on Tuesday evenings?")
    assert "青霉素" in _block(store, "我老公对什么过敏")
    assert "Kiwi" in _block(store, "What's my parrot called?")


@pytest.fixture(scope="module")
def changed_jobs(tmp_path_factory, embedder):
    from _stores import say_apart

    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("r48jobs") / "m.db"), user="r48jobs", embedder=embedder)
    say_apart(m, ["我在一家广告公司做文案，做了五年了", "我老婆在一家医院做护士", "我跳槽了，现在在一家游戏公司做策划",
                  "老婆辞职了，她现在在一家药企做销售"], datetime.fromisoformat("2026-04-01T09:00:00+08:00"))
    yield m
    m.close()


@pytest.mark.parametrize("question", ["我爱人以前做什么工作", "我老婆以前做什么工作"])
def test_the_spouses_past_job_is_not_the_users(changed_jobs, question: str) -> None:
    """The ended memories a past question reads are the asked person's (爱人 asked, 老婆 stored), never the user's."""
    block = _block(changed_jobs, question)
    assert "护士" in block and "文案" not in block


def test_the_users_past_job_is_not_the_spouses(changed_jobs) -> None:
    block = _block(changed_jobs, "我以前做什么工作")
    assert "文案" in block and "护士" not in block


def test_search_explain_lists_a_hit_added_after_the_ranking(changed_jobs) -> None:
    """``search --explain`` of a past question: the ended memory the past reading adds has no ranking to explain
    (it crashed the table with an AttributeError); its row shows its final score alone."""
    from conftest import run_cli

    args = ("--db", changed_jobs.store.location, "--user", "r48jobs", "search", "我爱人以前做什么工作", "-k", "8")
    r = run_cli(*args, "--explain")
    listed = run_cli(*args, "--json").json()
    assert any(h["legs"] == ["past"] for h in listed["hits"])  # the question gets such a hit
    assert r.exit_code == 0, r.stderr
    assert "final" in r.stdout


names_store = module_store("r48names", ["My dad and my uncle don't talk anymore.", "我爸和我叔叔好几年不说话了。",
                                        "My daughter Isla started nursery.", "我妈老周退休前是会计。"])


@pytest.mark.parametrize("question", ["What's my father's name?", "我爸叫什么"])
def test_a_relatives_name_never_told_gets_no_block(names_store, question: str) -> None:
    """The father is spoken of, his name never: a fact about him is no answer to his name."""
    assert _block(names_store, question) == ""


@pytest.mark.parametrize(("question", "name"), [("What's my daughter called?", "Isla"), ("我妈叫什么", "老周"),
                                                ("我爸和谁不说话", "叔叔")])
def test_a_relatives_name_told_in_passing_is_still_answered(names_store, question: str, name: str) -> None:
    assert name in _block(names_store, question)


@pytest.mark.parametrize(("question", "own"), [
    ("What's my father's name?", True), ("What's my dad called?", True), ("What's my mother-in-law's name?", True),
    ("我爸叫什么", True), ("我女儿的名字", True),
    ("What's my brother's bakery called?", False), ("What's my sister's dog called?", False),
    ("我哥的饭馆叫什么", False),
    ("What's my name?", False),
])
def test_a_question_asks_a_relatives_own_name(question: str, own: bool) -> None:
    from memcli.read.question_subject import asks_own_name

    assert asks_own_name(question) is own


def test_the_name_of_a_relatives_thing_is_still_answered(embedder, tmp_path) -> None:
    from _stores import say_all

    from memcli import Memory

    with Memory(db=str(tmp_path / "m.db"), user="r48shop", embedder=embedder) as m:
        say_all(m, ["My brother runs a bakery in Bath called Crumbs."])
        assert "Crumbs" in _block(m, "What's my brother's bakery called?")
