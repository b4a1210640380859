from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.visibility_enum import VisibilityEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.daemon_set import DaemonSet
    from ..models.deployment import Deployment
    from ..models.job import Job
    from ..models.namespace import Namespace
    from ..models.node import Node
    from ..models.pod import Pod
    from ..models.pod_disruption_budget import PodDisruptionBudget
    from ..models.priority_class import PriorityClass
    from ..models.replica_set import ReplicaSet
    from ..models.scenario_update_request_settings import ScenarioUpdateRequestSettings
    from ..models.stateful_set import StatefulSet


T = TypeVar("T", bound="ScenarioUpdateRequest")


@_attrs_define
class ScenarioUpdateRequest:
    """
    Attributes:
        title (str):
        description (str | Unset):  Default: ''.
        visibility (VisibilityEnum | Unset): * `private` - Private
            * `unlisted` - Unlisted
            * `public` - Public Default: VisibilityEnum.PRIVATE.
        objects (list[DaemonSet | Deployment | Job | Namespace | Node | Pod | PodDisruptionBudget | PriorityClass |
            ReplicaSet | StatefulSet] | Unset): a Kubernetes manifest: Node, PriorityClass, Pod, PodDisruptionBudget,
            Namespace, Deployment, ReplicaSet, StatefulSet, DaemonSet, Job
        settings (ScenarioUpdateRequestSettings | Unset): seed, speed and SchedulerConfig fields
        version (int | Unset): the version you edited (or send If-Match: "<version>")
    """

    title: str
    description: str | Unset = ""
    visibility: VisibilityEnum | Unset = VisibilityEnum.PRIVATE
    objects: (
        list[
            DaemonSet
            | Deployment
            | Job
            | Namespace
            | Node
            | Pod
            | PodDisruptionBudget
            | PriorityClass
            | ReplicaSet
            | StatefulSet
        ]
        | Unset
    ) = UNSET
    settings: ScenarioUpdateRequestSettings | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.daemon_set import DaemonSet
        from ..models.deployment import Deployment
        from ..models.namespace import Namespace
        from ..models.node import Node
        from ..models.pod import Pod
        from ..models.pod_disruption_budget import PodDisruptionBudget
        from ..models.priority_class import PriorityClass
        from ..models.replica_set import ReplicaSet
        from ..models.stateful_set import StatefulSet

        title = self.title

        description = self.description

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        objects: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.objects, Unset):
            objects = []
            for objects_item_data in self.objects:
                objects_item: dict[str, Any]
                if (
                    isinstance(objects_item_data, Node)
                    or isinstance(objects_item_data, PriorityClass)
                    or isinstance(objects_item_data, Pod)
                    or isinstance(objects_item_data, PodDisruptionBudget)
                    or isinstance(objects_item_data, Namespace)
                    or isinstance(objects_item_data, Deployment)
                    or isinstance(objects_item_data, ReplicaSet)
                    or isinstance(objects_item_data, StatefulSet)
                    or isinstance(objects_item_data, DaemonSet)
                ):
                    objects_item = objects_item_data.to_dict()
                else:
                    objects_item = objects_item_data.to_dict()

                objects.append(objects_item)

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "title": title,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if objects is not UNSET:
            field_dict["objects"] = objects
        if settings is not UNSET:
            field_dict["settings"] = settings
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.daemon_set import DaemonSet
        from ..models.deployment import Deployment
        from ..models.job import Job
        from ..models.namespace import Namespace
        from ..models.node import Node
        from ..models.pod import Pod
        from ..models.pod_disruption_budget import PodDisruptionBudget
        from ..models.priority_class import PriorityClass
        from ..models.replica_set import ReplicaSet
        from ..models.scenario_update_request_settings import (
            ScenarioUpdateRequestSettings,
        )
        from ..models.stateful_set import StatefulSet

        d = dict(src_dict)
        title = d.pop("title")

        description = d.pop("description", UNSET)

        _visibility = d.pop("visibility", UNSET)
        visibility: VisibilityEnum | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = VisibilityEnum(_visibility)

        _objects = d.pop("objects", UNSET)
        objects: (
            list[
                DaemonSet
                | Deployment
                | Job
                | Namespace
                | Node
                | Pod
                | PodDisruptionBudget
                | PriorityClass
                | ReplicaSet
                | StatefulSet
            ]
            | Unset
        ) = UNSET
        if _objects is not UNSET:
            objects = []
            for objects_item_data in _objects:

                def _parse_objects_item(
                    data: object,
                ) -> (
                    DaemonSet
                    | Deployment
                    | Job
                    | Namespace
                    | Node
                    | Pod
                    | PodDisruptionBudget
                    | PriorityClass
                    | ReplicaSet
                    | StatefulSet
                ):
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_0 = Node.from_dict(data)

                        return objects_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_1 = PriorityClass.from_dict(data)

                        return objects_item_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_2 = Pod.from_dict(data)

                        return objects_item_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_3 = PodDisruptionBudget.from_dict(data)

                        return objects_item_type_3
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_4 = Namespace.from_dict(data)

                        return objects_item_type_4
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_5 = Deployment.from_dict(data)

                        return objects_item_type_5
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_6 = ReplicaSet.from_dict(data)

                        return objects_item_type_6
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_7 = StatefulSet.from_dict(data)

                        return objects_item_type_7
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        objects_item_type_8 = DaemonSet.from_dict(data)

                        return objects_item_type_8
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    objects_item_type_9 = Job.from_dict(data)

                    return objects_item_type_9

                objects_item = _parse_objects_item(objects_item_data)

                objects.append(objects_item)

        _settings = d.pop("settings", UNSET)
        settings: ScenarioUpdateRequestSettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = ScenarioUpdateRequestSettings.from_dict(_settings)

        version = d.pop("version", UNSET)

        scenario_update_request = cls(
            title=title,
            description=description,
            visibility=visibility,
            objects=objects,
            settings=settings,
            version=version,
        )

        scenario_update_request.additional_properties = d
        return scenario_update_request

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
