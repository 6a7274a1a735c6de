"""Round 44, what a new user found on the write side: a fact told after a task request, another person's quoted words,
and jokes.

- A turn that opens with a task (translate, write, proofread; 帮我写, 翻译) used to be dropped whole: the user's own
  sentences after the request and its material are now read (:mod:`memcli.write.task_turn`); the material stays
  unstored.
- A passage in quotation marks that another person wrote, said or sent is not the user's (:mod:`memcli.write.quoted`);
  a name or a title in quotes is.
- A claim taken back as a joke, a sarcastic frame and an outlandish claim said laughing are no facts; laughter is cut
  from a fact said laughing (:mod:`memcli.write.joking`).

Own sentences; one real store (default model) for the file, each turn told by a user of its own and drained once.
"""

from __future__ import annotations

import pytest

from memcli.write.joking import is_joke_marker, without_jokes
from memcli.write.quoted import quote_spans, without_quoted
from memcli.write.task_turn import without_tasks

AT = "2026-06-01T09:00:00+08:00"

#: turn → (what a stored statement holds, words no statement may hold); "" kept: nothing may be stored
TURNS: dict[str, tuple[str, tuple[str, ...]]] = {
    # a fact after a task request
    "Translate 'see you tomorrow' into Spanish. I'm lactose intolerant.": ("lactose intolerant", ("tomorrow",)),
    "Could you write a limerick about cats? My brother is called Felix.": ("My brother is called Felix", ("limerick",)),
    "Please proofread this: Our team shipped the release on time and the client was pleased with the demo. "
    "By the way, I live in Porto.": ("I live in Porto", ("client", "team", "demo")),
    "帮我写一篇关于春天的作文。我女儿叫小雨。": ("我女儿叫小雨", ("春天", "作文")),
    "帮我把这段话翻译成英文：“我下周要去北京出差，请提前安排好。”对了，我对芒果过敏。":
        ("我对芒果过敏", ("北京", "出差")),
    "翻译一下：我喜欢吃榴莲": ("", ("榴莲",)),
    # another person's words in quotes
    'My sister forwarded me her dating profile: "I live in Lyon and I have two dogs. I\'m a pilot." Thoughts?':
        ("", ("Lyon", "dogs", "pilot", '"')),
    "我同事发给我一段自我介绍：“我住在厦门，我有一个女儿，我是一名律师。”你帮我看看写得怎么样":
        ("", ("厦门", "女儿", "律师", "“")),
    '"I\'m allergic to shellfish and I live in Bern," my roommate told me. I work as a nurse.':
        ("I work as a nurse", ("shellfish", "Bern", "roommate")),
    'My dog is called "Biscuit".': ("Biscuit", ()),
    "我家的狗叫「豆豆」。": ("豆豆", ()),
    # jokes and sarcasm
    "I own a private island, just kidding.": ("", ("island", "kidding")),
    "开个玩笑，我其实是皇帝。": ("", ("皇帝",)),
    "Yeah right, as if I'd ever eat sushi.": ("", ("sushi",)),
    "我最爱排队了，呵呵": ("", ("排队",)),
    "I'm the King of Spain haha": ("", ("King",)),
    "I got a parakeet lol": ("I got a parakeet", ("lol",)),
    "Just kidding, I actually work as a librarian.": ("librarian", ("kidding",)),
}
#: turns that must leave no episode either: nothing of the user's own is left in them
PROFILE = 'My sister forwarded me her dating profile: "I live in Lyon and I have two dogs. I\'m a pilot." Thoughts?'
NO_EPISODE = ["翻译一下：我喜欢吃榴莲", "I own a private island, just kidding.", "开个玩笑，我其实是皇帝。", PROFILE]


@pytest.fixture(scope="module")
def told(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict[str, tuple[list[str], list[str]]]:
    """Turn → (statements of every memory, episodes' texts) of its own user, after one drain of every user."""
    from memcli import Memory
    from memcli.admin import Admin

    db = str(tmp_path_factory.mktemp("trial44w") / "m.db")
    mems = {t: Memory(db=db, user=f"u{n}", embedder=embedder) for n, t in enumerate(TURNS)}
    for t, m in mems.items():
        m.capture(t, at=AT)
    with Admin(db=db, embedder=embedder) as adm:
        s = adm.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    out = {t: ([i.statement for i in m.list(include_all=True)], [str(e) for e in m.episodes()])
           for t, m in mems.items()}
    for m in mems.values():
        m.close()
    return out


@pytest.mark.parametrize("turn", list(TURNS))
def test_only_the_users_own_words_are_stored(told, turn: str) -> None:
    statements, _ = told[turn]
    held, never = TURNS[turn]
    if held:
        assert any(held in s for s in statements), statements
    else:
        assert statements == []
    assert not [s for s in statements for w in never if w in s], statements


@pytest.mark.parametrize("turn", NO_EPISODE)
def test_no_episode_of_a_turn_with_nothing_of_the_users_own(told, turn: str) -> None:
    assert told[turn][1] == []


# -- the steps on their own (text in, text out) ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "read"), [
    ("Rewrite this paragraph so it sounds friendlier. I teach chemistry.", "I teach chemistry."),
    ("I teach chemistry. Write me a cover letter for a lab job.", "I teach chemistry."),
    ("Please summarize this speech for me. My niece is called Ada. She is six.", "My niece is called Ada. She is six."),
    ("Summarize this: The board approved the budget. The vote was close. Btw my wife runs a bakery.",
     "Btw my wife runs a bakery."),
    ("Proofread this. Our sales grew in spring and I think we did well. Costs fell too. Also, I'm left-handed.",
     "Also, I'm left-handed."),
    ("Translate this: I love my dog. I live in Oslo.", ""),  # no aside: what follows the colon stays material
    ("用Java写一个计算器程序。我在银行工作。", "我在银行工作。"),
    ("把这句话翻译成日语：明天见。我弟弟在读大学。", "我弟弟在读大学。"),  # one sentence handed over
    ("帮我润色一下这段话：本公司成立于2015年，专注于教育。顺便说一下，我下个月结婚。", "顺便说一下，我下个月结婚。"),
    ("我住在苏州。", "我住在苏州。"),
    ("Could you look over my cover letter: I am a tireless team player. Btw I'm a twin.", "Btw I'm a twin."),
    ("帮我看看这段：本人毕业于复旦大学，现为一名会计。另外，我在学钢琴。", "另外，我在学钢琴。"),
    ("Note to self: I parked on level 3.", "Note to self: I parked on level 3."),  # no request before the colon
])
def test_without_tasks(text: str, read: str) -> None:
    assert without_tasks(text) == read


@pytest.mark.parametrize(("text", "read"), [
    ('My uncle texted me: "I retired from the navy and I moved to Malta." Funny guy.', "Funny guy."),
    ('I told my boss "I\'m moving to Canada in June."', 'I told my boss "I\'m moving to Canada in June."'),  # their own
    ("我爸在群里说：“我戒烟了，我每天跑步。”我挺佩服他的。", "我挺佩服他的。"),
    ("我跟她说：“我下个月去上海。”", "我跟她说：“我下个月去上海。”"),
    ("I just finished 'The Remains of the Day' and cried.", "I just finished 'The Remains of the Day' and cried."),
    ("Our parrot's name is 'Captain'.", "Our parrot's name is 'Captain'."),
    ("Aunt Rosa is 5'1\" but coaches rugby.", "Aunt Rosa is 5'1\" but coaches rugby."),  # inches
    ('My motto is "Measure twice, cut once."', 'My motto is "Measure twice, cut once."'),  # no one else's
    ('"I moved to Accra last spring and I love it."', '"I moved to Accra last spring and I love it."'),  # all quoted
])
def test_without_quoted(text: str, read: str) -> None:
    assert without_quoted(text) == read


def test_quote_spans_skip_apostrophes() -> None:
    text = "It's Tom's 'big day' and \"the party\" starts at 8"
    assert [text[s:e] for s, e in quote_spans(text)] == ["'big day'", '"the party"']


@pytest.mark.parametrize(("text", "read"), [
    ("I have a pet tiger. Just kidding! I have a hamster.", "I have a hamster."),
    ("I speak nine languages, jk.", ""),
    ("Not kidding, I ran a marathon last month.", "Not kidding, I ran a marathon last month."),
    ("逗你玩的，我是外星人，哈哈", ""),
    ("我喜欢开玩笑，我是一名导游。", "我喜欢开玩笑，我是一名导游。"),
    ("Like I would ever wake up at 5am.", ""),
    ("Like I said, I'm a vet.", "Like I said, I'm a vet."),
    ("I bought a bike haha", "I bought a bike"),
    ("哈哈，我养了两只兔子", "哈哈，我养了两只兔子"),  # the laugh is a clause of its own: chatter reads it
    ("I'm the president of our chess club.", "I'm the president of our chess club."),
    ("I'm a secret agent lmao", ""), ("我是忍者，嘿嘿", ""),
])
def test_without_jokes(text: str, read: str) -> None:
    assert without_jokes(text) == read


@pytest.mark.parametrize(("clause", "marker"), [
    ("just kidding!", True), ("lol jk", True), ("I'm only joking", True), ("开玩笑的啦", True), ("骗你的", True),
    ("I'm not kidding", False), ("不是开玩笑", False), ("he loves joking around", False),
])
def test_joke_marker(clause: str, marker: bool) -> None:
    assert is_joke_marker(clause) is marker
