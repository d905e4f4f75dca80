"""The protocol's shapes (issue 22.1): every request body, every answer of the HTTP API and every
WebSocket message, as pydantic v2 models described in the OpenAPI schema (``/openapi.json``).

The answers on the hot path (a game's state, its pushes, a replay) are built as plain data and
encoded by orjson, not validated on the way out (docs/architecture.md, "Protocol": validating a
state answer costs more than encoding it); the tests validate real answers against these models,
closed ones (``extra="forbid"``) where the shape is closed. The WebSocket messages, which have
no route in the schema, are added to its components by :func:`openapi`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import FastAPI, Path
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints
from pydantic.json_schema import models_json_schema

from onmars import LANGS, LENGTHS
from onmars.bots import BOTS
from onmars.rules import ArgKind, TargetKind

# --- the parameters ------------------------------------------------------------------------
GameId = Annotated[
    str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the game's id", max_length=32)
]
if TYPE_CHECKING:  # a checker reads only literal values; these take theirs from the rules
    Lang = str
    BotName = str
    Length = str
else:
    Lang = Literal[LANGS]
    BotName = Literal[tuple(BOTS)]
    Length = Literal[LENGTHS]
Name = Annotated[
    str,
    StringConstraints(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$"),
]
MAX_PLY = 1_000_000


class Closed(BaseModel):
    """A shape with no other fields: validating an answer with more fails."""

    model_config = ConfigDict(extra="forbid")


# --- requests --------------------------------------------------------------------------------
class PlayerIn(Closed):
    name: Name = Field(description="the player's name, 1-40 printable characters")
    bot: BotName | None = Field(None, description="a bot plays this seat (random, greedy)")


#: The longest time a clock may be given: 30 days (a day's increment at most).
MAX_CLOCK = 30 * 24 * 3600


class TimeControlIn(Closed):
    """A game's time control (onmars.server.clocks): a time per move, or a total time per
    player with an increment (Fischer); and what happens when a player's time runs out."""

    mode: Literal["move", "fischer"] = Field(
        description="move: the time for each decision; fischer: a total time per player"
    )
    seconds: int = Field(ge=1, le=MAX_CLOCK, description="per move, or the total per player")
    increment: int = Field(
        0, ge=0, le=24 * 3600, description="fischer: seconds gained at the end of each decision"
    )
    policy: Literal["bot", "agree"] = Field(
        "bot",
        description="at a timeout: bot: a bot of level `bot` plays the absent seat until its "
        "player takes it back; agree: the others may end the game by agreement (RUL-20)",
    )
    bot: BotName = Field("medium", description="the stand-in bot (policy bot)")


class NewGame(Closed):
    players: list[PlayerIn] = Field(min_length=2, max_length=4, description="2-4 seats")
    length: Length = Field("short", description="short or long game")
    clock: TimeControlIn | None = Field(None, description="the time control (none: no clock)")


class MoveIn(Closed):
    ply: int = Field(ge=0, le=MAX_PLY, description="the ply the move is for (the current one)")
    move: str = Field(min_length=1, max_length=200, description="the move in notation")


class UndoIn(Closed):
    ply: int | None = Field(None, ge=0, le=MAX_PLY, description="the current ply, if given")


class VoteIn(Closed):
    agree: bool = Field(True, description="true: vote to end now; false: withdraw the vote")


# --- a new game, the lobby, the bots ----------------------------------------------------------
class SeatOut(Closed):
    seat: int
    name: str
    bot: str | None
    token: str | None = Field(description="the seat's secret (None for a bot): keep it private")
    url: str | None = Field(description="the seat's private link")


class Created(Closed):
    id: str
    seats: list[SeatOut]


class PlayerOut(Closed):
    seat: int
    name: str
    bot: str | None


class ClockOut(Closed):
    """A game's clocks as anyone may see them (no secret: RUL-18)."""

    mode: Literal["move", "fischer"]
    base: float = Field(description="seconds per move, or in all per player (fischer)")
    increment: float = Field(description="seconds gained at the end of each decision (fischer)")
    policy: Literal["bot", "agree"] = Field(description="what happens at a timeout")
    bot: str | None = Field(description="the stand-in bot's name (policy bot)")
    seat: int | None = Field(description="the seat on the clock (null: nobody)")
    started: str | None = Field(description="when its decision started (ISO 8601, UTC)")
    deadline: str | None = Field(
        description="when its time runs out (ISO 8601, UTC); null: not timed (a bot's seat, "
        "an absent player's, the game over)"
    )
    remaining: list[float] = Field(
        description="each seat's seconds left when its last decision ended (fischer)"
    )
    absent: list[int] = Field(description="the seats whose time ran out, until they come back")


class GameSummary(Closed):
    id: str
    players: list[PlayerOut]
    length: str
    ply: int
    round: int = Field(description="the round being played (0: the opening picks)")
    is_over: bool
    current_player: int | None
    updated: str = Field(description="when the game last changed (ISO 8601, UTC)")
    clock: ClockOut | None = Field(None, description="its time control and clocks, if any")


class GameList(Closed):
    games: list[GameSummary] = Field(description="newest first")


class BotOut(Closed):
    name: str = Field(description="the name to give as a seat's bot")
    label: str = Field(description="the bot's name in the requested language")
    description: str = Field(description="how it plays (English)")


class BotList(Closed):
    bots: list[BotOut]


# --- a seat's view (Game.view; onmars.rules.shape declares the same shape) ------------------
Count = int
Ids = list[str]


class PlayerView(Closed):
    """A player as a seat sees it: another seat's secrets as counts (RUL-18)."""

    seat: int
    name: str
    colour: str
    res: dict[str, int] = Field(description="the resources in storage, by item")
    crystals: int
    pending: int
    depot_ships: list[int]
    hangar: int
    ships_out: int
    lab: dict[str, str] = Field(description="Lab space -> the Tech tile or Shelter on it")
    lq: int = Field(description="Colonists in the Living Quarters")
    wa: int = Field(description="Colonists in the Working Area")
    reserve: int
    bots: int
    ab: int
    shelters: int
    blueprints: Ids
    built: Ids
    progress: Ids
    op: int = Field(description="Colony points")
    op_by: dict[str, int]
    space: int = Field(description="the Turn Order space")
    side: str
    rover: int = Field(description="the Rover's hex index (-1: none)")
    goals: Count | Ids = Field(description="Private Goals: ids for the viewer, else a count")
    goal_done: str
    scientists: Ids
    contracts: Ids
    delivered: dict[str, list[str]]
    contracts_done: Ids
    research: Ids
    discoveries: Count | Ids = Field(description="face-down Discovery tiles: ids or a count")
    bot_discoveries: Count | Ids


class StackShown(Closed):
    """A building stack as a view shows it: its top tile and how many it holds (RUL-18)."""

    top: str
    count: int


class Revealed(Closed):
    """What a view adds once the game is over (RUL-22)."""

    spent_goals: list[list[str]] = Field(description="the goals each seat spent as Crystals")
    discovery_stack: Ids
    bp_deck: Ids
    tech_stacks: list[list[str]]
    building_stacks: dict[str, list[str]]


class SeatView(Closed):
    """``Game.view(seat)``: the state as a seat (or a spectator) may see it (RUL-18): the
    face-down stacks as counts and tops, other seats' secrets as counts; once over, everything
    (``revealed``, RUL-22). Per-hex lists are indexed by the map's cells."""

    players: list[PlayerView]
    seed: None = Field(description="never shown (it would reveal every stack)")
    length: str
    rules: int = Field(description="the rules version the game is played under")
    round: int
    phase: str
    first: int
    done: list[int]
    warehouse: dict[str, int]
    grid: dict[str, str]
    tech_stacks: list[int] = Field(description="how many tiles each Tech stack holds")
    bp_display: Ids
    bp_deck: int = Field(description="how many cards the Blueprint deck holds")
    discovery_stack: int = Field(description="how many tiles the Discovery stack holds")
    exploration: Ids
    building_stacks: dict[str, StackShown]
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
    lss_first: Ids
    missions: dict[str, int]
    remaining: int
    end_round: int
    shuttle_side: str
    shuttle_space: int
    science: Ids
    sci_at: dict[str, str]
    radar: str
    contract_deck: Ids
    stack: list[dict[str, Any]] = Field(description="the pending decisions, the last one on top")
    turn: dict[str, Any] = Field(description="the current turn's data")
    viewer: int | None
    current_player: int | None
    revealed: Revealed | None = Field(None, description="once the game is over (RUL-22)")


# --- events, decisions, moves, scores ------------------------------------------------------------
class Event(BaseModel):
    """What a move did, as a seat may see it (``Game.events``): the common fields, then the
    fields of its ``id`` (a move event adds ``move`` and ``hexes``; others their own)."""

    model_config = ConfigDict(extra="allow")
    ply: int
    round: int
    seat: int | None
    id: str = Field(description="the kind of event: move, tech_learned, ...")
    text: str | None = Field(
        None, description="the event in words, in the requested language (with ?lang= only)"
    )


class PendingDecision(Closed):
    """Who decides now, at which step, with its prompt (in the requested language) and rule."""

    seat: int
    step: str
    prompt: str
    rule: str


class MoveArg(Closed):
    """One argument of a move (``onmars.MoveArg``): a hex ``"q,r"``, a number, a component id
    (``of``: its kind), an item, or a fixed word of the notation."""

    kind: ArgKind
    value: str | int
    of: str | None


class MoveTarget(Closed):
    """Where on the table a move belongs: the kind of place and the thing clicked there."""

    kind: TargetKind
    id: str | None


class LegalMove(Closed):
    """A legal move of the seat deciding now, described (``Game.describe``) and with its
    structure (``Game.structures``): the client never parses the notation."""

    move: str = Field(description="the move's notation, to send back as it is")
    label: str
    cost: dict[str, Any]
    gain: dict[str, Any]
    op: int
    events: list[str]
    warnings: list[str]
    verb: str
    args: list[MoveArg]
    step: str = Field(description="the step of the decision it answers")
    target: MoveTarget


class Score(Closed):
    """A seat's score (``Game.scores``, ``Game.projection``)."""

    seat: int
    name: str
    total: int
    breakdown: dict[str, int]
    tiebreak: list[int]


class HeldAt(Closed):
    """Where a held game stopped (docs/rules-versions.md), as a seat may see it."""

    ply: int
    move: str
    rules: int = Field(description="the game's rules version")
    current_rules: int
    older: bool
    dropped: int
    reason: str
    message: str = Field(description="in the requested language")


class GameState(Closed):
    """A game as a seat (or a spectator) sees it: ``GET /api/games/{id}``, the answer to every
    change, and each WebSocket push."""

    type: Literal["state"] = "state"
    id: str
    ply: int = Field(description="moves played so far; a move is sent for this ply")
    version: int = Field(description="bumped by every change (moves, undo, votes)")
    seat: int | None = Field(description="the token's seat; null for a spectator")
    current_player: int | None
    is_over: bool
    ended: str | None = Field(description="'agreement' when ended by agreement (RUL-20)")
    players: list[PlayerOut]
    votes: list[int] = Field(description="the seats that voted to end the game now")
    stop: HeldAt | None = Field(
        description="a game held at a move today's rules refuse (docs/rules-versions.md): "
        "where (ply, move), why (reason, rules: the game's rules version, current_rules) and "
        "a message in the requested language; null for any other game"
    )
    resumes: list[int] = Field(
        description="the seats that voted to go on with a held game from its last accepted move"
    )
    can_undo: bool
    winners: list[int]
    decision: PendingDecision | None = Field(
        description="the pending decision (null once over or while held)"
    )
    view: SeatView = Field(description="game.view(seat): what this seat may see")
    events: list[Event] = Field(description="the events from ?since on")
    legal_moves: list[LegalMove] = Field(description="on this seat's turn: the legal moves")
    scores: list[Score] | None = Field(None, description="once the game is over")
    projection: list[Score] = Field(
        description="game.projection(seat): each seat's score if the game ended now (public)"
    )
    clock: ClockOut | None = Field(None, description="the game's clocks (null: no time control)")


# --- replays and records -------------------------------------------------------------------------
class ReplayState(Closed):
    id: str
    ply: int
    total: int = Field(description="the number of moves of the finished game")
    players: list[PlayerOut]
    current_player: int | None
    view: SeatView = Field(
        description="the view at this ply with nothing hidden (RUL-22: the game is over)"
    )
    events: list[Event]


class Result(Closed):
    scores: list[Score]
    winners: list[int]


class GameRecordOut(Closed):
    id: str
    options: dict[str, Any] = Field(description="the game's options (players, length)")
    seed: int = Field(description="the game's seed (RUL-22: shown once the game is over)")
    rules: int = Field(description="the rules version the game was played under")
    moves: list[str] = Field(description="every stored move, in order")
    ended: str | None = None
    players: list[PlayerOut]
    result: Result | None = Field(description="final scores and winners")


# --- the catalog ---------------------------------------------------------------------------------
Faces = dict[str, dict[str, Any]]


class Catalog(Closed):
    """``onmars.catalog(lang)``: every component's face by kind, then id (names, texts and
    numbers: see the rules' explain/catalog.py for each kind's fields)."""

    blueprint: Faces
    scientist: Faces
    contract: Faces
    mission: Faces
    private_goal: Faces
    discovery: Faces
    lss_reward: Faces
    lab_space: Faces
    executive: Faces
    turn_order: Faces
    action: Faces
    building: Faces
    living_quarters: Faces
    tech_tile: Faces
    research: Faces
    building_tile: Faces
    bonus: Faces
    names: Faces = Field(description="other words, by group then id (items: one and many)")


# --- health and errors ---------------------------------------------------------------------------
class Health(Closed):
    ok: bool
    database: str = Field(description="the database's kind (sqlite, postgresql)")
    games: int = Field(description="the games in this process's memory")
    writes: str = Field(description="'ok', or why the database cannot take writes")


class FieldError(Closed):
    loc: list[str]
    msg: str


class Problem(Closed):
    """Every error answer (4xx, 5xx): what is wrong, in the language asked for."""

    detail: str = Field(description="what is wrong, in words")
    lang: str | None = Field(None, description="the language of detail")
    rule: str | None = Field(None, description="an illegal move's rule (§n, RUL-n)")
    reason: str | None = Field(None, description="an illegal move's reason, without its rule")
    ply: int | None = Field(None, description="the game's current ply (on a conflict)")
    rules: int | None = Field(None, description="a stored game's rules version (409)")
    errors: list[FieldError] | None = Field(None, description="422: each invalid field")


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (400, 401, 403, 404, 408, 409, 413, 422, 429, 503)
}


# --- the WebSocket's messages ----------------------------------------------------------------
class WsToken(Closed):
    """Client -> server, the first message: the seat's token (``null``: a spectator)."""

    token: str | None = Field(max_length=100)


class WsPing(RootModel[Literal["ping"]]):
    """Client -> server: ``"ping"`` (bare or as a JSON string); answered ``{"type": "pong"}``."""


class WsPong(Closed):
    """Server -> client: the answer to a ping."""

    type: Literal["pong"] = "pong"


class WsError(Closed):
    """Server -> client: why the socket is closed now (close code 4000 + status)."""

    type: Literal["error"] = "error"
    status: int
    detail: str
    lang: str


class WsClientMessage(RootModel[WsToken | WsPing]):
    """What a client sends: the token first, then pings."""


ServerMessage = Annotated[GameState | WsPong | WsError, Field(discriminator="type")]


class WsServerMessage(RootModel[ServerMessage]):
    """What the server sends: each new version of the game (``type: "state"``, shaped like
    ``GET /api/games/{id}`` with the events since the previous message), pongs, errors."""


#: The models the schema's components hold besides those the routes name.
COMPONENTS: tuple[type[BaseModel], ...] = (
    WsToken,
    WsPing,
    WsPong,
    WsError,
    WsClientMessage,
    WsServerMessage,
    GameState,
    Catalog,
    Health,
)


def openapi(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI schema, made once, with the WebSocket's messages (which no route
    names) among its components."""
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(
        title=app.title,
        version=app.version,
        summary=app.summary,
        description=app.description,
        routes=app.routes,
    )
    _, extra = models_json_schema(
        [(m, "serialization") for m in COMPONENTS], ref_template="#/components/schemas/{model}"
    )
    found = schema.setdefault("components", {}).setdefault("schemas", {})
    for name, model in extra.get("$defs", {}).items():
        found.setdefault(name, model)
    app.openapi_schema = schema
    return schema
