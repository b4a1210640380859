from scheduler_core.framework.interface import Code, CycleState, PreFilterResult, Status
from scheduler_core.framework.nodeinfo import NodeInfo

__all__ = ["Code", "CycleState", "NodeInfo", "PreFilterResult", "Status"]
