from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.visibility_enum import VisibilityEnum

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
        description (str):
        owner (Owner):
        visibility (VisibilityEnum): * `private` - Private
            * `unlisted` - Unlisted
            * `public` - Public
        forked_from (None | str): slug of the scenario this was forked from
        version (int):
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
    """

    slug: str
    title: str
    description: str
    owner: Owner
    visibility: VisibilityEnum
    forked_from: None | str
    version: int
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

        description = self.description

        owner = self.owner.to_dict()

        visibility = self.visibility.value

        forked_from: None | str
        forked_from = self.forked_from

        version = self.version

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "title": title,
                "description": description,
                "owner": owner,
                "visibility": visibility,
                "forkedFrom": forked_from,
                "version": version,
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

        description = d.pop("description")

        owner = Owner.from_dict(d.pop("owner"))

        visibility = VisibilityEnum(d.pop("visibility"))

        def _parse_forked_from(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        forked_from = _parse_forked_from(d.pop("forkedFrom"))

        version = d.pop("version")

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

        scenario_detail = cls(
            slug=slug,
            title=title,
            description=description,
            owner=owner,
            visibility=visibility,
            forked_from=forked_from,
            version=version,
            counts=counts,
            featured=featured,
            can_edit=can_edit,
            created_at=created_at,
            updated_at=updated_at,
            objects=objects,
            settings=settings,
            ignored=ignored,
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
