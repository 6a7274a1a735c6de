"""Prometheus metrics of one service process (text format at ``GET /metrics``).

- ``memcli_http_requests_total{method, route, status}`` and
  ``memcli_http_request_seconds{method, route}`` (histogram, seconds): ``route`` is the route
  template (``/v1/memories/{id}``), never a path with ids in it, and no label names a user;
- ``memcli_outbox_tasks{status}``: the database's outbox by status, read at scrape time
  (``pending`` + ``processing`` is the depth the drain has to catch up on);
- ``memcli_drain_tasks_total{channel}``: tasks drained by this process (``next_request`` or
  ``cron``); its ``rate()`` is the drain rate.

Each app has its own registry, so several apps in one process (tests) never collide.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily

__all__ = ["CONTENT_TYPE", "Metrics"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class _Outbox:
    def __init__(self, counts: Callable[[], dict[str, int]]) -> None:
        self.counts = counts

    def collect(self):  # noqa: ANN201
        g = GaugeMetricFamily("memcli_outbox_tasks", "outbox tasks by status (whole database)", labels=["status"])
        try:
            for status, n in self.counts().items():
                g.add_metric([status], n)
        except Exception:  # a scrape never fails because the database is busy: the gauge is left out
            return
        yield g


class Metrics:
    """The registry and the instruments of one app; ``outbox_counts`` is read at each scrape."""

    def __init__(self, outbox_counts: Callable[[], dict[str, int]]) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter("memcli_http_requests", "HTTP requests", ["method", "route", "status"],
                                registry=self.registry)
        self.latency = Histogram("memcli_http_request_seconds", "HTTP request latency, seconds", ["method", "route"],
                                 buckets=_BUCKETS, registry=self.registry)
        self.drained = Counter("memcli_drain_tasks", "outbox tasks drained by this process", ["channel"],
                               registry=self.registry)
        self.registry.register(_Outbox(outbox_counts))

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        self.requests.labels(method, route, str(status)).inc()
        self.latency.labels(method, route).observe(seconds)

    def render(self) -> bytes:
        return generate_latest(self.registry)
