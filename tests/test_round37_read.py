"""Round 37's read path, own sentences, a real store and the real default model:

- a task on text the user hands over (translate / proofread / summarise / 翻译 / 润色 / 总结 … + a colon, quotes
  or a following passage) gets no block, though the text names the user's family and places
  (:mod:`memcli.read.given`); the thing to work on named and not given ("translate my dad's address for the
  visa form"), or a writing task about the user's people (帮我给我妈写一段生日祝福), still reads the store."""

from __future__ import annotations

import pytest

from memcli.read.given import instruction

FACTS = ("My father lives in Porto", "My husband and I moved to Glasgow two years ago", "I adore my kids",
         "My son Leo plays the cello", "My dad's address is 7 Harbour Street, Porto",
         "我妈妈住在成都", "我儿子喜欢吃西瓜", "我家养了一只狗叫豆豆", "我妈的生日是三月二号", "我儿子在上海读高中")


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):  # noqa: ANN001
    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("r37") / "m.db"), user="kai", embedder=embedder)
    for s in FACTS:
        m.capture(s)
    m.drain()
    yield m
    m.close()


HANDED = ("Translate into Portuguese: my father lives in Porto",
          "correct the grammar: me and my husband lives in Glasgow",
          "Proofread my paragraph: My son Leo play the cello since he were six",
          "summarize this: my son practises the cello every night and the neighbours complain",
          "Translate 'I adore my kids' into German",
          "Rewrite this so it sounds friendlier: my dad's address is 7 Harbour Street",
          "帮我润色一下这段话：我儿子在上海读高中，学习很用功",
          "把这句话翻译成英文：我妈妈住在成都",
          "总结一下：我儿子喜欢吃西瓜，夏天每天都要吃",
          "改写这句话：我家的狗豆豆很调皮",
          "帮我校对一下我写的这段话：我妈的生日是三月二号")


@pytest.mark.parametrize("question", HANDED)
def test_a_task_on_handed_over_text_gets_no_block(store, question: str) -> None:  # noqa: ANN001
    assert instruction(question) is not None
    r = store.context(question)
    assert r.text == "", r.text


@pytest.mark.parametrize(("question", "word"), [
    ("Translate my dad's address for the visa form", "Harbour"),  # named, not given: the address is the input
    ("帮我给我妈写一段生日祝福", "三月二号"),  # a writing task about the user's father: his birthday is input
    ("Where does my father live?", "Porto"),
    ("我儿子在哪里读书？", "上海"),
])
def test_a_task_naming_the_users_people_still_reads_the_store(store, question: str, word: str) -> None:  # noqa: ANN001
    assert word in store.context(question).text


def test_instruction_reading() -> None:
    assert instruction("Translate into Portuguese: my father lives in Porto") == "Translate into Portuguese"
    assert instruction("帮我润色一下这段话：我儿子在上海读高中") == "帮我润色一下这段话"
    assert instruction("Proofread my essay: I has two sons").strip() == "Proofread  the text".strip()
    for not_given in ("Translate my dad's address for the visa form", "帮我给我爸写一段生日祝福",
                      "edit: my father lives in Lisbon now", "Quick question: where does my father live?",
                      "Can you check: is my passport still valid?", "fix: the boiler is broken again",
                      "What does 'obrigado' mean?", "我爸爸：他住在哪里？"):
        assert instruction(not_given) is None, not_given
