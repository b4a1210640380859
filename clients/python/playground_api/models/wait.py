from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_status_enum import RunStatusEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.run_owner import RunOwner
    from ..models.wait_pod_type_0 import WaitPodType0


T = TypeVar("T", bound="Wait")


@_attrs_define
class Wait:
    """For the schema only: what selectors.run_view returns.

    Attributes:
        id (int):
        scenario (str):
        status (RunStatusEnum): * `queued` - queued
            * `running` - running
            * `paused` - paused
            * `settled` - settled
            * `finished` - finished
            * `failed` - failed
        reason (str):
        speed (float):
        seed (int):
        time (float):
        last_seq (int):
        created_at (datetime.datetime):
        can_control (bool):
        owner (RunOwner):
        restarted_as (int | None):
        restart_of (int | None):
        settled (bool):
        clock (Clock | Unset):
        server_time (float | Unset): server Unix time when this was produced
        lesson (None | str | Unset):
        queue_position (int | None | Unset):
        pod (None | Unset | WaitPodType0): with ?pod=: its PodView (docs/events.md), null while it does not exist
    """

    id: int
    scenario: str
    status: RunStatusEnum
    reason: str
    speed: float
    seed: int
    time: float
    last_seq: int
    created_at: datetime.datetime
    can_control: bool
    owner: RunOwner
    restarted_as: int | None
    restart_of: int | None
    settled: bool
    clock: Clock | Unset = UNSET
    server_time: float | Unset = UNSET
    lesson: None | str | Unset = UNSET
    queue_position: int | None | Unset = UNSET
    pod: None | Unset | WaitPodType0 = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.wait_pod_type_0 import WaitPodType0

        id = self.id

        scenario = self.scenario

        status = self.status.value

        reason = self.reason

        speed = self.speed

        seed = self.seed

        time = self.time

        last_seq = self.last_seq

        created_at = self.created_at.isoformat()

        can_control = self.can_control

        owner = self.owner.to_dict()

        restarted_as: int | None
        restarted_as = self.restarted_as

        restart_of: int | None
        restart_of = self.restart_of

        settled = self.settled

        clock: dict[str, Any] | Unset = UNSET
        if not isinstance(self.clock, Unset):
            clock = self.clock.to_dict()

        server_time = self.server_time

        lesson: None | str | Unset
        if isinstance(self.lesson, Unset):
            lesson = UNSET
        else:
            lesson = self.lesson

        queue_position: int | None | Unset
        if isinstance(self.queue_position, Unset):
            queue_position = UNSET
        else:
            queue_position = self.queue_position

        pod: dict[str, Any] | None | Unset
        if isinstance(self.pod, Unset):
            pod = UNSET
        elif isinstance(self.pod, WaitPodType0):
            pod = self.pod.to_dict()
        else:
            pod = self.pod

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "scenario": scenario,
                "status": status,
                "reason": reason,
                "speed": speed,
                "seed": seed,
                "time": time,
                "lastSeq": last_seq,
                "createdAt": created_at,
                "canControl": can_control,
                "owner": owner,
                "restartedAs": restarted_as,
                "restartOf": restart_of,
                "settled": settled,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock
        if server_time is not UNSET:
            field_dict["serverTime"] = server_time
        if lesson is not UNSET:
            field_dict["lesson"] = lesson
        if queue_position is not UNSET:
            field_dict["queuePosition"] = queue_position
        if pod is not UNSET:
            field_dict["pod"] = pod

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.clock import Clock
        from ..models.run_owner import RunOwner
        from ..models.wait_pod_type_0 import WaitPodType0

        d = dict(src_dict)
        id = d.pop("id")

        scenario = d.pop("scenario")

        status = RunStatusEnum(d.pop("status"))

        reason = d.pop("reason")

        speed = d.pop("speed")

        seed = d.pop("seed")

        time = d.pop("time")

        last_seq = d.pop("lastSeq")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        can_control = d.pop("canControl")

        owner = RunOwner.from_dict(d.pop("owner"))

        def _parse_restarted_as(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        restarted_as = _parse_restarted_as(d.pop("restartedAs"))

        def _parse_restart_of(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        restart_of = _parse_restart_of(d.pop("restartOf"))

        settled = d.pop("settled")

        _clock = d.pop("clock", UNSET)
        clock: Clock | Unset
        if isinstance(_clock, Unset):
            clock = UNSET
        else:
            clock = Clock.from_dict(_clock)

        server_time = d.pop("serverTime", UNSET)

        def _parse_lesson(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lesson = _parse_lesson(d.pop("lesson", UNSET))

        def _parse_queue_position(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        queue_position = _parse_queue_position(d.pop("queuePosition", UNSET))

        def _parse_pod(data: object) -> None | Unset | WaitPodType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pod_type_0 = WaitPodType0.from_dict(data)

                return pod_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WaitPodType0, data)

        pod = _parse_pod(d.pop("pod", UNSET))

        wait = cls(
            id=id,
            scenario=scenario,
            status=status,
            reason=reason,
            speed=speed,
            seed=seed,
            time=time,
            last_seq=last_seq,
            created_at=created_at,
            can_control=can_control,
            owner=owner,
            restarted_as=restarted_as,
            restart_of=restart_of,
            settled=settled,
            clock=clock,
            server_time=server_time,
            lesson=lesson,
            queue_position=queue_position,
            pod=pod,
        )

        wait.additional_properties = d
        return wait

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
