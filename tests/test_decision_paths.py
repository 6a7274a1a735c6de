"""One decision on every path (issue 21 §4): ``remember``, ``import`` and the outbox drain reach the
same decision, against the same stored memory, for every goldset pair — each pair a user of its own
in one real store per path, the real default model, the configured judge.

The drain's extractor here hands the utterance on verbatim (an :class:`Extractor` like any other),
so that the three paths decide on the same statement; the rule extractor's own behaviour is tested
in the extraction tests."""

from __future__ import annotations

from pathlib import Path

from memcli.models import Candidate, Origin
from memcli.write.extract import Extractor, Utterance


class Verbatim(Extractor):
    """One candidate per user utterance: its text as it was said."""

    name = "verbatim"

    def extract(self, utt: Utterance) -> list[Candidate]:
        if utt.role != "user":
            return []
        return [Candidate(statement=utt.text, salience=0.7, valid_from=utt.occurred_at)]


def _explicit(tmp: Path, name: str, pairs, vec: dict, origin: Origin, embedder) -> dict[str, tuple]:  # noqa: ANN001
    import numpy as np

    from memcli.db import open_store
    from memcli.records import MemoryRecord
    from memcli.settings import load_settings
    from memcli.write.explicit import apply_records

    cfg = load_settings()
    store = open_store(str(tmp / f"{name}.db"))
    out = {}
    try:
        for p in pairs:
            user = p.id
            for text, at in ((p.stored, p.stored_at), (p.incoming, p.incoming_at)):
                res = apply_records(store, cfg, user, [text], [MemoryRecord(text=text, at=at)],
                                    np.asarray([vec[text]]), origin=origin)[0]
            other = store.get_item(user, res.other_item_id)["statement"] if res.other_item_id else None
            out[p.id] = (res.decision.value, other)
    finally:
        store.close()
    return out


def _drained(tmp: Path, pairs, embedder) -> dict[str, tuple]:  # noqa: ANN001
    from memcli.db import open_store
    from memcli.settings import load_settings
    from memcli.write.backends import get_judge
    from memcli.write.capture import Utterance as Captured
    from memcli.write.capture import capture
    from memcli.write.worker import MemoryCaptureWorker

    cfg = load_settings()
    store = open_store(str(tmp / "drain.db"))
    try:
        worker = MemoryCaptureWorker(store, cfg, embedder, Verbatim(), get_judge(cfg))
        for side in ("stored", "incoming"):
            with store.tx():
                for p in pairs:
                    capture(store, p.id, Captured(text=getattr(p, side), at=getattr(p, f"{side}_at")),
                            max_chars=cfg.max_turn_chars)
            summary = worker.drain()
            assert summary.done == len(pairs) and not summary.errors, summary.errors
        out = {}
        for p in pairs:
            ids = [r["id"] for r in store.list_items(p.id, include_all=True)]
            ev = max((e for e in store.events_of(p.id, ids) if e["judge"] != "untouched"),  # not a kept part's ADD
                     key=lambda e: e["id"])  # the incoming statement's decision
            oid = ev["item_id"] if ev["action"] == "NOOP" else ev["other_item_id"]  # a NOOP's event is on the target
            other = store.get_item(p.id, oid)["statement"] if oid else None
            out[p.id] = (ev["action"], other)
    finally:
        store.close()
    return out


def test_remember_import_and_drain_decide_alike_on_every_goldset_pair(tmp_path: Path, embedder) -> None:
    from memcli.eval.formats import default_goldset_dir, load_pairs

    pairs = load_pairs(default_goldset_dir() / "decisions.jsonl")
    texts = sorted({t for p in pairs for t in (p.stored, p.incoming)})
    vec = dict(zip(texts, embedder.embed(texts, batch_size=128), strict=True))
    remembered = _explicit(tmp_path, "remember", pairs, vec, Origin.EXPLICIT, embedder)
    imported = _explicit(tmp_path, "import", pairs, vec, Origin.IMPORT, embedder)
    drained = _drained(tmp_path, pairs, embedder)
    differ = [(p.id, p.stored, p.incoming, remembered[p.id], imported[p.id], drained[p.id]) for p in pairs
              if not remembered[p.id] == imported[p.id] == drained[p.id]]
    assert not differ, differ[:5]
    assert len(remembered) == len(pairs) >= 1183
