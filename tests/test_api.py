"""The public API (game.py, moves.py, errors.py, view.py): creation, moves and their notation,
typed errors, undo, saving and loading, replay and the per-seat view (RUL-17, RUL-18)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from conftest import assert_illegal, legal, play, started

import onmars
from onmars import Move
from onmars.rules.engine.version import RULES_VERSION
from onmars.rules.position import arrange

# --- Game.new (§3, RUL-17) ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("length", ["short", "long"])
def test_new_game_sizes(players: int, length: str) -> None:
    """§3: 2-4 players, a short or long game; the first decision is an opening pick."""
    game = onmars.Game.new(players=players, seed=1, length=length)
    assert game.state.n == players and game.state.length == length
    assert game.current_player == game.state.first
    assert not game.is_over
    assert game.log == {
        "options": {"players": [f"Player {i + 1}" for i in range(players)], "length": length},
        "seed": 1,
        "rules": RULES_VERSION,
        "moves": [],
    }


def test_new_game_with_names() -> None:
    """§3: players may be given by name; seats follow the list."""
    game = onmars.Game.new(players=["Ada", "Bo"], seed=3)
    assert [p.name for p in game.state.players] == ["Ada", "Bo"]
    assert game.state.n == 2


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 5},
        {"players": 0},
        {"players": ["solo"]},
        {"players": ["a", "b", "c", "d", "e"]},
        {"players": "abc"},
        {"players": True},
        {"players": [1, 2]},
        {"players": 3, "length": "medium"},
        {"players": 3, "length": ""},
        {"players": 3, "seed": "7"},
        {"players": 3, "seed": 1.5},
    ],
    ids=str,
)
def test_new_game_bad_arguments(kwargs: dict) -> None:
    """§3, §3.2 item 11: only 2-4 players and "short"/"long"; a seed is an integer. Bad
    arguments raise ValueError."""
    with pytest.raises(ValueError):
        onmars.Game.new(**kwargs)


def test_random_seed_is_recorded() -> None:
    """RUL-17: without a seed one is drawn and kept in the log, so the game replays."""
    game = onmars.Game.new(players=3)
    assert isinstance(game.log["seed"], int)
    again = onmars.Game.replay(game.log)
    assert again.state.to_dict() == game.state.to_dict()


def test_errors_are_value_errors() -> None:
    """The engine's typed errors share a base and are ValueErrors (like python-chess)."""
    for err in (onmars.InvalidMoveError, onmars.IllegalMoveError, onmars.SaveFileError):
        assert issubclass(err, onmars.OnMarsError) and issubclass(err, ValueError)


# --- Moves and notation -------------------------------------------------------------------------


def test_move_is_frozen_and_hashable() -> None:
    """Moves are small frozen values: equal text, equal and same hash."""
    m = Move.parse("main pod")
    assert m == Move("main", ("pod",))
    assert hash(m) == hash(Move("main", ("pod",)))
    assert len({m, Move.parse("main pod"), Move.parse("main tech")}) == 2
    with pytest.raises(AttributeError):
        m.verb = "exec"  # type: ignore[misc]


@pytest.mark.parametrize(
    "text", ["main pod", "seat 3", "learn A-rover 1t", "discover D01 0,-3", "bot 0,-1 2,-2"]
)
def test_notation_round_trips(text: str) -> None:
    """``Move.parse(str(m)) == m`` and the text is kept."""
    m = Move.parse(text)
    assert str(m) == text
    assert Move.parse(str(m)) == m


def test_parse_normalises_spacing_and_verb_case() -> None:
    """Extra spaces are ignored and the verb is case-insensitive."""
    assert Move.parse("  MAIN   pod ") == Move.parse("main pod")


@pytest.mark.parametrize("text", ["", "   ", "fly 3", "seat 1;2", "main p@d", "take BP04!"])
def test_malformed_text_is_invalid(text: str) -> None:
    """Text that is not a move at all raises InvalidMoveError (not IllegalMoveError)."""
    with pytest.raises(onmars.InvalidMoveError):
        Move.parse(text)


@pytest.mark.parametrize("bad", ["fly 3", "", None, 5, ("main", "pod")])
def test_play_malformed_leaves_game_unchanged(bad: object) -> None:
    """Game.play refuses malformed input with InvalidMoveError and changes nothing."""
    game = started(3, seed=1)
    before, moves = game.state.to_dict(), list(game.moves)
    with pytest.raises(onmars.InvalidMoveError):
        game.play(bad)  # type: ignore[arg-type]
    assert game.state.to_dict() == before and game.moves == moves


@pytest.mark.parametrize(
    "move, rule",
    [
        ("main control", "§1.2"),
        ("end", "§5.1"),
        ("exec mineral", "§13.1"),
        ("seat 3", "§5.1"),
        ("take BP01", "§5.1"),
        ("main", "§"),
    ],
)
def test_illegal_move_names_the_rule_and_changes_nothing(move: str, rule: str) -> None:
    """An illegal but well-formed move raises IllegalMoveError whose message starts with the
    rule id (§n / RUL-n); the state and the log are untouched."""
    game = started(3, seed=1)
    msg = assert_illegal(game, move)
    assert msg.startswith(rule), msg


def test_illegal_move_object_is_refused() -> None:
    """A Move object is checked like text."""
    game = started(3, seed=1)
    before = game.state.to_dict()
    with pytest.raises(onmars.IllegalMoveError):
        game.play(Move("seat", ("9",)))
    assert game.state.to_dict() == before


def test_legal_moves_are_moves_and_play() -> None:
    """legal_moves() lists Move values; playing one (as Move or text) is accepted and logged."""
    game = onmars.Game.new(players=3, seed=1)
    moves = game.legal_moves()
    assert moves and all(isinstance(m, Move) for m in moves)
    game.play(moves[0])
    assert game.moves == [str(moves[0])]


def test_why() -> None:
    """Game.why gives "" for a legal move and the rule-named reason otherwise."""
    game = started(3, seed=1)
    assert game.why("main tech") == ""
    assert game.why("main control").startswith("§1.2")


def test_move_after_the_end_names_the_rule() -> None:
    """§24.1: after the last round no move is legal; the refusal still names the rule."""
    game = started(3, seed=1)
    arrange(game, {"end_round": 1})
    for _ in range(3):
        from conftest import end_turn_quietly

        end_turn_quietly(game)
    assert game.is_over and game.legal_moves() == [] and game.current_player is None
    assert_illegal(game, "end")


# --- Undo, replay, copy --------------------------------------------------------------------------


def test_undo_restores_the_previous_position() -> None:
    """Undo takes back the last move: state and log as before it."""
    game = started(3, seed=1)
    before, moves = game.state.to_dict(), list(game.moves)
    play(game, "main resupply", "item crystal")
    game.undo()
    assert game.moves == [*moves, "main resupply"]
    game.undo()
    assert game.state.to_dict() == before and game.moves == moves


def test_undo_to_the_start_then_nothing() -> None:
    """Undo walks back to the new game; with no move left it refuses."""
    game = onmars.Game.new(players=2, seed=4)
    start = game.state.to_dict()
    play(game, "seat 8", "seat 1")
    game.undo()
    game.undo()
    assert game.state.to_dict() == start
    with pytest.raises(onmars.IllegalMoveError):
        game.undo()


def test_replay_rebuilds_the_same_game() -> None:
    """A game is (options, seed, moves): Game.replay(game.log) rebuilds the same state."""
    game = started(4, seed=8)
    play(game, "main blueprint", f"take {game.state.bp_display[2]}", "done")
    again = onmars.Game.replay(game.log)
    assert again.state.to_dict() == game.state.to_dict()
    assert again.legal_moves() == game.legal_moves()


def test_copy_is_independent() -> None:
    """Game.copy() gives a game that can be played without touching the original."""
    game = started(3, seed=1)
    before = game.state.to_dict()
    twin = game.copy()
    play(twin, "main resupply", "item crystal")
    assert game.state.to_dict() == before
    assert twin.state.to_dict() != before


# --- Saving and loading ---------------------------------------------------------------------------


def test_save_and_load_lossless() -> None:
    """to_json / from_json keep everything: state, options, seed and moves."""
    game = started(3, seed=5, length="long")
    play(game, "main tech")
    text = game.to_json()
    loaded = onmars.Game.from_json(text)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.log == game.log
    assert loaded.to_json() == text
    assert json.loads(text)["state"] == game.state.to_dict()


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda t: t[: len(t) // 2],
        lambda t: "not json",
        lambda t: "[]",
        lambda t: "null",
        lambda t: json.dumps({**json.loads(t), "format": 99}),
        lambda t: json.dumps({**json.loads(t), "log": None}),
        lambda t: json.dumps({**json.loads(t), "log": {**json.loads(t)["log"], "seed": "x"}}),
        lambda t: json.dumps({**json.loads(t), "log": {**json.loads(t)["log"], "moves": "seat 1"}}),
        lambda t: json.dumps(
            {**json.loads(t), "log": {**json.loads(t)["log"], "options": {"players": 9}}}
        ),
    ],
    ids=[
        "truncated",
        "not-json",
        "list",
        "null",
        "format",
        "no-log",
        "seed",
        "moves-not-list",
        "players",
    ],
)
def test_corrupt_save_is_refused(corrupt) -> None:
    """A save that is not a valid On Mars save raises SaveFileError."""
    game = started(3, seed=5)
    with pytest.raises(onmars.SaveFileError):
        onmars.Game.from_json(corrupt(game.to_json()))


def test_edited_state_is_refused() -> None:
    """The saved state must match its replayed log: an edited Resource is caught."""
    game = started(3, seed=5)
    data = json.loads(game.to_json())
    data["state"]["players"][0]["res"]["oxygen"] = 2
    with pytest.raises(onmars.SaveFileError, match="state"):
        onmars.Game.from_json(json.dumps(data))


@pytest.mark.parametrize("edit", ["fly 9", "seat 9", "main control"])
def test_edited_move_is_refused(edit: str) -> None:
    """A log move that is malformed or illegal where it stands raises SaveFileError naming the
    move."""
    game = started(3, seed=5)
    data = json.loads(game.to_json())
    data["log"]["moves"][1] = edit
    with pytest.raises(onmars.SaveFileError, match="move 2"):
        onmars.Game.from_json(json.dumps(data))


def test_swapped_legal_move_is_refused() -> None:
    """A log edited into another legal game no longer matches the saved state."""
    game = onmars.Game.new(players=2, seed=5)
    play(game, "seat 8", "seat 7", "done")
    data = json.loads(game.to_json())
    data["log"]["moves"][0] = "seat 6"
    with pytest.raises(onmars.SaveFileError):
        onmars.Game.from_json(json.dumps(data))


def test_replay_of_a_bad_log() -> None:
    """Game.replay refuses a log that is not one (SaveFileError)."""
    with pytest.raises(onmars.SaveFileError):
        onmars.Game.replay({"options": {}, "seed": 1, "moves": []})
    with pytest.raises(onmars.SaveFileError):
        onmars.Game.replay({"seed": 1})


# --- The view (RUL-18) ---------------------------------------------------------------------------


def test_view_hides_other_players_goals() -> None:
    """RUL-18: a seat sees its own Private Goals, the others' only as a count."""
    game = started(3, seed=1)
    s = game.state
    v = game.view(1)
    assert v["players"][1]["goals"] == s.players[1].goals
    assert v["players"][0]["goals"] == 3 and v["players"][2]["goals"] == 3
    text = json.dumps(v)
    for p in (s.players[0], s.players[2]):
        for goal in p.goals:
            if goal not in s.players[1].goals:
                assert f'"{goal}"' not in text


def test_spectator_view_hides_all_goals() -> None:
    """RUL-18: view(None) is a spectator's: every hand is a count."""
    game = started(4, seed=2)
    v = game.view(None)
    assert [p["goals"] for p in v["players"]] == [3, 3, 3, 3]
    text = json.dumps(v)
    assert not any(f'"{g}"' in text for p in game.state.players for g in p.goals)


def test_view_hides_stack_orders_and_seed() -> None:
    """RUL-18: face-down stacks show only their size (building stacks also their public top
    tile); the seed, which would reveal them, is withheld."""
    game = started(4, seed=2)
    s = game.state
    v = game.view(0)
    assert v["seed"] is None
    assert v["bp_deck"] == len(s.bp_deck)
    assert v["discovery_stack"] == len(s.discovery_stack)
    assert v["tech_stacks"] == [4, 4]
    for kind, stack in s.building_stacks.items():
        assert v["building_stacks"][kind] == {"top": stack[-1], "count": len(stack)}
    text = json.dumps(v)
    hidden = [*s.bp_deck, *s.discovery_stack, *(t for st in s.tech_stacks for t in st)]
    hidden += [t for st in s.building_stacks.values() for t in st[:-1]]
    assert not [x for x in hidden if f'"{x}"' in text]


def test_view_shows_public_information() -> None:
    """RUL-18: everything else is public: display, Grid, Exploration, contracts, Resources."""
    game = started(3, seed=1)
    s = game.state
    v = game.view(2)
    assert v["bp_display"] == s.bp_display
    assert v["grid"] == s.grid
    assert v["exploration"] == s.exploration
    assert v["contract_deck"] == s.contract_deck
    assert v["players"][0]["res"] == s.players[0].res
    assert v["viewer"] == 2 and v["current_player"] == game.current_player


def test_view_hides_held_discovery_tiles() -> None:
    """RUL-18: Discovery tiles held face down are seen by others only as a count."""
    game = started(3, seed=1)
    arrange(game, {"players": {0: {"discoveries": ["D03", "D07"]}}})
    assert game.view(0)["players"][0]["discoveries"] == ["D03", "D07"]
    assert game.view(1)["players"][0]["discoveries"] == 2
    assert game.view(None)["players"][0]["discoveries"] == 2


def test_view_does_not_change_the_game() -> None:
    """A view is a redacted copy: the game is unchanged and can go on."""
    game = started(3, seed=1)
    before = game.state.to_dict()
    game.view(0)
    game.view(None)
    assert game.state.to_dict() == before
    assert "main tech" in legal(game)


def test_trusted_load_skips_the_replay_but_keeps_the_game() -> None:
    """A trusted load (verify=False) rebuilds the same state without replaying, and play goes
    on; a malformed trusted save is still a SaveFileError."""
    game = started(3, seed=1)
    play(game, "main resupply", "item crystal")
    loaded = onmars.Game.from_json(game.to_json(), verify=False)
    assert loaded.state.to_dict() == game.state.to_dict() and loaded.moves == game.moves
    move = loaded.legal_moves()[0]
    loaded.play(move)
    game.play(move)
    assert loaded.state.to_dict() == game.state.to_dict()
    with pytest.raises(onmars.SaveFileError):
        onmars.Game.from_json('{"format": 1, "log": {}}', verify=False)


def test_malformed_saves_and_moves_raise_typed_errors() -> None:
    """Bad input gets a typed error: deeply nested or oversized JSON, bytes that are not text,
    a trusted save with a broken state, a Move built with non-text arguments, a player count
    far out of range in a log."""
    for text in ("[" * 100_000, "1" * 5000, b"\xff\xfe"):
        with pytest.raises(onmars.SaveFileError):
            onmars.Game.from_json(text)  # type: ignore[arg-type]
    broken = '{"format": 1, "log": {"options": {}, "moves": []}, "state": "xy"}'
    with pytest.raises(onmars.SaveFileError):
        onmars.Game.from_json(broken, verify=False)
    game = started(3, seed=1)
    before = game.state.to_dict()
    for move in (onmars.Move("bot", (1, 2)), onmars.Move("seat", ("1 2",))):  # type: ignore[arg-type]
        with pytest.raises(onmars.InvalidMoveError):
            game.play(move)
    assert game.state.to_dict() == before
    log = {"options": {"players": 10**9, "length": "short"}, "seed": 1, "moves": []}
    with pytest.raises(onmars.SaveFileError, match="§3"):
        onmars.Game.replay(log)


def _midgame(players: int = 4, moves: int = 300) -> onmars.Game:
    import random

    game = onmars.Game.new(players, seed=3)
    rng = random.Random(1)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def test_undo_after_push_restores_the_position_even_on_a_determinized_copy() -> None:
    """Issue 9: ``push`` (unchecked, for search) keeps what undo needs; a determinized copy
    replays from its own opening position, not from a new game's."""
    game = _midgame()
    for world in (game.copy(), game.determinize(0, 7), game.determinize(None, 8)):
        before = world.view(None)
        world.push(world.legal_moves()[0])
        world.undo()
        assert world.view(None) == before


def test_a_copy_shares_nothing_with_its_game() -> None:
    """Issue 8 item 10: changing a copy's options or the events handed out changes nothing."""
    game = _midgame(3, 50)
    twin = game.copy()
    twin.options["players"][0] = "X"
    assert game.players[0] != "X"
    assert onmars.Game.replay(game.log).players == game.players
    game.events(None)[0]["id"] = "HACK"
    assert game.events(None)[0]["id"] != "HACK"


def _containers(value: object) -> list[object]:
    """Every list and dict inside ``value`` (a state, a player, or plain data)."""
    if dataclasses.is_dataclass(value):
        return [c for f in dataclasses.fields(value) for c in _containers(getattr(value, f.name))]
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in _containers(v))]
    if isinstance(value, list):
        return [value, *(c for v in value for c in _containers(v))]
    return []


def test_a_clone_shares_no_list_or_dict_with_its_state() -> None:
    """A copy is independent to the last list (issue 9: the clone is generated from the declared
    field and frame types): at positions with frames of every common kind pending (a
    payment's tokens, the Bots moved in a Control Center), no list or dict of the clone is
    one of the original's, and the clone equals it."""
    game, rng, kinds = onmars.Game.new(4, seed=21), random.Random(21), set()
    while not game.is_over:
        s = game.state
        twin = s.clone()
        assert twin == s
        assert not {id(c) for c in _containers(twin)} & {id(c) for c in _containers(s)}
        kinds |= {f["t"] for f in s.stack if any(type(v) is list for v in f.values())}
        game.play(rng.choice(game.legal_moves()))
    assert {"pay", "control"} <= kinds


@pytest.mark.parametrize("seat", [7, -1, True, "0", 1.0])
def test_a_seat_that_is_not_in_the_game_is_refused(seat: object) -> None:
    """RUL-18: ``view(True)`` must not show seat 1's hand; any seat not in the game is refused
    with an OnMarsError, never read as a spectator or another seat."""
    game = onmars.Game.new(3, seed=1)
    for ask in (game.view, game.seat_log, game.events):
        with pytest.raises(onmars.OnMarsError):
            ask(seat)
