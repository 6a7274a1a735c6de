"""Query tokens for the lexical leg, identical to :func:`memcli.text.search_tokens`, fast cold.

``jieba.initialize()`` loads its whole dictionary (~580k entries) and costs ~0.65 s in a
cold process — most of an 800 ms context budget. A query needs only the few hundred
dictionary entries that are substrings of it. So :func:`build_table` writes jieba's own
prefix dictionary (``FREQ``, ``total``) once into a SQLite lookup table in the cache dir,
and :func:`query_tokens` runs jieba's unchanged ``cut_for_search`` on a ``jieba.Tokenizer``
whose ``FREQ`` is a lazy, memoised view of that table (a few ms cold).

The tokens are exactly those of ``memcli.text.search_tokens`` (same normalisation, same
jieba algorithm and dictionary; tests/test_read_lexical.py checks it). When jieba is
already initialised in the process, or the table is missing, ``search_tokens`` itself is
used.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import jieba  # the module only (~25 ms); its dictionary is what is loaded lazily

__all__ = ["LIGHT_WORDS", "WHEN_WORDS", "build_table", "has_word", "holds", "is_dict_word", "query_tokens",
           "table_path", "when_only"]


def table_path() -> Path:
    """The lookup table's path, keyed by the jieba dictionary file's size and mtime."""
    from memcli.paths import cache_dir

    d = Path(jieba.__file__).parent / "dict.txt"
    st = d.stat()
    return cache_dir() / f"jieba-freq-{st.st_size}-{int(st.st_mtime)}.sqlite"


def build_table() -> Path:
    """Write jieba's prefix dictionary to the SQLite lookup table (once; ~2 s). Returns its path."""
    from memcli.db.lookup import write_table
    from memcli.text import _jieba

    path = table_path()
    if path.exists():
        return path
    dt = _jieba().dt
    dt.check_initialized()
    write_table(path, dt.FREQ.items(), int(dt.total))
    return path


@lru_cache(maxsize=1)
def _lazy_tokenizer() -> Any:
    import logging

    jieba.setLogLevel(logging.WARNING)
    from memcli.db.lookup import LazyFreq

    freq = LazyFreq(table_path())
    tk = jieba.Tokenizer()
    tk.FREQ = freq
    tk.total = freq.total
    tk.initialized = True
    return tk


def _jieba_ready() -> bool:
    import sys

    jb = sys.modules.get("jieba")
    return bool(jb is not None and getattr(jb.dt, "initialized", False))


def query_tokens(text: str, *, drop_stopwords: bool = True) -> list[str]:
    """Tokens of ``text`` exactly as :func:`memcli.text.search_tokens` gives them.

    Uses the lazy lookup table when it exists and jieba is not yet initialised in this
    process (cold CLI); otherwise ``search_tokens``.
    """
    from memcli.text import search_tokens

    if _jieba_ready():
        return search_tokens(text, drop_stopwords=drop_stopwords)
    try:
        tk = _lazy_tokenizer() if table_path().exists() else None
    except Exception:  # unreadable table: the exact, slower path
        tk = None
    if tk is None:
        return search_tokens(text, drop_stopwords=drop_stopwords)
    return search_tokens(text, drop_stopwords=drop_stopwords, tokenizer=tk)


def is_dict_word(word: str) -> bool:
    """Whether jieba's dictionary holds ``word`` with a frequency (老师, 小时; not a nickname such
    as 小陈): the lazy lookup table when it exists, else jieba's own dictionary."""
    from memcli.text import _jieba

    try:
        freq = _lazy_tokenizer().FREQ if table_path().exists() and not _jieba_ready() else None
    except Exception:  # unreadable table: jieba's own dictionary
        freq = None
    if freq is None:
        dt = _jieba().dt
        dt.check_initialized()
        freq = dt.FREQ
    return bool(freq.get(word))


#: words that say when the question is asked, not what about (今天天气怎么样 vs 今天好累啊, "today's news" vs
#: "Today was exhausting"): the day of any question and of any remark, so a match on one grounds nothing
WHEN_WORDS = frozenset({
    "今天", "今日", "今儿", "今晚", "今早", "今夜", "明天", "明日", "明晚", "明早", "昨天", "昨日", "昨晚", "前天",
    "后天", "现在", "此刻", "目前", "刚才", "刚刚", "这会儿", "眼下", "当下", "today", "tonight", "tomorrow",
    "yesterday", "currently", "right now", "now"})  # round 31: "now" as 现在 ("Where do we live now?")


#: English light verbs and particles (round 40): "get" of "When did I get my wisdom tooth out?" says nothing of what is
#: asked, and it tied "I get a skin rash from penicillin" to the question (shown first, above the turn that answers)
LIGHT_WORDS = frozenset("""get gets got gotten getting take takes took taken taking make makes made making give gives
    gave given put puts keep keeps kept come comes came went goes going use uses used let lets set say says said thing
    things stuff out off back still just really also""".split())


def when_only(tokens: list[str] | tuple[str, ...], statement: str) -> bool:
    """Whether the query tokens found in ``statement`` (case-folded) are all :data:`WHEN_WORDS` or
    :data:`LIGHT_WORDS`, at least one: the lexical leg matched the hit on the day alone (今天 of 今天天气怎么样 in
    今天好累啊) or on a light verb ("get" of "When did I get my wisdom tooth out?" in "I get a skin rash…", round
    40), which confirms nothing."""
    low = statement.casefold()
    found = {t.casefold() for t in tokens if t.strip() and holds(low, t.casefold())}
    return bool(found) and found <= WHEN_WORDS | LIGHT_WORDS


_LATIN_WORD = re.compile(r"[a-z]+")


@lru_cache(maxsize=1024)
def _stems(low: str) -> frozenset[str]:
    """The English word stems of a case-folded text (:func:`memcli.text.word_form`)."""
    from memcli.text import word_form

    return frozenset(word_form(w) for w in _LATIN_WORD.findall(low))


def holds(low: str, token: str) -> bool:
    """Whether the case-folded text ``low`` holds the case-folded search ``token``: an English word as a word
    of it, by its stem (paints / painted), any other token (Chinese, digits, mixed) as a substring. Round 31:
    a long turn holds many words, and a piece of one of them is no shared word ("opera" in "operation",
    "car" in "cards", "now" in "know")."""
    if _LATIN_WORD.fullmatch(token):
        from memcli.text import word_form

        return word_form(token) in _stems(low)
    return token in low


def ends_compound(low: str, word: str) -> bool:
    """Whether the case-folded text ``low`` holds a word of 4+ more letters ending in ``word`` (4+ letters): an
    English compound is a kind of its last part (rosuvastatin a statin, blueberry a berry, a football a ball; round
    33), where a word only beginning with it is another word (opera / operation, blood / bloodwork). A part of 3
    letters before it is rarely a word of its own (hus-band is no band)."""
    return len(word) >= 4 and re.search(rf"[a-z]{{4}}{re.escape(word)}(?![a-z])", low) is not None


_LATIN_TEXT = re.compile(r"[a-z][a-z '-]*[a-z]|[a-z]")


def has_word(low: str, name: str) -> bool:
    """Whether the case-folded text ``low`` holds the case-folded ``name`` (a name, a word or a few): Latin text
    as whole words, or with its possessive or plural ending (Ruth / Ruth's, not truth; Tom, not tomorrow; round
    32), any other (Chinese, mixed) as a substring."""
    if not _LATIN_TEXT.fullmatch(name):
        return name in low
    return re.search(rf"(?<![a-z0-9]){re.escape(name)}(?:'s|s|es)?(?![a-z0-9])", low) is not None


def with_glued_names(tokens: list[str]) -> list[str]:
    """``tokens`` and, after each three-character Chinese token jieba's dictionary does not hold, its first
    two characters: jieba's HMM glues an unknown two-character name to the one-character verb after it
    (陈伟教什么 → 陈伟教), while the memory holds the name alone (我老公陈伟是老师 → 陈伟). A word the
    dictionary holds (王建国, 数学课) is left as cut."""
    out = list(tokens)
    for t in tokens:
        if len(t) == 3 and all("\u4e00" <= c <= "\u9fff" for c in t) and not is_dict_word(t) \
                and t[:2] not in out:
            out.append(t[:2])
    return out
