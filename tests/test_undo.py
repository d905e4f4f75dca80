"""Undo (RUL-19): "a move that turned something face up (a Discovery tile from the stack, a new
top of a building stack, a Blueprint or Tech refill, any draw) cannot be taken back, and a
player may only take back their own moves of the current turn."

Game.undo() refuses such a move with an IllegalMoveError starting "RUL-19"; Game.can_undo()
says beforehand. Which moves revealed something survives a save. In the terminal, ``undo`` takes
back only the deciding human's own moves of this turn.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import play, started
from rich.console import Console

import onmars
from onmars.rules import game as game_module
from onmars.rules.actions import lss
from onmars.rules.engine import engine
from onmars.rules.explain.events import CHUNK
from onmars.terminal import play as terminal

Found = Callable[[onmars.Game, str], bool]


def until(seed: int, players: int, found: Found) -> onmars.Game:
    """A random game played until a move ``found(game, move)`` has just been played."""
    game = onmars.Game.new(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        legal = game.legal_moves()
        move = str(rng.choice([m for m in legal if m.verb != "discard"] or legal))
        before = game.copy()
        game.play(move)
        if found(before, move):
            return game
    raise AssertionError("no such move in this game")


def refused(game: onmars.Game, seat: int | None = None) -> str:
    """Undo is refused (RUL-19) and changes nothing."""
    before, moves = game.state.to_dict(), list(game.moves)
    assert not game.can_undo(seat)
    with pytest.raises(onmars.IllegalMoveError) as exc:
        game.undo(seat)
    assert game.state.to_dict() == before and game.moves == moves
    return str(exc.value)


def test_a_move_that_draws_nothing_can_be_taken_back() -> None:
    """A Resupply takes a Warehouse item: nothing turned face up, so undo restores it."""
    game = started(3, seed=1)
    before, moves = game.state.to_dict(), list(game.moves)
    play(game, "main resupply", "item crystal")
    assert game.can_undo() and game.can_undo(game.current_player)
    game.undo(game.current_player)
    game.undo()
    assert game.state.to_dict() == before and game.moves == moves


def test_a_build_that_turns_up_the_next_stack_tile_cannot_be_taken_back() -> None:
    """RUL-6, RUL-19: building takes the top tile of its stack; the tile below is now face up
    (its back is public), so the build cannot be taken back."""

    def build_revealing(before: onmars.Game, move: str) -> bool:
        if not move.startswith("build ") or move.startswith("build shelter"):
            return False
        return len(before.state.building_stacks[move.split()[1]]) >= 2

    game = until(2, 2, build_revealing)
    assert refused(game).startswith("RUL-19")


def test_a_discovery_tile_drawn_to_the_exploration_space_cannot_be_taken_back() -> None:
    """RUL-15, RUL-19: placing an Exploration tile on Mars refills the space from the face-down
    Discovery stack: that move cannot be taken back."""

    def discover(before: onmars.Game, move: str) -> bool:
        return move.startswith("discover ") and bool(before.state.discovery_stack)

    game = until(3, 3, discover)
    assert refused(game).startswith("RUL-19")


def test_a_blueprint_refill_at_a_colony_level_up_cannot_be_taken_back() -> None:
    """§11.4, RUL-19: at Colony level 2 the Blueprint display is replaced from the deck; the move
    that brought the level up cannot be taken back."""

    def level_up(before: onmars.Game, move: str) -> bool:
        return before.state.level == 1 and len(before.state.bp_deck) > 0

    def levelled(seed: int) -> onmars.Game:
        game = onmars.Game.new(3, seed=seed)
        rng = random.Random(seed)
        while game.state.level == 1:
            game.play(rng.choice(game.legal_moves()))
        return game

    game = levelled(5)
    assert game.state.level >= 2
    assert refused(game).startswith("RUL-19")


def test_a_grid_refill_at_a_colony_level_up_cannot_be_taken_back() -> None:
    """§11.4, RUL-19: from level 4 on no Blueprint is drawn, but an empty Grid space of a 3-4
    player game is refilled from a face-down Tech stack: the move that brought the level up
    cannot be taken back."""
    game = started(3, seed=1)
    s = game.state
    s.level = 3
    s.lss = dict.fromkeys(s.lss, 4)  # every track at level + 1: the update is due (RUL-12)
    space = lss.GRID_SPACES[0]
    s.grid[space] = ""
    deck = len(s.bp_deck)
    play(game, "main resupply", "item crystal", "done", "end")
    assert s.level == 4 and s.grid[space] and len(s.bp_deck) == deck
    assert refused(game).startswith("RUL-19")


def test_completing_a_private_goal_cannot_be_taken_back() -> None:
    """§18.2, RUL-19: a completed Private Goal lies face up: the move cannot be taken back."""
    game = until(2, 2, lambda before, move: move.startswith("goal "))
    assert refused(game).startswith("RUL-19")


def face_down(view: dict) -> tuple[list[int], list[int], list[str]]:
    """What a spectator sees of the face-down stacks (RUL-18): the sizes of the draw stacks
    (Discovery stack, Blueprint deck, each Tech stack), of each building stack, and each
    player's completed Private Goal."""
    draws = [view["discovery_stack"], view["bp_deck"], *view["tech_stacks"]]
    buildings = [stack["count"] for _, stack in sorted(view["building_stacks"].items())]
    return draws, buildings, [p["goal_done"] for p in view["players"]]


def turned_up(before: dict, after: dict) -> bool:
    """RUL-19 read off two spectator views: a draw stack shrank, a building stack shrank and
    still has a top, or a Private Goal was completed."""
    (draws_a, builds_a, goals_a), (draws_b, builds_b, goals_b) = face_down(before), face_down(after)
    return (
        any(b < a for a, b in zip(draws_a, draws_b, strict=True))
        or any(0 < b < a for a, b in zip(builds_a, builds_b, strict=True))
        or goals_a != goals_b
    )


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_every_move_that_turns_something_up_and_only_those_is_kept(players: int, seed: int) -> None:
    """RUL-19 over whole random games: the engine counts what it turns up where it draws; that
    count must mark exactly the moves after which a spectator sees a stack shrink (a building
    stack keeping a top) or a Private Goal completed, as played and as replayed."""
    game = onmars.Game.new(players, seed=seed)
    rng = random.Random(seed)
    seen, expected = game.view(None), []
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        now = game.view(None)
        if turned_up(seen, now):
            expected.append(len(game.moves) - 1)
        assert game.can_undo() == (not expected or expected[-1] != len(game.moves) - 1)
        seen = now
    assert len(expected) > 10  # draws of every kind happen in a whole game
    assert "turned_up" not in seen and "turned_up" not in game.to_json()  # no view, no save
    assert game._revealed_moves() == expected
    assert onmars.Game.replay(game.log)._revealed_moves() == expected


def test_only_your_own_moves_of_this_turn() -> None:
    """RUL-19: after one seat's pick, the next seat may not take it back; nor may the first
    once it is no longer deciding. The game itself (no seat given) may."""
    game = onmars.Game.new(2, seed=4)
    first = game.current_player
    play(game, "seat 8")
    second = game.current_player
    if second == first:  # the Turn Order space's bonus: decline it
        play(game, "done")
        second = game.current_player
    assert second != first
    assert "own moves" in refused(game, second)
    assert refused(game, first).startswith("RUL-19")
    assert game.can_undo()


def test_a_finished_turn_cannot_be_taken_back_by_its_player() -> None:
    """RUL-19: when a seat decides again right after its own turn ended (the next phase), its
    last move belongs to a finished turn."""
    game = onmars.Game.new(2, seed=7)
    rng = random.Random(7)
    for _ in range(3000):
        seat, phase = game.current_player, game.state.phase
        game.play(rng.choice(game.legal_moves()))
        if game.current_player == seat and game.state.phase != phase:
            break
    else:
        raise AssertionError("no seat decided again in the next phase")
    message = refused(game, seat)
    assert message.startswith("RUL-19") and "turn has ended" in message


def test_reveals_survive_a_save() -> None:
    """RUL-19 after loading: a trusted load keeps which moves revealed something, a verified
    load or a replay works it out again, and a save without that record rebuilds it."""
    game = until(2, 2, lambda before, move: move.startswith("goal "))
    saved = game.to_json()
    for loaded in (
        onmars.Game.from_json(saved, verify=False),
        onmars.Game.from_json(saved),
        onmars.Game.replay(game.log),
    ):
        assert refused(loaded).startswith("RUL-19")
    bare = json.loads(saved)
    del bare["revealed"]
    assert refused(onmars.Game.from_json(json.dumps(bare), verify=False)).startswith("RUL-19")


def test_undo_replays_only_from_the_last_kept_position(monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo is cheap: it starts from a kept position, replaying fewer than CHECKPOINT moves,
    and it rebuilds exactly the position before the move."""
    game = onmars.Game.new(3, seed=8)
    rng = random.Random(8)
    for _ in range(300):
        before = game.state.to_dict()
        game.play(rng.choice(game.legal_moves()))
    if not game.can_undo():
        pytest.skip("the 300th move revealed something")
    calls = []
    real = engine.play
    monkeypatch.setattr(engine, "play", lambda s, m: calls.append(m) or real(s, m))
    game.undo()
    assert len(calls) < game_module.CHECKPOINT
    assert game.state.to_dict() == before


def test_the_log_is_a_copy() -> None:
    """Changing game.log changes nothing in the game: the names stay after an undo."""
    game = onmars.Game.new(["Ana", "Ben"], seed=4)
    play(game, "seat 8")
    log = game.log
    log["options"]["players"].append("Eve")
    log["options"]["players"][0] = "Zed"
    log["moves"].append("seat 1")
    log["seed"] = 99
    game.undo()
    assert [p.name for p in game.state.players] == ["Ana", "Ben"]
    assert game.log == {
        "options": {"players": ["Ana", "Ben"], "length": "short"},
        "seed": 4,
        "rules": game.state.rules,
        "moves": [],
    }


# --- the terminal ------------------------------------------------------------------------


def console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)


def test_hot_seat_undo_never_takes_back_the_other_humans_move(tmp_path: Path) -> None:
    """RUL-19 in hot seat: Ana picks a Turn Order space; at Ben's turn "undo" is refused, with
    the reason, and Ana's pick stays."""
    game = onmars.Game.new(["Ana", "Ben"], seed=4)
    first = game.current_player
    lines = iter(["", "seat 8", "done", "", "undo", "quit"])  # Enter at each hand-over
    con = console()
    s = terminal.Session(
        game, [None, None], console=con, input_fn=lambda p: next(lines), save_path=tmp_path / "s"
    )
    assert s.run() == 0
    out = con.file.getvalue()
    assert "Cannot undo: RUL-19: a player may take back only their own moves" in out
    assert game is s.game and game.moves[0] == "seat 8" and game.seat_log()[0].seat == first
    assert "Took back" not in out


def test_undo_against_bots_stops_at_the_bots_moves(tmp_path: Path) -> None:
    """Against a bot: the human's own move of this turn can be taken back; once the bot has
    moved, "undo" says why it cannot take anything back and changes nothing."""
    game = onmars.Game.new(["Ana", "Robo"], seed=3)
    lines = iter(["3", "undo", "3", "done", "y", "undo", "quit"])  # y: give up the Tech tile
    con = console()
    s = terminal.Session(
        game, [None, "random"], console=con, input_fn=lambda p: next(lines), save_path=None
    )
    seen = []
    real = s.command
    s.command = lambda seat, line: seen.append((line, list(s.game.moves))) or real(seat, line)
    assert s.run() == 0
    out = con.file.getvalue()
    assert "Took back: Ana: Take Turn Order space 3" in out
    assert "Cannot undo: RUL-19" in out
    before_last_undo = [moves for line, moves in seen if line == "undo"][-1]
    assert s.game.moves == before_last_undo and s.game.seat_log()[-1].seat == 1


def test_a_search_copy_undoes_as_the_game_would() -> None:
    """``copy(record=False)``, the copy search plays on, keeps no record for undo; asked to
    undo, it rebuilds the record from its log and takes back, or refuses (RUL-19), exactly
    what a full copy does."""
    allowed = refused = 0
    for seed in (2, 7, 11):
        game = onmars.Game.new(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(60 + 13 * seed):
            game.play(rng.choice(game.legal_moves()))
        lean, full = game.copy(record=False), game.copy()
        for _ in range(30):
            move = rng.choice(full.legal_moves())
            lean.push(move)
            full.push(move)
        assert lean.moves == full.moves
        for _ in range(30):
            assert lean.can_undo() == full.can_undo()
            if not full.can_undo():
                refused += 1
                break
            lean.undo()
            full.undo()
            allowed += 1
            assert lean.view(None) == full.view(None)
    assert allowed and refused


def undoable_at(seed: int, ply: int, every: int = 1) -> onmars.Game:
    """A random 3-player game played past ``ply`` moves until its last move, the move number
    a multiple of ``every``, can be taken back (RUL-19: it turned nothing face up)."""
    game = onmars.Game.new(3, seed=seed)
    rng = random.Random(seed)
    while len(game.moves) < ply or len(game.moves) % every or not game.can_undo():
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("compact", [False, True])
def test_an_undo_keeps_the_events_before_the_undone_move(
    monkeypatch: pytest.MonkeyPatch, compact: bool
) -> None:
    """Issue 21.5: after an undo the earlier moves' events are kept, not worked out again from
    the opening (which took 0.6 s at move 900, on the server's event loop); packed events
    (Game.compact) are kept too."""
    game = undoable_at(5, 900)
    game.events(None, 0)
    if compact:
        game.compact()
    monkeypatch.setattr(game, "_opening", lambda: pytest.fail("events replayed from the start"))
    game.undo()
    last = len(game.moves) - 1
    assert game.events(None, last) == game.events(None, 0)[-len(game.events(None, last)) :]
    assert game.events(None, last)[0]["ply"] == last


@pytest.mark.parametrize(("seed", "every"), [(3, 1), (4, CHUNK), (6, CHUNK)])
def test_events_after_an_undo_are_those_of_a_fresh_replay(seed: int, every: int) -> None:
    """Undo (of the first move after a packed chunk of events, which unpacks it), then more
    moves and undos: every seat's events, with their texts, are those of the same log
    replayed (RUL-18 redactions included)."""
    game = undoable_at(seed, 120, every)
    game.events(None, 0)
    game.compact()  # packs the events of every 64 moves: the undo may unpack one
    game.undo()
    rng = random.Random(seed)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
        if game.can_undo() and rng.random() < 0.3:
            game.events(None, 0)
            game.undo()
    fresh = onmars.Game.replay(game.log)
    for seat in (None, 0, 1, 2):
        assert game.events(seat, 0, "zh") == fresh.events(seat, 0, "zh")
