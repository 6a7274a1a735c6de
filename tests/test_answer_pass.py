"""One query's answerability pass (memcli.read.answer_pass): the features it keeps from one pool to the
next change no p and no feature row. Every pool a search scores (the memory hits, then the episodes
among them, twice) is scored again by a fresh pass that keeps nothing; both must agree. Real store,
real default model."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from memcli import Memory
from memcli.read.answer_pass import AnswerPass

TURNS = ["My sister Lena moved to Rotterdam last spring for her new job.",
         "The dentist appointment got moved to the 14th at 9am.",
         "We are planning a small dinner on Friday, I'll make mushroom risotto with my cousin Priya.",
         "I think I left my umbrella on the tram again, typical.",
         "我妹妹在杭州的一家设计公司上班，她养了一只叫豆豆的柯基。",
         "周末我打算去爬山，顺便拍点秋天的照片。",
         "我儿子下个月要参加钢琴比赛，他练得挺认真的。"]
QUESTIONS = ["What am I making for dinner on Friday?", "Where does my sister live?", "When is the dentist?",
             "我妹妹在哪里工作？", "我周末打算干什么？", "我儿子要参加什么比赛？"]


def test_a_pass_that_keeps_features_scores_every_pool_as_a_fresh_pass(db: str, embedder, monkeypatch):
    calls = []
    score = AnswerPass.score

    def recorded(self, top, via, cos_by_id, **kw):  # noqa: ANN001, ANN003, ANN202
        out = score(self, top, via, cos_by_id, **kw)
        calls.append((self, top, via, cos_by_id, kw, out))
        return out

    t0 = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
    with Memory(db=db, user="alice") as m:
        for n, t in enumerate(TURNS):
            m.capture(t, at=t0 + timedelta(hours=n))
        m.drain()
        assert m.episodes()  # a few turns stay episodes: their pools are scored too
        monkeypatch.setattr(AnswerPass, "score", recorded)
        for q in QUESTIONS:
            for explain in (False, True):
                m.search(q, limit=5, explain=explain)
        pools = [c for c in calls if c[1] and any(f.id < 0 for _, f, _, _ in c[1])]  # pools holding episodes
        assert len(pools) >= 4 and any(c[5][0] for c in pools)
        for gate, top, via, cos, kw, out in calls:
            fresh = AnswerPass(gate.store, gate.answer, user=gate.user, query=gate.query,
                               info=gate.info.model_copy(deep=True), lang=gate.lang, qvec=gate.qvec, as_of=gate.as_of,
                               turn_cos=gate.turn_cos)  # round 40: the best turn's cosine, set by retrieve
            assert score(fresh, top, via, cos, **kw) == out, gate.query  # the unrecorded method
