"""The write path: capture (online) → outbox → drain (worker) → extract → decide → store.
Never imports ``memcli.read`` or the facade; all data goes through the store interface.

- :mod:`memcli.write.capture` — the online step (the seed's MemoryService.capture): two row
  inserts, no model, no torch import.
- :mod:`memcli.write.worker` — :class:`~memcli.write.worker.MemoryCaptureWorker` (store,
  settings, embedder, extractor, judge): claim → extract → batched embed → decide → write,
  one transaction per task; its policy (lease, backoff, dead, release) in :mod:`memcli.write.outbox`.
- :mod:`memcli.write.trigger` — the background drain started by ``capture --drain``;
  :mod:`memcli.write.interrupt` — SIGINT/SIGTERM finish the task in hand.
- :mod:`memcli.write.extract` — the seed's MemoryExtractionService: the Extractor interface;
  clause rules in :mod:`memcli.write.rules` (zh, en, shared checks in ``rules.match``; the
  slot vocabulary is the leaf :mod:`memcli.slots`; names in :mod:`memcli.write.names`).
- :mod:`memcli.write.backends` — the one registry choosing extractor and judge by name;
  the LLM backends in :mod:`memcli.write.llm` (+ :mod:`memcli.write.llm_reply`).
- :mod:`memcli.write.decide` — the four-state decision in three levels; its explicit checks
  (slot, subject, polarity, numbers) in :mod:`memcli.write.rules` and the judges in
  :mod:`memcli.write.judge`; :mod:`memcli.write.explicit` — remember/import through it.
"""
