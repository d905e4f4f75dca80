"""The component data's schema: the constants, record types and TOML parsing of the data
files (each file's shape). :mod:`onmars.rules.data.components` loads and validates them; this module
imports nothing of the rules, so the cross-checks in :mod:`onmars.rules.data.validate` can use
it."""

from __future__ import annotations

import dataclasses
import tomllib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

RESOURCES = ("mineral", "battery", "water", "plant", "oxygen")
ITEMS = (*RESOURCES, "crystal")
BUILDING_TYPES = ("mine", "generator", "extractor", "greenhouse", "condenser", "shelter")
LSS_TYPES = ("generator", "extractor", "greenhouse", "condenser")
PROGRESS_TYPES = ("mine", "generator", "extractor", "greenhouse", "condenser")
TECH_TYPES = (*BUILDING_TYPES, "rover", "ship", "upgrade")
SIDES = ("orbit", "colony")
COLOURS = ("red", "blue", "green", "yellow")

Hex = tuple[int, int]


class ComponentDataError(ValueError):
    """A data file is malformed: names the file, the record id and the problem."""


# --- Schema ------------
# Every record may carry ``substitute``/``ruling``; ``text`` is a short description in our words.


@dataclass(frozen=True)
class Record:
    id: str
    substitute: bool = field(default=False, kw_only=True)
    ruling: str = field(default="", kw_only=True)
    text: str = field(default="", kw_only=True)


@dataclass(frozen=True)
class EffectRef:
    """An effect of the game named in the data with its parameters, written as an inline table:
    ``{ effect = "develop", n = 2, paid = false }``; ``{}`` names no effect. The effects and
    their parameters are defined once in :mod:`onmars.effects`; the data is checked against them
    when the rules load (:func:`onmars.validate.validate_effects`)."""

    effect: str = ""
    params: tuple[tuple[str, object], ...] = ()

    @property
    def kw(self) -> dict[str, object]:
        return dict(self.params)

    def __bool__(self) -> bool:
        return bool(self.effect)


@dataclass(frozen=True)
class MapColumn(Record):
    """One column of the Mars map (flat-top hexes, axial q; r runs down the column)."""

    q: int
    r_min: int
    r_max: int


@dataclass(frozen=True)
class MapFeature(Record):
    """A printed setup hex or hex list: start mine, LSS start hexes, shelter starts (RUL-1)."""

    hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class ResearchType(Record):
    """A Research tile type (colour + letter), two tiles on two corner hexes (RUL-8)."""

    colour: str
    hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class BuildingType(Record):
    name: str
    cost: tuple[str, ...]
    gain: str
    lss: bool
    needs_colonist: bool


@dataclass(frozen=True)
class BuildingTile(Record):
    """A non-Shelter building tile; ``arrows`` are the hex directions of its back (RUL-6)."""

    type: str
    starting: bool
    arrows: tuple[int, ...]


@dataclass(frozen=True)
class TechTile(Record):
    """A Tech tile. ``set`` is the back colour ("A"/"B"); Shelter techs use their colour."""

    type: str
    set: str


@dataclass(frozen=True)
class LabColumn(Record):
    """A Laboratory column (= tech level, RUL-3): cost to move a tile in, end-game OP."""

    level: int
    cost: tuple[str, ...]
    op: int


@dataclass(frozen=True)
class LabSpace(Record):
    """A Laboratory space. ``y`` is its vertical position; spaces in neighbouring columns
    touch when their ``y`` differ by 1 (RUL-3)."""

    column: int
    y: int
    benefit: EffectRef  # optional for its owner (§20): every Lab benefit has must = 0
    marked: bool


@dataclass(frozen=True)
class TechGridRow(Record):
    spaces: int
    cost: tuple[str, ...]


@dataclass(frozen=True)
class Blueprint(Record):
    name: str
    level: int
    building: str
    gain: str
    scientist: str
    effect: EffectRef  # its Advanced Building action (§13.3)


@dataclass(frozen=True)
class Scientist(Record):
    name: str
    cost: tuple[str, ...]
    works_in: str
    scores: str


@dataclass(frozen=True)
class Contract(Record):
    kind: str
    items: tuple[str, ...]
    building: str
    complete_op: int
    failed_op: int


@dataclass(frozen=True)
class Mission(Record):
    name: str
    objective: str
    targets: tuple[int, int, int]
    crystals: int
    deck: str


@dataclass(frozen=True)
class PrivateGoal(Record):
    condition: str
    amount: int
    reward: str  # the name of its alternative reward (move ``reward <name>``)
    reward_effect: EffectRef


@dataclass(frozen=True)
class DiscoveryTile(Record):
    effect: EffectRef


@dataclass(frozen=True)
class LssReward(Record):
    formula: str
    op_each: int


@dataclass(frozen=True)
class TurnOrderSpace(Record):
    number: int
    side: str
    bonus: EffectRef


@dataclass(frozen=True)
class ExecutiveRow(Record):
    row: int
    cost: int
    effect: EffectRef


@dataclass(frozen=True)
class MainAction(Record):
    side: str
    placement: bool
    slots: int
    boost: str
    cost: tuple[str, ...] = ()  # printed cost tokens (Welcome a Ship; a Contract's Crystal)


@dataclass(frozen=True)
class Bonus(Record):
    """A bonus printed on a board that several pieces share (the Private Goals' developments,
    Research tiles, Life Support bonuses)."""

    effect: EffectRef


@dataclass(frozen=True)
class Setting(Record):
    """A named number or list of numbers (scoring tables, setup amounts, capacities)."""

    value: tuple[int, ...]


#: The record type of one table.
RecordT = TypeVar("RecordT", bound=Record)

#: file name -> (table name -> record type)
SCHEMA: dict[str, dict[str, type[Record]]] = {
    "map.toml": {"column": MapColumn, "feature": MapFeature, "research": ResearchType},
    "buildings.toml": {"type": BuildingType, "tile": BuildingTile},
    "tech.toml": {"tile": TechTile, "column": LabColumn, "space": LabSpace, "grid": TechGridRow},
    "cards.toml": {
        "blueprint": Blueprint,
        "scientist": Scientist,
        "contract": Contract,
        "mission": Mission,
        "private_goal": PrivateGoal,
    },
    "tiles.toml": {"discovery": DiscoveryTile, "lss_reward": LssReward},
    "board.toml": {
        "turn_order": TurnOrderSpace,
        "executive": ExecutiveRow,
        "action": MainAction,
        "setting": Setting,
        "bonus": Bonus,
    },
}


# --- Loading ------------


def _convert(value: object, hint: object, where: str) -> object:
    """Check ``value`` against a type hint, turning TOML lists into tuples."""
    origin = typing.get_origin(hint)
    if hint is bool or hint is str:
        if type(value) is not hint:
            raise ComponentDataError(f"{where}: expected {hint.__name__}, got {value!r}")
        return value
    if hint is int:
        if type(value) is not int:
            raise ComponentDataError(f"{where}: expected int, got {value!r}")
        return value
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise ComponentDataError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(v, args[0], where) for v in value)
        if len(value) != len(args):
            raise ComponentDataError(f"{where}: expected {len(args)} values, got {value!r}")
        return tuple(_convert(v, a, where) for v, a in zip(value, args, strict=True))
    if hint is EffectRef:
        return _effect_ref(value, where)
    if origin is types.UnionType or hint is Hex:
        return _convert(value, tuple[int, int], where)
    raise ComponentDataError(f"{where}: unsupported type {hint!r}")  # pragma: no cover


def _effect_ref(value: object, where: str) -> EffectRef:
    """An inline table ``{ effect = id, param = value, ... }``: values are ints, strings,
    booleans or lists of strings (kept as tuples)."""
    if not isinstance(value, dict):
        raise ComponentDataError(f"{where}: expected an inline table {{ effect = ... }}")
    raw = dict(value)
    effect = raw.pop("effect", "")
    if type(effect) is not str or (raw and not effect):
        raise ComponentDataError(f"{where}: 'effect' must name an effect, got {effect!r}")
    params = []
    for name, v in sorted(raw.items()):
        if isinstance(v, list) and all(type(x) is str for x in v):
            v = tuple(v)
        elif type(v) not in (int, str, bool):
            raise ComponentDataError(f"{where}: parameter {name!r} has an odd value {v!r}")
        params.append((name, v))
    return EffectRef(effect, tuple(params))


def _build(cls: type[RecordT], raw: dict[str, object], where: str) -> RecordT:
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = set(raw) - set(fields)
    if unknown:
        raise ComponentDataError(f"{where}: unknown key(s) {sorted(unknown)}")
    # Any: the values are checked against the fields' hints by _convert, at run time
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in raw:
            if f.default is dataclasses.MISSING:
                raise ComponentDataError(f"{where}: missing field {name!r}")
            continue
        kwargs[name] = _convert(raw[name], hints[name], f"{where} field {name!r}")
    return cls(**kwargs)


def load_file(name: str, text: str) -> dict[str, dict[str, Record]]:
    """Parse one data file's text into ``{table: {id: record}}``, validating its shape."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentDataError(f"{name}: not valid TOML: {exc}") from None
    schema = SCHEMA[name]
    unknown = set(data) - set(schema)
    if unknown:
        raise ComponentDataError(f"{name}: unknown table(s) {sorted(unknown)}")
    tables: dict[str, dict[str, Record]] = {}
    for table, cls in schema.items():
        rows = data.get(table, [])
        if not isinstance(rows, list):
            raise ComponentDataError(f"{name}: [[{table}]] must be an array of tables")
        records: dict[str, Record] = {}
        for i, raw in enumerate(rows):
            if not isinstance(raw, dict):
                raise ComponentDataError(f"{name}: [[{table}]] entry #{i + 1} is not a table")
            rid = raw.get("id", f"#{i + 1}")
            record = _build(cls, raw, f"{name} [[{table}]] id={rid}")
            if record.id in records:
                raise ComponentDataError(f"{name} [[{table}]] id={rid}: duplicate id")
            records[record.id] = record
        tables[table] = records
    return tables


@dataclass(frozen=True)
class Components:
    """All component data, by table. Access e.g. ``C.blueprint["BP01"]``."""

    column: dict[str, MapColumn]
    feature: dict[str, MapFeature]
    research: dict[str, ResearchType]
    building_type: dict[str, BuildingType]
    building_tile: dict[str, BuildingTile]
    tech_tile: dict[str, TechTile]
    lab_column: dict[str, LabColumn]
    lab_space: dict[str, LabSpace]
    grid_row: dict[str, TechGridRow]
    blueprint: dict[str, Blueprint]
    scientist: dict[str, Scientist]
    contract: dict[str, Contract]
    mission: dict[str, Mission]
    private_goal: dict[str, PrivateGoal]
    discovery: dict[str, DiscoveryTile]
    lss_reward: dict[str, LssReward]
    turn_order: dict[str, TurnOrderSpace]
    executive: dict[str, ExecutiveRow]
    action: dict[str, MainAction]
    setting: dict[str, Setting]
    bonus: dict[str, Bonus]

    @classmethod
    def from_tables(cls, parts: Mapping[str, dict[str, Record]]) -> Components:
        """Assemble the tables ``{attribute: {id: record}}`` read by :func:`load_file`."""
        return cls(
            column=_table(parts, "column", MapColumn),
            feature=_table(parts, "feature", MapFeature),
            research=_table(parts, "research", ResearchType),
            building_type=_table(parts, "building_type", BuildingType),
            building_tile=_table(parts, "building_tile", BuildingTile),
            tech_tile=_table(parts, "tech_tile", TechTile),
            lab_column=_table(parts, "lab_column", LabColumn),
            lab_space=_table(parts, "lab_space", LabSpace),
            grid_row=_table(parts, "grid_row", TechGridRow),
            blueprint=_table(parts, "blueprint", Blueprint),
            scientist=_table(parts, "scientist", Scientist),
            contract=_table(parts, "contract", Contract),
            mission=_table(parts, "mission", Mission),
            private_goal=_table(parts, "private_goal", PrivateGoal),
            discovery=_table(parts, "discovery", DiscoveryTile),
            lss_reward=_table(parts, "lss_reward", LssReward),
            turn_order=_table(parts, "turn_order", TurnOrderSpace),
            executive=_table(parts, "executive", ExecutiveRow),
            action=_table(parts, "action", MainAction),
            setting=_table(parts, "setting", Setting),
            bonus=_table(parts, "bonus", Bonus),
        )

    def all_records(self) -> typing.Iterator[tuple[str, Record]]:
        for f in dataclasses.fields(self):
            for record in getattr(self, f.name).values():
                yield f.name, record

    def value(self, name: str) -> tuple[int, ...]:
        """A setting's numbers, e.g. ``value("progress_op")``."""
        return self.setting[name].value


def _table(
    parts: Mapping[str, dict[str, Record]], attr: str, cls: type[RecordT]
) -> dict[str, RecordT]:
    """One table narrowed to its record type, which SCHEMA built each of its records with."""
    table = {rid: r for rid, r in parts[attr].items() if isinstance(r, cls)}
    if len(table) != len(parts[attr]):  # pragma: no cover - SCHEMA disagrees with Components
        raise ComponentDataError(f"table {attr!r}: records that are not {cls.__name__}")
    return table


#: data-file table -> Components attribute
_ATTR = {
    ("map.toml", "column"): "column",
    ("map.toml", "feature"): "feature",
    ("map.toml", "research"): "research",
    ("buildings.toml", "type"): "building_type",
    ("buildings.toml", "tile"): "building_tile",
    ("tech.toml", "tile"): "tech_tile",
    ("tech.toml", "column"): "lab_column",
    ("tech.toml", "space"): "lab_space",
    ("tech.toml", "grid"): "grid_row",
    ("cards.toml", "blueprint"): "blueprint",
    ("cards.toml", "scientist"): "scientist",
    ("cards.toml", "contract"): "contract",
    ("cards.toml", "mission"): "mission",
    ("cards.toml", "private_goal"): "private_goal",
    ("tiles.toml", "discovery"): "discovery",
    ("tiles.toml", "lss_reward"): "lss_reward",
    ("board.toml", "turn_order"): "turn_order",
    ("board.toml", "executive"): "executive",
    ("board.toml", "action"): "action",
    ("board.toml", "setting"): "setting",
    ("board.toml", "bonus"): "bonus",
}
