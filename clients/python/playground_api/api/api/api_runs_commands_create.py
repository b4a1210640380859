from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.add_namespace_command import AddNamespaceCommand
from ...models.add_node_command import AddNodeCommand
from ...models.add_pdb_command import AddPdbCommand
from ...models.add_pod_command import AddPodCommand
from ...models.add_priorityclass_command import AddPriorityclassCommand
from ...models.add_workload_command import AddWorkloadCommand
from ...models.allow_waiting_pod_command import AllowWaitingPodCommand
from ...models.annotate_workload_command import AnnotateWorkloadCommand
from ...models.command_rejected import CommandRejected
from ...models.command_result import CommandResult
from ...models.cordon_command import CordonCommand
from ...models.delete_namespace_command import DeleteNamespaceCommand
from ...models.delete_node_command import DeleteNodeCommand
from ...models.delete_pdb_command import DeletePdbCommand
from ...models.delete_pod_command import DeletePodCommand
from ...models.delete_priorityclass_command import DeletePriorityclassCommand
from ...models.delete_workload_command import DeleteWorkloadCommand
from ...models.error import Error
from ...models.evict_pod_command import EvictPodCommand
from ...models.pause_command import PauseCommand
from ...models.reject_waiting_pod_command import RejectWaitingPodCommand
from ...models.remove_scheduling_gates_command import RemoveSchedulingGatesCommand
from ...models.restart_command import RestartCommand
from ...models.resume_command import ResumeCommand
from ...models.scale_command import ScaleCommand
from ...models.set_namespace_labels_command import SetNamespaceLabelsCommand
from ...models.set_node_annotations_command import SetNodeAnnotationsCommand
from ...models.set_node_labels_command import SetNodeLabelsCommand
from ...models.set_node_taints_command import SetNodeTaintsCommand
from ...models.set_pod_annotations_command import SetPodAnnotationsCommand
from ...models.set_pod_labels_command import SetPodLabelsCommand
from ...models.speed_command import SpeedCommand
from ...models.step_command import StepCommand
from ...models.stop_command import StopCommand
from ...models.uncordon_command import UncordonCommand
from ...models.update_pdb_command import UpdatePdbCommand
from ...models.update_priorityclass_command import UpdatePriorityclassCommand
from ...types import Response


def _get_kwargs(
    run_id: int,
    *,
    body: AddNamespaceCommand
    | AddNodeCommand
    | AddPdbCommand
    | AddPodCommand
    | AddPriorityclassCommand
    | AddWorkloadCommand
    | AllowWaitingPodCommand
    | AnnotateWorkloadCommand
    | CordonCommand
    | DeleteNamespaceCommand
    | DeleteNodeCommand
    | DeletePdbCommand
    | DeletePodCommand
    | DeletePriorityclassCommand
    | DeleteWorkloadCommand
    | EvictPodCommand
    | PauseCommand
    | RejectWaitingPodCommand
    | RemoveSchedulingGatesCommand
    | RestartCommand
    | ResumeCommand
    | ScaleCommand
    | SetNamespaceLabelsCommand
    | SetNodeAnnotationsCommand
    | SetNodeLabelsCommand
    | SetNodeTaintsCommand
    | SetPodAnnotationsCommand
    | SetPodLabelsCommand
    | SpeedCommand
    | StepCommand
    | StopCommand
    | UncordonCommand
    | UpdatePdbCommand
    | UpdatePriorityclassCommand,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/runs/{run_id}/commands/".format(
            run_id=quote(str(run_id), safe=""),
        ),
    }

    if (
        isinstance(body, PauseCommand)
        or isinstance(body, ResumeCommand)
        or isinstance(body, StepCommand)
        or isinstance(body, SpeedCommand)
        or isinstance(body, StopCommand)
        or isinstance(body, RestartCommand)
        or isinstance(body, AddPodCommand)
        or isinstance(body, DeletePodCommand)
        or isinstance(body, EvictPodCommand)
        or isinstance(body, AddNodeCommand)
        or isinstance(body, DeleteNodeCommand)
        or isinstance(body, CordonCommand)
        or isinstance(body, UncordonCommand)
        or isinstance(body, SetNodeLabelsCommand)
        or isinstance(body, SetNodeTaintsCommand)
        or isinstance(body, SetNodeAnnotationsCommand)
        or isinstance(body, SetPodAnnotationsCommand)
        or isinstance(body, SetPodLabelsCommand)
        or isinstance(body, RemoveSchedulingGatesCommand)
        or isinstance(body, AddNamespaceCommand)
        or isinstance(body, SetNamespaceLabelsCommand)
        or isinstance(body, DeleteNamespaceCommand)
        or isinstance(body, ScaleCommand)
        or isinstance(body, AddWorkloadCommand)
        or isinstance(body, DeleteWorkloadCommand)
        or isinstance(body, AnnotateWorkloadCommand)
        or isinstance(body, AddPriorityclassCommand)
        or isinstance(body, UpdatePriorityclassCommand)
        or isinstance(body, DeletePriorityclassCommand)
        or isinstance(body, AddPdbCommand)
        or isinstance(body, UpdatePdbCommand)
        or isinstance(body, DeletePdbCommand)
        or isinstance(body, AllowWaitingPodCommand)
    ):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommandRejected | CommandResult | Error | None:
    if response.status_code == 200:
        response_200 = CommandResult.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = CommandResult.from_dict(response.json())

        return response_201

    if response.status_code == 202:
        response_202 = CommandResult.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = CommandRejected.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CommandRejected | CommandResult | Error]:
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
    body: AddNamespaceCommand
    | AddNodeCommand
    | AddPdbCommand
    | AddPodCommand
    | AddPriorityclassCommand
    | AddWorkloadCommand
    | AllowWaitingPodCommand
    | AnnotateWorkloadCommand
    | CordonCommand
    | DeleteNamespaceCommand
    | DeleteNodeCommand
    | DeletePdbCommand
    | DeletePodCommand
    | DeletePriorityclassCommand
    | DeleteWorkloadCommand
    | EvictPodCommand
    | PauseCommand
    | RejectWaitingPodCommand
    | RemoveSchedulingGatesCommand
    | RestartCommand
    | ResumeCommand
    | ScaleCommand
    | SetNamespaceLabelsCommand
    | SetNodeAnnotationsCommand
    | SetNodeLabelsCommand
    | SetNodeTaintsCommand
    | SetPodAnnotationsCommand
    | SetPodLabelsCommand
    | SpeedCommand
    | StepCommand
    | StopCommand
    | UncordonCommand
    | UpdatePdbCommand
    | UpdatePriorityclassCommand,
) -> Response[CommandRejected | CommandResult | Error]:
    """200: applied; 202: the worker has not answered yet (GET commands/ later); 201: restart (a new run,
    in `run`); 400: refused (the error names the field, `command` the record)

    Args:
        run_id (int):
        body (AddNamespaceCommand | AddNodeCommand | AddPdbCommand | AddPodCommand |
            AddPriorityclassCommand | AddWorkloadCommand | AllowWaitingPodCommand |
            AnnotateWorkloadCommand | CordonCommand | DeleteNamespaceCommand | DeleteNodeCommand |
            DeletePdbCommand | DeletePodCommand | DeletePriorityclassCommand | DeleteWorkloadCommand |
            EvictPodCommand | PauseCommand | RejectWaitingPodCommand | RemoveSchedulingGatesCommand |
            RestartCommand | ResumeCommand | ScaleCommand | SetNamespaceLabelsCommand |
            SetNodeAnnotationsCommand | SetNodeLabelsCommand | SetNodeTaintsCommand |
            SetPodAnnotationsCommand | SetPodLabelsCommand | SpeedCommand | StepCommand | StopCommand
            | UncordonCommand | UpdatePdbCommand | UpdatePriorityclassCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandRejected | CommandResult | Error]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    run_id: int,
    *,
    client: AuthenticatedClient,
    body: AddNamespaceCommand
    | AddNodeCommand
    | AddPdbCommand
    | AddPodCommand
    | AddPriorityclassCommand
    | AddWorkloadCommand
    | AllowWaitingPodCommand
    | AnnotateWorkloadCommand
    | CordonCommand
    | DeleteNamespaceCommand
    | DeleteNodeCommand
    | DeletePdbCommand
    | DeletePodCommand
    | DeletePriorityclassCommand
    | DeleteWorkloadCommand
    | EvictPodCommand
    | PauseCommand
    | RejectWaitingPodCommand
    | RemoveSchedulingGatesCommand
    | RestartCommand
    | ResumeCommand
    | ScaleCommand
    | SetNamespaceLabelsCommand
    | SetNodeAnnotationsCommand
    | SetNodeLabelsCommand
    | SetNodeTaintsCommand
    | SetPodAnnotationsCommand
    | SetPodLabelsCommand
    | SpeedCommand
    | StepCommand
    | StopCommand
    | UncordonCommand
    | UpdatePdbCommand
    | UpdatePriorityclassCommand,
) -> CommandRejected | CommandResult | Error | None:
    """200: applied; 202: the worker has not answered yet (GET commands/ later); 201: restart (a new run,
    in `run`); 400: refused (the error names the field, `command` the record)

    Args:
        run_id (int):
        body (AddNamespaceCommand | AddNodeCommand | AddPdbCommand | AddPodCommand |
            AddPriorityclassCommand | AddWorkloadCommand | AllowWaitingPodCommand |
            AnnotateWorkloadCommand | CordonCommand | DeleteNamespaceCommand | DeleteNodeCommand |
            DeletePdbCommand | DeletePodCommand | DeletePriorityclassCommand | DeleteWorkloadCommand |
            EvictPodCommand | PauseCommand | RejectWaitingPodCommand | RemoveSchedulingGatesCommand |
            RestartCommand | ResumeCommand | ScaleCommand | SetNamespaceLabelsCommand |
            SetNodeAnnotationsCommand | SetNodeLabelsCommand | SetNodeTaintsCommand |
            SetPodAnnotationsCommand | SetPodLabelsCommand | SpeedCommand | StepCommand | StopCommand
            | UncordonCommand | UpdatePdbCommand | UpdatePriorityclassCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandRejected | CommandResult | Error
    """

    return sync_detailed(
        run_id=run_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    body: AddNamespaceCommand
    | AddNodeCommand
    | AddPdbCommand
    | AddPodCommand
    | AddPriorityclassCommand
    | AddWorkloadCommand
    | AllowWaitingPodCommand
    | AnnotateWorkloadCommand
    | CordonCommand
    | DeleteNamespaceCommand
    | DeleteNodeCommand
    | DeletePdbCommand
    | DeletePodCommand
    | DeletePriorityclassCommand
    | DeleteWorkloadCommand
    | EvictPodCommand
    | PauseCommand
    | RejectWaitingPodCommand
    | RemoveSchedulingGatesCommand
    | RestartCommand
    | ResumeCommand
    | ScaleCommand
    | SetNamespaceLabelsCommand
    | SetNodeAnnotationsCommand
    | SetNodeLabelsCommand
    | SetNodeTaintsCommand
    | SetPodAnnotationsCommand
    | SetPodLabelsCommand
    | SpeedCommand
    | StepCommand
    | StopCommand
    | UncordonCommand
    | UpdatePdbCommand
    | UpdatePriorityclassCommand,
) -> Response[CommandRejected | CommandResult | Error]:
    """200: applied; 202: the worker has not answered yet (GET commands/ later); 201: restart (a new run,
    in `run`); 400: refused (the error names the field, `command` the record)

    Args:
        run_id (int):
        body (AddNamespaceCommand | AddNodeCommand | AddPdbCommand | AddPodCommand |
            AddPriorityclassCommand | AddWorkloadCommand | AllowWaitingPodCommand |
            AnnotateWorkloadCommand | CordonCommand | DeleteNamespaceCommand | DeleteNodeCommand |
            DeletePdbCommand | DeletePodCommand | DeletePriorityclassCommand | DeleteWorkloadCommand |
            EvictPodCommand | PauseCommand | RejectWaitingPodCommand | RemoveSchedulingGatesCommand |
            RestartCommand | ResumeCommand | ScaleCommand | SetNamespaceLabelsCommand |
            SetNodeAnnotationsCommand | SetNodeLabelsCommand | SetNodeTaintsCommand |
            SetPodAnnotationsCommand | SetPodLabelsCommand | SpeedCommand | StepCommand | StopCommand
            | UncordonCommand | UpdatePdbCommand | UpdatePriorityclassCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandRejected | CommandResult | Error]
    """

    kwargs = _get_kwargs(
        run_id=run_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient,
    body: AddNamespaceCommand
    | AddNodeCommand
    | AddPdbCommand
    | AddPodCommand
    | AddPriorityclassCommand
    | AddWorkloadCommand
    | AllowWaitingPodCommand
    | AnnotateWorkloadCommand
    | CordonCommand
    | DeleteNamespaceCommand
    | DeleteNodeCommand
    | DeletePdbCommand
    | DeletePodCommand
    | DeletePriorityclassCommand
    | DeleteWorkloadCommand
    | EvictPodCommand
    | PauseCommand
    | RejectWaitingPodCommand
    | RemoveSchedulingGatesCommand
    | RestartCommand
    | ResumeCommand
    | ScaleCommand
    | SetNamespaceLabelsCommand
    | SetNodeAnnotationsCommand
    | SetNodeLabelsCommand
    | SetNodeTaintsCommand
    | SetPodAnnotationsCommand
    | SetPodLabelsCommand
    | SpeedCommand
    | StepCommand
    | StopCommand
    | UncordonCommand
    | UpdatePdbCommand
    | UpdatePriorityclassCommand,
) -> CommandRejected | CommandResult | Error | None:
    """200: applied; 202: the worker has not answered yet (GET commands/ later); 201: restart (a new run,
    in `run`); 400: refused (the error names the field, `command` the record)

    Args:
        run_id (int):
        body (AddNamespaceCommand | AddNodeCommand | AddPdbCommand | AddPodCommand |
            AddPriorityclassCommand | AddWorkloadCommand | AllowWaitingPodCommand |
            AnnotateWorkloadCommand | CordonCommand | DeleteNamespaceCommand | DeleteNodeCommand |
            DeletePdbCommand | DeletePodCommand | DeletePriorityclassCommand | DeleteWorkloadCommand |
            EvictPodCommand | PauseCommand | RejectWaitingPodCommand | RemoveSchedulingGatesCommand |
            RestartCommand | ResumeCommand | ScaleCommand | SetNamespaceLabelsCommand |
            SetNodeAnnotationsCommand | SetNodeLabelsCommand | SetNodeTaintsCommand |
            SetPodAnnotationsCommand | SetPodLabelsCommand | SpeedCommand | StepCommand | StopCommand
            | UncordonCommand | UpdatePdbCommand | UpdatePriorityclassCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandRejected | CommandResult | Error
    """

    return (
        await asyncio_detailed(
            run_id=run_id,
            client=client,
            body=body,
        )
    ).parsed
