"""The public face of the engine: :class:`Game`.

A game is (options, seed, moves): ``Game.replay(game.log)`` rebuilds it exactly. ``play`` is the
only way to change a game; it refuses an illegal move with :class:`IllegalMoveError` naming the
rule, and malformed text with :class:`InvalidMoveError`, leaving the game untouched.
"""

from __future__ import annotations

import json
import random
from typing import Any

# Importing the rules modules registers their steps and actions with the engine.
from onmars import (  # noqa: F401
    advanced,
    colony,
    construction,
    discovery,
    engine,
    executive,
    flow,
    lss,
    movement,
    orbit,
    recycling,
    science,
    travel,
)
from onmars.errors import IllegalMoveError, InvalidMoveError, SaveFileError
from onmars.moves import TOKEN, VERBS, Move
from onmars.registry import register
from onmars.scoring import scores
from onmars.setup import new_state
from onmars.state import State
from onmars.view import view

LENGTHS = ("short", "long")
SAVE_FORMAT = 1


class Game:
    """An On Mars game for 2-4 players (§3)."""

    def __init__(self, state: State, options: dict[str, Any], moves: list[str]) -> None:
        self.state = state
        self.options = options
        self.moves = moves

    # --- creation --------------------------------------------------------------------------------
    @classmethod
    def new(
        cls, players: int | list[str] = 3, seed: int | None = None, length: str = "short"
    ) -> Game:
        """A new game. ``players``: a count (2-4) or a list of names; ``length``: "short" or
        "long" (§3.2 item 11, RUL-17). ``seed=None`` draws a seed, recorded in the log."""
        names = _names(players)
        if length not in LENGTHS:
            raise ValueError(f"§3.2: length must be 'short' or 'long', not {length!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        register()
        state = new_state(names, seed, length)
        engine.advance(state)
        return cls(state, {"players": names, "length": length}, [])

    @classmethod
    def replay(cls, log: dict[str, Any]) -> Game:
        """Rebuild a game from its log (options, seed, moves). Raises :class:`SaveFileError`."""
        try:
            options, seed, moves = log["options"], log["seed"], log["moves"]
            game = cls.new(options["players"], seed, options["length"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"not a valid On Mars log: {exc}") from None
        if not isinstance(moves, list):
            raise SaveFileError("the log's moves must be a list of move texts")
        for i, text in enumerate(moves):
            try:
                game.play(text)
            except ValueError as exc:
                raise SaveFileError(f"move {i + 1} ({text!r}) of the log: {exc}") from None
        return game

    # --- playing ---------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return engine.legal_moves(self.state)

    def play(self, move: Move | str) -> None:
        move = _as_move(move)
        engine.play(self.state, move)
        self.moves.append(str(move))

    def why(self, move: Move | str) -> str:
        """Why a move is illegal now ("" if it is legal)."""
        move = _as_move(move)
        return "" if move in self.legal_moves() else engine.explain(self.state, move)

    def undo(self) -> None:
        """Take back the last move (the game is replayed without it)."""
        if not self.moves:
            raise IllegalMoveError("nothing to undo: no move has been played")
        previous = Game.replay({**self.log, "moves": self.moves[:-1]})
        self.state, self.moves = previous.state, previous.moves

    # --- queries ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """Seat index of whoever must decide now; ``None`` when the game is over."""
        return engine.current_player(self.state)

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    @property
    def log(self) -> dict[str, Any]:
        return {"options": dict(self.options), "seed": self.state.seed, "moves": list(self.moves)}

    def scores(self) -> list[dict[str, Any]]:
        return scores(self.state)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return view(self.state, seat)

    def copy(self) -> Game:
        return Game(self.state.clone(), dict(self.options), list(self.moves))

    # --- saving ----------------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(
            {"format": SAVE_FORMAT, "log": self.log, "state": self.state.to_dict()},
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str, verify: bool = True) -> Game:
        """Load a save. With ``verify`` (the default) the log is replayed and must rebuild the
        saved state exactly; without it the saved state is trusted (fast, for tools that made
        the save themselves)."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:  # JSONDecodeError, bad bytes
            raise SaveFileError(f"save file is not valid JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError(f"not an On Mars save of format {SAVE_FORMAT}")
        if not verify:
            try:
                log = data["log"]
                return cls(State.from_dict(data["state"]), log["options"], list(log["moves"]))
            except (KeyError, TypeError, ValueError) as exc:
                raise SaveFileError(f"not a valid On Mars save: {exc}") from None
        game = cls.replay(data.get("log"))
        if "state" in data and data["state"] != game.state.to_dict():
            raise SaveFileError("the saved state does not match its move log (corrupt save)")
        return game


def _as_move(move: Move | str) -> Move:
    """A move from text, or a Move checked like parsed text (InvalidMoveError otherwise)."""
    if isinstance(move, Move):
        if move.verb in VERBS and all(type(a) is str and TOKEN.match(a) for a in move.args):
            return move
        raise InvalidMoveError(f"not a well-formed move: verb {move.verb!r}, args {move.args!r}")
    if isinstance(move, str):
        return Move.parse(move)
    raise InvalidMoveError(f"a move must be a Move or text, not {type(move).__name__}")


def _names(players: int | list[str]) -> list[str]:
    if isinstance(players, bool):
        raise ValueError("§3: players must be a count or a list of names")
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise ValueError(f"§3: On Mars is for 2-4 players here, not {players}")
        names = [f"Player {i + 1}" for i in range(players)]
    elif isinstance(players, list | tuple) and all(isinstance(x, str) for x in players):
        names = list(players)
    else:
        raise ValueError("§3: players must be a count or a list of names")
    if not 2 <= len(names) <= 4:
        raise ValueError(f"§3: On Mars is for 2-4 players here, not {len(names)}")
    return names
