"""``quick_settings`` (a cold ``context`` with nothing but the database and the user set) gives
exactly what ``load_settings`` gives, built without pydantic's validator; anything else it leaves
to ``load_settings`` (None), which validates it (issue 24)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memcli.errors import ConfigError
from memcli.settings import load_settings, quick_settings


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for k in list(os.environ):
        if k.startswith("MEMCLI_"):
            monkeypatch.delenv(k)
    monkeypatch.setenv("MEMCLI_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


@pytest.mark.parametrize(
    ("env", "flags"),
    [
        ({}, {}),
        ({}, {"db": "/tmp/x/m.db", "user": "bob"}),
        ({"MEMCLI_DB": "~/m.db", "MEMCLI_USER": "alice"}, {}),
        ({"MEMCLI_DB": "/tmp/env.db"}, {"user": "carol"}),
        ({"MEMCLI_USER": "dave"}, {"db": "postgresql://u:p@localhost:5432/memcli "}),
        ({}, {"user": "张三"}),
    ],
)
def test_quick_settings_are_load_settings(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], flags: dict[str, str]
) -> None:
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    quick, full = quick_settings(**flags), load_settings(**flags)
    assert quick is not None
    assert quick.model_fields_set == full.model_fields_set
    assert set(quick.__dict__) == set(full.__dict__)
    for name, value in full.__dict__.items():
        assert type(quick.__dict__[name]) is type(value) and quick.__dict__[name] == value, name
    assert quick.public_dict() == full.public_dict()  # (builds the serializer then: a user's call)


@pytest.mark.parametrize(
    ("env", "flags"),
    [
        ({"MEMCLI_MODEL": "e5"}, {}),  # any other setting: validated by load_settings
        ({"MEMCLI_BUDGET_MS": "x"}, {}),
        ({}, {"user": "bad\x01user"}),
        ({"MEMCLI_USER": "   "}, {}),
        ({"MEMCLI_USER": " alice "}, {}),  # refused, not trimmed: load_settings says so
        ({}, {"db": "  "}),
    ],
)
def test_anything_else_is_left_to_load_settings(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], flags: dict[str, str]
) -> None:
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert quick_settings(**flags) is None


def test_a_config_file_is_left_to_load_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('user = "erin"\n', encoding="utf-8")
    monkeypatch.setenv("MEMCLI_CONFIG", str(cfg))
    assert quick_settings() is None and load_settings().user == "erin"
    cfg.write_text('usr = "erin"\n', encoding="utf-8")  # a typo: load_settings says so
    assert quick_settings() is None
    with pytest.raises(ConfigError, match="unknown setting 'usr'"):
        load_settings()
