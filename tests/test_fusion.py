"""Fusion on known numbers (no model, no store): score fusion keeps the dense leg's certainty,
RRF only sees ranks; the fit's offline scorer ranks exactly like retrieve()."""

from __future__ import annotations

import pytest

from memcli.fusion_fit import Candidate, QueryObs, fit_floors, score
from memcli.read.fusion import rrf_fuse, score_fuse
from memcli.settings import load_settings


def test_score_fusion_keeps_a_clear_paraphrase_first():
    # dense: 1 (cos 0.90) then 2 (0.30); lexical found only 2 (rank 1)
    rankings = {"dense": [1, 2], "lexical": [2]}
    cos = {1: 0.90, 2: 0.30}
    s = score_fuse(rankings, cos, {"dense": 1.0, "lexical": 0.15}, k=1)
    assert [f.id for f in s] == [1, 2]
    assert s[0].rrf == pytest.approx(0.90) and s[1].rrf == pytest.approx(0.30 + 0.15)
    assert s[0].rrf_norm == pytest.approx(0.90 / 1.15)
    # equal-weight RRF puts the keyword match first: it is in both lists
    r = rrf_fuse(rankings, {"dense": 1.0, "lexical": 1.0}, k=60)
    assert [f.id for f in r] == [2, 1]


def test_score_fusion_lexical_only_hit_gets_the_lowest_dense_cosine():
    s = score_fuse({"dense": [1, 2], "lexical": [3]}, {1: 0.5, 2: 0.2}, {"dense": 1.0, "lexical": 0.5}, k=1)
    by = {f.id: f for f in s}
    assert by[3].rrf == pytest.approx(0.2 + 0.5) and by[3].ranks == {"lexical": 1}
    # a slot-leg hit gets its own rank bonus
    s = score_fuse({"dense": [1], "slot": [1]}, {1: 0.4}, {"dense": 1.0, "slot": 1.0}, k=1)
    assert s[0].rrf == pytest.approx(1.4) and s[0].rrf_norm == pytest.approx(0.7)
    with pytest.raises(ValueError):
        score_fuse({"dense": [1]}, {1: 0.4}, {"dense": 1.0}, k=0)


def _obs() -> QueryObs:
    o = QueryObs("q", "en", {"a"})
    o.cands = [Candidate(1, ["b"], 1, None, 0.60, 0.5, 1.0, False),
               Candidate(2, ["a"], 2, 1, 0.40, 0.5, 1.0, False),
               Candidate(3, ["c"], 3, None, 0.10, 0.5, 1.0, False)]
    return o


def test_offline_scorer_and_floors():
    st = load_settings()
    o = _obs()
    # dense only: b first, a second; hybrid with a big lexical bonus: a first
    assert score(o, st, legs=("dense",), floors=(-1, -1))["mrr"] == 0.5
    assert score(o, st, w=(1.0, 0.5), k=1, floors=(-1, -1), method="score")["mrr"] == 1.0
    assert score(o, st, w=(1.0, 0.1), k=1, floors=(-1, -1), method="score")["mrr"] == 0.5
    # the floor drops dense-only hits below it, never a lexical hit
    assert score(o, st, legs=("dense",), floors=(0.5, 0.5))["recall@10"] == 0.0
    assert score(o, st, floors=(0.5, 0.5), w=(1.0, 0.1), k=1, method="score")["recall@1"] == 0.0
    assert score(o, st, floors=(0.5, 0.5), w=(1.0, 0.1), k=1, method="score")["recall@5"] == 1.0
    # floors keep the share `keep` of relevant dense-only cosines: here a is lexical, so none
    assert fit_floors([o], 0.95) == {"min_cosine": -1.0, "min_cosine_zh": -1.0}
    o.cands[1].lexical_rank = None
    assert fit_floors([o], 0.95)["min_cosine"] == 0.40


def _random_obs(seed: int, n: int = 40) -> list[QueryObs]:
    """Queries with candidates found by one leg or both, cosines with ties and gaps, a relevant
    memory or two (or none among the candidates) — the shapes collect() records."""
    import random

    rng = random.Random(seed)
    out = []
    for q in range(n):
        m = rng.randint(1, 30)
        ids = rng.sample(range(1, 500), m)
        dense = [i for i in ids if rng.random() < 0.8]
        lexical = [i for i in ids if i not in dense or rng.random() < 0.3]
        rng.shuffle(dense)
        rng.shuffle(lexical)
        rel = set(rng.sample([f"r{i}" for i in ids], min(m, rng.choice((1, 1, 2)))))
        cands = [Candidate(i, [f"r{i}"], dense.index(i) + 1 if i in dense else None,
                           lexical.index(i) + 1 if i in lexical else None,
                           round(rng.uniform(-0.1, 0.9), 2) if i in dense or rng.random() < 0.5 else None,
                           rng.choice((0.5, 0.8)), rng.random(), rng.random() < 0.5) for i in ids]
        out.append(QueryObs(f"q{q}", rng.choice(("zh", "en")), rel if rng.random() < 0.9 else {"absent"}, [], cands))
    return out


@pytest.mark.parametrize("method", ["rrf", "score"])
def test_the_batch_scorer_ranks_exactly_like_score(method):
    """memcli.fusion_batch (numpy, all queries at once) gives the same per-query metrics as
    fusion_fit.score (one query, the read path's own functions) for every setting tried."""
    from memcli.fusion_batch import Batch

    st = load_settings()
    obs = _random_obs(11)
    batch = Batch(obs)
    assert batch.exact
    for k in (1, 5, 60):
        for w in ((1.0, 1.0), (1.0, 0.15), (0.3, 1.0), (1.0, 0.0), (0.0, 1.0)):
            for floors in ((-2.0, -2.0), (0.3, 0.5)):
                for legs in (("dense", "lexical"), ("dense",), ("lexical",)):
                    got = batch.metrics(legs=legs, method=method, k=k, w={"zh": w, "en": w}, floors=floors,
                                        weight_salience=st.weight_salience, weight_recency=st.weight_recency)
                    for i, o in enumerate(obs):
                        want = score(o, st, legs=legs, w=w, k=k, floors=floors, method=method)
                        assert {key: float(got[key][i]) for key in want} == pytest.approx(want), (k, w, floors, legs, i)
