"""Hidden information in what the engine says (RUL-18, RUL-19): refusal texts name no secret of
any seat, and the per-seat log (Game.seat_log) names a discarded Private Goal only to its owner.

RUL-18: secret are the Private Goal hands, the order of every face-down stack, and Discovery
tiles held face down. RUL-19: "Error texts and refusal reasons never name another seat's secrets,
nor the mover's own secret cards to whoever sent the move."
"""

from __future__ import annotations

import random
import re

import pytest
from conftest import frame, play, started

import onmars
from onmars.rules.data.components import load

GOAL_ID = re.compile(r"PG\d\d")


def refusal(game: onmars.Game, move: str) -> str:
    """The IllegalMoveError text of ``move``; Game.why must say the same."""
    before = game.state.to_dict()
    with pytest.raises(onmars.IllegalMoveError) as exc:
        game.play(move)
    assert game.state.to_dict() == before
    assert game.why(move) == str(exc.value)
    return str(exc.value)


def secrets(game: onmars.Game) -> set[str]:
    """Every id RUL-18 keeps secret in this position."""
    s = game.state
    out = {g for p in s.players for g in [*p.goals, *p.discoveries, *p.bot_discoveries]}
    out |= {*s.discovery_stack, *s.bp_deck, *(t for stack in s.tech_stacks for t in stack)}
    out |= {t for stack in s.building_stacks.values() for t in stack[:-1]}
    return out


def test_a_refusal_names_no_private_goal_of_any_seat() -> None:
    """RUL-19: the mover holds three Private Goals and may spend each as a Crystal; a refused
    move's text (which lists some of the choices) names no goal of any seat, not even the
    mover's own: whoever sent the move may not be the mover."""
    game = started(3, seed=1)
    mover = game.current_player
    hand = game.state.players[mover].goals
    assert {f"discard {g}" for g in hand} <= {str(m) for m in game.legal_moves()}
    others = [g for p in game.state.players if p.seat != mover for g in p.goals]
    for move in ("take BP01", "seat 9", "end", "learn A-rover 1t", f"goal {hand[0]}"):
        text = refusal(game, move)
        assert text.startswith(("§", "RUL")), text
        assert not GOAL_ID.search(text), text
    for goal in others:  # another seat's card named in the move itself
        text = refusal(game, f"discard {goal}")
        assert goal not in text and text.startswith("§18.1"), text


def test_refusals_of_goal_cards_do_not_tell_what_the_hand_holds() -> None:
    """RUL-19: ``goal <id>`` is refused with the same words for every card that cannot be
    completed now, in the hand or not, so whoever sends it learns nothing of the hand."""
    game = started(3, seed=1)
    texts = {refusal(game, f"goal PG{k:02d}") for k in range(1, 17)}
    assert len(texts) == 1 and next(iter(texts)).startswith("§18.1")


def test_a_refusal_names_no_held_discovery_tile_or_stack_card() -> None:
    """RUL-18: a Discovery tile held face down, the Discovery stack, the Blueprint deck and the
    Tech stacks are never named in a refusal, even when the move names them."""
    game = started(3, seed=1)
    s = game.state
    held = s.discovery_stack.pop()
    s.players[1].discoveries.append(held)  # seat 1 holds it face down
    hidden = [held, s.discovery_stack[0], s.bp_deck[0], s.tech_stacks[0][0]]
    for move in (f"discover {held} 0,0", f"radar {s.discovery_stack[0]}", f"take {s.bp_deck[0]}"):
        text = refusal(game, move)
        assert not [x for x in hidden if x in text], text
    text = refusal(game, f"learn {s.tech_stacks[0][0]} 1t")
    assert s.tech_stacks[0][0] not in text, text


def test_no_refusal_in_a_whole_game_names_a_secret() -> None:
    """RUL-19 across a random game: at every 25th position, moves naming every Private Goal,
    every Discovery tile and the deck's cards are refused without naming any secret."""
    game = onmars.Game.new(4, seed=6)
    rng = random.Random(6)
    c = load()
    probes = [f"discard {g}" for g in c.private_goal] + [f"goal {g}" for g in c.private_goal]
    probes += [f"discover {d} 0,0" for d in c.discovery] + [f"take {b}" for b in c.blueprint]
    k = 0
    while not game.is_over and k < 400:
        if k % 25 == 0:
            hidden = secrets(game)
            legal = {str(m) for m in game.legal_moves()}
            for move in probes:
                if move not in legal:
                    words = set(re.findall(r"[A-Za-z0-9_\-]+", refusal(game, move)))
                    assert not words & hidden, (move, words & hidden)
        game.play(rng.choice(game.legal_moves()))
        k += 1


# --- the per-seat log ----------------------------------------------------------------------


def discarding_game() -> tuple[onmars.Game, int, str]:
    """A 3-player game where the first player of round 1 spends a Private Goal as a Crystal."""
    game = onmars.Game.new(3, seed=4)
    while frame(game)["t"] != "turn":
        game.play(game.legal_moves()[0])
    seat = game.current_player
    goal = game.state.players[seat].goals[0]
    play(game, f"discard {goal}")
    return game, seat, goal


def test_seat_log_names_a_discarded_goal_only_to_its_owner() -> None:
    """RUL-18: a Private Goal spent as a Crystal goes to the box unseen: its owner's log names
    it, every other seat's and a spectator's log reads "discard (a goal)"."""
    game, seat, goal = discarding_game()
    last = game.seat_log(seat)[-1]
    assert last == (game.state.round, seat, f"discard {goal}")
    for other in [s for s in range(3) if s != seat] + [None]:
        entry = game.seat_log(other)[-1]
        assert entry.move == "discard (a goal)" and entry.seat == seat
        assert goal not in str(game.seat_log(other))


def test_seat_log_has_rounds_and_seats_and_no_seed() -> None:
    """Each entry is (round, seat that moved, move): the seed, which reveals every stack, is
    not part of it; the raw log (game.log) keeps it for saves."""
    game, _, _ = discarding_game()
    log = game.seat_log(0)
    assert [e.move for e in log[:-1]] == game.moves[:-1]
    assert all(isinstance(e.round, int) and e.seat in (0, 1, 2) for e in log)
    assert log[0].round == 0 and log[-1].round == 1
    assert game.seat_log(0, start=len(log) - 1) == log[-1:]
    assert "seed" in game.log and all(len(e) == 3 for e in log)


def until_a_goal_can_be_completed(seed: int) -> onmars.Game:
    """A random 2-player game (keeping its Private Goals) played until its mover can complete
    one (§18)."""
    game = onmars.Game.new(2, seed=seed)
    rng = random.Random(seed)
    while not any(m.verb == "goal" for m in game.legal_moves()):
        assert not game.is_over, "no Private Goal completed in this game"
        legal = game.legal_moves()
        game.play(rng.choice([m for m in legal if m.verb != "discard"] or legal))
    return game


def test_a_completed_goal_is_public_in_every_log() -> None:
    """§18.2: completing a Private Goal turns it face up, so every seat's log names it."""
    game = until_a_goal_can_be_completed(seed=2)
    move = next(str(m) for m in game.legal_moves() if m.verb == "goal")
    game.play(move)
    for viewer in (0, 1, None):
        assert game.seat_log(viewer)[-1].move == move
