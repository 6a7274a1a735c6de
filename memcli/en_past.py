"""English irregular past tenses: one table (round 42) for the read path (whether a message tells:
:mod:`memcli.read.told`) and the write path (whether a dated statement tells what was: :mod:`memcli.write.pair_dates`).

Before round 42 each held its own list: the read path's 46 forms, the write path's 23 (all among the 46). Both now
read the same 46 — the simple past of the common irregular verbs (went, bought, ate …) — beside the regular ones in
-ed, which each caller's pattern matches itself. A form that is also the present (quit, hurt) or another word (left,
saw, won of "won't") is listed as the past it is: each caller's pattern says where it reads one (after a subject
pronoun, beside a date), and keeps its own policy for the words around it.

Pure data; no memcli import (read and write paths both import it, and never each other).
"""

from __future__ import annotations

__all__ = ["EN_IRREGULAR_PAST", "en_irregular_past_rx"]

#: the simple past of the common irregular English verbs, one form each (went, not gone: participles are not here)
EN_IRREGULAR_PAST = (
    "got", "went", "bought", "became", "began", "came", "ate", "drank", "felt", "found", "gave", "heard", "kept",
    "knew", "left", "lost", "made", "met", "paid", "ran", "said", "saw", "sold", "sent", "spent", "took", "told",
    "thought", "won", "wrote", "broke", "chose", "drove", "flew", "fell", "grew", "hurt", "quit", "rode", "sang",
    "slept", "spoke", "taught", "threw", "woke", "wore",
)


def en_irregular_past_rx() -> str:
    """:data:`EN_IRREGULAR_PAST` as a regular-expression alternation (``got|went|…``, no group, no word
    boundaries: the caller's pattern adds them)."""
    return "|".join(EN_IRREGULAR_PAST)
