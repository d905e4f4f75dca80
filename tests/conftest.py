"""Helpers shared by the engine tests: open a game, arrange a position, play and check moves.

Rule ids in test docstrings: §n = /work/shared/rules/rules.md, RUL-n = rulings.md, "seed n" =
item n of the Chinese seed digest (the highest authority).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from serverkit import Inbox, PushEndpoint, free_port, make_client, mars_login, postgres_database
from webfixtures import api, page, server, tab  # noqa: F401 - the browser tests' fixtures

import onmars
from onmars.rules.actions import economy
from onmars.rules.data import hexmap
from onmars.rules.position import arrange


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    """A fresh PostgreSQL database for the module (skipped without one; see serverkit)."""
    yield from postgres_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The server tests' database URL: SQLite, then PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    return request.getfixturevalue("postgres")


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """SQLite, then PostgreSQL: a fresh database for each test (user names are unique), for
    the account tests to use as their ``database``."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.sqlite3'}"
    else:
        yield from postgres_database()


@pytest.fixture
def client(database: str) -> Iterator[Any]:
    """A TestClient of the server on ``database`` (limits high: see serverkit.FAST)."""
    with make_client(database) as c:
        yield c


# --- a local SMTP server and a local push endpoint (tests/test_server_notify.py, e2e) ---
@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=port,
        authenticator=mars_login,
        auth_require_tls=False,  # loopback, in a test: no certificate to offer
    )
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


@pytest.fixture
def endpoint() -> Iterator[PushEndpoint]:
    service = PushEndpoint()
    try:
        yield service
    finally:
        service.close()


#: Frames that hold an optional Turn Order bonus (RUL-2); ``done`` declines them.
BONUS_FRAMES = ("warehouse", "blueprint", "learn", "ship", "move_bots")


def legal(game: onmars.Game) -> set[str]:
    """The legal moves of the position, as notation text."""
    return {str(m) for m in game.legal_moves()}


def frame(game: onmars.Game) -> dict:
    """The decision pending now (top of the engine's stack)."""
    return game.state.stack[-1]


def play(game: onmars.Game, *moves: str) -> None:
    """Play a script of moves, failing with the engine's reason if one is refused."""
    for text in moves:
        try:
            game.play(text)
        except onmars.IllegalMoveError as exc:  # pragma: no cover - shown on failure only
            pytest.fail(f"{text!r} refused: {exc}; legal: {sorted(legal(game))}")


def decline_bonus(game: onmars.Game, seat: int) -> None:
    """Skip an optional Turn Order bonus that ``seat`` is being offered (RUL-2); space 5's
    Colonist is taken, as rules version 1 did."""
    while (
        not game.is_over
        and game.current_player == seat
        and frame(game)["t"] == "colonist_bonus"
        and "gain colonist" in legal(game)
    ):
        game.play("gain colonist")
    while (
        not game.is_over
        and game.current_player == seat
        and frame(game)["t"] in BONUS_FRAMES
        and "done" in legal(game)
    ):
        game.play("done")


def opening(
    game: onmars.Game, spaces: Mapping[int, int], shuttle: str = "orbit", bonus: bool = False
) -> onmars.Game:
    """Play the opening picks (§3.5): seat -> Turn Order space, bonuses declined unless
    ``bonus``; then the player on the highest space puts the Shuttle on ``shuttle``."""
    for _ in range(game.state.n):
        seat = game.current_player
        assert frame(game)["t"] == "seat", frame(game)
        play(game, f"seat {spaces[seat]}")
        if not bonus:
            decline_bonus(game, seat)
    assert frame(game)["t"] == "shuttle_side", frame(game)
    play(game, f"shuttle {shuttle}")
    return game


#: Default opening spaces: seat 0 on space 1, seat 1 on 2, ... all on the Orbit side.
ORBIT = {0: 1, 1: 2, 2: 3, 3: 4}


def started(
    players: int = 3,
    seed: int = 1,
    spaces: Mapping[int, int] | None = None,
    shuttle: str = "orbit",
    length: str = "short",
) -> onmars.Game:
    """A game at the first turn of round 1, bonuses declined."""
    game = onmars.Game.new(players=players, seed=seed, length=length)
    return opening(game, spaces or ORBIT, shuttle)


def assert_illegal(game: onmars.Game, move: str, *words: str) -> str:
    """``move`` is refused with an IllegalMoveError naming a rule, leaving the game as it was."""
    before, moves = game.state.to_dict(), list(game.moves)
    with pytest.raises(onmars.IllegalMoveError) as exc:
        game.play(move)
    msg = str(exc.value)
    assert msg.startswith(("§", "RUL")), msg
    for w in words:
        assert w in msg, msg
    assert game.state.to_dict() == before
    assert game.moves == moves
    return msg


def cell(q: int, r: int) -> int:
    return hexmap.index((q, r))


def empty_slots(game: onmars.Game) -> None:
    """No Colonist on any action slot (they go back to their owners' supplies)."""
    arrange(game, {"slots": dict.fromkeys(game.state.slots, [])})


def set_res(game: onmars.Game, seat: int, **amounts: int) -> None:
    """Set some of a player's Resources (the rest unchanged)."""
    arrange(game, {"players": {seat: {"res": amounts}}})


def only_res(game: onmars.Game, seat: int, **amounts: int) -> None:
    """Set a player's Resources: those named, all others 0."""
    arrange(game, {"players": {seat: {"res": {**amounts, "*": 0}}}})


def end_turn_quietly(game: onmars.Game) -> None:
    """Finish the current player's turn with the least eventful main action available."""
    seat = game.current_player
    for _ in range(40):
        if game.is_over or game.current_player != seat or seat in game.state.done:
            return
        options = legal(game)
        for choice in ("end", "done", "stay", "main control", "main resupply", "keep"):
            if choice in options:
                game.play(choice)
                break
        else:
            game.play(sorted(options)[0])
    raise AssertionError("the turn did not end")


def to_shuttle_phase(game: onmars.Game) -> bool:
    """Play quiet turns until the Shuttle phase asks a player whether to travel (True), or
    until it has passed by itself because nobody could travel (False)."""
    start = game.state.round
    for _ in range(20):
        if game.is_over or game.state.round > start:
            return False
        if frame(game)["t"] == "travel":
            return True
        end_turn_quietly(game)
    raise AssertionError("no Shuttle phase reached")


def play_round(game: onmars.Game) -> None:
    """Finish the current round: quiet turns, and everyone stays in the Shuttle phase."""
    start = game.state.round
    for _ in range(60):
        if game.is_over or game.state.round > start:
            return
        if frame(game)["t"] == "travel":
            game.play("stay")
        else:
            end_turn_quietly(game)
    raise AssertionError("the round did not end")


def invariants(game: onmars.Game) -> None:
    """Storage, Depot and Living Quarters limits of every player (§4, seed 3)."""
    for p in game.state.players:
        cap = economy.storage_cap(p)
        for r, k in p.res.items():
            assert 0 <= k <= cap, (p.seat, r, k, cap)
        # Private Goal cards spent as Crystals this turn count as Depot Crystals until the turn
        # ends (§18.1); the real Crystals never exceed the free Depot spaces.
        turn = game.state.turn
        cards = turn.get("cards", 0) if turn.get("p") == p.seat else 0
        assert p.crystals >= 0, (p.seat, p.crystals)
        assert p.crystals - cards <= economy.depot_cap(p), (p.seat, p.crystals, cards)
        assert p.pending >= 0
        assert 0 <= p.lq <= economy.lq_cap(p), (p.seat, p.lq)
        assert p.wa >= 0 and p.reserve >= 0 and p.hangar >= 0


def seats_of(values: Iterable[int]) -> list[int]:
    return sorted(values)


def to_turn_of(game: onmars.Game, seat: int, limit: int = 200) -> None:
    """Play quiet moves for everyone else (staying in the Shuttle phase) until ``seat`` is
    asked for the first decision of a turn."""
    for _ in range(limit):
        f = frame(game)
        if f["t"] == "turn" and f["p"] == seat and not game.state.turn.get("main"):
            return
        if f["t"] == "travel":
            game.play("stay")
        else:
            end_turn_quietly(game)
    raise AssertionError(f"seat {seat} never got a turn")


def actions_left(game: onmars.Game, seat: int) -> set[str]:
    """Main and Executive actions still offered to ``seat`` this turn (none once it is over)."""
    if game.is_over or game.current_player != seat or frame(game)["t"] != "turn":
        return set()
    return {m for m in legal(game) if m.startswith(("main", "exec"))}


def finish_turn(game: onmars.Game, seat: int) -> None:
    """Play ``seat``'s "end" if its turn still waits for it (a lone "end" plays itself)."""
    if not game.is_over and game.current_player == seat and frame(game)["t"] == "turn":
        play(game, "end")


def at(text: str) -> int:
    """The map cell of ``"q,r"`` text."""
    cell = hexmap.parse(text)
    assert cell is not None, text
    return cell


def wipe(s: onmars.state.State) -> None:
    """An empty map: no building, piece, Crystal or tile (test setup only)."""
    n = len(s.bld)
    s.bld, s.ab, s.bot, s.miner = [""] * n, [-1] * n, [-1] * n, [-1] * n
    s.crystal, s.tile = [0] * n, [""] * n


def positions(players: int, seed: int, every: int = 37) -> list[onmars.Game]:
    """Copies of a random game every ``every`` moves, from the opening to its end."""
    game = onmars.Game.new(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not game.is_over:
        if len(game.moves) % every == 0:
            out.append(game.copy())
        game.play(rng.choice(game.legal_moves()))
    return [*out, game]


def random_game(players: int, seed: int, moves: int) -> onmars.Game:
    """A game after up to ``moves`` random moves (fewer if it ends first)."""
    game = onmars.Game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def random_game_until(
    players: int, seed: int, found: Callable[[onmars.Game], bool], limit: int = 3000
) -> onmars.Game:
    """The first position of the random game :func:`random_game` plays where ``found`` holds
    (a test that needs a kind of position, not a ply that a rule change moves)."""
    game = onmars.Game.new(players, seed=seed)
    rng = random.Random(seed)
    while not found(game):
        assert not game.is_over and len(game.moves) < limit, "no such position in this game"
        game.play(rng.choice(game.legal_moves()))
    return game
