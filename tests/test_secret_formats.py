"""Round 17: credentials known by their form, more password phrasings, and no memory from a placeholder.

A new user's API keys (OpenAI, AWS, GitHub… pasted alone, in Chinese, with no name) reached the
database, became memories and came back in ``context``. Each format is made up here from a seeded
random generator (never a real key): captured and drained on a real store, its bytes must be nowhere
in the database file; ``context`` / ``search`` / the tools never show it; ``import`` refuses it in a
memory and redacts it in a turn; ``redact-secrets`` scrubs it from a store written before. And what
only looks a little like a key (``task-12``, ``#1e90ff``, an order number, 护肤品 SK-II) stays as said.
"""

from __future__ import annotations

import json
import random
import string

import pytest
from test_privacy import raw_bytes

from memcli import Memory
from memcli.errors import BadInputError
from memcli.models import Candidate
from memcli.sensitive import has_secret, redaction
from memcli.timeutil import now_utc, parse_at
from memcli.write.guard import told

_R = random.Random(17)
_AN = string.ascii_letters + string.digits


def _rand(n: int, alphabet: str = _AN) -> str:
    while True:  # letters and digits both, like a generated key (digits only from a digits-only alphabet)
        s = "".join(_R.choice(alphabet) for _ in range(n))
        if any(c.isdigit() for c in s) and (alphabet.isdigit() or any(c.isalpha() for c in s)):
            return s


SK = "sk-" + _rand(48)
SK_PROJ = "sk-proj-" + _rand(40) + "_" + _rand(40)
SK_ZH, SK_KEY = "sk-" + _rand(48), "sk-" + _rand(48)
AKIA = "AKIA" + _rand(16, string.ascii_uppercase + string.digits)
AWS_SECRET = _rand(20) + "/" + _rand(19)
GHP, GHS = "ghp_" + _rand(36), "ghs_" + _rand(36)
GH_PAT = "github_pat_" + _rand(22) + "_" + _rand(59)
XOXB = f"xoxb-{_rand(12, string.digits)}-{_rand(13, string.digits)}-{_rand(24)}"
AIZA = "AIza" + _rand(35)
SK_LIVE, RK_LIVE = "sk_live_" + _rand(24), "rk_live_" + _rand(24)
JWT = f"eyJ{_rand(30)}.eyJ{_rand(40)}.{_rand(43)}"
PEM_BODY = _rand(64)
PEM = f"-----BEGIN OPENSSH PRIVATE KEY-----\n{PEM_BODY}\n{_rand(64)}\n-----END OPENSSH PRIVATE KEY-----"
TOKEN_ZH, TOKEN_EN, BARE = _rand(32), _rand(28), _rand(40)

#: (turn, the secret values in it): each a format of memcli.credentials, or a password phrasing
FORMATS = [
    (f"Here's the key for our side project: {SK_PROJ}", [SK_PROJ]),
    (SK, [SK]),  # a bare key alone in a turn
    (f"我的API密钥是 {SK_ZH}", [SK_ZH]),
    (f"帮我记一下key：{SK_KEY}", [SK_KEY]),
    (f"Our AWS access key id is {AKIA} and the secret is {AWS_SECRET}", [AKIA, AWS_SECRET]),
    (f"use {GHP} for the CI runner, and {GHS} for the app", [GHP, GHS]),
    (f"my fine-grained one: {GH_PAT}", [GH_PAT]),
    (f"the slack bot posts with {XOXB}", [XOXB]),
    (f"maps works with {AIZA} now", [AIZA]),
    (f"stripe: {SK_LIVE} and the restricted {RK_LIVE}", [SK_LIVE, RK_LIVE]),
    (f"my session cookie is {JWT}", [JWT]),
    (f"here is my deploy key\n{PEM}\nthanks", [PEM_BODY]),
    (f"服务器的访问令牌：{TOKEN_ZH}", [TOKEN_ZH]),
    (f"The deploy token for staging is {TOKEN_EN}.", [TOKEN_EN]),
    (BARE, [BARE]),
    ("My password for the bank is Zq7lantern88", ["Zq7lantern88"]),
    ("The password to my laptop is marmotFig31", ["marmotFig31"]),
    ("pw for netflix = quokka4417", ["quokka4417"]),
    ("our wifi is called Home5G and the password is pelican2290", ["pelican2290"]),
]

#: ordinary text that only looks a little like a secret: stays as said
ORDINARY = [
    "I'll skip the gym today, task-1234 is due tomorrow",
    "My favourite colour is #1e90ff and the kitchen is #ff00aa",
    "my order number is 20241105-88231",
    "我的订单号是2024110588231，明天到货",
    "我喜欢用SK-II的护肤品",
    "The password for the wifi is on the fridge",
    "I keep forgetting my password",
    "The key to a good risotto is patience",
    "I use scikit-learn and sk-learn style pipelines at work",
    "My student number is S20231234 and my locker key is 42",
    "我在北京工作，每天骑车上班，周末喜欢去爬山",
    "The tracking number is 1Z999AA10123456784",
    "My favourite photo is holiday_photo_by_the_lake_2024.jpg",
]


@pytest.mark.parametrize(("text", "secrets"), FORMATS)
def test_each_format_is_redacted_and_counted(text: str, secrets: list[str]):
    red = redaction(text)
    assert has_secret(text)
    for s in secrets:
        assert s not in red.text, red.text
    assert "[redacted]" in red.text or "[已隐去]" in red.text
    assert sum(red.counts.values()) == len(secrets)  # one per secret (a PEM block is one)


def test_the_network_name_stays_the_password_goes():
    assert (
        redaction("our wifi is called Home5G and the password is pelican2290").text
        == "our wifi is called Home5G and the password is [redacted]"
    )


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_is_not_redacted(text: str):
    assert redaction(text).text == text and not has_secret(text)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("My wifi password is [redacted]!! by the way", "by the way"),
        ("our wifi is called Home5G and the password is [redacted]", "our wifi is called Home5G."),
        ("My password for the bank is [redacted], and I have a dog named Rex.", "I have a dog named Rex."),
        ("我家的wifi密码是[已隐去]，我住在杭州", "我住在杭州。"),
        ("我的API密钥是 [已隐去]", ""),
        ("here is my deploy key\n[redacted]\nthanks", "thanks"),
        ("I live in Leeds. Here's my token: [redacted]. I have a cat.", "I live in Leeds. I have a cat."),
    ],
)
def test_the_extractor_never_reads_a_redacted_statement(text: str, want: str):
    assert told(text) == want


def test_no_secret_byte_reaches_the_store_and_nothing_shows_it(db_path, embedder, cli):
    db = str(db_path)
    with Memory(db=db, user="alice", embedder=embedder) as m:
        for n, (text, _) in enumerate(FORMATS):
            assert m.capture(text, at=f"2026-05-01T09:{n:02d}:00Z").redacted
        m.capture("My wifi password is heron5566!! by the way", at="2026-05-02T09:00:00Z")
        m.capture("I have a beagle called Toast", at="2026-05-02T10:00:00Z")
    for text in (f"my key is {SK} ok", f"令牌 {TOKEN_ZH}"):  # the CLI's fast capture path too
        r = cli("--db", db, "--user", "alice", "capture", text, "--json")
        assert r.exit_code == 0 and r.json()["redacted"] == {"key": 1}, r.stderr
    with Memory(db=db, user="alice", embedder=embedder) as m:
        m.drain()
        statements = [i.statement for i in m.list()]
        shown = "\n".join(
            statements
            + [
                m.context(q).text
                for q in (
                    "What's my OpenAI API key?",
                    "我的API密钥是什么？",
                    "what is my AWS secret?",
                    "What's my wifi password?",
                    "what is my github token",
                    "password for the bank",
                )
            ]
        )
        shown += json.dumps(
            [h.statement for q in ("key", "token", "password", "密钥") for h in m.search(q, limit=50)],
            ensure_ascii=False,
        )
        assert [e for e in m.episodes() if "redacted" in e["text"] or "已隐去" in e["text"]] == []
    assert any("Toast" in s for s in statements), statements  # the turn with no secret is drawn as usual
    assert not any("password" in s.lower() or "redacted" in s or "已隐去" in s for s in statements), statements
    tool = cli("--db", db, "--user", "alice", "tools", "call", "search", '{"query": "API key token secret"}')
    assert tool.exit_code == 0, tool.stderr
    data = raw_bytes(db)
    for _, secrets in FORMATS:
        for s in secrets:
            assert s.encode() not in data, s
            assert s not in shown and s not in tool.stdout, s
    assert b"heron5566" not in data


def test_remember_and_the_tools_refuse_a_key(db_path, embedder, cli):
    db = str(db_path)
    for text in (f"My OpenAI key is {SK}", f"我的GitHub令牌 {GHP}", AKIA):
        r = cli("--db", db, "--user", "alice", "remember", text)
        assert r.exit_code == 2 and "not stored: the text holds a secret" in r.stderr, r.stderr
        t = cli("--db", db, "--user", "alice", "tools", "call", "remember", json.dumps({"text": text}))
        assert t.exit_code == 2 and "secret" in t.stderr, t.stderr
    with Memory(db=db, user="alice", embedder=embedder) as m:
        assert m.list() == []
        with pytest.raises(BadInputError, match="secret"):
            m.remember(f"the staging deploy token is {TOKEN_EN}")
        item = m.remember("I have a beagle called Toast").item_id
    r = cli("--db", db, "--user", "alice", "correct", str(item), f"I have a beagle called Toast, key {AIZA}")
    assert r.exit_code == 2 and "secret" in r.stderr, r.stderr
    assert AIZA.encode() not in raw_bytes(db) and SK.encode() not in raw_bytes(db)


def test_import_refuses_a_key_in_a_memory_and_redacts_it_in_a_turn(db_path, tmp_path, embedder, cli):
    db, other = str(db_path), str(tmp_path / "other.db")
    plain = tmp_path / "plain.jsonl"
    plain.write_text(json.dumps({"text": f"My API key is {SK}"}) + "\n", encoding="utf-8")
    r = cli("--db", db, "--user", "alice", "import", str(plain))
    assert r.exit_code == 2 and "line 1" in r.stderr and "secret" in r.stderr
    with Memory(db=other, user="alice", embedder=embedder) as m:
        m.capture(
            f"I have a beagle called Toast, and my token for the vet portal is {TOKEN_EN}", at="2026-05-01T09:00:00Z"
        )
        m.drain()
        lines = list(m.export(include_all=True))
    assert any("Toast" in json.dumps(x) for x in lines)
    for line in lines:  # as an export of a store written before redaction would hold them
        for src in line.get("sources", []):
            src["text"] = f"I have a beagle called Toast, and my GitHub token is {GHP}"
        for ev in line.get("events", []):
            ev["reason"] = f"{ev.get('reason') or ''} {AIZA}"
    full = tmp_path / "full.jsonl"
    full.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    r = cli("--db", db, "--user", "bob", "import", str(full))
    assert r.exit_code == 0, r.stderr
    data = raw_bytes(db)
    assert GHP.encode() not in data and AIZA.encode() not in data and b"Toast" in data


def test_import_redacts_a_key_in_a_turn_no_memory_holds(db_path, tmp_path, embedder, cli):
    db, other = str(db_path), str(tmp_path / "other.db")
    with Memory(db=other, user="alice", embedder=embedder) as m:
        m.capture("Thanks a lot!", at="2026-05-01T09:00:00Z")  # chatter: no memory, an `export --all` turn line
        m.drain()
        lines = list(m.export(include_all=True))
    turns = [x for x in lines if "turn" in x]
    assert len(turns) == 1
    turns[0]["text"] = f"Thanks a lot! my GitHub token is {GHP}"  # as a store written before redaction would hold it
    full = tmp_path / "turns.jsonl"
    full.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    r = cli("--db", db, "--user", "bob", "import", str(full))
    assert r.exit_code == 0, r.stderr
    data = raw_bytes(db)
    assert GHP.encode() not in data and b"Thanks a lot!" in data


def test_redact_secrets_finds_the_formats_in_a_store_written_before(db_path, embedder, cli):
    db = str(db_path)
    t = parse_at("2026-03-01")
    with Memory(db=db, user="alice", embedder=embedder) as m:
        st = m.store
        for n, text in enumerate((f"我的API密钥是 {SK_ZH}", f"use {GHP} for the CI runner", SK)):
            st.capture("alice", role="user", session=None, content=text, occurred_at=t, key=f"k{n}", now=now_utc())
        said = f"Our AWS access key id is {AKIA}"
        src = st.add_source("alice", role="explicit", content=said, occurred_at=t, recorded_at=now_utc())
        st.insert_item(
            user_id="alice",
            candidate=Candidate(statement=said, valid_from=t),
            origin="explicit",
            confidence=1.0,
            vector=embedder.embed_one(said),
            model=m.settings.model,
            source_ids=[src],
        )
    for s in (SK_ZH, GHP, SK, AKIA):
        assert s.encode() in raw_bytes(db)
    out = cli("--db", db, "--user", "alice", "redact-secrets", "--apply", "--json")
    assert out.exit_code == 0, out.stderr
    assert out.json()["redacted"] == {"key": 5} and out.json()["verified"] is True
    data = raw_bytes(db)
    for s in (SK_ZH, GHP, SK, AKIA):
        assert s.encode() not in data, s
