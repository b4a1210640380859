"""Scheduled work about people (found by Celery's autodiscover_tasks)."""
from __future__ import annotations

from celery import shared_task

from playground import retention


@shared_task(name="playground.prune")
def prune() -> str:
    """Every PRUNE_EVERY_SECONDS (settings.CELERY_BEAT_SCHEDULE): idle guests' private things expire,
    old runs' event logs are dropped."""
    return str(retention.prune())
