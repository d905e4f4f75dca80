"""Component data: every card, tile, board space and substitute value of the game.

The data lives in TOML files under ``onmars/rules/data``; :mod:`onmars.rules.data.schema` declares
their shape as frozen dataclasses (re-exported here), and this module loads them once and
validates them (:mod:`onmars.rules.data.validate`). An unknown key, a missing field, a wrong type
or a reference to an unknown id raises :class:`ComponentDataError` naming the file and the record.

Values that are not public and were fixed by a ruling carry ``substitute = true`` and the ruling
id (``ruling = "RUL-n"``); :func:`substitutes` lists them (``onmars rules --substitutes``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from onmars.rules.data.schema import (
    _ATTR,
    BUILDING_TYPES,
    COLOURS,
    ITEMS,
    LSS_TYPES,
    PROGRESS_TYPES,
    RESOURCES,
    SCHEMA,
    SIDES,
    TECH_TYPES,
    Blueprint,
    Bonus,
    BuildingTile,
    BuildingType,
    ComponentDataError,
    Components,
    Contract,
    DiscoveryTile,
    EffectRef,
    ExecutiveRow,
    Hex,
    LabColumn,
    LabSpace,
    LssReward,
    MainAction,
    MapColumn,
    MapFeature,
    Mission,
    PrivateGoal,
    Record,
    ResearchType,
    Scientist,
    Setting,
    TechGridRow,
    TechTile,
    TurnOrderSpace,
    load_file,
)
from onmars.rules.data.validate import validate

#: The data's public names: the schema's types and constants, and the loaders below.
__all__ = [
    "BUILDING_TYPES",
    "COLOURS",
    "ITEMS",
    "LSS_TYPES",
    "PROGRESS_TYPES",
    "RESOURCES",
    "SCHEMA",
    "SIDES",
    "TECH_TYPES",
    "Blueprint",
    "Bonus",
    "BuildingTile",
    "BuildingType",
    "ComponentDataError",
    "Components",
    "Contract",
    "DiscoveryTile",
    "EffectRef",
    "ExecutiveRow",
    "Hex",
    "LabColumn",
    "LabSpace",
    "LssReward",
    "MainAction",
    "MapColumn",
    "MapFeature",
    "Mission",
    "PrivateGoal",
    "Record",
    "ResearchType",
    "Scientist",
    "Setting",
    "TechGridRow",
    "TechTile",
    "TurnOrderSpace",
    "load_file",
    "load",
    "load_texts",
    "substitutes",
]


def load_texts(texts: dict[str, str]) -> Components:
    """Build and validate :class:`Components` from ``{file name: TOML text}``."""
    missing = set(SCHEMA) - set(texts)
    if missing:
        raise ComponentDataError(f"missing data file(s) {sorted(missing)}")
    parts: dict[str, dict[str, Record]] = {}
    for name in SCHEMA:
        for table, records in load_file(name, texts[name]).items():
            parts[_ATTR[(name, table)]] = records
    comps = Components.from_tables(parts)
    validate(comps)
    return comps


@cache
def load() -> Components:
    """The game's component data, loaded and validated once."""
    folder = resources.files("onmars.rules.data")
    return load_texts({name: (folder / name).read_text(encoding="utf-8") for name in SCHEMA})


def substitutes() -> list[tuple[str, Record]]:
    """Every substitute value (``substitute = true``) with its table name (see rulings.md)."""
    return [(table, r) for table, r in load().all_records() if r.substitute]
