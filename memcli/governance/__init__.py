"""Governance: what keeps memories trustworthy over time.

- :mod:`memcli.governance.confidence` — the one confidence field and its four rules.
- :mod:`memcli.governance.validity` — bitemporal validity: invalidate (world time),
  supersede (system time), never silently delete.
- :mod:`memcli.governance.lifecycle` — the user's own hand: correct, forget, purge.
"""
