"""Settings precedence (flag > MEMCLI_* > TOML file > default) for db, user and model, and
invalid values as one-line ConfigErrors. ``stats --json`` shows the resolved values without
loading any model."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

from memcli.errors import ConfigError
from memcli.settings import DEFAULT_MODEL, Settings, load_settings
from memcli.settings_sources import USER_RULE


def write_toml(path: Path, **values: object) -> None:
    lines = [f"{k} = {v!r}" if not isinstance(v, str) else f'{k} = "{v}"' for k, v in values.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def resolved(*args: str) -> dict:
    r = run_cli(*args, "stats", "--json")
    assert r.exit_code == 0, r.stderr
    out = r.json()
    return {"db": out["db"], "user": out["user"], "model": out["configured_model"]}


@pytest.fixture
def config(tmp_path) -> Path:
    return tmp_path / "config.toml"  # MEMCLI_CONFIG points here (conftest)


@pytest.fixture
def model_folders(tmp_path, monkeypatch) -> None:
    """toml-model, env-model, flag-model as local model folders in the working directory: an
    unknown model name is an error (issue 23), a local path is not."""
    monkeypatch.chdir(tmp_path)
    for name in ("toml-model", "env-model", "flag-model"):
        (tmp_path / name).mkdir()


def test_defaults(tmp_path, monkeypatch):
    monkeypatch.delenv("MEMCLI_DB")
    s = load_settings()
    assert s.db == tmp_path / "xdg-data" / "memcli" / "memcli.db"  # platform data dir
    assert (s.user, s.model) == ("default", DEFAULT_MODEL)
    # the default folder is created on first use; any other missing folder is an error
    assert resolved() == {"db": str(s.db), "user": "default", "model": DEFAULT_MODEL}
    assert not s.db.exists()  # stats only says where it would be (round 38)
    assert run_cli("capture", "hello").exit_code == 0 and s.db.exists()


def test_toml_over_default(tmp_path, config, monkeypatch, model_folders):
    monkeypatch.delenv("MEMCLI_DB")
    write_toml(config, db=str(tmp_path / "toml.db"), user="toml-user", model="toml-model")
    assert resolved() == {"db": str(tmp_path / "toml.db"), "user": "toml-user", "model": "toml-model"}


def test_env_over_toml(tmp_path, config, monkeypatch, model_folders):
    write_toml(config, db=str(tmp_path / "toml.db"), user="toml-user", model="toml-model")
    monkeypatch.setenv("MEMCLI_DB", str(tmp_path / "env.db"))
    monkeypatch.setenv("MEMCLI_USER", "env-user")
    monkeypatch.setenv("MEMCLI_MODEL", "env-model")
    assert resolved() == {"db": str(tmp_path / "env.db"), "user": "env-user", "model": "env-model"}
    # only one set in the environment: the others still come from the file
    monkeypatch.delenv("MEMCLI_USER")
    assert resolved()["user"] == "toml-user"


def test_flag_over_env(tmp_path, config, monkeypatch, model_folders):
    write_toml(config, user="toml-user", model="toml-model")
    monkeypatch.setenv("MEMCLI_USER", "env-user")
    monkeypatch.setenv("MEMCLI_MODEL", "env-model")
    flags = ("--db", str(tmp_path / "flag.db"), "--user", "flag-user", "--model", "flag-model")
    assert resolved(*flags) == {"db": str(tmp_path / "flag.db"), "user": "flag-user", "model": "flag-model"}
    s = load_settings(user="flag-user", model=None)  # a None flag does not override
    assert (s.user, s.model) == ("flag-user", "env-model")


def test_command_flag_over_global_flag(tmp_path):
    r = run_cli("--db", str(tmp_path / "g.db"), "--user", "global", "stats", "--json",
                "--user", "local", "--db", str(tmp_path / "l.db"))
    assert r.exit_code == 0, r.stderr
    assert (r.json()["user"], r.json()["db"]) == ("local", str(tmp_path / "l.db"))


def test_other_settings_follow_the_same_order(config, monkeypatch):
    write_toml(config, max_text_chars=10, rrf_k=30)
    assert (load_settings().max_text_chars, load_settings().rrf_k) == (10, 30)
    monkeypatch.setenv("MEMCLI_MAX_TEXT_CHARS", "20")
    assert load_settings().max_text_chars == 20
    assert load_settings(max_text_chars=30).max_text_chars == 30
    assert run_cli("remember", "x" * 21).stderr.strip() == (
        "memcli: error: text is 21 characters; the limit is 20 (max_text_chars)")


def test_public_dict_masks_the_api_key(monkeypatch):
    monkeypatch.setenv("MEMCLI_LLM_API_KEY", "sk-secret")
    d = load_settings().public_dict()
    assert d["llm_api_key"] == "***" and "sk-secret" not in str(d)
    assert set(d) == set(Settings.model_fields)


# -- invalid values ----------------------------------------------------------------------------
@pytest.mark.parametrize("env, value, expect", [
    ("MEMCLI_MAX_TEXT_CHARS", "lots", "invalid setting max_text_chars: needs a whole number, got 'lots'"),
    ("MEMCLI_MAX_TEXT_CHARS", "0", "invalid setting max_text_chars: needs a number ≥ 1, got '0'"),
    ("MEMCLI_USER", "   ", "invalid setting user: user must not be empty"),
    ("MEMCLI_EMBED_BATCH_SIZE", "-3", "invalid setting embed_batch_size: needs a number ≥ 1"),
    ("MEMCLI_AUTO_DRAIN", "maybe", "invalid setting auto_drain: needs true or false, got 'maybe'"),
])
def test_invalid_env_value(monkeypatch, env, value, expect):
    monkeypatch.setenv(env, value)
    with pytest.raises(ConfigError) as exc:
        load_settings()
    assert str(exc.value).startswith(expect)
    r = run_cli("stats")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith(f"memcli: error: {expect}") and len(r.stderr.strip().splitlines()) == 1


def test_invalid_flag_value():
    r = run_cli("--user", "", "list")
    assert r.exit_code == 2
    assert r.stderr.strip() == f"memcli: error: invalid setting user: user must not be empty; {USER_RULE}"


@pytest.mark.parametrize("content, expect", [
    ('user = "alice\n', "cannot read config "),
    ("max_text_chars = 'lots'\n", "invalid setting max_text_chars: needs a whole number, got 'lots'"),
    ("db = 42\n", "invalid setting db: Input is not a valid path"),
    ("max_text_char = 10\n", "unknown setting 'max_text_char' in config "),  # a typo is not ignored
    ("frobnicate = 1\n", "unknown setting 'frobnicate' in config "),
])
def test_invalid_toml(config, monkeypatch, content, expect):
    monkeypatch.delenv("MEMCLI_DB")  # else the environment would win over the file's db
    config.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError):
        load_settings()
    r = run_cli("list")
    assert r.exit_code == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"memcli: error: {expect}") and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("env, value", [("MEMCLI_MAX_TEXT_CHARS", "abc"), ("MEMCLI_TIMEZONE", "Mars/Olympus"),
                                        ("MEMCLI_JUDGE", "coin")])
def test_capture_checks_every_setting_like_every_other_command(env, value, monkeypatch):
    """The fast capture path resolves only the settings it uses: another one set sends the
    command to the full path, which validates them all (exit 2, one line, nothing captured)."""
    monkeypatch.setenv(env, value)
    r = run_cli("capture", "hello")
    assert r.exit_code == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    monkeypatch.delenv(env)
    assert run_cli("stats", "--json").json()["outbox"]["pending"] == 0


def test_sources_as_pydantic_settings_read_them(config, monkeypatch):
    """What memcli.settings_sources keeps of pydantic-settings' reading (round 15 dropped it):
    a variable's name in any case, an unknown MEMCLI_* variable ignored, an empty value an
    error (not skipped), and a value from the environment or the file counts as set
    explicitly (a database then keeps the configured model's profile, not its own)."""
    write_toml(config, rrf_k=7, weight_slot=2.5)
    monkeypatch.setenv("memcli_max_tokens", "123")
    monkeypatch.setenv("MEMCLI_NOT_A_SETTING", "x")
    s = load_settings(budget_ms=9)
    assert (s.max_tokens, s.rrf_k, s.weight_slot, s.budget_ms) == (123, 7, 2.5, 9)
    assert {"max_tokens", "rrf_k", "weight_slot", "budget_ms"} <= s.model_fields_set
    assert "dedup_upper" not in s.model_fields_set and s.dedup_upper == 0.9223  # the default model's profile
    assert Settings().max_tokens == 123  # a direct Settings() reads the same sources
    monkeypatch.setenv("MEMCLI_ANSWER_MIN_P_ZH", "")
    with pytest.raises(ConfigError, match=r"^invalid setting answer_min_p_zh: needs a number, got"):
        load_settings()


@pytest.mark.parametrize("args", [("list",), ("capture", "hello there"), ("context", "what pets do I have")])
def test_a_folder_as_config_is_one_error_line_and_nothing_written(tmp_path, monkeypatch, args):
    """A folder where the config file should be is an error on every path (the fast ones too), not
    silently no config; nothing is captured."""
    folder = tmp_path / "cfg"
    folder.mkdir()
    monkeypatch.setenv("MEMCLI_CONFIG", str(folder))
    db = tmp_path / "m.db"
    r = run_cli("--db", str(db), *args)
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert lines == [f"memcli: error: config {folder} is a folder, not a TOML file (set MEMCLI_CONFIG to a file)"]
    assert not db.exists()  # refused before the store opens
