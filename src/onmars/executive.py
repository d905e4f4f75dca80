"""Executive actions on the Depot rows (§13, RUL-13). Row 8 (an Advanced Building's action)
arrives with the Advanced Buildings; until then it is simply not offered."""

from __future__ import annotations

from onmars import lab
from onmars.colony import upgrade_targets
from onmars.components import load
from onmars.economy import gain
from onmars.engine import EXECUTIVE, push, push_picks
from onmars.orbit import blueprint_blocker, warehouse_items
from onmars.state import State


def _none(s: State, seat: int) -> str:
    return ""


def _develop_blocker(s: State, seat: int) -> str:
    if not lab.developments(s.players[seat], paid=False):
        return "§13.2: none of your Tech tiles has an empty space to move to"
    return ""


def _upgrade_blocker(s: State, seat: int) -> str:
    if not upgrade_targets(s, seat, in_zone=True):
        return "§13.2: no unbuilt Blueprint of yours matches a building in your Bots' zones"
    return ""


def _warehouse_blocker(s: State, seat: int) -> str:
    return "" if warehouse_items(s, seat) else "§13.2: the Warehouse has nothing you can store"


def _develop(s: State, seat: int) -> None:
    push_picks(s, "develop", seat, paid=False)  # space benefit gained (RUL-13)


def _rover(s: State, seat: int) -> None:
    push(s, "control", seat, bot_mp=0, rover_mp=2)


def _blueprint(s: State, seat: int) -> None:
    push_picks(s, "blueprint", seat)  # no boost (RUL-13)


def _upgrade(s: State, seat: int) -> None:
    push_picks(s, "upgrade", seat, zone=True)  # no boost, no Upgrade-Tech repeat (RUL-13)


def _mineral(s: State, seat: int) -> None:
    gain(s.players[seat], "mineral")


def _bots(s: State, seat: int) -> None:
    push(s, "move_bots", seat, mp=load().value("bot_mp")[0])


def _warehouse(s: State, seat: int) -> None:
    push_picks(s, "warehouse", seat)


for _id, _blocker, _start in (
    ("develop", _develop_blocker, _develop),
    ("rover", _none, _rover),
    ("blueprint", blueprint_blocker, _blueprint),
    ("upgrade", _upgrade_blocker, _upgrade),
    ("mineral", _none, _mineral),
    ("bots", _none, _bots),
    ("warehouse", _warehouse_blocker, _warehouse),
):
    from onmars.engine import Action

    EXECUTIVE[_id] = Action(_id, "§13.2", _blocker, _start)
