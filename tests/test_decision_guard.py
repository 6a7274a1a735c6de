"""The hard guard, property-tested (issue 21 §3): random pairs of unrelated statements — the
goldset's statements and user messages of MemoryBank and MemDaily, read by path at test time —
go through ``remember``'s decision on a real store with the real default model. None is decided
CONFLICT or UPDATE (a true fact hidden), and none about different people is decided NOOP."""

from __future__ import annotations

import random

import pytest
from _unrelated import SHARED_DATA, pool, unrelated
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

_HAVE_DATA = (SHARED_DATA / "memorybank").is_dir() and (SHARED_DATA / "memdaily-dev").is_dir()
pytestmark = pytest.mark.skipif(not _HAVE_DATA, reason="memorybank and memdaily-dev are not beside the repo")

#: pairs per hypothesis example, examples: 5,500 pairs drawn (at least 5,000 distinct asserted)
PER_EXAMPLE = 50
EXAMPLES = 125


#: the count measured last (target 0, issue 21 §3): a ratchet — lower it when a change fixes some.
#: 32 before the guard, 12 → 5 by the rules for two multi-clause turns, two named things and a shared
#: slot at a cosine under the floor, 7 → 2 by issue 19 §3 / 21's kinds (a turn of talk only, names in
#: two scripts, a relation the user has several of, two named things' attributes). The last two: a job
#: slot read from 工作上出了一些问题 (a topic, not a job) and "My job is stable…" (a quality), fixed in the
#: parse; and two users' names (我的名字是王峰 / 我叫李雪), which the pool no longer draws as unrelated:
#: for one user two names are one slot's two values, a true contradiction (the goldset's label for
#: 我叫王伟 / 我叫李伟) — :func:`_unrelated.one_users_names`, read by the test's own pattern.
#: Changing ``check``'s source changes hypothesis's derandomised sample: the new sample showed three
#: more kinds (a cross-language pair, a mood of the day, "go to the gym" read as a school), fixed too.
#: 0 on the `decide` branch; 1 on the final main of round 7: the judge refit on the merged parse
#: (extract + english branches) brings back one pair the branch had seen at its edge — a supplement
#: (我在补充维生素E) and a skincare product (我用的是资生堂…精华液), CONFLICT at p=0.65 (the floor),
#: content overlap 0.06, cosine 0.438 above the fitted hide cosine 0.356. Two things used of
#: different kinds; the fix (value types of things used, or the nothing-shared floor for overlap
#: under hide_overlap) is issue 21's next step. 1 → 0 by that floor: a pair without a shared slot,
#: content overlap under hide_overlap and no change told needs the nothing-shared floor (p ≥ 0.9) to
#: hide (:func:`memcli.write.pair_features.row_floors`). A ratchet: lower it, never raise it again.
#: Round 17 raised it once: the judge refit on en17's English trip pairs decides 我住的那个小区叫世纪花园 /
#: 我现在住在深圳南山区科技园附近 CONFLICT at p=0.70 (a change told, 现在, so the nothing-shared floor does
#: not apply; a compound's name and a district can both hold). Next step: a told change hides only a
#: fact of the same slot family (residence vs thing:小区.name), then back to 0. 1 → 0 in round 18: the
#: parse read no slot from 我住的那个小区叫… (a demonstrative, 那个, between 的 and the noun), so the pair
#: had one strong slot only; read as thing:小区.name it is two strong slots apart (the other_slot floor).
CEILING = 0


def test_unrelated_statements_never_hide_one_another(embedder) -> None:
    from memcli.db import open_store
    from memcli.models import Origin
    from memcli.records import MemoryRecord
    from memcli.settings import load_settings
    from memcli.write.explicit import apply_records
    from memcli.write.judge import different_people, facts_of

    rows = pool(per_source=600)
    texts, groups = [r[0] for r in rows], [r[1] for r in rows]
    vectors = embedder.embed(texts, batch_size=128)  # every text once, batched
    cfg = load_settings()
    store = open_store(":memory:")
    seen: set[tuple[int, int]] = set()
    bad: list[tuple[str, str, str, str]] = []
    n = len(texts)

    # no shrinking: a failing pair is reported as drawn (with the judge's reason), every pair is decided once
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**32 - 1))
    def check(seed: int) -> None:
        rng = random.Random(seed)  # hypothesis draws the seed, the seed draws PER_EXAMPLE pairs of the pool
        for i, j in ((rng.randrange(n), rng.randrange(n)) for _ in range(PER_EXAMPLE)):
            if not unrelated(groups, i, j, texts) or (i, j) in seen:
                continue
            user = f"u{len(seen)}"
            seen.add((i, j))
            apply_records(store, cfg, user, [texts[i]], [MemoryRecord(text=texts[i])], vectors[i:i + 1],
                          origin=Origin.EXPLICIT)
            res = apply_records(store, cfg, user, [texts[j]], [MemoryRecord(text=texts[j])], vectors[j:j + 1],
                                origin=Origin.EXPLICIT)[0]
            d = res.decision
            two_people = different_people(facts_of(texts[j]), facts_of(texts[i]))
            if d in ("CONFLICT", "UPDATE") or (d == "NOOP" and two_people):
                bad.append((d.value, texts[i][:80], texts[j][:80], res.reason[:160]))

    try:
        check()
    finally:
        store.close()
    assert len(seen) >= 5000, len(seen)
    assert len(bad) <= CEILING, (len(bad), bad)
