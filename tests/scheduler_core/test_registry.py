"""The plugin registry: a broken plugin fails the build of the profile instead of leaving it silently."""
from __future__ import annotations

import pytest

from scheduler_core.config import SchedulerConfig
from scheduler_core.framework import registry


def test_default_profile_builds_every_plugin_in_order() -> None:
    plugins = registry.build_default_plugins(SchedulerConfig(), handle=None)

    assert [type(p).__name__ for p in plugins] == [cls for _, cls in registry.DEFAULT_PLUGINS]


def test_preemption_off_leaves_out_default_preemption_only() -> None:
    plugins = registry.build_default_plugins(SchedulerConfig(preemption=False), handle=None)

    assert "DefaultPreemption" not in [type(p).__name__ for p in plugins]
    assert len(plugins) == len(registry.DEFAULT_PLUGINS) - 1


@pytest.mark.parametrize("entry", [
    pytest.param(("no_such_module", "NoSuchPlugin"), id="a plugin module that does not import raises"),
    pytest.param(("nodename", "NoSuchClass"), id="a plugin class missing from its module raises"),
])
def test_a_broken_plugin_raises_instead_of_leaving_the_profile(monkeypatch: pytest.MonkeyPatch,
                                                              entry: tuple[str, str]) -> None:
    monkeypatch.setattr(registry, "DEFAULT_PLUGINS", [*registry.DEFAULT_PLUGINS, entry])

    with pytest.raises((ImportError, AttributeError)):
        registry.build_default_plugins(SchedulerConfig(), handle=None)
