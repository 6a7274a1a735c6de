"""What a later "it" may mean in English (round 31): the event a clause gives the time of — "The team meeting is
on Monday" then "It's actually on Tuesday, not Monday" (:mod:`memcli.write.rules.coref_mentions`)."""

from __future__ import annotations

from memcli.write.rules.en_events import event_time
from memcli.write.rules.en_the_event import without_opener

__all__ = ["event_subject"]


def event_subject(clause: str) -> str | None:
    """The words that name the event of ``clause`` when it gives an event's time (the user's own or a
    relative's, :func:`memcli.write.rules.en_events.event_time`): "The team meeting" of "The team meeting is on
    Monday", "my interview" of "My interview is on Tuesday" — what a later "it" means ("It's actually on
    Tuesday, not Monday"); None for anything else."""
    said = without_opener(clause.strip().rstrip(" .!"))  # (Sorry, the meeting is…)
    m = event_time(said) if said else None
    if m is None or not (m.slot or "").endswith(("event.scheduled", "event.rescheduled")) or not m.value:
        return None
    at = said.casefold().find(m.value.casefold())
    words = said[:at + len(m.value)].split() if at >= 0 else []
    if not 0 < len(words) <= 6:
        return None
    return " ".join(words[:1]).casefold() + " ".join(["", *words[1:]]) if words[0].casefold() in (
        "the", "my", "our", "this", "that") else " ".join(words)  # (said inside a clause: "sorry, the meeting…")

