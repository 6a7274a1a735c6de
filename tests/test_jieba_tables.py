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
