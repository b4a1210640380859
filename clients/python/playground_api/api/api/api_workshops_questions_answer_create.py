from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.answer_view import AnswerView
from ...models.error import Error
from ...models.workshop_answer_request import WorkshopAnswerRequest
from ...types import Response


def _get_kwargs(
    code: str,
    key: str,
    *,
    body: WorkshopAnswerRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/workshops/{code}/questions/{key}/answer/".format(
            code=quote(str(code), safe=""),
            key=quote(str(key), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AnswerView | Error | None:
    if response.status_code == 200:
        response_200 = AnswerView.from_dict(response.json())

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
) -> Response[AnswerView | Error]:
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
    body: WorkshopAnswerRequest,
) -> Response[AnswerView | Error]:
    """My prediction (changeable until the reveal)

    Args:
        code (str):
        key (str):
        body (WorkshopAnswerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnswerView | Error]
    """

    kwargs = _get_kwargs(
        code=code,
        key=key,
        body=body,
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
    body: WorkshopAnswerRequest,
) -> AnswerView | Error | None:
    """My prediction (changeable until the reveal)

    Args:
        code (str):
        key (str):
        body (WorkshopAnswerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnswerView | Error
    """

    return sync_detailed(
        code=code,
        key=key,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    code: str,
    key: str,
    *,
    client: AuthenticatedClient,
    body: WorkshopAnswerRequest,
) -> Response[AnswerView | Error]:
    """My prediction (changeable until the reveal)

    Args:
        code (str):
        key (str):
        body (WorkshopAnswerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnswerView | Error]
    """

    kwargs = _get_kwargs(
        code=code,
        key=key,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    code: str,
    key: str,
    *,
    client: AuthenticatedClient,
    body: WorkshopAnswerRequest,
) -> AnswerView | Error | None:
    """My prediction (changeable until the reveal)

    Args:
        code (str):
        key (str):
        body (WorkshopAnswerRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnswerView | Error
    """

    return (
        await asyncio_detailed(
            code=code,
            key=key,
            client=client,
            body=body,
        )
    ).parsed
