"""The version presets match the table in docs/scheduler_core.md ("Version presets").

The table is upstream's getDefaultPlugins + applyFeatureGates (pkg/scheduler/apis/config/v1/
default_plugins.go) per release, with the switches whose default differs from v1.34; the presets are
SchedulerConfig.for_version and the profile framework/registry.py builds from it.
"""
from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from scheduler_core.config import VERSIONS, SchedulerConfig
from scheduler_core.framework.registry import build_default_plugins

DOC = Path(__file__).resolve().parents[2] / "docs" / "scheduler_core.md"
ROW = re.compile(r"^\| (v1\.\d+) \| (.+?) \| (.+?) \| (.+) \|$")
PLUGIN = re.compile(r"^(\*?)([A-Za-z]+)(?: \((\d+)\))?\*?$")
SWITCH = re.compile(r"`(\w+)=(true|false)`")


def table() -> dict[str, tuple[list[tuple[str, bool, int | None]], dict[str, bool], str]]:
    """{version: ([(plugin, modelled, weight)], {switch: value}, sources)} from the doc's table."""
    section = DOC.read_text().split("## Version presets", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        match = ROW.match(line)
        if match is None:
            continue
        version, plugins, switches, sources = match.groups()
        parsed = []
        for item in plugins.split(", "):
            m = PLUGIN.match(item.strip())
            assert m is not None, f"{version}: cannot read plugin {item!r}"
            italic, name, weight = m.groups()
            parsed.append((name, not italic, int(weight) if weight else None))
        rows[version] = (parsed, {k: v == "true" for k, v in SWITCH.findall(switches)}, sources)
    return rows


TABLE = table()


def test_the_table_has_one_row_per_preset() -> None:
    assert list(TABLE) == list(VERSIONS)


@pytest.mark.parametrize("version", VERSIONS)
def test_the_preset_builds_the_modelled_plugins_in_the_tables_order(version: str) -> None:
    plugins, _, _ = TABLE[version]
    built = build_default_plugins(SchedulerConfig.for_version(version), handle=None)
    assert [p.name for p in built] == [name for name, modelled, _ in plugins if modelled]


@pytest.mark.parametrize("version", VERSIONS)
def test_the_preset_has_the_tables_score_weights(version: str) -> None:
    plugins, _, _ = TABLE[version]
    config = SchedulerConfig.for_version(version)
    assert {name: config.weight(name) for name, _, weight in plugins if weight is not None} == {
        name: weight for name, _, weight in plugins if weight is not None}


@pytest.mark.parametrize("version", VERSIONS)
def test_the_preset_differs_from_v1_34_exactly_in_the_tables_switches(version: str) -> None:
    _, switches, _ = TABLE[version]
    preset, baseline = SchedulerConfig.for_version(version), SchedulerConfig.for_version("v1.34")
    differing = {f.name: getattr(preset, f.name) for f in fields(SchedulerConfig)
                 if f.name != "version" and getattr(preset, f.name) != getattr(baseline, f.name)}
    assert differing == switches


@pytest.mark.parametrize("version", VERSIONS)
def test_each_row_links_that_versions_default_plugins_go(version: str) -> None:
    _, _, sources = TABLE[version]
    assert (f"https://github.com/kubernetes/kubernetes/blob/{version}.0/pkg/scheduler/apis/config/v1/"
            "default_plugins.go") in sources


def test_dynamic_resources_sits_right_before_default_preemption_where_it_is_on() -> None:
    # applyFeatureGates: "This plugin should come before DefaultPreemption"
    for version, (plugins, _, _) in TABLE.items():
        names = [name for name, _, _ in plugins]
        if SchedulerConfig.for_version(version).dynamic_resource_allocation:
            assert names[names.index("DefaultPreemption") - 1] == "DynamicResources", version
        else:
            assert "DynamicResources" not in names, version
