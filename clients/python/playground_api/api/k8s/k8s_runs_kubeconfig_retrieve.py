from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.k8s_runs_kubeconfig_retrieve_format import (
    K8SRunsKubeconfigRetrieveFormat,
)
from ...models.k8s_runs_kubeconfig_retrieve_response_404_type_1 import (
    K8SRunsKubeconfigRetrieveResponse404Type1,
)
from ...models.kubeconfig import Kubeconfig
from ...types import UNSET, Response, Unset


def _get_kwargs(
    run_id: int,
    *,
    format_: K8SRunsKubeconfigRetrieveFormat | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/k8s/runs/{run_id}/kubeconfig".format(
            run_id=quote(str(run_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig | None:
    if response.status_code == 200:
        response_200 = Kubeconfig.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 404:

        def _parse_response_404(
            data: object,
        ) -> Error | K8SRunsKubeconfigRetrieveResponse404Type1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_404_type_0 = Error.from_dict(data)

                return response_404_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_404_type_1 = K8SRunsKubeconfigRetrieveResponse404Type1.from_dict(
                data
            )

            return response_404_type_1

        response_404 = _parse_response_404(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig]:
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
    format_: K8SRunsKubeconfigRetrieveFormat | Unset = UNSET,
) -> Response[Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig]:
    """A kubeconfig for the run's Kubernetes API

    Args:
        run_id (int):
        format_ (K8SRunsKubeconfigRetrieveFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: int,
    *,
    client: AuthenticatedClient,
    format_: K8SRunsKubeconfigRetrieveFormat | Unset = UNSET,
) -> Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig | None:
    """A kubeconfig for the run's Kubernetes API

    Args:
        run_id (int):
        format_ (K8SRunsKubeconfigRetrieveFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig
    """

    return sync_detailed(
        run_id=run_id,
        client=client,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    format_: K8SRunsKubeconfigRetrieveFormat | Unset = UNSET,
) -> Response[Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig]:
    """A kubeconfig for the run's Kubernetes API

    Args:
        run_id (int):
        format_ (K8SRunsKubeconfigRetrieveFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient,
    format_: K8SRunsKubeconfigRetrieveFormat | Unset = UNSET,
) -> Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig | None:
    """A kubeconfig for the run's Kubernetes API

    Args:
        run_id (int):
        format_ (K8SRunsKubeconfigRetrieveFormat | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | K8SRunsKubeconfigRetrieveResponse404Type1 | Kubeconfig
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            client=client,
            format_=format_,
        )
    ).parsed
