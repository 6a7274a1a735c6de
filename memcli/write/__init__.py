"""The write path: capture (online) → outbox → drain (worker) → extract → decide → store.

- :mod:`memcli.write.capture` — the online step (the seed's MemoryService.capture): two row
  inserts, no model, no torch import.
- :mod:`memcli.write.outbox` — the seed's MemoryCaptureWorker: claim with a lease, retry
  with backoff, dead after N attempts.
- :mod:`memcli.write.extract` — the seed's MemoryExtractionService: Extractor interface.
- :mod:`memcli.write.decide` — the four-state decision in three levels.
"""
