"""Ratings (issue 24, item 5), on SQLite and PostgreSQL: a finished game between accounts moves
their ratings by OpenSkill's own numbers (Weng-Lin Plackett-Luce, computed here from the
library), a ladder bot is rated against but keeps its fixed rating, and the written policy for
games ended by agreement (RUL-20), by a timeout, or with a guest seat (docs/accounts.md)."""

from __future__ import annotations

import random
import secrets
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from serverkit import bearer, make_client
from test_server_accounts import csrf, register

import onmars
from onmars.server import ratings
from onmars.server.config import Settings
from onmars.server.live import new_token, token_hash
from onmars.server.ratings import Plan, Seat, bot_rating, places, plan
from onmars.server.store import Hints, SeatRow, Store, accounts, rated_games

MODEL = PlackettLuce()


@pytest.fixture
def database(fresh_database: str) -> str:
    """A fresh database for each test, SQLite then PostgreSQL (conftest's ``fresh_database``)."""
    return fresh_database


def finished_game(seed: int = 3) -> onmars.Game:
    """A 2-player game of random moves played to its end (§24)."""
    rng = random.Random(seed)
    game = onmars.Game.new(["Ana", "Ben"], seed=seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def stored(
    database: str, game: onmars.Game, keep: int, bots: list[str | None] | None = None
) -> tuple[str, list[str]]:
    """``game``'s first ``keep`` moves stored as a server stores them; its id and tokens."""
    bots = bots or [None] * len(game.players)
    gid = secrets.token_urlsafe(9)
    tokens = [new_token() for _ in game.players]
    rows = [
        SeatRow(i, name, bot, None if bot else token_hash(tok))
        for i, (name, bot, tok) in enumerate(zip(game.players, bots, tokens, strict=True))
    ]
    part = onmars.Game.replay({**game.log, "moves": game.moves[:keep]})
    movers = [e.seat for e in part.seat_log(None)]
    result = ratings_result(part) if part.is_over else None
    store = Store(Settings(database=database).url())
    try:
        store.migrate()
        hints = Hints(part.current_player, part.is_over, part.round, result)
        store.import_game(gid, part.log, rows, movers, hints)
    finally:
        store.close()
    return gid, tokens


def ratings_result(game: onmars.Game) -> dict[str, Any]:
    return {"scores": game.scores(), "winners": game.winners()}


def account_rating(database: str, name: str) -> tuple[float, float, int]:
    store = Store(Settings(database=database).url())
    try:
        with store.engine.connect() as conn:
            row = conn.execute(
                sa.select(accounts.c.mu, accounts.c.sigma, accounts.c.rated).where(
                    accounts.c.name == name
                )
            ).one()
    finally:
        store.close()
    return row.mu, row.sigma, row.rated


def why_unrated(database: str, gid: str) -> tuple[bool, str] | None:
    store = Store(Settings(database=database).url())
    try:
        with store.engine.connect() as conn:
            row = conn.execute(
                sa.select(rated_games.c.rated, rated_games.c.why).where(
                    rated_games.c.game_id == gid
                )
            ).first()
    finally:
        store.close()
    return (row.rated, row.why) if row else None


def claim_as(client: TestClient, name: str, gid: str, token: str) -> None:
    client.cookies.clear()
    register(client, name)
    r = client.post(
        "/api/account/claim", json={"game_id": gid, "token": token}, headers=csrf(client)
    )
    assert r.status_code == 200, r.text


def expected(game: onmars.Game, before: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """OpenSkill's update for this finished game: the order by total, then tie-breaks (§24.4)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    order = sorted(game.scores(), key=lambda s: (-s["total"], [-v for v in s["tiebreak"]]))
    ranks = [0] * len(order)
    for place, s in enumerate(order):
        same = place and (s["total"], s["tiebreak"]) == (
            order[place - 1]["total"],
            order[place - 1]["tiebreak"],
        )
        ranks[s["seat"]] = ranks[order[place - 1]["seat"]] if same else place
    return [(t[0].mu, t[0].sigma) for t in MODEL.rate(teams, ranks=ranks)]


# --- a game between accounts --------------------------------------------------------------------
def test_the_last_move_of_a_game_between_accounts_rates_it(database: str) -> None:
    game = finished_game()
    last = len(game.moves) - 1
    gid, tokens = stored(database, game, last)
    mover = game.seat_log(None)[last].seat
    assert mover is not None
    with make_client(database) as client:
        claim_as(client, "Ana", gid, tokens[0])
        claim_as(client, "Ben", gid, tokens[1])
        assert why_unrated(database, gid) is None  # not over yet
        r = client.post(
            f"/api/games/{gid}/moves", json={"ply": last, "move": game.moves[last]},
            headers=bearer(tokens[mover]),
        )  # fmt: skip
        assert r.status_code == 200 and r.json()["is_over"], r.text
        for _ in range(200):  # rated in the database threads, just after the move
            if why_unrated(database, gid):
                break
            import time

            time.sleep(0.02)
        assert why_unrated(database, gid) == (True, "rated")
        want = expected(game, [(MODEL.mu, MODEL.sigma)] * 2)
        for seat, name in enumerate(("Ana", "Ben")):
            mu, sigma, rated = account_rating(database, name)
            assert (mu, sigma, rated) == (
                pytest.approx(want[seat][0]),
                pytest.approx(want[seat][1]),
                1,
            )
        winner = game.winners()[0]
        assert want[winner][0] > MODEL.mu > want[1 - winner][0]  # the winner gained
        # the player pages and the leaderboard show it
        page = client.get(f"/api/players/{('Ana', 'Ben')[winner]}").json()
        assert page["rated_games"] == 1 and page["rating"] > 1341
        assert [h["game_id"] for h in page["history"]] == [None, gid]
        assert page["history"][0]["rating"] == 1341  # the prior it started from
        assert page["games"][0]["id"] == gid and page["games"][0]["won"]
        assert page["games"][0]["rating_change"] == page["rating"] - 1341
        assert page["win_rates"] == [{"players": 2, "games": 1, "wins": 1}]
        board = client.get("/api/leaderboard").json()["players"]
        humans = [e["name"] for e in board if not e["bot"]]
        assert humans == [("Ana", "Ben")[winner], ("Ana", "Ben")[1 - winner]]
        assert client.get("/api/players/nobody").status_code == 404
    # rated once: a restart (which rates games left unrated) changes nothing
    with make_client(database):
        pass
    assert account_rating(database, "Ana")[2] == 1


def test_a_game_against_a_ladder_bot_counts_and_the_bot_keeps_its_rating(database: str) -> None:
    game = finished_game(seed=5)
    gid, tokens = stored(database, game, len(game.moves), bots=[None, "greedy"])
    with make_client(database) as client:
        claim_as(client, "Ana", gid, tokens[0])
        store = Store(Settings(database=database).url())
        try:
            assert ratings.rate_game(store, gid) == Plan("rated", places(game.scores()))
            assert ratings.rate_game(store, gid) is None  # once only
        finally:
            store.close()
        greedy = bot_rating("greedy")
        assert greedy is not None and ratings.to_elo(greedy[0]) == pytest.approx(1446)
        want = expected(game, [(MODEL.mu, MODEL.sigma), greedy])
        mu, sigma, rated = account_rating(database, "Ana")
        assert (mu, sigma, rated) == (pytest.approx(want[0][0]), pytest.approx(want[0][1]), 1)
        board = {e["name"]: e for e in client.get("/api/leaderboard").json()["players"]}
        assert board["greedy"]["bot"] and board["greedy"]["rating"] == 1446  # fixed
        medium = round(ratings.BOT_ELO["medium"][0])  # the ladder's, as the server shows it
        assert board["medium"]["rating"] == medium and board["random"]["rating"] == 1000


# --- the policy -----------------------------------------------------------------------------------
def test_a_game_ended_by_agreement_is_rated_on_its_scores_as_they_stood(database: str) -> None:
    """RUL-20: every human seat agreed; the recorded result (the final scoring of the position
    at the agreement) is what is rated. In its first round: an abandoned start, not rated."""
    rng = random.Random(11)
    game = onmars.Game.new(["Ana", "Ben"], seed=11)
    while game.round < 3:
        game.play(rng.choice(game.legal_moves()))
    early = onmars.Game.new(["Ana", "Ben"], seed=12)
    gid, tokens = stored(database, game, len(game.moves))
    early_id, early_tokens = stored(database, early, 0)
    with make_client(database) as client:
        for g, toks in ((gid, tokens), (early_id, early_tokens)):
            claim_as(client, f"Ana{g[:4]}", g, toks[0])
            claim_as(client, f"Ben{g[:4]}", g, toks[1])
            for tok in toks:
                r = client.post(
                    f"/api/games/{g}/conclude", json={"agree": True}, headers=bearer(tok)
                )
                assert r.status_code == 200, r.text
        for _ in range(200):
            if why_unrated(database, gid) and why_unrated(database, early_id):
                break
            import time

            time.sleep(0.02)
        assert why_unrated(database, gid) == (True, "rated")
        assert why_unrated(database, early_id) == (False, "abandoned at the start")
    game.conclude()
    want = expected(game, [(MODEL.mu, MODEL.sigma)] * 2)
    assert account_rating(database, f"Ana{gid[:4]}")[:2] == (
        pytest.approx(want[0][0]),
        pytest.approx(want[0][1]),
    )
    assert account_rating(database, f"Ana{early_id[:4]}")[2] == 0


def test_a_guest_seat_or_an_unknown_ending_leaves_a_game_unrated(database: str) -> None:
    game = finished_game(seed=5)
    gid, tokens = stored(database, game, len(game.moves))
    with make_client(database) as client:
        claim_as(client, "Ana", gid, tokens[0])  # Ben stays a guest
    store = Store(Settings(database=database).url())
    try:
        assert ratings.rate_game(store, gid) == Plan("guest seat")
    finally:
        store.close()
    assert account_rating(database, "Ana")[2] == 0


SCORES = [
    {"seat": 0, "total": 90, "tiebreak": [1, 0, 3]},
    {"seat": 1, "total": 70, "tiebreak": [0, 0, 0]},
    {"seat": 2, "total": 90, "tiebreak": [1, 0, 3]},
    {"seat": 3, "total": 90, "tiebreak": [2, 0, 0]},
]
ACCOUNTS = [Seat(0, 1, None), Seat(1, 2, None), Seat(2, 3, None), Seat(3, None, "medium")]


def test_places_follow_the_final_scoring_and_its_tie_breaks() -> None:
    """§24.4: total, then Crystals, Advanced Buildings, Progress cubes; equals share a place."""
    assert places(SCORES) == [1, 3, 1, 0]


def test_a_seat_absent_at_the_end_is_placed_last() -> None:
    """A seat whose time ran out and that its player never took back (the clocks' ``absent``)
    comes last, played out or ended by agreement; a game without absent seats by the scores."""
    result = {"scores": SCORES, "winners": [3]}
    assert plan(ACCOUNTS, None, 20, result, absent={3}) == Plan("rated", [0, 2, 0, 3])
    assert plan(ACCOUNTS, "agreement", 20, result, absent=[3]) == Plan("rated", [0, 2, 0, 3])
    assert plan(ACCOUNTS, None, 20, result) == Plan("rated", [1, 3, 1, 0])
    assert plan(ACCOUNTS, "timeout", 20, result) == Plan("ended: timeout")  # no such ending
    assert plan(ACCOUNTS, "abandoned", 20, result) == Plan("ended: abandoned")
    assert plan(ACCOUNTS, None, 20, None) == Plan("no result")
    two_seats = [Seat(0, 1, None), Seat(1, 1, None), *ACCOUNTS[2:]]
    assert plan(two_seats, None, 20, result) == Plan("one account, two seats")
    off_ladder = [*ACCOUNTS[:3], Seat(3, None, "search:200sims")]
    assert plan(off_ladder, None, 20, result) == Plan("bot not on the ladder")
