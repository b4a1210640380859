"""Issue 28, point 2: an idle guest's private scenarios and unshared runs expire; what it shared,
everything a signed-up user owns and every workshop result stay; a preview changes nothing."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone

from playground import retention
from playground.accounts import services as accounts
from playground.runs import services as runs
from playground.runs.models import Run
from playground.scenarios.models import Scenario
from playground.workshops.models import Answer, Participant, Question, Workshop
from tests.playground.scenarios_support import alice, fast_passwords, make_node, make_scenario  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runs.bus, "announce_run", lambda run_id, bulk: None)


def age(user: User, days: int = 40) -> None:
    then = timezone.now() - timedelta(days=days)
    User.objects.filter(pk=user.pk).update(date_joined=then, last_login=then)
    Scenario.objects.filter(owner=user).update(updated_at=then)
    Run.objects.filter(owner=user).update(updated_at=then)


def guest_with(*visibilities: str) -> tuple[User, dict[str, Scenario], dict[str, Run]]:
    guest = accounts.create_guest()
    scenarios = {v: make_scenario(guest, v, objects=[make_node()]) for v in visibilities}
    started = {v: runs.start_run(guest, s) for v, s in scenarios.items()}
    return guest, scenarios, started


def test_an_idle_guest_loses_its_private_things_and_keeps_what_it_shared() -> None:
    guest, _, started = guest_with("private", "unlisted", "public")
    age(guest)
    pruned = retention.prune()
    assert (pruned.guests, pruned.scenarios, pruned.runs, pruned.accounts) == (1, 1, 1, 0)
    assert set(Scenario.objects.filter(owner=guest).values_list("visibility", flat=True)) == {"unlisted", "public"}
    assert set(Run.objects.filter(owner=guest).values_list("pk", flat=True)) == {started["unlisted"].pk,
                                                                                   started["public"].pk}


def test_a_guest_left_with_nothing_is_removed() -> None:
    guest, _, _ = guest_with("private")
    age(guest)
    assert retention.prune().accounts == 1
    assert not User.objects.filter(pk=guest.pk).exists()


def test_a_guest_active_within_the_window_keeps_everything() -> None:
    guest, _, _ = guest_with("private")
    age(guest, days=10)
    assert retention.prune() == retention.Pruned(0, 0, 0, 0)


def test_a_guest_whose_run_moved_lately_is_not_idle() -> None:
    guest, _, started = guest_with("private")
    age(guest)
    Run.objects.filter(pk=started["private"].pk).update(updated_at=timezone.now())
    assert retention.prune().guests == 0


def test_nothing_a_signed_up_user_owns_is_touched(alice: User) -> None:
    make_scenario(alice, "private", objects=[make_node()])
    age(alice, days=400)
    assert retention.prune() == retention.Pruned(0, 0, 0, 0)
    assert Scenario.objects.filter(owner=alice).count() == 1


def test_workshop_results_stay_and_no_roster_cascades(alice: User) -> None:
    guest, _, started = guest_with("private")
    workshop = Workshop.objects.create(code="R1", title="w", instructor=alice, scenario_slug="x",
                                       status=Workshop.Status.ENDED)
    student = Participant.objects.create(workshop=workshop, user=guest, name="Student", own_run=started["private"])
    question = Question.objects.create(workshop=workshop, key="q", prompt="p", kind="node", answer="n1")
    Answer.objects.create(question=question, participant=student, choice="n1")
    age(guest)
    pruned = retention.prune()
    assert (pruned.scenarios, pruned.runs, pruned.accounts) == (1, 0, 0)
    assert Run.objects.filter(pk=started["private"].pk).exists() and Answer.objects.count() == 1


def test_a_dry_run_counts_the_same_and_changes_nothing(capsys: Any) -> None:
    guest, _, _ = guest_with("private")
    age(guest)
    call_command("prune", "--dry-run")
    assert "would remove: 1 idle guests: 1 private scenarios, 1 unshared runs and 1 empty guest accounts" in \
        capsys.readouterr().out
    assert User.objects.filter(pk=guest.pk).exists() and Scenario.objects.filter(owner=guest).exists()
    call_command("prune")
    assert "removed: 1 idle guests" in capsys.readouterr().out and not User.objects.filter(pk=guest.pk).exists()
