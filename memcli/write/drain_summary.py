"""What one drain run did (:class:`DrainSummary`), as :class:`memcli.write.worker.MemoryCaptureWorker` returns it
and ``memcli drain --json`` prints it; split out of :mod:`memcli.write.worker`."""

from __future__ import annotations

from pydantic import BaseModel, Field

__all__ = ["STAGES", "DrainSummary"]

#: the drain's stages, each timed in :attr:`DrainSummary.seconds` (wall-clock seconds)
STAGES = ("claim", "extract", "embed", "decide", "write")


class DrainSummary(BaseModel):
    """What one ``drain`` run did. Times are wall-clock seconds."""

    user: str | None = Field(description="the user drained; None: every user")
    extractor: str
    judge: str
    claimed: int = 0
    done: int = 0
    retried: int = 0
    dead: int = 0
    lost: int = Field(0, description="tasks whose lease another worker took over (results dropped)")
    candidates: int = 0
    episodes: int = Field(0, description="user turns kept as episodes (not chatter, no memory)")
    added: int = 0
    reinforced: int = 0
    updated: int = 0
    conflicted: int = 0
    forgotten: int = Field(0, description="memories invalidated because a user turn asked to forget them "
                           "(memcli.write.told_forget: 'forget that …', 忘掉…吧)")
    forget_unmatched: int = Field(0, description="things a user turn asked to forget that named no stored memory "
                                  "clearly: nothing changed for them")
    seconds: dict[str, float] = Field(default_factory=lambda: {k: 0.0 for k in (*STAGES, "total")})
    utterances_per_s: float = 0.0
    interrupted: bool = Field(False, description="stopped by a signal (SIGINT/SIGTERM) before the outbox was empty")
    released: int = Field(0, description="claimed tasks given back unstarted when interrupted (pending again)")
    waiting: int | None = Field(None, description="tasks still pending or in process at the end, counted when "
                                "max_seconds or limit was given (None: neither, it ran until the outbox was empty)")
    done_ids: list[int] = Field(default_factory=list, description="outbox task ids completed by this run")
    errors: list[str] = Field(default_factory=list, description="first errors seen (at most 10)")

    def mark(self) -> tuple[dict[str, object], int, int]:
        """The counters (every field but ``seconds`` and the two lists) and the lists' lengths, for :meth:`undo`:
        a batch that does not commit takes back what it counted. The lists only grow, so their lengths say what
        to cut (a copy of ``done_ids`` a batch made the drain quadratic: 10k ids copied 313 times at 10k)."""
        keep = {k: getattr(self, k) for k in type(self).model_fields if k not in ("seconds", "done_ids", "errors")}
        return keep, len(self.done_ids), len(self.errors)

    def undo(self, mark: tuple[dict[str, object], int, int]) -> None:
        """Back to ``mark`` (:meth:`mark`): the counters as they were, the ids and errors added since dropped."""
        keep, ids, errors = mark
        for k, v in keep.items():
            setattr(self, k, v)
        del self.done_ids[ids:]
        del self.errors[errors:]
