"""MemoryCaptureWorker (the seed's name): the worker loop — claim → extract → embed → decide →
write, one task at a time committed.

:class:`MemoryCaptureWorker` takes its dependencies (store, settings, embedder, extractor,
judge) and is built once per :class:`~memcli.memory.Memory` / :class:`~memcli.admin.Admin`.

Per batch of claimed tasks (``drain_batch_size``): every task is extracted — an utterance the
extractor wants context for (:meth:`~memcli.write.extract.Extractor.wants_context`: a pronoun
subject, for the rules) first gets the user's preceding turns of its session, a read
(:meth:`~memcli.db.store.MemoryStore.preceding_utterances`) outside any write; the statements of
the whole batch are embedded in one batched call; then the batch is written in **one
transaction**, each task's candidates decided and written **in a savepoint together with the
task's completion**. A failure (judge, a lost lease, a database error) rolls back that task's
savepoint only; the task is retried with backoff or turns dead (recorded in the same
transaction) and the rest of the batch goes on. Inside that transaction, before its first write,
the first candidate of each user's first task with candidates is read and judged together with the
others (:func:`memcli.write.decide_range.prefetch`: nothing earlier in the batch can change what it
reads); every later candidate reads the store as the tasks before it left it. One commit per batch
instead of one per task:
the commit, the index upkeep after it and the vector files' update are paid once. On SQLite the
tasks' leases are read once when the transaction begins (the writer's lock keeps any other worker
from changing one until it ends) and the written tasks are marked done in one statement at its end
(:func:`memcli.write.outbox.held`, :func:`~memcli.write.outbox.complete_many`); a task whose lease was
lost still rolls back in its savepoint (:func:`memcli.db.task_savepoint.task_savepoint`: released when the
task succeeds). A killed process leaves its open transaction uncommitted: no item, no event of any task of the
batch, and its tasks are reclaimed when their leases expire. A batch that cannot commit (a second
signal, the database rolled the transaction back) leaves nothing and releases all its tasks.
Extraction runs one extractor call's worth at a time (the LLM extractor's ``batch``), and a failed
extraction is recorded on its task as soon as it happens — an interrupted drain keeps the error of
every utterance it tried.

**Look-ahead** (``drain_ahead``, a local extractor): after a first full batch, the next batches
(:data:`AHEAD_BATCHES`) are claimed before this one is written (on SQLite, once the look-ahead runs, each inside the
transaction that writes the batch two before it: round 41) and extracted and embedded in a forked process meanwhile
(:mod:`memcli.write.prepare`: that work reads only the captured turns and writes nothing); the
decisions and writes stay here, in claim order, and give the same store as without it. The
summary's ``seconds`` then count the other process's extract and embed time (overlapping the
writes) and add ``wait``: the time this process waited for a batch to be ready.

**Interrupted** (``stop`` set, e.g. by SIGINT/SIGTERM through
:class:`memcli.write.interrupt.Interruptible`): checked before each task's extraction and
write and during the idle wait of ``--loop``; the task being written finishes, the tasks
claimed but not yet written (the batches claimed ahead too) are released at once
(:func:`memcli.write.outbox.release`), and
the summary has ``interrupted = True`` and ``released``. A ``KeyboardInterrupt`` (a second
signal) rolls the task in hand back and releases it with the rest.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Collection
from functools import partial
from typing import TYPE_CHECKING, Union

from memcli.db.store import MemoryStore
from memcli.db.task_savepoint import task_savepoint
from memcli.errors import BadInputError
from memcli.models import Candidate, Decision, Origin
from memcli.settings import Settings
from memcli.text import whole_number
from memcli.timeutil import check_duration, now_utc
from memcli.write import drain_gc, outbox
from memcli.write.chatter import ChatterTest, is_chatter
from memcli.write.decide import decide_and_apply
from memcli.write.drain_summary import DrainSummary
from memcli.write.extract import Extractor, MemoryExtractionService
from memcli.write.judge import Judge
from memcli.write.prepare import Ahead, Prepared, failure_text, prepare, utterances
from memcli.write.told_forget import forget_told

if TYPE_CHECKING:
    from memcli.embed import Embedder

__all__ = ["DrainSummary", "EmbedderSource", "MemoryCaptureWorker"]

#: an embedder, or a callable that loads it on first use (no model load for an empty outbox)
EmbedderSource = Union["Embedder", Callable[[], "Embedder"]]

#: batches claimed ahead and prepared by the look-ahead process while one is written: two, so that a batch
#: slower to extract than the one being written to write does not leave this process waiting (the look-ahead
#: works on through the next one meanwhile)
AHEAD_BATCHES = 2


_COUNTER = {Decision.ADD: "added", Decision.NOOP: "reinforced", Decision.UPDATE: "updated",
            Decision.CONFLICT: "conflicted"}


class MemoryCaptureWorker:
    """Drains the capture outbox: claim (with a lease) → extract → batched embed → decide → write.

    Args:
        store: the store (tasks are claimed, decided and written there).
        settings: batch size, lease, retry policy, decision thresholds.
        embedder: the write-path embedder, or a callable that loads it (called only when a
            batch has statements to embed).
        extractor: the extractor (:mod:`memcli.write.backends` picks the configured one).
        judge: the gray-zone judge.
        chatter: the test that says a user turn is chatter (:data:`memcli.write.chatter.ChatterTest`,
            default the marker test :func:`~memcli.write.chatter.is_chatter`): a turn that is not
            chatter and produced no memory is kept as an episode (:mod:`memcli.db.episodes`).
    """

    def __init__(self, store: MemoryStore, settings: Settings, embedder: EmbedderSource,
                 extractor: Extractor, judge: Judge, chatter: ChatterTest | None = None) -> None:
        self.store = store
        self.settings = settings
        self._embedder = embedder
        self.extraction = MemoryExtractionService(extractor)
        self.judge = judge
        self.chatter: ChatterTest = chatter or is_chatter

    @property
    def embedder(self) -> Embedder:
        """The embedder (loaded on first use when given as a callable)."""
        from memcli.embed import Embedder

        if not isinstance(self._embedder, Embedder):
            self._embedder = self._embedder()
        return self._embedder

    def drain(self, limit: int | None = None, user: str | None = None, loop: bool = False,
              interval_s: float | None = None, max_seconds: float | None = None,
              progress: Callable[[int], None] | None = None, stop: threading.Event | None = None) -> DrainSummary:
        """Process claimable outbox tasks of ``user`` (None: every user) and return a summary.

        Args:
            limit: at most this many tasks claimed in total (None: until the outbox is empty).
            loop: keep polling every ``interval_s`` seconds (default ``drain_interval_s``) until
                ``max_seconds`` have passed (forever when None) or ``limit`` is reached.
            max_seconds: wall-clock budget, seconds (finite, > 0; None: no limit); checked between batches. With it or
                ``limit``, the summary's ``waiting`` counts the tasks left in the outbox.
            progress: called with the number of tasks finished after each task.
            stop: when set (by a signal handler or another thread), finish the task being written,
                release the claimed tasks not started and return (``interrupted``).

        Raises:
            BadInputError: ``max_seconds`` 0, negative, infinite or NaN; ``limit`` not a whole number ≥ 1.
            StoreError, EmbeddingError, ConfigError: the worker cannot run at all (tasks already
            claimed stay leased and are reclaimed when the lease expires).
        """
        st, settings = self.store, self.settings
        interval = (settings.drain_interval_s if interval_s is None
                    else check_duration(interval_s, field="interval_s"))
        if max_seconds is not None:  # NaN, negative, infinite: bad input, as the CLI and HTTP say (None: no limit)
            max_seconds = check_duration(max_seconds, field="max_seconds")
            if max_seconds == 0:  # the budget would end before the first task is claimed
                raise BadInputError("max_seconds: 0 drains nothing; give more than 0 (or leave it out: no limit)")
        if limit is not None:  # -1 or "5" drained nothing or raised TypeError
            whole_number(limit, "limit")
        owner = outbox.new_owner()
        summary = DrainSummary(user=user, extractor=self.extraction.name, judge=self.judge.name)
        secs = summary.seconds
        started = time.perf_counter()
        inflight: list[outbox.Task] = []  # claimed by this run, neither written nor failed yet
        keep = getattr(st, "keep_active_rows", None)  # SQLite: the decisions' lookups answered from a copy
        kept = keep(True) if keep is not None else True
        batch = getattr(st, "batch_vectors", None)  # SQLite: a batch's vector rows in one insert per table
        batched = batch(True) if batch is not None else True
        ahead: Ahead | None = None  # the next batches prepared in another process while this one is written
        nxt: deque[list[outbox.Task]] = deque()  # claimed and sent to it, in claim order
        ended = False
        drain_gc.begin()  # fewer cyclic collections meanwhile (memcli.write.drain_gc)
        try:
            while not (stop is not None and stop.is_set()):
                if max_seconds is not None and time.perf_counter() - started >= max_seconds:
                    break
                job = None
                if nxt:
                    tasks, job = nxt.popleft(), ahead
                else:
                    want = settings.drain_batch_size if limit is None else min(settings.drain_batch_size,
                                                                               limit - summary.claimed)
                    if want <= 0:
                        break
                    t = time.perf_counter()
                    tasks = outbox.claim(st, settings, owner, want, user=user)
                    secs["claim"] += time.perf_counter() - t
                    if not tasks:
                        if not loop:
                            break
                        pause = (interval if max_seconds is None else
                                 max(0.0, min(interval, max_seconds - (time.perf_counter() - started))))
                        stop.wait(pause) if stop is not None else time.sleep(pause)
                        continue
                    summary.claimed += len(tasks)
                    inflight[:] = tasks
                prep = None
                if ahead is None and len(tasks) == settings.drain_batch_size and self._looks_ahead():
                    # a full batch: more may follow. This one is prepared here first, so the process
                    # forked next starts from the memo it leaves
                    prep = self._prepare_here(tasks, summary, progress, inflight, stop)
                    if prep.complete and not (stop is not None and stop.is_set()):
                        try:
                            ahead = Ahead(self)
                        except OSError:  # no process to be had (memory, a limit): the drain goes on alone
                            ahead = None
                then = None  # the next batch's claim, made inside this batch's transaction (round 41)
                while ahead is not None and len(nxt) < AHEAD_BATCHES and not (stop is not None and stop.is_set()):
                    if job is not None and len(nxt) == AHEAD_BATCHES - 1 and getattr(st, "held_tasks", None):
                        then = partial(self._claim_ahead, ahead, owner, user, limit, summary, inflight, nxt)
                        break
                    if self._claim_ahead(ahead, owner, user, limit, summary, inflight, nxt) is None:
                        break
                self._process_batch(tasks, summary, progress, inflight, stop, ready=job, prep=prep, then=then)
            ended = True
        except KeyboardInterrupt:  # a second signal: the task in hand was rolled back by its transaction
            if stop is None:  # no handler of ours: the caller's Ctrl-C, after the release below
                raise
            summary.interrupted = True
        finally:
            drain_gc.end()
            if ahead is not None:
                ahead.close(memo=ended or summary.interrupted)
            if not kept:
                keep(False)  # type: ignore[misc]
            if not batched:
                batch(False)  # type: ignore[misc]
            if inflight:
                summary.released += outbox.release(st, inflight)
                inflight.clear()
        if stop is not None and stop.is_set():
            summary.interrupted = True
        if max_seconds is not None or limit is not None:  # what a budget left; one read (two let a claim count twice)
            summary.waiting = (n := st.outbox_counts(user))["pending"] + n["processing"]
        secs["total"] = time.perf_counter() - started
        for k in secs:
            secs[k] = round(secs[k], 4)
        summary.utterances_per_s = round(summary.done / secs["total"], 2) if secs["total"] > 0 else 0.0
        return summary

    def _looks_ahead(self) -> bool:
        """Prepare the next batch in another process while this one is written
        (:mod:`memcli.write.prepare`): ``drain_ahead`` on, a local extractor (an LLM extractor's
        calls are the slow part, and a stop must be seen between them), a platform that forks, no
        other thread in this process (a fork copies only the calling thread; a lock another thread
        holds stays held in the copy), and not a daemonic process, which may start none (the server's
        drain process: every full batch failed "daemonic processes are not allowed to have children")."""
        import multiprocessing

        return (bool(self.settings.drain_ahead) and bool(getattr(self.extraction.extractor, "local", False))
                and threading.active_count() == 1 and "fork" in multiprocessing.get_all_start_methods()
                and not multiprocessing.current_process().daemon)

    def _prepare_here(self, tasks: list[outbox.Task], summary: DrainSummary, progress: Callable[[int], None] | None,
                      inflight: list[outbox.Task], stop: threading.Event | None) -> Prepared:
        """Prepare ``tasks`` in this process, a failed extraction recorded as soon as it happens."""

        def failed(task: outbox.Task, exc: Exception) -> None:
            self._failed(task, exc, summary)
            inflight.remove(task)
            if progress:
                progress(1)

        return prepare(self, tasks, utterances(self, tasks), stop, on_fail=failed)

    def _claim_ahead(self, ahead: Ahead, owner: str, user: str | None, limit: int | None, summary: DrainSummary,
                     inflight: list[outbox.Task], nxt: deque[list[outbox.Task]]) -> list[outbox.Task] | None:
        """Claim the next batch before the one in hand is written, start preparing it and queue it in ``nxt``;
        None: nothing (more) to claim. Its tasks join ``inflight``: released unwritten should the drain stop."""
        want = self.settings.drain_batch_size if limit is None else min(self.settings.drain_batch_size,
                                                                        limit - summary.claimed)
        if want <= 0:
            return None
        t = time.perf_counter()
        tasks = outbox.claim(self.store, self.settings, owner, want, user=user)
        summary.seconds["claim"] += time.perf_counter() - t
        if not tasks:
            return None
        summary.claimed += len(tasks)
        inflight.extend(tasks)
        ahead.submit(tasks)
        nxt.append(tasks)
        return tasks

    def _process_batch(self, tasks: list[outbox.Task], summary: DrainSummary,
                       progress: Callable[[int], None] | None, inflight: list[outbox.Task],
                       stop: threading.Event | None, ready: Ahead | None = None, prep: Prepared | None = None,
                       then: Callable[[], list[outbox.Task] | None] | None = None) -> None:
        """Extract, embed and write one claimed batch. ``inflight`` lists the tasks not yet
        written or failed (the caller releases them if this returns early or raises). ``ready``: the
        look-ahead process the batch was sent to (:class:`~memcli.write.prepare.Ahead`), its oldest
        batch; ``prep``: the batch already prepared here; neither: prepared here now. ``then``: claims the next
        batch for the look-ahead (:meth:`_claim_ahead`), called first thing in this batch's transaction: SQLite,
        whose writer lock the transaction holds anyway (:func:`~memcli.write.outbox.held`), so one commit a batch
        instead of two; the claim's leases commit with the batch's writes, or leave with them (round 41)."""
        secs = summary.seconds
        if prep is None and ready is None:
            prep = self._prepare_here(tasks, summary, progress, inflight, stop)
        elif prep is None:  # extract and embed: the other process's seconds, spent while the batch before was written
            t = time.perf_counter()
            prep = ready.result()  # type: ignore[union-attr]
            secs["wait"] = secs.get("wait", 0.0) + time.perf_counter() - t
            for task, exc in prep.failed:
                self._failed(task, exc, summary)
                inflight.remove(task)
                if progress:
                    progress(1)
        secs["extract"] += prep.extract_s
        secs["embed"] += prep.embed_s
        if not prep.complete:
            return
        extracted, episodes, vectors = prep.extracted, prep.episodes, prep.vectors
        ep_pos = sum(len(out) for out in extracted if not isinstance(out, Exception))

        pos = 0
        before = summary.mark()  # the counters, should the batch not commit
        written: list[outbox.Task] = []
        claimed: list[outbox.Task] = []  # claimed for the look-ahead in this transaction
        try:
            with self.store.tx():  # ONE transaction per batch; each task is a savepoint inside it
                if then is not None and not (stop is not None and stop.is_set()):
                    claimed = then() or []
                t = time.perf_counter()
                held = outbox.held(self.store, tasks)  # leases, read once: completed together at the end
                note = getattr(self.store, "note_fresh_sources", None)  # SQLite: the turns' episode rows and links
                if note is not None:
                    note([k.source_id for k in tasks])
                completed: list[outbox.Task] = []
                pre = self._prefetch(tasks, extracted, vectors, prep.ready)
                summary.seconds["decide"] += time.perf_counter() - t
                t = time.perf_counter()
                for task, out in zip(tasks, extracted, strict=True):
                    if stop is not None and stop.is_set():
                        break  # what was written commits; the rest stays in `inflight` (released by the caller)
                    chatter, wants, uncovered = episodes.pop(0)
                    ep_vec = None
                    if wants and vectors is not None:
                        ep_vec, ep_pos = vectors[ep_pos], ep_pos + 1
                    if isinstance(out, Exception):
                        continue  # recorded (and out of `inflight`) when it happened
                    vecs = vectors[pos:pos + len(out)] if vectors is not None else []
                    pos += len(out)
                    try:
                        self._write_task(task, out, vecs, summary, episode=(chatter, ep_vec, uncovered),
                                         pre=pre.get(task.id), held=held)
                        completed.append(task)
                    except Exception as exc:  # the task's savepoint was rolled back: retry or dead
                        self._failed(task, exc, summary)
                    inflight.remove(task)
                    written.append(task)
                    if progress:
                        progress(1)
                    t = time.perf_counter()
                if held is not None:
                    outbox.complete_many(self.store, completed)
            secs["write"] += time.perf_counter() - t  # the commit, and the vector files' update after it
        except BaseException:  # the batch did not commit (a second signal, a database error): nothing of it
            inflight[:0] = written  # stays; its tasks are released with the unstarted ones
            for task in claimed:  # their claim left with the transaction: pending again, not ours to release
                inflight.remove(task)
            summary.undo(before)
            raise

    def _prefetch(self, tasks: list[outbox.Task], extracted: list, vectors,  # noqa: ANN001
                  ready: Collection[int] = ()) -> dict:
        """task id → the batch's reads for its first candidate (:func:`memcli.write.decide_range.prefetch`),
        for the first task with candidates of each user: no decision of the batch comes before it, so
        what it reads is what the batch found. Inside the batch's transaction, before its first write;
        should the reads fail, every candidate reads the store itself (the task's own savepoint then
        records what fails). ``ready``: the positions of the tasks whose candidates the look-ahead already dated
        (:func:`memcli.write.precompute.ready`): the reads are of the enriched candidate without its date, as
        when the extractor's own candidate comes here."""
        from memcli.write.decide_range import prefetch
        from memcli.write.extract import enrich

        firsts, users, pos = [], set(), 0
        for at, (task, out) in enumerate(zip(tasks, extracted, strict=True)):
            if isinstance(out, Exception):
                continue
            if out and task.user not in users and vectors is not None:
                users.add(task.user)
                first = enrich(out[0])
                if at in ready and first.event_when is not None:  # dated ahead: read as the extractor's (undated)
                    first = first.model_copy(update={"event_when": None})
                firsts.append((task.id, (task.user, first, vectors[pos])))
            pos += len(out)
        if not firsts:
            return {}
        try:
            got = prefetch(self.store, self.settings, self.judge, [item for _, item in firsts])
        except Exception:  # noqa: BLE001 - a read failed: the tasks read (and fail) one by one
            return {}
        return {tid: p for (tid, _), p in zip(firsts, got, strict=True)}

    def _write_task(self, task: outbox.Task, cands: list[Candidate], vecs, summary: DrainSummary,  # noqa: ANN001
                    episode: tuple[bool, object, bool] = (False, None, False), pre=None,  # noqa: ANN001
                    held: set[int] | None = None) -> None:
        """All results of one task and its completion, in ONE savepoint of the batch's transaction (its own
        transaction when called outside one). ``episode``: (the turn is chatter, its vector or None) — a user turn
        is recorded as an episode or not after the decisions (:meth:`~memcli.db.store.MemoryStore.record_episode`).
        ``pre``: the batch's reads for the first candidate (:meth:`_prefetch`). ``held``: the batch's tasks found
        leased to this worker when its transaction began (:func:`memcli.write.outbox.held`): the task is then
        marked done together with the others at the end of that transaction (a lost lease still rolls this task
        back here); None: marked done here."""
        st, settings = self.store, self.settings
        timings: dict[str, float] = {}
        counts: dict[str, int] = {}
        t = time.perf_counter()
        with task_savepoint(st):
            written: set[int] = set()  # memories this utterance wrote or decided on: not compared again
            for n, (cand, vec) in enumerate(zip(cands, vecs, strict=True)):
                res = decide_and_apply(st, settings, task.user, cand, vec, origin=Origin.EXTRACTED,
                                       model=settings.model, source_ids=[task.source_id], judge=self.judge,
                                       timings=timings, exclude=written, pre=None if n else pre,
                                       said_at=task.occurred_at)
                written |= {i for i in (res.item_id, res.other_item_id) if i is not None}
                counts[_COUNTER[res.decision]] = counts.get(_COUNTER[res.decision], 0) + 1
            if task.role == "user" and not cands and episode[0]:  # "forget that …": memcli.write.told_forget
                asked = forget_told(st, self.embedder, task.user, task.content, task.source_id, now_utc())
                if asked is not None:
                    summary.forgotten, summary.forget_unmatched = (summary.forgotten + asked[0],
                                                                   summary.forget_unmatched + asked[1])
            if task.role == "user":
                kept = st.record_episode(task.user, task.source_id, occurred_at=task.occurred_at, content=task.content,
                                         chatter=episode[0], vector=episode[1], model=settings.model, now=now_utc(),
                                         uncovered=episode[2])
                summary.episodes += int(kept)
            if held is None:
                outbox.complete(st, task)
            elif task.id not in held:  # completed with the batch's others (:func:`outbox.complete_many`)
                raise outbox.lease_lost(task)
        spent = time.perf_counter() - t
        decide_s = timings.get("decide", 0.0)
        summary.seconds["decide"] += decide_s
        summary.seconds["write"] += spent - decide_s  # inserts, index upkeep, events, commit
        summary.done += 1
        summary.done_ids.append(task.id)
        summary.candidates += len(cands)
        for k, v in counts.items():
            setattr(summary, k, getattr(summary, k) + v)

    def _failed(self, task: outbox.Task, exc: BaseException, summary: DrainSummary) -> None:
        msg = failure_text(exc)
        outcome = outbox.fail(self.store, self.settings, task, msg)
        if outcome == "dead":
            summary.dead += 1
        elif outcome == "retried":
            summary.retried += 1
        else:
            summary.lost += 1
        if len(summary.errors) < 10:
            summary.errors.append(f"task {task.id}: {msg}"[:300])

