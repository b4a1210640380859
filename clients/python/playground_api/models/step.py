from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Step")


@_attrs_define
class Step:
    """
    Attributes:
        title (str):
        markdown (str):
        at (Any): Fires at the nth (default first) event in the run's stream that matches every given key. event = kind;
            time = the event's t is at least this; messageContains = substring of message; queueEvent = queue.moved's
            upstream label (its `event` field); any other key = the event's field of that name (a pod or node view counts by
            key or name). See docs/lessons.md.
    """

    title: str
    markdown: str
    at: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        markdown = self.markdown

        at: Any
        at = self.at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "title": title,
                "markdown": markdown,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        title = d.pop("title")

        markdown = d.pop("markdown")

        def _parse_at(data: object) -> Any:
            return cast(Any, data)

        at = _parse_at(d.pop("at"))

        step = cls(
            title=title,
            markdown=markdown,
            at=at,
        )

        step.additional_properties = d
        return step

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
