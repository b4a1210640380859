"""The typed client's examples (examples/*.py, clients/python) against the real server and worker:
they print the victims the scheduler model gives for the same cluster and seed."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scheduler_core import Simulation
from scheduler_core.outcome import outcome_of
from tests.playground.test_example_script import token_for_new_user

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run_example(name: str, url: str, *args: str, token: str | None = None) -> list[str]:
    env = {**os.environ, "PLAYGROUND_URL": url, "PYTHONPATH": str(ROOT / "clients" / "python")}
    env.pop("PLAYGROUND_TOKEN", None)
    if token:
        env["PLAYGROUND_TOKEN"] = token
    result = subprocess.run([sys.executable, str(EXAMPLES / name), *args], capture_output=True, text=True,
                            timeout=120, env=env, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.splitlines()


def test_the_ten_line_preemption_prints_its_victim(live_server_url: str, celery_worker_process: Any) -> None:
    # a's two 1-CPU pods sum to priority 20, b's one 2-CPU pod to 10.
    assert run_example("preemption.py", live_server_url) == [
        "default/urgent preempted default/batch-3 on b (smallestPrioritySum)"]


def test_the_pdb_experiment_shows_a_budget_steers_but_does_not_forbid(
        live_server_url: str, celery_worker_process: Any) -> None:
    token = token_for_new_user(live_server_url, "experimenter")
    assert run_example("pdb_experiment.py", live_server_url, token=token) == [
        "without the PDB: default/web-1 preempted on node-a by lowestHighestPriority, 0 PDB violation(s)",
        "with the PDB: default/batch-1 preempted on node-b by fewestPDBViolations, 0 PDB violation(s)",
        "with the PDB on every node: default/web-1 preempted on node-a by onlyCandidate, 1 PDB violation(s)"]


def test_the_seed_sweep_prints_the_victim_the_model_gives_each_seed(
        live_server_url: str, celery_worker_process: Any) -> None:
    lines = run_example("seed_sweep.py", live_server_url, "6")
    cluster = (EXAMPLES / "seed_sweep.yaml").read_text()
    expected = []
    for seed in range(1, 7):
        simulation = Simulation.from_yaml(cluster, seed=seed)
        simulation.run()
        expected += [f"seed {seed}: {p['preemptor']} preempted {', '.join(p['victims'])} on {p['node']} "
                     f"({p['criterion']})" for p in outcome_of(simulation.events)["preemptions"]]
    assert lines[:-1] == expected
    assert len({line.split(" on ")[1] for line in expected}) > 1, "the seeds should not all pick one node"


def test_the_client_says_a_wait_timed_out_or_will_never_be_met(live_server_url: str, celery_worker_process: Any) -> None:
    sys.path.insert(0, str(ROOT / "clients" / "python"))  # as `pip install ./clients/python` would
    from playground_client import Playground, WaitTimedOut, WillNotHappen, node, pod, priority_class

    cluster = [priority_class("high", 1000), node("a", cpu="2"), pod("batch", cpu="2", node="a"),
               pod("urgent", cpu="2", priority_class="high")]
    with Playground(live_server_url) as pg:
        # At speed 1 the victim's 30 s of graceful termination take 30 s: the run is busy meanwhile.
        run = pg.run(pg.scenario(cluster).slug, speed=1).id
        assert pg.wait(run, 10, pod="batch", phase="Terminating").pod is not None
        with pytest.raises(WaitTimedOut) as timed_out:
            pg.wait(run, 0)
        assert timed_out.value.status == 504 and timed_out.value.body["settled"] is False
        pg.stop(run)
        with pytest.raises(WillNotHappen) as never:
            pg.wait(run, 5, pod="urgent", phase="Running")
        assert never.value.message.endswith("default/urgent is Pending: it will not be Running without a command")
