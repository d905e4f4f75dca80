"""Two servers on one database (onmars.server.live, ``Hub._refresh``): one catches up with the
other's moves as they were stored when it looked, and never answers a version of the game with
a state that is not that version's: its moves, and its clocks (issue 24.3).

Both servers run in this process (two apps on one database file), so the race is made exactly:
a move is stored by the other server between the catching-up server's two reads.
"""

from __future__ import annotations

import json
from typing import Any

from serverkit import bearer, make_client, state, wait_for

from onmars.server.deps import server_of

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
DAY = {"mode": "move", "seconds": 86400, "policy": "bot", "bot": "random"}


def hub(client: Any) -> Any:
    return server_of(client).hub


def create(client: Any, **clock: Any) -> tuple[str, list[str]]:
    body: dict[str, Any] = {"players": HUMANS}
    if clock:
        body["clock"] = clock
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def move_on(client: Any, gid: str, tokens: list[str]) -> dict[str, Any]:
    """The seat deciding now plays its first legal move."""
    st = state(client, gid)
    seat = st["current_player"]
    mine = state(client, gid, tokens[seat])
    r = client.post(
        f"/api/games/{gid}/moves",
        json={"ply": mine["ply"], "move": mine["legal_moves"][0]["move"]},
        headers=bearer(tokens[seat]),
    )
    assert r.status_code == 200, r.text
    return r.json()


def watch_catch_ups(client: Any, gid: str) -> list[dict[str, Any]]:
    """Server ``client``'s answer for a spectator taken as each catch-up with the other
    server's moves is played (the version has just moved on; answers are kept per version)."""
    target = hub(client)
    engine = target.engine
    seen: list[dict[str, Any]] = []

    async def engine_then_ask(live: Any, fn: Any, *args: Any, **kw: Any) -> Any:
        done = await engine(live, fn, *args, **kw)
        if getattr(fn, "__name__", "") == "_caught_up" and live.id == gid:
            seen.append(json.loads(await target.seen_json(live, None)))
        return done

    target.engine = engine_then_ask
    return seen


def test_a_catch_up_plays_the_moves_its_head_counted_and_no_more(database: str) -> None:
    """Server b reads the game's head (one move more than it has), then its moves; server a
    stores another move in between. b must play one move and take the head's version, so its
    version and ply agree, and the next catch-up brings the move it left."""
    with make_client(database) as a, make_client(database) as b:
        gid, tokens = create(a)
        assert state(b, gid)["ply"] == 0  # b holds the game
        store = hub(b).store
        read = store.moves_from
        raced = []

        def moves_from(game_id: str, ply: int) -> list[str]:
            if not raced:  # a moves again after b read the head
                raced.append(move_on(a, gid, tokens)["ply"])
            return read(game_id, ply)

        store.moves_from = moves_from
        caught_up = watch_catch_ups(b, gid)
        move_on(a, gid, tokens)
        wait_for(lambda: state(b, gid)["ply"] == 2)  # PostgreSQL: notified; SQLite: asked
        assert raced == [2]
        assert caught_up[0]["ply"] == caught_up[0]["version"] == 1, "what its head counted"
        assert [(c["ply"], c["version"]) for c in caught_up] == [(1, 1), (2, 2)]
        assert state(b, gid)["view"] == state(a, gid)["view"]


def test_a_catch_up_never_keeps_an_answer_with_the_clocks_of_an_older_version(
    database: str,
) -> None:
    """Server b catches up with the moves of server a that handed the clock to the other seat;
    an answer asked for while b plays them (the version already moved on) must show the clock
    of that version, not the one before (answers are kept per version, so it would be kept)."""
    with make_client(database) as a, make_client(database) as b:
        gid, tokens = create(a, **DAY)
        first = state(b, gid)["clock"]["seat"]
        caught_up = watch_catch_ups(b, gid)
        moved = move_on(a, gid, tokens)
        while moved["clock"]["seat"] == first:  # the plies of one turn are one decision
            moved = move_on(a, gid, tokens)
        wait_for(lambda: state(b, gid)["version"] == moved["version"])
        assert caught_up, "b caught up by playing a's moves"
        for seen in caught_up:
            assert seen["clock"]["seat"] == seen["current_player"], "the version's own clock"
        assert caught_up[-1]["clock"] == moved["clock"]
