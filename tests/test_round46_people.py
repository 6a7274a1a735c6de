"""Round 46: other people in a user's life, the write side.

- A death told of a person ends that person's present facts when it is told (invalidated, never deleted), whoever
  tells it by relation, by name, or by a name told of a relation before ("my wife's brother is Tom" … "Tom died");
  what stays true of the dead (their name) stays, and a death of someone else's pet or a near death ends nothing.
- Two people told in one turn ("… and another colleague, Bo, keeps bees", 另一个同事张伟养狗, ", and Raj is a
  teacher") are two memories, each about its own named person; a name beside a relation before 养/做/把/被 is the
  clause's subject (我同事张伟养狗 was ``colleague.fact.张伟``).
- A named person's job told in other words is their ``job`` (做装修, 在做销售, 是开出租车的, 是装修工人 — which was
  a hometown), and a job ending told of them (被辞退, 把工作辞了, "got fired") ends it.
- A second person sharing a first name, told with the full name ("another colleague, also called Sam, Sam Lee, just
  quit"), is that full name's person; the first Sam's job stays.
- A bare name's liking ("Tom loves jazz", 王涛喜欢钓鱼) goes to the relative the name was told of ("my wife's brother
  is Tom"), as its job did (an event stays the name's); with a friend of the same name stored beside a daughter, no
  guess.
- A nickname is its own attribute, the person's (``cousin_younger_male.nickname.阿伟``, ``grandson.nickname.teddy``),
  never ``thing:外号.name`` or ``fact.nicknam``; a nickname ends no name.
- A parting ends the partner relation ("My wife is Laura"), not what is true of the person (her job); a question
  about the ex ("what does my ex-wife do?", 我前妻做什么工作) is answered by the partner's facts told before the
  parting, by none when no parting was told (read side: memcli.read.ex_partner).

Own sentences; each user of one real store (default model) is one conversation, drained once a turn as a user would.
"""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.write.person_died import died_subject
from memcli.write.rules import analyze, extract_matches
from memcli.write.rules.another_person import en_another, zh_another

CHATS = {  # user: turns
    "en_died": ("My grandfather lives in Ohio and works as a farmer. His name is Walt.",
                "My grandfather passed away last week."),
    "zh_died": ("我外婆住在成都，喜欢打麻将。", "我外婆去世了。"),
    "zh_pet_died": ("我外婆住在成都。", "我外婆的狗死了。"),
    "en_named_died": ("My wife's brother is Tom.", "Tom is a firefighter.", "Tom died last year."),
    "en_near": ("My uncle works as a roofer.", "My uncle almost died in a fall."),
    "zh_two": ("我同事小王养了一只柯基，另一个同事刘敏养鹦鹉。",),
    "en_two": ("My neighbour Ivy has a rabbit and another neighbour, Omar, keeps chickens.",),
    "en_two_bare": ("My cousin Lena is a pilot, and Theo is a baker.",),
    "zh_job_ended": ("我邻居孙浩在做销售。", "孙浩被辞退了。"),
    "zh_job_quit": ("我朋友冯磊是开出租车的。", "冯磊把工作辞了。"),
    "zh_nick": ("我表弟叫郭峰。", "我们都叫他阿峰。"),
    "en_nick": ("My grandson Theo is seven.", "We all call him Teddy."),
    "en_ex": ("My wife Ilse works as a dentist.", "My wife and I got divorced."),
    "zh_ex": ("我老婆在医院当护士。", "我和老婆离婚了。"),
    "en_no_ex": ("My wife Ilse works as a dentist.",),
    "en_named_like": ("My wife's brother is Tom.", "Tom loves jazz.", "Tom got married last week."),
    "en_boss_left": ("My boss is Carl Webb.", "I work as an assistant manager at a grocery chain.",
                     "Carl left the company."),
    "zh_named_like": ("我老婆的哥哥叫王涛。", "王涛喜欢钓鱼。"),
    "en_two_emmas": ("My friend Emma is a photographer.", "My daughter Emma is six.", "Emma loves horses."),
    "en_two_sams": ("My colleague Sam Okafor is a nurse.", "Another colleague, also called Sam, Sam Reyes, just quit."),
}


@pytest.fixture(scope="module")
def rows(tmp_path_factory, embedder):
    """Every user's rows (all statuses) after their turns, a drain after each."""
    path = str(tmp_path_factory.mktemp("r46") / "people.db")
    for turn in range(max(len(t) for t in CHATS.values())):
        for user, said in CHATS.items():
            if turn < len(said):
                with Memory(db=path, user=user, embedder=embedder) as m:
                    m.capture(said[turn], session="s1")
                    s = m.drain()
                    assert s.dead == 0 and s.retried == 0, s.errors
    out = {}
    for user in CHATS:
        with Memory(db=path, user=user, embedder=embedder) as m:
            out[user] = {(r.slot, r.status): r for r in m.list(include_all=True)}
    return out


def test_a_death_ends_the_persons_present_facts_and_keeps_their_name(rows):
    en = rows["en_died"]
    assert ("grandfather.residence", "invalid") in en and ("grandfather.job", "invalid") in en, en.keys()
    assert en[("grandfather.residence", "invalid")].invalid_at is not None
    assert ("grandfather.name", "active") in en and ("grandfather.event.passed_away", "active") in en
    zh = rows["zh_died"]
    assert {s for s, st in zh if st == "invalid"} == {"maternal_grandmother.residence",
                                                     "maternal_grandmother.like.打麻将"}, zh.keys()


def test_a_death_told_by_a_name_given_to_a_relation_ends_the_relations_facts(rows):
    got = rows["en_named_died"]
    assert got[("wife.brother.job", "invalid")].statement == "Tom is a firefighter"
    assert ("wife.brother.name", "active") in got


def test_no_death_of_the_person_ends_nothing(rows):
    for user in ("zh_pet_died", "en_near"):
        assert all(st == "active" for _, st in rows[user]), (user, rows[user].keys())


@pytest.mark.parametrize(("said", "who"), [
    ("My aunt's husband died", "aunt.husband"),
    ("Nina died in March", "person:nina"),
    ("我外公上个月去世了", "maternal_grandfather"),
    ("我外婆的狗死了", None),  # the dog's
    ("My phone died", None),
    ("I almost died", None),
])
def test_whose_death(said, who):
    assert died_subject(analyze(said)) == who


def test_two_people_in_one_turn_are_two_memories(rows):
    zh = {s: r.statement for (s, st), r in rows["zh_two"].items()}
    assert zh == {"person:小王.owns.柯基": "我同事小王养了一只柯基", "person:刘敏.owns.鹦鹉": "我同事刘敏养鹦鹉"}, zh
    en = {s: r.statement for (s, st), r in rows["en_two"].items()}
    assert en == {"person:ivy.owns.rabbit": "My neighbour Ivy has a rabbit",
                  "person:omar.owns.chicken": "My other neighbour Omar keeps chickens"}, en
    bare = {s for s, _ in rows["en_two_bare"]}
    assert bare == {"cousin.job", "person:theo.job"}, bare


@pytest.mark.parametrize(("said", "want"), [
    ("My aunt has a dog and another friend, Pia, runs a bakery",
     "My aunt has a dog and my other friend Pia runs a bakery"),
    ("Another colleague of mine, Jun, moved to Busan", "My other colleague Jun moved to Busan"),
    ("I have another brother, Sam", "I have another brother, Sam"),  # an object, not a subject: as said
    ("My other friend, also named Ana, Ana Ruiz, moved to Lima", "My other friend Ana Ruiz moved to Lima"),
])
def test_en_another(said, want):
    assert en_another(said) == want


@pytest.mark.parametrize(("said", "want"), [
    ("我邻居老赵是厨师，还有一个邻居孙涛在银行上班", "我邻居老赵是厨师，我邻居孙涛在银行上班"),
    ("我表姐在上海，另外一位同学陈晨也在上海", "我表姐在上海，我同学陈晨也在上海"),
    ("还有一个同事叫张伟", "还有一个同事叫张伟"),  # an introduction: the rules' own
    ("我同事小周是护士，另一个同事也叫小周，全名周明，辞职了", "我同事小周是护士，我同事周明，辞职了"),
])
def test_zh_another(said, want):
    assert zh_another(said) == want


@pytest.mark.parametrize(("said", "slot"), [
    ("我同事周琳养了两只猫", "person:周琳.owns.猫"),
    ("Greta keeps bees", "person:greta.owns.bee"),
])
def test_a_named_persons_fact_told_with_a_keeping_verb(said, slot):
    assert [m.slot for m in extract_matches(said)] == [slot]


@pytest.mark.parametrize(("said", "slot", "value"), [
    ("我邻居孙浩做装修", "person:孙浩.job", "装修"),
    ("我同事何静在做销售", "person:何静.job", "销售"),
    ("我朋友冯磊是开出租车的", "person:冯磊.job", "出租车司机"),
    ("我舅舅是装修工人", "maternal_uncle.job", "装修工人"),
    ("我是湖南人", "hometown", "湖南"),  # a hometown stays one
    ("我朋友小陈去世了", "person:小陈.fact.去世", "去世"),  # was friend.event.去世陈
    ("我同事李娜结婚了", "person:李娜.event.结婚", "结婚"),  # was spouse.name 事李娜: 同 of 同事 read as "with"
    ("我同陈静结婚了", "spouse.name", "陈静"),
    ("我在做饭", "fact.做饭", "做饭"),  # a thing done now, no trade
    ("我在搞装修", "fact.搞", "搞"),  # the home renovated, no trade
    ("My colleague Sam Okafor is a nurse", "person:sam okafor.job", "nurse"),
])
def test_a_persons_job_in_other_words(said, slot, value):
    got = [(m.slot, m.value) for m in extract_matches(said)]
    assert got[:1] == [(slot, value)], got


def test_a_job_ending_told_of_a_named_person_ends_their_job(rows):
    for user in ("zh_job_ended", "zh_job_quit"):
        got = rows[user]
        ended = [s for s, st in got if st == "invalid"]
        assert len(ended) == 1 and ended[0].endswith(".job"), (user, got.keys())


def test_a_second_person_of_one_first_name_is_told_by_the_full_name(rows):
    got = rows["en_two_sams"]
    assert ("person:sam okafor.job", "active") in got, got.keys()
    assert got[("person:sam reyes.event.quit", "active")].statement == "My other colleague Sam Reyes just quit"


def test_a_nickname_is_the_persons_own_attribute(rows):
    zh = rows["zh_nick"]
    assert zh[("cousin_younger_male.nickname.阿峰", "active")].statement == "我表弟郭峰的外号叫阿峰", zh.keys()
    assert ("cousin_younger_male.name", "active") in zh
    en = rows["en_nick"]
    assert en[("grandson.nickname.teddy", "active")].statement == "My grandson Theo's nickname is Teddy", en.keys()


@pytest.mark.parametrize(("said", "slot"), [
    ("My nickname is Red", "nickname.red"),
    ("我的昵称是小鱼", "nickname.小鱼"),
    ("Tom's nickname is Bear", "person:tom.nickname.bear"),
])
def test_nickname_slots(said, slot):
    assert [m.slot for m in extract_matches(said)] == [slot]


def test_a_parting_keeps_what_is_true_of_the_ex(rows):
    assert ("wife.job", "active") in rows["en_ex"] and ("wife.job", "active") in rows["zh_ex"]


@pytest.fixture(scope="module")
def asked(rows, tmp_path_factory, embedder):  # noqa: ARG001 - the rows' store is built first
    """The context block of a question on a user's store (the rows' store, reopened)."""
    path = next(iter(tmp_path_factory.getbasetemp().glob("r46*"))) / "people.db"

    def block(user: str, question: str) -> str:
        with Memory(db=str(path), user=user, embedder=embedder) as m:
            return m.context(question, budget_ms=120_000).text

    return block


@pytest.mark.parametrize(("user", "question", "answer"), [
    ("en_ex", "what does my ex-wife do?", "dentist"),
    ("zh_ex", "我前妻做什么工作？", "护士"),
    ("en_no_ex", "what does my ex-wife do?", None),  # no parting told: the wife is no ex
])
def test_a_question_about_an_ex_is_answered_by_the_partners_facts_before_the_parting(asked, user, question, answer):
    block = asked(user, question)
    assert (answer in block) if answer else ("dentist" not in block), block


def test_a_bare_names_liking_or_event_goes_to_the_relative_named_so(rows):
    assert {s for s, _ in rows["en_named_like"]} == {"wife.brother.name", "wife.brother.like.jazz",
                                                     "person:tom.event.got_married"}, rows["en_named_like"].keys()
    assert ("wife.elder_brother.like.钓鱼", "active") in rows["zh_named_like"], rows["zh_named_like"].keys()
    assert ("person:emma.like.horse", "active") in rows["en_two_emmas"], rows["en_two_emmas"].keys()
    assert ("job", "active") in rows["en_boss_left"], rows["en_boss_left"].keys()  # the boss left, not the user
