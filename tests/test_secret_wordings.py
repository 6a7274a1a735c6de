"""Round 18: a code that opens something, said with words between its name and its value, and a
secret someone told the user. A new user's "the door code at home is 4821" was stored (and ``remember``
added it) while "my door code is 4821" was redacted; "X told me her secret: …" was kept as an episode
while the user's own "don't tell anyone" turn was redacted whole. A public code (zip, area, error …)
stays as said. Real store, real default model."""

from __future__ import annotations

import re

import pytest
from test_privacy import raw_bytes

from memcli import Memory
from memcli.errors import BadInputError
from memcli.sensitive import CONFIDED_EN, CONFIDED_ZH, has_secret, redact, redaction

#: (turn, its value): the code word, place or determiner words, then a short value
CODES = [
    ("the door code at home is 4821", "4821"),
    ("our garage code: 9911", "9911"),
    ("my locker combination is 12-34-56", "12-34-56"),
    ("the code for the side gate is 2580, don't forget", "2580"),
    ("the bike lock combo is 0417", "0417"),
    ("the alarm code at my mum's place is 7070 and it beeps", "7070"),
    ("the wifi code at the cabin is 55667788.", "55667788"),
    ("the gate code's 1357", "1357"),
    ("家里保险柜的密码是 8823", "8823"),
    ("单元门的门禁码：1234", "1234"),
    ("公司大门的开门码是#2580", "#2580"),
]

#: what only looks like one: a public code, a code with no short value, or a number that opens nothing
NOT_SECRETS = [
    "my zip code is 10001",
    "our postal code at the new place is 94110",
    "the area code is 415",
    "the error code was 404",
    "my code review is at 3",
    "the code is 200 lines long",
    "the dress code is formal",
    "我们这里的邮编是100010",
    "Mei told me she's pregnant",
    "the secret to good bread is time",
]

#: someone else's secret told to the user: kept as the user's own "don't tell anyone" is
TOLD = [
    "Mei told me her secret: she's pregnant",
    "Tom confided in me that he is leaving the company",
    "she told me a secret about her new job",
    "小王告诉我一个秘密，她怀孕了",
    "她跟我说了个秘密：她要辞职了",
]


@pytest.mark.parametrize("turn, value", CODES)
def test_a_code_with_words_before_its_value_is_redacted(turn: str, value: str):
    r = redaction(turn)
    assert value not in r.text and value in r.values and ("[redacted]" in r.text or "[已隐去]" in r.text)
    assert has_secret(turn)


@pytest.mark.parametrize("turn", NOT_SECRETS)
def test_a_public_code_or_a_plain_fact_stays_as_said(turn: str):
    assert redact(turn) == turn and not has_secret(turn)


@pytest.mark.parametrize("turn", TOLD)
def test_a_secret_told_to_the_user_is_redacted_whole(turn: str):
    assert redact(turn) in (CONFIDED_EN, CONFIDED_ZH) and has_secret(turn)


def test_captured_none_reaches_the_database_and_remember_refuses_them(db: str, embedder):
    with Memory(db=db, user="mei", embedder=embedder) as m:
        for turn, _ in CODES:
            m.capture(turn)
        for turn in TOLD:
            m.capture(turn)
        m.drain()
        for turn in (CODES[0][0], CODES[2][0], TOLD[0]):
            with pytest.raises(BadInputError, match="not stored"):
                m.remember(turn)
        said = [i.statement for i in m.list()] + [e["text"] for e in m.episodes()]
        assert [s for s in said if "redacted" in s or "已隐去" in s] == []  # a placeholder is no memory, no episode
        assert [s for s in said if "pregnant" in s or "leaving" in s or "怀孕" in s] == []
        kept = m.remember(NOT_SECRETS[0])  # a zip code is a fact about the user
        assert m.show(kept.item_id).statement == NOT_SECRETS[0]
    data = raw_bytes(db)
    for turn, value in CODES:  # as a token: a short run of digits also turns up inside hex ids and hashes by chance
        assert not re.search(rb"(?<![0-9A-Za-z])" + re.escape(value.encode()) + rb"(?![0-9A-Za-z])", data), turn
    assert b"pregnant" not in data and "怀孕".encode() not in data


def test_a_secret_is_found_alike_in_a_short_text_and_past_the_cached_length():
    """secret_kind is cached for texts up to 300 characters; a longer text is read the same way, uncached."""
    from memcli.sensitive import secret_kind

    said = "my wifi password is hunter22"
    long = "We walked along the river for hours and talked about everything and nothing. " * 5 + said
    assert len(long) > 300
    assert secret_kind(said) == secret_kind(said) == secret_kind(long) == "wifi password"
    assert secret_kind("We walked along the river for hours. " * 10) is None
