"""``python -m scheduler_core run FILE.yaml [--seed N] [--until SECONDS] [--output table|json]``."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from scheduler_core.config import ConfigError
from scheduler_core.manifests import ManifestError
from scheduler_core.simulation import Simulation

MAX_CYCLES = 100_000


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    parser = argparse.ArgumentParser(prog="python -m scheduler_core")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="schedule a YAML scenario on the virtual clock")
    run.add_argument("file")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--until", type=float, default=None, help="virtual seconds (default: until quiescent)")
    run.add_argument("--output", choices=("table", "json"), default="table")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror}", file=err)
        return 2
    try:
        sim = Simulation.from_yaml(text, seed=args.seed)
    except (ManifestError, ConfigError) as exc:
        print(f"error: {args.file}: {exc}", file=err)
        return 2
    sim.run(until=args.until, max_cycles=MAX_CYCLES)
    if args.until is None and not sim.quiescent:
        print(f"error: no quiescence after {MAX_CYCLES} scheduling cycles (t={sim.now:g}s); "
              "use --until to bound the run", file=err)
        return 2
    report, statuses = build_report(sim)
    if args.output == "json":
        out.write(json.dumps(report) + "\n")
    else:
        out.write(render_table(report, statuses))
    return 0


def build_report(sim: Simulation) -> tuple[dict[str, Any], list[str]]:
    """Every pod ever seen (deleted ones stay as "Deleted") plus the Kubernetes events.

    Also returns kubectl's STATUS column per pod ("Terminating" while a deletion is pending).
    """
    pods: dict[str, dict[str, Any]] = {}
    terminating: set[str] = set()
    k8s_events = []
    for event in sim.events:
        kind = event["kind"]
        if kind == "cluster.snapshot":
            for view in event["state"]["pods"]:
                pods[view["key"]] = _pod_row(view)
        elif kind == "pod.added":
            pods[event["pod"]["key"]] = _pod_row(event["pod"])
        elif kind == "pod.bound":
            pods[event["pod"]].update(phase="Running", nodeName=event["node"],
                                      nominatedNodeName=event.get("nominatedNodeName"))
        elif kind == "pod.nominated":
            pods[event["pod"]]["nominatedNodeName"] = event["node"]
        elif kind == "pod.nominationCleared":
            pods[event["pod"]]["nominatedNodeName"] = None
        elif kind == "pod.terminating":
            terminating.add(event["pod"])
            pods[event["pod"]]["preemptedBy"] = event["preemptedBy"]
        elif kind == "pod.deleted":
            pods[event["pod"]]["phase"] = "Deleted"
            terminating.discard(event["pod"])
        elif kind == "k8s.event":
            k8s_events.append({k: event[k] for k in ("t", "type", "reason", "object", "message")})
    statuses = ["Terminating" if key in terminating else row["phase"] for key, row in pods.items()]
    report = {"seed": sim.seed, "time": round(sim.now, 3), "pods": list(pods.values()), "events": k8s_events}
    return report, statuses


def _pod_row(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "namespace": view["namespace"], "name": view["name"],
        "phase": "Running" if view["nodeName"] else "Pending",
        "nodeName": view["nodeName"], "nominatedNodeName": view["nominatedNodeName"],
        "priority": view["priority"], "preemptedBy": view["preemptedBy"],
    }


def render_table(report: dict[str, Any], statuses: list[str]) -> str:
    pod_rows = [["NAME", "PRIORITY", "STATUS", "NODE", "NOMINATED NODE"]]
    for row, status in zip(report["pods"], statuses):
        pod_rows.append([row["name"], str(row["priority"]), status,
                         row["nodeName"] or "<none>", row["nominatedNodeName"] or "<none>"])
    event_rows = [["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"]]
    for event in report["events"]:
        event_rows.append([_age(report["time"] - event["t"]), event["type"], event["reason"],
                           event.get("objectKind", "Pod").lower() + "/" + event["object"].split("/", 1)[1], event["message"]])
    return _columns(pod_rows) + "\n" + _columns(event_rows)


def _columns(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return "".join("   ".join(c.ljust(w) for c, w in zip(r, widths)) + "   " + r[-1] + "\n" for r in rows)


def _age(seconds: float) -> str:
    """kubectl's short duration: 0s, 45s, 5m30s, 2h3m."""
    s = max(0, int(seconds))
    if s < 120:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60}s" if s % 60 else f"{s // 60}m"
    return f"{s // 3600}h{(s % 3600) // 60}m"
