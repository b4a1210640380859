from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.visibility_enum import VisibilityEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.node import Node
    from ..models.patched_scenario_update_request_settings import (
        PatchedScenarioUpdateRequestSettings,
    )
    from ..models.pod import Pod
    from ..models.pod_disruption_budget import PodDisruptionBudget
    from ..models.priority_class import PriorityClass


T = TypeVar("T", bound="PatchedScenarioUpdateRequest")


@_attrs_define
class PatchedScenarioUpdateRequest:
    """
    Attributes:
        title (str | Unset):
        description (str | Unset):  Default: ''.
        visibility (VisibilityEnum | Unset): * `private` - Private
            * `unlisted` - Unlisted
            * `public` - Public Default: VisibilityEnum.PRIVATE.
        objects (list[Node | Pod | PodDisruptionBudget | PriorityClass] | Unset): a Kubernetes manifest: Node,
            PriorityClass, Pod, PodDisruptionBudget, Deployment, ReplicaSet, StatefulSet, DaemonSet or Job
        settings (PatchedScenarioUpdateRequestSettings | Unset): seed, speed and SchedulerConfig fields
        version (int | Unset): the version you edited (or send If-Match: "<version>")
    """

    title: str | Unset = UNSET
    description: str | Unset = ""
    visibility: VisibilityEnum | Unset = VisibilityEnum.PRIVATE
    objects: list[Node | Pod | PodDisruptionBudget | PriorityClass] | Unset = UNSET
    settings: PatchedScenarioUpdateRequestSettings | Unset = UNSET
    version: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.node import Node
        from ..models.pod import Pod
        from ..models.priority_class import PriorityClass

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
        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
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
        from ..models.node import Node
        from ..models.patched_scenario_update_request_settings import (
            PatchedScenarioUpdateRequestSettings,
        )
        from ..models.pod import Pod
        from ..models.pod_disruption_budget import PodDisruptionBudget
        from ..models.priority_class import PriorityClass

        d = dict(src_dict)
        title = d.pop("title", UNSET)

        description = d.pop("description", UNSET)

        _visibility = d.pop("visibility", UNSET)
        visibility: VisibilityEnum | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = VisibilityEnum(_visibility)

        _objects = d.pop("objects", UNSET)
        objects: list[Node | Pod | PodDisruptionBudget | PriorityClass] | Unset = UNSET
        if _objects is not UNSET:
            objects = []
            for objects_item_data in _objects:

                def _parse_objects_item(
                    data: object,
                ) -> Node | Pod | PodDisruptionBudget | PriorityClass:
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
                    if not isinstance(data, dict):
                        raise TypeError()
                    objects_item_type_3 = PodDisruptionBudget.from_dict(data)

                    return objects_item_type_3

                objects_item = _parse_objects_item(objects_item_data)

                objects.append(objects_item)

        _settings = d.pop("settings", UNSET)
        settings: PatchedScenarioUpdateRequestSettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = PatchedScenarioUpdateRequestSettings.from_dict(_settings)

        version = d.pop("version", UNSET)

        patched_scenario_update_request = cls(
            title=title,
            description=description,
            visibility=visibility,
            objects=objects,
            settings=settings,
            version=version,
        )

        patched_scenario_update_request.additional_properties = d
        return patched_scenario_update_request

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
