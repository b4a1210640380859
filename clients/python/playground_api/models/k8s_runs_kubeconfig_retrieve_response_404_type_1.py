from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.k8s_runs_kubeconfig_retrieve_response_404_type_1_kind import (
    K8SRunsKubeconfigRetrieveResponse404Type1Kind,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.k8s_runs_kubeconfig_retrieve_response_404_type_1_details import (
        K8SRunsKubeconfigRetrieveResponse404Type1Details,
    )
    from ..models.k8s_runs_kubeconfig_retrieve_response_404_type_1_metadata import (
        K8SRunsKubeconfigRetrieveResponse404Type1Metadata,
    )


T = TypeVar("T", bound="K8SRunsKubeconfigRetrieveResponse404Type1")


@_attrs_define
class K8SRunsKubeconfigRetrieveResponse404Type1:
    """
    Attributes:
        kind (K8SRunsKubeconfigRetrieveResponse404Type1Kind):
        api_version (str):
        status (str):
        message (str):
        code (int):
        metadata (K8SRunsKubeconfigRetrieveResponse404Type1Metadata | Unset):
        reason (str | Unset):
        details (K8SRunsKubeconfigRetrieveResponse404Type1Details | Unset):
    """

    kind: K8SRunsKubeconfigRetrieveResponse404Type1Kind
    api_version: str
    status: str
    message: str
    code: int
    metadata: K8SRunsKubeconfigRetrieveResponse404Type1Metadata | Unset = UNSET
    reason: str | Unset = UNSET
    details: K8SRunsKubeconfigRetrieveResponse404Type1Details | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        api_version = self.api_version

        status = self.status

        message = self.message

        code = self.code

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        reason = self.reason

        details: dict[str, Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "apiVersion": api_version,
                "status": status,
                "message": message,
                "code": code,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if reason is not UNSET:
            field_dict["reason"] = reason
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.k8s_runs_kubeconfig_retrieve_response_404_type_1_details import (
            K8SRunsKubeconfigRetrieveResponse404Type1Details,
        )
        from ..models.k8s_runs_kubeconfig_retrieve_response_404_type_1_metadata import (
            K8SRunsKubeconfigRetrieveResponse404Type1Metadata,
        )

        d = dict(src_dict)
        kind = K8SRunsKubeconfigRetrieveResponse404Type1Kind(d.pop("kind"))

        api_version = d.pop("apiVersion")

        status = d.pop("status")

        message = d.pop("message")

        code = d.pop("code")

        _metadata = d.pop("metadata", UNSET)
        metadata: K8SRunsKubeconfigRetrieveResponse404Type1Metadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = K8SRunsKubeconfigRetrieveResponse404Type1Metadata.from_dict(
                _metadata
            )

        reason = d.pop("reason", UNSET)

        _details = d.pop("details", UNSET)
        details: K8SRunsKubeconfigRetrieveResponse404Type1Details | Unset
        if isinstance(_details, Unset):
            details = UNSET
        else:
            details = K8SRunsKubeconfigRetrieveResponse404Type1Details.from_dict(
                _details
            )

        k8s_runs_kubeconfig_retrieve_response_404_type_1 = cls(
            kind=kind,
            api_version=api_version,
            status=status,
            message=message,
            code=code,
            metadata=metadata,
            reason=reason,
            details=details,
        )

        k8s_runs_kubeconfig_retrieve_response_404_type_1.additional_properties = d
        return k8s_runs_kubeconfig_retrieve_response_404_type_1

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
