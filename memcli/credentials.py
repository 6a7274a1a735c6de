"""Credentials known by their form: API keys, access tokens and private keys (a leaf module).

:mod:`memcli.sensitive` finds a secret by its name (``my wifi password is …``); a credential pasted
into a turn often comes with no name, or a name that says nothing (``帮我记一下key：…``), so these are
found by their shape, wherever they stand in the text:

- **provider formats**: OpenAI / Anthropic ``sk-…`` / ``sk-proj-…``, Stripe ``sk_live_…`` / ``rk_live_…``
  (and ``_test_``), AWS access key ids (``AKIA`` / ``ASIA`` + 16 capitals or digits), GitHub
  ``ghp_`` / ``gho_`` / ``ghu_`` / ``ghs_`` / ``ghr_`` / ``github_pat_``, Slack ``xoxb-`` / ``xoxp-`` / ``xoxa-`` /
  ``xoxs-`` …, Google ``AIza…``, JSON Web Tokens (``eyJ….eyJ….…``) and PEM private-key blocks
  (``-----BEGIN … PRIVATE KEY-----`` to its end line, or to the end of the text when it is cut off);
- **a random-looking token** (16 characters or more of letters, digits and ``_-+/=.``, with letters
  *and* digits and at least 3 bits of entropy a character) **next to a key word** — key, token,
  secret, bearer, credential(s), AWS, 密钥, 秘钥, 私钥, 令牌 — within the same sentence, before it or
  just after (an AWS secret access key, a token of a provider not listed);
- **a random-looking token alone in a turn** (24 characters or more, at least 12 different ones): a
  credential pasted with no words around it.

Ordinary text has none of these: words (no digits), order numbers, hex colours, dates, phone numbers,
``task-12`` or ``skip`` are too short, too regular or have no key word beside them.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from memcli.relazy import lazy

__all__ = ["Credential", "find_credentials", "is_random_token"]

#: a credential by its provider's format; the group that matched names it (see _NAMES)
_FORMATS = lazy(
    r"(?P<pem>-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----.*?"
    r"(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|\Z))"
    r"|(?<![A-Za-z0-9_-])(?:"
    r"(?P<stripe>(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,})"
    r"|(?P<openai>sk-(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_-]{20,})"
    r"|(?P<aws>(?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Za-z0-9])"
    r"|(?P<github>gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})"
    r"|(?P<slack>xox[abposre]-[A-Za-z0-9-]{10,})"
    r"|(?P<google>AIza[A-Za-z0-9_-]{35})"
    r"|(?P<jwt>eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*))",
    re.S,
)
_NAMES = {
    "pem": "private key",
    "stripe": "Stripe key",
    "openai": "API key",
    "aws": "AWS access key",
    "github": "GitHub token",
    "slack": "Slack token",
    "google": "Google API key",
    "jwt": "JSON Web Token",
}
#: a token: a run of the characters keys are written in (no lookbehind on Chinese: 密钥是abc… is one)
_TOKEN = lazy(r"(?<![A-Za-z0-9_+/=.-])[A-Za-z0-9_+/=.-]{16,}")
#: a word that names a credential (ASCII words not inside a longer word: ``monkey``, ``keyboard`` are none)
_KEY_WORD = lazy(
    r"(?<![A-Za-z])(?:key|keys|token|tokens|secret|secrets|bearer|credentials?|aws|apikey|api_key|"
    r"access_key|secret_key)(?![A-Za-z])|密钥|秘钥|私钥|令牌",
    re.I,
)
#: where a sentence ends: a key word on the other side of it is not beside the token
_SENT_END = lazy(r"[.!?。！？\n]\s|[。！？\n]")


class Credential(NamedTuple):
    """One credential found in a text: ``text[start:end]`` and what it is (``"API key"``, ``"token"``…)."""

    start: int
    end: int
    name: str


def _entropy(s: str) -> float:
    """Shannon entropy of ``s``'s characters, bits per character."""
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in (s.count(ch) for ch in set(s)))


def is_random_token(token: str, *, min_len: int = 16) -> bool:
    """``token`` looks generated, not written: ``min_len`` characters or more, letters and digits both,
    3 bits of entropy a character or more, not a run of lowercase words (``a8Fq29ZkLm03Xp7w`` yes;
    ``order-2024-11-05``, ``aaaa1111…``, ``my_holiday_photo_2024.jpg`` no)."""
    t = token.strip("._-+/=")
    words = [w for w in re.split(r"[^A-Za-z0-9]+", t) if w]
    if len(words) >= 3 and 2 * sum(w.isalpha() and w.islower() for w in words) >= len(words):
        return False  # a path or a slug made of words (game_of_thrones_by_x-350t.jpg), not a generated string
    return (
        len(t) >= min_len
        and any(c.isdigit() for c in t)
        and any(c.isalpha() for c in t)
        and not t.isdigit()
        and _entropy(t) >= 3.0
    )


def _near_key_word(text: str, start: int, end: int) -> bool:
    """A key word in the same sentence within 48 characters before ``text[start:end]`` or 24 after it."""
    before, after = text[max(0, start - 48) : start], text[end : end + 24]
    if cut := list(_SENT_END.finditer(before)):
        before = before[cut[-1].end() :]
    if (m := _SENT_END.search(after)) is not None:
        after = after[: m.start()]
    return bool(_KEY_WORD.search(before) or _KEY_WORD.search(after))


def find_credentials(text: str) -> list[Credential]:
    """The credentials in ``text`` (module docstring), in order, not overlapping; [] for none."""
    if not text:
        return []
    found = [Credential(m.start(), m.end(), _NAMES[m.lastgroup or "openai"]) for m in _FORMATS.finditer(text)]
    if found:
        found = [c for c in found if c.name != "API key" or is_random_token(text[c.start + 3 : c.end], min_len=12)]
    taken = [(c.start, c.end) for c in found]
    stripped = text.strip()
    for m in _TOKEN.finditer(text):
        s, e = m.start(), m.end() - (len(m.group()) - len(m.group().rstrip(".")))
        if any(s < b and a < e for a, b in taken) or text.startswith("//", s) or not is_random_token(text[s:e]):
            continue
        alone = text[s:e] == stripped.rstrip(".") and len(set(text[s:e])) >= 12 and e - s >= 24
        if alone or _near_key_word(text, s, e):
            found.append(Credential(s, e, "token"))
    return sorted(found)
