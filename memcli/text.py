"""Text helpers shared by both paths: normalisation, language guess, jieba tokens, stopwords.

jieba and OpenCC are imported lazily (first tokenisation / conversion), never by the online
capture step.

**One script for matching.** Traditional Chinese (我對花生過敏, 我媽媽的生日是3月5號) is
converted to simplified (:func:`to_simplified`, OpenCC ``t2s``, the ``opencc`` package pinned
in pyproject) wherever memcli *compares* text: the exact-match key (:func:`normalize`), the
jieba tokens of the FTS5 index and of queries (:func:`search_tokens`), the extraction rules,
slots, values, polarity and numbers (``write/rules``). The user's own text is what is stored
and shown. So ``search 过敏`` finds 我對花生過敏, and 我媽媽的生日是3月5號 / 我妈妈的生日是3月6号
are one subject and slot (a CONFLICT, not two facts side by side).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from functools import lru_cache
from typing import Any

from memcli.errors import BadInputError
from memcli.primed import primable
from memcli.relazy import lazy

__all__ = ["is_cjk_text", "lang_of", "normalize", "search_tokens", "STOPWORDS", "check_text", "clean_text",
           "label_problem", "MAX_LABEL_CHARS", "same_text", "check_flags", "whole_number",
           "fts_terms", "not_text", "query_head", "to_simplified", "word_form"]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_PUNCT_OR_SPACE = lazy(r"[\s\W_]+", re.UNICODE)
# ANSI / ECMA-48 escape sequences, removed whole before single control characters, so that
# "\x1b[31m" leaves nothing (not "[31m"): CSI (ESC [ or C1 CSI, parameters, intermediates, a
# final byte), OSC / DCS / SOS / PM / APC strings with their terminator (BEL or ST), and the
# two- and three-byte escapes (ESC, intermediates, a final byte: ESC c, ESC ( B, ESC 7).
_ANSI = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)"
    r"|\x1b[ -/]*[0-~]"
)
# every C0 and C1 control character except tab and line feed (carriage returns become line
# feeds first), DEL, zero-width and bidi controls, lone surrogates
_CONTROL = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]"
)
_CR = re.compile(r"\r\n?")

STOPWORDS: frozenset[str] = frozenset(
    """
    的 了 是 在 和 与 或 也 就 都 而 及 着 过 吗 呢 吧 啊 呀 嘛 哦 么 之 其 这 那 这个 那个 一个 有 我 你 他 她 它
    我们 你们 他们 什么 怎么 哪 哪里 谁 为什么 吗 么 请 把 被 给 对 从 到 向 又 还 很 太 最 不是 会 能 要 想 说
    a an the is are was were be been being am do does did of to in on at for by with from and or but not
    no i me my mine you your yours he him his she her hers it its we us our they them their this that these
    those what which who whom whose when where why how whats who's what's i'm im it's s t can could would
    should will shall may might must have has had about as into than then so if any some all tell know
    """.split()
)


def clean_text(text: str) -> str:
    """``text`` as it is stored and tokenised: ANSI escape sequences (colours, cursor moves,
    OSC titles and links) removed whole; every other C0/C1 control character, DEL, zero-width
    and bidi-override character and lone surrogate removed; CR and CRLF become LF (tab and
    line feed stay: they are whitespace); then NFC.

    ``"我喜欢\\x00吃\\x07苹果\\x1b[31m红色"`` → ``"我喜欢吃苹果红色"``.
    """
    return unicodedata.normalize("NFC", _CONTROL.sub("", _ANSI.sub("", _CR.sub("\n", text))))


def same_text(a: str, b: str) -> bool:
    """Whether two texts say the same once stored: equal after :func:`clean_text`, its leading and
    trailing whitespace dropped and every inner run of whitespace (spaces, a full-width space, tabs,
    line feeds) read as one space. Punctuation, case and script still count:
    ``"My sister  lives in Paris\\n"`` is ``"My sister lives in Paris"``, ``"my sister lives in Paris."``
    is not."""
    return " ".join(clean_text(a).split()) == " ".join(clean_text(b).split())


def has_lone_surrogate(value: object, *, nul: bool = False) -> bool:
    """True when ``value`` (a str, or a dict/list of them, keys included, as JSON gives) holds an
    unpaired surrogate (JSON ``"\\ud800"``, non-UTF-8 bytes in argv): text no store can keep; with
    ``nul``, a NUL character too (PostgreSQL's text and jsonb cannot hold it)."""
    if isinstance(value, str):
        return any("\ud800" <= ch <= "\udfff" for ch in value) or (nul and "\x00" in value)
    if isinstance(value, dict):
        return any(has_lone_surrogate(k, nul=nul) or has_lone_surrogate(v, nul=nul) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(has_lone_surrogate(v, nul=nul) for v in value)
    return False


#: longest session id, idempotency key or token name, characters: a message id or UUID is far shorter; a
#: half-megabyte key was stored and indexed whole
MAX_LABEL_CHARS = 1000


def label_problem(value: object, what: str) -> str | None:
    """What is wrong with a name a caller gives a row (a session id, an idempotency key, a token's name),
    one line (``what`` says what such a name is), or None when it is text of at most :data:`MAX_LABEL_CHARS`
    characters, not blank (empty, or only spaces and invisible characters: ``--key "  "`` was taken as no key),
    without an unpaired surrogate or a control character (C0, DEL, C1) — the same on SQLite and PostgreSQL
    (whose text cannot hold NUL)."""
    if value is None:
        return None
    if not isinstance(value, str):
        return "must be text"
    if all(c.isspace() or unicodedata.category(c) == "Cf" for c in value):
        return f"blank; {what} needs a visible character (to give none, leave it out)"
    if len(value) > MAX_LABEL_CHARS:
        return f"{len(value)} characters; {what} is at most {MAX_LABEL_CHARS}"
    if has_lone_surrogate(value):  # non-UTF-8 bytes in argv, JSON "\\ud800"
        return "not valid Unicode (an unpaired surrogate)"
    bad = {c for c in value if c < " " or "\x7f" <= c <= "\x9f"}
    if not bad:
        return None
    shown = "".join(f"\\u{ord(c):04x}" if c in bad else c for c in value[:40]) + ("..." if len(value) > 40 else "")
    return f"'{shown}' holds a control character; {what} is printable text"


def check_flags(**flags: object) -> None:
    """Each keyword must be a bool: ``forget(1, purge="no")`` purged (a non-empty string is truthy).

    Raises:
        BadInputError: naming the first that is not (``purge must be True or False (got 'no')``).
    """
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise BadInputError(f"{name} must be True or False (got {value!r})")


def whole_number(value: object, name: str, low: int = 1) -> int:
    """``value`` if it is an int (no bool) of at least ``low``.

    Raises:
        BadInputError: ``{name} must be a whole number >= {low} (got …)``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise BadInputError(f"{name} must be a whole number >= {low} (got {value!r})")
    return value


def check_text(text: object, max_chars: int, *, what: str = "text", setting: str = "max_text_chars") -> str:
    """Validate user text: a non-blank string of at most ``max_chars`` characters
    (``setting`` names the limit in the error).

    Control, zero-width and bidi-override characters are removed first.

    Raises:
        BadInputError: not a string, blank, or too long.
    """
    if not isinstance(text, str):
        raise BadInputError(not_text(text, what))
    cleaned = clean_text(text).strip()
    if not cleaned:
        raise BadInputError(f"{what} is empty")
    if len(cleaned) > max_chars:
        raise BadInputError(f"{what} is {len(cleaned)} characters; the limit is {max_chars} ({setting})")
    return cleaned


#: characters of a query looked at per step by :func:`check_query`
_CHECK_CHUNK = 2048


def not_text(value: object, what: str) -> str:
    """The one line for a value that is no ``str`` where text is expected (capture, remember, context, search):
    ``text must be a string, got bytes (decode it first: data.decode('utf-8'))`` — bytes are never decoded
    silently (their encoding is the caller's to know)."""
    hint = " (decode it first: data.decode('utf-8'))" if isinstance(value, (bytes, bytearray, memoryview)) else ""
    return f"{what} must be a string, got {type(value).__name__}{hint}"


def check_query(query: object, what: str = "query") -> None:
    """Validate a search or context query: a string with something besides whitespace and
    control characters (a long one is truncated by retrieval, not refused: :func:`query_head`).
    Reads the query a chunk at a time and stops at the first one with text in it, so a 1 MB
    query costs what its first chunk does. ``what``: the query's name as the caller spells it
    (``q``, the HTTP search's query parameter).

    Raises:
        BadInputError: ``query must be a string`` / ``query is empty`` (``what`` for ``query``).
    """
    if not isinstance(query, str):
        raise BadInputError(not_text(query, what))
    for i in range(0, len(query), _CHECK_CHUNK):
        if clean_text(query[i: i + _CHECK_CHUNK]).strip():
            return
    raise BadInputError(f"{what} is empty")


def query_head(query: str, max_chars: int) -> tuple[str, bool]:
    """``(the part of query that is read, whether it was cut)``: its first ``max_chars``
    characters (``settings.max_text_chars``), cut BEFORE any cleaning, tokenising or language
    guess, so a query's cost is bounded whatever its length (a 1 MB query pasted into
    ``context`` used to be cleaned, simplified and scanned whole, seconds before the budget
    check). What is past the cut is never looked at."""
    if len(query) <= max_chars:
        return query, False
    return query[:max_chars], True


@lru_cache(maxsize=1)
def _t2s():  # type: ignore[no-untyped-def]
    import opencc

    return opencc.OpenCC("t2s")


def to_simplified(text: str) -> str:
    """``text`` with traditional Chinese characters and phrases converted to simplified
    (OpenCC ``t2s``: 對→对, 過敏→过敏, 媽媽→妈妈, 號→号, 臺北→台北); other text unchanged.
    Text without CJK ideographs is returned as is (OpenCC is not even loaded); the conversions of
    texts up to :data:`CACHED_CHARS` characters are cached (the rules ask it of one clause many times)."""
    if not text or not _CJK.search(text):
        return text
    return _simplified(text) if len(text) <= CACHED_CHARS else _t2s().convert(text)


@lru_cache(maxsize=16384)
def _simplified(text: str) -> str:
    return _t2s().convert(text)


def normalize(text: str) -> str:
    """Exact-match key: NFKC, traditional → simplified Chinese, case-folded, punctuation and
    whitespace removed.

    "I take my coffee, without sugar!" and "i take my coffee without sugar" share a key, and
    so do 我對花生過敏 and 我对花生过敏. Cached up to :data:`CACHED_CHARS` characters, and primable (round 37: the
    drain asks it of each candidate twice, deciding and writing; its look-ahead computes it, :mod:`memcli.primed`).
    """
    return _normalize(text) if len(text) <= CACHED_CHARS else _normalize.__wrapped__(text)


@primable(maxsize=16384)
def _normalize(text: str) -> str:
    t = to_simplified(unicodedata.normalize("NFKC", clean_text(text))).casefold()
    return _PUNCT_OR_SPACE.sub("", t)


def is_cjk_text(text: str, threshold: float = 0.3) -> bool:
    """True when at least ``threshold`` of the letters are CJK ideographs."""
    letters = sum(map(str.isalpha, text))
    if not letters:
        return False
    return sum(map(str.isalpha, _CJK.findall(text))) / letters >= threshold  # (unassigned code points: no letters)


#: texts up to this many characters have their language and search tokens cached (a statement
#: or a clause is asked for them many times; a long turn, once)
CACHED_CHARS = 300


@lru_cache(maxsize=16384)
def _lang_of(text: str) -> str:
    return "zh" if is_cjk_text(text) else "en"


def lang_of(text: str) -> str:
    """Language guess for weighting: ``"zh"`` or ``"en"`` (cached for short texts: the write path
    asks it of one statement a dozen times)."""
    return _lang_of(text) if len(text) <= CACHED_CHARS else ("zh" if is_cjk_text(text) else "en")


@lru_cache(maxsize=1)
def _jieba():  # type: ignore[no-untyped-def]
    """jieba, its dictionary loaded (from a cache file: :mod:`memcli.jieba_tables`)."""
    from memcli.jieba_tables import initialized

    return initialized()


@lru_cache(maxsize=32768)
def pos_tags(text: str) -> tuple[tuple[str, str], ...]:
    """jieba.posseg ``(word, flag)`` pairs of ``text`` as given (no folding), cached (as the rules'
    own cache of 16k texts was; twice that, now that the pair features share it): the rules, the
    pair features' names and entities ask it of the same statement, so jieba cuts each text once.

    jieba cuts each block of ``text`` between punctuation and spaces on its own (its
    ``re_han_internal`` split), so the pairs are those of the blocks in order, each block cut
    once (:func:`_block_tags`): a clause and the turn it was cut from share their cuts."""
    return tuple(p for blk in _han_blocks().split(text) if blk for p in _block_tags(blk))


@lru_cache(maxsize=32768)
def _block_tags(block: str) -> tuple[tuple[str, str], ...]:
    """jieba.posseg ``(word, flag)`` pairs of one block of :func:`pos_tags` (what jieba's cut yields
    for it inside a longer text: it cuts every block alone)."""
    return tuple((w.word, w.flag) for w in _posseg().cut(block))


@lru_cache(maxsize=1)
def _han_blocks() -> re.Pattern[str]:
    """jieba.posseg's own block pattern (``re_han_internal``), split on by its cut."""
    return _posseg().re_han_internal


def _posseg():  # type: ignore[no-untyped-def]
    """``jieba.posseg``, its word → tag table read from a cache file (:mod:`memcli.jieba_tables`)."""
    from memcli.jieba_tables import posseg

    return posseg()


@lru_cache(maxsize=16384)
def _search_tokens(text: str, drop_stopwords: bool) -> tuple[str, ...]:
    return tuple(search_tokens(text, drop_stopwords=drop_stopwords, tokenizer=_jieba()))


def search_tokens(text: str, *, drop_stopwords: bool = False, tokenizer: Any = None) -> list[str]:
    """jieba ``cut_for_search`` tokens, case-folded, traditional Chinese as simplified,
    without punctuation/whitespace tokens.

    Used for both indexing (FTS5 column) and querying, so both sides tokenise alike.
    ``tokenizer``: any object with jieba's ``cut_for_search`` (default: jieba itself, with the
    tokens of recent texts cached — a drain indexes one statement for many users; the read
    path passes its lazily loaded one for cold processes).
    """
    if tokenizer is None and len(text) <= CACHED_CHARS:
        return list(_search_tokens(text, drop_stopwords))
    t = to_simplified(unicodedata.normalize("NFKC", clean_text(text))).casefold()
    out: list[str] = []
    # jieba itself: cut block by block, each block's tokens cached; another tokenizer (the read path's lazily
    # loaded one, whose point is not to load jieba's dictionary) as it is
    bulk = tokenizer is None or tokenizer is sys.modules.get("jieba")
    for tok in _by_blocks(_jieba(), t) if bulk else tokenizer.cut_for_search(t):
        tok = tok.strip()
        if not tok or not any(ch.isalnum() for ch in tok):
            continue
        if drop_stopwords and tok in STOPWORDS:
            continue
        out.append(tok)
    return out


def _by_blocks(jb: Any, text: str) -> Any:
    """jieba's ``cut_for_search(text)``, each of its blocks' tokens cached (:func:`_block_search`): jieba cuts
    every block (a run of letters, digits and CJK between spaces and punctuation) on its own, so the tokens
    of a text are those of its blocks in order, and a word said in many texts is cut once (round 32)."""
    for blk in jb.re_han_default.split(text):
        if blk:
            yield from _block_search(blk) if len(blk) <= CACHED_CHARS else jb.cut_for_search(blk)


@lru_cache(maxsize=32768)
def _block_search(block: str) -> tuple[str, ...]:
    """jieba ``cut_for_search`` of one block of :func:`_by_blocks` (what it yields for it inside any text)."""
    return tuple(_jieba().cut_for_search(block))


_ENGLISH_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=1)
def _stemmer():  # type: ignore[no-untyped-def]
    """What ``snowballstemmer.stemmer("english")`` gives, without that package's ``__init__``,
    which imports the stemmers of all ~30 languages (~50 ms of a cold ``context``): PyStemmer's
    when installed (as the package prefers), else the package's own ``english_stemmer`` module,
    loaded from the same files under a private package name (the real package stays untouched)."""
    import importlib
    import importlib.util
    import sys
    import types

    try:
        import Stemmer
    except ImportError:
        pass
    else:
        return Stemmer.Stemmer("english")
    name = "_memcli_snowball_en"
    if name not in sys.modules:
        spec = importlib.util.find_spec("snowballstemmer")  # finds the package without running it
        pkg = types.ModuleType(name)
        pkg.__path__ = list(spec.submodule_search_locations or []) if spec else []
        sys.modules[name] = pkg
    return importlib.import_module(f"{name}.english_stemmer").EnglishStemmer()


@lru_cache(maxsize=65536)
def word_form(token: str) -> str:
    """The full-text index's term for one search token: an English word (ASCII letters only, as
    :func:`search_tokens` gives it, case-folded) as its Snowball English stem (paints, painted,
    painting → paint; kids → kid), so a question and a statement meet whatever the word's
    inflection; every other token (Chinese, digits, mixed) as it is."""
    return _stemmer().stemWord(token) if _ENGLISH_WORD.fullmatch(token) else token


def fts_terms(tokens: Any) -> list[str]:
    """:func:`word_form` of each token, in order: the terms written to the FTS column and asked
    of it (both backends, memories and episodes; the query side drops repeats itself)."""
    return [word_form(t) for t in tokens]
