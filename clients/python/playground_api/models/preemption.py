from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.criterion_enum import CriterionEnum

T = TypeVar("T", bound="Preemption")


@_attrs_define
class Preemption:
    """
    Attributes:
        preemptor (str):
        node (str):
        victims (list[str]):
        criterion (CriterionEnum): * `onlyCandidate` - onlyCandidate
            * `fewestPDBViolations` - fewestPDBViolations
            * `lowestHighestPriority` - lowestHighestPriority
            * `smallestPrioritySum` - smallestPrioritySum
            * `fewestVictims` - fewestVictims
            * `latestStartTime` - latestStartTime
            * `random` - random
        pdb_violations (int | None): victims whose eviction violates a PodDisruptionBudget; null if the node is past the
            100 candidates listed
        cycle (int):
        t (float):
    """

    preemptor: str
    node: str
    victims: list[str]
    criterion: CriterionEnum
    pdb_violations: int | None
    cycle: int
    t: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        preemptor = self.preemptor

        node = self.node

        victims = self.victims

        criterion = self.criterion.value

        pdb_violations: int | None
        pdb_violations = self.pdb_violations

        cycle = self.cycle

        t = self.t

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "preemptor": preemptor,
                "node": node,
                "victims": victims,
                "criterion": criterion,
                "pdbViolations": pdb_violations,
                "cycle": cycle,
                "t": t,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        preemptor = d.pop("preemptor")

        node = d.pop("node")

        victims = cast(list[str], d.pop("victims"))

        criterion = CriterionEnum(d.pop("criterion"))

        def _parse_pdb_violations(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pdb_violations = _parse_pdb_violations(d.pop("pdbViolations"))

        cycle = d.pop("cycle")

        t = d.pop("t")

        preemption = cls(
            preemptor=preemptor,
            node=node,
            victims=victims,
            criterion=criterion,
            pdb_violations=pdb_violations,
            cycle=cycle,
            t=t,
        )

        preemption.additional_properties = d
        return preemption

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
