from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_workshops_export_csv_retrieve_lang import (
    ApiWorkshopsExportCsvRetrieveLang,
)
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    code: str,
    *,
    lang: ApiWorkshopsExportCsvRetrieveLang | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/workshops/{code}/export.csv".format(
            code=quote(str(code), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    code: str,
    *,
    client: AuthenticatedClient,
    lang: ApiWorkshopsExportCsvRetrieveLang | Unset = UNSET,
) -> Response[Error | str]:
    """Results as CSV: one row per student and question, headed in the instructor's language

    Args:
        code (str):
        lang (ApiWorkshopsExportCsvRetrieveLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        code=code,
        lang=lang,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    code: str,
    *,
    client: AuthenticatedClient,
    lang: ApiWorkshopsExportCsvRetrieveLang | Unset = UNSET,
) -> Error | str | None:
    """Results as CSV: one row per student and question, headed in the instructor's language

    Args:
        code (str):
        lang (ApiWorkshopsExportCsvRetrieveLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        code=code,
        client=client,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    code: str,
    *,
    client: AuthenticatedClient,
    lang: ApiWorkshopsExportCsvRetrieveLang | Unset = UNSET,
) -> Response[Error | str]:
    """Results as CSV: one row per student and question, headed in the instructor's language

    Args:
        code (str):
        lang (ApiWorkshopsExportCsvRetrieveLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        code=code,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    code: str,
    *,
    client: AuthenticatedClient,
    lang: ApiWorkshopsExportCsvRetrieveLang | Unset = UNSET,
) -> Error | str | None:
    """Results as CSV: one row per student and question, headed in the instructor's language

    Args:
        code (str):
        lang (ApiWorkshopsExportCsvRetrieveLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            code=code,
            client=client,
            lang=lang,
        )
    ).parsed
