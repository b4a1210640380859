"""scheduler_perf-shaped benchmarks: ``python -m scheduler_core.bench [--quick] [--profile]``.

``--trace-size [--nodes N --pods M]`` instead prints the serialised event size per kind for N 2-CPU
nodes and M 1-CPU pods (default 300 × 1,200: half the pods fail and try preemption).

``--scale [--nodes N --pods M] [--schedule]`` prints what a big scenario costs through
``Simulation.from_documents`` (the app's path): CPU seconds to build N nodes (default 5,000), then
N nodes + M bound pods (default 50,000), and the process's resident memory after each; with
``--schedule``, M pending pods scheduled to completion (trace on) instead of bound ones.

SchedulingBasic: 5,000 nodes (4 CPU, 32Gi, 110 pods); 1,000 init pods then 10,000 measured pods
of 100m/500Mi. PreemptionBasic: 500 nodes; 2,000 low-priority init pods (900m) then 500
high-priority preemptors of 3 CPU. The trace (cycle.filtered/scored, preemption.evaluated) is on.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import json
import pstats
import time
from typing import Any

from scheduler_core.objects import CPU, MEMORY, PODS, Cluster, Container, Node, Pod
from scheduler_core.simulation import Simulation

GI, MI = 1024**3, 1024**2


def _nodes(n: int) -> tuple[Node, ...]:
    alloc = {CPU: 4000, MEMORY: 32 * GI, PODS: 110}
    return tuple(Node(name=f"node-{i}", labels={"kubernetes.io/hostname": f"node-{i}"},
                      allocatable=alloc, capacity=alloc) for i in range(n))


def _pod(name: str, cpu: int, memory: int, priority: int = 0, grace: int = 30) -> Pod:
    return Pod(name=name, uid=f"uid-{name}", containers=(Container("c", {CPU: cpu, MEMORY: memory}),),
               priority=priority, termination_grace_period_seconds=grace)


def _timed_run(sim: Simulation, pods: list[Pod]) -> float:
    """CPU seconds of the process (wall time is noisy on a shared machine)."""
    for pod in pods:
        sim.add_pod(pod)
    start = time.process_time()
    sim.run()
    return time.process_time() - start


def scheduling_basic(nodes: int, init: int, measured: int) -> dict[str, Any]:
    sim = Simulation(Cluster(nodes=_nodes(nodes)), seed=1)
    _timed_run(sim, [_pod(f"init-{i}", 100, 500 * MI) for i in range(init)])
    cycles = sim.cycles
    seconds = _timed_run(sim, [_pod(f"measured-{i}", 100, 500 * MI) for i in range(measured)])
    scheduled = sim.metrics["scheduler_schedule_attempts_total"]["scheduled"] - init
    return {"name": "SchedulingBasic", "nodes": nodes, "initPods": init, "measuredPods": measured,
            "scheduled": scheduled, "cycles": sim.cycles - cycles, "cpuSeconds": round(seconds, 3),
            "podsPerSecond": round(scheduled / seconds, 1), "events": len(sim.events)}


def preemption_basic(nodes: int, init: int, measured: int) -> dict[str, Any]:
    sim = Simulation(Cluster(nodes=_nodes(nodes)), seed=1)
    _timed_run(sim, [_pod(f"low-{i}", 900, 500 * MI, priority=1, grace=0) for i in range(init)])
    attempts = sim.metrics["scheduler_preemption_attempts_total"]
    seconds = _timed_run(sim, [_pod(f"high-{i}", 3000, 500 * MI, priority=10) for i in range(measured)])
    preemptions = len(sim.metrics["scheduler_preemption_victims"])
    scheduled = sum(1 for e in sim.events if e["kind"] == "pod.bound" and e["pod"].startswith("default/high-"))
    return {"name": "PreemptionBasic", "nodes": nodes, "initPods": init, "measuredPods": measured,
            "preemptions": preemptions, "preemptionAttempts": sim.metrics["scheduler_preemption_attempts_total"] - attempts,
            "scheduled": scheduled, "cpuSeconds": round(seconds, 3),
            "preemptionsPerSecond": round(preemptions / seconds, 1), "podsPerSecond": round(scheduled / seconds, 1),
            "virtualSeconds": round(sim.now, 3), "events": len(sim.events)}


def trace_size(nodes: int = 300, pods: int = 1200) -> dict[str, Any]:
    """Bytes of json.dumps(event) per kind, most total bytes first (docs/benchmarks.md)."""
    docs: list[dict[str, Any]] = [
        {"apiVersion": "v1", "kind": "Node", "metadata": {"name": f"n{i}"},
         "status": {"allocatable": {"cpu": "2", "memory": "4Gi", "pods": "110"}}} for i in range(nodes)]
    docs += [{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{i}"},
              "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}} for i in range(pods)]
    sim = Simulation.from_documents(docs, seed=1)
    sim.run()
    sizes: dict[str, list[int]] = {}
    for event in sim.events:
        sizes.setdefault(event["kind"], []).append(len(json.dumps(event)))
    kinds = sorted(sizes.items(), key=lambda kv: -sum(kv[1]))
    return {"nodes": nodes, "pods": pods, "kinds": {
        kind: {"count": len(v), "avgBytes": sum(v) // len(v), "maxBytes": max(v), "totalKiB": sum(v) // 1024}
        for kind, v in kinds}}


def _rss_mib() -> float:
    """Resident set size now (Linux /proc), else the peak from getrusage."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    import resource
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def scale(nodes: int = 5000, pods: int = 50000, schedule: bool = False) -> dict[str, Any]:
    """Build cost and memory of a big scenario, through the documents path the app uses."""
    node_docs: list[dict[str, Any]] = [
        {"apiVersion": "v1", "kind": "Node",
         "metadata": {"name": f"node-{i}", "labels": {"kubernetes.io/hostname": f"node-{i}", "zone": f"zone-{i % 3}"}},
         "status": {"allocatable": {"cpu": "4", "memory": "32Gi", "pods": "110"}}} for i in range(nodes)]
    start = time.process_time()
    sim = Simulation.from_documents(node_docs, seed=1)
    built = time.process_time() - start
    rss_nodes = _rss_mib()
    del sim
    pod_docs: list[dict[str, Any]] = [
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"pod-{i}", "labels": {"app": f"app-{i % 10}"}},
         "spec": {**({} if schedule else {"nodeName": f"node-{i % nodes}"}),
                  "containers": [{"name": "c", "resources": {"requests": {"cpu": "100m", "memory": "100Mi"}}}]}}
        for i in range(pods)]
    start = time.process_time()
    sim = Simulation.from_documents(node_docs + pod_docs, seed=1)
    built_with_pods = time.process_time() - start
    out: dict[str, Any] = {
        "name": "Scale", "nodes": nodes, "pods": pods, "podsBound": not schedule,
        "buildNodesCpuSeconds": round(built, 3), "rssMiBNodes": rss_nodes,
        "buildWithPodsCpuSeconds": round(built_with_pods, 3), "rssMiBWithPods": _rss_mib(),
    }
    if schedule:
        start = time.process_time()
        sim.run()
        seconds = time.process_time() - start
        out.update(scheduleCpuSeconds=round(seconds, 3), podsPerSecond=round(pods / seconds, 1),
                   events=len(sim.events), rssMiBAfterSchedule=_rss_mib())
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scheduler_core.bench")
    parser.add_argument("--quick", action="store_true", help="a tenth of the size")
    parser.add_argument("--profile", action="store_true", help="print the top cProfile entries")
    parser.add_argument("--trace-size", action="store_true", help="print event sizes per kind instead")
    parser.add_argument("--scale", action="store_true",
                        help="print build CPU time and memory of a big scenario instead")
    parser.add_argument("--schedule", action="store_true", help="--scale: schedule the pods instead of binding them")
    parser.add_argument("--nodes", type=int, default=None,
                        help="--trace-size: nodes (2 CPU each, default 300); --scale: nodes (default 5,000)")
    parser.add_argument("--pods", type=int, default=None,
                        help="--trace-size: pods (1 CPU each, default 1,200); --scale: pods (default 50,000)")
    args = parser.parse_args(argv)
    if args.trace_size:
        print(json.dumps(trace_size(args.nodes or 300, args.pods or 1200), indent=2))
        return 0
    if args.scale:
        print(json.dumps(scale(args.nodes or 5000, args.pods if args.pods is not None else 50000, args.schedule),
                         indent=2))
        return 0
    divisor = 10 if args.quick else 1
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    results = [scheduling_basic(5000 // divisor, 1000 // divisor, 10000 // divisor)]
    gc.collect()  # the first benchmark's simulation (reference cycles) must not weigh on the second
    results.append(preemption_basic(500 // divisor, 2000 // divisor, 500 // divisor))
    if profiler:
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    print(json.dumps({"benchmarks": results}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
