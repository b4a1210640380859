from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.scenarios_by_slug_export_get_format import ScenariosBySlugExportGetFormat
from ...types import UNSET, Response, Unset


def _get_kwargs(
    slug: str,
    *,
    format_: ScenariosBySlugExportGetFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/scenarios/{slug}/export/".format(
            slug=quote(str(slug), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | None:
    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    format_: ScenariosBySlugExportGetFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Error]:
    """Export as multi-document YAML (kubectl apply -f accepts it)

    Args:
        slug (str):
        format_ (ScenariosBySlugExportGetFormat | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        slug=slug,
        format_=format_,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    *,
    client: AuthenticatedClient,
    format_: ScenariosBySlugExportGetFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Error | None:
    """Export as multi-document YAML (kubectl apply -f accepts it)

    Args:
        slug (str):
        format_ (ScenariosBySlugExportGetFormat | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return sync_detailed(
        slug=slug,
        client=client,
        format_=format_,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    format_: ScenariosBySlugExportGetFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Error]:
    """Export as multi-document YAML (kubectl apply -f accepts it)

    Args:
        slug (str):
        format_ (ScenariosBySlugExportGetFormat | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        slug=slug,
        format_=format_,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient,
    format_: ScenariosBySlugExportGetFormat | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | Error | None:
    """Export as multi-document YAML (kubectl apply -f accepts it)

    Args:
        slug (str):
        format_ (ScenariosBySlugExportGetFormat | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return (
        await asyncio_detailed(
            slug=slug,
            client=client,
            format_=format_,
            if_none_match=if_none_match,
        )
    ).parsed
