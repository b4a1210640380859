from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.run_page import RunPage
from ...models.runs_list_page_type_1 import RunsListPageType1
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    active: bool | Unset = UNSET,
    page: int | RunsListPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scenario: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["active"] = active

    json_page: int | str | Unset
    if isinstance(page, Unset):
        json_page = UNSET
    elif isinstance(page, RunsListPageType1):
        json_page = page.value
    else:
        json_page = page
    params["page"] = json_page

    params["page_size"] = page_size

    params["scenario"] = scenario

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RunPage | None:
    if response.status_code == 200:
        response_200 = RunPage.from_dict(response.json())

        return response_200

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
) -> Response[Error | RunPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    active: bool | Unset = UNSET,
    page: int | RunsListPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scenario: str | Unset = UNSET,
) -> Response[Error | RunPage]:
    """
    Args:
        active (bool | Unset):
        page (int | RunsListPageType1 | Unset):
        page_size (int | Unset):
        scenario (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RunPage]
    """

    kwargs = _get_kwargs(
        active=active,
        page=page,
        page_size=page_size,
        scenario=scenario,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    active: bool | Unset = UNSET,
    page: int | RunsListPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scenario: str | Unset = UNSET,
) -> Error | RunPage | None:
    """
    Args:
        active (bool | Unset):
        page (int | RunsListPageType1 | Unset):
        page_size (int | Unset):
        scenario (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RunPage
    """

    return sync_detailed(
        client=client,
        active=active,
        page=page,
        page_size=page_size,
        scenario=scenario,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    active: bool | Unset = UNSET,
    page: int | RunsListPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scenario: str | Unset = UNSET,
) -> Response[Error | RunPage]:
    """
    Args:
        active (bool | Unset):
        page (int | RunsListPageType1 | Unset):
        page_size (int | Unset):
        scenario (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RunPage]
    """

    kwargs = _get_kwargs(
        active=active,
        page=page,
        page_size=page_size,
        scenario=scenario,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    active: bool | Unset = UNSET,
    page: int | RunsListPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scenario: str | Unset = UNSET,
) -> Error | RunPage | None:
    """
    Args:
        active (bool | Unset):
        page (int | RunsListPageType1 | Unset):
        page_size (int | Unset):
        scenario (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RunPage
    """

    return (
        await asyncio_detailed(
            client=client,
            active=active,
            page=page,
            page_size=page_size,
            scenario=scenario,
        )
    ).parsed
