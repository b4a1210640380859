"""Builders and fixtures shared by the accounts / scenarios API tests (imported, not a conftest)."""
from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from playground.accounts import services as accounts
from playground.accounts.models import Profile
from playground.scenarios import services
from playground.scenarios.models import Scenario


def make_node(name: str = "node-1", cpu: str = "4", memory: str = "8Gi", **labels: str) -> dict[str, Any]:
    metadata: dict[str, Any] = {"name": name, **({"labels": labels} if labels else {})}
    return {"apiVersion": "v1", "kind": "Node", "metadata": metadata,
            "status": {"allocatable": {"cpu": cpu, "memory": memory, "pods": "110"}}}


def make_pod(name: str = "web", cpu: str = "500m", namespace: str | None = None,
             priority_class: str | None = None, **labels: str) -> dict[str, Any]:
    metadata: dict[str, Any] = {"name": name}
    if namespace:
        metadata["namespace"] = namespace
    if labels:
        metadata["labels"] = labels
    spec: dict[str, Any] = {"containers": [{"name": "c", "image": "nginx",
                                            "resources": {"requests": {"cpu": cpu}}}]}
    if priority_class:
        spec = {"priorityClassName": priority_class, **spec}
    return {"apiVersion": "v1", "kind": "Pod", "metadata": metadata, "spec": spec}


def make_priority_class(name: str = "high", value: int = 1000) -> dict[str, Any]:
    return {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": name},
            "value": value}


def make_pdb(name: str = "web-pdb", min_available: int = 1, **match_labels: str) -> dict[str, Any]:
    return {"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": name},
            "spec": {"minAvailable": min_available, "selector": {"matchLabels": match_labels or {"app": "web"}}}}


def small_cluster() -> list[dict[str, Any]]:
    return [make_node("node-1"), make_node("node-2"), make_priority_class("high", 1000),
            make_pod("web", app="web"), make_pdb("web-pdb", app="web")]


def make_user(username: str = "alice") -> User:
    user = User.objects.create_user(username=username, password="correct horse battery")
    Profile.objects.create(user=user, is_guest=False)
    return user


def make_scenario(owner: User, visibility: str = "private", title: str = "Preemption 101",
                  objects: list[dict[str, Any]] | None = None, **more: Any) -> Scenario:
    return services.create_scenario(owner, title, more.pop("description", ""),
                                    small_cluster() if objects is None else objects,
                                    more.pop("settings", {}), visibility)


def client_for(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def alice(db: Any) -> User:
    return make_user("alice")


@pytest.fixture
def bob(db: Any) -> User:
    return make_user("bob")


@pytest.fixture
def guest(db: Any) -> User:
    return accounts.create_guest()


@pytest.fixture
def anon(db: Any) -> APIClient:
    return APIClient()


def as_(user: User) -> APIClient:
    return client_for(user)


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    """PBKDF2's real cost makes every user a second; tests need no real hashing. Import it to use it."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
