"""How fast the AI interfaces step (issue 26, item 7), next to the engine itself.

Every measure plays the same random game (the moves of one seeded game, chosen once), so they
do the same work in the rules and differ only in what the interface adds:

- ``engine``: ``game.legal_moves()`` then ``game.push(move)``, as a bot's playout does;
- ``actions``: the same, plus the legal-action mask and the move's number and back;
- ``openspiel``: ``state.legal_actions()`` then ``state.apply_action(action)``;
- ``pettingzoo``: PettingZoo's standard AEC loop, ``for agent in env.agent_iter()``:
  ``env.last()`` (the observation tensor and the mask), the action checked in the mask, then
  ``env.step(action)`` (the loop's last turn steps the finished agents with ``None``);
- ``pettingzoo_masks``: the same loop with ``env.last(observe=False)`` (the mask from
  ``infos``, no tensor);
- ``observation``: the deciding seat's tensor alone, at every position, as the environments
  make it (``observation.Encoder().encode_seat(game, seat)``: the values of the seat's view,
  read without making the view).

``python -m onmars.ai.bench`` prints the figures in steps a second of CPU time, each with its
share of the engine's (docs/ai.md quotes them).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from onmars.ai import actions, observation
from onmars.rules import Game, Move


def random_game(players: int, length: str, seed: int) -> list[Move]:
    """The moves of a random game (seeded), played to its end."""
    game = Game.new(players, seed=seed, length=length)
    rng = random.Random(seed)
    out = []
    while not game.is_over:
        move = rng.choice(game.legal_moves())
        game.push(move)
        out.append(move)
    return out


def _engine(players: int, length: str, seed: int, moves: list[Move]) -> None:
    game = Game.new(players, seed=seed, length=length)
    for move in moves:
        game.legal_moves()
        game.push(move)


def _actions(players: int, length: str, seed: int, moves: list[Move]) -> None:
    game = Game.new(players, seed=seed, length=length)
    for move in moves:
        actions.mask(game.legal_moves())
        game.push(actions.decode(actions.encode(move)))


def _openspiel(players: int, length: str, seed: int, moves: list[Move]) -> None:
    from onmars.ai.openspiel import load

    state = load(players=players, length=length, seed=seed, deals=1).new_initial_state()
    state.apply_action(0)
    numbers = actions.encode_all(moves)
    for number in numbers:
        state.legal_actions()
        state.apply_action(number)
    assert state.is_terminal()


def _aec_loop(players: int, length: str, seed: int, moves: list[Move], observe: bool) -> None:
    """PettingZoo's AEC loop choosing the game's moves, read in the mask as a player would."""
    from onmars.ai.pettingzoo import env

    e = env(players=players, length=length)
    e.reset(seed=seed)
    chosen = iter(actions.encode_all(moves))
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, info = e.last(observe)
        if terminated or truncated:
            e.step(None)
            continue
        action = next(chosen)
        if observe:  # the tensor read, as a learner reads it (so that it counts if ever lazy)
            assert obs["observation"].size and obs["action_mask"][action]
        else:
            assert info["action_mask"][action]
        e.step(action)
    assert next(chosen, None) is None and all(e.terminations.values())


def _pettingzoo(players: int, length: str, seed: int, moves: list[Move]) -> None:
    _aec_loop(players, length, seed, moves, observe=True)


def _pettingzoo_masks(players: int, length: str, seed: int, moves: list[Move]) -> None:
    _aec_loop(players, length, seed, moves, observe=False)


def _observation(players: int, length: str, seed: int, moves: list[Move]) -> None:
    game = Game.new(players, seed=seed, length=length)
    encoder = observation.Encoder()
    for move in moves:
        game.push(move)
        if not game.is_over:
            encoder.encode_seat(game, game.current_player)


MEASURES: dict[str, Callable[[int, str, int, list[Move]], None]] = {
    "engine": _engine,
    "actions": _actions,
    "openspiel": _openspiel,
    "pettingzoo": _pettingzoo,
    "pettingzoo_masks": _pettingzoo_masks,
    "observation": _observation,
}


def measure(
    players: int = 3, length: str = "short", seed: int = 1, rounds: int = 3
) -> dict[str, float]:
    """Moves (steps) a second of each measure on one random game, the best of ``rounds``
    runs in CPU time of this process (other processes on a busy machine do not count), run
    in turns."""
    moves = random_game(players, length, seed)
    best = dict.fromkeys(MEASURES, float("inf"))
    for _ in range(rounds):
        for name, run in MEASURES.items():
            start = time.process_time()
            run(players, length, seed, moves)
            best[name] = min(best[name], time.process_time() - start)
    return {name: len(moves) / seconds for name, seconds in best.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--length", default="short")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    print("| players | " + " | ".join(MEASURES) + " |")
    print("|---" * (len(MEASURES) + 1) + "|")
    for players in args.players:
        rate = measure(players, args.length, args.seed, args.rounds)
        cells = " | ".join(
            f"{rate[m]:,.0f}" + ("" if m == "engine" else f" ({rate[m] / rate['engine']:.2f})")
            for m in MEASURES
        )
        print(f"| {players} | {cells} |")


if __name__ == "__main__":
    main()
