"""Size limits, in one place. The request body limit is settings.DATA_UPLOAD_MAX_MEMORY_SIZE."""
from __future__ import annotations

from scheduler_core.manifests.kinds import KINDS

MAX_OBJECTS_PER_KIND = {kind.kind: {"Node": 5_000, "Pod": 50_000}.get(kind.kind, 1_000) for kind in KINDS}
MAX_BULK_COUNT = 5_000

MAX_TITLE_LENGTH = 200
MAX_DESCRIPTION_LENGTH = 5_000

PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
