"""jieba's prefix dictionary and jieba.posseg's word → tag table read from memcli's cache files
(:mod:`memcli.jieba_tables`) are the tables jieba builds itself, on the run that writes the files and on
the runs that read them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import marshal, os, sys
import jieba
jieba.dt.tmp_dir = sys.argv[1]  # jieba's own cache and memcli's go there
from memcli import text
jb = text._jieba()
ps = text._posseg()
assert jb.dt.initialized
with open(os.path.join(sys.argv[1], "jieba.cache"), "rb") as f:  # what jieba itself loads
    freq, total = marshal.load(f)
assert jb.dt.total == total and list(jb.dt.FREQ.items()) == list(freq.items()), "prefix dictionary differs"
from jieba.posseg import POSTokenizer
ref = POSTokenizer.__new__(POSTokenizer)
ref.load_word_tag(jieba.dt.get_dict_file())  # jieba's own parse of its dictionary
assert ps.dt.word_tag_tab == ref.word_tag_tab, "word tag table differs from jieba's"
assert text.pos_tags("我妈妈叫赵敏，住在上海") == tuple((w.word, w.flag) for w in ps.cut("我妈妈叫赵敏，住在上海"))
print(len(ref.word_tag_tab))
"""


def test_jieba_tables_from_cache_equal_jiebas(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(2):  # first run: jieba parses and the cache is written; second: the cache is read
        out = subprocess.run([sys.executable, "-c", CHECK, str(tmp_path)], capture_output=True, text=True,
                             env=env, timeout=120)
        assert out.returncode == 0, out.stderr[-2000:]
        assert int(out.stdout.split()[-1]) > 300_000
    assert len(list(tmp_path.glob("memcli.jieba-*.marshal"))) == 2


def test_sparse_viterbi_is_jiebas() -> None:
    """The HMM over the transitions that exist gives jieba's own (probability, path), bit for bit, on
    sentences and on random runs of characters (the bench drain's 7,445 Chinese blocks of MemoryBank and
    3,000 random runs compared equal when this was written)."""
    import random
    import sys as _sys

    from memcli.jieba_tables import posseg

    ps = posseg()
    jiebas = _sys.modules["jieba.posseg.viterbi"].viterbi
    assert ps.viterbi._jieba is jiebas
    args = (ps.char_state_tab_P, ps.start_P, ps.trans_P, ps.emit_P)
    rng = random.Random(3)
    chars = "我妈妈叫赵敏住在上海喜欢吃火锅昨天领养了一只猫咪今天天气很好明年打算去日本旅行她的生日是三月五号"
    blocks = ["赵敏", "我妈妈叫赵敏", "昨天领养了一只猫咪", "鸮鹦鹉", "龘靐齉爩"]
    blocks += ["".join(rng.choice(chars) for _ in range(rng.randint(1, 16))) for _ in range(150)]
    for b in blocks:
        assert ps.viterbi(b, *args) == jiebas(b, *args), b


def test_sparse_viterbi_memo_answers_each_run_its_own_path() -> None:
    """A run asked again (the memo) gets jieba's answer for that run, not another run's: runs
    asked in turn twice over, the second time from the memo, and a path mutated by its caller
    does not change what the memo gives next."""
    import sys as _sys

    from memcli.jieba_tables import posseg

    ps = posseg()
    jiebas = _sys.modules["jieba.posseg.viterbi"].viterbi
    args = (ps.char_state_tab_P, ps.start_P, ps.trans_P, ps.emit_P)
    runs = ["赵敏", "敏赵", "鸮鹦鹉", "鹦鹉", "龘靐", "靐龘齉", "昆明开了", "明开了"]
    want = {r: jiebas(r, *args) for r in runs}
    for _ in range(2):
        for r in runs:
            got = ps.viterbi(r, *args)
            assert got == want[r], r
            got[1][0] = ("X", "x")  # the caller's own list
    assert want["赵敏"][1] != want["敏赵"][1]  # (different runs, different paths: the test can fail)


def test_pos_tags_by_block_equal_jiebas_cut() -> None:
    """:func:`memcli.text.pos_tags` (each block between punctuation and spaces cut once, cached)
    gives jieba's cut of the whole text, whichever texts sharing blocks were tagged before it."""
    import random

    from memcli import text

    ps = text._posseg()
    texts = ["我妈妈叫赵敏，住在上海", "住在上海", "我妈妈叫赵敏", "赵敏住在上海，我妈妈叫赵敏。", "",
             " ", "，，", "C++和C#都是语言 3.5kg", "I love cats，我也喜欢猫\r\n再见", "上海\t北京 abc_1.2"]
    rng = random.Random(7)
    chars = "我妈妈叫赵敏住在上海，。！ 喜欢吃火锅abc12.3_#+&昨天领养了一只猫咪\r\n\t今天"
    texts += ["".join(rng.choice(chars) for _ in range(rng.randint(0, 30))) for _ in range(400)]
    for t in texts + texts[::-1]:
        assert text.pos_tags(t) == tuple((w.word, w.flag) for w in ps.cut(t)), t
    assert text.pos_tags("我妈妈叫赵敏，住在上海") == (("我", "r"), ("妈妈", "n"), ("叫", "v"), ("赵敏", "nr"),
                                                    ("，", "x"), ("住", "v"), ("在", "p"), ("上海", "ns"))
