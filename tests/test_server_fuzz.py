"""Fuzzing the server: schemathesis generates requests from the OpenAPI schema (on a real game
and a seat's token as often as not); hypothesis throws move texts at a game. No request may get
a 5xx, every refusal is a 4xx that says why, and refused input changes nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serverkit import FAST, ServerProcess, bearer, new_game

from onmars.server.app import create_app
from onmars.server.config import Settings

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    proc = ServerProcess(
        folder / "serve.log", "--database", f"sqlite:///{folder / 'fuzz.sqlite3'}"
    ).start()
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture(scope="module")
def game(server: ServerProcess) -> tuple[str, list[str]]:
    r = httpx.post(
        f"{server.base}/api/games",
        json={"players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "R", "bot": "random"}]},
    )
    return r.json()["id"], [s["token"] for s in r.json()["seats"] if s["token"]]


@pytest.fixture(scope="module")
def api_schema(server: ServerProcess) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_url(f"{server.base}/openapi.json")


def test_no_generated_request_gets_a_server_error(
    api_schema: schemathesis.BaseSchema, server: ServerProcess, game: tuple[str, list[str]]
) -> None:
    """Requests generated from every operation of the OpenAPI schema (schemathesis); the
    game's seats never vote to conclude it, so that moves keep being tried on it."""
    gid, tokens = game
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 6

    @given(case=st.one_of([op.as_strategy() for op in operations]), pick=st.randoms())
    @settings(
        max_examples=300,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
    )
    def check(case: schemathesis.Case, pick: random.Random) -> None:
        real = case.path_parameters and "game_id" in case.path_parameters
        if real and not case.path.endswith("/conclude") and pick.random() < 0.6:
            case.path_parameters["game_id"] = gid
        if pick.random() < 0.6:
            case.headers = {**(case.headers or {}), **bearer(pick.choice(tokens))}
        response = case.call(base_url=server.base, timeout=10)
        assert response.status_code < 500, (case.method, case.formatted_path, response.text)
        if response.status_code >= 400:
            assert response.json()["detail"], response.text

    check()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("moves")
    app = create_app(Settings(database=f"sqlite:///{folder / 'g.sqlite3'}", **FAST))
    with TestClient(app) as c:
        yield c


@given(text=st.one_of(st.text(max_size=60), st.from_regex(r"[a-z]+( [0-9a-zA-Z,_-]{1,8}){0,3}")))
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_move_text_breaks_the_server(client: TestClient, text: str) -> None:
    gid, tokens = getattr(client, "fuzz_game", (None, None))
    if gid is None:
        gid, tokens = new_game(client, [{"name": "Ana"}, {"name": "Ben"}])
        client.fuzz_game = (gid, tokens)  # type: ignore[attr-defined]
    spectator = client.get(f"/api/games/{gid}").json()
    seat, ply = spectator["current_player"], spectator["ply"]
    legal = {
        m["move"]
        for m in client.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).json()["legal_moves"]
    }
    r = client.post(
        f"/api/games/{gid}/moves", json={"ply": ply, "move": text}, headers=bearer(tokens[seat])
    )
    if r.status_code == 200:
        assert text.strip() in legal or r.json()["ply"] == ply + 1
    else:
        assert r.status_code in (422,), r.text
        assert r.json()["detail"]
        assert client.get(f"/api/games/{gid}").json()["ply"] == ply
