"""jieba's two dictionary tables, loaded faster by a process that cuts or tags Chinese.

``jieba.initialize()`` reads its prefix dictionary (~500k words → frequency) from jieba's own
marshal cache, and ``import jieba.posseg`` parses its 349k-line dictionary file once more, line by
line, for the word → part-of-speech table: together ~1–1.5 s on a quiet 2-core machine, paid by
every process (a drain, a one-shot ``add``) before its first Chinese clause. Both tables are kept
here as two joined strings each (the words; the frequencies as an int64 array, or the tags), which
a process reads back ~2–3× faster than the marshalled dicts, one file per table and dictionary file
(keyed by the file's size and mtime) beside jieba's own cache. The tables are the ones jieba builds
— same keys, same order, same values (``tests/test_posseg_table.py``); the first process builds them
the usual way and writes the files; any problem reading one falls back to jieba's own load.
Only jieba's default dictionary is cached.

jieba.posseg's HMM (:func:`sparse_viterbi`, for runs of characters its dictionary does not cut) scores
every (state, previous state) pair of ~260 × ~260, most of them through a transition that does not
exist (``-inf``); the same Viterbi over the transitions that exist gives the same path, bit for bit
(``tests/test_jieba_tables.py``), ~10× faster.
"""

from __future__ import annotations

import array
import io
import marshal
import os
import sys
import tempfile
import threading
from functools import lru_cache
from typing import Any

__all__ = ["initialized", "posseg"]

_LOCK = threading.Lock()


def _path(jb: Any, kind: str) -> str:  # noqa: ANN401
    st = os.stat(os.path.join(os.path.dirname(jb.__file__), jb.DEFAULT_DICT_NAME))
    return os.path.join(jb.dt.tmp_dir or tempfile.gettempdir(),
                        f"memcli.jieba-{kind}.{st.st_size}-{int(st.st_mtime)}.marshal")


def _read(path: str, ints: bool) -> tuple[dict, Any] | None:
    try:
        with open(path, "rb") as f:
            if hasattr(os, "getuid") and os.fstat(f.fileno()).st_uid != os.getuid():
                return None  # a shared temp folder: only a file this user wrote is read
            words, values, extra = marshal.load(f)
        if ints:
            arr = array.array("q")
            arr.frombytes(values)
            vals: Any = arr.tolist()
        else:
            vals = values.split("\n")
        table = dict(zip(words.split("\n"), vals, strict=True))
    except Exception:  # noqa: BLE001 - a torn or foreign file: jieba's own load instead
        return None
    return (table, extra) if len(table) > 100_000 else None


def _write(path: str, table: dict, ints: bool, extra: Any = None) -> None:  # noqa: ANN401
    """Write ``table`` atomically (nothing when a word holds a line feed: it could not be split back)."""
    if not table or any("\n" in w for w in table):
        return
    values = array.array("q", table.values()).tobytes() if ints else "\n".join(table.values())
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
            marshal.dump(("\n".join(table), values, extra), f)
        os.replace(tmp, path)
    except (OSError, OverflowError, TypeError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass


def initialized():  # type: ignore[no-untyped-def]
    """``jieba`` with its prefix dictionary loaded (``jieba.dt.FREQ``, ``total``: what ``initialize()`` sets)."""
    with _LOCK:
        return _initialized()


@lru_cache(maxsize=1)
def _initialized():  # type: ignore[no-untyped-def]
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    dt = jieba.dt
    if dt.initialized or dt.dictionary != jieba.DEFAULT_DICT:
        dt.initialize()
        return jieba
    try:
        path = _path(jieba, "freq")
    except OSError:
        dt.initialize()
        return jieba
    got = _read(path, ints=True)
    if got is not None and isinstance(got[1], int):
        dt.FREQ, dt.total = got
        dt.initialized = True
        return jieba
    dt.initialize()
    _write(path, dt.FREQ, ints=True, extra=dt.total)
    return jieba


def posseg():  # type: ignore[no-untyped-def]
    """``jieba.posseg``, its word → tag table read from the cache file and its Viterbi :func:`sparse_viterbi`."""
    with _LOCK:
        ps = _posseg()
        if getattr(ps.viterbi, "_jieba", None) is None and hasattr(ps, "trans_P"):
            ps.viterbi = sparse_viterbi(ps.trans_P, ps.viterbi)  # the name jieba.posseg's __cut calls
        return ps


MIN_FLOAT = -3.14e100  # jieba.posseg.viterbi's constants
MIN_INF = float("-inf")


#: runs of characters whose Viterbi path :func:`sparse_viterbi` keeps (the oldest dropped first)
VITERBI_MEMO = 8192


def sparse_viterbi(trans_p: dict, jiebas: Any):  # type: ignore[no-untyped-def]  # noqa: ANN401
    """jieba.posseg.viterbi.viterbi (``jiebas``) for the transition table ``trans_p``, over the transitions
    that exist only. For a state ``y`` at step t, jieba takes the max of ``(V[t-1][y0] + trans[y0].get(y, -inf)
    + emit, y0)`` over every previous state ``y0``: a missing transition gives ``-inf``, which never beats a
    finite score, so the max over the ``y0`` that do lead to ``y`` is the same tuple (same floats: the same
    two additions in the same order; ties broken by ``y0`` as tuples compare). When no previous state leads
    to ``y``, jieba's own expression decides (all ``-inf``: the greatest ``y0``). Everything else — the
    states tried at each step, their order, the path read back — is jieba's code as it is.

    The states some previous states lead to are computed once per set of previous states, and the
    (probability, path) of a run is kept for the last :data:`VITERBI_MEMO` runs: the path is a function of
    the run and the four tables, and the same short runs of characters the dictionary does not cut
    (a name, a rare word) come back in text after text. A memoised answer is given only for the same
    table objects it was computed with; its path is a fresh list each time."""
    into: dict[Any, list] = {}  # state → [(previous state, its transition's log probability)]
    for y0, nxt in trans_p.items():
        for y, tr in nxt.items():
            into.setdefault(y, []).append((y0, tr))
    memo: dict[str, tuple] = {}
    following: dict[frozenset, set] = {}  # previous states → the states they lead to

    def leads_to(prev: frozenset) -> set:
        got = following.get(prev)
        if got is None:
            if len(following) >= VITERBI_MEMO:
                following.clear()
            got = following[prev] = set(y for x in prev for y in trans_p[x].keys())
        return got

    def run(obs, states, start_p, emit_p):  # type: ignore[no-untyped-def]  # noqa: ANN001,ANN202
        V: list[dict] = [{}]
        mem_path: list[dict] = [{}]
        all_states = trans_p.keys()
        for y in states.get(obs[0], all_states):  # init
            V[0][y] = start_p[y] + emit_p[y].get(obs[0], MIN_FLOAT)
            mem_path[0][y] = ""
        for t in range(1, len(obs)):
            V.append({})
            mem_path.append({})
            prev_states = [x for x in mem_path[t - 1].keys() if len(trans_p[x]) > 0]
            prev = frozenset(prev_states)
            prev_states_expect_next = leads_to(prev)
            obs_states = set(states.get(obs[t], all_states)) & prev_states_expect_next
            if not obs_states:
                obs_states = set(prev_states_expect_next) if prev_states_expect_next else all_states
            before, now, path, o = V[t - 1], V[t], mem_path[t], obs[t]
            for y in obs_states:
                e = emit_p[y].get(o, MIN_FLOAT)
                best = None
                for y0, tr in into.get(y, ()):
                    if y0 in prev:
                        c = (before[y0] + tr + e, y0)
                        if best is None or c > best:
                            best = c
                if best is None:
                    best = max((before[y0] + trans_p[y0].get(y, MIN_INF) + e, y0) for y0 in prev_states)
                now[y], path[y] = best
        prob, state = max((V[-1][y], y) for y in mem_path[-1].keys())
        route = [None] * len(obs)
        i = len(obs) - 1
        while i >= 0:
            route[i] = state
            state = mem_path[i][state]
            i -= 1
        return (prob, route)

    def viterbi(obs, states, start_p, trans, emit_p):  # type: ignore[no-untyped-def]  # noqa: ANN001,ANN202
        if trans is not trans_p:
            return jiebas(obs, states, start_p, trans, emit_p)
        got = memo.get(obs) if isinstance(obs, str) else None
        if got is not None and got[0] is states and got[1] is start_p and got[2] is emit_p:
            return got[3], list(got[4])
        prob, route = run(obs, states, start_p, emit_p)
        if isinstance(obs, str):
            if len(memo) >= VITERBI_MEMO:
                del memo[next(iter(memo))]
            memo[obs] = (states, start_p, emit_p, prob, tuple(route))
        return prob, route

    viterbi._jieba = jiebas  # type: ignore[attr-defined]
    return viterbi


@lru_cache(maxsize=1)
def _posseg():  # type: ignore[no-untyped-def]
    jb = _initialized()
    if "jieba.posseg" in sys.modules or jb.dt.dictionary != jb.DEFAULT_DICT:
        import jieba.posseg

        return jieba.posseg
    try:
        path = _path(jb, "tags")
    except OSError:
        import jieba.posseg

        return jieba.posseg
    got = _read(path, ints=False)
    if got is None:
        import jieba.posseg

        _write(path, jieba.posseg.dt.word_tag_tab, ints=False)
        return jieba.posseg
    jb.dt.get_dict_file = lambda: io.BytesIO(b"")  # the import's own parse reads nothing …
    try:
        import jieba.posseg
    finally:
        del jb.dt.get_dict_file
    jieba.posseg.dt.word_tag_tab = got[0]  # … and gets the table it would have built
    return jieba.posseg
