"""What other apps use of scenarios besides its services and selectors: the model and its
visibility, the share links a session holds, the storage quota a run's copy counts against, the
scenario settings that are the playground's own (not SchedulerConfig's), and a document's
normal form. The import contracts (.importlinter) allow other apps scenarios' services, selectors
and this module only."""
from __future__ import annotations

from playground.scenarios.documents import normalise as normalise_document
from playground.scenarios.links import held as held_links
from playground.scenarios.links import remember as remember_link
from playground.scenarios.models import Scenario, Visibility
from playground.scenarios.quotas import check_command as check_command_quota
from playground.scenarios.quotas import check_run as check_run_quota
from playground.scenarios.validation import RUN_SETTINGS

__all__ = ["RUN_SETTINGS", "Scenario", "Visibility", "check_command_quota", "check_run_quota", "held_links", "normalise_document",
           "remember_link"]
