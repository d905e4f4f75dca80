"""A finished game's record (issue 25, item 4): one JSON object that replays and explains it.

The record is the game's log (``options``, ``seed``, ``rules``, ``moves``, ``ended``: what
:meth:`onmars.Game.replay` reads) with ``format`` and ``version`` (this module's
:data:`FORMAT` and :data:`VERSION`), the game's ``id``, its ``players`` (seat, name, bot), its
``result`` (final scores and winners) and, once worked out, its ``analysis``
(:mod:`onmars.tools.analysis`). It holds the seed, so it is made only once the game is over
(RUL-22; before the end the seed would show every face-down stack, RUL-18). docs/record.md
describes each field.

:func:`check_record` reads one back and refuses a corrupt or partial one with a
:class:`RecordError` naming the problem: a record cut short no longer replays to the result it
states.
"""

from __future__ import annotations

from typing import Any

from onmars import N_, Game, OnMarsError, SaveFileError, reason_text, tr
from onmars.terminal.play import load_game, load_session_data

FORMAT = "onmars-record"
VERSION = 1


class RecordError(SaveFileError):
    """A game record that cannot be read: not JSON, not a record, or inconsistent."""


def make_record(
    game_id: str,
    log: dict[str, Any],
    players: list[dict[str, Any]],
    result: dict[str, Any] | None,
    analysis: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a finished game (its ``log`` as :attr:`onmars.Game.log` gives it)."""
    body: dict[str, Any] = {"format": FORMAT, "version": VERSION, "id": game_id, **log}
    body["players"] = players
    body["result"] = result
    if analysis is not None:
        body["analysis"] = analysis
    return body


def record_of(game: Game, game_id: str = "local", bots: list[str | None] | None = None) -> dict:
    """The record of a finished :class:`~onmars.Game` played here (``onmars play``'s saves)."""
    bots = bots or [None] * len(game.players)
    players = [
        {"seat": seat, "name": name, "bot": bot}
        for seat, (name, bot) in enumerate(zip(game.players, bots, strict=True))
    ]
    result = {"scores": game.scores(), "winners": game.winners()} if game.is_over else None
    return make_record(game_id, game.log, players, result)


def _fail(lang: str, message: str, **values: Any) -> RecordError:
    return RecordError(tr(message, lang, **values))


def check_record(data: Any, lang: str = "en") -> Game:
    """The game a record replays to, once every part of the record is checked against it;
    :class:`RecordError` (in ``lang``) names the first problem. A plain log (no ``format``)
    is read as :meth:`Game.replay` reads it."""
    if not isinstance(data, dict):
        raise _fail(lang, N_("a game record is a JSON object"))
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise _fail(lang, N_("not an On Mars game record: its format is {format}"),
                    format=repr(fmt))  # fmt: skip
    version = data.get("version", VERSION)
    if type(version) is not int or not 1 <= version <= VERSION:
        raise _fail(lang, N_("a game record of version {version}: this program reads "
                             "version {ours}"), version=repr(version), ours=VERSION)  # fmt: skip
    try:
        game, stop = Game.replay(data, partial=True)
    except OnMarsError as exc:
        raise _fail(lang, N_("the record's moves do not replay: {reason}"),
                    reason=reason_text(exc, lang)) from None  # fmt: skip
    if stop is not None:  # the stop says which move and why in lang (a bare error: English)
        raise _fail(lang, N_("the record's moves do not replay: {reason}"),
                    reason=stop.message(lang))  # fmt: skip
    if "players" in data:
        _check_players(data["players"], game, lang)
    if data.get("result") is not None:
        _check_result(data["result"], game, lang)
    if data.get("analysis") is not None:
        _check_analysis(data["analysis"], game, lang)
    return game


def _check_players(players: Any, game: Game, lang: str) -> None:
    names = game.players
    ok = isinstance(players, list) and len(players) == len(names)
    ok = ok and all(
        isinstance(p, dict) and p.get("seat") == seat and p.get("name") == names[seat]
        for seat, p in enumerate(players)
    )
    if not ok:
        raise _fail(lang, N_("the record's players do not match its options: {names}"),
                    names=", ".join(names))  # fmt: skip


def _check_result(result: Any, game: Game, lang: str) -> None:
    if not game.is_over:
        raise _fail(lang, N_("the record states a result, but its {n} moves do not finish the "
                             "game: it is cut short"), n=len(game.moves))  # fmt: skip
    ok = isinstance(result, dict) and isinstance(result.get("scores"), list)
    rows = result["scores"] if ok else []
    totals = [r.get("total") if isinstance(r, dict) else None for r in rows]
    if not ok or totals != [r["total"] for r in game.scores()]:
        raise _fail(lang, N_("the record's result does not match what its moves score: {totals}"),
                    totals=", ".join(str(r["total"]) for r in game.scores()))  # fmt: skip
    if result.get("winners") != game.winners():
        raise _fail(lang, N_("the record's winners do not match what its moves score"))


def _check_analysis(analysis: Any, game: Game, lang: str) -> None:
    moves = game.log["moves"]
    plies = len(moves)
    decisions = analysis.get("decisions") if isinstance(analysis, dict) else None
    bad = not isinstance(decisions, list) or any(
        not isinstance(d, dict) or type(d.get("ply")) is not int or not 0 <= d["ply"] < plies
        for d in decisions
    )
    if bad or decisions is None:
        raise _fail(lang, N_("the record's analysis is malformed: each decision names a move "
                             "of the game (0 to {last})"), last=plies - 1)  # fmt: skip
    # A verdict on a move other than the one played (a record edited by hand) would show the
    # reader a mistake nobody made.
    for d in decisions:
        if d.get("move") != str(moves[d["ply"]]):
            raise _fail(lang, N_("the record's analysis judges move {n} as '{move}', but "
                                 "the game's move {n} is '{played}'"), n=d["ply"] + 1,
                        move=d.get("move"), played=moves[d["ply"]])  # fmt: skip
        # The search never judges the move played better than its own choice (the analysis
        # caps it): a loss below 0, or none, was written by hand.
        loss = d.get("loss")
        if type(loss) not in (int, float) or not loss >= 0:
            raise _fail(lang, N_("the record's analysis gives move {n} a loss of {loss}: a loss "
                                 "is a number of OP, never below 0"), n=d["ply"] + 1,
                        loss=loss)  # fmt: skip


def read_record(path: str, lang: str = "en") -> tuple[Game, dict[str, Any]]:
    """The game in a file and the file's data: a record (checked whole by
    :func:`check_record`), else any save ``onmars play`` reads (a log, a ``Game.to_json``
    save). :class:`~onmars.SaveFileError` (a :class:`RecordError` for a record) names the file
    and the problem."""
    data = load_session_data(path, lang)
    if data.get("format") != FORMAT:
        return load_game(path, lang)
    try:
        return check_record(data, lang), data
    except RecordError as exc:
        raise _fail(lang, N_("{path}: {reason}"), path=path, reason=str(exc)) from None
