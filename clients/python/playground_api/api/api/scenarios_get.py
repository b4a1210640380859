from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.scenario_page import ScenarioPage
from ...models.scenarios_get_page_type_1 import ScenariosGetPageType1
from ...models.scenarios_get_scope import ScenariosGetScope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | ScenariosGetPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scope: ScenariosGetScope | Unset = ScenariosGetScope.PUBLIC,
    search: str | Unset = "",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_page: int | str | Unset
    if isinstance(page, Unset):
        json_page = UNSET
    elif isinstance(page, ScenariosGetPageType1):
        json_page = page.value
    else:
        json_page = page
    params["page"] = json_page

    params["page_size"] = page_size

    json_scope: str | Unset = UNSET
    if not isinstance(scope, Unset):
        json_scope = scope.value

    params["scope"] = json_scope

    params["search"] = search

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/scenarios/",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ScenarioPage | None:
    if response.status_code == 200:
        response_200 = ScenarioPage.from_dict(response.json())

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
) -> Response[Error | ScenarioPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    page: int | ScenariosGetPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scope: ScenariosGetScope | Unset = ScenariosGetScope.PUBLIC,
    search: str | Unset = "",
) -> Response[Error | ScenarioPage]:
    """Gallery (scope=featured, shared or public) or my scenarios

    Args:
        page (int | ScenariosGetPageType1 | Unset):
        page_size (int | Unset):
        scope (ScenariosGetScope | Unset):  Default: ScenariosGetScope.PUBLIC.
        search (str | Unset):  Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScenarioPage]
    """

    kwargs = _get_kwargs(
        page=page,
        page_size=page_size,
        scope=scope,
        search=search,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    page: int | ScenariosGetPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scope: ScenariosGetScope | Unset = ScenariosGetScope.PUBLIC,
    search: str | Unset = "",
) -> Error | ScenarioPage | None:
    """Gallery (scope=featured, shared or public) or my scenarios

    Args:
        page (int | ScenariosGetPageType1 | Unset):
        page_size (int | Unset):
        scope (ScenariosGetScope | Unset):  Default: ScenariosGetScope.PUBLIC.
        search (str | Unset):  Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScenarioPage
    """

    return sync_detailed(
        client=client,
        page=page,
        page_size=page_size,
        scope=scope,
        search=search,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | ScenariosGetPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scope: ScenariosGetScope | Unset = ScenariosGetScope.PUBLIC,
    search: str | Unset = "",
) -> Response[Error | ScenarioPage]:
    """Gallery (scope=featured, shared or public) or my scenarios

    Args:
        page (int | ScenariosGetPageType1 | Unset):
        page_size (int | Unset):
        scope (ScenariosGetScope | Unset):  Default: ScenariosGetScope.PUBLIC.
        search (str | Unset):  Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ScenarioPage]
    """

    kwargs = _get_kwargs(
        page=page,
        page_size=page_size,
        scope=scope,
        search=search,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | ScenariosGetPageType1 | Unset = UNSET,
    page_size: int | Unset = UNSET,
    scope: ScenariosGetScope | Unset = ScenariosGetScope.PUBLIC,
    search: str | Unset = "",
) -> Error | ScenarioPage | None:
    """Gallery (scope=featured, shared or public) or my scenarios

    Args:
        page (int | ScenariosGetPageType1 | Unset):
        page_size (int | Unset):
        scope (ScenariosGetScope | Unset):  Default: ScenariosGetScope.PUBLIC.
        search (str | Unset):  Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ScenarioPage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            page_size=page_size,
            scope=scope,
            search=search,
        )
    ).parsed
