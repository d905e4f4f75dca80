"""Moving Bots and the Rover (§9.1): Control Center, Bot movement bonuses, Rover moves."""

from __future__ import annotations

from onmars import hexmap, lab
from onmars.economy import gain
from onmars.engine import Frame, Step, pop, step
from onmars.mars import bot_cells, can_end_on
from onmars.moves import Move, mv
from onmars.state import State
from onmars.travel import rover_cell


def bot_moves(s: State, seat: int, budget: int) -> list[Move]:
    """``bot <from> <to>``: one of your Bots to a hex within ``budget`` movement points where it
    may end (§9.1)."""
    out = []
    for start in bot_cells(s, seat):
        for to in hexmap.within(start, budget):
            if to != start and can_end_on(s, to):
                out.append(mv("bot", hexmap.text(start), hexmap.text(to)))
    return out


def move_bot(s: State, f: Frame, m: Move, key: str) -> None:
    """Move a Bot, paying movement points from ``f[key]`` then Crystals (§9.1, §6.4)."""
    a, b = hexmap.parse(m.args[0]), hexmap.parse(m.args[1])
    assert a is not None and b is not None
    spend_mp(s, f, key, hexmap.walk(a, b))
    s.bot[a] = -1
    s.bot[b] = f["p"]
    f.setdefault("moved", []).append(b)


def spend_mp(s: State, f: Frame, key: str, cost: int) -> None:
    free = min(cost, f[key])
    f[key] -= free
    s.players[f["p"]].crystals -= cost - free


def bots_end(s: State, f: Frame) -> None:
    """Where a Bot ends, a Discovery or Research tile is destroyed and a Crystal returns to the
    supply (§9.1)."""
    for cell in f.get("moved", []):
        if s.bot[cell] == f["p"]:
            s.tile[cell] = ""
            s.crystal[cell] = 0


@step
class MoveBots(Step):
    """Up to ``mp`` movement points for your Bots, each Crystal buying one more (§20, RUL-2)."""

    name = "move_bots"
    rule = "§9.1"
    prompt = "move your Bots"

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        budget = f["mp"] + s.players[f["p"]].crystals
        return [*bot_moves(s, f["p"], budget), Move("done")]

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        if m.verb == "done":
            pop(s, f)
            bots_end(s, f)
        else:
            move_bot(s, f, m, "mp")


def rover_steps(s: State, f: Frame) -> list[Move]:
    """``rover <q,r>``: one step to a neighbouring hex. A step onto a hex where the Rover may not
    end needs budget left to move on (§9.1)."""
    budget = f["rover_mp"] + s.players[f["p"]].crystals
    if budget < 1:
        return []
    here = rover_cell(s, f["p"])
    out = []
    for nb in hexmap.neighbours(here):
        stop_ok = can_end_on(s, nb) or nb == here
        if stop_ok or (budget >= 2 and any(can_end_on(s, x) for x in hexmap.neighbours(nb))):
            out.append(mv("rover", hexmap.text(nb)))
    return out


def step_rover(s: State, f: Frame, m: Move) -> None:
    """Move one hex, collecting any Crystal there (below the Depot, §9.1)."""
    to = hexmap.parse(m.args[0])
    assert to is not None
    spend_mp(s, f, "rover_mp", 1)
    p = s.players[f["p"]]
    p.rover = to
    if s.crystal[to]:
        s.crystal[to] = 0
        gain(p, "crystal")


def rover_techs(s: State, f: Frame) -> list[Move]:
    if f.get("tech_used"):
        return []
    return [mv("use", t) for t, _, _ in lab.techs_in_play(s, "rover", f["p"])]


def rover_may_stop(s: State, seat: int) -> bool:
    """No other piece shares the Rover's hex (§9.1)."""
    here = s.players[seat].rover
    if here < 0:
        return True
    others = [p for p in s.players if p.rover == here and p.seat != seat]
    return not others and s.bot[here] < 0 and s.miner[here] < 0 and s.ab[here] < 0


@step
class Control(Step):
    """Control Center: 2 MP for your Bots and 2 for your Rover, interleaved; Crystals buy more;
    a Rover Tech adds its level to the Rover's (§9.1)."""

    name = "control"
    rule = "§9.1"
    prompt = "move your Bots and Rover"

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        budget = f["bot_mp"] + s.players[f["p"]].crystals
        out = [*bot_moves(s, f["p"], budget), *rover_steps(s, f), *rover_techs(s, f)]
        if rover_may_stop(s, f["p"]):
            out.append(Move("done"))
        return out

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        if m.verb == "done":
            pop(s, f)
            bots_end(s, f)
        elif m.verb == "bot":
            move_bot(s, f, m, "bot_mp")
        elif m.verb == "rover":
            step_rover(s, f, m)
        else:
            f["rover_mp"] += lab.use_tech(s, f["p"], m.args[0])
            f["tech_used"] = True
