"""memcli.relazy: a pattern compiled on first use answers as the compiled pattern does."""

from __future__ import annotations

import re

from memcli.relazy import LazyPattern, lazy


def test_a_lazy_pattern_compiles_once_on_first_use_and_answers_as_re_compile() -> None:
    p = lazy(r"(?P<w>[a-z]+)(\d+)", re.I)
    assert isinstance(p, LazyPattern) and "_compiled" not in p.__dict__  # nothing compiled yet
    ref = re.compile(r"(?P<w>[a-z]+)(\d+)", re.I)
    text = "ab12 CD34 x"
    assert p.search(text).groups() == ref.search(text).groups()
    assert p.sub("-", text) == ref.sub("-", text)
    assert [m.span() for m in p.finditer(text)] == [m.span() for m in ref.finditer(text)]
    assert (p.pattern, p.flags, p.groupindex, p.groups) == (ref.pattern, ref.flags, ref.groupindex, ref.groups)
    assert p.compiled is p.__dict__["_compiled"] and p.compiled == ref  # one compiled object, kept
    assert p.fullmatch("zz9") and not p.match("9")


def test_dunder_lookups_do_not_compile() -> None:
    p = lazy(r"a")
    assert not hasattr(p, "__array__") and "_compiled" not in p.__dict__
    assert repr(p) == "lazy('a', 0)"


def test_the_latin_gate_passes_every_character_an_ascii_letter_matches() -> None:
    """LATIN is False only for texts no ASCII letter matches, even case-insensitively (every code point)."""
    from memcli.relazy import LATIN, NON_ASCII

    letter = re.compile("[a-z]", re.IGNORECASE)
    for x in range(0x110000):
        c = chr(x)
        if letter.fullmatch(c):
            assert LATIN(c) and LATIN(f"我{c}的"), hex(x)
    assert not LATIN("我的妈妈住在哪里？") and not LATIN("2024 年 3 月") and LATIN("我用iPhone")
    assert NON_ASCII("my 妈妈") and not NON_ASCII("my mom")


def _corpus() -> list[str]:
    """Every string of the goldsets (both languages), casefolded too, and a few edge cases."""
    import json
    from pathlib import Path

    out: set[str] = {"", " ", "İstanbul", "ſo", "KIM", "I'm my mom's brother", "my Sis", "MY HUBBY", "叫豆豆"}

    def walk(v: object) -> None:
        if isinstance(v, str):
            out.update((v, v.casefold()))
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for path in sorted((Path(__file__).parent.parent / "goldset").glob("**/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                walk(json.loads(line))
    return sorted(out)


def test_the_read_paths_gated_patterns_answer_as_the_compiled_ones() -> None:
    """A gated pattern (compiled only when the text can match it) finds what re.compile finds, on every
    goldset text: where its gate says no, the compiled pattern finds nothing (issue 24, round 19)."""
    import importlib

    from memcli.read import kin, kinds, mismatch
    from memcli.relazy import GatedPattern

    mods = [
        importlib.import_module(f"memcli.read.{m}")
        for m in ("answer", "kinds", "lexical", "mismatch", "render", "request")
    ]
    pats = [v for m in mods for v in vars(m).values() if isinstance(v, GatedPattern)]
    pats += [
        p for p in (*kin._patterns(), *kinds._lexicon()[:2], *mismatch.relation_words()) if isinstance(p, GatedPattern)
    ]
    assert len(pats) >= 25
    texts = _corpus()
    assert len(texts) > 3000
    for p in pats:
        ref = re.compile(*p._args)
        for t in texts:
            spans = [m.span() for m in ref.finditer(t)]
            assert [m.span() for m in p.finditer(t)] == spans, (p, t)
            if not p._gate(t):
                assert spans == [] and ref.fullmatch(t) is None, (p, t)
    p = kin._patterns()[3]  # the other methods ask the same gate
    for t in ("my hubby, my sis", "我家那口子", "Nana"):
        got, want = p.search(t), p.compiled.search(t)
        assert (got and got.span()) == (want and want.span()) and p.sub("#", t) == p.compiled.sub("#", t)
        assert p.findall(t) == p.compiled.findall(t) and bool(p.fullmatch(t)) == bool(p.compiled.fullmatch(t))
        assert p.split(t) == p.compiled.split(t) and p.subn("#", t) == p.compiled.subn("#", t)
        assert bool(p.match(t)) == bool(p.compiled.match(t))
