from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GlossaryTerm")


@_attrs_define
class GlossaryTerm:
    """
    Attributes:
        id (str): The anchor: /glossary#<id>.
        term (str):
        english (str): The term in English (as kube-scheduler's sources and docs say it).
        definition (str):
        upstream (str): Where kube-scheduler defines it, if anywhere.
    """

    id: str
    term: str
    english: str
    definition: str
    upstream: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        term = self.term

        english = self.english

        definition = self.definition

        upstream = self.upstream

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "term": term,
                "english": english,
                "definition": definition,
                "upstream": upstream,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        term = d.pop("term")

        english = d.pop("english")

        definition = d.pop("definition")

        upstream = d.pop("upstream")

        glossary_term = cls(
            id=id,
            term=term,
            english=english,
            definition=definition,
            upstream=upstream,
        )

        glossary_term.additional_properties = d
        return glossary_term

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
