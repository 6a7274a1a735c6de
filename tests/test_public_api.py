"""The deliberate public surface of ``memcli`` (after httpx: ``__all__``, tested).

Adding or removing a public name is an API change: update ``EXPECTED`` in the same commit.
"""

from __future__ import annotations

import inspect

import memcli
from memcli import errors, models

EXPECTED = {
    # the API
    "Memory", "Admin", "MemoryRecord", "Settings", "load_settings",
    # data shapes and fixed sets
    "CaptureResult", "Candidate", "Decision", "DecisionResult", "Event", "Kind", "Level", "MemoryItem",
    # the whole exception tree, so callers can catch any branch without importing a private module
    "MemcliError", "ConfigError", "BadInputError", "NotFoundError",
    "StoreError", "StoreLockedError", "StoreCorruptError", "StoreReadOnlyError", "StoreFullError", "MigrationError",
    "EmbeddingError", "ModelUnavailableError", "ModelMismatchError", "ExtractionError",
}


def test_all_is_exactly_the_deliberate_surface():
    assert set(memcli.__all__) == EXPECTED, (
        f"unexpected: {sorted(set(memcli.__all__) - EXPECTED)}; missing: {sorted(EXPECTED - set(memcli.__all__))}")
    assert len(memcli.__all__) == len(set(memcli.__all__))
    ns: dict[str, object] = {}
    exec("from memcli import *", ns)  # noqa: S102
    assert set(ns) - {"__builtins__"} == EXPECTED


def test_every_error_class_is_public_and_one_tree():
    assert set(errors.__all__) <= EXPECTED
    for name in errors.__all__:
        cls = getattr(memcli, name)
        assert cls is getattr(errors, name)
        assert issubclass(cls, memcli.MemcliError)
        assert isinstance(cls.exit_code, int) and cls.exit_code > 0


def test_exported_models_are_the_models_module_objects():
    for name in set(models.__all__) & EXPECTED:
        assert getattr(memcli, name) is getattr(models, name)


def test_memory_methods_are_documented_and_take_no_user():
    public = {n: f for n, f in vars(memcli.Memory).items() if not n.startswith("_")}
    assert {"capture", "drain", "remember", "correct", "forget", "search", "context"} <= set(public)
    for name, fn in public.items():
        target = fn.fget if isinstance(fn, property) else fn
        assert (target.__doc__ or "").strip(), f"Memory.{name} has no docstring"
        if callable(target):
            params = set(inspect.signature(target).parameters)
            assert not params & {"user", "user_id", "tenant"}, f"Memory.{name} must not take a user"
