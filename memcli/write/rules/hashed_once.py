"""A frozen dataclass's hash computed once (round 33): :class:`~memcli.write.rules.match.Facts` is the key of every
pair the decision compares, asked of a dozen cached checks per pair (the guard, the hard guard, the pair features), and
its generated ``__hash__`` hashed its seven fields again on every lookup."""

from __future__ import annotations

from dataclasses import fields

__all__ = ["HashedOnce"]


class HashedOnce:
    """Mixin for a frozen dataclass: ``hash(obj)`` is the hash of its fields' values in order (what the generated
    ``__hash__`` gives), kept on the object after the first call. The dataclass must set ``__hash__ =
    HashedOnce.__hash__`` (a frozen dataclass generates its own otherwise). Never pickled: a ``str``'s hash
    differs from process to process."""

    def __hash__(self) -> int:
        d = self.__dict__
        h = d.get("_hash")
        if h is None:
            h = d["_hash"] = hash(tuple(getattr(self, f.name) for f in fields(self)))  # type: ignore[arg-type]
        return h

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}
