"""A question about an attribute finds the asker's memory of its kin attribute (found by a fresh-user trial:
"Where do I work?" / 我在哪里工作 gave no block although "I'm an engineer at …" was stored, filed under job).
The dense leg found it, just under the cosine floor ("Where do I work" without "?" passed at 0.21 / 0.20);
such a hit is now left to the answerability gate, which reads job and workplace as answering each other."""

from __future__ import annotations

from memcli.read.answer import holds_kin


def _block(mem, query: str) -> str:  # noqa: ANN001
    return mem.context(query, budget_ms=60000).text


def test_kin_is_the_same_subjects_other_attribute_of_a_pair() -> None:
    assert holds_kin(["workplace"], "job") and holds_kin(["job"], "workplace")
    assert holds_kin(["sister.workplace"], "sister.job")
    assert not holds_kin(["workplace"], "sister.job")  # another person's job answers nothing of mine
    assert not holds_kin(["workplace"], "workplace")  # the asked slot itself is the slot leg's
    assert not holds_kin(["workplace"], "residence") and not holds_kin([], "job") and not holds_kin(["job"], None)


def test_where_i_work_finds_the_job_told_with_its_place(mem) -> None:  # noqa: ANN001
    mem.remember("I'm an optician at Specsavers")
    for q in ("Where do I work?", "Which company do I work for?", "我在哪里工作？", "我在哪个公司上班"):
        assert "Specsavers" in _block(mem, q), q
    assert _block(mem, "What's the capital of Peru?") == ""


def test_a_chinese_job_answers_an_english_question_of_where(mem) -> None:  # noqa: ANN001
    mem.remember("我在小米当产品经理")
    assert "小米" in _block(mem, "Where do I work?")
    assert "小米" in _block(mem, "我在哪儿上班？")


def test_another_persons_job_stays_out(mem) -> None:  # noqa: ANN001
    mem.remember("My brother is a pilot at Lufthansa")
    assert _block(mem, "Where do I work?") == ""
