"""PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread).

Filter enforces ``whenUnsatisfiable: DoNotSchedule`` constraints: a node without a constraint's
topology key is U&U; a node whose domain would exceed ``maxSkew`` over the global minimum is U.
Score prefers domains with fewer matching pods for ``ScheduleAnyway`` constraints.

System default constraints (``defaultingType: System``: hostname maxSkew 3 and zone maxSkew 5,
ScheduleAnyway) are not modelled: they apply only to pods selected by a Service,
ReplicationController, ReplicaSet or StatefulSet, and the playground has none of those objects.
Pods without constraints therefore get no PodTopologySpread score (PreScore returns Skip).

Modules follow upstream: ``common`` (constraints, counting, inclusion policies), ``filtering``,
``scoring``, ``plugin`` (the plugin class and its queueing hints).
"""
from scheduler_core.plugins.podtopologyspread.filtering import (
    ERR_REASON_CONSTRAINTS_NOT_MATCH,
    ERR_REASON_NODE_LABEL_NOT_MATCH,
)
from scheduler_core.plugins.podtopologyspread.plugin import NAME, PodTopologySpread

__all__ = ["ERR_REASON_CONSTRAINTS_NOT_MATCH", "ERR_REASON_NODE_LABEL_NOT_MATCH", "NAME", "PodTopologySpread"]
