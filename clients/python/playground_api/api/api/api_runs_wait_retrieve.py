from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_runs_wait_retrieve_phase import ApiRunsWaitRetrievePhase
from ...models.error import Error
from ...models.wait import Wait
from ...models.wait_failed import WaitFailed
from ...types import UNSET, Response, Unset


def _get_kwargs(
    run_id: int,
    *,
    phase: ApiRunsWaitRetrievePhase | Unset = UNSET,
    pod: str | Unset = UNSET,
    timeout: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_phase: str | Unset = UNSET
    if not isinstance(phase, Unset):
        json_phase = phase.value

    params["phase"] = json_phase

    params["pod"] = pod

    params["timeout"] = timeout

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/runs/{run_id}/wait/".format(
            run_id=quote(str(run_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Wait | WaitFailed | None:
    if response.status_code == 200:
        response_200 = Wait.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = WaitFailed.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 504:
        response_504 = WaitFailed.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | Wait | WaitFailed]:
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
    phase: ApiRunsWaitRetrievePhase | Unset = UNSET,
    pod: str | Unset = UNSET,
    timeout: int | Unset = UNSET,
) -> Response[Error | Wait | WaitFailed]:
    """200: the run settled (or the pod is in `phase`). 504: the timeout passed first (the body is the run
    as it is, `settled: false`). 409: waiting for a pod, the run settled without it reaching `phase`
    (nothing changes it without a command).

    Args:
        run_id (int):
        phase (ApiRunsWaitRetrievePhase | Unset):
        pod (str | Unset):
        timeout (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Wait | WaitFailed]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        phase=phase,
        pod=pod,
        timeout=timeout,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: int,
    *,
    client: AuthenticatedClient,
    phase: ApiRunsWaitRetrievePhase | Unset = UNSET,
    pod: str | Unset = UNSET,
    timeout: int | Unset = UNSET,
) -> Error | Wait | WaitFailed | None:
    """200: the run settled (or the pod is in `phase`). 504: the timeout passed first (the body is the run
    as it is, `settled: false`). 409: waiting for a pod, the run settled without it reaching `phase`
    (nothing changes it without a command).

    Args:
        run_id (int):
        phase (ApiRunsWaitRetrievePhase | Unset):
        pod (str | Unset):
        timeout (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Wait | WaitFailed
    """

    return sync_detailed(
        run_id=run_id,
        client=client,
        phase=phase,
        pod=pod,
        timeout=timeout,
    ).parsed


async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    phase: ApiRunsWaitRetrievePhase | Unset = UNSET,
    pod: str | Unset = UNSET,
    timeout: int | Unset = UNSET,
) -> Response[Error | Wait | WaitFailed]:
    """200: the run settled (or the pod is in `phase`). 504: the timeout passed first (the body is the run
    as it is, `settled: false`). 409: waiting for a pod, the run settled without it reaching `phase`
    (nothing changes it without a command).

    Args:
        run_id (int):
        phase (ApiRunsWaitRetrievePhase | Unset):
        pod (str | Unset):
        timeout (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Wait | WaitFailed]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        phase=phase,
        pod=pod,
        timeout=timeout,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient,
    phase: ApiRunsWaitRetrievePhase | Unset = UNSET,
    pod: str | Unset = UNSET,
    timeout: int | Unset = UNSET,
) -> Error | Wait | WaitFailed | None:
    """200: the run settled (or the pod is in `phase`). 504: the timeout passed first (the body is the run
    as it is, `settled: false`). 409: waiting for a pod, the run settled without it reaching `phase`
    (nothing changes it without a command).

    Args:
        run_id (int):
        phase (ApiRunsWaitRetrievePhase | Unset):
        pod (str | Unset):
        timeout (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Wait | WaitFailed
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            client=client,
            phase=phase,
            pod=pod,
            timeout=timeout,
        )
    ).parsed
