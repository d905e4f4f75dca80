"""The frames: each kind of pending decision on ``state.stack``, declared (issue 9).

A frame is a plain dict, ``{"t": step name, "p": seat, ...}``: saves and golden digests hold it
as it is. Each kind is declared here as a ``TypedDict`` (a type for the rules' signatures; at
run time still a plain dict), named in :data:`KINDS` by its step name. Keys marked
``NotRequired`` are set only when they differ from their default or once something happened
(``moved``, ``rover_moved``, ...): a frame is the same whichever component started it.
"""

# No ``from __future__ import annotations`` here: TypedDict reads ``NotRequired`` only from
# evaluated annotations (Python 3.11).
from typing import NotRequired, TypedDict


class Frame(TypedDict):
    """Every frame: its step (``t``) and the seat that decides (``p``; -1 for none)."""

    t: str
    p: int


# --- picks (engine.PickStep) ------------


class PickFrame(Frame):
    """A repeatable pick: ``n`` picks available now, ``must`` still mandatory, ``boost`` how
    one more is bought ("colonist" or "none")."""

    n: int
    must: int
    boost: str


class WarehouseFrame(PickFrame):
    crystal: NotRequired[bool]  # False: a Resource only, no Crystal (Executive row 7, §13.2)


class LabGainFrame(PickFrame):
    item: str  # the item a Lab space gives


class DevelopFrame(PickFrame):
    paid: bool  # column costs are paid (§7.4)


class UpgradeFrame(PickFrame):
    zone: bool  # the building must be in a Bot zone (§9.3)
    tech: NotRequired[str]  # "allowed", then "used" (§8.2)
    free: NotRequired[bool]  # no Mineral


class ShipFrame(PickFrame):
    free: NotRequired[bool]  # no Plant and Water
    extra: NotRequired[int]  # extra Colonists of the reward


class RetrievePickFrame(PickFrame):
    src: str  # "wa" (Aqueduct) or "slots" (Eco Resort)


class TradeFrame(PickFrame):
    paid: NotRequired[str]  # the Resource spent (§14)


# --- the turn and the round ------------


class SeatFrame(Frame):
    side: NotRequired[str]  # the side travelled to (absent at setup)


class TravelFrame(Frame):
    free: bool  # the Shuttle left from this side (§12.2)


class SideFrame(Frame):
    side: str  # the side whose Colonists are retrieved (§12.3-4)


class SpaceFrame(Frame):
    space: str  # the Lab space a tile just entered (§20)


class TileFrame(Frame):
    tile: str  # the Tech tile another player used (§8.3)


class SpotFrame(Frame):
    spot: int  # the Scientist / Contract display space to refill (§9.5)


# --- payments ------------


class PayFrame(Frame):
    cost: list[str]  # the tokens still to pay (§23.1)


class PlacementCostFrame(Frame):
    owed: int
    keep: int  # Colonists that must stay in Living Quarters (a Mine's Miner)
    keep_crystals: int  # Crystals kept for the action itself (R&D into L6)


# --- buildings and cards ------------


class ConstructFrame(Frame):
    types: list[str] | None  # the types allowed (None: all)
    bonus: int  # added to the Tech level (§13.3)


class ConstructTechFrame(Frame):
    type: str
    need: int  # buildings joined (seed item 4)
    bonus: int


class PlaceFrame(Frame):
    """``construct_place`` and ``construct_finish``."""

    type: str
    cell: int
    tile: str  # the building tile, or "shelter"


class ShipRewardFrame(Frame):
    extra: int
    tech: NotRequired[str]  # the Ship Tech used (RUL-4)


class HireFrame(Frame):
    place: bool  # the main action: a Colonist on your own slot (§6.5)
    must: bool
    free: bool
    kinds: list[str]


class BoostFrame(Frame):
    kind: str  # "construct" or "casino"
    n: int  # boosts paid
    types: NotRequired[list[str]]


# --- pieces on Mars ------------


class MoveBotsFrame(Frame):
    mp: int
    moved: NotRequired[list[int]]  # hexes where Bots ended a move


class ControlFrame(Frame):
    """``control`` and ``rover_move``: movement points for Bots and Rover, and what happened."""

    bot_mp: int
    rover_mp: int
    crystals: NotRequired[bool]  # Crystals buy movement points (default on)
    tech: NotRequired[bool]  # a Rover Tech may add its level
    tech_used: NotRequired[bool]
    rover_moved: NotRequired[bool]
    moved: NotRequired[list[int]]


class ClaimFrame(Frame):
    cell: int
    by: NotRequired[str]  # "bot": a Bot moving as a Rover (BP21)


class RecycleFrame(Frame):
    mp: int
    carry: int  # the hex of the Bot on the way (-1: none)
    moved: list[int]  # hexes of the Bots that moved and stopped


class DisplaceFrame(Frame):
    piece: str  # "bot" or "rover"
    cell: int


# --- Private Goals ------------


class GoalRewardFrame(Frame):
    goal: str


class GoalGainFrame(Frame):
    n: int


class GoalRetrieveFrame(Frame):
    n: int
    miners: bool


#: Each step's frame kind, by step name (steps not named here have plain :class:`Frame`\\ s).
KINDS: dict[str, type] = {
    "blueprint": PickFrame,
    "learn": PickFrame,
    "warehouse": WarehouseFrame,
    "ab_produce": PickFrame,
    "lab_gain": LabGainFrame,
    "colonist_bonus": PickFrame,
    "develop": DevelopFrame,
    "upgrade": UpgradeFrame,
    "ship": ShipFrame,
    "ab_retrieve": RetrievePickFrame,
    "ab_trade": TradeFrame,
    "seat": SeatFrame,
    "travel": TravelFrame,
    "retrieve": SideFrame,
    "lab_benefit": SpaceFrame,
    "owner_develop": TileFrame,
    "refill_science": SpotFrame,
    "pay": PayFrame,
    "placement_cost": PlacementCostFrame,
    "construct": ConstructFrame,
    "construct_tech": ConstructTechFrame,
    "construct_place": PlaceFrame,
    "construct_finish": PlaceFrame,
    "ship_reward": ShipRewardFrame,
    "hire": HireFrame,
    "ab_boost": BoostFrame,
    "move_bots": MoveBotsFrame,
    "control": ControlFrame,
    "rover_move": ControlFrame,
    "claim": ClaimFrame,
    "ab_recycle": RecycleFrame,
    "displace": DisplaceFrame,
    "goal_reward": GoalRewardFrame,
    "goal_gain": GoalGainFrame,
    "goal_retrieve": GoalRetrieveFrame,
}


def kind_of(step: str) -> type:
    """The ``TypedDict`` of a step's frames."""
    return KINDS.get(step, Frame)
