"""The kube-scheduler version this model follows; shown in the UI and at /api/version."""
from __future__ import annotations

MODEL_VERSION = {
    "kubeSchedulerVersion": "v1.34",
    "defaults": "kube-scheduler v1.34 default profile",
    "outOfScope": ["volumes", "DRA ResourceClaims (DynamicResources runs as for pods without claims)", "extenders", "image locality (scores 0)", "Permit waiting"],
}
