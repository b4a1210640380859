from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.outcome import Outcome
from ...types import UNSET, Response, Unset


def _get_kwargs(
    run_id: int,
    *,
    seq: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["seq"] = seq

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/outcome/".format(
            run_id=quote(str(run_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Outcome | None:
    if response.status_code == 200:
        response_200 = Outcome.from_dict(response.json())

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
) -> Response[Error | Outcome]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    seq: int | Unset = UNSET,
) -> Response[Error | Outcome]:
    """Where each pod ended, every preemption (preemptor, node, victims, the deciding criterion, PDB
    violations), each node's allocation, the run's virtual time: the state/ fold plus what the events
    add (docs/runs.md, Outcome).

    Args:
        run_id (int):
        seq (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Outcome]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        seq=seq,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: int,
    *,
    client: AuthenticatedClient,
    seq: int | Unset = UNSET,
) -> Error | Outcome | None:
    """Where each pod ended, every preemption (preemptor, node, victims, the deciding criterion, PDB
    violations), each node's allocation, the run's virtual time: the state/ fold plus what the events
    add (docs/runs.md, Outcome).

    Args:
        run_id (int):
        seq (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Outcome
    """

    return sync_detailed(
        run_id=run_id,
        client=client,
        seq=seq,
    ).parsed


async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    seq: int | Unset = UNSET,
) -> Response[Error | Outcome]:
    """Where each pod ended, every preemption (preemptor, node, victims, the deciding criterion, PDB
    violations), each node's allocation, the run's virtual time: the state/ fold plus what the events
    add (docs/runs.md, Outcome).

    Args:
        run_id (int):
        seq (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Outcome]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        seq=seq,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient,
    seq: int | Unset = UNSET,
) -> Error | Outcome | None:
    """Where each pod ended, every preemption (preemptor, node, victims, the deciding criterion, PDB
    violations), each node's allocation, the run's virtual time: the state/ fold plus what the events
    add (docs/runs.md, Outcome).

    Args:
        run_id (int):
        seq (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Outcome
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            client=client,
            seq=seq,
        )
    ).parsed
