"""Retention that loses nothing anyone made on purpose (issue 28): an idle guest's private things expire.

A guest (an anonymous visitor's account) idle for GUEST_RETENTION_DAYS — no login, no scenario
changed and no run touched since — loses what only it could ever see: its private scenarios and
its runs nobody else may watch (of a private or deleted scenario). It keeps what it shared
(unlisted and public scenarios, their runs) and every workshop result: a run a workshop shows
(the instructor's, a student's own) stays, and a guest on any workshop's roster or leading one is
never deleted, so rosters and answers never cascade away. A guest left owning nothing is deleted.
Signed-up users and the system user are never touched.

`manage.py prune` runs it by hand (`--dry-run` changes nothing); the Celery task `playground.prune`
(playground/accounts/tasks.py) runs it on a schedule (settings.CELERY_BEAT_SCHEDULE, for
`celery -A playground beat`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from playground.runs.models import Run
from playground.scenarios.models import Scenario, Visibility
from playground.workshops.models import Participant, Workshop


@dataclass(frozen=True)
class Pruned:
    guests: int
    scenarios: int
    runs: int
    accounts: int

    def __str__(self) -> str:
        return (f"{self.guests} idle guests: {self.scenarios} private scenarios, {self.runs} unshared runs and "
                f"{self.accounts} empty guest accounts removed")


def idle_guests(days: int) -> QuerySet[User]:
    cutoff = timezone.now() - timedelta(days=days)
    recent_scenario = Scenario.objects.filter(owner=OuterRef("pk"), updated_at__gte=cutoff)
    recent_run = Run.objects.filter(owner=OuterRef("pk"), updated_at__gte=cutoff)
    in_open_workshop = Participant.objects.filter(user=OuterRef("pk"), workshop__status=Workshop.Status.OPEN)
    return (User.objects.filter(profile__is_guest=True, date_joined__lt=cutoff)
            .filter(Q(last_login__isnull=True) | Q(last_login__lt=cutoff))
            .exclude(Exists(recent_scenario)).exclude(Exists(recent_run)).exclude(Exists(in_open_workshop)))


def unshared_runs(guests: QuerySet[User]) -> QuerySet[Run]:
    shown = Q(pk__in=Workshop.objects.filter(run__isnull=False).values("run")) | Q(
        pk__in=Participant.objects.filter(own_run__isnull=False).values("own_run"))
    hidden = Q(scenario__isnull=True) | Q(scenario__visibility=Visibility.PRIVATE)
    return Run.objects.filter(owner__in=guests).filter(hidden).exclude(shown)


def empty_accounts(guests: QuerySet[User]) -> QuerySet[User]:
    on_a_roster = Participant.objects.filter(user=OuterRef("pk"))
    leading = Workshop.objects.filter(instructor=OuterRef("pk"))
    owns = [Scenario.objects.filter(owner=OuterRef("pk")), Run.objects.filter(owner=OuterRef("pk"))]
    accounts = guests.exclude(Exists(on_a_roster)).exclude(Exists(leading))
    for owned in owns:
        accounts = accounts.exclude(Exists(owned))
    return accounts


def prune(days: int | None = None, dry_run: bool = False) -> Pruned:
    """Removes what idle guests alone could see; with dry_run the same work is rolled back."""
    with transaction.atomic():
        pruned = _prune(settings.GUEST_RETENTION_DAYS if days is None else days)
        if dry_run:
            transaction.set_rollback(True)
    return pruned


def _prune(days: int) -> Pruned:
    guest_ids = list(idle_guests(days).values_list("pk", flat=True))
    guests = User.objects.filter(pk__in=guest_ids)
    runs = unshared_runs(guests)
    run_count = runs.count()
    runs.delete()
    scenarios = Scenario.objects.filter(owner__in=guests, visibility=Visibility.PRIVATE)
    scenario_count = scenarios.count()
    scenarios.delete()
    accounts = User.objects.filter(pk__in=list(empty_accounts(guests).values_list("pk", flat=True)))
    account_count = accounts.count()
    accounts.delete()
    return Pruned(len(guest_ids), scenario_count, run_count, account_count)
