"""`python -m scripts.host web|worker` (docs/deploy.md, "Several hosts") refuses to start a host
that lacks a shared setting or cannot reach the shared services, saying which."""
from __future__ import annotations

import pytest

from scripts import host

SHARED = {"DATABASE_URL": "postgresql://postgres@127.0.0.1:9/none", "REDIS_URL": "redis://127.0.0.1:9/0",
          "SECRET_KEY": "k", "PLAYGROUND_NAMESPACE": "class"}


def test_a_role_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    assert host.main([]) == 2
    assert host.main(["db"]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == "usage: python -m scripts.host web|worker"


def test_a_web_host_names_every_setting_it_lacks_even_the_namespace_a_checkout_would_derive() -> None:
    with pytest.raises(host.NotConfigured, match="A web host needs SECRET_KEY, PLAYGROUND_NAMESPACE, PUBLIC_URL, "
                                                 "FORWARDED_ALLOW_IPS set, the same on every host"):
        host.check_settings("web", {"DATABASE_URL": SHARED["DATABASE_URL"], "REDIS_URL": SHARED["REDIS_URL"]})


def test_a_worker_host_needs_no_public_url_but_a_database_that_answers() -> None:
    with pytest.raises(host.NotConfigured, match=r"Nothing answers at DATABASE_URL \(postgresql://postgres@127.0.0.1:9/none\)"):
        host.check_settings("worker", SHARED)


def test_a_web_host_trusts_forwarded_headers_from_the_load_balancer_only() -> None:
    command = host.web_command(7, {"FORWARDED_ALLOW_IPS": "10.0.0.30"})
    assert command[command.index("--fd") + 1] == "7"
    assert command[-3:] == ["--proxy-headers", "--forwarded-allow-ips", "10.0.0.30"]


def test_the_web_server_writes_no_access_log_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from playground import processes

    monkeypatch.delenv("WEB_ACCESS_LOG", raising=False)
    assert "--no-access-log" in processes.asgi_server_command(7)  # a tenth of a run start's CPU
    assert "--no-access-log" not in processes.asgi_server_command(7, access_log=True)
    monkeypatch.setenv("WEB_ACCESS_LOG", "1")
    assert "--no-access-log" not in host.web_command(7, {"FORWARDED_ALLOW_IPS": "10.0.0.30"})
