"""``memcli serve``: the HTTP memory service (extra ``memcli[server]``: FastAPI + uvicorn).

- :mod:`memcli.service.app` — the routes, one ``Memory``/``Admin`` call each, the user bound by the token;
- :mod:`memcli.service.pool` — the users' open stores, the shared model, the next-request drain;
- :mod:`memcli.service.models` — the model processes that run context/search/remember/correct;
- :mod:`memcli.service.errors` — memcli errors as HTTP statuses with the CLI's codes;
- :mod:`memcli.service.metrics` — Prometheus text at ``/metrics``.
"""

from __future__ import annotations

__all__ = ["create_app"]


def create_app(*args, **kwargs):  # noqa: ANN002, ANN003, ANN201
    """:func:`memcli.service.app.create_app` (imported lazily: FastAPI loads only when serving)."""
    from memcli.service.app import create_app as make

    return make(*args, **kwargs)
