from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.replica_set import ReplicaSet


T = TypeVar("T", bound="ScenariosBySlugReplicasetsByNameGetResponse200")


@_attrs_define
class ScenariosBySlugReplicasetsByNameGetResponse200:
    """
    Attributes:
        version (int): the scenario's version after this
        object_ (ReplicaSet): a ReplicaSet manifest; fields the model does not read are kept and listed in `ignored`
    """

    version: int
    object_: ReplicaSet
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        object_ = self.object_.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "object": object_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.replica_set import ReplicaSet

        d = dict(src_dict)
        version = d.pop("version")

        object_ = ReplicaSet.from_dict(d.pop("object"))

        scenarios_by_slug_replicasets_by_name_get_response_200 = cls(
            version=version,
            object_=object_,
        )

        scenarios_by_slug_replicasets_by_name_get_response_200.additional_properties = d
        return scenarios_by_slug_replicasets_by_name_get_response_200

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
