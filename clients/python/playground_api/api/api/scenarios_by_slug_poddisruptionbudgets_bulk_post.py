from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.pod_disruption_budget import PodDisruptionBudget
from ...models.scenarios_by_slug_poddisruptionbudgets_bulk_post_body_type_1 import (
    ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1,
)
from ...models.scenarios_by_slug_poddisruptionbudgets_bulk_post_response_201 import (
    ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    slug: str,
    *,
    body: list[PodDisruptionBudget]
    | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1
    | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/scenarios/{slug}/poddisruptionbudgets/bulk/".format(
            slug=quote(str(slug), safe=""),
        ),
    }

    if isinstance(body, list):
        _kwargs["json"] = []
        for body_type_0_item_data in body:
            body_type_0_item = body_type_0_item_data.to_dict()
            _kwargs["json"].append(body_type_0_item)

    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201 | None:
    if response.status_code == 201:
        response_201 = ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201.from_dict(
            response.json()
        )

        return response_201

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201]:
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
    body: list[PodDisruptionBudget]
    | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1
    | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201]:
    """Add many: a list of manifests, or {template, count}

     The body is either a JSON list of manifests or {"template": manifest, "count": N}.

    Args:
        slug (str):
        if_match (str | Unset):
        body (list[PodDisruptionBudget] | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1 |
            Unset): a list of manifests, or {template, count}: copies are named <name>-1 .. <name>-N

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201]
    """

    kwargs = _get_kwargs(
        slug=slug,
        body=body,
        if_match=if_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    *,
    client: AuthenticatedClient,
    body: list[PodDisruptionBudget]
    | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1
    | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201 | None:
    """Add many: a list of manifests, or {template, count}

     The body is either a JSON list of manifests or {"template": manifest, "count": N}.

    Args:
        slug (str):
        if_match (str | Unset):
        body (list[PodDisruptionBudget] | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1 |
            Unset): a list of manifests, or {template, count}: copies are named <name>-1 .. <name>-N

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201
    """

    return sync_detailed(
        slug=slug,
        client=client,
        body=body,
        if_match=if_match,
    ).parsed


async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    body: list[PodDisruptionBudget]
    | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1
    | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Response[Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201]:
    """Add many: a list of manifests, or {template, count}

     The body is either a JSON list of manifests or {"template": manifest, "count": N}.

    Args:
        slug (str):
        if_match (str | Unset):
        body (list[PodDisruptionBudget] | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1 |
            Unset): a list of manifests, or {template, count}: copies are named <name>-1 .. <name>-N

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201]
    """

    kwargs = _get_kwargs(
        slug=slug,
        body=body,
        if_match=if_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient,
    body: list[PodDisruptionBudget]
    | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1
    | Unset = UNSET,
    if_match: str | Unset = UNSET,
) -> Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201 | None:
    """Add many: a list of manifests, or {template, count}

     The body is either a JSON list of manifests or {"template": manifest, "count": N}.

    Args:
        slug (str):
        if_match (str | Unset):
        body (list[PodDisruptionBudget] | ScenariosBySlugPoddisruptionbudgetsBulkPostBodyType1 |
            Unset): a list of manifests, or {template, count}: copies are named <name>-1 .. <name>-N

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScenariosBySlugPoddisruptionbudgetsBulkPostResponse201
    """

    return (
        await asyncio_detailed(
            slug=slug,
            client=client,
            body=body,
            if_match=if_match,
        )
    ).parsed
