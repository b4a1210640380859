from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_spec_template_spec_preemption_policy import (
    JobSpecTemplateSpecPreemptionPolicy,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.job_spec_template_spec_affinity import JobSpecTemplateSpecAffinity
    from ..models.job_spec_template_spec_containers_item import (
        JobSpecTemplateSpecContainersItem,
    )
    from ..models.job_spec_template_spec_init_containers_item import (
        JobSpecTemplateSpecInitContainersItem,
    )
    from ..models.job_spec_template_spec_node_selector import (
        JobSpecTemplateSpecNodeSelector,
    )
    from ..models.job_spec_template_spec_overhead import JobSpecTemplateSpecOverhead
    from ..models.job_spec_template_spec_scheduling_gates_item import (
        JobSpecTemplateSpecSchedulingGatesItem,
    )
    from ..models.job_spec_template_spec_tolerations_item import (
        JobSpecTemplateSpecTolerationsItem,
    )
    from ..models.job_spec_template_spec_topology_spread_constraints_item import (
        JobSpecTemplateSpecTopologySpreadConstraintsItem,
    )


T = TypeVar("T", bound="JobSpecTemplateSpec")


@_attrs_define
class JobSpecTemplateSpec:
    """
    Attributes:
        containers (list[JobSpecTemplateSpecContainersItem]):
        init_containers (list[JobSpecTemplateSpecInitContainersItem] | Unset):
        overhead (JobSpecTemplateSpecOverhead | Unset):
        node_name (str | Unset):
        node_selector (JobSpecTemplateSpecNodeSelector | Unset):
        affinity (JobSpecTemplateSpecAffinity | Unset): nodeAffinity, podAffinity, podAntiAffinity as in Kubernetes
        tolerations (list[JobSpecTemplateSpecTolerationsItem] | Unset):
        topology_spread_constraints (list[JobSpecTemplateSpecTopologySpreadConstraintsItem] | Unset):
        priority_class_name (str | Unset):
        priority (int | Unset):
        preemption_policy (JobSpecTemplateSpecPreemptionPolicy | Unset):
        scheduling_gates (list[JobSpecTemplateSpecSchedulingGatesItem] | Unset):
        scheduler_name (str | Unset):
        termination_grace_period_seconds (int | Unset):
    """

    containers: list[JobSpecTemplateSpecContainersItem]
    init_containers: list[JobSpecTemplateSpecInitContainersItem] | Unset = UNSET
    overhead: JobSpecTemplateSpecOverhead | Unset = UNSET
    node_name: str | Unset = UNSET
    node_selector: JobSpecTemplateSpecNodeSelector | Unset = UNSET
    affinity: JobSpecTemplateSpecAffinity | Unset = UNSET
    tolerations: list[JobSpecTemplateSpecTolerationsItem] | Unset = UNSET
    topology_spread_constraints: (
        list[JobSpecTemplateSpecTopologySpreadConstraintsItem] | Unset
    ) = UNSET
    priority_class_name: str | Unset = UNSET
    priority: int | Unset = UNSET
    preemption_policy: JobSpecTemplateSpecPreemptionPolicy | Unset = UNSET
    scheduling_gates: list[JobSpecTemplateSpecSchedulingGatesItem] | Unset = UNSET
    scheduler_name: str | Unset = UNSET
    termination_grace_period_seconds: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        containers = []
        for containers_item_data in self.containers:
            containers_item = containers_item_data.to_dict()
            containers.append(containers_item)

        init_containers: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.init_containers, Unset):
            init_containers = []
            for init_containers_item_data in self.init_containers:
                init_containers_item = init_containers_item_data.to_dict()
                init_containers.append(init_containers_item)

        overhead: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overhead, Unset):
            overhead = self.overhead.to_dict()

        node_name = self.node_name

        node_selector: dict[str, Any] | Unset = UNSET
        if not isinstance(self.node_selector, Unset):
            node_selector = self.node_selector.to_dict()

        affinity: dict[str, Any] | Unset = UNSET
        if not isinstance(self.affinity, Unset):
            affinity = self.affinity.to_dict()

        tolerations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tolerations, Unset):
            tolerations = []
            for tolerations_item_data in self.tolerations:
                tolerations_item = tolerations_item_data.to_dict()
                tolerations.append(tolerations_item)

        topology_spread_constraints: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.topology_spread_constraints, Unset):
            topology_spread_constraints = []
            for (
                topology_spread_constraints_item_data
            ) in self.topology_spread_constraints:
                topology_spread_constraints_item = (
                    topology_spread_constraints_item_data.to_dict()
                )
                topology_spread_constraints.append(topology_spread_constraints_item)

        priority_class_name = self.priority_class_name

        priority = self.priority

        preemption_policy: str | Unset = UNSET
        if not isinstance(self.preemption_policy, Unset):
            preemption_policy = self.preemption_policy.value

        scheduling_gates: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scheduling_gates, Unset):
            scheduling_gates = []
            for scheduling_gates_item_data in self.scheduling_gates:
                scheduling_gates_item = scheduling_gates_item_data.to_dict()
                scheduling_gates.append(scheduling_gates_item)

        scheduler_name = self.scheduler_name

        termination_grace_period_seconds = self.termination_grace_period_seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "containers": containers,
            }
        )
        if init_containers is not UNSET:
            field_dict["initContainers"] = init_containers
        if overhead is not UNSET:
            field_dict["overhead"] = overhead
        if node_name is not UNSET:
            field_dict["nodeName"] = node_name
        if node_selector is not UNSET:
            field_dict["nodeSelector"] = node_selector
        if affinity is not UNSET:
            field_dict["affinity"] = affinity
        if tolerations is not UNSET:
            field_dict["tolerations"] = tolerations
        if topology_spread_constraints is not UNSET:
            field_dict["topologySpreadConstraints"] = topology_spread_constraints
        if priority_class_name is not UNSET:
            field_dict["priorityClassName"] = priority_class_name
        if priority is not UNSET:
            field_dict["priority"] = priority
        if preemption_policy is not UNSET:
            field_dict["preemptionPolicy"] = preemption_policy
        if scheduling_gates is not UNSET:
            field_dict["schedulingGates"] = scheduling_gates
        if scheduler_name is not UNSET:
            field_dict["schedulerName"] = scheduler_name
        if termination_grace_period_seconds is not UNSET:
            field_dict["terminationGracePeriodSeconds"] = (
                termination_grace_period_seconds
            )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.job_spec_template_spec_affinity import JobSpecTemplateSpecAffinity
        from ..models.job_spec_template_spec_containers_item import (
            JobSpecTemplateSpecContainersItem,
        )
        from ..models.job_spec_template_spec_init_containers_item import (
            JobSpecTemplateSpecInitContainersItem,
        )
        from ..models.job_spec_template_spec_node_selector import (
            JobSpecTemplateSpecNodeSelector,
        )
        from ..models.job_spec_template_spec_overhead import JobSpecTemplateSpecOverhead
        from ..models.job_spec_template_spec_scheduling_gates_item import (
            JobSpecTemplateSpecSchedulingGatesItem,
        )
        from ..models.job_spec_template_spec_tolerations_item import (
            JobSpecTemplateSpecTolerationsItem,
        )
        from ..models.job_spec_template_spec_topology_spread_constraints_item import (
            JobSpecTemplateSpecTopologySpreadConstraintsItem,
        )

        d = dict(src_dict)
        containers = []
        _containers = d.pop("containers")
        for containers_item_data in _containers:
            containers_item = JobSpecTemplateSpecContainersItem.from_dict(
                containers_item_data
            )

            containers.append(containers_item)

        _init_containers = d.pop("initContainers", UNSET)
        init_containers: list[JobSpecTemplateSpecInitContainersItem] | Unset = UNSET
        if _init_containers is not UNSET:
            init_containers = []
            for init_containers_item_data in _init_containers:
                init_containers_item = JobSpecTemplateSpecInitContainersItem.from_dict(
                    init_containers_item_data
                )

                init_containers.append(init_containers_item)

        _overhead = d.pop("overhead", UNSET)
        overhead: JobSpecTemplateSpecOverhead | Unset
        if isinstance(_overhead, Unset):
            overhead = UNSET
        else:
            overhead = JobSpecTemplateSpecOverhead.from_dict(_overhead)

        node_name = d.pop("nodeName", UNSET)

        _node_selector = d.pop("nodeSelector", UNSET)
        node_selector: JobSpecTemplateSpecNodeSelector | Unset
        if isinstance(_node_selector, Unset):
            node_selector = UNSET
        else:
            node_selector = JobSpecTemplateSpecNodeSelector.from_dict(_node_selector)

        _affinity = d.pop("affinity", UNSET)
        affinity: JobSpecTemplateSpecAffinity | Unset
        if isinstance(_affinity, Unset):
            affinity = UNSET
        else:
            affinity = JobSpecTemplateSpecAffinity.from_dict(_affinity)

        _tolerations = d.pop("tolerations", UNSET)
        tolerations: list[JobSpecTemplateSpecTolerationsItem] | Unset = UNSET
        if _tolerations is not UNSET:
            tolerations = []
            for tolerations_item_data in _tolerations:
                tolerations_item = JobSpecTemplateSpecTolerationsItem.from_dict(
                    tolerations_item_data
                )

                tolerations.append(tolerations_item)

        _topology_spread_constraints = d.pop("topologySpreadConstraints", UNSET)
        topology_spread_constraints: (
            list[JobSpecTemplateSpecTopologySpreadConstraintsItem] | Unset
        ) = UNSET
        if _topology_spread_constraints is not UNSET:
            topology_spread_constraints = []
            for topology_spread_constraints_item_data in _topology_spread_constraints:
                topology_spread_constraints_item = (
                    JobSpecTemplateSpecTopologySpreadConstraintsItem.from_dict(
                        topology_spread_constraints_item_data
                    )
                )

                topology_spread_constraints.append(topology_spread_constraints_item)

        priority_class_name = d.pop("priorityClassName", UNSET)

        priority = d.pop("priority", UNSET)

        _preemption_policy = d.pop("preemptionPolicy", UNSET)
        preemption_policy: JobSpecTemplateSpecPreemptionPolicy | Unset
        if isinstance(_preemption_policy, Unset):
            preemption_policy = UNSET
        else:
            preemption_policy = JobSpecTemplateSpecPreemptionPolicy(_preemption_policy)

        _scheduling_gates = d.pop("schedulingGates", UNSET)
        scheduling_gates: list[JobSpecTemplateSpecSchedulingGatesItem] | Unset = UNSET
        if _scheduling_gates is not UNSET:
            scheduling_gates = []
            for scheduling_gates_item_data in _scheduling_gates:
                scheduling_gates_item = (
                    JobSpecTemplateSpecSchedulingGatesItem.from_dict(
                        scheduling_gates_item_data
                    )
                )

                scheduling_gates.append(scheduling_gates_item)

        scheduler_name = d.pop("schedulerName", UNSET)

        termination_grace_period_seconds = d.pop("terminationGracePeriodSeconds", UNSET)

        job_spec_template_spec = cls(
            containers=containers,
            init_containers=init_containers,
            overhead=overhead,
            node_name=node_name,
            node_selector=node_selector,
            affinity=affinity,
            tolerations=tolerations,
            topology_spread_constraints=topology_spread_constraints,
            priority_class_name=priority_class_name,
            priority=priority,
            preemption_policy=preemption_policy,
            scheduling_gates=scheduling_gates,
            scheduler_name=scheduler_name,
            termination_grace_period_seconds=termination_grace_period_seconds,
        )

        job_spec_template_spec.additional_properties = d
        return job_spec_template_spec

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
