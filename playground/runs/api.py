"""What other apps use of runs besides its services and selectors: the models (as types, and for
the queries other apps make of them), a fork, a preview (dry run), restoring a dropped event log,
the schema of selectors.run_view, a manifest a command body is refused for (command_bodies), and the signal of committed events (signals.py). The import
contracts (.importlinter) allow other apps runs' services, selectors and this module only;
nothing inside runs imports it."""
from __future__ import annotations

from playground.runs.command_bodies import ManifestRefused
from playground.runs.forks import fork_run
from playground.runs.logs import restore as restore_log
from playground.runs.models import Run, RunCommand, RunEvent
from playground.runs.previews import preview_commands
from playground.runs.serializers import RunViewSerializer
from playground.runs.signals import events_committed

__all__ = ["ManifestRefused", "Run", "RunCommand", "RunEvent", "RunViewSerializer", "events_committed", "fork_run", "preview_commands", "restore_log"]
