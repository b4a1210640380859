"""A guest signs up and keeps its scenario; a personal API token is shown once, works, and revoking it ends it."""
from __future__ import annotations

import secrets
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
MINE = "/api/scenarios/?scope=mine"


def create_scenario_as_guest(page: Page, title: str) -> None:
    page.goto("/")
    page.request.get("/api/me")
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    response = page.request.post("/api/scenarios/", data={"title": title}, headers={"X-CSRFToken": csrf})
    assert response.status == 201, response.text()


def test_a_guest_signs_up_keeps_its_scenario_and_manages_an_api_token(
    page: Page, browser: Browser, live_server_url: str
) -> None:
    suffix = secrets.token_hex(3)
    username, title = f"ann-{suffix}", f"Ann's cluster {suffix}"
    create_scenario_as_guest(page, title)
    page.reload()
    header = page.get_by_role("navigation", name="Account")
    expect(header.get_by_text("(guest)")).to_be_visible()

    header.get_by_role("link", name="Sign up").click()
    sign_up = page.get_by_role("form", name="Sign up")
    expect(page.get_by_text("You keep everything you made as a guest")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "account-guest.png"), full_page=True)
    sign_up.get_by_label("Username").fill(username)
    sign_up.get_by_label("Password").fill("correct horse battery")
    sign_up.get_by_role("button", name="Sign up").click()
    expect(header.get_by_text(f"Signed in as {username}")).to_be_visible()
    expect(header.get_by_role("button", name="Log out")).to_be_visible()

    page.get_by_role("navigation", name="Main").get_by_role("link", name="Gallery").click()
    mine = page.get_by_role("region", name="My scenarios")
    expect(mine.get_by_role("link", name=title)).to_be_visible()

    header.get_by_role("link", name="Account").click()
    page.get_by_role("form", name="New token").get_by_label("Token name").fill("ci")
    page.get_by_role("button", name="Create token").click()
    key_box = page.get_by_label("API token key")
    expect(page.get_by_text("it will not be shown again")).to_be_visible()
    key = key_box.input_value()
    assert key.startswith("pgt_")
    expect(page.get_by_text(f'curl -H "Authorization: Token {key}"')).to_be_visible()
    expect(page.get_by_role("row", name="ci")).to_contain_text("never")
    page.screenshot(path=str(ARTIFACTS / "account-new-token.png"), full_page=True)

    by_token = {"Authorization": f"Token {key}"}
    response = page.request.get(MINE, headers=by_token)
    assert response.status == 200, response.text()
    assert title in [s["title"] for s in response.json()["results"]]
    # The key alone, from a client that has never seen the session cookie.
    stranger = browser.new_context(base_url=live_server_url)
    try:
        assert stranger.request.get(MINE, headers=by_token).status == 200

        page.reload()
        expect(page.get_by_label("API token key")).to_have_count(0)
        expect(page.get_by_text(key)).to_have_count(0)
        row = page.get_by_role("row", name="ci")
        expect(row).to_contain_text(key[:8])
        expect(row).not_to_contain_text("never")  # last used: just now

        row.get_by_role("button", name="Revoke ci").click()
        page.get_by_role("button", name="Yes, revoke “ci”").click()
        expect(page.get_by_text("You have no API tokens.")).to_be_visible()
        assert page.request.get(MINE, headers=by_token).status == 401
        assert stranger.request.get(MINE, headers=by_token).status == 401
    finally:
        stranger.close()
