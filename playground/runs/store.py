"""What an engine and its drivers read and write: the runs' rows (leases.py, fenced by the
engine's lease token; selectors.py) and their viewers (bus.py, after each commit). Passed in, so
a test hands an engine a store of its own (one that records what it publishes, say) instead of
patching the modules."""
from __future__ import annotations

from typing import Any

from playground.runs import leases, selectors
from playground.runs.models import Run, RunCommand


class Store:
    LeaseLost = leases.LeaseLost

    def new_token(self) -> str:
        return leases.new_token()

    def acquire(self, run_id: int, token: str) -> Run | None:
        return leases.acquire(run_id, token)

    def claim_queued(self, run_ids: list[int], token: str) -> list[Run]:
        return leases.claim_queued(run_ids, token)

    def renew(self, token: str) -> set[int]:
        return leases.renew(token)

    def expire(self, token: str) -> None:
        leases.expire(token)

    def release(self, run: Run, token: str, command_seq: int) -> bool:
        return leases.release(run, token, command_seq)

    def fail(self, run_id: int, token: str, reason: str) -> None:
        leases.fail(run_id, token, reason)

    def commit_tick(self, run: Run, token: str, events: list[dict[str, Any]], applied: list[RunCommand],
                    status_changed: bool, produced_at: float | None = None,
                    state: dict[str, Any] | None = None) -> int:
        return leases.commit_tick(run, token, events, applied, status_changed, produced_at, state,
                                  publish=self.publish_tick)

    def publish_tick(self, run_id: int, events: list[dict[str, Any]], view: dict[str, Any] | None,
                     produced_at: float | None, verdicts: list[dict[str, Any]], texts: list[str] | None = None) -> None:
        """After a tick's commit: what its viewers and REST waiters hear."""
        leases.publish_tick(run_id, events, view, produced_at, verdicts, texts)

    def recorded_commands(self, run_id: int) -> tuple[list[tuple[int, float, dict[str, Any]]], int]:
        return selectors.recorded_commands(run_id)

    def pending_commands(self, run_id: int, after_seq: int) -> list[RunCommand]:
        return selectors.pending_commands(run_id, after_seq)

    def runs_with_pending_commands(self, run_ids: list[int]) -> set[int]:
        return selectors.runs_with_pending_commands(run_ids)
