"""The hot path of a move (issue 27.4, onmars.server.fastpath): a move in the common case is
answered without the framework's layers, and what the client receives is the same whichever
path answered: the same state, the same refusals, the same headers."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from serverkit import bearer, new_game

from onmars.server.deps import server_of

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
#: A query the hot path leaves to the framework (a parameter it does not read): the same
#: request, answered by the whole app.
FRAMEWORK = {"via": "framework"}


def post(client: TestClient, gid: str, token: str | None, body: Any, **params: str) -> Any:
    return client.post(f"/api/games/{gid}/moves", json=body, headers=bearer(token), params=params)


def turn(client: TestClient, gid: str, tokens: list[str | None]) -> tuple[int, dict[str, Any]]:
    seat = client.get(f"/api/games/{gid}").json()["current_player"]
    return seat, client.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).json()


def test_a_move_is_answered_on_the_hot_path_with_the_state_a_get_gives(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    server = server_of(client)
    for via in ({}, FRAMEWORK, {"lang": "zh"}, {**FRAMEWORK, "lang": "zh"}):
        before = server.fast_moves
        seat, state = turn(client, gid, tokens)
        text = state["legal_moves"][0]["move"]
        r = post(client, gid, tokens[seat], {"ply": state["ply"], "move": text}, **via)
        assert r.status_code == 200, r.text
        assert server.fast_moves == before + (0 if "via" in via else 1)
        assert r.headers["x-frame-options"] == "DENY" and "move;dur=" in r.headers["server-timing"]
        lang = {"lang": via["lang"]} if "lang" in via else {}
        again = client.get(
            f"/api/games/{gid}",
            headers=bearer(tokens[seat]),
            params={"since": state["ply"], **lang},
        )
        assert r.content == again.content, "the answer is the state a GET gives"


def test_refusals_are_the_same_on_both_paths(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    cases = [
        (tokens[seat], {"ply": state["ply"] + 5, "move": "end"}),  # 409: not the current ply
        (tokens[1 - seat], {"ply": state["ply"], "move": "end"}),  # 403: not your turn
        (tokens[seat], {"ply": state["ply"], "move": "build 99,99"}),  # 422: the rules refuse
        (tokens[seat], {"ply": state["ply"], "move": "x" * 300}),  # 422: the model refuses
        (tokens[seat], {"ply": state["ply"]}),  # 422: neither move nor moves
        ("not-a-seat", {"ply": state["ply"], "move": "end"}),  # 401
        (None, {"ply": state["ply"], "move": "end"}),  # 401: no token
    ]
    for token, body in cases:
        for lang in ("en", "zh"):
            fast = post(client, gid, token, body, lang=lang)
            slow = post(client, gid, token, body, lang=lang, **FRAMEWORK)
            assert fast.status_code == slow.status_code >= 400, (body, fast.text)
            assert fast.json() == slow.json(), (body, fast.text, slow.text)
            assert (
                fast.headers["content-security-policy"] == slow.headers["content-security-policy"]
            )
    assert client.get(f"/api/games/{gid}").json()["ply"] == state["ply"], "nothing was played"


def test_an_unknown_game_and_a_gzip_client(client: TestClient) -> None:
    r = post(client, "nosuchgame", "tok", {"ply": 0, "move": "end"})
    assert r.status_code in (401, 404)
    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    text = state["legal_moves"][0]["move"]
    r = client.post(
        f"/api/games/{gid}/moves",
        json={"ply": state["ply"], "move": text},
        headers={**bearer(tokens[seat]), "Accept-Encoding": "gzip"},
    )
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
    assert r.json()["ply"] == state["ply"] + 1


# --- attacks: each answered as the whole app answers it, nothing played -----------------------
def both(client: TestClient, gid: str, body: Any, **kwargs: Any) -> tuple[Any, Any]:
    """The same request on the hot path and through the framework."""
    url = f"/api/games/{gid}/moves"
    return client.post(url, **body, **kwargs), client.post(url, params=FRAMEWORK, **body, **kwargs)


def same(fast: Any, slow: Any) -> None:
    assert fast.status_code == slow.status_code >= 400, (fast.text, slow.text)
    assert fast.json() == slow.json(), (fast.text, slow.text)
    assert fast.headers["x-frame-options"] == slow.headers["x-frame-options"] == "DENY"
    assert "Traceback" not in fast.text


def test_a_token_of_another_game_or_a_cookie_never_moves(client: TestClient) -> None:
    from test_server_accounts import csrf
    from test_server_ratings import claim_as

    gid, tokens = new_game(client, HUMANS)
    other, theirs = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    body = {"json": {"ply": state["ply"], "move": state["legal_moves"][0]["move"]}}
    before = server_of(client).fast_moves
    same(*both(client, gid, body, headers=bearer(theirs[seat])))  # 401: a seat of another game
    # an account that holds the seat: its session cookie, with or without the CSRF token and
    # from another site or this one, is no seat token (moves need Authorization: Bearer)
    claim_as(client, "Ana", gid, tokens[seat])
    for headers in ({}, {"Origin": "https://evil.example"}, csrf(client)):
        fast, slow = both(client, gid, body, headers=headers)
        same(fast, slow)
        assert fast.status_code == 401
    assert server_of(client).fast_moves == before
    assert client.get(f"/api/games/{gid}").json()["ply"] == state["ply"], "nothing was played"


def test_two_authorization_headers_are_read_as_the_framework_reads_them(
    client: TestClient,
) -> None:
    """The first Authorization header is the one read (Starlette's), on either path: a seat
    that does not decide cannot move by sending the deciding seat's token second."""
    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    body = {"json": {"ply": state["ply"], "move": state["legal_moves"][0]["move"]}}
    headers = [("authorization", f"Bearer {tokens[1 - seat]}")]
    headers.append(("authorization", f"Bearer {tokens[seat]}"))
    fast, slow = both(client, gid, body, headers=headers)
    same(fast, slow)
    assert fast.status_code == 403
    assert client.get(f"/api/games/{gid}").json()["ply"] == state["ply"]


def test_oversized_and_malformed_bodies(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    auth = {**bearer(tokens[seat]), "content-type": "application/json"}
    limit = server_of(client).settings.max_body
    big = b'{"ply": %d, "move": "end", "pad": "%s"}' % (state["ply"], b"x" * limit)
    fast, slow = both(client, gid, {"content": big}, headers=auth)
    same(fast, slow)
    assert fast.status_code == 413
    for bad in (b"{", b"[]", b'{"ply": "zero", "move": "end"}', b"\xff\xfe", b"null",
                b'{"ply": 0, "move": "end", "extra": 1}'):  # fmt: skip
        fast, slow = both(client, gid, {"content": bad}, headers=auth)
        same(fast, slow)
        assert fast.status_code == 422, bad
    assert client.get(f"/api/games/{gid}").json()["ply"] == state["ply"]


def test_concurrent_moves_at_one_ply_play_once(client: TestClient) -> None:
    """The compare-and-set: moves sent at once for the same ply, one is played, the others
    are refused (409: someone moved first) and nothing is played twice."""
    from concurrent.futures import ThreadPoolExecutor

    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    texts = [m["move"] for m in state["legal_moves"]][:4]
    with ThreadPoolExecutor(len(texts)) as pool:
        answers = list(
            pool.map(
                lambda t: post(client, gid, tokens[seat], {"ply": state["ply"], "move": t}), texts
            )  # fmt: skip
        )
    codes = sorted(r.status_code for r in answers)
    assert codes.count(200) == 1 and set(codes) <= {200, 403, 409}, [r.text for r in answers]
    assert client.get(f"/api/games/{gid}").json()["ply"] == state["ply"] + 1


def test_a_move_in_a_finished_game_is_refused(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    for token in tokens:
        r = client.post(f"/api/games/{gid}/conclude", headers=bearer(token))
        assert r.status_code == 200, r.text
    assert r.json()["is_over"]
    body = {"json": {"ply": r.json()["ply"], "move": state["legal_moves"][0]["move"]}}
    fast, slow = both(client, gid, body, headers=bearer(tokens[seat]))
    same(fast, slow)
    assert fast.status_code in (403, 409)


def test_a_crash_answers_500_without_a_trace(client: TestClient, monkeypatch: Any) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    hub = server_of(client).hub
    assert hub is not None

    async def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError(f"engine failed for {tokens[seat]}")

    monkeypatch.setattr(hub, "play", broken)
    body = {"json": {"ply": state["ply"], "move": state["legal_moves"][0]["move"]}}
    plain = TestClient(client.app, raise_server_exceptions=False)  # the same running app
    fast, slow = both(plain, gid, body, headers=bearer(tokens[seat]))
    same(fast, slow)
    assert fast.status_code == 500 and "engine failed" not in fast.text
    assert str(tokens[seat]) not in fast.text


def test_the_rate_limit_holds_on_the_hot_path(database: str) -> None:
    from serverkit import make_client

    with make_client(database, rate=0.001, burst=3) as client:
        gid, tokens = new_game(client, HUMANS)
        seat = client.get(f"/api/games/{gid}").json()["current_player"]
        codes = [post(client, gid, tokens[seat], {"ply": 99, "move": "end"}).status_code
                 for _ in range(6)]  # fmt: skip
        # the first counts against the address; the token, proven, has a budget of its own
        assert codes[:4] == [409] * 4 and codes[4:] == [429, 429], codes


def test_described_moves_never_reach_another_seat_and_lang_is_checked(
    client: TestClient,
) -> None:
    """GET /moves is cached per version and language: the deciding seat's moves, worked out
    and kept, are never another seat's or a spectator's answer (RUL-18)."""
    gid, tokens = new_game(client, HUMANS)
    seat, _ = turn(client, gid, tokens)
    for lang in ("en", "zh"):
        mine = client.get(f"/api/games/{gid}/moves?lang={lang}", headers=bearer(tokens[seat]))
        assert mine.json()["legal_moves"]
        for token in (tokens[1 - seat], None):
            theirs = client.get(f"/api/games/{gid}/moves?lang={lang}", headers=bearer(token))
            assert theirs.json()["legal_moves"] == theirs.json()["sequences"] == []
    for bad in ("fr", "en&lang=zh", "../en", "x" * 200):
        r = client.get(
            f"/api/games/{gid}/moves", params={"lang": bad}, headers=bearer(tokens[seat])
        )
        assert r.status_code == 422, bad
