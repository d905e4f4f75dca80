"""The protocol's declared shapes (issue 22.1): real answers of every endpoint and the WebSocket,
from a game played through the API against a bot, validate against the models of
onmars.server.protocol (closed shapes refuse unknown fields), and the OpenAPI schema describes
every answer and message."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, ValidationError
from serverkit import bearer, new_game

from onmars.server import protocol as p
from onmars.server.app import create_app
from onmars.server.config import Settings


def state(client: TestClient, gid: str, token: str | None, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=bearer(token), params=params)
    assert r.status_code == 200, r.text
    p.GameState.model_validate(r.json())
    return r.json()


def my_turn(client: TestClient, gid: str, token: str) -> dict[str, Any]:
    """The state once the bot has moved and the human seat decides (or the game is over)."""
    for _ in range(400):
        seen = state(client, gid, token, lang="zh")
        if seen["legal_moves"] or seen["is_over"]:
            return seen
        time.sleep(0.01)
    raise AssertionError("the bot never moved")


def test_every_answer_validates_against_its_model(client: TestClient) -> None:
    gid, (token, _) = new_game(client, [{"name": "Ana"}, {"name": "Robo", "bot": "random"}])
    rng = random.Random(4)
    with client.websocket_connect(f"/api/games/{gid}/ws?lang=en") as ws:
        ws.send_text(json.dumps(p.WsToken(token=token).model_dump()))
        pushed = p.WsServerMessage.model_validate_json(ws.receive_text()).root
        assert isinstance(pushed, p.GameState) and pushed.seat == 0
        ws.send_text('"ping"')
        assert p.WsServerMessage.model_validate_json(ws.receive_text()).root == p.WsPong()
    checked = 0
    while checked < 12:
        seen = my_turn(client, gid, token)
        if seen["is_over"]:
            break
        decision = p.PendingDecision.model_validate(seen["decision"])
        assert decision.seat == seen["seat"] == 0 and decision.prompt
        for legal in seen["legal_moves"]:
            assert legal["step"] == decision.step
            # the notation is the verb and its arguments: a client never parses it
            words = [legal["verb"], *(str(a["value"]) for a in legal["args"])]
            assert " ".join(words) == legal["move"]
        choice = rng.choice(seen["legal_moves"])["move"]
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"ply": seen["ply"], "move": choice},
            headers=bearer(token),
        )
        assert r.status_code == 200, r.text
        p.GameState.model_validate(r.json())
        checked += 1
    assert checked > 0
    bot = state(client, gid, None)  # a spectator: no legal moves, other seats' secrets counted
    assert bot["legal_moves"] == [] and isinstance(bot["view"]["players"][0]["goals"], int)

    # an undo (granted, or refused after a move that turned something up: RUL-19), a resume
    # of a game that is not held (409)
    undo = client.post(f"/api/games/{gid}/undo", headers=bearer(token))
    model = p.GameState if undo.status_code == 200 else p.Problem
    model.model_validate(undo.json())
    held = client.post(f"/api/games/{gid}/resume", headers=bearer(token))
    assert held.status_code == 409 and p.Problem.model_validate(held.json()).ply is not None

    # errors: a refusal, an invalid body, an unknown game
    bad = client.post(
        f"/api/games/{gid}/moves", json={"ply": 0, "move": "fly"}, headers=bearer(token)
    )
    assert bad.status_code in (409, 422) and p.Problem.model_validate(bad.json()).detail
    invalid = client.post(f"/api/games/{gid}/moves", json={"ply": -1}, headers=bearer(token))
    assert invalid.status_code == 422 and p.Problem.model_validate(invalid.json()).errors
    assert p.Problem.model_validate(client.get("/api/games/nothing").json()).lang == "en"

    # the end by agreement (the only human seat votes), then the replay and the record
    r = client.post(f"/api/games/{gid}/conclude", json={"agree": True}, headers=bearer(token))
    over = p.GameState.model_validate(r.json())
    assert over.is_over and over.decision is None and over.scores and over.view.revealed
    total = over.ply
    replay = client.get(f"/api/games/{gid}/replay", params={"ply": total // 2})
    assert p.ReplayState.model_validate(replay.json()).view.revealed is not None
    record = p.GameRecordOut.model_validate(client.get(f"/api/games/{gid}/record").json())
    assert len(record.moves) == total and record.result is not None

    # the lobby, the bots, the catalog, the health
    assert gid in {g.id for g in p.GameList.model_validate(client.get("/api/games").json()).games}
    assert p.BotList.model_validate(client.get("/api/bots").json()).bots
    assert p.Catalog.model_validate(client.get("/api/catalog?lang=zh").json()).blueprint
    assert p.Health.model_validate(client.get("/api/health").json()).ok


def test_a_socket_error_is_a_declared_message(client: TestClient) -> None:
    gid, _ = new_game(client, [{"name": "Ana"}, {"name": "Ben"}])
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text(json.dumps({"token": "made-up"}))
        error = p.WsServerMessage.model_validate_json(ws.receive_text()).root
    assert isinstance(error, p.WsError) and error.status == 401


def test_closed_models_refuse_unknown_fields() -> None:
    """extra="forbid": an answer that grew a field the schema does not declare fails here."""
    with pytest.raises(ValidationError):
        p.PendingDecision.model_validate(
            {"seat": 0, "step": "turn", "prompt": "x", "rule": "§5", "secret": 1}
        )
    with pytest.raises(ValidationError):
        p.WsClientMessage.model_validate("pong")


def test_the_schema_describes_every_answer_and_message(tmp_path: Any) -> None:
    app = create_app(Settings(database=str(tmp_path / "db.sqlite"), migrate=False))
    schema = app.openapi()
    names = set(schema["components"]["schemas"])
    declared = [
        m
        for m in vars(p).values()
        if isinstance(m, type)
        and issubclass(m, BaseModel)
        and m.__module__ == p.__name__
        and "[" not in m.__name__  # pydantic's parametrized RootModel bases
    ]
    # every model of the protocol (some under FastAPI's -Input/-Output names)
    missing = [
        m.__name__
        for m in declared
        if m is not p.Closed and not {m.__name__, f"{m.__name__}-Output"} & names
    ]
    assert not missing, missing
    for message in ("WsToken", "WsPing", "WsPong", "WsError", "WsServerMessage"):
        assert message in names
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            for status, answer in operation["responses"].items():
                body = answer.get("content", {}).get("application/json", {}).get("schema")
                assert body and body != {}, f"{method} {path} {status} declares no model"
                assert "$ref" in json.dumps(body), f"{method} {path} {status}: {body}"
