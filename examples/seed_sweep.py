"""When every candidate node ties on every criterion, pickOneNodeForPreemption's choice falls to
chance, so the run's seed decides who is preempted. Sweep the seeds and count.

    python examples/seed_sweep.py [SEEDS]      (default 8; the cluster is seed_sweep.yaml)"""
import collections
import pathlib
import sys

from playground_client import Playground

CLUSTER = (pathlib.Path(__file__).parent / "seed_sweep.yaml").read_text()
seeds = range(1, 1 + (int(sys.argv[1]) if len(sys.argv) > 1 else 8))
chosen: collections.Counter[str] = collections.Counter()
with Playground() as pg:
    slug = pg.scenario_yaml(CLUSTER, "seed sweep").slug  # one scenario, one run per seed
    for seed in seeds:
        for p in pg.play_scenario(slug, seed=seed).preemptions:
            print(f"seed {seed}: {p.preemptor} preempted {', '.join(p.victims)} on {p.node} ({p.criterion})")
            chosen[p.node] += 1
print("nodes chosen:", ", ".join(f"{node} {count}x" for node, count in sorted(chosen.items())))
