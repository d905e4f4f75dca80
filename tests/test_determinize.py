"""Determinization (RUL-18): ``Game.determinize(seat, seed)`` and ``Game.from_view(view, seed)``
deal again what a seat cannot see, from what it cannot see, so bots search without peeking."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from conftest import positions

import onmars
from onmars.rules.data.components import load
from onmars.rules.engine.state import State
from onmars.rules.position import arrange


def component_ids(s: State) -> Counter[str]:
    """Every Private Goal, Discovery tile, Blueprint, Tech tile and building tile id that the
    state places somewhere (hands, stacks, displays, the map, labs)."""
    ids: Counter[str] = Counter()
    for p in s.players:
        ids.update(p.goals + p.discoveries + p.bot_discoveries + p.blueprints)
        ids.update(p.lab.values())
    ids.update(s.discovery_stack + s.exploration + [t for t in s.tile if t] + [s.radar])
    ids.update(s.bp_deck + s.bp_display + [t for t in s.grid.values() if t])
    ids.update(t for stack in s.tech_stacks for t in stack)
    ids.update(t for stack in s.building_stacks.values() for t in stack)
    del ids[""]
    for research in load().research:  # two Research tiles of each type (RUL-8)
        ids[f"R{research}"] = (ids[f"R{research}"] + 1) // 2
    return ids


def all_ids() -> set[str]:
    c = load()
    return (
        set(c.private_goal)
        | set(c.discovery)
        | set(c.blueprint)
        | set(c.tech_tile)
        | set(c.building_tile)
        | {f"R{r}" for r in c.research}
    )


def hidden(s: State, seat: int | None) -> tuple:
    """What ``seat`` cannot see of a state (RUL-18): the other seats' hands and face-down
    tiles, every face-down stack's order."""
    others = [p for p in s.players if p.seat != seat]
    return (
        [(p.goals, p.discoveries, p.bot_discoveries) for p in others],
        s.discovery_stack,
        s.bp_deck,
        s.tech_stacks,
        {k: v[:-1] for k, v in s.building_stacks.items()},
    )


def state_of(game: onmars.Game) -> dict:
    return json.loads(json.dumps(game.state.to_dict()))  # a dealt copy has no save


# --- what the seat sees is kept --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seat_sees_the_copy_as_it_sees_the_game(players: int) -> None:
    """RUL-18: the seat's own view is unchanged by determinizing (every count kept), no
    component is used twice, and the game itself is not changed."""
    for game in positions(players, seed=players):
        before = game.to_json()
        for seat in [*range(players), None]:
            world = game.determinize(seat, 1)
            assert world.view(seat) == game.view(seat)
            assert world.current_player == game.current_player
            assert world.is_over == game.is_over
            assert max(component_ids(world.state).values()) == 1
            assert component_ids(world.state).keys() <= all_ids()
        assert game.to_json() == before


def test_from_view_is_determinize() -> None:
    """A game from a seat's view is the determinized copy for that seat and seed; the view is
    left as it was."""
    for game in positions(3, seed=6, every=111):
        for seat in (0, 2, None):
            seen = game.view(seat)
            text = repr(seen)
            world = onmars.Game.from_view(seen, 5)
            assert repr(seen) == text
            assert state_of(world) == state_of(game.determinize(seat, 5))
            assert world.log == game.determinize(seat, 5).log


# --- the hidden part is dealt again, consistently --------------------------------------------


def test_other_hands_change_and_keep_their_sizes() -> None:
    """RUL-18: another seat's Private Goals and face-down Discovery tiles are drawn anew from
    what this seat cannot see (never one of its own), hand sizes kept; the seat's own hand
    stays as it is; the stacks' orders are drawn too."""
    goals = tiles = decks = 0
    # random games until the others have held Discovery tiles in a few positions
    games: list[onmars.Game] = []
    for seed in range(3, 30):
        games += positions(3, seed=seed, every=23)
        if sum(any(p.discoveries for p in g.state.players[1:]) for g in games) >= 6:
            break
    for game in games:
        real = game.state
        mine = set(real.players[0].goals) | set(real.players[0].discoveries)
        for k in range(5):
            world = game.determinize(0, k).state
            assert world.players[0].goals == real.players[0].goals
            assert world.players[0].discoveries == real.players[0].discoveries
            for p, q in zip(world.players[1:], real.players[1:], strict=True):
                assert not (set(p.goals) | set(p.discoveries)) & mine
                assert len(p.goals) == len(q.goals)
                assert len(p.discoveries) == len(q.discoveries)
                assert len(p.bot_discoveries) == len(q.bot_discoveries)
                goals += p.goals != q.goals
                tiles += p.discoveries != q.discoveries
            assert len(world.bp_deck) == len(real.bp_deck)
            assert len(world.discovery_stack) == len(real.discovery_stack)
            decks += world.bp_deck != real.bp_deck
    assert goals > 5 and tiles > 5 and decks > 5


def test_the_unseen_components_are_the_same_multiset() -> None:
    """What a seat cannot see is re-dealt, not invented: the components in hidden places of
    the copy come from those the seat cannot see in the game (its hidden places or the box),
    and the components the seat can see are exactly the game's."""
    for game in positions(4, seed=9, every=151):
        for seat in (1, None):
            real = game.state
            world = game.determinize(seat, 3).state
            everything = all_ids()
            seen_real = set(component_ids(real)) - {
                i for part in hidden(real, seat) for i in _flat(part)
            }
            seen_world = set(component_ids(world)) - {
                i for part in hidden(world, seat) for i in _flat(part)
            }
            assert seen_world == seen_real
            assert set(_flat(hidden(world, seat))) <= everything - seen_real
            assert len(list(_flat(hidden(world, seat)))) == len(list(_flat(hidden(real, seat))))


def _flat(x: object) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [i for v in x.values() for i in _flat(v)]
    if isinstance(x, list | tuple):
        return [i for v in x for i in _flat(v)]
    return []


def test_seeded() -> None:
    game = positions(2, seed=3)[2]
    assert state_of(game.determinize(1, 7)) == state_of(game.determinize(1, 7))
    decks = {tuple(game.determinize(1, k).state.bp_deck) for k in range(30)}
    assert len(decks) > 1  # the deck order really is drawn


def test_games_that_differ_only_in_secrets_give_the_same_worlds() -> None:
    """Two games that differ only in what seat 0 cannot see give seat 0 the same determinized
    world for the same seed: what a bot searches can depend only on what it may see."""
    for game in positions(3, seed=4, every=97)[1:]:
        # another game seat 0 sees alike: everything hidden from it dealt otherwise ...
        twin = game.determinize(0, 99)
        if game.is_over:  # RUL-22: nothing is secret after the end, nothing is dealt again
            assert hidden(twin.state, 0) == hidden(game.state, 0)
            continue
        assert hidden(twin.state, 0) != hidden(game.state, 0)
        # ... and one changed by hand: two other seats swap their hands (of one size, which
        # seat 0 sees), the deck is turned
        hand = game.copy()
        s = hand.state
        one, two = s.players[1], s.players[2]
        if len(one.goals) == len(two.goals):
            arrange(hand, {"players": {1: {"goals": two.goals}, 2: {"goals": one.goals}}})
        s.bp_deck.reverse()
        for other in (twin, hand):
            assert other.view(0) == game.view(0)
            for seed in (0, 1, 2**40):
                a, b = game.determinize(0, seed), other.determinize(0, seed)
                assert state_of(a) == state_of(b)
                assert a.legal_moves() == b.legal_moves()
        assert state_of(game.determinize(0, 0)) != state_of(game.determinize(0, 1))


# --- the copy plays on ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_the_copy_offers_the_same_moves_and_plays_on(players: int) -> None:
    """The determinized copy offers the seat to move the same legal moves as the real game
    while both play the same moves through its turn (until something is turned face up), and
    its moves stay legal afterwards: a whole random continuation plays through ``play``."""
    for game in positions(players, seed=10 + players, every=53):
        seat = game.current_player
        if seat is None:
            continue
        world = game.determinize(seat, seat)
        rng = random.Random(len(game.moves))
        real = game.copy()
        for _ in range(6):
            if real.is_over or real.current_player != seat:
                break
            assert world.legal_moves() == real.legal_moves()
            move = rng.choice(real.legal_moves())
            if move.verb in ("build", "discover", "travel", "radar", "claim", "end"):
                break  # a hidden tile may be revealed
            real.play(move)
            world.play(move)
        for _ in range(150):  # the dealt stacks and hands hold what the rules draw next
            if world.is_over:
                break
            world.play(rng.choice(world.legal_moves()))
            assert world.view(seat)


def test_the_copy_starts_its_own_log() -> None:
    """The copy names no secret: its log has no moves and seed 0 (the real seed and the moves,
    ``discard <goal>``, would tell what the seat cannot see)."""
    game = positions(2, seed=2)[4]
    world = game.determinize(0, 3)
    assert world.log == {
        "options": game.log["options"],
        "seed": 0,
        "rules": game.log["rules"],
        "moves": [],
    }
    world.play(world.legal_moves()[0])
    assert len(world.moves) == 1 and len(game.moves) > 1


def test_a_dealt_copy_is_refused_a_save() -> None:
    """A game dealt from a view has no log that rebuilds it (seed 0, no moves: RUL-18), so its
    save could never be loaded: ``to_json`` refuses it, whether dealt by ``determinize`` or by
    ``from_view``, even after a move; the game itself still saves."""
    game = positions(2, seed=2)[4]
    for world in (game.determinize(0, 3), onmars.Game.from_view(game.view(1), 3)):
        with pytest.raises(onmars.SaveFileError, match="RUL-18.*cannot be saved"):
            world.to_json()
        world.play(world.legal_moves()[0])
        with pytest.raises(onmars.SaveFileError, match="RUL-18"):
            world.to_json()
    assert onmars.Game.from_json(game.to_json()).log == game.log


def test_bad_arguments() -> None:
    game = onmars.Game.new(2, seed=1)
    for seat in (2, -1, True, "0", 0.0):
        with pytest.raises(onmars.OptionsError, match="RUL-18"):
            game.determinize(seat, 0)  # type: ignore[arg-type]
    with pytest.raises(onmars.OptionsError, match="RUL-18"):
        game.determinize(0, "x")  # type: ignore[arg-type]
    seen = game.view(0)
    seen["players"][1]["goals"] = 99
    with pytest.raises(onmars.OnMarsError, match="RUL-18: the view hides 99"):
        onmars.Game.from_view(seen, 0)
    for bad in ({}, {"viewer": 0}, [], None):
        with pytest.raises(onmars.OnMarsError, match="RUL-18"):
            onmars.Game.from_view(bad, 0)  # type: ignore[arg-type]


def test_worlds_deal_what_from_view_deals_seed_by_seed() -> None:
    """Game.worlds (one shape check for several worlds, RUL-18) deals each world exactly as
    Game.from_view does with that seed, and refuses a view of no game as from_view does."""
    game = positions(3, seed=5)[3]
    seat = game.current_player
    seen = game.view(seat)
    worlds = onmars.Game.worlds(seen, [11, 12, 13])
    alone = [onmars.Game.from_view(seen, k) for k in (11, 12, 13)]
    assert [w.state.to_dict() for w in worlds] == [w.state.to_dict() for w in alone]
    assert worlds[0].state.to_dict() != worlds[1].state.to_dict()  # each seed deals anew
    broken = {**seen, "round": "three"}
    with pytest.raises(onmars.OnMarsError):
        onmars.Game.worlds(broken, [1, 2])
