"""Does a PodDisruptionBudget protect my pods when a higher class arrives? It steers preemption to
another node when there is one (fewest PDB violations is the first criterion), but it is no veto."""
from playground_client import Playground, node, pdb, pod, priority_class

CLASSES = [priority_class("low", 10), priority_class("mid", 100), priority_class("high", 1000)]
WEB = pod("web-1", cpu="2", priority_class="low", node="node-a", labels={"app": "web"})
BATCH = pod("batch-1", cpu="2", priority_class="mid", node="node-b")
BUDGET = pdb("web", {"app": "web"}, min_available=1)
# web-1 is the cheaper victim (low < mid): without a budget it goes; with one, batch-1 goes instead.
# With web pods on every node the budget is violated all the same: preemption does not stop for it.
EXPERIMENTS = {
    "without the PDB": [node("node-a", cpu="2"), node("node-b", cpu="2"), WEB, BATCH],
    "with the PDB": [node("node-a", cpu="2"), node("node-b", cpu="2"), WEB, BATCH, BUDGET],
    "with the PDB on every node": [node("node-a", cpu="2"), WEB, BUDGET],
}

with Playground() as pg:
    for title, cluster in EXPERIMENTS.items():
        outcome = pg.play(CLASSES + cluster + [pod("urgent", cpu="2", priority_class="high")])
        for p in outcome.preemptions:
            print(f"{title}: {', '.join(p.victims)} preempted on {p.node} by {p.criterion}, "
                  f"{p.pdb_violations} PDB violation(s)")
