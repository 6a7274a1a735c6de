"""Round 23: readings the write path got wrong. A height told in words after a contraction ("my son's already six feet
tall") is the height, not ``son.fact.alread``; "<relative> is <age> and <another predicate>" is two facts, whatever
the second ("and 6'2\"", "and a nurse"); a Chinese job told by its field with a light verb (是搞财务的, 是干装修的)
is the job slot, so that "做什么工作" finds it and a later job replaces it; a named relative's relative ("my aunt
Rosa's husband") is that relative (``aunt.husband.job``), as without the name. Own sentences; real stores, the real
default model, real drains."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memcli import Memory
from memcli.write.rules import analyze
from memcli.write.rules.en_coord import distribute
from memcli.write.rules.en_words import expand_contractions

START = datetime(2026, 11, 9, 9, tzinfo=UTC)


def _drained(db: str, turns: list[str], user: str) -> Memory:
    """A store of ``user`` after capturing each of ``turns`` a day apart and draining (the caller closes it)."""
    m = Memory(db=db, user=user)
    for n, text in enumerate(turns):
        m.capture(text, at=(START + timedelta(days=n)).isoformat())
        m.drain()
    return m


def _rows(m: Memory) -> dict[str, tuple[str | None, str]]:
    """statement → (slot, state): active, superseded (an UPDATE replaced it) or ended (a CONFLICT contradicted it)."""
    return {i.statement: (i.slot, "ended" if i.invalid_at is not None else
                          "superseded" if i.expired_at is not None else "active") for i in m.list(include_all=True)}


def test_a_height_in_words_after_a_contraction_is_the_height():
    assert analyze("my grandson's already six feet tall").slot == "grandson.height"
    assert analyze("my niece's nearly five foot four now").slot == "niece.height"
    assert analyze("My uncle's almost eighty").slot == "uncle.age"
    # a number of things owned stays the owner's: "'s" is no "is" before them
    assert expand_contractions("my aunt's three cats sleep all day") == "my aunt's three cats sleep all day"
    assert expand_contractions("my aunt's two dogs are huge") == "my aunt's two dogs are huge"


def test_a_height_in_words_is_stored_as_the_height(db: str, embedder):
    m = _drained(db, ["My grandson's already six feet tall", "My grandson loves basketball"], user="ed")
    try:
        assert _rows(m)["My grandson is already six feet tall"] == ("grandson.height", "active"), _rows(m)
    finally:
        m.close()


def test_an_age_and_a_second_predicate_are_two_statements():
    assert distribute("My cousin is 17 and already 6'4\"") == ["My cousin is 17", "My cousin is already 6'4\""]
    assert distribute("My aunt is 40 and a paramedic") == ["My aunt is 40", "My aunt is a paramedic"]
    assert distribute("My grandpa is eighty-one and retired") == ["My grandpa is eighty-one", "My grandpa is retired"]
    assert distribute("I'm 27 and single") == ["I'm 27", "I'm single"]
    # not a second predicate: a verb (the rules split those), a new subject, or two names
    assert distribute("My cousin is 17 and drives a van") == ["My cousin is 17 and drives a van"]
    assert distribute("My aunt is 40 and moved to Leeds") == ["My aunt is 40 and moved to Leeds"]
    assert distribute("My aunt is 40 and her son is 12") == ["My aunt is 40 and her son is 12"]
    assert distribute("My parents are Ann and Bob") == ["My parents are Ann and Bob"]


def test_an_age_and_a_height_of_one_relative_are_both_stored(db: str, embedder):
    m = _drained(db, ["my cousin's 17 and already 6'4\"", "My aunt is 40 and a paramedic"], user="jo")
    try:
        rows = _rows(m)
        assert rows == {"My cousin is 17": ("cousin.age", "active"),
                        "My cousin is already 6'4\"": ("cousin.height", "active"),
                        "My aunt is 40": ("aunt.age", "active"),
                        "My aunt is a paramedic": ("aunt.job", "active")}, rows
    finally:
        m.close()


def test_a_chinese_job_told_by_its_field_is_the_job():
    assert (analyze("我姑姑是搞会计的").slot, analyze("我姑姑是搞会计的").value) == ("paternal_aunt.job", "会计")
    assert analyze("我表哥是干电商的").slot == "cousin_elder_male.job"
    assert analyze("我舅妈是从事保险行业的").value == "保险"
    assert analyze("我是做外贸的").slot == "job"
    assert analyze("我姑姑是做会计的").value == analyze("我姑姑是会计").value  # one job, said two ways
    # no field of work: a quality, a question, a one-character thing done
    assert analyze("我表哥是搞笑的").slot != "cousin_elder_male.job"
    assert analyze("我姑姑是干什么的").slot is None
    assert analyze("我是做饭的").slot != "job"


def test_a_job_told_by_its_field_answers_what_the_person_does(db: str, embedder):
    m = _drained(db, ["我姑姑是搞财务的", "我姑姑住在苏州", "我姑姑今年五十岁了", "我姑姑喜欢养花", "我舅舅是干装修的"],
                 user="lin")
    try:
        assert _rows(m)["我姑姑是搞财务的"] == ("paternal_aunt.job", "active")
        assert [h.statement for h in m.search("我姑姑做什么工作的？", limit=1)] == ["我姑姑是搞财务的"]
        assert [h.statement for h in m.search("我舅舅是干什么的？", limit=1)] == ["我舅舅是干装修的"]
    finally:
        m.close()


def test_a_new_job_ends_the_job_told_by_its_field(db: str, embedder):
    m = _drained(db, ["我姑姑是搞财务的", "我姑姑现在是老师"], user="zhao")
    try:
        rows = _rows(m)
        assert rows["我姑姑现在是老师"] == ("paternal_aunt.job", "active"), rows
        assert rows["我姑姑是搞财务的"][1] != "active", rows  # on main both stayed: is.搞财务 beside the job
    finally:
        m.close()


def test_a_field_of_work_beside_an_occupation_keeps_both(db: str, embedder):
    from memcli.models import Decision
    from memcli.write.judge import hard_guard

    said_so = hard_guard(analyze("我表哥是做会计的"), analyze("我表哥是厨师"), Decision.CONFLICT)
    assert said_so is None, said_so  # 会计 is an occupation said with 做: a job against a job, as before
    m = _drained(db, ["我的领导是总经理", "我的领导是搞金融的", "我表姐是搞财务的", "我表姐是做财务的"], user="qian")
    try:
        rows = _rows(m)
        assert rows == {"我的领导是总经理": ("boss.job", "active"),  # a general manager in finance: both true
                        "我的领导是搞金融的": ("boss.job", "active"),
                        "我表姐是搞财务的": ("cousin_elder_female.job", "active")}, rows  # said again: one memory
    finally:
        m.close()


def test_a_named_relatives_relative_is_that_relative():
    assert analyze("My aunt Rosa's husband is a plumber").slot == "aunt.husband.job"
    assert analyze("My aunt Rosa's husband is a plumber").slot == analyze("My aunt's husband is a plumber").slot
    assert analyze("my cousin Ben's wife works at a bakery").slot == "cousin.wife.workplace"
    assert analyze("My aunt Rosa's birthday is June 2").slot == "aunt.birthday"  # her own fact keeps her
    assert analyze("My aunt Rosa is a plumber").slot == "aunt.job"


def test_a_named_relatives_husband_is_found_and_changes_alone(db: str, embedder):
    m = _drained(db, ["My aunt Rosa lives in Porto", "My aunt Rosa's husband is a plumber", "My aunt Rosa is a dentist",
                      "My aunt Rosa's husband is an electrician now"], user="rui")
    try:
        rows = _rows(m)
        assert rows["My aunt Rosa lives in Porto"] == ("aunt.residence", "active"), rows  # on main: ended
        assert rows["My aunt Rosa is a dentist"] == ("aunt.job", "active"), rows
        assert rows["My aunt Rosa's husband is an electrician now"] == ("aunt.husband.job", "active"), rows
        assert rows["My aunt Rosa's husband is a plumber"][1] != "active", rows
        assert "electrician" in m.context("What does my aunt's husband do?").text
        assert m.search("What does Rosa's husband do?", limit=1)[0].statement == \
            "My aunt Rosa's husband is an electrician now"
    finally:
        m.close()


def test_a_question_about_a_relatives_relative_asks_that_relative():
    from memcli.slot_query import query_slots

    assert query_slots("What does my aunt's husband do?") == ["aunt.husband.job", "aunt.husband.school",
                                                                "aunt.husband.education"]  # round 43: job or study
    assert query_slots("Where does my wife's brother live?") == ["wife.brother.residence"]
    assert query_slots("What's my aunt's job?") == ["aunt.job"]  # her own attribute, as before
