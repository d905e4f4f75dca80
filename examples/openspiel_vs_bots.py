"""The project's bots against OpenSpiel's MCTS, through the OpenSpiel interface (issue 26).

Each pairing plays ``--games`` two-player games, seats swapped every other game, on deals
drawn by OpenSpiel's chance node; the table gives the project bot's win rate (a shared victory
counts as half). OpenSpiel's MCTS values positions by the projected final scoring
(``ProjectionEvaluator``) and searches the true state (use IS-MCTS for a fair opponent).

    python examples/openspiel_vs_bots.py --bots random easy --games 4 --sims 16
"""

from __future__ import annotations

import argparse

import numpy as np
from open_spiel.python.algorithms import mcts

from onmars.ai.openspiel import ProjectBot, ProjectionEvaluator, load


def play(game: object, bots: list[object], rng: np.random.RandomState) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", nargs="+", default=["random", "easy"])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--sims", type=int, default=16, help="MCTS simulations a move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = load(players=2, length="short", seed=args.seed)
    rng = np.random.RandomState(args.seed)
    print(f"| project bot | games | win rate vs OpenSpiel MCTS ({args.sims} sims) |")
    print("|---|---|---|")
    for name in args.bots:
        won = 0.0
        for k in range(args.games):
            ours = ProjectBot(name, seed=k)
            theirs = mcts.MCTSBot(game, 2.0, args.sims, ProjectionEvaluator(), random_state=rng)
            seat = k % 2
            bots = [ours, theirs] if seat == 0 else [theirs, ours]
            won += play(game, bots, rng)[seat]
        print(f"| {name} | {args.games} | {won / args.games:.0%} |")


if __name__ == "__main__":
    main()
