"""The write path: capture (online) → outbox → drain (worker) → extract → decide → store.

- :mod:`memcli.write.capture` — the online step (the seed's MemoryService.capture): two row
  inserts, no model, no torch import.
- :mod:`memcli.write.outbox` — the seed's MemoryCaptureWorker: claim with a lease, retry
  with backoff, dead after N attempts.
- :mod:`memcli.write.worker` — the worker loop: claim → extract → batched embed → decide →
  write, one transaction per task.
- :mod:`memcli.write.trigger` — the background drain started by ``capture --drain``.
- :mod:`memcli.write.extract` — the seed's MemoryExtractionService: Extractor interface;
  rules in :mod:`memcli.write.rules_zh` / :mod:`memcli.write.rules_en`.
- :mod:`memcli.write.backends` — the one registry choosing extractor and judge by name;
  the LLM backends in :mod:`memcli.write.llm`.
- :mod:`memcli.write.decide` — the four-state decision in three levels; its explicit checks
  (slot, subject, polarity, numbers) in :mod:`memcli.write.facts` and the judges in
  :mod:`memcli.write.judge`.
"""
