from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.add_workload_command_type import AddWorkloadCommandType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.daemon_set import DaemonSet
    from ..models.deployment import Deployment
    from ..models.job import Job
    from ..models.replica_set import ReplicaSet
    from ..models.stateful_set import StatefulSet


T = TypeVar("T", bound="AddWorkloadCommand")


@_attrs_define
class AddWorkloadCommand:
    """
    Attributes:
        type_ (AddWorkloadCommandType):
        manifest (DaemonSet | Deployment | Job | ReplicaSet | StatefulSet | Unset):
        yaml (str | Unset): the manifest as one YAML document, instead of `manifest`
    """

    type_: AddWorkloadCommandType
    manifest: DaemonSet | Deployment | Job | ReplicaSet | StatefulSet | Unset = UNSET
    yaml: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.daemon_set import DaemonSet
        from ..models.deployment import Deployment
        from ..models.replica_set import ReplicaSet
        from ..models.stateful_set import StatefulSet

        type_ = self.type_.value

        manifest: dict[str, Any] | Unset
        if isinstance(self.manifest, Unset):
            manifest = UNSET
        elif (
            isinstance(self.manifest, Deployment)
            or isinstance(self.manifest, ReplicaSet)
            or isinstance(self.manifest, StatefulSet)
            or isinstance(self.manifest, DaemonSet)
        ):
            manifest = self.manifest.to_dict()
        else:
            manifest = self.manifest.to_dict()

        yaml = self.yaml

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if manifest is not UNSET:
            field_dict["manifest"] = manifest
        if yaml is not UNSET:
            field_dict["yaml"] = yaml

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.daemon_set import DaemonSet
        from ..models.deployment import Deployment
        from ..models.job import Job
        from ..models.replica_set import ReplicaSet
        from ..models.stateful_set import StatefulSet

        d = dict(src_dict)
        type_ = AddWorkloadCommandType(d.pop("type"))

        def _parse_manifest(
            data: object,
        ) -> DaemonSet | Deployment | Job | ReplicaSet | StatefulSet | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                manifest_type_0 = Deployment.from_dict(data)

                return manifest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                manifest_type_1 = ReplicaSet.from_dict(data)

                return manifest_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                manifest_type_2 = StatefulSet.from_dict(data)

                return manifest_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                manifest_type_3 = DaemonSet.from_dict(data)

                return manifest_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            manifest_type_4 = Job.from_dict(data)

            return manifest_type_4

        manifest = _parse_manifest(d.pop("manifest", UNSET))

        yaml = d.pop("yaml", UNSET)

        add_workload_command = cls(
            type_=type_,
            manifest=manifest,
            yaml=yaml,
        )

        add_workload_command.additional_properties = d
        return add_workload_command

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
