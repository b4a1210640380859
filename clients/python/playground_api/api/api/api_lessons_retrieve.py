from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_lessons_retrieve_lang import ApiLessonsRetrieveLang
from ...models.error import Error
from ...models.lesson import Lesson
from ...types import UNSET, Response, Unset


def _get_kwargs(
    slug: str,
    *,
    lang: ApiLessonsRetrieveLang | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_lang: str | Unset = UNSET
    if not isinstance(lang, Unset):
        json_lang = lang.value

    params["lang"] = json_lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/lessons/{slug}/".format(
            slug=quote(str(slug), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Lesson | None:
    if response.status_code == 200:
        response_200 = Lesson.from_dict(response.json())

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
) -> Response[Error | Lesson]:
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
    lang: ApiLessonsRetrieveLang | Unset = UNSET,
) -> Response[Error | Lesson]:
    """One lesson: its scenario, steps and questions

    Args:
        slug (str):
        lang (ApiLessonsRetrieveLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Lesson]
    """

    kwargs = _get_kwargs(
        slug=slug,
        lang=lang,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    *,
    client: AuthenticatedClient,
    lang: ApiLessonsRetrieveLang | Unset = UNSET,
) -> Error | Lesson | None:
    """One lesson: its scenario, steps and questions

    Args:
        slug (str):
        lang (ApiLessonsRetrieveLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Lesson
    """

    return sync_detailed(
        slug=slug,
        client=client,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    lang: ApiLessonsRetrieveLang | Unset = UNSET,
) -> Response[Error | Lesson]:
    """One lesson: its scenario, steps and questions

    Args:
        slug (str):
        lang (ApiLessonsRetrieveLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Lesson]
    """

    kwargs = _get_kwargs(
        slug=slug,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient,
    lang: ApiLessonsRetrieveLang | Unset = UNSET,
) -> Error | Lesson | None:
    """One lesson: its scenario, steps and questions

    Args:
        slug (str):
        lang (ApiLessonsRetrieveLang | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Lesson
    """

    return (
        await asyncio_detailed(
            slug=slug,
            client=client,
            lang=lang,
        )
    ).parsed
