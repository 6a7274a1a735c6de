"""Which bridge from a kind word to its instances measures better (round 43): a typed vocabulary or the encoder.

"What music do I like?" names a kind; "I like jazz" names an instance of it and no word of the question. Two ways
to read that the hit holds a thing of the kind asked:

- ``vocabulary``: :func:`memcli.read.kinds.kinds_of` of the statement holds the kind (a typed gazetteer);
- ``encoder``: the cosine of the statement's value (the words after its verb) to the kind word, over a threshold
  (the best threshold on this very set: an upper bound for the encoder).

The set below was written for this measure and is held out from the vocabulary (its instances were not read
while the gazetteer was written): kind word, a statement of the user's, whether it names a thing of that kind.
The negatives are the facts a kind question must not open the gate for: other kinds, places, jobs, people::

    python bench/kind_bridge.py            # per set: accuracy, positives found, negatives let through, both
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: (kind word of the question, the user's statement, it names a thing of that kind)
PAIRS: list[tuple[str, str, bool]] = [
    ("music", "I'm really into bluegrass", True), ("music", "I listen to a lot of drum and bass", True),
    ("music", "Soul is my thing", True), ("music", "I love grime", True), ("music", "I'm a big fan of ska", True),
    ("music", "I listen to lo-fi while I work", True), ("music", "I adore symphonies", True),
    ("sport", "I do judo twice a week", True), ("sport", "I row on the river at weekends", True),
    ("sport", "I play water polo", True), ("sport", "I've taken up fencing", True),
    ("sport", "I play ice hockey on Fridays", True), ("sport", "I do kickboxing", True),
    ("pet", "I have a ferret called Noodle", True), ("pet", "We keep two chickens", True),
    ("pet", "I've got an axolotl", True), ("pet", "I have a pet hedgehog", True),
    ("food", "I love dumplings", True), ("food", "Lasagne is my favourite", True),
    ("food", "I could eat tacos every day", True), ("cuisine", "I love Ethiopian food", True),
    ("cuisine", "Korean barbecue is my favourite", True), ("food", "I adore risotto", True),
    ("drink", "I drink kombucha every morning", True), ("drink", "My favourite is a gin and tonic", True),
    ("drink", "I love matcha", True), ("drink", "I always order cider", True),
    ("language", "I'm learning Dutch", True), ("language", "I speak fluent Greek", True),
    ("language", "I'm taking Swahili lessons", True), ("language", "I can get by in Turkish", True),
    ("instrument", "I play the bagpipes", True), ("instrument", "I'm learning the sitar", True),
    ("instrument", "I play bass in a band", True), ("instrument", "I've started the trombone", True),
    ("music", "I live in Oslo", False), ("music", "My son works at a bakery", False),
    ("music", "I do judo twice a week", False), ("music", "I'm allergic to penicillin", False),
    ("sport", "I love dumplings", False), ("sport", "I'm learning Dutch", False),
    ("sport", "My sister is a dentist", False), ("sport", "I drive a Honda", False),
    ("pet", "I love grime", False), ("pet", "I play water polo", False), ("pet", "I live in a flat in Leeds", False),
    ("food", "I play the bagpipes", False), ("food", "My brother is studying law", False),
    ("food", "I'm learning the sitar", False), ("cuisine", "I work night shifts", False),
    ("drink", "I play ice hockey on Fridays", False), ("drink", "My mum lives in Cork", False),
    ("drink", "I love Ethiopian food", False), ("language", "I listen to a lot of drum and bass", False),
    ("language", "I have a ferret called Noodle", False), ("language", "I adore risotto", False),
    ("instrument", "I speak fluent Greek", False), ("instrument", "I drink kombucha every morning", False),
    ("instrument", "My wife teaches yoga", False),
]

#: a second set, written after the vocabulary was (the first was read for its misses while the gazetteer grew: the
#: vocabulary's figure on it is no longer held out; this one is)
PAIRS_2: list[tuple[str, str, bool]] = [
    ("music", "I'm obsessed with 80s synthpop", True), ("music", "I love Motown", True),
    ("music", "I listen to a lot of reggae", True), ("music", "Baroque music relaxes me", True),
    ("music", "I'm into emo", True), ("music", "I listen to podcasts on the bus", False),
    ("sport", "I play rugby sevens", True), ("sport", "I go surfing in Cornwall", True),
    ("sport", "I swim laps every morning", True), ("sport", "I've joined a netball team", True),
    ("sport", "I do aikido", True), ("sport", "I play golf with my dad", True),
    ("pet", "I have a budgie named Kiwi", True), ("pet", "We have a pet rabbit", True),
    ("pet", "I have a tortoise", True), ("pet", "I keep bees in the garden", True), ("pet", "I have a cockapoo", True),
    ("food", "I love sushi", True), ("food", "I'm obsessed with pierogi", True),
    ("food", "Mushroom risotto is my favourite dish", True), ("food", "I eat a lot of lentils", True),
    ("food", "Pizza is my weakness", True), ("drink", "I drink oat milk lattes", True),
    ("drink", "I love a cold beer", True), ("drink", "I drink rooibos", True), ("drink", "I like mulled wine", True),
    ("language", "I'm learning Japanese", True), ("language", "I speak Portuguese at home", True),
    ("language", "I'm studying Mandarin", True), ("language", "I can speak a little Polish", True),
    ("instrument", "I play the ukulele", True), ("instrument", "I'm learning the oboe", True),
    ("instrument", "I play the harp", True), ("instrument", "I play the cello in an orchestra", True),
    ("music", "I work at a bank", False), ("sport", "I love sushi", False), ("pet", "I'm learning Japanese", False),
    ("food", "I play golf with my dad", False), ("drink", "My daughter starts school in September", False),
    ("language", "I have a budgie named Kiwi", False), ("instrument", "I live near the beach", False),
    ("music", "My husband is a plumber", False), ("sport", "I'm allergic to cats", False),
    ("food", "I drive a Volvo", False), ("pet", "I love a cold beer", False),
    ("language", "I go surfing in Cornwall", False), ("drink", "I'm learning the oboe", False),
    ("instrument", "I speak Portuguese at home", False), ("sport", "I listen to a lot of reggae", False),
    ("music", "I swim laps every morning", False), ("pet", "My brother lives in Perth", False),
    ("food", "My mum's birthday is in May", False),
]

#: a question's kind word → the kind :mod:`memcli.read.kinds` types it as
_KIND_OF = {"pet": "animal", "cuisine": "food"}


def vocabulary(kind_word: str, statement: str) -> bool:
    """The statement names a thing of the kind (a family for "pet"), by the gazetteer."""
    from memcli.read.kinds import FAMILY, kinds_of

    held = kinds_of(statement)
    want = _KIND_OF.get(kind_word, kind_word)
    return any(FAMILY.get(k) == want for k in held) if want == "animal" else want in held


def main() -> None:
    os.environ.setdefault("MEMCLI_CONFIG", os.devnull)
    for name, pairs in (("set 1 (read for misses)", PAIRS), ("set 2 (held out)", PAIRS_2)):
        print(name)
        measure(pairs)


def measure(pairs: list[tuple[str, str, bool]]) -> None:
    """Print both bridges' figures on ``pairs``."""
    import re

    import numpy as np

    from memcli.embed import get_embedder
    from memcli.settings import load_settings

    enc = get_embedder(load_settings().model)
    values = [re.sub(r"^(?:i|i'm|i've|we|my|our)\b\s*(?:\w+\s+){0,2}?(?:into|to|do|play|have|love|eat|drink|"
                     r"learning|speak|keep|got|an?|the)\s+", "", s, flags=re.I) for _, s, _ in pairs]
    kv = enc.embed_batch([k for k, _, _ in pairs])
    sv = enc.embed_batch(values)
    cos = np.sum(kv * sv, axis=1)
    gold = np.array([g for *_, g in pairs])
    voc = np.array([vocabulary(k, s) for k, s, _ in pairs])
    best = max((float(np.mean((cos >= t) == gold)), float(t)) for t in np.unique(cos))
    enc_pred = cos >= best[1]
    pos, neg = gold, ~gold
    for name, pred in (("vocabulary", voc), (f"encoder (cos >= {best[1]:.3f}, best on this set)", enc_pred)):
        print(f"{name}: accuracy {np.mean(pred == gold):.3f}, positives found {int(np.sum(pred & pos))}/"
              f"{int(pos.sum())}, negatives let through {int(np.sum(pred & neg))}/{int(neg.sum())}")
    pos_cos, neg_cos = cos[pos], cos[neg]
    auc = float(np.mean([[p > n for n in neg_cos] for p in pos_cos]))
    print(f"encoder AUC {auc:.3f}; positives' cosine median {np.median(pos_cos):.3f}, "
          f"negatives' {np.median(neg_cos):.3f}")
    for (k, s, g), v, c in zip(pairs, voc, cos, strict=True):
        if v != g:
            print(f"  vocabulary wrong: {k!r} / {s!r} (gold {g}, cos {c:.3f})")


if __name__ == "__main__":
    main()
