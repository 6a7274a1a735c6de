"""What the library takes where it names one row: a memory or an episode, as search returned it.

A search hit is a memory (``id`` 24, ``ref`` "m24") or an episode (``id`` None, ``episode_id`` 24,
``ref`` "e24": the user's own words; 24 is a *source* id, unrelated to memory #24). ``forget`` and
``correct`` take an int (a memory id), a ref string ("24", "m24", "e24"), the :class:`Hit` itself or
a ``MemoryItem`` (``list``, ``show``), so passing on what search returned can never name another row.
Anything else — ``"abc"``, ``0``, ``-3``, ``True``, ``1.5`` — is one :class:`BadInputError` line, never
the builtin ``int()`` message.
"""

from __future__ import annotations

from typing import Any

from memcli.errors import BadInputError

__all__ = ["MAX_ID", "episode_ref", "memory_ref", "parse_ref", "positive_id"]

MAX_ID = 2**63 - 1  # an SQLite integer: a task id past it is bad input (a memory id past it is not found)


def _bad(value: Any, what: str, episodes: bool = True) -> BadInputError:
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    ep = ", an episode ref such as 'e12'," if episodes else ""  # not offered where it is then refused (correct)
    return BadInputError(f"{what} must be a memory id such as 12 or 'm12'{ep} or a search hit (got {shown})")


def positive_id(value: Any, what: str = "id") -> int:
    """``value`` as a positive row id (an int, or a string of digits).

    Raises:
        BadInputError: anything else (``bool``, 0, negative, float, ``"abc"``, too large).
    """
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ID:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise BadInputError(f"{what} must be a positive id such as 3 (got {shown})")
    return int(value)


def parse_ref(value: Any, what: str = "id", *, episodes: bool = True) -> tuple[int, bool]:
    """``(number, is_episode)`` of a memory id, a ref string or a search hit.

    ``24`` / ``"24"`` / ``"m24"`` → (24, False); ``"e24"`` or an episode hit → (24, True). ``episodes``:
    whether the error for a bad value offers an episode ref (False where only a memory will do).

    Raises:
        BadInputError: not one of those.
    """
    if hasattr(value, "episode_id") and hasattr(value, "origin"):  # a Hit (read path type, not imported here)
        episode = value.episode_id is not None
        number = value.episode_id if episode else value.id
    elif hasattr(value, "statement") and hasattr(value, "id"):  # a MemoryItem (list, show): a memory
        episode, number = False, value.id
    elif isinstance(value, str):
        text = value.strip()
        episode = text[:1] in ("e", "E")
        number = text[1:] if text[:1] in ("e", "E", "m", "M") else text
        if not number.isascii() or not number.isdigit():
            raise _bad(value, what, episodes)
        number = int(number)
    else:
        episode, number = False, value
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise _bad(value, what, episodes)  # a positive number past SQLite's range names no row: NotFoundError there
    return int(number), episode


def memory_ref(value: Any, action: str) -> int:
    """The memory id of ``value`` (see :func:`parse_ref`) for ``action`` (e.g. "correct").

    Raises:
        BadInputError: not a memory id; an episode (its words are no memory to ``action``).
    """
    number, episode = parse_ref(value, f"{action}: the id", episodes=False)
    if episode:
        raise BadInputError(
            f"{action}: e{number} is an episode (the user's own words, a search hit with "
            f"episode_id {number}), not a memory; only forget takes an episode"
        )
    return number


def episode_ref(value: Any, action: str = "forget_episode") -> int:
    """The episode id of ``value``: an int or digits (an ``episode_id``), ``"e24"`` or an episode hit.

    Raises:
        BadInputError: not one of those; a memory's ref ("m24") or hit.
    """
    number, episode = parse_ref(value, f"{action}: the id")
    plain = isinstance(value, int) or (isinstance(value, str) and value.strip().isdigit())
    if not episode and not plain:
        raise BadInputError(f"{action}: m{number} is a memory, not an episode; forget takes a memory")
    return number
