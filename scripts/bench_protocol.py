"""Encoding speed of a typical game-state answer (issue 22.1): orjson on the plain dict (what the
server sends today), pydantic v2 (validate the dict into the model, then dump JSON; and dump an
already-built model), and msgspec (convert into Structs, then encode; and encode plain data).

    python scripts/bench_protocol.py   # needs msgspec installed for its rows (not a dependency)

The answer: a 3-player game after 60-odd random moves, at a choice of a dozen moves or more, as
the deciding seat sees it (its view, the events of the last move, its legal moves described, the
projection). Each figure is the best of 7 runs (the machine may be shared).
"""

# no `from __future__ import annotations`: the msgspec Structs are declared in a function
import random
import time
from collections.abc import Callable
from typing import Any

import orjson

from onmars.server import protocol
from onmars.server.live import Hub, Live
from onmars.server.store import SeatRow


def answer() -> dict[str, Any]:
    """A typical state answer, built as the server builds it (``Hub.seen``)."""
    from onmars import Game

    game = Game.new(3, seed=7)
    rng = random.Random(7)
    while len(game.moves) < 60 or len(game.legal_moves()) < 12:  # a main action's choice
        game.play(rng.choice(list(game.legal_moves())))
    seats = [SeatRow(i, f"P{i}", None, f"h{i}") for i in range(3)]
    live = Live("bench", game, 7, seats, set(), len(game.moves))
    hub = Hub.__new__(Hub)  # only its answer-building methods are used
    return hub.seen(live, game.current_player, len(game.moves) - 1, "en")


def timed(name: str, fn: Callable[[], object], n: int = 50) -> float:
    fn()
    runs = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        runs.append((time.perf_counter() - start) / n * 1e6)
    each = min(runs)
    print(f"{name:<48} {each:9.0f} µs")
    return each


def main() -> None:
    data = answer()
    size = len(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS))
    print(f"a state answer: {size:,} bytes of JSON, {len(data['legal_moves'])} legal moves\n")
    timed("orjson.dumps(dict)  [the server today]", lambda: orjson.dumps(data))
    model = protocol.GameState.model_validate(data)
    timed("pydantic: model_validate(dict)", lambda: protocol.GameState.model_validate(data))
    timed("pydantic: model.model_dump_json()", model.model_dump_json)
    timed(
        "pydantic: validate + dump_json",
        lambda: protocol.GameState.model_validate(data).model_dump_json(),
    )
    adapter = protocol.GameState.__pydantic_validator__
    timed("pydantic: validate_python only (core)", lambda: adapter.validate_python(data))
    try:
        import msgspec
    except ImportError:
        print("\nmsgspec is not installed: pip install msgspec for its figures")
        return
    timed("msgspec.json.encode(dict)", lambda: msgspec.json.encode(data))
    state_struct = _msgspec_state(msgspec)
    timed("msgspec: convert(dict -> Struct)", lambda: msgspec.convert(data, state_struct))
    built = msgspec.convert(data, state_struct)
    timed("msgspec: encode(Struct)", lambda: msgspec.json.encode(built))
    timed(
        "msgspec: convert + encode",
        lambda: msgspec.json.encode(msgspec.convert(data, state_struct)),
    )


def _msgspec_state(msgspec: Any) -> type:
    """The state answer's top as msgspec Structs (the view, events and moves as typed as the
    pydantic models where it matters for the cost: the moves and the decision)."""

    class MoveArg(msgspec.Struct):
        kind: str
        value: str | int
        of: str | None

    class MoveTarget(msgspec.Struct):
        kind: str
        id: str | None

    class LegalMove(msgspec.Struct):
        move: str
        label: str
        cost: dict[str, Any]
        gain: dict[str, Any]
        op: int
        events: list[str]
        warnings: list[str]
        verb: str
        args: list[MoveArg]
        step: str
        target: MoveTarget

    class Decision(msgspec.Struct):
        seat: int
        step: str
        prompt: str
        rule: str

    class Score(msgspec.Struct):
        seat: int
        name: str
        total: int
        breakdown: dict[str, int]
        tiebreak: list[int]

    class PlayerView(msgspec.Struct):
        seat: int
        name: str
        colour: str
        res: dict[str, int]
        crystals: int
        pending: int
        depot_ships: list[int]
        hangar: int
        ships_out: int
        lab: dict[str, str]
        lq: int
        wa: int
        reserve: int
        bots: int
        ab: int
        shelters: int
        blueprints: list[str]
        built: list[str]
        progress: list[str]
        op: int
        op_by: dict[str, int]
        space: int
        side: str
        rover: int
        goals: int | list[str]
        goal_done: str
        scientists: list[str]
        contracts: list[str]
        delivered: dict[str, list[str]]
        contracts_done: list[str]
        research: list[str]
        discoveries: int | list[str]
        bot_discoveries: int | list[str]

    class Shown(msgspec.Struct):
        top: str
        count: int

    class SeatView(msgspec.Struct):
        players: list[PlayerView]
        seed: None
        length: str
        rules: int
        round: int
        phase: str
        first: int
        done: list[int]
        warehouse: dict[str, int]
        grid: dict[str, str]
        tech_stacks: list[int]
        bp_display: list[str]
        bp_deck: int
        discovery_stack: int
        exploration: list[str]
        building_stacks: dict[str, Shown]
        bld: list[str]
        ab: list[int]
        bot: list[int]
        miner: list[int]
        crystal: list[int]
        tile: list[str]
        slots: dict[str, list[int]]
        lss: dict[str, int]
        level: int
        lss_rewards: dict[str, str]
        lss_first: list[str]
        missions: dict[str, int]
        remaining: int
        end_round: int
        shuttle_side: str
        shuttle_space: int
        science: list[str]
        sci_at: dict[str, str]
        radar: str
        contract_deck: list[str]
        stack: list[dict[str, Any]]
        turn: dict[str, Any]
        viewer: int | None
        current_player: int | None

    class Player(msgspec.Struct):
        seat: int
        name: str
        bot: str | None

    class GameState(msgspec.Struct):
        type: str
        id: str
        ply: int
        version: int
        seat: int | None
        current_player: int | None
        is_over: bool
        ended: str | None
        players: list[Player]
        votes: list[int]
        stop: dict[str, Any] | None
        resumes: list[int]
        can_undo: bool
        winners: list[int]
        decision: Decision | None
        view: SeatView
        events: list[dict[str, Any]]
        legal_moves: list[LegalMove]
        projection: list[Score]

    return GameState


if __name__ == "__main__":
    main()
