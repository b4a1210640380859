"""The Kubernetes version this model follows — the one place it is written: the scheduler's
defaults (config.py), /api/version and the UI, and the Kubernetes API's /version, kubelet version
and OpenAPI document (playground/k8sapi) all read it here."""
from __future__ import annotations

KUBERNETES_VERSION = "v1.34.0"  # the release whose kube-scheduler, kubelet and API server are modelled
KUBE_SCHEDULER_VERSION = KUBERNETES_VERSION.rsplit(".", 1)[0]  # "v1.34": a SchedulerConfig version preset

MODEL_VERSION = {
    "kubeSchedulerVersion": KUBE_SCHEDULER_VERSION,
    "defaults": f"kube-scheduler {KUBE_SCHEDULER_VERSION} default profile",
    "outOfScope": ["volumes", "DRA ResourceClaims (DynamicResources runs as for pods without claims)", "extenders", "image locality (scores 0)", "Permit waiting"],
}
