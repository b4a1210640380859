from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_status_enum import RunStatusEnum

if TYPE_CHECKING:
    from ..models.deleted_pod import DeletedPod
    from ..models.node_allocation import NodeAllocation
    from ..models.outcome_pod import OutcomePod
    from ..models.preemption import Preemption


T = TypeVar("T", bound="Outcome")


@_attrs_define
class Outcome:
    """
    Attributes:
        run (int):
        seq (int): the outcome after this event
        status (RunStatusEnum): * `queued` - queued
            * `running` - running
            * `paused` - paused
            * `settled` - settled
            * `finished` - finished
            * `failed` - failed
        settled (bool): nothing more will happen without a command
        time (float): virtual time of that event: the run's end once settled
        pods (list[OutcomePod]): the pods that exist
        preemptions (list[Preemption]): each successful PostFilter, in order
        deleted (list[DeletedPod]): pods gone from the cluster, in order
        nodes (list[NodeAllocation]):
    """

    run: int
    seq: int
    status: RunStatusEnum
    settled: bool
    time: float
    pods: list[OutcomePod]
    preemptions: list[Preemption]
    deleted: list[DeletedPod]
    nodes: list[NodeAllocation]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run = self.run

        seq = self.seq

        status = self.status.value

        settled = self.settled

        time = self.time

        pods = []
        for pods_item_data in self.pods:
            pods_item = pods_item_data.to_dict()
            pods.append(pods_item)

        preemptions = []
        for preemptions_item_data in self.preemptions:
            preemptions_item = preemptions_item_data.to_dict()
            preemptions.append(preemptions_item)

        deleted = []
        for deleted_item_data in self.deleted:
            deleted_item = deleted_item_data.to_dict()
            deleted.append(deleted_item)

        nodes = []
        for nodes_item_data in self.nodes:
            nodes_item = nodes_item_data.to_dict()
            nodes.append(nodes_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run": run,
                "seq": seq,
                "status": status,
                "settled": settled,
                "time": time,
                "pods": pods,
                "preemptions": preemptions,
                "deleted": deleted,
                "nodes": nodes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deleted_pod import DeletedPod
        from ..models.node_allocation import NodeAllocation
        from ..models.outcome_pod import OutcomePod
        from ..models.preemption import Preemption

        d = dict(src_dict)
        run = d.pop("run")

        seq = d.pop("seq")

        status = RunStatusEnum(d.pop("status"))

        settled = d.pop("settled")

        time = d.pop("time")

        pods = []
        _pods = d.pop("pods")
        for pods_item_data in _pods:
            pods_item = OutcomePod.from_dict(pods_item_data)

            pods.append(pods_item)

        preemptions = []
        _preemptions = d.pop("preemptions")
        for preemptions_item_data in _preemptions:
            preemptions_item = Preemption.from_dict(preemptions_item_data)

            preemptions.append(preemptions_item)

        deleted = []
        _deleted = d.pop("deleted")
        for deleted_item_data in _deleted:
            deleted_item = DeletedPod.from_dict(deleted_item_data)

            deleted.append(deleted_item)

        nodes = []
        _nodes = d.pop("nodes")
        for nodes_item_data in _nodes:
            nodes_item = NodeAllocation.from_dict(nodes_item_data)

            nodes.append(nodes_item)

        outcome = cls(
            run=run,
            seq=seq,
            status=status,
            settled=settled,
            time=time,
            pods=pods,
            preemptions=preemptions,
            deleted=deleted,
            nodes=nodes,
        )

        outcome.additional_properties = d
        return outcome

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
