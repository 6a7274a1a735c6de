"""The token → user step of the HTTP service: one dependency per kind of route.

``/v1`` routes take a user's token (:func:`bound_user` → the user every call is bound to);
``/internal`` routes the operator's (:func:`operator`). No token, an unknown or a revoked one: 401;
a token of the other scope: 403. Auth comes first: an error FastAPI finds before its dependencies
run (a body that is no JSON) is answered 401/403 when the token does not pass (:func:`denied`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from memcli.auth import OPERATOR, USER, TokenOwner
from memcli.service.errors import ServiceError

__all__ = ["bound_user", "denied", "known_query", "operator"]

_bearer = HTTPBearer(auto_error=False, description="memcli token create --user U")


def _owner(request: Request, cred: HTTPAuthorizationCredentials | None, internal: bool = False) -> TokenOwner:
    owner = request.app.state.service.owner(cred.credentials) if cred is not None else None
    if owner is None:
        raise ServiceError(401, "unauthorized", "missing, unknown or revoked token (Authorization: Bearer <token>)")
    if internal and owner.scope != OPERATOR:
        raise ServiceError(403, "forbidden", "/internal routes need the operator's token")
    if not internal and (owner.scope != USER or owner.user is None):
        raise ServiceError(403, "forbidden", "this token is the operator's: use a user's token for /v1 routes")
    return owner


async def bound_user(request: Request, cred: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> str:
    """The user bound to the request's token (401 without a valid one; 403 for the operator's).

    The lookup (one indexed row) runs on the event loop: a thread hop would cost more than it."""
    user = _owner(request, cred).user
    known_query(request)
    return user  # type: ignore[return-value]


async def operator(request: Request, cred: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> None:
    """Only the operator's token (``memcli token create --operator``) passes."""
    _owner(request, cred, internal=True)
    known_query(request)


def _query_names(dependant: object) -> set[str]:
    """The query parameter names a route's dependant (and its sub-dependencies) declares."""
    names = {getattr(p, "alias", None) or p.name for p in getattr(dependant, "query_params", ())}
    for sub in getattr(dependant, "dependencies", ()):
        names |= _query_names(sub)
    return names


def known_query(request: Request) -> None:
    """Refuse a query parameter the route does not take (``limt=3``: 400, as an unknown body field is), after the
    token has passed. The route's parameters are read from its FastAPI dependant.

    Raises:
        ServiceError: 400 ``bad_input``, ``limt: unknown query parameter (this route takes: as_of, limit, …)``.
    """
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    if dependant is None or not request.query_params:
        return
    known = _query_names(dependant)
    unknown = [name for name in request.query_params if name not in known]
    if unknown:
        takes = ", ".join(sorted(known)) or "no query parameters"
        raise ServiceError(400, "bad_input", f"{unknown[0]}: unknown query parameter (this route takes: {takes})")


async def denied(request: Request) -> ServiceError | None:
    """Auth first: an error FastAPI finds before the token is looked up (a body that is no JSON) is
    answered 401/403 when the token does not pass the route, as every other error is."""
    path = request.url.path
    if not path.startswith(("/v1/", "/internal/")):
        return None
    try:
        _owner(request, await _bearer(request), internal=path.startswith("/internal/"))
    except ServiceError as exc:
        return exc
    return None
