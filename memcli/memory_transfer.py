"""The bulk import and export methods of :class:`memcli.memory.Memory`: parse and validate JSON Lines,
import them all or nothing, export the user's memories as format-2 lines. A mixin of the facade, bound
like it to one store and one user (``self.store``, ``self.settings``, ``self.user``, ``self.embedder`` of
:class:`memcli.engine.Engine`); split out of :mod:`memcli.memory` (the CLI's side: :mod:`memcli.cli.transfer`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memcli.models import DecisionResult
    from memcli.settings import Settings

__all__ = ["TransferAPI"]

Progress = Callable[[int], None]


class TransferAPI:
    """Import and export of the bound user's memories (:mod:`memcli.write.importing`, :mod:`memcli.exports`)."""

    store: Any
    settings: Settings
    user: str
    embedder: Any

    def import_records(self, records: list[Any], progress: Progress | None = None) -> list[DecisionResult]:
        """Import parsed lines (:meth:`read_records`) in one transaction, all or nothing: a
        format-2 line (:class:`~memcli.records.StoredRecord`, what ``export`` writes) restored
        as its own row with its sources (a user turn quoted as an episode again), links and events, no
        decision (:func:`memcli.write.restore.restore`); a turn line (:class:`~memcli.records.TurnRecord`,
        ``export --all``: a turn no memory holds) as the drain recorded it; a format-1 line
        (:class:`~memcli.records.MemoryRecord`) written as ``remember`` does, through the decision. Embedded in
        batches (:mod:`memcli.write.importing`).

        Idempotent: a line already present is skipped, not written again — format 2: the same
        statement, ``at`` and ``recorded_at`` (a turn: role, text, ``at``, ``recorded_at``); format 1: the
        same statement, ``at`` and recorded state, or an earlier line of the batch. Returns one
        :class:`DecisionResult` per memory written (an :class:`~memcli.records.ImportResults`: ``turns``,
        ``turns_skipped`` count the turn lines).
        """
        from memcli.write.importing import import_records

        return import_records(self.store, self.settings, self.user, lambda: self.embedder, records, progress)

    def read_records(self, lines: Iterable[str], *, allow_future: bool = False, where: str = "") -> list[Any]:
        """Parse and validate import JSON Lines, all or nothing: format-1 lines as
        :class:`~memcli.records.MemoryRecord`, format-2 lines (``"v": 2``) as :class:`~memcli.records.StoredRecord`
        (end line checked, :func:`~memcli.records.complete_records`); ``where`` (a file name) begins errors.

        Raises:
            BadInputError: naming the first bad line (JSON, field, blank or oversized text, an
                ``at`` more than a day in the future unless ``allow_future``); a format-2 file
                without its end line or whose count does not match (truncated).
        """
        from memcli.records import complete_records, parse_jsonl, record_model

        return complete_records(parse_jsonl(lines, record_model, max_chars=self.settings.max_text_chars, where=where,
                                            context={"refuse_future": not allow_future}), where)

    def import_jsonl(self, lines: Iterable[str], progress: Progress | None = None, *,
                     allow_future: bool = False) -> list[DecisionResult]:
        """Parse JSON Lines of :class:`~memcli.records.MemoryRecord` (all or nothing) and import those not
        already present (:meth:`import_records`)."""
        return self.import_records(self.read_records(lines, allow_future=allow_future), progress=progress)

    def export(self, *, include_all: bool = False) -> Iterator[dict[str, Any]]:
        """The user's memories (active only unless ``include_all``) as format-2 JSON Lines dicts,
        each row as stored with its sources and events, then the end line
        (:func:`memcli.exports.export_records`); :meth:`import_jsonl` restores them."""
        from memcli.exports import export_records

        return export_records(self.store, self.user, include_all=include_all)
