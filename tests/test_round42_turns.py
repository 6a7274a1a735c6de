"""A new user's trial (round 42): what mixed, pasted and topicalised turns store. Own sentences, one real SQLite
store for the file, the real default model:

- a code-switched clause takes the slot its all-Chinese / all-English clause takes — a Latin name or place inside
  a Chinese clause (我住在Zurich → residence, :func:`memcli.write.rules.rules_lang`), a Chinese relation inside an
  English clause (我妈妈 lives in Leeds → mother.residence), a Latin name beside a Chinese relation
  (:mod:`memcli.write.rules.mixed`) — and a job told of the same person in the other language replaces the old one;
- of a long pasted turn only what it says of the speaker is kept (:mod:`memcli.write.pasted`): the move in an
  e-mail is a residence UPDATE, its disclaimers and signature store nothing;
- a clause whose pronoun points back to a redacted secret is left out with it (:func:`memcli.write.guard.unsaid`);
- an object fronted before its clause keeps the clause's negation, in both languages
  (:mod:`memcli.write.rules.en_fronted`)."""

from __future__ import annotations

import pytest

from memcli.write.rules import analyze, extract_matches
from memcli.write.rules.en_fronted import unfronted

_FILLER_EN = ("The steering group went through the supplier shortlist, the revised delivery schedule and the risks "
              "logged since the last review, and agreed to circulate the minutes before the next session. ")
_FILLER_ZH = "项目组逐项核对了供应商名单和新的交付时间表，并约定在下次例会前把会议纪要发给所有相关部门确认。"
_EMAIL_EN = ("Hello everyone, thanks for your patience with the late agenda. " + _FILLER_EN * 12 +
             "One thing about me: I moved to Utrecht three weeks ago, so please post anything for me to the new "
             "office from now on. What follows is the usual legal wording of the company. This message is meant "
             "only for the people it is addressed to; anyone else who gets it should tell the sender and erase it. "
             "Warm wishes, Ingrid Solberg, Facilities Coordinator, 9 Canal Lane, Bergen. " + _FILLER_EN * 2)
_EMAIL_ZH = ("大家好，" + _FILLER_ZH * 12 + "顺便讲一下我自己的情况：我上周搬到厦门了，之后的快递请寄到新办公室。"
             "以下为公司统一的邮件声明：本邮件仅供收件人阅读，如非收件人请立即删除。此致，刘洋，行政主管，宁波市海曙区中山路12号。")


@pytest.fixture(scope="module")
def told(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    """Every user's turns, captured and drained once: ``told[user]`` is the list of their memories (all, ended too)."""
    from memcli import Memory

    lives = {
        "mixed_job": ["我老婆Nora在超市当收银员", "Nora已经不在超市了, she's a pharmacist now"],
        "mixed_en": ["我妈妈是医生", "我妈妈 is a retired teacher now"],
        "pasted_en": ["I live in Ghent", _EMAIL_EN],
        "pasted_zh": ["我住在南宁", _EMAIL_ZH],
        "secret": ["my anthropic key is sk-ant-q8Zk2mW4xR7pL1vN9cT5bY3hJ6fD0sG, I keep it in a password manager. "
                   "I grow chillies on my balcony"],
        "fronted": ["I love green tea", "Green tea, I never drink it"],
    }
    out = {}
    db = str(tmp_path_factory.mktemp("r42") / "turns.db")
    for user, said in lives.items():
        with Memory(db=db, user=user, embedder=embedder) as m:
            for text in said:
                m.capture(text)
                m.drain()
            out[user] = [it if isinstance(it, dict) else it.model_dump() for it in m.list(include_all=True)]
    return out


def _active(items: list[dict]) -> list[tuple[str | None, str]]:
    return sorted((it["slot"], it["statement"]) for it in items
                  if not it.get("invalid_at") and not it.get("expired_at"))


# -- 1. code-switched clauses ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "slot"), [
    ("我住在 Rotterdam", "residence"), ("我搬到了Krakow", "residence"), ("我在Zalando上班", "workplace"),
    ("我老公叫Tobias", "husband.name"), ("我爸爸 lives in Porto now", "father.residence"),
    ("My daughter is called 小雨", "daughter.name"), ("I work at 美团", "workplace"),
    ("我哥哥Felix在银行当保安", "elder_brother.job"), ("我的邮箱是lin.wei@outlook.com", "email"),
])
def test_a_clause_in_two_scripts_takes_the_slot_of_its_grammar(text: str, slot: str) -> None:
    assert [m.slot for m in extract_matches(text)] == [slot]


def test_a_turn_that_switches_language_reads_each_clause_in_its_own() -> None:
    got = [(m.slot, m.statement) for m in extract_matches("我住在昆明, but I work in Dali")]
    assert got == [("residence", "我住在昆明"), ("workplace", "I work in Dali")]


def test_a_job_told_in_the_other_language_replaces_the_old_one(told) -> None:  # noqa: ANN001
    assert _active(told["mixed_job"]) == [("wife.job", "我老婆 is a pharmacist now")]
    assert ("wife.job", "我老婆Nora在超市当收银员") in {(it["slot"], it["statement"]) for it in told["mixed_job"]}
    assert _active(told["mixed_en"]) == [("mother.job", "我妈妈 is a retired teacher now")]


# -- 2. a long pasted turn ---------------------------------------------------------------------------------------


def test_the_move_in_a_pasted_email_updates_the_residence_and_its_boilerplate_stores_nothing(told) -> None:  # noqa: ANN001
    en = _active(told["pasted_en"])
    assert en == [("residence", "I moved to Utrecht so please post anything for me to the new office from now on")]
    zh = _active(told["pasted_zh"])
    assert zh == [("residence", "我搬到厦门了")]


# -- 3. a redacted secret's pronoun ------------------------------------------------------------------------------


def test_a_clause_leaning_on_a_redacted_secret_goes_with_it(told) -> None:  # noqa: ANN001
    assert [s for _, s in _active(told["secret"])] == ["I grow chillies on my balcony"]


# -- 4. a fronted object keeps the clause's negation ----------------------------------------------------------


@pytest.mark.parametrize(("text", "slot", "statement"), [
    ("Oysters, I never eat them", "like.oyster", "I never eat oysters"),
    ("Energy drinks, I don't drink them", "like.energy drink", "I don't drink energy drinks"),
    ("Liquorice, I can't stand it", "like.liquorice", "I can't stand liquorice"),
    ("羊肉我基本不吃", "like.羊肉", "羊肉我基本不吃"),
    ("可乐我从来不喝", "like.可乐", "可乐我从来不喝"),
])
def test_a_fronted_object_is_a_negated_liking(text: str, slot: str, statement: str) -> None:
    assert [(m.slot, m.statement) for m in extract_matches(text)] == [(slot, statement)]
    assert analyze(statement).positive is False


@pytest.mark.parametrize("text", ["Honestly, I love it", "Last weekend, I finally fixed it", "Maybe, I will try it",
                                  "My brother, I call him weekly", "Rain is coming, I can feel it"])
def test_a_lead_word_that_is_no_thing_is_not_put_back_as_the_object(text: str) -> None:
    assert unfronted(text) == text


def test_a_fronted_negated_object_ends_the_liking(told) -> None:  # noqa: ANN001
    assert _active(told["fronted"]) == [("like.green tea", "I never drink green tea")]
