"""Config: YAML sections into pydantic models; environment variables override."""

from __future__ import annotations

import pytest

from agent.config import load_config
from agent.errors import TallyError


def test_repo_config_loads_with_no_model():
    config = load_config(env={})
    assert config.model.configured is False
    assert config.router.value_aliases["female"] == "F"


def test_environment_overrides(tmp_path):
    config = load_config(env={"OPENAI_API_KEY": "sk-x", "OPENAI_BASE_URL": "http://localhost:8080/v1",
                              "TALLY_MODEL": "qwen"})
    assert (config.model.api_key, config.model.base_url, config.model.name) == ("sk-x", "http://localhost:8080/v1", "qwen")
    assert config.model.configured
    assert load_config(env={"OPENAI_API_KEY": "sk-x", "TALLY_MODEL": ""}).model.configured is False


def test_bad_config_names_the_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("model:\n  nmae: x\n")
    with pytest.raises(TallyError, match="bad.yaml"):
        load_config(path, env={})
