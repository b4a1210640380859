from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.phase_enum import PhaseEnum

T = TypeVar("T", bound="OutcomePod")


@_attrs_define
class OutcomePod:
    """
    Attributes:
        key (str): <namespace>/<name>
        phase (PhaseEnum): * `Pending` - Pending
            * `Running` - Running
            * `Terminating` - Terminating
            * `Succeeded` - Succeeded
        node (None | str): spec.nodeName
        nominated_node (None | str): status.nominatedNodeName
        priority (int):
        attempts (int): scheduling attempts (cycles) so far
        last_failed_scheduling (None | str): the last FailedScheduling message
        preempted_by (None | str): the preemptor, for a victim still terminating
    """

    key: str
    phase: PhaseEnum
    node: None | str
    nominated_node: None | str
    priority: int
    attempts: int
    last_failed_scheduling: None | str
    preempted_by: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        phase = self.phase.value

        node: None | str
        node = self.node

        nominated_node: None | str
        nominated_node = self.nominated_node

        priority = self.priority

        attempts = self.attempts

        last_failed_scheduling: None | str
        last_failed_scheduling = self.last_failed_scheduling

        preempted_by: None | str
        preempted_by = self.preempted_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "phase": phase,
                "node": node,
                "nominatedNode": nominated_node,
                "priority": priority,
                "attempts": attempts,
                "lastFailedScheduling": last_failed_scheduling,
                "preemptedBy": preempted_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        phase = PhaseEnum(d.pop("phase"))

        def _parse_node(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        node = _parse_node(d.pop("node"))

        def _parse_nominated_node(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        nominated_node = _parse_nominated_node(d.pop("nominatedNode"))

        priority = d.pop("priority")

        attempts = d.pop("attempts")

        def _parse_last_failed_scheduling(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_failed_scheduling = _parse_last_failed_scheduling(
            d.pop("lastFailedScheduling")
        )

        def _parse_preempted_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preempted_by = _parse_preempted_by(d.pop("preemptedBy"))

        outcome_pod = cls(
            key=key,
            phase=phase,
            node=node,
            nominated_node=nominated_node,
            priority=priority,
            attempts=attempts,
            last_failed_scheduling=last_failed_scheduling,
            preempted_by=preempted_by,
        )

        outcome_pod.additional_properties = d
        return outcome_pod

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
