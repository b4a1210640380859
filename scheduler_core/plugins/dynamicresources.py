"""DynamicResources (plugins/dynamicresources/dynamicresources.go), for a cluster without ResourceClaims.

The playground models no ResourceClaims, DeviceClasses or ResourceSlices (DRA is out of scope), so
every pod is a pod without claims. What remains visible is what upstream does for such a pod, and
it shows in every FailedScheduling text from v1.34 on (DynamicResourceAllocation GA, the plugin
placed before DefaultPreemption by applyFeatureGates):

* PreFilter writes an empty stateData to the CycleState, then returns Skip (no claims), so its
  Filter never runs.
* PostFilter reads that state; with no claims it returns Unschedulable "no new claims to
  deallocate", which RunPostFilterPlugins joins before DefaultPreemption's "preemption: ...".
  If PreFilter never ran (an earlier PreFilter plugin rejected with UnschedulableAndUnresolvable,
  RunPreFilterPlugins stops there), getStateData fails with CycleState.Read's ErrNotFound and
  PostFilter returns that error: RunPostFilterPlugins stops at an Error, DefaultPreemption does
  not run, and the message is the error's text "not found".
"""
from __future__ import annotations

from typing import ClassVar

from scheduler_core.diagnosis import Diagnosis
from scheduler_core.framework.interface import CycleState, PreFilterResult, Status
from scheduler_core.framework.nodeinfo import NodeInfo
from scheduler_core.objects import Pod

NAME = "DynamicResources"
STATE_KEY = NAME  # stateKey = names.DynamicResources
NO_NEW_CLAIMS = "no new claims to deallocate"
ERR_NOT_FOUND = "not found"  # k8s.io/kube-scheduler/framework: ErrNotFound


class _StateData:
    """stateData with no claims (claims.empty() is true)."""

    claims: tuple[()] = ()


class DynamicResources:
    name: ClassVar[str] = NAME

    def pre_filter(self, state: CycleState, pod: Pod, nodes: list[NodeInfo]) -> tuple[PreFilterResult | None, Status]:
        state.write(STATE_KEY, _StateData())
        return None, Status.skip()

    # Reserve, Unreserve, PreBind: with no claims in the state (claims.empty()) there is nothing to
    # reserve, release or allocate, and upstream returns Success (nil) at once.
    def reserve(self, state: CycleState, pod: Pod, node: str) -> Status:
        return self._no_claims(state)

    def unreserve(self, state: CycleState, pod: Pod, node: str) -> None:
        return None

    def pre_bind(self, state: CycleState, pod: Pod, node: str) -> Status:
        return self._no_claims(state)

    @staticmethod
    def _no_claims(state: CycleState) -> Status:
        if not isinstance(state.read(STATE_KEY), _StateData):
            return Status.error(ERR_NOT_FOUND, NAME)
        return Status.success()

    def post_filter(self, state: CycleState, pod: Pod, diagnosis: Diagnosis) -> tuple[str | None, Status]:
        data = state.read(STATE_KEY)
        if not isinstance(data, _StateData):
            return None, Status.error(ERR_NOT_FOUND, NAME)
        return None, Status.unschedulable(NO_NEW_CLAIMS, plugin=NAME)
