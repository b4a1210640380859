"""Light on a class's shared Wi-Fi (issue 35), against the real server (uvicorn, whitenoise) and the
real build (frontend/dist): assets compressed for browsers that accept brotli or gzip, hashed assets
immutable for a year, index.html revalidated, no public source maps, API JSON gzipped where BREACH
cannot apply, the first page's JavaScript under 150 KB compressed, and the gallery's data fetched
while the bundle downloads (one request each, reused by the app)."""
from __future__ import annotations

import gzip
import re
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect

from playground.views import GALLERY_DATA

DIST = Path(__file__).resolve().parents[2] / "frontend" / "dist"
FIRST_PAGE_JS_BUDGET = 150 * 1024
YEAR = "public, max-age=31536000, immutable"


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def first_page_scripts() -> list[str]:
    """The JavaScript index.html loads before the gallery can show: its entry and modulepreloads."""
    html = (DIST / "index.html").read_text()
    return re.findall(r'<(?:script type="module"|link rel="modulepreload")[^>]*? (?:src|href)="/static/([^"]+\.js)"', html)


def test_assets_are_compressed_immutable_and_without_public_source_maps(live_server_url: str) -> None:
    scripts = first_page_scripts()
    assert scripts and (DIST / scripts[0]).exists(), "frontend/dist is not built: `cd frontend && npx vite build`"
    url = f"{live_server_url}/static/{scripts[0]}"
    plain = (DIST / scripts[0]).read_bytes()

    status, headers, body = get(url, **{"Accept-Encoding": "gzip, deflate, br"})
    assert (status, headers.get("content-encoding")) == (200, "br"), headers
    assert headers["cache-control"] == YEAR and "accept-encoding" in headers["vary"].lower()
    assert len(body) < len(plain) / 3
    status, headers, body = get(url, **{"Accept-Encoding": "gzip"})
    assert (status, headers.get("content-encoding")) == (200, "gzip")
    assert gzip.decompress(body) == plain
    status, headers, body = get(url)
    assert (status, headers.get("content-encoding"), body) == (200, None, plain)

    # No source map is served, and the scripts do not point at one.
    assert b"sourceMappingURL" not in plain
    assert not list(DIST.rglob("*.map"))
    assert get(f"{url}.map")[0] == 404

    # The page itself: revalidated every time (it names the current build's assets).
    status, headers, body = get(f"{live_server_url}/", **{"Accept-Encoding": "br"})
    assert status == 200 and "no-cache" in headers["cache-control"]
    assert scripts[0] in body.decode()


def test_the_first_page_needs_under_150_kb_of_compressed_javascript() -> None:
    scripts = first_page_scripts()
    sizes = {name: (DIST / f"{name}.gz").stat().st_size for name in scripts}
    assert sum(sizes.values()) < FIRST_PAGE_JS_BUDGET, sizes
    # The entry and the one chunk it shares with the lazy pages: each script more is a round trip.
    assert len(scripts) <= 2, scripts
    # The editor's YAML library is not among them (one of `yaml`'s error messages).
    for name in scripts:
        assert b"Implicit keys need to be on a single line" not in (DIST / name).read_bytes(), f"{name} carries yaml"


def test_api_json_is_gzipped_unless_another_site_could_send_the_users_cookies(live_server_url: str) -> None:
    url = f"{live_server_url}/api/lessons/"
    status, headers, body = get(url, **{"Accept-Encoding": "gzip, br"})
    assert (status, headers.get("content-encoding")) == (200, "gzip"), headers
    assert gzip.decompress(body).startswith((b"[", b"{"))
    assert get(url)[1].get("content-encoding") is None

    cookies = {"Accept-Encoding": "gzip, br", "Cookie": "sessionid=abc; csrftoken=def"}
    assert get(url, **cookies, **{"Sec-Fetch-Site": "same-origin"})[1].get("content-encoding") == "gzip"
    assert get(url, **cookies, **{"Sec-Fetch-Site": "cross-site"})[1].get("content-encoding") is None
    assert get(url, **cookies)[1].get("content-encoding") is None


def test_the_gallery_data_is_fetched_while_the_bundle_loads_and_reused(page: Page) -> None:
    api: list[str] = []
    page.on("request", lambda r: api.append(r.url) if "/api/" in r.url else None)
    page.goto("/")
    expect(page.get_by_role("button", name=re.compile("^Start lesson")).first).to_be_visible()
    page.wait_for_load_state("networkidle")
    lessons = [u for u in api if u.endswith("/api/lessons/?lang=en")]
    assert len(lessons) == 1, api  # the preload, taken over by the app's fetch
    # Every list the gallery shows was preloaded, and nothing preloaded goes unused.
    paths = sorted({u.removeprefix(page.url.rstrip("/")) for u in api})
    assert paths == sorted(url.format(language="en") for url in GALLERY_DATA), api
    # Only the first page's scripts were loaded (index.html's entry and modulepreloads): no editor, run page or yaml.
    scripts = page.evaluate("performance.getEntriesByType('resource').filter(e => e.name.endsWith('.js')).map(e => e.name)")
    first_page = first_page_scripts()
    assert scripts and all(s.split("/static/", 1)[1] in first_page for s in scripts), (scripts, first_page)
