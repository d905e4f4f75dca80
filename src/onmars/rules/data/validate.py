"""Cross-reference and count checks for the component data (rulings.md, components.md).

:func:`validate` runs after :mod:`onmars.components` has checked each file's shape. Every problem
raises :class:`ComponentDataError` naming the file, the table, the record id and the problem. The
vocabularies below are the ids the engine dispatches on.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from typing import Any

from onmars.rules.data.schema import (
    _ATTR,
    BUILDING_TYPES,
    COLOURS,
    ITEMS,
    LSS_TYPES,
    PROGRESS_TYPES,
    SIDES,
    TECH_TYPES,
    Blueprint,
    BuildingTile,
    BuildingType,
    ComponentDataError,
    Components,
    Contract,
    DiscoveryTile,
    EffectRef,
    ExecutiveRow,
    LabColumn,
    LabSpace,
    MainAction,
    MapColumn,
    MapFeature,
    Mission,
    Record,
    RecordT,
    ResearchType,
    TechTile,
    TurnOrderSpace,
)

BOOSTS = ("colonist", "crystal", "none")
MISSION_OBJECTIVES = (
    "research", "blueprint", "advanced_building", "bot", "discovery", "tech", "progress",
    "scientist", "contract",
)  # fmt: skip
MISSION_DECKS = ("short", "long")
GOAL_CONDITIONS = (
    "blueprints", "advanced_buildings", "mines", "discoveries", "complex_marker",
    "resources_of_one_type", "shelters", "colony_level", "lq_colonists", "techs", "hangar_ships",
    "research_tiles", "scientist_and_contract", "marked_lab_spaces", "progress_cubes",
    "two_complexes",
)  # fmt: skip
GOAL_REWARDS = (
    "free_upgrades", "resources", "minerals", "rover_move", "colonists", "free_contract",
    "free_ship", "retrieve_anywhere", "travel", "free_scientist", "crystals", "retrieve_slots",
)  # fmt: skip
LSS_FORMULAS = (
    "max_tech_level", "hangar_ships", "advanced_buildings", "mines", "bots", "discoveries",
    "shelters", "lq_colonists",
)  # fmt: skip
MAIN_ACTIONS = (
    "pod", "blueprint", "tech", "rnd", "resupply",  # Orbit side
    "construct", "upgrade", "hire", "control", "ship",  # Colony side
)  # fmt: skip
CONTRACT_KINDS = ("upgrade", "delivery")
TECH_SETS = ("A", "B")
SETTINGS = (
    "warehouse_stock", "start_resources", "start_crystals", "start_colonists", "colonists",
    "ships", "depot_spaces", "bots", "ab_markers", "shelters", "lq_base", "lq_per_shelter",
    "lq_row_op", "progress_op", "ship_op", "blueprint_built_op", "blueprint_unbuilt_op",
    "scientist_op", "first_lss_op", "lss_rows", "shuttle_spaces", "private_goals_dealt",
    "exploration_size", "blueprint_display", "bot_mp", "rover_mp", "remaining_missions",
    "missions_short_game", "missions_long_game", "open_executive_rows",
)  # fmt: skip
BONUSES = (
    "goal_develop", "research_tile", "lss_bots", "lss_retrieve", "lss_mineral", "lss_crystal",
)  # fmt: skip
FEATURES = {"start_mine": 1, "lss_start": 4, "shelters_2p": 2, "shelters_3p": 3, "shelters_4p": 4}

#: Components attribute -> (file, table)
_WHERE = {attr: where for where, attr in _ATTR.items()}
_RULING = re.compile(r"RUL-[1-9][0-9]*")

# Record counts (components.md §0; brief counts). Group counts: attr -> (key, {group: count}).
COUNTS = {
    "column": 13, "feature": len(FEATURES), "research": 4, "building_type": 6,
    "building_tile": 30, "tech_tile": 20,
    "lab_column": 6, "lab_space": 13, "grid_row": 3, "blueprint": 24, "scientist": 6,
    "contract": 12, "mission": 9, "private_goal": 16, "discovery": 19, "lss_reward": 8,
    "turn_order": 8, "executive": 8, "action": len(MAIN_ACTIONS), "setting": len(SETTINGS),
    "bonus": len(BONUSES),
}  # fmt: skip
# RUL-6: one starting tile and five others of each Progress type
_STACKS: dict[object, int] = {(t, s): 1 if s else 5 for t in PROGRESS_TYPES for s in (True, False)}
_Key = Callable[[Record], object]


def _key(cls: type[RecordT], key: Callable[[RecordT], object]) -> _Key:
    """A key over the records of one table, whose records are all of type ``cls``."""

    def of(r: Record) -> object:
        if not isinstance(r, cls):  # pragma: no cover - a key listed under the wrong table
            raise TypeError(f"{r.id}: not a {cls.__name__}")
        return key(r)

    return of


GROUPS: dict[str, list[tuple[_Key, dict[object, int]]]] = {
    "blueprint": [
        (_key(Blueprint, lambda r: r.level), {1: 12, 3: 12}),
        (
            _key(Blueprint, lambda r: (r.level, r.building)),
            {(lv, b): 2 for lv in (1, 3) for b in BUILDING_TYPES},
        ),
    ],
    "building_tile": [
        (_key(BuildingTile, lambda r: r.type), dict.fromkeys(PROGRESS_TYPES, 6)),
        (_key(BuildingTile, lambda r: (r.type, r.starting)), _STACKS),
    ],
    "tech_tile": [
        (
            _key(TechTile, lambda r: r.set),
            {**dict.fromkeys(TECH_SETS, 8), **dict.fromkeys(COLOURS, 1)},
        ),
        (
            _key(TechTile, lambda r: r.type),
            {**{t: 2 for t in TECH_TYPES if t != "shelter"}, "shelter": 4},
        ),
    ],
    "lab_space": [(_key(LabSpace, lambda r: r.column), {1: 2, 2: 3, 3: 2, 4: 3, 5: 2, 6: 1})],
    "turn_order": [(_key(TurnOrderSpace, lambda r: r.side), dict.fromkeys(SIDES, 4))],
}
# Fields whose values must be unique across a table.
UNIQUE: dict[str, list[_Key]] = {
    "column": [_key(MapColumn, lambda r: r.q)],
    "research": [_key(ResearchType, lambda r: r.colour)],
    "tech_tile": [_key(TechTile, lambda r: (r.set, r.type))],
    "lab_column": [_key(LabColumn, lambda r: r.level)],
    "lab_space": [_key(LabSpace, lambda r: (r.column, r.y))],
    "turn_order": [_key(TurnOrderSpace, lambda r: r.number)],
    "executive": [_key(ExecutiveRow, lambda r: r.row), _key(ExecutiveRow, lambda r: r.effect)],
}


def _fields(c: Components) -> dict[str, dict[str, Collection[Any]]]:
    """attr -> field -> allowed values (each element is checked for tuple-valued fields)."""
    cells = set(cells_of(c))
    return {
        "feature": {"id": FEATURES, "hexes": cells},
        "research": {"hexes": cells},
        "building_type": {"id": BUILDING_TYPES, "cost": ITEMS, "gain": ITEMS},
        "building_tile": {"type": PROGRESS_TYPES, "arrows": range(6)},
        "tech_tile": {"type": TECH_TYPES, "set": (*TECH_SETS, *COLOURS)},
        "lab_column": {"level": range(1, 7), "cost": ITEMS},
        "lab_space": {
            "column": {col.level for col in c.lab_column.values()},
            "y": range(5),
        },
        "grid_row": {"cost": (*ITEMS, "any")},
        "blueprint": {
            "level": (1, 3),
            "building": BUILDING_TYPES,
            "gain": ITEMS,
            "scientist": c.scientist,
        },
        "scientist": {
            "cost": (*ITEMS, "colonist"),
            "works_in": BUILDING_TYPES,
            "scores": BUILDING_TYPES,
        },
        "contract": {"kind": CONTRACT_KINDS, "items": ITEMS, "building": ("", *BUILDING_TYPES)},
        "mission": {"objective": MISSION_OBJECTIVES, "deck": MISSION_DECKS},
        "private_goal": {"condition": GOAL_CONDITIONS, "reward": GOAL_REWARDS},
        "lss_reward": {"formula": LSS_FORMULAS},
        "turn_order": {"number": range(1, 9), "side": SIDES},
        "executive": {"row": range(1, 9)},
        "action": {"id": MAIN_ACTIONS, "side": SIDES, "boost": BOOSTS},
        "setting": {"id": SETTINGS},
        "bonus": {"id": BONUSES},
    }


def cells_of(c: Components) -> Iterator[tuple[int, int]]:
    """Every map cell, from the ``column`` table (RUL-1)."""
    for col in c.column.values():
        yield from ((col.q, r) for r in range(col.r_min, col.r_max + 1))


#: Allowed values of the effect parameters that name a thing of the game.
PARAM_VALUES: dict[str, Collection[Any]] = {
    "item": ITEMS,
    "types": BUILDING_TYPES,
    "kinds": ("scientist", "contract"),
    "boost": BOOSTS,
    "to": SIDES,
}


def _record_problems(c: Components, r: Record) -> Iterator[str]:
    """Checks within one record that a value list cannot express (each table has its own
    record type)."""
    if r.substitute and not r.ruling:
        yield "substitute value without a ruling"
    if r.ruling and not _RULING.fullmatch(r.ruling):
        yield f"ruling {r.ruling!r} is not of the form 'RUL-n'"
    match r:
        case MapColumn():
            if r.id != f"q{r.q}" or r.r_min > r.r_max:
                yield "id must be 'q<q>' and r_min <= r_max"
        case MapFeature() | ResearchType():
            want = FEATURES.get(r.id, 2)
            if len(set(r.hexes)) != len(r.hexes) or len(r.hexes) != want:
                yield f"needs {want} distinct hexes"
        case BuildingType():
            if r.lss != (r.id in LSS_TYPES):
                yield "lss flag disagrees with LSS_TYPES"
        case BuildingTile():
            if (r.starting and r.arrows) or len(set(r.arrows)) != len(r.arrows):
                yield "arrows must be distinct, and starting tiles have none (RUL-6)"
        case TechTile():
            if (r.type == "shelter") != (r.set in COLOURS):
                yield "Shelter techs (only) belong to a player colour"
        case LabColumn():
            if r.id != f"L{r.level}":
                yield "id must be 'L<level>'"
        case Blueprint():
            built = c.building_type.get(r.building)
            if built and r.gain != built.gain:
                yield f"gain {r.gain!r} is not what a {r.building} produces"
            if r.scientist in c.scientist and c.scientist[r.scientist].works_in != r.building:
                yield f"scientist {r.scientist!r} does not work in {r.building}"
        case Contract():
            upgrade = r.kind == "upgrade"
            if upgrade == bool(r.items) or upgrade != bool(r.building):
                yield "upgrade contracts name a building, delivery contracts list items"
            if not r.complete_op > 0 > r.failed_op:
                yield "complete_op must be positive and failed_op negative"
        case Mission():
            if min(r.targets) < 1 or list(r.targets) != sorted(r.targets) or r.crystals < 1:
                yield "targets must be positive and not fall with more players; crystals >= 1"
        case DiscoveryTile():
            types = r.effect.kw.get("types", ())
            if not isinstance(types, tuple) or not set(types) <= set(PROGRESS_TYPES):
                yield "a Discovery tile builds only a Progress type (RUL-7)"
        case TurnOrderSpace():
            if r.id != str(r.number) or r.side != ("orbit" if r.number <= 4 else "colony"):
                yield "id must be the number; spaces 1-4 are Orbit, 5-8 Colony (RUL-2)"
        case MainAction():
            if r.placement != (r.slots > 0):
                yield "actions with Colonist placement have slots, others none"


def _check_tables(c: Components, fail: Callable[[str, str, str], None]) -> None:
    fields = _fields(c)
    for attr, r in c.all_records():
        for name, allowed in fields.get(attr, {}).items():
            value = getattr(r, name)
            for v in value if isinstance(value, tuple) else (value,):
                if v not in allowed:
                    what = "hex off the map" if name == "hexes" else "unknown value"
                    fail(attr, r.id, f"field {name!r}: {what} {v!r}")
        for problem in _record_problems(c, r):
            fail(attr, r.id, problem)
    for attr, keys in UNIQUE.items():
        for key in keys:
            seen: dict[object, str] = {}
            for r in getattr(c, attr).values():
                if key(r) in seen:
                    fail(attr, r.id, f"repeats {key(r)!r} of id={seen[key(r)]}")
                seen[key(r)] = r.id


def _check_counts(c: Components, fail: Callable[[str, str, str], None]) -> None:
    for attr, want in COUNTS.items():
        if len(getattr(c, attr)) != want:
            fail(attr, "*", f"expected {want} records, found {len(getattr(c, attr))}")
    for attr, groups in GROUPS.items():
        for key, wanted in groups:
            got = Counter(key(r) for r in getattr(c, attr).values())
            for group in wanted.keys() | got.keys():
                if got[group] != wanted.get(group, 0):
                    n = wanted.get(group, 0)
                    fail(attr, "*", f"group {group!r}: expected {n} records, found {got[group]}")
    cells = list(cells_of(c))
    if len(cells) != 91 or len(set(cells)) != 91:
        fail("column", "*", f"the map must have 91 distinct cells, found {len(cells)} (RUL-1)")
    grid = sum(row.spaces for row in c.grid_row.values())
    if grid != 8:
        fail("grid_row", "*", f"the Tech Grid must have 8 spaces, found {grid}")
    fixed = [("feature", f, h) for f in ("start_mine", "lss_start") for h in c.feature[f].hexes]
    fixed += [("research", r.id, h) for r in c.research.values() for h in r.hexes]
    taken = {h: f"{a} {i}" for a, i, h in fixed}
    for n in (2, 3, 4):
        rid = f"shelters_{n}p"
        for h in c.feature[rid].hexes:
            if h in taken:
                fail("feature", rid, f"hex {list(h)} is already used by {taken[h]}")
    if len({h for _, _, h in fixed}) != len(fixed):
        fail("feature", "*", "setup hexes (start Mine, LSS starts, Research) overlap")


def validate(c: Components) -> None:
    """Raise :class:`ComponentDataError` on the first bad reference or count."""

    def fail(attr: str, rid: str, problem: str) -> None:
        file, table = _WHERE[attr]
        raise ComponentDataError(f"{file} [[{table}]] id={rid}: {problem}")

    _check_tables(c, fail)
    _check_counts(c, fail)


def effect_refs(c: Components) -> Iterator[tuple[str, Record, EffectRef]]:
    """Every effect the data names: (table attribute, record, reference)."""
    for attr, r in c.all_records():
        for f in dataclasses.fields(r):
            value = getattr(r, f.name)
            if isinstance(value, EffectRef):
                yield attr, r, value


def validate_effects(c: Components, specs: dict[str, dict[str, object]]) -> None:
    """Check every effect named in the data against the registry's ``specs`` (effect id ->
    parameter -> default value): a known effect, known parameters, values of the default's
    type, and names of things of the game where a parameter names one."""
    for attr, r, ref in effect_refs(c):
        file, table = _WHERE[attr]
        where = f"{file} [[{table}]] id={r.id}"
        if not ref:
            continue
        spec = specs.get(ref.effect)
        if spec is None:
            raise ComponentDataError(f"{where}: unknown effect {ref.effect!r}")
        for name, value in ref.params:
            if name not in spec:
                raise ComponentDataError(
                    f"{where}: effect {ref.effect!r} has no parameter {name!r} "
                    f"(it has {sorted(spec)})"
                )
            default = spec[name]
            if type(value) is not type(default):
                raise ComponentDataError(
                    f"{where}: parameter {name!r} of {ref.effect!r} must be a "
                    f"{type(default).__name__}, not {value!r}"
                )
            if type(value) is int and value < 0:
                raise ComponentDataError(f"{where}: parameter {name!r} cannot be negative: {value}")
            allowed = PARAM_VALUES.get(name)
            values = value if isinstance(value, tuple) else (value,)
            if allowed is not None and not set(values) <= set(allowed):
                raise ComponentDataError(f"{where}: parameter {name!r}: unknown value {value!r}")
