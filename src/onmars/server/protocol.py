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
from pydantic import BaseModel, ConfigDict, Field, RootModel, StringConstraints, model_validator
from pydantic.json_schema import models_json_schema

from onmars import LANGS, LENGTHS
from onmars.bots import BOTS
from onmars.rules import MAX_SEQUENCE, WARNING_KINDS, ArgKind, TargetKind

# --- the parameters ------------------------------------------------------------------------
GameId = Annotated[
    str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the game's id", max_length=32)
]
if TYPE_CHECKING:  # a checker reads only literal values; these take theirs from the rules
    Lang = str
    BotName = str
    Length = str
    WarningKind = str
else:
    WarningKind = Literal[WARNING_KINDS]
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
    vacation: int = Field(
        0,
        ge=0,
        le=MAX_CLOCK,
        description="vacation: seconds each player may overrun their clock over the whole game "
        "(their deadline is their clock's end plus what they have left; e.g. 604800, 7 days)",
    )


class NewGame(Closed):
    players: list[PlayerIn] = Field(min_length=2, max_length=4, description="2-4 seats")
    length: Length = Field("short", description="short or long game")
    clock: TimeControlIn | None = Field(None, description="the time control (none: no clock)")


class MoveIn(Closed):
    """One move (``move``) or a sequence of moves played all or none (``moves``, issue 23):
    exactly one of the two."""

    ply: int = Field(ge=0, le=MAX_PLY, description="the ply the move is for (the current one)")
    move: str | None = Field(None, min_length=1, max_length=200, description="the move in notation")
    moves: list[Annotated[str, StringConstraints(min_length=1, max_length=200)]] | None = Field(
        None,
        min_length=1,
        max_length=MAX_SEQUENCE,
        description="a sequence of moves by the seat deciding now, played one after the other, "
        "all or none: each checked against the rules in its turn, none but the last turning "
        "anything face up; each is stored as a move of its own (undo takes them back one by "
        "one, RUL-19)",
    )

    @model_validator(mode="after")
    def one_of_them(self) -> MoveIn:
        if (self.move is None) == (self.moves is None):
            raise ValueError("send either move or moves")
        return self

    @property
    def sequence(self) -> list[str]:
        """The moves sent, one or more."""
        return self.moves if self.moves is not None else [self.move or ""]


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
    hints: int = Field(0, description="the hints this seat asked for (issue 25.1; public)")


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
    vacation: float = Field(description="seconds of vacation each player had at the start")
    vacation_left: list[float] = Field(
        description="each seat's vacation seconds left when its decision started (or its last "
        "one ended); the seat on the clock overruns its clock from `deadline` less this",
    )


class HintIn(Closed):
    """A hint asked for (issue 25.1): how long the search may think, in what language."""

    seconds: float = Field(gt=0, le=10, description="seconds the search may think")
    lang: Lang = Field("en", description="the suggestions' words in this language")
    top: int = Field(3, ge=1, le=5, description="how many moves to suggest")


class HintMove(Closed):
    move: str = Field(description="the move's notation (legal now)")
    text: str = Field(description="the move in words")
    value: float = Field(description="estimated final OP margin over the best opponent")
    win: float = Field(description="estimated chance of winning, 0-1")
    visits: int = Field(description="simulations that tried it first")
    why: list[str] = Field(description="what it does now, what the search saw happen after")
    line: list[str] = Field(description="the seat's next moves in the search's best line")


class HintOut(Closed):
    """The search's answer for the seat deciding now, from its view only (RUL-18)."""

    ply: int = Field(description="the ply the hint is for")
    hints: int = Field(description="the hints this seat has asked for, this one included")
    seat: int
    suggestions: list[HintMove] = Field(description="best first")
    value_now: float = Field(description="the position's estimated margin (the best move's)")
    win_now: float
    sims: int = Field(description="simulations run")


class GameSummary(Closed):
    id: str
    players: list[PlayerOut]
    length: str
    ply: int
    round: int = Field(description="the round being played (0: the opening picks)")
    is_over: bool
    current_player: int | None = Field(description="the seat to decide now (None once over)")
    winners: list[int] = Field(
        default=[],
        description="a finished game's winning seats (public once it is over, RUL-22); [] before",
    )
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


class ThenStep(Closed):
    """A decision a move leads to before its action is complete (issue 23): named, not
    guessed, with the range of what its completions cost, gain and score."""

    text: str = Field(description="the decision, in the requested language")
    seat: int = Field(description="who decides: the mover, or another seat (a Tech's owner)")
    choices: int = Field(description="its legal moves (0: another seat's, or a note)")
    cost: dict[str, list[int]] = Field(description="item -> [least, most] it may cost")
    gain: dict[str, list[int]] = Field(description="item -> [least, most] it may give")
    op: list[int] = Field(description="[least, most] OP")
    partial: bool = Field(description="not every completion was tried: ranges of those seen")
    reveals: bool = Field(description="a completion turns something face up (not shown)")


class Warning(Closed):
    """What a move loses for good, asked about before it is played: a stable ``kind`` (a
    client may stop asking for a kind) and the ``text`` in the requested language."""

    kind: WarningKind
    text: str


class LegalSequence(Closed):
    """A sequence of legal moves the table may offer as one click (``Game.sequences``): a
    payment's combination, the Rover's path to a hex, a move with the turn's obvious tail or
    with the moves without a choice after it, a pass with the next decision's move.
    Send its ``moves`` as they are (``POST .../moves`` with ``moves``)."""

    kind: Literal["pay", "path", "tail", "forced", "then", "choice"]
    moves: list[str]
    label: str
    target: MoveTarget = Field(description="where it is clicked")
    cost: dict[str, int]
    gain: dict[str, int]
    op: int
    warnings: list[Warning]
    irreversible: bool = Field(description="turns something face up: no undo (RUL-19)")
    irreversible_text: str = Field(description="says so in the requested language ('' if not)")


class MoveChoice(Closed):
    """A legal move of the seat deciding now, as every state carries it: its notation, its
    label (``Game.labels``) and its structure (``Game.structures``): the client never parses
    the notation. Its preview comes when asked (``GET /api/games/{id}/moves``: a
    :class:`LegalMove` each)."""

    move: str = Field(description="the move's notation, to send back as it is")
    label: str
    verb: str
    args: list[MoveArg]
    step: str = Field(description="the step of the decision it answers")
    target: MoveTarget


class LegalMove(Closed):
    """A legal move of the seat deciding now, described (``Game.describe``) and with its
    structure (``Game.structures``): the client never parses the notation."""

    move: str = Field(description="the move's notation, to send back as it is")
    label: str
    cost: dict[str, Any]
    gain: dict[str, Any]
    op: int
    events: list[str]
    then: list[ThenStep] = Field(description="the decisions still ahead in this action")
    irreversible: bool = Field(description="turns something face up: no undo (RUL-19)")
    irreversible_text: str = Field(description="says so in the requested language ('' if not)")
    warnings: list[Warning]
    verb: str
    args: list[MoveArg]
    step: str = Field(description="the step of the decision it answers")
    target: MoveTarget


class Described(Closed):
    """``GET /api/games/{id}/moves``: the legal moves of the seat deciding now, each described
    with a preview, and the sequences offered as one click; empty for any other seat or a
    spectator (RUL-18). Worked out when asked, once per version of the game."""

    ply: int
    version: int = Field(description="the game's version these moves are for")
    legal_moves: list[LegalMove]
    sequences: list[LegalSequence] = Field(
        description="sequences of legal moves offered as one click (issue 23)"
    )


class RefusedPlace(Closed):
    """A place on the table no legal move uses now, and why (issue 23, ``Game.refusals``)."""

    target: MoveTarget
    move: str = Field(description="the move refused there")
    rule: str
    text: str = Field(description="the reason with its rule, in the requested language")


class WhyNot(Closed):
    """``GET /api/games/{id}/why``: the refused places of the pending decision, for the seat
    deciding now only (empty for anyone else: RUL-18)."""

    ply: int
    version: int
    refused: list[RefusedPlace]


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
    undo_why: str = Field(
        description="why the seat cannot undo now, with its rule, in the requested language "
        "('' when it can, or for a spectator)"
    )
    winners: list[int]
    decision: PendingDecision | None = Field(
        description="the pending decision (null once over or while held)"
    )
    view: SeatView = Field(description="game.view(seat): what this seat may see")
    events: list[Event] = Field(description="the events from ?since on")
    legal_moves: list[MoveChoice] = Field(
        description="on this seat's turn: the legal moves, labelled (described, with the "
        "sequences offered as one click, when asked: GET /api/games/{id}/moves)"
    )
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


# --- post-game analysis (issue 25, item 3; onmars.tools.analysis) --------------------------------
Words = dict[str, str]  # a text by language (en, zh)


class DecisionOut(Closed):
    """One decision judged by the search, from its mover's view at the time (RUL-18)."""

    ply: int = Field(description="the move's index (0 for the first)")
    seat: int
    round: int
    move: str
    label: Words = Field(description="the move in words, by language")
    choices: int = Field(description="how many legal moves there were")
    before: float = Field(description="the value with the search's preferred move (OP of lead)")
    after: float = Field(description="the value after the move played (OP of lead)")
    loss: float = Field(description="before - after, at least 0")
    win_before: float = Field(description="``before`` as a chance of winning (0-1)")
    win_after: float = Field(description="``after`` as a chance of winning (0-1)")
    best: str = Field(description="the search's preferred move")
    best_label: Words
    line: list[Words] = Field(description="what the search expected to follow, in words")
    sims: int
    mistake: bool = Field(description="among the mover's worst, losing at least 2 OP")


class RoundMark(Closed):
    round: int | None = Field(description="the round starting here (null: the end)")
    ply: int
    projected: list[int] = Field(description="each seat's projected final score then")


class SourcesOut(Closed):
    round: int | None = Field(description="the round (null: the final scoring)")
    op: list[dict[str, int]] = Field(description="per seat, OP gained by scoring category")


class AnalysisData(Closed):
    sims: int = Field(description="simulations per decision")
    done: int
    total: int = Field(description="decisions with a choice in the game")
    complete: bool
    rounds: list[RoundMark]
    sources: list[SourcesOut]
    final: list[int] | None
    decisions: list[DecisionOut]


class AnalysisOut(Closed):
    id: str
    status: Literal["off", "waiting", "running", "done", "failed"] = Field(
        description="off: this server analyses no game; waiting: not started; failed: its "
        "moves no longer replay"
    )
    players: list[PlayerOut]
    analysis: AnalysisData | None = Field(description="what is worked out so far")


class GameRecordOut(Closed):
    format: str = Field(description="onmars-record (docs/record.md)")
    version: int = Field(description="the record format's version")
    id: str
    options: dict[str, Any] = Field(description="the game's options (players, length)")
    seed: int = Field(description="the game's seed (RUL-22: shown once the game is over)")
    rules: int = Field(description="the rules version the game was played under")
    moves: list[str] = Field(description="every stored move, in order")
    ended: str | None = None
    players: list[PlayerOut]
    result: Result | None = Field(description="final scores and winners")
    analysis: AnalysisData | None = Field(None, description="the post-game analysis, if made")


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
    index: int | None = Field(
        None, description="a refused sequence's refused move, from 0 (nothing was played)"
    )
    rules: int | None = Field(None, description="a stored game's rules version (409)")
    errors: list[FieldError] | None = Field(None, description="422: each invalid field")


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (400, 401, 403, 404, 408, 409, 413, 422, 429, 503)
}


# --- chat and your-turn notices (issue 24 items 2 and 4) ------------------------------------
ChatChannel = Literal["players", "spectators"]


class ChatIn(Closed):
    """A chat message to post: a seat posts in ``players`` (and, once the game is over, in
    ``spectators``); a spectator in ``spectators``, under a name of its choice."""

    channel: ChatChannel
    text: str = Field(min_length=1, max_length=500, description="1-500 characters, plain text")
    name: Name | None = Field(
        None, description="a spectator's name (a seat's messages carry the seat's name)"
    )


class ChatMessage(Closed):
    """A chat message as stored: also pushed over the WebSocket (``type: "chat"``). ``text``
    is plain text, to be shown as text, never as HTML."""

    type: Literal["chat"] = "chat"
    id: int
    channel: ChatChannel
    seat: int | None = Field(description="the sender's seat; null for a spectator")
    name: str
    sender: str = Field(description="the key a reader mutes this sender by")
    text: str
    at: str = Field(description="when it was posted (ISO 8601, UTC)")


class ChatLog(Closed):
    channels: list[ChatChannel] = Field(description="the channels this reader may read and write")
    messages: list[ChatMessage] = Field(description="the newest messages, oldest first")


class NoticeIn(Closed):
    """A seat's choices of how it is told its turn came with its page closed (each optional:
    what is left out stays as it was)."""

    push: bool | None = Field(None, description="Web Push on or off")
    email: bool | None = Field(None, description="e-mail on or off")
    address: str | None = Field(
        None, max_length=254, description="the e-mail address ('' drops it)"
    )
    lang: Lang | None = Field(None, description="the messages' language")


class NoticeOut(Closed):
    """A seat's notice choices, and what the server offers."""

    push: bool
    email: bool
    address: str | None = Field(description="the seat's e-mail address (only the seat sees it)")
    lang: str
    subscriptions: int = Field(description="the seat's Web Push subscriptions (at most 5)")
    push_key: str = Field(description="the server's VAPID public key (applicationServerKey)")
    email_available: bool = Field(description="whether this server sends e-mail (--smtp)")


class PushKeys(Closed):
    p256dh: str = Field(min_length=1, max_length=200)
    auth: str = Field(min_length=1, max_length=100)


class PushSubscriptionIn(Closed):
    """A browser's push subscription (``PushSubscription.toJSON()``)."""

    endpoint: str = Field(min_length=8, max_length=1000)
    keys: PushKeys
    expirationTime: float | None = None  # noqa: N815 (the browser's own field name)


class PushDrop(Closed):
    endpoint: str | None = Field(None, max_length=1000, description="null: every subscription")


# --- accounts, players, ratings (issue 24; onmars.server.accounts, .ratings) ----------------
AccountName = Annotated[
    str,
    StringConstraints(min_length=1, max_length=32, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$"),
]


class Credentials(Closed):
    """A user name and password (register, log in). The password is never stored, logged or
    echoed: only its argon2id hash is kept."""

    name: AccountName = Field(description="the user name, 1-32 printable characters")
    password: str = Field(min_length=1, max_length=200, description="8-200 characters")


class ClaimIn(Closed):
    """A guest seat to bind to the signed-in account: the game and the seat's token."""

    game_id: str = Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")
    token: str = Field(min_length=1, max_length=100, description="the seat's secret token")


class Me(Closed):
    """The signed-in account (``signed_in`` false: nobody; the other fields null)."""

    signed_in: bool
    name: str | None = None
    csrf: str | None = Field(
        None, description="send it as X-CSRF-Token with every change made with the cookie"
    )
    rating: int | None = Field(None, description="on the arena ladder's Elo scale (random = 1000)")
    deviation: int | None = Field(None, description="two standard deviations, same scale")
    rated_games: int | None = None


class SeatPlayer(Closed):
    seat: int
    name: str
    bot: str | None
    account: str | None = Field(description="the account holding the seat, if any")


class MyGame(Closed):
    id: str
    seat: int = Field(description="the account's seat")
    players: list[SeatPlayer]
    length: str
    ply: int
    round: int
    is_over: bool
    current_player: int | None
    your_turn: bool
    updated: str


class MyGames(Closed):
    games: list[MyGame] = Field(description="changed last first")


class Claimed(Closed):
    game_id: str
    seat: int


class SeatKey(Closed):
    """A new token for the account's seat on this device (keep it like a seat link's)."""

    game_id: str
    seat: int
    token: str


class RatingPoint(Closed):
    game_id: str | None = Field(description="the rated game; None: the rating it started from")
    at: str
    rating: int
    deviation: int


class PlayedGame(Closed):
    id: str
    seat: int
    players: list[SeatPlayer]
    ended: str | None = Field(description="'agreement' when ended by agreement (RUL-20)")
    won: bool
    score: int | None
    rating_change: int | None = Field(description="None: not rated")
    hints: int = Field(0, description="the hints this player asked in it (issue 25.1)")
    finished: str


class WinRate(Closed):
    players: int
    games: int
    wins: int


class PlayerPage(Closed):
    name: str
    since: str
    rated_games: int
    rating: int
    deviation: int
    history: list[RatingPoint] = Field(description="the rating after each rated game")
    games: list[PlayedGame] = Field(description="finished games, last first")
    win_rates: list[WinRate] = Field(description="by number of players")


class LeaderEntry(Closed):
    name: str
    bot: bool = Field(description="a bot: its rating is fixed, from the arena ladder")
    games: int | None
    rating: int
    deviation: int


class Leaderboard(Closed):
    players: list[LeaderEntry]


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


ServerMessage = Annotated[GameState | ChatMessage | WsPong | WsError, Field(discriminator="type")]


class WsServerMessage(RootModel[ServerMessage]):
    """What the server sends: each new version of the game (``type: "state"``, shaped like
    ``GET /api/games/{id}`` with the events since the previous message), each new chat
    message the socket's reader may read (``type: "chat"``), pongs, errors."""


#: The models the schema's components hold besides those the routes name.
COMPONENTS: tuple[type[BaseModel], ...] = (
    WsToken,
    WsPing,
    WsPong,
    WsError,
    WsClientMessage,
    WsServerMessage,
    GameState,
    ChatMessage,
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
