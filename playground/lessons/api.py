"""What other apps use of lessons besides its services and selectors: a lesson variant's timed
commands (frozen into a run) and the step a run's events have reached (StepReader). The import
contracts (.importlinter) allow other apps lessons' services, selectors and this module only."""
from __future__ import annotations

from playground.lessons.tooling import StepReader, Variant, timed_commands

__all__ = ["StepReader", "Variant", "timed_commands"]
