"""Framework types, one to one with kube-scheduler's framework/interface.go and types.go."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:
    from scheduler_core.framework.nodeinfo import NodeInfo
    from scheduler_core.objects import Pod


class Code:
    """framework.Code. Plain string constants so statuses serialise as themselves."""

    SUCCESS = "Success"
    ERROR = "Error"
    UNSCHEDULABLE = "Unschedulable"
    UNSCHEDULABLE_AND_UNRESOLVABLE = "UnschedulableAndUnresolvable"
    WAIT = "Wait"
    SKIP = "Skip"
    PENDING = "Pending"


@dataclass(frozen=True)
class Status:
    """framework.Status: an expected outcome, never raised."""

    code: str = Code.SUCCESS
    reasons: tuple[str, ...] = ()
    plugin: str = ""

    @classmethod
    def success(cls) -> Status:
        return _SUCCESS

    @classmethod
    def unschedulable(cls, *reasons: str, plugin: str = "") -> Status:
        return cls(Code.UNSCHEDULABLE, reasons, plugin)

    @classmethod
    def unresolvable(cls, *reasons: str, plugin: str = "") -> Status:
        return cls(Code.UNSCHEDULABLE_AND_UNRESOLVABLE, reasons, plugin)

    @classmethod
    def error(cls, reason: str, plugin: str = "") -> Status:
        return cls(Code.ERROR, (reason,), plugin)

    @classmethod
    def skip(cls) -> Status:
        return cls(Code.SKIP)

    def with_plugin(self, plugin: str) -> Status:
        return self if self.plugin == plugin else Status(self.code, self.reasons, plugin)

    @property
    def is_success(self) -> bool:
        return self.code == Code.SUCCESS

    @property
    def is_skip(self) -> bool:
        return self.code == Code.SKIP

    @property
    def is_rejected(self) -> bool:
        """Status.IsRejected: Unschedulable, UnschedulableAndUnresolvable or Pending."""
        return self.code in (Code.UNSCHEDULABLE, Code.UNSCHEDULABLE_AND_UNRESOLVABLE, Code.PENDING)

    @property
    def message(self) -> str:
        return ", ".join(self.reasons)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "plugin": self.plugin, "reasons": list(self.reasons)}


def trace_statuses(statuses: Iterable[tuple[str, Status]]) -> dict[str, Any]:
    """The compact per-node status shape of cycle.filtered and preemption.evaluated (docs/events.md).

    ``verdicts`` lists each distinct {code, plugin, reasons} once, in first-seen order of the given
    (node, status) pairs; ``statuses`` maps each node to its verdict's index. Most rejected nodes share
    a handful of verdicts, so a capped 5,000-node cycle costs a few bytes per node, not a full object.
    """
    index: dict[Status, int] = {}
    verdicts: list[dict[str, Any]] = []
    by_node: dict[str, int] = {}
    for name, status in statuses:
        i = index.get(status)
        if i is None:
            i = index[status] = len(verdicts)
            verdicts.append(status.to_json())
        by_node[name] = i
    return {"statuses": by_node, "verdicts": verdicts}


_SUCCESS = Status()


@dataclass(frozen=True)
class PreFilterResult:
    """framework.PreFilterResult: None node_names means all nodes."""

    node_names: frozenset[str] | None = None

    def merge(self, other: PreFilterResult | None) -> PreFilterResult:
        if other is None or other.node_names is None:
            return self
        if self.node_names is None:
            return other
        return PreFilterResult(self.node_names & other.node_names)


class CycleState:
    """framework.CycleState: per-cycle plugin data; clone() for preemption what-ifs.

    Stored values that change during a cycle (AddPod/RemovePod) must offer ``clone()``.
    """

    def __init__(self) -> None:
        self._data: dict[str, Any] = {}
        self.skip_filter_plugins: set[str] = set()
        self.skip_score_plugins: set[str] = set()

    def read(self, key: str) -> Any:
        return self._data.get(key)

    def write(self, key: str, value: Any) -> None:
        self._data[key] = value

    def clone(self) -> CycleState:
        copy = CycleState()
        copy._data = {k: (v.clone() if hasattr(v, "clone") else v) for k, v in self._data.items()}
        copy.skip_filter_plugins = set(self.skip_filter_plugins)
        copy.skip_score_plugins = set(self.skip_score_plugins)
        return copy


@runtime_checkable
class Plugin(Protocol):
    name: ClassVar[str]


class PreEnqueuePlugin(Plugin, Protocol):
    def pre_enqueue(self, pod: Pod) -> Status: ...


class QueueSortPlugin(Plugin, Protocol):
    def less(self, a: Any, b: Any) -> bool: ...  # QueuedPodInfo


class PreFilterPlugin(Plugin, Protocol):
    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]: ...

    # PreFilterExtensions: keep precomputed state right when a pod is added to or removed
    # from a node in a what-if (nominated pods, preemption victims). Plugins without
    # precomputed state implement both as no-ops returning success.
    def add_pod(self, state: CycleState, pod: Pod, pod_to_add: Pod, node_info: NodeInfo) -> Status: ...

    def remove_pod(self, state: CycleState, pod: Pod, pod_to_remove: Pod, node_info: NodeInfo) -> Status: ...


class FilterPlugin(Plugin, Protocol):
    def filter(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> Status: ...


class PreScorePlugin(Plugin, Protocol):
    def pre_score(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> Status: ...


class ScorePlugin(Plugin, Protocol):
    def score(self, state: CycleState, pod: Pod, node_info: NodeInfo) -> tuple[int, Status]: ...

    # Return None when the plugin has no NormalizeScore; otherwise scores normalised in place.
    def normalize_score(self, state: CycleState, pod: Pod, scores: dict[str, int]) -> Status | None: ...


class EnqueueExtensions(Plugin, Protocol):
    """EventsToRegister + QueueingHint. ``event`` is a ClusterEvent from scheduler_core.queue."""

    def events_to_register(self) -> list[Any]: ...


MAX_NODE_SCORE = 100
MIN_NODE_SCORE = 0
