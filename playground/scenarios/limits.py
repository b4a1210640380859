"""Size limits, in one place. The request body limit is settings.DATA_UPLOAD_MAX_MEMORY_SIZE."""
from __future__ import annotations

MAX_OBJECTS_PER_KIND = {
    "Node": 5_000,
    "Pod": 50_000,
    "PriorityClass": 1_000,
    "PodDisruptionBudget": 1_000,
    "Namespace": 1_000,
    "Deployment": 1_000,
    "ReplicaSet": 1_000,
    "StatefulSet": 1_000,
    "DaemonSet": 1_000,
    "Job": 1_000,
}
MAX_BULK_COUNT = 5_000

MAX_TITLE_LENGTH = 200
MAX_DESCRIPTION_LENGTH = 5_000

PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
