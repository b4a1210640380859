"""Protobuf request bodies as kubectl's typed commands send them, encoded here by hand from the wire format."""
from __future__ import annotations

from pathlib import Path

import pytest

from playground.k8sapi import protobuf
from playground.k8sapi.status import ApiError


def length_delimited(number: int, payload: bytes) -> bytes:
    assert len(payload) < 128  # one-byte lengths keep the hand encoding readable
    return bytes([number << 3 | 2, len(payload)]) + payload


def varint(number: int, value: int) -> bytes:
    assert value < 128
    return bytes([number << 3, value])


def envelope(kind: str, raw: bytes) -> bytes:
    type_meta = length_delimited(1, b"v1") + length_delimited(2, kind.encode())
    return protobuf.MAGIC + length_delimited(1, type_meta) + length_delimited(2, raw) + length_delimited(3, b"") \
        + length_delimited(4, b"")


def namespace(meta_extra: bytes = b"") -> bytes:
    """What Go's marshaller writes for a new Namespace: every non-pointer field, zero or not."""
    label = length_delimited(11, length_delimited(1, b"team") + length_delimited(2, b"blue"))
    meta = (length_delimited(1, b"team-b") + length_delimited(2, b"") + length_delimited(3, b"")
            + length_delimited(4, b"") + length_delimited(5, b"") + length_delimited(6, b"") + varint(7, 0)
            + length_delimited(8, b"") + label + meta_extra)
    return length_delimited(1, meta) + length_delimited(2, b"") + length_delimited(3, length_delimited(1, b""))


def test_a_namespace_body_is_the_json_object_without_its_zero_values() -> None:
    assert protobuf.decode(envelope("Namespace", namespace())) == {
        "apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-b", "labels": {"team": "blue"}},
        "spec": {}, "status": {}}


def test_a_field_the_table_does_not_know_is_refused_by_name() -> None:
    with pytest.raises(ApiError) as refused:
        protobuf.decode(envelope("Namespace", namespace(length_delimited(13, b""))))
    assert refused.value.code == 400 and "field 13 of ObjectMeta" in refused.value.message


def test_a_kind_not_decoded_here_is_an_unsupported_media_type() -> None:
    with pytest.raises(ApiError) as refused:
        protobuf.decode(envelope("Pod", b""))
    assert refused.value.code == 415 and "not Pod" in refused.value.message


@pytest.mark.parametrize("body", [b'{"kind": "Namespace"}', protobuf.MAGIC + b"\x0a\x05v1"],
                         ids=["no envelope", "cut short"])
def test_a_body_that_is_no_protobuf_object_is_a_bad_request(body: bytes) -> None:
    with pytest.raises(ApiError) as refused:
        protobuf.decode(body)
    assert refused.value.code == 400


def test_a_priority_class_body_keeps_a_zero_value() -> None:
    """`kubectl create priorityclass zero --value=0`: value has no omitempty, so 0 is the value."""
    raw = length_delimited(1, length_delimited(1, b"zero")) + varint(2, 0) + varint(3, 0) + length_delimited(4, b"") \
        + length_delimited(5, b"PreemptLowerPriority")
    assert protobuf.decode(envelope("PriorityClass", raw)) == {
        "apiVersion": "v1", "kind": "PriorityClass", "metadata": {"name": "zero"}, "value": 0,
        "preemptionPolicy": "PreemptLowerPriority"}


def test_a_pdb_body_decodes_its_int_or_string_bounds_and_selector() -> None:
    """`kubectl create pdb web --selector=app=web --min-available=1`; a percentage is the IntOrString's string."""
    selector = length_delimited(1, length_delimited(1, b"app") + length_delimited(2, b"web"))
    one = varint(1, 0) + varint(2, 1)
    spec = length_delimited(1, one) + length_delimited(2, selector)
    status = varint(1, 0) + varint(3, 0) + varint(4, 0) + varint(5, 0) + varint(6, 0)
    raw = length_delimited(1, length_delimited(1, b"web")) + length_delimited(2, spec) + length_delimited(3, status)
    assert protobuf.decode(envelope("PodDisruptionBudget", raw)) == {
        "apiVersion": "v1", "kind": "PodDisruptionBudget", "metadata": {"name": "web"},
        "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "web"}}}, "status": {}}
    percent = length_delimited(3, varint(1, 1) + length_delimited(3, b"25%"))
    assert protobuf.message("PodDisruptionBudgetSpec", percent) == {"maxUnavailable": "25%"}


FIXTURES = Path(__file__).parent / "fixtures" / "kubectl_protobuf"  # bodies kubectl v1.32 sent, captured as sent


def captured(name: str) -> bytes:
    return (FIXTURES / f"{name}.bin").read_bytes()


def test_kubectl_create_deployment_decodes_to_the_object_it_means() -> None:
    """`kubectl create deployment web --image=nginx --replicas=2 --port=80`: every zero Go wrote is left out."""
    assert protobuf.decode(captured("create_deployment_web")) == {
        "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "labels": {"app": "web"}},
        "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}}, "strategy": {},
                 "template": {"metadata": {"labels": {"app": "web"}}, "spec": {"containers": [
                     {"name": "nginx", "image": "nginx", "ports": [{"containerPort": 80}], "resources": {}}]}}},
        "status": {}}


def test_zero_replicas_is_a_value_and_each_image_a_container() -> None:
    """`kubectl create deployment web3 --image=nginx --image=redis --replicas=0`: replicas is a pointer, so
    the 0 kubectl wrote is the value, not a default to fill."""
    spec = protobuf.decode(captured("create_deployment_two_images_zero_replicas"))["spec"]
    assert spec["replicas"] == 0
    assert [(c["name"], c["image"]) for c in spec["template"]["spec"]["containers"]] == [
        ("nginx", "nginx"), ("redis", "redis")]


def test_kubectl_create_job_decodes_its_template_and_command() -> None:
    """`kubectl create job j --image=busybox` and `… j2 --image=busybox -- sleep 30`."""
    assert protobuf.decode(captured("create_job")) == {
        "apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j"},
        "spec": {"template": {"metadata": {}, "spec": {
            "containers": [{"name": "j", "image": "busybox", "resources": {}}], "restartPolicy": "Never"}}},
        "status": {}}
    container = protobuf.decode(captured("create_job_command"))["spec"]["template"]["spec"]["containers"][0]
    assert container["command"] == ["sleep", "30"]


def test_resource_quantities_are_their_strings() -> None:
    """ResourceRequirements' maps hold resource.Quantity messages, whose one field is the canonical string."""
    cpu = length_delimited(1, length_delimited(1, b"cpu") + length_delimited(2, length_delimited(1, b"500m")))
    memory = length_delimited(2, length_delimited(1, b"memory") + length_delimited(2, length_delimited(1, b"1Gi")))
    assert protobuf.message("ResourceRequirements", cpu + memory) == {
        "limits": {"cpu": "500m"}, "requests": {"memory": "1Gi"}}


def test_a_pod_spec_field_not_decoded_here_is_refused_by_name() -> None:
    """A volume (PodSpec field 1) is not something kubectl's create commands write: refused, not dropped."""
    with pytest.raises(ApiError) as refused:
        protobuf.message("PodSpec", length_delimited(1, b""))
    assert refused.value.code == 400 and "field 1 of PodSpec" in refused.value.message
