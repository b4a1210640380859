"""What other apps' HTTP interfaces use of accounts besides its services and selectors: who acts
for a request (the caller, or a guest made for an anonymous browser's first write), and the CSRF
check for session writes DRF would not check. The import contracts (.importlinter) allow other
apps accounts' services, selectors and this module only."""
from __future__ import annotations

from playground.accounts.authentication import acting_user, enforce_csrf

__all__ = ["acting_user", "enforce_csrf"]
