"""Moves with their structure (issue 22, item 2): every legal move comes with its verb, its
arguments typed (a map hex, a number, a component id and what it is, an item, a word), the step
of the decision it answers and where on the table it belongs, so a client needs no notation
parsing; the move's event names the hexes of the move (RUL-18: nothing hidden is revealed).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import frame, random_game

import onmars
from onmars.rules import MoveStructure
from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.engine.moves import ARG_KINDS, ARGS, VERBS, Move
from onmars.rules.explain.structure import structure

#: What an id argument is (``of``) -> the component table holding such ids.
TABLES = {
    "action": "action",
    "executive": "executive",
    "blueprint": "blueprint",
    "tech": "tech_tile",
    "lab_space": "lab_space",
    "scientist": "scientist",
    "contract": "contract",
    "discovery": "discovery",
    "goal": "private_goal",
    "building": "building_type",
}


def place_of(move: str) -> tuple[str, str | None]:
    """Where the browser client put a move before it was told (web/src/moves.ts ``placeOf``,
    no Bot picked yet), in this module's words: the spec the structure must keep."""
    verb, *args = move.split(" ")
    by_first = {
        "rover": "hex",
        "place": "hex",
        "produce": "hex",
        "bot": "bot",
        "seat": "turn_order",
        "shuttle": "shuttle_side",
        "main": "action",
        "exec": "executive",
        "take": "blueprint_card",
        "learn": "tech_grid",
        "develop": "lab_tile",
        "use": "lab_tile",
        "pay": "resource",
        "gain": "resource",
        "item": "warehouse",
        "hire": "science",
        "refill": "science",
        "ship": "depot",
        "advanced": "advanced",
        "deliver": "contract",
        "goal": "goal",
        "discard": "goal",
        "radar": "radar",
    }
    if verb in ("build", "upgrade", "discover"):
        return "hex", args[1]
    if verb == "retrieve":
        if args[0] == "wa":
            return "working_area", None
        return ("hex" if "," in args[0] else "action_slot"), args[0]
    if verb in by_first:
        return by_first[verb], args[0]
    return "button", verb


def check(s: MoveStructure, step: str) -> None:
    """One move's structure: it reads back to the move, its hexes are map cells, its ids exist
    in the component data as what ``of`` says, it answers ``step`` and sits where the client
    put it."""
    assert " ".join([s["verb"], *(str(a["value"]) for a in s["args"])]) == s["move"]
    assert s["step"] == step
    assert (s["target"]["kind"], s["target"]["id"]) == place_of(s["move"])
    for a in s["args"]:
        value, of = a["value"], a["of"]
        assert (of is not None) == (a["kind"] == "id"), a
        if a["kind"] == "hex":
            assert isinstance(value, str) and hexmap.parse(value) is not None
        elif a["kind"] == "number":
            assert type(value) is int and value > 0
        elif a["kind"] == "id":
            assert of is not None and value in getattr(load(), TABLES[of]), a
        elif a["kind"] == "resource":
            assert value in (*onmars.rules.components.ITEMS, "colonist")
        else:
            assert a["kind"] == "word" and isinstance(value, str)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_has_its_structure(players: int) -> None:
    """Through whole random games: at every decision the structures are the legal moves, in
    their order, each well formed (see ``check``)."""
    for seed in (players, players + 10):
        game = onmars.Game.new(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            decision = game.decision()
            assert decision is not None
            structures = game.structures()
            assert [s["move"] for s in structures] == [str(m) for m in decision.moves]
            for s in structures:
                check(s, decision.step)
            game.play(rng.choice(decision.moves))
        assert game.structures() == []


@pytest.fixture(scope="module")
def examples() -> dict[str, tuple[onmars.Game, Move]]:
    """For each verb random games offer: the first position offering it and such a move."""
    out: dict[str, tuple[onmars.Game, Move]] = {}
    for players, seed in [(2, 1), (3, 2), (4, 3), (3, 4), (2, 5)]:
        game = onmars.Game.new(players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for m in game.legal_moves():
                if m.verb not in out:
                    out[m.verb] = (game.copy(), m)
            game.play(rng.choice(game.legal_moves()))
    return out


def arg(kind: str, value: str | int, of: str | None = None) -> dict[str, Any]:
    return {"kind": kind, "value": value, "of": of}


def test_a_bot_move_belongs_to_its_bot(examples: dict[str, tuple[onmars.Game, Move]]) -> None:
    """A Bot is moved from its hex to another (§15): the move belongs to the Bot, the
    destination is its second hex."""
    game, move = examples["bot"]
    origin, destination = move.args
    s = game.structure(move)
    assert s["target"] == {"kind": "bot", "id": origin}
    assert s["args"] == [arg("hex", origin), arg("hex", destination)]
    assert game.state.bot[hexmap.parse(origin)] >= 0  # a Bot stands there


def test_learning_belongs_to_the_tech_tile(examples: dict[str, tuple[onmars.Game, Move]]) -> None:
    """§10: a Tech tile of the grid is learnt onto a Lab space: the move belongs to the tile,
    the Lab space is its second argument."""
    game, move = examples["learn"]
    tile, space = move.args
    s = game.structure(move)
    assert s["target"] == {"kind": "tech_grid", "id": tile}
    assert s["args"] == [arg("id", tile, "tech"), arg("id", space, "lab_space")]
    assert tile in game.state.grid.values()


def test_developing_belongs_to_the_tile_in_the_lab(
    examples: dict[str, tuple[onmars.Game, Move]],
) -> None:
    """§20: a Tech tile of the mover's Lab moves up: the move belongs to that tile."""
    game, move = examples["develop"]
    tile, space = move.args
    s = game.structure(move)
    assert s["target"] == {"kind": "lab_tile", "id": tile}
    assert s["args"] == [arg("id", tile, "tech"), arg("id", space, "lab_space")]
    assert tile in game.state.players[game.current_player].lab.values()


def test_picking_a_turn_order_space_is_a_number(
    examples: dict[str, tuple[onmars.Game, Move]],
) -> None:
    """§3.5: the opening picks a Turn Order space, a number, its place on the board."""
    game, move = examples["seat"]
    s = game.structure(move)
    assert s["args"] == [arg("number", int(move.args[0]))]
    assert s["target"] == {"kind": "turn_order", "id": move.args[0]}
    assert s["step"] == game.decision().step == "seat"


def test_discovering_belongs_to_the_hex(examples: dict[str, tuple[onmars.Game, Move]]) -> None:
    """§13: an Exploration tile goes onto a hex: the move belongs to the hex, the tile is an
    id of the Discovery tiles lying face up."""
    game, move = examples["discover"]
    tile, where = move.args
    s = game.structure(move)
    assert s["target"] == {"kind": "hex", "id": where}
    assert s["args"] == [arg("id", tile, "discovery"), arg("hex", where)]
    assert tile in game.state.exploration


def test_paying_and_hiring_name_what_they_are(
    examples: dict[str, tuple[onmars.Game, Move]],
) -> None:
    """An item paid is a resource; a card hired from the display is a Scientist or a Contract
    by its id; a main action and an Executive action are told apart by ``of``."""
    kinds = {"pay": "resource", "item": "resource", "gain": "resource"}
    for verb, kind in kinds.items():
        game, move = examples[verb]
        assert game.structure(move)["args"] == [arg(kind, move.args[0])]
    game, move = examples["hire"]
    (card,) = game.structure(move)["args"]
    assert card["of"] in ("scientist", "contract") and card["value"] in game.state.science
    for verb, of in [("main", "action"), ("exec", "executive"), ("take", "blueprint")]:
        game, move = examples[verb]
        assert game.structure(move)["args"] == [arg("id", move.args[0], of)]


def test_every_verb_seen_sits_where_the_client_put_it(
    examples: dict[str, tuple[onmars.Game, Move]],
) -> None:
    """Each verb the random games offered, through ``Game.structure``; the buttons of a prompt
    (``end``, ``done``, ``travel``...) are named by their verb."""
    assert {"bot", "build", "main", "done", "end", "travel", "stay"} <= set(examples)
    for game, move in examples.values():
        decision = game.decision()
        assert decision is not None
        check(game.structure(move), decision.step)
    assert examples["end"][0].structure("end")["target"] == {"kind": "button", "id": "end"}


def test_completing_a_goal_belongs_to_the_goal_card() -> None:
    """§18: a Private Goal of the mover's hand is completed: the move belongs to that card."""
    game = onmars.Game.new(2, seed=2)
    rng = random.Random(2)
    while not any(m.verb == "goal" for m in game.legal_moves()):
        assert not game.is_over, "no Private Goal completed in this game"
        legal = game.legal_moves()
        game.play(rng.choice([m for m in legal if m.verb != "discard"] or legal))
    move = next(m for m in game.legal_moves() if m.verb == "goal")
    s = game.structure(move)
    assert s["target"] == {"kind": "goal", "id": move.args[0]}
    assert s["args"] == [arg("id", move.args[0], "goal")]
    assert move.args[0] in game.state.players[game.current_player].goals


@pytest.mark.parametrize(
    ("text", "target", "args"),
    [
        ("retrieve wa", ("working_area", None), [arg("word", "wa")]),
        ("retrieve construct", ("action_slot", "construct"), [arg("id", "construct", "action")]),
        ("retrieve 0,1", ("hex", "0,1"), [arg("hex", "0,1")]),
        ("goal PG03", ("goal", "PG03"), [arg("id", "PG03", "goal")]),
        ("radar D07", ("radar", "D07"), [arg("id", "D07", "discovery")]),
        (
            "advanced BP18 pay",
            ("advanced", "BP18"),
            [arg("id", "BP18", "blueprint"), arg("word", "pay")],
        ),
        (
            "benefit retrieve wa",
            ("button", "benefit"),
            [arg("word", "retrieve"), arg("word", "wa")],
        ),
        ("benefit mineral", ("button", "benefit"), [arg("resource", "mineral")]),
        (
            "deliver C02 water",
            ("contract", "C02"),
            [arg("id", "C02", "contract"), arg("resource", "water")],
        ),
        (
            "build shelter 0,1",
            ("hex", "0,1"),
            [arg("id", "shelter", "building"), arg("hex", "0,1")],
        ),
    ],
)
def test_rarer_moves_have_their_structure(
    text: str, target: tuple[str, str | None], args: list[dict[str, Any]]
) -> None:
    """Moves random games seldom offer: the Aqueduct and Eco Resort (``retrieve``, §14) and a
    Private Goal's Miner back (§18.2), completing a Private Goal (§18), the Radar (RUL-15),
    Life Support bonuses (§11.3), a Delivery contract, a Shelter."""
    s = structure(Move.parse(text), "some_step")
    assert (s["target"]["kind"], s["target"]["id"]) == target == place_of(text)
    assert s["args"] == args and s["step"] == "some_step" and s["move"] == text


def test_a_structure_is_a_fresh_value() -> None:
    """Moves are values and their reading is kept; what a caller gets is its own to change."""
    move = Move.parse("bot 0,1 0,2")
    first = structure(move, "control")
    first["args"].clear()
    first["target"]["id"] = "elsewhere"
    assert structure(move, "control")["args"] == [arg("hex", "0,1"), arg("hex", "0,2")]
    assert structure(move, "control")["target"] == {"kind": "bot", "id": "0,1"}


def test_only_a_legal_move_has_a_structure() -> None:
    """Game.structure is for the moves of the pending decision: another is refused as play
    refuses it, malformed text as malformed."""
    game = onmars.Game.new(2, seed=1)
    with pytest.raises(onmars.IllegalMoveError):
        game.structure("main construct")
    with pytest.raises(onmars.InvalidMoveError):
        game.structure("fly 1,2")


def test_the_engine_reads_moves_by_the_same_table() -> None:
    """Every verb's arguments are defined once (``ARGS``): the engine reads hexes, numbers and
    the Eco Resort's hex-or-action from it."""
    assert set(ARGS) == set(VERBS)
    read = {v for v, p in ARGS.items() if any("hex" in a or a == "number" for a in p)}
    assert set(ARG_KINDS) == read
    assert Move.parse("bot 0,1 0,2").typed == (hexmap.parse("0,1"), hexmap.parse("0,2"))
    assert Move.parse("seat 3").typed == (3,)
    assert Move.parse("retrieve wa").typed == ("wa",)
    assert Move.parse("retrieve 0,1").typed == (hexmap.parse("0,1"),)
    assert Move.parse("build mine 0,1").typed == ("mine", hexmap.parse("0,1"))


# --- the move events ------------------------------------------------------------------------


def test_a_move_event_names_its_hexes() -> None:
    """The move's own event carries the map cells it names: a Bot's move its two hexes (as
    the Bot's own event says), a building the hex it is built on (once paid for, §6.2: in
    this move or a later one), other moves none."""
    game = random_game(3, seed=7, moves=900)
    seen = set()
    plies = _by_ply(game.events(None))
    for ply, events in enumerate(plies):
        move, rest = events[0], events[1:]
        assert move["id"] == "move" and move["ply"] == ply
        verb = move["move"].split()[0]
        assert all(hexmap.parse(h) is not None for h in move["hexes"])
        if verb == "bot":
            bot = next(e for e in rest if e["id"] == "bot_moved")
            assert move["hexes"] == [bot["from_hex"], bot["hex"]]
        elif verb == "build":
            built = [e["hex"] for later in plies[ply:] for e in later if e["id"] == "building"]
            assert move["hexes"] == built[:1]
        elif verb in ("main", "end", "done", "seat", "take", "learn"):
            assert move["hexes"] == []
        seen.add(verb)
    assert {"bot", "build", "main"} <= seen


def _by_ply(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    out: list[list[dict[str, Any]]] = []
    for e in events:
        if e["id"] == "move":
            out.append([])
        out[-1].append(e)
    return out


def test_a_discarded_goal_stays_hidden_in_its_move_event() -> None:
    """RUL-18: another seat sees a Private Goal spent as a Crystal as ``discard``: the event's
    hexes (none) name nothing more; its owner sees the card."""
    game = onmars.Game.new(3, seed=4)
    while frame(game)["t"] != "turn":
        game.play(game.legal_moves()[0])
    seat = game.current_player
    goal = game.state.players[seat].goals[0]
    game.play(f"discard {goal}")
    n = len(game.moves) - 1
    for viewer in [s for s in range(3) if s != seat] + [None]:
        (event,) = [e for e in game.events(viewer, since=n) if e["id"] == "move"]
        assert event["move"] == "discard" and event["hexes"] == []
        assert goal not in str(game.events(viewer, since=n))
    (own,) = [e for e in game.events(seat, since=n) if e["id"] == "move"]
    assert own["move"] == f"discard {goal}" and own["hexes"] == []
