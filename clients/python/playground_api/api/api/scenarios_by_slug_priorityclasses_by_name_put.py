from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.priority_class import PriorityClass
from ...models.scenarios_by_slug_priorityclasses_by_name_put_response_200 import (
    ScenariosBySlugPriorityclassesByNamePutResponse200,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    slug: str,
    name: str,
    *,
    body: PriorityClass | Unset = UNSET,
    namespace: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    params: dict[str, Any] = {}

    params["namespace"] = namespace

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/scenarios/{slug}/priorityclasses/{name}/".format(
            slug=quote(str(slug), safe=""),
            name=quote(str(name), safe=""),
        ),
        "params": params,
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ScenariosBySlugPriorityclassesByNamePutResponse200 | None:
    if response.status_code == 200:
        response_200 = ScenariosBySlugPriorityclassesByNamePutResponse200.from_dict(
            response.json()
        )

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 412:
        response_412 = Error.from_dict(response.json())

        return response_412

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | ScenariosBySlugPriorityclassesByNamePutResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: str,
    name: str,
    *,
    client: AuthenticatedClient,
    body: PriorityClass | Unset = UNSET,
    namespace: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[Error | ScenariosBySlugPriorityclassesByNamePutResponse200]:
    """Replace one

    Args:
        slug (str):
        name (str):
        namespace (str | Unset):
        if_match (str | Unset):
        body (PriorityClass | Unset): a PriorityClass manifest; fields the model does not read are
            kept and listed in `ignored`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScenariosBySlugPriorityclassesByNamePutResponse200]
    """

    kwargs = _get_kwargs(
        slug=slug,
        name=name,
        body=body,
        namespace=namespace,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    name: str,
    *,
    client: AuthenticatedClient,
    body: PriorityClass | Unset = UNSET,
    namespace: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Error | ScenariosBySlugPriorityclassesByNamePutResponse200 | None:
    """Replace one

    Args:
        slug (str):
        name (str):
        namespace (str | Unset):
        if_match (str | Unset):
        body (PriorityClass | Unset): a PriorityClass manifest; fields the model does not read are
            kept and listed in `ignored`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScenariosBySlugPriorityclassesByNamePutResponse200
    """

    return sync_detailed(
        slug=slug,
        name=name,
        client=client,
        body=body,
        namespace=namespace,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    slug: str,
    name: str,
    *,
    client: AuthenticatedClient,
    body: PriorityClass | Unset = UNSET,
    namespace: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[Error | ScenariosBySlugPriorityclassesByNamePutResponse200]:
    """Replace one

    Args:
        slug (str):
        name (str):
        namespace (str | Unset):
        if_match (str | Unset):
        body (PriorityClass | Unset): a PriorityClass manifest; fields the model does not read are
            kept and listed in `ignored`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScenariosBySlugPriorityclassesByNamePutResponse200]
    """

    kwargs = _get_kwargs(
        slug=slug,
        name=name,
        body=body,
        namespace=namespace,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    name: str,
    *,
    client: AuthenticatedClient,
    body: PriorityClass | Unset = UNSET,
    namespace: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Error | ScenariosBySlugPriorityclassesByNamePutResponse200 | None:
    """Replace one

    Args:
        slug (str):
        name (str):
        namespace (str | Unset):
        if_match (str | Unset):
        body (PriorityClass | Unset): a PriorityClass manifest; fields the model does not read are
            kept and listed in `ignored`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScenariosBySlugPriorityclassesByNamePutResponse200
    """

    return (
        await asyncio_detailed(
            slug=slug,
            name=name,
            client=client,
            body=body,
            namespace=namespace,
            if_match=if_match,
        )
    ).parsed
