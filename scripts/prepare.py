"""Bring a database up to date: apply migrations, then load the built-in lessons.

One place for this step, used by `make run`, the live-server test fixtures and the
docker-compose `migrate` service: `python -m scripts.prepare`.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import django
from django.conf import settings
from django.core.management import call_command, get_commands


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playground.settings")
    django.setup()
    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)  # WhiteNoise warns when it is missing
    call_command("migrate", interactive=False, verbosity=int(os.environ.get("PREPARE_VERBOSITY", "1")))
    if "load_lessons" in get_commands():
        call_command("load_lessons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
