"""Ratings (issue 24): OpenSkill's Weng-Lin Plackett-Luce model (the ``openskill`` package,
multiplayer, Bayesian), games between accounts and the ladder's bots.

**The policy** (docs/accounts.md; tested in tests/test_server_ratings.py). A finished game is
looked at once, when it ends (and at every start, for games a crash left unrated):

- It is rated when every seat is an account or a bot on the ladder, at least one seat is an
  account, and no account holds two seats. A guest seat (a seat link nobody claimed when the
  game ended), or a bot not on the ladder, leaves the game unrated: nobody knows its strength.
- The order is the final scoring: total, then the tie-breaks (§24.4); seats equal on both share
  a place.
- Ended by agreement (RUL-20, also a held game ended at its last accepted move): rated on the
  scores as they stood at the agreement, which is what the game recorded (the final scoring of
  that position). Every human seat had to agree, and the scores as they stand count, so
  agreeing cannot dodge a loss. Except a game ended in its first round (``round`` < 2): an
  abandoned start, which says nothing of anyone's play, is not rated.
- A seat whose time ran out (onmars.server.clocks) and whose player had not taken it back
  when the game ended (it is in the clocks' ``absent`` seats at the end) is placed last, after
  everyone else, whatever the ending (played out by its stand-in bot, or ended by agreement
  of the others): a timeout loses, as in correspondence chess, so that falling silent cannot
  dodge a loss. A player who took their seat back is rated as any other (the stand-in's moves
  in between count as theirs). The clocks never end a game themselves: there is no third
  ending.
- A game in which a seat asked for a hint (issue 25.1, onmars.server.hints) is not rated:
  hints are refused in games that would be rated, but allowed against bots.
- Bots keep their fixed rating (:data:`BOT_ELO`, from the arena's ladder): they are rated
  against, never rated.

**The scale.** The ladder rates the bots with Bradley-Terry on the Elo scale (random = 1000).
For two players Plackett-Luce gives P(i before j) = 1 / (1 + exp(-(mu_i - mu_j) / c)), c =
sqrt(2 beta^2) for settled ratings, and Elo gives 1 / (1 + 10^(-d / 400)): so one Elo point is
``c ln 10 / 400`` of mu (:data:`MU_PER_ELO`). A new account starts at OpenSkill's prior (mu 25,
sigma 25/3), placed at the easy bot's Elo (a newcomer's guess). Ratings are shown on the
ladder's Elo scale (:func:`to_elo`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from openskill.models import PlackettLuce
from sqlalchemy.engine import Connection

from onmars.server.store import (
    Store,
    _stamp,
    account_seats,
    accounts,
    clocks,
    games,
    hint_uses,
    hints_used_in,
    now,
    rated_games,
    ratings,
    seats,
)

MODEL = PlackettLuce()
#: mu per Elo point (module docstring).
MU_PER_ELO = math.sqrt(2) * MODEL.beta * math.log(10) / 400
#: The Elo a new account's prior (mu 25) stands for: the easy bot's on the ladder.
PRIOR_ELO = 1341.0

#: The arena's ladders (README, "Bots, arena and benchmark"): Elo and its 95% interval.
#: ``random``, ``easy`` and ``greedy``: ``onmars arena --ladder --bots random,easy,greedy,medium
#: --games 6 --seed 1001``. The search levels (issue 25.5, README "The ladder"): ``onmars arena
#: --ladder --chain --bots greedy,medium,hard,expert --games 100,100,40 --seed 1001 --reuse
#: docs/ladder/2026-12-07d.jsonl``, placed on this scale by greedy's 1446, their intervals the
#: ones relative to greedy.
BOT_ELO: dict[str, tuple[float, float, float]] = {
    "random": (1000.0, 1000.0, 1000.0),
    "easy": (1341.0, 1035.0, 1648.0),
    "greedy": (1446.0, 1124.0, 1768.0),
    "medium": (1731.0, 1640.0, 1823.0),
    "hard": (1851.0, 1736.0, 1967.0),
    "expert": (2019.0, 1855.0, 2183.0),
}
#: A bot's sigma is its interval's half-width over 1.96, at least this (the anchor's is 0).
MIN_BOT_SIGMA = 1.0
#: Agreement-ended games from this round on are rated (an abandoned start is not).
MIN_ROUND_AGREED = 2


def to_mu(elo: float) -> float:
    return MODEL.mu + (elo - PRIOR_ELO) * MU_PER_ELO


def to_elo(mu: float) -> float:
    return PRIOR_ELO + (mu - MODEL.mu) / MU_PER_ELO


def sigma_elo(sigma: float) -> float:
    return sigma / MU_PER_ELO


def bot_rating(bot: str) -> tuple[float, float] | None:
    """A ladder bot's fixed (mu, sigma), or ``None`` for a bot not on the ladder."""
    found = BOT_ELO.get(bot)
    if found is None:
        return None
    elo, lo, hi = found
    return to_mu(elo), max(MIN_BOT_SIGMA, (hi - lo) / 2 / 1.96 * MU_PER_ELO)


@dataclass(frozen=True)
class Seat:
    """A seat as the policy sees it: its account (``None``: a guest or a bot), its bot."""

    seat: int
    account: int | None
    bot: str | None


@dataclass(frozen=True)
class Plan:
    """Why a game is or is not rated; when rated, each seat's place (0 first)."""

    why: str
    ranks: list[int] | None = None


def plan(
    seat_list: list[Seat],
    ended: str | None,
    round_: int,
    result: dict[str, Any] | None,
    absent: Collection[int] = (),
    hinted: bool = False,
) -> Plan:
    """The rating policy (module docstring) for a finished game; ``absent``: the seats whose
    time ran out and that their players had not taken back at the end; ``hinted``: a seat
    asked for a hint (issue 25.1: such a game is never rated)."""
    if result is None or not result.get("scores"):
        return Plan("no result")
    if hinted:
        return Plan("hints used")
    if ended not in (None, "agreement"):
        return Plan(f"ended: {ended}"[:32])
    if ended == "agreement" and round_ < MIN_ROUND_AGREED:
        return Plan("abandoned at the start")
    why = seats_unrated(seat_list)
    if why:
        return Plan(why)
    return Plan("rated", places(result["scores"], set(absent)))


def seats_unrated(seat_list: list[Seat]) -> str:
    """Why a game of these seats is not rated, whatever its ending ('' when it is)."""
    held = [s.account for s in seat_list if s.account is not None]
    if not held:
        return "no account"
    if len(set(held)) < len(held):
        return "one account, two seats"
    for s in seat_list:
        if s.account is None and (s.bot is None or bot_rating(s.bot) is None):
            return "guest seat" if s.bot is None else "bot not on the ladder"
    return ""


def would_be_rated(seat_list: list[Seat]) -> bool:
    """Whether a game of these seats is rated if it ends now as it stands (its seats as they
    are held now: a guest may still claim a seat)."""
    return not seats_unrated(seat_list)


def places(scores: list[dict[str, Any]], last: set[int] = frozenset()) -> list[int]:  # type: ignore[assignment]
    """Each seat's place by total then tie-breaks (§24.4), equals sharing one; ``last``
    (absent seats: their time ran out) after everyone else."""

    def key(s: dict[str, Any]) -> tuple[int, int, list[int]]:
        return (int(s["seat"] in last), -int(s["total"]), [-v for v in s.get("tiebreak", [])])

    ordered = sorted(scores, key=key)
    out = [0] * len(scores)
    place = 0
    for i, s in enumerate(ordered):
        if i and key(s) != key(ordered[i - 1]):
            place = i
        out[int(s["seat"])] = place
    return out


# --- the store -----------------------------------------------------------------------------------
def rate_game(store: Store, game_id: str) -> Plan | None:
    """Rate a finished game once, by the policy: ``None`` if it is not finished (or was
    looked at before), else the plan followed. Ratings are read and written under one lock
    (all games), so two games ending at once never lose an update."""
    with store.engine.begin() as conn:
        _lock(store, conn)
        if conn.execute(
            sa.select(rated_games.c.game_id).where(rated_games.c.game_id == game_id)
        ).first():
            return None
        row = conn.execute(
            sa.select(games.c.finished, games.c.ended, games.c.round, games.c.result).where(
                games.c.id == game_id
            )
        ).first()
        if row is None or not row.finished:
            return None
        seat_list = _seats(conn, game_id)
        result = json.loads(row.result) if row.result else None
        hinted = conn.execute(
            sa.select(hint_uses.c.seat).where(hint_uses.c.game_id == game_id).limit(1)
        ).first()
        decided = plan(
            seat_list, row.ended, row.round, result, _absent(conn, game_id), hinted is not None
        )
        if decided.ranks is not None:
            _apply(conn, game_id, seat_list, decided.ranks)
        conn.execute(
            rated_games.insert().values(
                game_id=game_id, rated=decided.ranks is not None, why=decided.why, created=now()
            )
        )
        return decided


def _lock(store: Store, conn: Connection) -> None:
    if store.postgres:
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(7291002)"))
    else:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def _absent(conn: Connection, game_id: str) -> set[int]:
    """The seats absent at the end (their time ran out; onmars.server.clocks stores them as a
    JSON object seat -> stand-in bot); none for a game without clocks."""
    stored = conn.execute(
        sa.select(clocks.c.absent).where(clocks.c.game_id == game_id)
    ).scalar_one_or_none()
    return {int(seat) for seat in json.loads(stored)} if stored else set()


def _seats(conn: Connection, game_id: str) -> list[Seat]:
    query = (
        sa.select(seats.c.seat, seats.c.bot, account_seats.c.account_id)
        .outerjoin(
            account_seats,
            sa.and_(
                account_seats.c.game_id == seats.c.game_id, account_seats.c.seat == seats.c.seat
            ),
        )
        .where(seats.c.game_id == game_id)
        .order_by(seats.c.seat)
    )
    return [Seat(r.seat, r.account_id, r.bot) for r in conn.execute(query)]


def _apply(conn: Connection, game_id: str, seat_list: list[Seat], ranks: list[int]) -> None:
    """OpenSkill's update for the game; only the accounts' new ratings are kept."""
    ids = [s.account for s in seat_list if s.account is not None]
    held = {
        r.id: (r.mu, r.sigma)
        for r in conn.execute(
            sa.select(accounts.c.id, accounts.c.mu, accounts.c.sigma).where(accounts.c.id.in_(ids))
        )
    }
    before = [
        held[s.account] if s.account is not None else bot_rating(s.bot or "") for s in seat_list
    ]
    teams = [[MODEL.rating(mu=b[0], sigma=b[1])] for b in before if b is not None]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    stamp = now()
    for s, old, (new,) in zip(seat_list, before, after, strict=True):
        if s.account is None or old is None:
            continue  # a bot: its rating is fixed
        conn.execute(
            accounts.update()
            .where(accounts.c.id == s.account)
            .values(mu=new.mu, sigma=new.sigma, rated=accounts.c.rated + 1)
        )
        conn.execute(
            ratings.insert().values(
                game_id=game_id,
                account_id=s.account,
                seat=s.seat,
                rank=ranks[s.seat],
                mu_before=old[0],
                sigma_before=old[1],
                mu=new.mu,
                sigma=new.sigma,
                created=stamp,
            )
        )


def unrated_finished(store: Store) -> list[str]:
    """Finished games with an account seat that were never looked at (a crash between a
    game's end and its rating), oldest change first."""
    query = (
        sa.select(games.c.id)
        .where(
            games.c.finished == sa.true(),
            sa.exists().where(account_seats.c.game_id == games.c.id),
            ~sa.exists().where(rated_games.c.game_id == games.c.id),
        )
        .order_by(games.c.updated)
    )
    with store.engine.connect() as conn:
        return list(conn.execute(query).scalars())


def rate_pending(store: Store) -> int:
    """Rate every finished game left unrated; how many were looked at."""
    done = 0
    for game_id in unrated_finished(store):
        if rate_game(store, game_id) is not None:
            done += 1
    return done


def seat_names(conn: Connection, ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Each game's seats as anyone may see them (RUL-18): seat, name, bot, account name."""
    out: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
    if not ids:
        return out
    query = (
        sa.select(
            seats.c.game_id,
            seats.c.seat,
            seats.c.name,
            seats.c.bot,
            accounts.c.name.label("account"),
        )
        .outerjoin(
            account_seats,
            sa.and_(
                account_seats.c.game_id == seats.c.game_id, account_seats.c.seat == seats.c.seat
            ),
        )
        .outerjoin(accounts, accounts.c.id == account_seats.c.account_id)
        .where(seats.c.game_id.in_(ids))
        .order_by(seats.c.game_id, seats.c.seat)
    )
    for s in conn.execute(query):
        out[s.game_id].append({"seat": s.seat, "name": s.name, "bot": s.bot, "account": s.account})
    return out


# --- what the pages show -------------------------------------------------------------------------
def shown(mu: float, sigma: float) -> dict[str, int]:
    """A rating as shown: on the ladder's Elo scale, with 2 sigma."""
    return {"rating": round(to_elo(mu)), "deviation": round(2 * sigma_elo(sigma))}


def rating_of(store: Store, account_id: int) -> dict[str, int]:
    """An account's rating as shown, and its number of rated games."""
    with store.engine.connect() as conn:
        row = conn.execute(
            sa.select(accounts.c.mu, accounts.c.sigma, accounts.c.rated).where(
                accounts.c.id == account_id
            )
        ).one()
    return {**shown(row.mu, row.sigma), "rated_games": row.rated}


def leaderboard(store: Store, limit: int) -> list[dict[str, Any]]:
    """The rated accounts and the ladder's bots, best rating first."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(accounts.c.name, accounts.c.mu, accounts.c.sigma, accounts.c.rated)
            .where(accounts.c.rated > 0)
            .order_by(accounts.c.mu.desc(), accounts.c.id)
            .limit(limit)
        ).all()
    out = [{"name": r.name, "bot": False, "games": r.rated, **shown(r.mu, r.sigma)} for r in rows]
    for bot in BOT_ELO:
        mu, sigma = bot_rating(bot) or (0.0, 0.0)
        out.append({"name": bot, "bot": True, "games": None, **shown(mu, sigma)})
    out.sort(key=lambda e: (-e["rating"], e["bot"], e["name"]))
    return out[:limit]


def player(store: Store, name_key: str) -> dict[str, Any] | None:
    """A player's page: the rating now and after each rated game, the finished games (with
    their players, places and rating changes) and the win rates by number of players."""
    with store.engine.connect() as conn:
        me = conn.execute(
            sa.select(
                accounts.c.id,
                accounts.c.name,
                accounts.c.mu,
                accounts.c.sigma,
                accounts.c.rated,
                accounts.c.created,
            ).where(accounts.c.name_key == name_key)
        ).first()
        if me is None:
            return None
        history = conn.execute(
            sa.select(
                ratings.c.game_id,
                ratings.c.mu,
                ratings.c.sigma,
                ratings.c.mu_before,
                ratings.c.sigma_before,
                ratings.c.created,
            )
            .where(ratings.c.account_id == me.id)
            .order_by(ratings.c.created, ratings.c.game_id)
        ).all()
        finished = conn.execute(
            sa.select(
                games.c.id, games.c.ended, games.c.result, games.c.updated, account_seats.c.seat
            )
            .join(account_seats, account_seats.c.game_id == games.c.id)
            .where(account_seats.c.account_id == me.id, games.c.finished == sa.true())
            .order_by(games.c.updated.desc(), games.c.id)
            .limit(500)
        ).all()
        players = seat_names(conn, [g.id for g in finished])
        hinted = hints_used_in(conn, [g.id for g in finished])
    change = {h.game_id: round(to_elo(h.mu)) - round(to_elo(h.mu_before)) for h in history}
    listed: list[dict[str, Any]] = []
    rates: dict[int, list[int]] = {}
    for g in finished:
        result = json.loads(g.result) if g.result else None
        won = result is not None and g.seat in result.get("winners", [])
        score = None
        if result is not None:
            score = next((s["total"] for s in result["scores"] if s["seat"] == g.seat), None)
        n = len(players[g.id])
        if result is not None:
            tally = rates.setdefault(n, [0, 0])
            tally[0] += 1
            tally[1] += int(won)
        listed.append(
            {
                "id": g.id,
                "seat": g.seat,
                "players": players[g.id],
                "ended": g.ended,
                "won": won,
                "score": score,
                "rating_change": change.get(g.id),
                "hints": hinted.get(g.id, {}).get(g.seat, 0),
                "finished": _stamp(g.updated),
            }
        )
    return {
        "name": me.name,
        "since": _stamp(me.created),
        "rated_games": me.rated,
        **shown(me.mu, me.sigma),
        "history": _history(me.created, history),
        "games": listed,
        "win_rates": [
            {"players": n, "games": t[0], "wins": t[1]} for n, t in sorted(rates.items())
        ],
    }


def _history(created: Any, history: Sequence[Any]) -> list[dict[str, Any]]:
    """The rating after each rated game, after the rating it started from (the account's
    prior, when it was made), so that a first game draws a line."""
    if not history:
        return []
    first = history[0]
    start = {"game_id": None, "at": _stamp(created), **shown(first.mu_before, first.sigma_before)}
    return [start] + [
        {"game_id": h.game_id, "at": _stamp(h.created), **shown(h.mu, h.sigma)} for h in history
    ]
