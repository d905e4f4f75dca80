"""The server serves the browser client (issue 12): the page at ``/`` and at the game paths,
the hashed assets cached for a year, gzip for clients that accept it, and a page saying how to
build the client when the bundle is missing. A bundle of our own stands in for the real one."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverkit import FAST, new_game

from onmars.server import app as server_app
from onmars.server.config import Settings

PAGE = '<!doctype html><title>On Mars</title><script type="module" src="/assets/main-Ab12.js">'
SCRIPT = "console.log('On Mars');\n" * 200  # over 1 KB: worth compressing


def serve(folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.setattr(server_app, "STATIC", folder)
    settings = Settings(database=f"sqlite:///{tmp_path / 'games.sqlite3'}", **FAST)
    return TestClient(server_app.create_app(settings))


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    folder = tmp_path / "static"
    (folder / "assets").mkdir(parents=True)
    (folder / "index.html").write_text(PAGE)
    (folder / "assets" / "main-Ab12.js").write_text(SCRIPT)
    (folder / "favicon.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    return folder


@pytest.fixture
def client(bundle: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    with serve(bundle, tmp_path, monkeypatch) as c:
        yield c


def test_every_page_of_the_client_is_its_one_page(client: TestClient) -> None:
    gid, tokens = new_game(client, [{"name": "Ana"}, {"name": "Ben"}])
    for url in ("/", f"/play/{gid}#token={tokens[0]}", f"/watch/{gid}", f"/replay/{gid}"):
        r = client.get(url)
        assert r.status_code == 200 and r.text == PAGE, url
        assert r.headers["content-type"].startswith("text/html")
        assert r.headers["cache-control"] == "no-cache"  # a new build shows at the next visit
        # the seat's token is in the address: no page sends it on as a referrer
        assert r.headers["referrer-policy"] == "no-referrer"
    assert client.get("/play/no%20such").status_code == 422


def test_assets_are_cached_for_a_year_and_compressed(client: TestClient) -> None:
    r = client.get("/assets/main-Ab12.js", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.text == SCRIPT
    assert r.headers["content-encoding"] == "gzip"
    assert "max-age=31536000" in r.headers["cache-control"]
    assert "immutable" in r.headers["cache-control"]
    plain = client.get("/assets/main-Ab12.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text == SCRIPT
    assert client.get("/assets/other-Zz99.js").status_code == 404
    assert client.get("/assets/../index.html").status_code == 404
    assert client.get("/favicon.svg").status_code == 200
    assert client.get("/index.html").status_code == 404


def test_the_api_answers_are_compressed_too(client: TestClient) -> None:
    gid, _ = new_game(client, [{"name": "Ana"}, {"name": "Ben"}])
    r = client.get(f"/api/games/{gid}", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
    assert r.json()["id"] == gid


def test_without_a_bundle_the_page_says_how_to_build_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with serve(tmp_path / "nothing", tmp_path, monkeypatch) as client:
        r = client.get("/")
        assert r.status_code == 200 and "npm run build" in r.text
        assert "npm run build" in client.get("/watch/abc").text
        assert client.get("/assets/main-Ab12.js").status_code == 404
        assert client.get("/api/health").json()["ok"]


def test_the_shipped_bundle_loads_at_most_300_kb_of_compressed_script() -> None:
    """Issue 12: the first load is at most 300 KB of script, gzip-compressed as served."""
    page = server_app.STATIC / "index.html"
    if not page.is_file():
        pytest.skip("no bundle built in this copy (cd web && npm ci && npm run build)")
    scripts = re.findall(r'src="/assets/([^"]+\.js)"', page.read_text())
    assert scripts, "the page loads its script from /assets"
    assets = server_app.STATIC / "assets"
    loaded = set(scripts) | {p.name for p in assets.glob("*.js")}  # imports of the entry too
    size = sum(len(gzip.compress((assets / name).read_bytes(), 6)) for name in loaded)
    assert size <= 300 * 1024, f"{size} bytes of compressed script"


def test_the_clients_schema_is_the_servers() -> None:
    """Issue 22.3: the browser client's protocol types are generated from the server's OpenAPI
    schema, committed as web/openapi.json; a change to the server's models fails here (and in CI,
    which also regenerates web/src/protocol.d.ts) until scripts/gen_types.sh is run again."""
    committed = Path(__file__).resolve().parents[1] / "web" / "openapi.json"
    if not committed.is_file():
        pytest.skip("no web/ in this copy")
    served = server_app.create_app().openapi()
    assert json.loads(committed.read_text(encoding="utf-8")) == served, (
        "web/openapi.json is stale: run scripts/gen_types.sh and commit its output"
    )
