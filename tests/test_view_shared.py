"""The AI encoders' fast reads of a view (issue 26, item 7) show exactly what the view shows,
RUL-18 and RUL-22: ``Game.view(seat, copy=False)`` (the game's own lists instead of copies) and
``Game.view_values(seat, keys, player_keys)`` (the values of those keys, without a view made)
equal ``Game.view(seat)`` at every position of seeded random games of 2, 3 and 4 players, for
every seat and a spectator, the finished game included; and reading them changes nothing."""

from __future__ import annotations

import random

import pytest

from onmars.rules import Game, OnMarsError


def _check(game: Game, seat: int | None) -> None:
    seen = game.view(seat)
    assert game.view(seat, copy=False) == seen
    keys = tuple(k for k in seen if k != "players")
    player_keys = tuple(seen["players"][0])
    board, players = game.view_values(seat, keys, player_keys)
    assert board == tuple(seen[k] for k in keys)
    assert players == [tuple(p[k] for k in player_keys) for p in seen["players"]]
    assert game.view(seat) == seen  # nothing read was changed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_reads_equal_the_view_at_every_position(players: int) -> None:
    game = Game.new(players, seed=60 + players)
    rng = random.Random(players)
    positions = 0
    while True:
        for seat in [*range(players), None]:
            _check(game, seat)
        positions += 1
        if game.is_over:
            break
        game.push(rng.choice(game.legal_moves()))
    assert positions > 300


def test_the_fast_reads_hide_what_the_view_hides() -> None:
    """Another seat's Private Goals and face-down Discovery tiles come as counts, the seat's own
    as ids (RUL-18); the stacks as counts; no seed."""
    game = Game.new(3, seed=5)
    keys = ("seed", "bp_deck", "discovery_stack", "viewer")
    board, players = game.view_values(1, keys, ("goals", "discoveries", "seat"))
    assert board[0] is None and board[3] == 1
    assert type(board[1]) is int and type(board[2]) is int and board[1] > 0
    own = game.view(1)["players"][1]["goals"]
    assert own and players[1] == (own, [], 1)
    assert players[0] == (len(own), 0, 0) and players[2] == (len(own), 0, 2)


def test_a_key_the_view_lacks_or_a_seat_not_in_the_game_is_refused() -> None:
    game = Game.new(2, seed=1)
    with pytest.raises(KeyError):
        game.view_values(0, ("turned_up",), ())
    with pytest.raises(KeyError):
        game.view_values(0, (), ("lost",))
    with pytest.raises(OnMarsError):
        game.view_values(5, ("round",), ())


def test_a_game_ended_by_agreement_shows_everything_in_the_fast_reads() -> None:
    game = Game.new(3, seed=8)
    rng = random.Random(8)
    for _ in range(120):
        game.push(rng.choice(game.legal_moves()))
    game.conclude()
    for seat in (0, 1, 2, None):
        _check(game, seat)
