"""The Celery app: runs scheduler_core simulations in worker processes."""
from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playground.settings")

app = Celery("playground")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
