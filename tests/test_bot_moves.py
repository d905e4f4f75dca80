"""The bots choose the moves they always chose (issue 27.3: speed work on the search and the
evaluation must change no choice, or the arena's level figures would mean something else).

``tests/bot_moves.json`` holds whole games of seeded bots recorded with the search the arena's
ladder measured (issue 25.5: a fresh world every 4 simulations, ``medium`` at 50), before the
speed work (``python scripts/bot_moves.py --write``; ``--check`` plays them all again, with the
evaluation's values over random games compared to the last bit). Here the opening of each game
is played again by the same bots, every seat's choice compared with the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from onmars import Game, Move
from onmars.bots import make_bot

RECORD = json.loads((Path(__file__).resolve().parent / "bot_moves.json").read_text())
#: The plies replayed of each recorded game (the first rounds: enough for every kind of
#: decision, cheap enough for the suite).
PLIES = {1: 150, 2: 90, 3: 60}


@pytest.mark.parametrize("game", RECORD["games"], ids=lambda g: f"{g['players']}p seed {g['seed']}")
def test_the_bots_choose_the_recorded_moves(game: dict) -> None:
    seed = game["seed"]
    played = Game.new(game["players"], seed=seed, rules=RECORD["rules"])  # the record's rules
    bots = [make_bot(name, seed + k) for k, name in enumerate(game["bots"])]
    for ply, text in enumerate(game["moves"][: PLIES[seed]]):
        seat = played.current_player
        assert seat is not None
        move = bots[seat].choose(played.view(seat), played.legal_moves())
        assert move == Move.parse(text), f"ply {ply}: {game['bots'][seat]} chose {move}"
        played.push(move)
