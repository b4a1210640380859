"""The anonymous visitor's benchmark, small and untimed (benchmarks/visitor.py): against the live
server and worker, each part stays within its cap — a guest's scenarios within its quota, a new identity only
after a 413, the streams held at STREAMS_MAX_PER_CLIENT per session and per address, reads answered."""
from __future__ import annotations

from typing import Any

import psycopg
import pytest

from benchmarks import visitor as visitorbench

pytestmark = pytest.mark.integration
QUOTA = 20 * 1024 * 1024  # SCENARIO_QUOTA_BYTES_GUEST's default, which the live server runs with
STREAMS = 5  # STREAMS_MAX_PER_CLIENT's


def live_bytes(database_url: str) -> int:
    with psycopg.connect(database_url) as conn:
        return int(conn.execute("SELECT pg_database_size(current_database())").fetchone()[0])


def test_a_small_visitor_stays_within_every_cap(live_server_url: str, celery_worker_process: Any,
                                                 live_database_url: str, settings: Any) -> None:
    settings.SCENARIO_QUOTA_BYTES_GUEST = QUOTA
    slug, run_id = visitorbench.big_public_run(live_server_url, nodes=5, pods=20)
    disk = visitorbench.fill_disk(live_server_url, 3, lambda: live_bytes(live_database_url))
    assert disk.scenarios >= 1 and disk.stored_bytes >= disk.scenarios * visitorbench.ANNOTATION_BYTES
    assert disk.guests <= disk.refusals.get("413", 0)  # a new identity only after a 413
    cpu = visitorbench.read_expensive(live_server_url, slug, run_id, seconds=1, threads=2)
    assert cpu.requests >= 3 and cpu.web_cpu > 0
    assert visitorbench.hold_streams(live_server_url, run_id, True, STREAMS + 2) == (STREAMS, [429, 429])
    assert visitorbench.hold_streams(live_server_url, run_id, False, STREAMS + 2) == (STREAMS, [429, 429])
