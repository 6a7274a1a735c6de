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
