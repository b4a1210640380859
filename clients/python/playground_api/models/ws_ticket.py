from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WsTicket")


@_attrs_define
class WsTicket:
    """
    Attributes:
        ticket (str): pass as ?ticket= within expiresIn seconds; it opens one socket
        expires_in (int): seconds
        url (str): the WebSocket path with the ticket
    """

    ticket: str
    expires_in: int
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ticket = self.ticket

        expires_in = self.expires_in

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ticket": ticket,
                "expiresIn": expires_in,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ticket = d.pop("ticket")

        expires_in = d.pop("expiresIn")

        url = d.pop("url")

        ws_ticket = cls(
            ticket=ticket,
            expires_in=expires_in,
            url=url,
        )

        ws_ticket.additional_properties = d
        return ws_ticket

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
