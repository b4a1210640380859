from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_priorityclass_command_type import UpdatePriorityclassCommandType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.priority_class import PriorityClass


T = TypeVar("T", bound="UpdatePriorityclassCommand")


@_attrs_define
class UpdatePriorityclassCommand:
    """
    Attributes:
        type_ (UpdatePriorityclassCommandType):
        manifest (PriorityClass | Unset): a PriorityClass manifest; fields the model does not read are kept and listed
            in `ignored`
        yaml (str | Unset): the manifest as one YAML document, instead of `manifest`
    """

    type_: UpdatePriorityclassCommandType
    manifest: PriorityClass | Unset = UNSET
    yaml: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        manifest: dict[str, Any] | Unset = UNSET
        if not isinstance(self.manifest, Unset):
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
        from ..models.priority_class import PriorityClass

        d = dict(src_dict)
        type_ = UpdatePriorityclassCommandType(d.pop("type"))

        _manifest = d.pop("manifest", UNSET)
        manifest: PriorityClass | Unset
        if isinstance(_manifest, Unset):
            manifest = UNSET
        else:
            manifest = PriorityClass.from_dict(_manifest)

        yaml = d.pop("yaml", UNSET)

        update_priorityclass_command = cls(
            type_=type_,
            manifest=manifest,
            yaml=yaml,
        )

        update_priorityclass_command.additional_properties = d
        return update_priorityclass_command

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
