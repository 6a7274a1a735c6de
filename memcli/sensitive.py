"""Secrets: what memcli never keeps — found in a turn and replaced by a placeholder (a leaf module).

A *secret* is a credential or a number that opens something: a password or passcode (wifi,
e-mail, computer, door), a PIN, a one-time / verification / security code, a card or account
number, an ID-card or social-security number, an API key or recovery phrase — told with its value
(``my wifi password is sunshine42``, ``My password for the bank is …``, ``pw for netflix = …``,
``我的银行卡密码是123456``, ``验证码 739201``) — a credential known by its form with or without a name
(:mod:`memcli.credentials`: ``sk-…``, ``AKIA…``, ``ghp_…``, a JWT, a PEM private key, a random token beside
a key word …) and a bare payment-card number (13–19 digits passing the Luhn check, as cards group them).
A code that opens something is one with words between its name and value too (``the door code at home
is 4821``, ``our garage code: 9911``; a zip, area or error code is none). A turn said *in confidence*
(``don't tell anyone``, ``keep this between us``, ``别告诉别人``, ``替我保密``) or passing on someone's
secret (``Mei told me her secret: …``, ``她告诉我一个秘密``) is a secret whole.

- :func:`redact` is what ``capture`` stores instead of the text (no model, microseconds): the
  value after the secret's name becomes :data:`REDACTED_EN` / :data:`REDACTED_ZH`, a turn said in
  confidence becomes :data:`CONFIDED_EN` / :data:`CONFIDED_ZH` whole. The secret never reaches
  the database, the outbox, an episode or a memory.
- :func:`has_secret` tells ``remember`` / ``import`` / ``correct`` to refuse (one line, exit 2):
  an explicit memory of a secret is refused, not stored.
- :func:`asks_secret` says a question asks for a secret's value (``what's my wifi password``,
  我的银行卡密码是多少), by the same names: the read path's answerability gate answers it with nothing.
- :func:`is_redacted` says a text holds a placeholder: the drain extracts no memory from such a
  clause and it is no episode.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from memcli.credentials import find_credentials
from memcli.relazy import lazy
from memcli.textcache import short_cached

__all__ = ["CONFIDED_EN", "CONFIDED_ZH", "REDACTED_EN", "REDACTED_ZH", "Redaction", "asks_secret", "has_secret",
           "is_redacted",
           "names_secret", "opens_with_placeholder", "redact", "redacted_line", "redaction", "refuse_secret",
           "secret_kind"]

REDACTED_EN, REDACTED_ZH = "[redacted]", "[已隐去]"
CONFIDED_EN, CONFIDED_ZH = "[redacted: said in confidence]", "[已隐去：用户要求保密]"
#: a placeholder, also with its brackets stripped at a clause's edge
_PLACEHOLDER = lazy(r"(?:^|\[)(?:redacted|已隐去)(?:$|[\]:：])")

#: the name of a secret (English); ``pin`` only as a code (``my PIN``, ``PIN code``), never the verb
_EN_NAME = (r"(?:(?:wi-?fi|wireless|network|router|e-?mail|gmail|computer|laptop|phone|account|bank|login|admin|"
            r"door|safe|locker|alarm|master)\s+)?(?:password|passcode|passphrase|pass\s+code|pwd|passwd|pw)"
            r"(?:\s+(?:for|to|of|on|at)\s+(?:(?:my|the|our|his|her|their|your)\s+)?(?!(?:is|was)\b)[\w.@&'-]+"
            r"(?:\s+(?!(?:is|was)\b)[\w.@&'-]+)?)?"
            r"|(?:bank|card|atm|debit|credit|sim|phone)?\s*pin(?:\s+(?:code|number))?"
            r"|(?:one[- ]time|verification|security|confirmation|login|auth(?:entication)?|2fa|otp|sms|access|"
            r"door|gate|alarm|safe|lock(?:er)?)\s+(?:code|pin|number)|otp|cvv2?|cvc"
            r"|(?:credit|debit|bank|payment)\s+card(?:\s+(?:number|no\.?))?|card\s+(?:number|no\.?)"
            r"|(?:bank\s+)?account\s+(?:number|no\.?)|routing\s+number|iban"
            r"|social\s+security\s+number|ssn|passport\s+number"
            r"|(?:api|secret|private|access|auth)[\s_-]*(?:key|token|secret)(?:[\s_-]+id)?|client[\s_-]+secret"
            r"|secret[\s_-]+access[\s_-]+key"
            r"|recovery\s+(?:code|phrase|key)|seed\s+phrase")
#: ... followed by its value: a copula or colon, then a token (a PIN of 3 digits and up; any word for a password)
_EN_SECRET = lazy(rf"\b(?P<name>{_EN_NAME})(?P<sep>\s*(?:(?:is|was)\s+now\s+|"
                  r"(?:has\s+been\s+|is\s+|was\s+)?(?:changed|set|reset)\s+to\s+|(?:is|was|=|:)\s*))(?P<value>\"[^\"\n]{1,64}\"|“[^”\n]{1,64}”|[\"'“‘]?\S+?"
                  r"(?:[ -]\d{2,})*[\"'”’]?)(?=[.,;!?]*(?:\s|$))", re.I)
_EN_BARE = lazy(rf"\b(?P<name>{_EN_NAME})(?P<sep>\s+)(?P<value>\d[\d -]{{2,}}\d)\b", re.I)  # my PIN 4821
#: a code that opens something said with words between its name and the value (``the door code at home
#: is 4821``, ``our garage code: 9911``, ``my locker combination is 12-34-56``): a code word, place words
#: (``for the gate``, ``at home``, ``at mum's``), then a short value of digits (3–12, grouped by - . space)
#: or #*; a public code (zip, postal, area, error, promo … code: :data:`_PUBLIC_CODE`) is none
_EN_CODE = lazy(r"\b(?P<name>(?:(?!(?:my|the|our|his|her|their|your|this|that|a|an)\s)[\w'-]+\s+)?"
                r"(?:code|combination|combo|passcode|pin(?:\s+(?:code|number))?)s?)"
                r"(?P<sep>(?:\s+(?:at|for|to|of|on|in|from)\s+(?:(?:my|the|our|his|her|their|your|this|that)\s+)?"
                r"(?!(?:is|was)\b)[\w'-]+(?:\s+(?!(?:is|was)\b)[\w'-]+)?)?"
                r"\s*(?:(?:is|was|'s)\s+(?:now\s+|still\s+|just\s+)?|(?:is\s+|was\s+)?[:=]\s*|\s))"
                r"(?P<value>[#*]?\d{2,}(?:[-. ]\d{2,}){0,3}[#*]?)"  # the value ends the clause (not "is 200 lines")
                r"(?=\s*$|[.,;!?)]+(?:\s|$)|\s+(?:and|but|so|or|if|because|which|since|though|btw)\b)", re.I)
#: the word before a code word that makes it public, not a secret (a postal code is no secret)
_PUBLIC_CODE = lazy(r"(?:zip|postal|post|postcode|area|country|dial(?:ing)?|calling|error|status|exit|"
                    r"return|promo(?:tion(?:al)?)?|discount|coupon|voucher|referral|invite|invitation|gift|"
                    r"tracking|booking|reservation|flight|product|item|sku|course|class|module|dress|source|"
                    r"qr|bar|colou?r|region|language|airport|station|style|morse|sort|tax|reference|shipping|"
                    r"order|check|zone|time|postal|bank|swift|routing|ifsc|cheat|programming)", re.I)
#: Chinese: 密码 口令 验证码 卡号 身份证号 …, then 是/为/：/改成 and the value
_ZH_NAME = (r"(?:wifi|WiFi|WIFI|Wi-Fi|无线|网络|路由器|邮箱|电脑|手机|账号|账户|银行卡?|信用卡|储蓄卡|支付宝|微信|"
            r"支付|取款|登录|开机|锁屏|门禁?|保险柜|家里|家的?)?的?(?:密码|口令|PIN码|pin码|Pin码)"
            r"|(?:短信)?(?:验证码|校验码|动态码|动态密码|安全码|取件码|登录码|开门码|门禁码|开锁码|暗码)|CVV码?"
            r"|(?:银行卡|信用卡|储蓄卡|借记卡)(?:的)?(?:卡号|号码|号)|卡号|银行(?:账号|账户)|身份证(?:号码|号)|社保号|护照号(?:码)?"
            r"|(?:API|api|Api)?\s*(?:密钥|秘钥|私钥|令牌)")
_ZH_SECRET = lazy(rf"(?P<name>{_ZH_NAME})(?P<sep>\s*(?:是|为|:|：|=|就是|改成了?|改为|设成了?|设为|"
                  r"设置成了?|换成了?)\s*)(?P<value>[\"'“‘「]?(?:[0-9A-Za-z!@#$%^&*_+\-.~/=]{3,}(?:\s\d{2,})*|[零〇一二三四五六七八九幺两个]{3,})"
                  r"[\"'”’」]?)")
_ZH_BARE = lazy(rf"(?P<name>{_ZH_NAME})(?P<sep>\s*)(?P<value>\d[\d -]{{2,}}\d)")  # 验证码739201
#: a card-like number: 13–19 digits together, or in groups as cards print them (4-4-4-1…7, Amex 4-6-4/5),
#: one space or dash between groups (an order number ``20241105-88231`` is no card)
_DIGITS = lazy(r"(?<![\w.%/-])(?:\d{13,19}|\d{4}(?P<g>[ -])\d{4}(?P=g)\d{4}(?:(?P=g)\d{1,7})?"
               r"|\d{4}(?P<a>[ -])\d{6}(?P=a)\d{4,5})(?![\w%/-]|\.\d)")
#: words that follow "password is" without being one: where it is, what it is like
_NOT_A_VALUE = lazy(r"(?:on|in|at|under|behind|inside|taped|written|stored|saved|kept|somewhere|there|here|"
                    r"the|a|an|my|your|our|his|her|their|its|this|that|not|never|no|too|very|so|still|also|just|"
                    r"now|always|same|different|long|short|weak|strong|easy|hard|simple|wrong|right|correct|"
                    r"incorrect|expired|blank|empty|case-sensitive|required|needed|missing|lost|forgotten|changed|"
                    r"reset|set|something|nothing|what|whatever)", re.I)
#: said in confidence: the turn asks that it go no further
_CONFIDE = lazy(
    r"(?:别|不要|不许|千万别|千万不要|不能)(?:跟|和|对|告诉)?(?:别人|任何人|其他人|外人|他人|谁)(?:说|讲|提|透露)?"
    r"|(?:别|不要)(?:告诉|跟)(?:别人|任何人|其他人|谁)|(?:替|帮)我保密|要保密|保密哦|这是(?:个|我的)?秘密|"
    r"(?:don'?t|do\s+not|never)\s+(?:tell|share\s+(?:this|it)\s+with|mention\s+(?:this|it)\s+to)\s+"
    r"(?:anyone|anybody|a\s+soul|others|other\s+people|people)"
    r"|keep\s+(?:this|it)\s+(?:a\s+)?secret|keep\s+(?:this|it)\s+between\s+us|between\s+you\s+and\s+me"
    r"|this\s+is\s+(?:a\s+)?secret|(?:it'?s|it\s+is)\s+a\s+secret|off\s+the\s+record"
    # someone else's secret told to the user is kept as the user's own "don't tell anyone" is
    r"|\b(?:told|tells|tell|telling|confided(?:\s+in)?|whispered(?:\s+to)?)\s+(?:me|us)\s+"
    r"(?:(?:a|an|her|his|their|one\s+of\s+(?:her|his|their))\s+)?(?:(?:big|little|huge|deep|dark|small)\s+)?secrets?"
    r"|\bconfided\s+in\s+(?:me|us)|\b(?:told|tells|tell)\s+(?:me|us)\s+in\s+(?:confidence|secret)"
    r"|\b(?:her|his|their)\s+(?:big\s+|little\s+)?secret\s*(?:is|was|:)"
    r"|(?:告诉|透露给|说给)了?我们?(?:一个|个|一件|她的|他的|他们的)?(?:小|大)?秘密|(?:跟|和|对|向)我们?(?:说|讲|透露)了?"
    r"(?:一个|个|一件|她的|他的)?(?:小|大)?秘密|(?:她|他|他们|她们)的秘密(?:是|：|:)|偷偷(?:告诉|跟)我", re.I)


def _luhn(digits: str) -> bool:
    total = 0
    for n, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if n % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _cards(text: str) -> list[re.Match[str]]:
    return [m for m in _DIGITS.finditer(text) if _luhn(re.sub(r"\D", "", m.group()))]


def _no_value(m: re.Match[str]) -> bool:
    """The "value" after a secret's name is none: a placeholder already, or a common word that says where
    or how the secret is (``the password is on the fridge``, ``my password is too long``)."""
    v = m.group("value")
    if m.re.pattern == _EN_CODE.pattern and _public_code(m):
        return True
    return bool(_PLACEHOLDER.match(v) or _NOT_A_VALUE.fullmatch(v.strip("\"'“”‘’")))


def _public_code(m: re.Match[str]) -> bool:
    """An ``_EN_CODE`` match that is no secret: its code word's qualifier says a public code (``zip code``,
    ``area code``, ``error code``: :data:`_PUBLIC_CODE`), or the value is no short code (3–12 digits)."""
    words = m.group("name").split()
    digits = sum(c.isdigit() for c in m.group("value"))
    return (len(words) > 1 and bool(_PUBLIC_CODE.fullmatch(words[-2]))) or not 3 <= digits <= 12


def _is_zh(text: str) -> bool:
    return bool(re.search(r"[\u3400-\u9fff]", text))


#: texts up to this many characters have their :func:`secret_kind` cached
_CACHED_CHARS = 300


@short_cached(_CACHED_CHARS, 16384)
def secret_kind(text: str) -> str | None:
    """What makes ``text`` a secret: ``"confided"`` (said in confidence), the secret's name as said
    (``"wifi password"``, ``"验证码"``), ``"card number"`` (a Luhn-valid number); None: no secret.
    A pure function of ``text``, cached for short texts: a drain asks it of every candidate statement,
    and the same statements recur (a restated fact, one line from many users)."""
    if _CONFIDE.search(text or ""):
        return "confided"
    if found := find_credentials(text or ""):
        return found[0].name
    for rx in (_EN_SECRET, _EN_BARE, _EN_CODE, _ZH_SECRET, _ZH_BARE):
        if (m := next((m for m in rx.finditer(text or "") if not _no_value(m)), None)) is not None:
            return " ".join(m.group("name").split()).strip()
    return "card number" if _cards(text or "") else None


def has_secret(text: str) -> bool:
    """True when ``text`` holds a secret's value or was said in confidence (:func:`secret_kind`)."""
    return secret_kind(text) is not None


class Redaction(NamedTuple):
    """What :func:`redaction` did to a text."""

    #: the text as stored (the same object when nothing was redacted)
    text: str
    #: secrets replaced, by kind (:func:`kind_of`): ``{"password": 1, "card_number": 2}``; {} for none
    counts: dict[str, int]
    #: the values replaced — only for checking they are gone (``redact-secrets``); never shown or stored
    values: tuple[str, ...]


#: the kind of a secret from its name as said (first match wins); ``card_number`` for a bare Luhn-valid number
_KINDS = (("pin", lazy(r"\bpin\b|pin码", re.I)),
          ("id_number", lazy(r"social|ssn|passport|身份证|社保|护照", re.I)),
          ("password", lazy(r"pass|pwd|\bpw\b|密码|口令", re.I)), ("card_number", lazy(r"card|卡的?号", re.I)),
          ("account_number", lazy(r"account|routing|iban|账号|账户", re.I)),
          ("key", lazy(r"key|token|phrase|secret|钥|令牌", re.I)))


def kind_of(name: str) -> str:
    """The kind of a secret named ``name`` (``"wifi password"`` → ``password``, ``验证码`` → ``code``):
    ``password``, ``pin``, ``code`` (one-time, verification, door, CVV…), ``card_number``,
    ``account_number``, ``id_number``, ``key`` (API key, token, recovery phrase) or ``confided``."""
    if name == "confided":
        return name
    return next((k for k, rx in _KINDS if rx.search(name)), "code")


def redaction(text: str) -> Redaction:
    """:func:`redact` with what it replaced: the counts by kind (:func:`kind_of`) and the values."""
    if not text:
        return Redaction(text, {}, ())
    zh = _is_zh(text)
    if _CONFIDE.search(text):
        return Redaction(CONFIDED_ZH if zh else CONFIDED_EN, {"confided": 1}, (text,))
    counts: dict[str, int] = {}
    values: list[str] = []

    def sub(m: re.Match[str]) -> str:
        if _no_value(m):
            return m.group(0)
        kind = kind_of(" ".join(m.group("name").split()))
        counts[kind] = counts.get(kind, 0) + 1
        values.append(m.group("value").strip("\"'“”‘’「」"))
        return m.group("name") + m.group("sep") + (REDACTED_ZH if zh else REDACTED_EN)

    out = text
    for c in reversed(find_credentials(out)):  # by form first: a PEM block whole, a key pasted with no name
        counts["key"] = counts.get("key", 0) + 1
        values.append(out[c.start:c.end])
        out = out[:c.start] + (REDACTED_ZH if zh else REDACTED_EN) + out[c.end:]
    for rx in (_ZH_SECRET, _ZH_BARE, _EN_SECRET, _EN_BARE, _EN_CODE):
        out = rx.sub(sub, out)
    for m in reversed(_cards(out)):
        counts["card_number"] = counts.get("card_number", 0) + 1
        values.append(m.group())
        out = out[:m.start()] + (REDACTED_ZH if zh else REDACTED_EN) + out[m.end():]
    return Redaction(text, {}, ()) if out == text else Redaction(out, counts, tuple(values))


def redact(text: str) -> str:
    """``text`` with every secret value replaced by a placeholder (its name stays: ``my wifi
    password is [redacted]``); a turn said in confidence becomes one placeholder whole. Text with no
    secret is returned unchanged (the same object). :func:`redaction` also says what it replaced."""
    return redaction(text).text


#: how :func:`redacted_line` names a kind (one, many); other kinds: their name with spaces, plus "s"
_WORDS = {"confided": ("turn said in confidence", "turns said in confidence"), "pin": ("PIN", "PINs"),
          "id_number": ("ID number", "ID numbers"), "key": ("key or token", "keys or tokens")}


def redacted_line(counts: dict[str, int]) -> str:
    """A short line for people: ``1 password, 2 card numbers`` (kinds sorted; "" for none)."""
    words = {k: _WORDS.get(k, (k.replace("_", " "), k.replace("_", " ") + "s")) for k in counts}
    return ", ".join(f"{counts[k]} {words[k][counts[k] != 1]}" for k in sorted(counts))


#: a word that names a secret, without its value (``my OpenAI key``, ``the token``, ``我的密钥``)
_SECRET_WORD = lazy(r"\b(?:key|token|password|passcode|passphrase|pin|secret|credentials?|api\s*key)s?\b"
                    r"|密钥|秘钥|私钥|密码|口令|令牌|验证码|(?<![A-Za-z])(?:key|token|KEY|TOKEN)(?![A-Za-z])", re.I)
#: a text that starts with a placeholder (after brackets, dashes, arrows or colons)
_OPENS = lazy(r"^[\s(（:：>=\-–—]*\[?(?:redacted|已隐去)[\]:：]")


def names_secret(text: str) -> bool:
    """``text`` names a secret (a key, a token, a password, 密钥…), with or without its value."""
    return bool(_SECRET_WORD.search(text or ""))


def opens_with_placeholder(text: str) -> bool:
    """``text`` starts with a placeholder of :func:`redact` (``[redacted] thanks``)."""
    return bool(_OPENS.match(text or ""))


def is_redacted(text: str) -> bool:
    """``text`` holds a placeholder of :func:`redact` (nothing of it is kept as a memory or an episode)."""
    return bool(_PLACEHOLDER.search(text or ""))


def refuse_secret(text: str) -> None:
    """Raise ValueError (one line, naming what was found) when ``text`` holds a secret: an explicit
    memory (``remember``, ``import``, ``correct``) of a secret is refused, never stored.

    Raises:
        ValueError: ``text`` holds a secret (:func:`secret_kind`).
    """
    kind = secret_kind(text)
    if kind is None:
        return
    what = "something said in confidence" if kind == "confided" else f"a secret ({kind})"
    raise ValueError(f"not stored: the text holds {what}; memcli does not keep passwords, PINs, one-time codes, "
                     "card or ID numbers — keep them in a password manager")


#: a question asking for a secret's value, by the names redaction knows (:data:`_EN_NAME`, :data:`_ZH_NAME`):
#: what's / tell me / remind me of / do you know … + the name (a few words between, no pronoun or auxiliary:
#: not "what did I pin"), or the name alone as the question ("my bank PIN?", "wifi password again?")
_ASK_EN = lazy(rf"\b(?:what(?:'s|\s+is|\s+was|\s+are|\s+were)?|tell\s+me|remind\s+me(?:\s+of)?|give\s+me|send\s+me|"
               r"show\s+me|read\s+me|text\s+me|know|remember|recall|look\s+up|find)\s+"
               r"(?:(?!(?:did|do|does|i|you|we|they|he|she|it|is|was|can|could|should|would|will|where|when|why|how)\b)"
               rf"[\w'-]+\s+){{0,3}}?(?:{_EN_NAME})\b"
               rf"|^\s*(?:and\s+|so\s+|also\s+)?(?:(?:my|the|our)\s+)?(?:[\w'-]+\s+){{0,2}}?(?:{_EN_NAME})"
               r"\s*(?:again|please)?\s*\?+\s*$", re.I)
#: … 是多少 / 是什么 / 是啥, 告诉我 / 提醒我 / 你知道 … + the name, or the name alone (密码呢, WiFi密码？)
_ASK_ZH = lazy(rf"(?:{_ZH_NAME})\s*(?:是|为|叫|设的|设置的|改成了?)?(?:多少|什么|啥|几位|几)"
               rf"|(?:告诉我|提醒我|给我|发我|发给我|报一下|说一下|查一下|知道|记得)(?:一下)?[^，。,.？?]{{0,8}}?(?:{_ZH_NAME})"
               rf"|^\s*(?:那|还有)?(?:我|我们|我家)?的?[^，。,.？?]{{0,6}}?(?:{_ZH_NAME})\s*(?:呢|来着|是)?\s*[?？]+\s*$")


def asks_secret(question: str) -> str | None:
    """The kind (:func:`kind_of`) of secret ``question`` asks for the value of — ``what is my wifi
    password`` → ``password``, ``What's my bank PIN?`` → ``pin``, 我的银行卡密码是多少 → ``password``,
    身份证号是多少 → ``id_number`` — by the names :func:`redact` knows; None when it asks none (``Which
    bank do I use?``, ``where did I write the password down``: where, not what). memcli stores no secret,
    so such a question has no answer in the store."""
    q = (question or "").replace("’", "'")
    m = _ASK_EN.search(q) or _ASK_ZH.search(q)
    if m is None:
        return None
    # the name asked is the one starting in the match that ends last, whole (the PIN of "debit card PIN")
    names = [n for i in range(m.start(), m.end()) for rx in (_EN_NAME_RX, _ZH_NAME_RX) if (n := rx.match(q, i))]
    name = max(names, key=lambda n: (n.end(), -n.start()), default=None)
    return kind_of(" ".join(name.group(0).split()) if name else m.group(0))


_EN_NAME_RX = lazy(rf"\b(?:{_EN_NAME})\b", re.I)
_ZH_NAME_RX = lazy(_ZH_NAME)
