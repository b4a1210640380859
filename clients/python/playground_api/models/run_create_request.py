from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RunCreateRequest")


@_attrs_define
class RunCreateRequest:
    """
    Attributes:
        scenario (str):
        seed (int | Unset):
        speed (float | Unset): 0 = as fast as possible, else 0.1 .. 1000
        paused (bool | Unset): Stay paused at t=0 after the cluster.snapshot.
        lesson (str | Unset): A lesson slug: its timed commands are frozen into the run; the run starts paused unless
            paused is false.
    """

    scenario: str
    seed: int | Unset = UNSET
    speed: float | Unset = UNSET
    paused: bool | Unset = UNSET
    lesson: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scenario = self.scenario

        seed = self.seed

        speed = self.speed

        paused = self.paused

        lesson = self.lesson

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scenario": scenario,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed
        if speed is not UNSET:
            field_dict["speed"] = speed
        if paused is not UNSET:
            field_dict["paused"] = paused
        if lesson is not UNSET:
            field_dict["lesson"] = lesson

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        scenario = d.pop("scenario")

        seed = d.pop("seed", UNSET)

        speed = d.pop("speed", UNSET)

        paused = d.pop("paused", UNSET)

        lesson = d.pop("lesson", UNSET)

        run_create_request = cls(
            scenario=scenario,
            seed=seed,
            speed=speed,
            paused=paused,
            lesson=lesson,
        )

        run_create_request.additional_properties = d
        return run_create_request

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
