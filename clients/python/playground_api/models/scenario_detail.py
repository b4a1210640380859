from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.visibility_enum import VisibilityEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.counts import Counts
    from ..models.daemon_set import DaemonSet
    from ..models.deployment import Deployment
    from ..models.job import Job
    from ..models.namespace import Namespace
    from ..models.node import Node
    from ..models.owner import Owner
    from ..models.pod import Pod
    from ..models.pod_disruption_budget import PodDisruptionBudget
    from ..models.priority_class import PriorityClass
    from ..models.replica_set import ReplicaSet
    from ..models.scenario_detail_settings import ScenarioDetailSettings
    from ..models.stateful_set import StatefulSet


T = TypeVar("T", bound="ScenarioDetail")


@_attrs_define
class ScenarioDetail:
    """
    Attributes:
        slug (str):
        title (str):
        owner (Owner):
        forked_from (None | str): slug of the scenario this was forked from
        counts (Counts):
        featured (bool): Chosen by the instance's staff for the gallery.
        can_edit (bool):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        objects (list[DaemonSet | Deployment | Job | Namespace | Node | Pod | PodDisruptionBudget | PriorityClass |
            ReplicaSet | StatefulSet]): a Kubernetes manifest: Node, PriorityClass, Pod, PodDisruptionBudget, Namespace,
            Deployment, ReplicaSet, StatefulSet, DaemonSet, Job
        settings (ScenarioDetailSettings):
        ignored (list[str]): fields accepted but not modelled, e.g. volumes
        description (str | Unset):
        visibility (VisibilityEnum | Unset): * `private` - Private
            * `unlisted` - Unlisted
            * `public` - Public
        version (int | Unset):
    """

    slug: str
    title: str
    owner: Owner
    forked_from: None | str
    counts: Counts
    featured: bool
    can_edit: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    objects: list[
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
    settings: ScenarioDetailSettings
    ignored: list[str]
    description: str | Unset = UNSET
    visibility: VisibilityEnum | Unset = UNSET
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

        slug = self.slug

        title = self.title

        owner = self.owner.to_dict()

        forked_from: None | str
        forked_from = self.forked_from

        counts = self.counts.to_dict()

        featured = self.featured

        can_edit = self.can_edit

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

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

        settings = self.settings.to_dict()

        ignored = self.ignored

        description = self.description

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "title": title,
                "owner": owner,
                "forkedFrom": forked_from,
                "counts": counts,
                "featured": featured,
                "canEdit": can_edit,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "objects": objects,
                "settings": settings,
                "ignored": ignored,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if visibility is not UNSET:
            field_dict["visibility"] = visibility
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.counts import Counts
        from ..models.daemon_set import DaemonSet
        from ..models.deployment import Deployment
        from ..models.job import Job
        from ..models.namespace import Namespace
        from ..models.node import Node
        from ..models.owner import Owner
        from ..models.pod import Pod
        from ..models.pod_disruption_budget import PodDisruptionBudget
        from ..models.priority_class import PriorityClass
        from ..models.replica_set import ReplicaSet
        from ..models.scenario_detail_settings import ScenarioDetailSettings
        from ..models.stateful_set import StatefulSet

        d = dict(src_dict)
        slug = d.pop("slug")

        title = d.pop("title")

        owner = Owner.from_dict(d.pop("owner"))

        def _parse_forked_from(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        forked_from = _parse_forked_from(d.pop("forkedFrom"))

        counts = Counts.from_dict(d.pop("counts"))

        featured = d.pop("featured")

        can_edit = d.pop("canEdit")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        objects = []
        _objects = d.pop("objects")
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

        settings = ScenarioDetailSettings.from_dict(d.pop("settings"))

        ignored = cast(list[str], d.pop("ignored"))

        description = d.pop("description", UNSET)

        _visibility = d.pop("visibility", UNSET)
        visibility: VisibilityEnum | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = VisibilityEnum(_visibility)

        version = d.pop("version", UNSET)

        scenario_detail = cls(
            slug=slug,
            title=title,
            owner=owner,
            forked_from=forked_from,
            counts=counts,
            featured=featured,
            can_edit=can_edit,
            created_at=created_at,
            updated_at=updated_at,
            objects=objects,
            settings=settings,
            ignored=ignored,
            description=description,
            visibility=visibility,
            version=version,
        )

        scenario_detail.additional_properties = d
        return scenario_detail

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
