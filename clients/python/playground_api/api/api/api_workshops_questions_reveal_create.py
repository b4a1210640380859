from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.question_view import QuestionView
from ...types import Response


def _get_kwargs(
    code: str,
    key: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/workshops/{code}/questions/{key}/reveal/".format(
            code=quote(str(code), safe=""),
            key=quote(str(key), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | QuestionView | None:
    if response.status_code == 200:
        response_200 = QuestionView.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | QuestionView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    code: str,
    key: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | QuestionView]:
    """Reveal a question's answer and tally to everyone at once

    Args:
        code (str):
        key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | QuestionView]
    """

    kwargs = _get_kwargs(
        code=code,
        key=key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    code: str,
    key: str,
    *,
    client: AuthenticatedClient,
) -> Error | QuestionView | None:
    """Reveal a question's answer and tally to everyone at once

    Args:
        code (str):
        key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | QuestionView
    """

    return sync_detailed(
        code=code,
        key=key,
        client=client,
    ).parsed


async def asyncio_detailed(
    code: str,
    key: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | QuestionView]:
    """Reveal a question's answer and tally to everyone at once

    Args:
        code (str):
        key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | QuestionView]
    """

    kwargs = _get_kwargs(
        code=code,
        key=key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    code: str,
    key: str,
    *,
    client: AuthenticatedClient,
) -> Error | QuestionView | None:
    """Reveal a question's answer and tally to everyone at once

    Args:
        code (str):
        key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | QuestionView
    """

    return (
        await asyncio_detailed(
            code=code,
            key=key,
            client=client,
        )
    ).parsed
