"""Statements that are about unrelated things, for the decision's hard-guard property test
(issue 21 §3): the goldset's statements and user messages of two shared data sets, read by path
at test time (nothing of theirs is copied into the repo). Each text carries a group: two texts of
different groups are unrelated (another data set, another person of MemoryBank, another
trajectory of MemDaily); two goldset statements are never paired (a family's statements are
related on purpose).

Two self-introductions by name (我叫… / my name is …) of two people are not unrelated when one user
says both: one slot, two values, a true contradiction (the goldset labels 我叫王伟 / 我叫李伟 CONFLICT).
The pool mixes users, so such a pair is left out by :func:`unrelated` — read by this module's own
pattern, not by memcli's parse, so a misread slot is never excused."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the shared data sets beside the repo (a git worktree one level deeper finds them too)
SHARED_DATA = next((p for p in (ROOT.parent / "shared" / "data", ROOT.parents[1] / "shared" / "data") if p.is_dir()),
                   ROOT.parent / "shared" / "data")
#: longest message kept (characters): ``remember`` takes statements, not essays
MAX_CHARS = 300


def _memorybank(limit: int, rng: random.Random) -> list[tuple[str, str]]:
    out = []
    for lang in ("en", "cn"):
        path = SHARED_DATA / "memorybank" / f"memory_bank_{lang}.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        for person, v in data.items():
            for turns in v.get("history", {}).values():
                for t in turns:
                    q = (t.get("query") or "").strip()
                    if 4 <= len(q) <= MAX_CHARS:
                        out.append((q, f"memorybank:{lang}:{person}"))
    rng.shuffle(out)
    return out[:limit]


def _memdaily(limit: int, rng: random.Random) -> list[tuple[str, str]]:
    out = []
    for path in sorted((SHARED_DATA / "memdaily-dev").glob("*.json")):
        for traj in json.loads(path.read_text(encoding="utf-8")):
            for m in traj.get("message_list", []):
                msg = (m.get("message") or "").strip()
                if 4 <= len(msg) <= MAX_CHARS:
                    out.append((msg, f"memdaily:{path.stem}:{traj.get('tid')}"))
    rng.shuffle(out)
    return out[:limit]


def _goldset(limit: int, rng: random.Random) -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for line in (ROOT / "goldset" / "decisions.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        for k in ("stored", "incoming"):
            seen.setdefault(row[k], "goldset")
    out = list(seen.items())
    rng.shuffle(out)
    return out[:limit]


def pool(per_source: int = 1200, seed: int = 21) -> list[tuple[str, str]]:
    """``(text, group)`` rows: up to ``per_source`` each from the goldset, MemoryBank and MemDaily."""
    rng = random.Random(seed)
    return _goldset(per_source, rng) + _memorybank(per_source, rng) + _memdaily(per_source, rng)


#: a self-introduction by name, in either language (the test's own oracle, independent of memcli's rules)
#: ("Daniel is my name" too: since a sentence-initial capital alone no longer makes a person, the
#: parse reads it as the user's name, as it should)
_SELF_NAME = re.compile(r"我叫|我的名字(?:是|叫)|我名字(?:是|叫)|是我的名字|"
                        r"\bmy name is\b|\bis my name\b|\bi'?m called\b|\bcall me\b", re.I)


def one_users_names(a: str, b: str) -> bool:
    """Both texts introduce the speaker by name: for one user, two names are one slot's two values."""
    return bool(_SELF_NAME.search(a)) and bool(_SELF_NAME.search(b))


#: a named person's relation to the speaker (张静怡是我的表姐, "Ines is my niece"): the test's own oracle
_NAMED_RELATION = re.compile(r"^([\u4e00-\u9fff]{2,4})是我的?[\u4e00-\u9fff]{1,4}|^([A-Z][a-z]+) is my \w+")


def one_named_person(a: str, b: str) -> bool:
    """Both texts tell one named person's relation to the speaker: for one user, one person whose
    relation is told twice — two relations are a true contradiction (the goldset labels 刘明是我舅舅 /
    刘明是我叔叔 CONFLICT), not two unrelated facts."""
    ma, mb = _NAMED_RELATION.match(a), _NAMED_RELATION.match(b)
    return bool(ma and mb) and (ma.group(1) or ma.group(2)) == (mb.group(1) or mb.group(2))


def unrelated(groups: list[str], i: int, j: int, texts: list[str] | None = None) -> bool:
    """Texts ``i`` and ``j`` (indexes into the pool) may be paired: different groups, not both goldset,
    and (given ``texts``) not two self-introductions by name (:func:`one_users_names`) nor two relations of
    one named person (:func:`one_named_person`)."""
    if texts is not None and (one_users_names(texts[i], texts[j]) or one_named_person(texts[i], texts[j])):
        return False
    return groups[i] != groups[j] and not (groups[i] == "goldset" and groups[j] == "goldset")
