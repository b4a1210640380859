"""Import a cluster, add a high-priority pod, run it, print where each pod went and who was preempted —
with plain HTTP (requests); examples/preemption.py does the same with the typed client."""
import argparse

import requests

CLUSTER = """\
{apiVersion: scheduling.k8s.io/v1, kind: PriorityClass, metadata: {name: high}, value: 1000}
---
{apiVersion: v1, kind: Node, metadata: {name: node-1}, status: {allocatable: {cpu: "2", memory: 4Gi, pods: "9"}}}
---
{apiVersion: v1, kind: Pod, metadata: {name: batch},
 spec: {nodeName: node-1, containers: [{name: c, resources: {requests: {cpu: 1500m}}}]}}
"""
URGENT = {"metadata": {"name": "urgent"},
          "spec": {"priorityClassName": "high", "containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}
parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--url", default="http://127.0.0.1:8000")
parser.add_argument("--token", help="personal API token; without one you are a guest")
args = parser.parse_args()
api = requests.Session()  # without --token we are a guest: session cookie + CSRF token from /api/me
api.headers["X-CSRFToken"] = api.get(f"{args.url}/api/me", timeout=30).cookies["csrftoken"]
if args.token:
    api.headers["Authorization"] = f"Token {args.token}"

def call(method: str, path: str, **kwargs) -> dict:
    response = api.request(method, args.url + path, timeout=90, **kwargs)
    if response.status_code >= 400:
        raise SystemExit(f"{method} {path} -> {response.status_code}: {response.text}")
    return response.json()

slug = call("POST", "/api/scenarios/import/", data=CLUSTER, headers={"Content-Type": "application/yaml"})["slug"]
call("POST", f"/api/scenarios/{slug}/pods/", json=URGENT)
run = f"/api/runs/{call('POST', '/api/runs/', json={'scenario': slug, 'speed': 0})['id']}"
call("GET", f"{run}/wait/?timeout=60")  # 504 if it has not settled by then
outcome = call("GET", f"{run}/outcome/")
for pod in outcome["pods"]:
    print(f"{pod['key']}: {pod['phase']} on {pod['node'] or '-'}")
for preemption in outcome["preemptions"]:
    for victim in preemption["victims"]:
        print(f"{victim}: preempted by {preemption['preemptor']} on {preemption['node']}")
