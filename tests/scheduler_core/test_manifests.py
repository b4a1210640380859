from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from scheduler_core.manifests import (
    SIM_EPOCH,
    SYSTEM_PRIORITY_CLASSES,
    FieldError,
    ManifestError,
    cluster_to_documents,
    dump_yaml,
    load_documents,
    load_yaml,
    parse_node,
    parse_pod,
)
from scheduler_core.objects import Cluster, PriorityClass

SUBDOMAIN_MSG = (
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is "
    "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
)
QUANTITY_MSG = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"


def node(name: str = "n1", **status: Any) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {"name": name},
        "status": {"allocatable": status or {"cpu": "4", "memory": "8Gi", "pods": 110}},
    }


def pod(name: str = "p1", cpu: Any = "500m", **spec: Any) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name},
        "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": cpu}}}], **spec},
    }


def pod_resources(resources: dict[str, Any]) -> dict[str, Any]:
    manifest = pod()
    manifest["spec"]["containers"][0]["resources"] = resources
    return manifest


def priority_class(name: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name},
            "value": value, **extra}


def pdb(name: str = "b1", **spec: Any) -> dict[str, Any]:
    return {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": name},
            "spec": {"selector": {"matchLabels": {"app": "web"}}, **spec}}


def errors_of(docs: list[dict[str, Any]]) -> list[FieldError]:
    with pytest.raises(ManifestError) as info:
        load_documents(docs)
    return info.value.errors


def only_error(docs: list[dict[str, Any]]) -> FieldError:
    errors = errors_of(docs)
    assert len(errors) == 1, [str(e) for e in errors]
    return errors[0]


# -- reading ----------------------------------------------------------------------------------
def test_a_pod_reads_requests_in_canonical_units() -> None:
    cluster = load_documents([node(), pod(cpu="1.5")])
    assert cluster.pods[0].requests == {"cpu": 1500}


def test_limits_stand_in_for_absent_requests() -> None:
    manifest = pod()
    manifest["spec"]["containers"][0]["resources"] = {"requests": {"cpu": "250m"},
                                                      "limits": {"cpu": "1", "memory": "1Gi"}}
    assert load_documents([manifest]).pods[0].requests == {"cpu": 250, "memory": 2**30}


def test_node_allocatable_defaults_to_capacity() -> None:
    manifest = node()
    manifest["status"] = {"capacity": {"cpu": "2", "memory": "1Gi", "pods": "10"}}
    n = load_documents([manifest]).nodes[0]
    assert n.allocatable == {"cpu": 2000, "memory": 2**30, "pods": 10} == n.capacity


def test_sidecar_init_containers_are_marked_by_restart_policy_always() -> None:
    manifest = pod()
    manifest["spec"]["initContainers"] = [
        {"name": "proxy", "restartPolicy": "Always", "resources": {"requests": {"cpu": "100m"}}}
    ]
    p = load_documents([manifest]).pods[0]
    assert p.init_containers[0].is_sidecar and p.requests["cpu"] == 600


def test_a_kind_list_is_expanded() -> None:
    cluster = load_documents([{"apiVersion": "v1", "kind": "List", "items": [node("a"), node("b")]}])
    assert [n.name for n in cluster.nodes] == ["a", "b"]


def test_status_start_time_is_seconds_relative_to_the_simulation_epoch() -> None:
    manifest = pod()
    manifest["status"] = {"startTime": "2025-12-31T23:50:00Z"}
    assert SIM_EPOCH.isoformat() == "2026-01-01T00:00:00+00:00"
    assert load_documents([manifest]).pods[0].start_time == -600.0


def test_uid_defaults_to_a_stable_uuid_of_namespace_and_name() -> None:
    first = load_documents([pod("web")]).pods[0].uid
    assert first == load_documents([pod("web")]).pods[0].uid
    assert first != load_documents([pod("api")]).pods[0].uid


def test_yaml_multi_document_with_empty_documents() -> None:
    cluster = load_yaml("---\napiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {capacity: {cpu: 1}}\n---\n")
    assert [n.name for n in cluster.nodes] == ["n1"]


def test_yaml_syntax_error_names_the_line() -> None:
    with pytest.raises(ManifestError) as info:
        load_yaml("apiVersion: v1\nkind: Node\nmetadata: {name: n1\n")
    err = info.value.errors[0]
    assert err.path == "" and "line 4" in err.message and err.message.startswith("yaml: ")


def test_unmodelled_and_unknown_fields_are_reported_not_rejected() -> None:
    manifest = pod("web", volumes=[{"name": "v"}], nodeSelecter={"a": "b"})
    manifest["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    cluster = load_documents([manifest])
    assert cluster.ignored == (
        "pods[0] (Pod default/web): spec.volumes is not modelled and was ignored",
        "pods[0] (Pod default/web): spec.nodeSelecter is not a known field and was ignored",
        "pods[0] (Pod default/web): spec.containers[0].resources.claims is not modelled and was ignored",
    )


def test_a_namespace_document_is_modelled_not_ignored() -> None:
    # more in tests/scheduler_core/test_namespaces.py
    cluster = load_documents([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}}])
    assert (cluster.ignored, [ns.name for ns in cluster.namespaces]) == ((), ["team"])


# -- errors -----------------------------------------------------------------------------------
def test_a_malformed_quantity_reads_like_the_api_server() -> None:
    err = only_error([pod("a"), pod("b"), pod("c"), pod("web", cpu="2 cores")])
    assert str(err) == (
        'Pod "web" is invalid: spec.containers[0].resources.requests.cpu: Invalid value: "2 cores": ' + QUANTITY_MSG
    )
    assert err.api_path == "pods[3].spec.containers[0].resources.requests.cpu"
    assert (err.document, err.kind_index, err.value) == (3, 3, "2 cores")


def test_all_errors_are_collected_not_just_the_first() -> None:
    errors = errors_of([pod("Bad_Name"), pod("ok", cpu="-1"), node("n1", cpu="x")])
    assert [e.api_path for e in errors] == [
        "pods[0].metadata.name",
        "pods[1].spec.containers[0].resources.requests.cpu",
        "nodes[0].status.allocatable.cpu",
    ]


@pytest.mark.parametrize(
    ("docs", "api_path", "message"),
    [
        pytest.param([pod("Web")], "pods[0].metadata.name", f'Invalid value: "Web": {SUBDOMAIN_MSG}',
                     id="an upper-case pod name is not a DNS subdomain"),
        pytest.param([{**pod(), "metadata": {}}], "pods[0].metadata.name",
                     "Required value: name or generateName is required", id="a pod without a name"),
        pytest.param([node("n1"), node("n1")], "nodes[1].metadata.name", 'Duplicate value: "n1"',
                     id="two nodes with the same name"),
        pytest.param([pod(cpu="-1")], "pods[0].spec.containers[0].resources.requests.cpu",
                     'Invalid value: "-1": must be greater than or equal to 0', id="a negative request"),
        pytest.param([{**pod(), "spec": {}}], "pods[0].spec.containers", "Required value",
                     id="a pod without containers"),
        pytest.param([priority_class("system-custom", 5)], "priorityclasses[0].metadata.name",
                     "Forbidden: priority class names with 'system-' prefix are reserved for system use only. "
                     "error: system-custom is not a known system priority class",
                     id="an unknown system- class name is reserved"),
        pytest.param([priority_class("system-node-critical", 5)], "priorityclasses[0].metadata.name",
                     "Forbidden: priority class names with 'system-' prefix are reserved for system use only. "
                     "error: value of system-node-critical PriorityClass must be 2000001000",
                     id="a known system class with the wrong value"),
        pytest.param([priority_class("huge", 1_000_000_001)], "priorityclasses[0].value",
                     "Forbidden: maximum allowed value of a user defined priority is 1000000000",
                     id="a user class above one billion"),
        pytest.param([priority_class("p", 1, preemptionPolicy="Sometimes")], "priorityclasses[0].preemptionPolicy",
                     'Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"',
                     id="an unknown preemption policy"),
        pytest.param([pod(priorityClassName="gold")], "pods[0].spec.priorityClassName",
                     "no PriorityClass with name gold was found", id="a pod naming a missing class"),
        pytest.param([priority_class("gold", 100), pod(priorityClassName="gold", priority=5)], "pods[0].spec.priority",
                     "the integer value of priority (5) must not be provided in pod spec; "
                     "priority admission controller computed 100 from the given PriorityClass name",
                     id="a pod priority that conflicts with its class"),
        pytest.param([pod(nodeName="ghost")], "pods[0].spec.nodeName", 'Not found: "ghost"',
                     id="a pod bound to a node that does not exist"),
        pytest.param([{**node(), "spec": {"taints": [{"key": "k", "effect": "Sometimes"}]}}],
                     "nodes[0].spec.taints[0].effect",
                     'Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
                     id="an unknown taint effect"),
        pytest.param([pod(tolerations=[{"key": "k", "operator": "Exists", "value": "v"}])],
                     "pods[0].spec.tolerations[0].operator",
                     "Invalid value: \"v\": value must be empty when `operator` is 'Exists'",
                     id="an Exists toleration with a value"),
        pytest.param([pdb(selector={"matchExpressions": [{"key": "app", "operator": "Near"}]})],
                     "poddisruptionbudgets[0].spec.selector.matchExpressions[0].operator",
                     'Invalid value: "Near": not a valid selector operator', id="an unknown label selector operator"),
        pytest.param([pdb(minAvailable=1, maxUnavailable="10%")], "poddisruptionbudgets[0].spec.minAvailable",
                     "Invalid value: 1: minAvailable and maxUnavailable cannot be both set",
                     id="a PDB with both minAvailable and maxUnavailable"),
        pytest.param([pod(topologySpreadConstraints=[{"maxSkew": 0, "topologyKey": "zone",
                                                      "whenUnsatisfiable": "DoNotSchedule"}])],
                     "pods[0].spec.topologySpreadConstraints[0].maxSkew",
                     "Invalid value: 0: must be greater than zero", id="a spread constraint with maxSkew zero"),
        pytest.param([pod(topologySpreadConstraints=[{"maxSkew": 1, "topologyKey": "zone",
                                                      "whenUnsatisfiable": "Later"}])],
                     "pods[0].spec.topologySpreadConstraints[0].whenUnsatisfiable",
                     'Unsupported value: "Later": supported values: "DoNotSchedule", "ScheduleAnyway"',
                     id="an unknown whenUnsatisfiable"),
        pytest.param([{**pod(), "apiVersion": "apps/v1"}], "pods[0].apiVersion",
                     'Invalid value: "apps/v1": no matches for kind "Pod" in version "apps/v1"',
                     id="a pod under a wrong apiVersion"),
        pytest.param([{"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "d"}}],
                     "cronjobs[0].kind",
                     'Unsupported value: "CronJob": supported values: "Node", "PriorityClass", "Pod", '
                     '"PodDisruptionBudget", "Namespace", "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job" '
                     '(CronJob is not modelled by the playground)',
                     id="a kind the playground does not model"),
        pytest.param([pod(affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                         "nodeSelectorTerms": [{"matchExpressions": [{"key": "n", "operator": "Gt",
                                                                      "values": ["1", "2"]}]}]}}})],
                     "pods[0].spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution"
                     ".nodeSelectorTerms[0].matchExpressions[0].values",
                     "Required value: must be specified single value when `operator` is 'Lt' or 'Gt'",
                     id="a Gt node selector requirement with two values"),
        pytest.param([pod_resources({"requests": {"cpu": "2"}, "limits": {"cpu": "1"}})],
                     "pods[0].spec.containers[0].resources.requests",
                     'Invalid value: "2": must be less than or equal to cpu limit of 1', id="a request above its limit"),
        pytest.param([pod_resources({"requests": {"example.com/gpu": 1}})], "pods[0].spec.containers[0].resources.limits",
                     "Required value: Limit must be set for non overcommitable resources",
                     id="an extended resource requested without a limit"),
        pytest.param([pod_resources({"requests": {"example.com/gpu": 1}, "limits": {"example.com/gpu": 2}})],
                     "pods[0].spec.containers[0].resources.requests",
                     "Invalid value: 1: must be equal to example.com/gpu limit of 2",
                     id="an extended resource request that differs from its limit"),
        pytest.param([pod_resources({"limits": {"example.com/gpu": "500m"}})],
                     "pods[0].spec.containers[0].resources.limits.example.com/gpu",
                     'Invalid value: "500m": must be an integer', id="half a GPU"),
        pytest.param([pod_resources({"requests": {"gpu": 1}})], "pods[0].spec.containers[0].resources.requests.gpu",
                     'Invalid value: "gpu": must be a standard resource for containers',
                     id="a resource name without a domain that is not a standard resource"),
    ],
)
def test_validation_errors(docs: list[dict[str, Any]], api_path: str, message: str) -> None:
    err = only_error(docs)
    assert (err.api_path, err.message) == (api_path, message)


def test_a_second_global_default_class_is_forbidden_by_admission() -> None:
    err = only_error([priority_class("a", 1, globalDefault=True), priority_class("b", 2, globalDefault=True)])
    assert str(err) == 'priorityclasses "b" is forbidden: PriorityClass a is already marked as default. ' \
                       "Only one default can exist"


def test_a_priority_class_without_value_is_refused_naming_value() -> None:
    manifest = priority_class("zero", 0)
    del manifest["value"]
    with pytest.raises(ManifestError) as raised:
        load_documents([manifest])
    assert [(e.path, e.type) for e in raised.value.errors] == [("value", "Required value")]


def test_an_extended_resource_limit_becomes_the_request() -> None:
    cluster = load_documents([pod_resources({"limits": {"example.com/gpu": 2}})])
    assert cluster.pods[0].requests == {"example.com/gpu": 2}


def test_pods_bound_to_an_overcommitted_node_are_accepted() -> None:
    cluster = load_documents([node("n1", cpu="1", pods=110), pod("a", cpu="2", nodeName="n1")])
    assert cluster.pods[0].node_name == "n1"


def test_manifest_error_joins_all_messages() -> None:
    with pytest.raises(ManifestError) as info:
        load_documents([pod("A"), pod("B")])
    assert str(info.value) == "; ".join(str(e) for e in info.value.errors)
    assert info.value.errors[0].to_json()["api_path"] == "pods[0].metadata.name"


# -- priority admission -----------------------------------------------------------------------
def test_system_classes_are_always_present() -> None:
    assert load_documents([]).priority_classes == SYSTEM_PRIORITY_CLASSES
    assert [(pc.name, pc.value) for pc in SYSTEM_PRIORITY_CLASSES] == [
        ("system-node-critical", 2000001000), ("system-cluster-critical", 2000000000)
    ]


def test_a_pod_may_use_a_system_class() -> None:
    p = load_documents([pod(priorityClassName="system-node-critical")]).pods[0]
    assert p.priority == 2000001000


def test_global_default_class_is_written_into_pods_without_a_class() -> None:
    cluster = load_documents([priority_class("base", 7, globalDefault=True, preemptionPolicy="Never"), pod()])
    p = cluster.pods[0]
    assert (p.priority_class_name, p.priority, p.preemption_policy) == ("base", 7, "Never")


def test_without_a_default_class_a_pod_gets_priority_zero_and_keeps_its_policy() -> None:
    p = load_documents([pod(preemptionPolicy="Never")]).pods[0]
    assert (p.priority_class_name, p.priority, p.preemption_policy) == ("", 0, "Never")


def test_priority_and_policy_come_from_the_class() -> None:
    p = load_documents([priority_class("gold", 1000, preemptionPolicy="Never"), pod(priorityClassName="gold")]).pods[0]
    assert (p.priority, p.preemption_policy) == (1000, "Never")


def test_a_spec_priority_equal_to_the_class_value_is_accepted() -> None:
    p = load_documents([priority_class("gold", 1000), pod(priorityClassName="gold", priority=1000)]).pods[0]
    assert p.priority == 1000


# -- single objects added mid-run ---------------------------------------------------------------
def test_parse_pod_admits_against_the_given_classes() -> None:
    p = parse_pod(pod(priorityClassName="gold"), [PriorityClass("gold", 50)])
    assert p.priority == 50


def test_parse_pod_checks_the_node_exists_when_told_which_do() -> None:
    with pytest.raises(ManifestError) as info:
        parse_pod(pod(nodeName="n9"), [], existing_nodes={"n1"})
    assert info.value.errors[0].message == 'Not found: "n9"'


def test_parse_node_reports_bad_quantities() -> None:
    with pytest.raises(ManifestError):
        parse_node(node(cpu="lots"))
    assert parse_node(node()).allocatable["cpu"] == 4000


# -- export and round trip -----------------------------------------------------------------------
RICH: list[dict[str, Any]] = [
    priority_class("high", 1000, description="important"),
    priority_class("batch", 10, globalDefault=True, preemptionPolicy="Never"),
    {**node("n1"), "metadata": {"name": "n1", "labels": {"zone": "a", "disk": "ssd"}},
     "spec": {"unschedulable": True, "taints": [{"key": "gpu", "value": "yes", "effect": "NoSchedule"}]},
     "status": {"capacity": {"cpu": "4", "memory": "16Gi", "pods": 110, "example.com/gpu": 2},
                "allocatable": {"cpu": "3500m", "memory": "15Gi", "pods": 110, "example.com/gpu": 2}}},
    node("n2"),
    {
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "web", "namespace": "shop", "uid": "u-1", "labels": {"app": "web"}},
        "spec": {
            "priorityClassName": "high",
            "nodeName": "n2",
            "schedulerName": "default-scheduler",
            "terminationGracePeriodSeconds": 5,
            "initContainers": [
                {"name": "setup", "resources": {"requests": {"cpu": "1", "memory": "100Mi"}}},
                {"name": "proxy", "restartPolicy": "Always", "resources": {"requests": {"cpu": "100m"}}},
            ],
            "containers": [{"name": "app", "resources": {"requests": {"cpu": "250m", "memory": "1.5Gi"},
                                                         "limits": {"example.com/gpu": 1}},
                            "ports": [{"containerPort": 80, "hostPort": 8080, "protocol": "UDP",
                                       "hostIP": "10.0.0.1"}]}],
            "overhead": {"cpu": "10m"},
            "nodeSelector": {"disk": "ssd"},
            "affinity": {
                "nodeAffinity": {
                    "requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                        {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a", "b"]}],
                         "matchFields": [{"key": "metadata.name", "operator": "In", "values": ["n1"]}]}]},
                    "preferredDuringSchedulingIgnoredDuringExecution": [
                        {"weight": 5, "preference": {"matchExpressions": [{"key": "disk", "operator": "Exists"}]}}],
                },
                "podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
                    {"topologyKey": "zone", "labelSelector": {"matchLabels": {"app": "db"}}, "namespaces": ["x"]}]},
                "podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [
                    {"weight": 10, "podAffinityTerm": {
                        "topologyKey": "kubernetes.io/hostname", "namespaceSelector": {},
                        "labelSelector": {"matchExpressions": [{"key": "app", "operator": "NotIn", "values": ["x"]}]},
                        "matchLabelKeys": ["rev"]}}]},
            },
            "topologySpreadConstraints": [{"maxSkew": 2, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule",
                                           "labelSelector": {"matchLabels": {"app": "web"}}, "minDomains": 2,
                                           "nodeTaintsPolicy": "Honor", "matchLabelKeys": ["rev"]}],
            "tolerations": [{"key": "gpu", "operator": "Equal", "value": "yes", "effect": "NoSchedule"},
                            {"operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 30}],
            "schedulingGates": [{"name": "example.com/wait"}],
        },
        "status": {"startTime": "2025-12-31T23:59:30.5Z", "nominatedNodeName": "n1"},
    },
    pod("plain"),
    pdb("guard", minAvailable="50%"),
    {**pdb("cap", maxUnavailable=1), "status": {"disruptionsAllowed": 1, "disruptedPods": ["plain"]}},
]


def test_round_trip_through_documents_is_lossless() -> None:
    cluster = load_documents(copy.deepcopy(RICH))
    assert cluster.ignored == ()
    assert load_documents(cluster_to_documents(cluster)) == cluster


def test_round_trip_through_yaml_text_is_lossless() -> None:
    cluster = load_documents(copy.deepcopy(RICH))
    assert load_yaml(dump_yaml(cluster_to_documents(cluster))) == cluster


def test_export_omits_system_classes_and_converts_times_back() -> None:
    docs = cluster_to_documents(load_documents(copy.deepcopy(RICH)))
    assert [d["metadata"]["name"] for d in docs if d["kind"] == "PriorityClass"] == ["high", "batch"]
    web = next(d for d in docs if d["kind"] == "Pod" and d["metadata"]["name"] == "web")
    assert web["status"]["startTime"] == "2025-12-31T23:59:30.5Z"
    assert web["spec"]["containers"][0]["resources"]["requests"] == {"cpu": "250m", "memory": "1536Mi",
                                                                    "example.com/gpu": "1"}


def test_dump_yaml_keeps_kubernetes_key_order() -> None:
    text = dump_yaml(cluster_to_documents(Cluster(nodes=(parse_node(node()),))))
    assert text.startswith("apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n")


def test_round_trip_drops_only_ignored_notes() -> None:
    manifest = pod("web", volumes=[{"name": "v"}])
    cluster = load_documents([manifest])
    assert load_documents(cluster_to_documents(cluster)) == replace(cluster, ignored=())


def test_a_document_without_kind_names_the_field_and_document() -> None:
    err = only_error([node(), {"apiVersion": "v1", "metadata": {"name": "x"}}])
    assert str(err) == "document 1: kind: Required value: kind not set"


def test_a_syntax_error_in_a_later_document_names_that_document() -> None:
    with pytest.raises(ManifestError) as info:
        load_yaml("kind: Node\n---\nkind: [Pod\n")
    assert info.value.errors[0].document == 1
    assert str(info.value).startswith("document 1: yaml: line ")


def test_a_start_time_without_zone_is_rejected() -> None:
    manifest = pod()
    manifest["status"] = {"startTime": "2025-12-31T23:50:00"}
    err = only_error([manifest])
    assert err.api_path == "pods[0].status.startTime"


def test_metadata_a_kind_does_not_keep_is_reported() -> None:
    manifest = priority_class("gold", 5)
    manifest["metadata"] = {"name": "gold", "labels": {"team": "a"}, "uid": "u"}
    assert load_documents([manifest]).ignored == (
        "priorityclasses[0] (PriorityClass gold): metadata.labels is not modelled and was ignored",
        "priorityclasses[0] (PriorityClass gold): metadata.uid is not modelled and was ignored",
    )


def test_unquoted_yaml_numbers_are_quantities() -> None:
    cluster = load_yaml(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n"
        "spec: {containers: [{name: c, resources: {requests: {cpu: 0.5, memory: 1e3}}}]}\n"
    )
    assert cluster.pods[0].requests == {"cpu": 500, "memory": 1000}


def test_label_values_are_checked_with_the_upstream_message() -> None:
    manifest = pod()
    manifest["metadata"]["labels"] = {"app": "web server"}
    err = only_error([manifest])
    assert err.api_path == "pods[0].metadata.labels"
    assert err.message.startswith('Invalid value: "web server": a valid label must be an empty string or consist of ')
