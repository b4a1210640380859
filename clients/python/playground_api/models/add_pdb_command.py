from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.add_pdb_command_type import AddPdbCommandType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pod_disruption_budget import PodDisruptionBudget


T = TypeVar("T", bound="AddPdbCommand")


@_attrs_define
class AddPdbCommand:
    """
    Attributes:
        type_ (AddPdbCommandType):
        manifest (PodDisruptionBudget | Unset): a PodDisruptionBudget manifest; fields the model does not read are kept
            and listed in `ignored`
        yaml (str | Unset): the manifest as one YAML document, instead of `manifest`
    """

    type_: AddPdbCommandType
    manifest: PodDisruptionBudget | Unset = UNSET
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
        from ..models.pod_disruption_budget import PodDisruptionBudget

        d = dict(src_dict)
        type_ = AddPdbCommandType(d.pop("type"))

        _manifest = d.pop("manifest", UNSET)
        manifest: PodDisruptionBudget | Unset
        if isinstance(_manifest, Unset):
            manifest = UNSET
        else:
            manifest = PodDisruptionBudget.from_dict(_manifest)

        yaml = d.pop("yaml", UNSET)

        add_pdb_command = cls(
            type_=type_,
            manifest=manifest,
            yaml=yaml,
        )

        add_pdb_command.additional_properties = d
        return add_pdb_command

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
