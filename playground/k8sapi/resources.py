"""The resources this API server serves, once: discovery, OpenAPI paths and routing read this table."""
from __future__ import annotations

from dataclasses import dataclass

from scheduler_core.manifests.kinds import KIND_BY_NAME


@dataclass(frozen=True)
class Resource:
    group: str
    version: str
    plural: str
    singular: str
    kind: str
    namespaced: bool
    verbs: tuple[str, ...]
    short_names: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()

    @property
    def group_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    @property
    def qualified(self) -> str:
        """How API errors name the resource: pods, priorityclasses.scheduling.k8s.io."""
        return f"{self.plural}.{self.group}" if self.group else self.plural


@dataclass(frozen=True)
class Subresource:
    parent: str  # plural of the parent resource (same group/version)
    name: str
    kind: str
    verbs: tuple[str, ...]
    group: str = ""  # set when the subresource's kind lives in another group (pods/eviction: policy)
    version: str = ""


READ = ("get", "list", "watch")
WRITE = ("create", "delete", "get", "list", "patch", "update", "watch")


def modelled(kind: str, short_names: tuple[str, ...] = (), categories: tuple[str, ...] = ()) -> Resource:
    """A kind the model reads (scheduler_core.manifests.kinds: its group, version, plural and scope), writable."""
    k = KIND_BY_NAME[kind]
    return Resource(k.group, k.version, k.plural, k.singular, k.kind, k.namespaced, WRITE, short_names, categories)


RESOURCES: tuple[Resource, ...] = (
    modelled("Pod", ("po",), ("all",)),
    modelled("Node", ("no",)),
    Resource("", "v1", "events", "event", "Event", True, READ, ("ev",)),
    Resource("", "v1", "services", "service", "Service", True, READ, ("svc",)),
    modelled("Namespace", ("ns",)),
    Resource("events.k8s.io", "v1", "events", "event", "Event", True, READ, ("ev",)),
    modelled("PodDisruptionBudget", ("pdb",)),
    modelled("PriorityClass", ("pc",)),
    modelled("Deployment", ("deploy",), ("all",)),
    modelled("ReplicaSet", ("rs",), ("all",)),
    modelled("StatefulSet", ("sts",), ("all",)),
    modelled("DaemonSet", ("ds",), ("all",)),
    modelled("Job", (), ("all",)),
)
SUBRESOURCES: tuple[Subresource, ...] = (
    Subresource("pods", "eviction", "Eviction", ("create",), "policy", "v1"),
    *(Subresource(parent, "scale", "Scale", ("get", "patch", "update"), "autoscaling", "v1")
      for parent in ("deployments", "replicasets", "statefulsets")),
)
GROUPS: tuple[str, ...] = ("apps", "batch", "events.k8s.io", "policy", "scheduling.k8s.io")
# Create-only reviews about the caller (reviews.py): in discovery, not in the catalog or the OpenAPI documents.
REVIEWS: tuple[Resource, ...] = (
    Resource("authentication.k8s.io", "v1", "selfsubjectreviews", "selfsubjectreview", "SelfSubjectReview", False,
             ("create",)),
    Resource("authorization.k8s.io", "v1", "selfsubjectaccessreviews", "selfsubjectaccessreview",
             "SelfSubjectAccessReview", False, ("create",)),
    Resource("authorization.k8s.io", "v1", "selfsubjectrulesreviews", "selfsubjectrulesreview",
             "SelfSubjectRulesReview", False, ("create",)),
)
DISCOVERED_GROUPS: tuple[str, ...] = ("authentication.k8s.io", "authorization.k8s.io", *GROUPS)


def find(group: str, version: str, plural: str) -> Resource | None:
    for resource in RESOURCES:
        if (resource.group, resource.version, resource.plural) == (group, version, plural):
            return resource
    return None


def of_group_version(group: str, version: str) -> list[Resource]:
    """What discovery lists for group/version: the resources, then the reviews."""
    return [r for r in (*RESOURCES, *REVIEWS) if (r.group, r.version) == (group, version)]


def find_review(group: str, version: str, plural: str) -> Resource | None:
    return next((r for r in REVIEWS if (r.group, r.version, r.plural) == (group, version, plural)), None)


def subresources_of(group: str, version: str) -> list[Subresource]:
    parents = {r.plural for r in RESOURCES if (r.group, r.version) == (group, version)}
    return [s for s in SUBRESOURCES if s.parent in parents]


def find_subresource(resource: Resource, name: str) -> Subresource | None:
    return next((s for s in subresources_of(resource.group, resource.version)
                 if (s.parent, s.name) == (resource.plural, name)), None)
