"""Component data: the real files load, hold the right counts, and bad data fails at load.

Rule ids: §n = rules.md / components.md sections, RUL-n = rulings.md.
"""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

from onmars.rules.actions.registry import effect_specs
from onmars.rules.data import validate as V
from onmars.rules.data.components import (
    SCHEMA,
    TECH_TYPES,
    ComponentDataError,
    Components,
    EffectRef,
    load,
    load_texts,
    substitutes,
)
from onmars.rules.data.validate import validate_effects


def texts() -> dict[str, str]:
    folder = resources.files("onmars.rules") / "data"
    return {name: (folder / name).read_text(encoding="utf-8") for name in SCHEMA}


def edited(name: str, old: str, new: str, count: int = 1) -> dict[str, str]:
    """The real data texts with ``old`` replaced by ``new`` in file ``name``."""
    t = texts()
    assert old in t[name], f"test setup: {old!r} not in {name}"
    t[name] = t[name].replace(old, new, count)
    return t


def fails(t: dict[str, str], *parts: str) -> str:
    """Loading ``t`` (and checking its effects against the registry) fails naming ``parts``."""
    with pytest.raises(ComponentDataError) as exc:
        validate_effects(load_texts(t), effect_specs())
    msg = str(exc.value)
    for part in parts:
        assert part in msg, msg
    return msg


@pytest.fixture(scope="module")
def c() -> Components:
    return load()


# --- The real data ------------------------------------------------------------------------------


def test_real_data_loads(c: Components) -> None:
    """All six files parse and validate (every table of SCHEMA)."""
    assert isinstance(c, Components)
    assert load_texts(texts()) == c


def test_map_has_91_cells(c: Components) -> None:
    """RUL-1 / §1.1: 13 columns of 3,6,7,8,9,8,9,8,9,8,7,6,3 cells, start Mine at the centre."""
    heights = [col.r_max - col.r_min + 1 for col in sorted(c.column.values(), key=lambda x: x.q)]
    assert heights == [3, 6, 7, 8, 9, 8, 9, 8, 9, 8, 7, 6, 3]
    assert len(set(V.cells_of(c))) == 91
    assert c.feature["start_mine"].hexes == ((0, 0),)


def test_research_types(c: Components) -> None:
    """RUL-8 / §9.2: 4 Research types, 2 hexes each."""
    assert sorted(c.research) == ["A", "B", "C", "D"]
    assert all(len(r.hexes) == 2 for r in c.research.values())


def test_blueprints(c: Components) -> None:
    """§14: 24 Blueprints, 12 of level 1 and 12 of level 3, each with a known scientist."""
    assert list(c.blueprint) == [f"BP{i:02d}" for i in range(1, 25)]
    assert Counter(b.level for b in c.blueprint.values()) == {1: 12, 3: 12}
    assert c.blueprint["BP05"].name == "Private Ship"
    # §13.3: each names its Advanced Building action as an effect with its parameters
    assert c.blueprint["BP05"].effect == EffectRef("ship", (("boost", "colonist"), ("extra", 1)))
    assert c.blueprint["BP11"].effect.kw == {"n": 2}


def test_tech_tiles(c: Components) -> None:
    """§3.1: 16 non-Shelter tiles in sets A/B, each with one of each of 8 types; 4 Shelter techs."""
    others = [t for t in c.tech_tile.values() if t.type != "shelter"]
    assert len(others) == 16
    for s in "AB":
        assert sorted(t.type for t in others if t.set == s) == sorted(
            t for t in TECH_TYPES if t != "shelter"
        )
    assert sorted(t.set for t in c.tech_tile.values() if t.type == "shelter") == [
        "blue",
        "green",
        "red",
        "yellow",
    ]


def test_laboratory(c: Components) -> None:
    """RUL-3 / §3.2: 13 Lab spaces in columns of 2,3,2,3,2,1; OP 1,2,3,4,5,9; 3 marked spaces."""
    per_column = Counter(s.column for s in c.lab_space.values())
    assert [per_column[i] for i in range(1, 7)] == [2, 3, 2, 3, 2, 1]
    assert [c.lab_column[f"L{i}"].op for i in range(1, 7)] == [1, 2, 3, 4, 5, 9]
    assert sorted(k for k, s in c.lab_space.items() if s.marked) == ["3t", "4m", "5b"]
    assert c.lab_space["1b"].benefit == EffectRef("gain", (("item", "crystal"), ("must", 0)))
    assert all(s.benefit.kw.get("must", 0) == 0 for s in c.lab_space.values())  # optional, §20


def test_tiles_and_cards(c: Components) -> None:
    """§9.1 / RUL-7, §7, §8, §6, §15, §10.3: card and tile counts."""
    assert len(c.discovery) == 19
    assert len(c.mission) == 9
    assert len(c.private_goal) == 16
    assert len(c.contract) == 12
    assert list(c.scientist)[0] == "geologist" and len(c.scientist) == 6
    assert len(c.lss_reward) == 8


def test_discovery_distribution(c: Components) -> None:
    """RUL-7: the substitute 19-tile distribution of components.md §9.1."""
    kinds = Counter(d.effect.effect for d in c.discovery.values())
    assert kinds == {
        "develop": 1, "construct": 6, "upgrade": 1, "hire": 1, "blueprint": 1, "warehouse": 1,
        "gain": 6, "learn": 2,
    }  # fmt: skip
    typed = sorted(t for d in c.discovery.values() for t in d.effect.kw.get("types", ()))
    assert typed == sorted(["mine", "generator", "extractor", "greenhouse", "condenser"])
    items = Counter(d.effect.kw["item"] for d in c.discovery.values() if d.effect.effect == "gain")
    assert items == {"crystal": 2, "battery": 1, "water": 1, "plant": 1, "oxygen": 1}


def test_mission_decks(c: Components) -> None:
    """RUL-10: 4 Long missions, 5 Short."""
    long = {m.objective for m in c.mission.values() if m.deck == "long"}
    assert long == {"blueprint", "tech", "progress", "advanced_building"}


def test_board(c: Components) -> None:
    """RUL-2 / RUL-13 / RUL-9: 8 Turn Order spaces (4 per side), 8 executive rows, action slots."""
    assert Counter(t.side for t in c.turn_order.values()) == {"orbit": 4, "colony": 4}
    rows = sorted(c.executive.values(), key=lambda e: e.row)
    assert [e.effect.effect for e in rows] == [
        "develop", "rover", "blueprint", "upgrade", "gain", "bots", "warehouse", "advanced",
    ]  # fmt: skip
    assert {a: c.action[a].slots for a in ("blueprint", "rnd", "construct", "upgrade", "hire")} == {
        "blueprint": 3,
        "rnd": 3,
        "construct": 3,
        "upgrade": 3,
        "hire": 4,
    }
    assert set(c.setting) == set(V.SETTINGS)
    assert c.value("progress_op") == (0, 1, 2, 4, 7, 11)


def test_substitutes_listed() -> None:
    """RUL-2, RUL-3 and the substitute principle: ruled values are tagged and listed."""
    subs = {(table, r.id): r.ruling for table, r in substitutes()}
    for n in range(1, 9):
        assert subs[("turn_order", str(n))] == "RUL-2"
    assert subs[("lab_column", "L2")] == "RUL-3"
    assert ("lab_column", "L3") not in subs  # L3 cost is from the rulebook (RUL-3)
    assert subs[("setting", "lq_row_op")] == "RUL-16"
    assert subs[("tech_tile", "A-ship")] == "RUL-4"
    assert all(r.startswith("RUL-") for r in subs.values())


# --- Bad data fails at load, naming the file and the record ------------------------------------


def test_unknown_key() -> None:
    """Schema: an unknown key is rejected with file, table and id."""
    t = edited("cards.toml", 'id = "BP03"', 'id = "BP03"\ncolour = "red"')
    fails(t, "cards.toml", "[[blueprint]]", "id=BP03", "unknown key")


def test_missing_field() -> None:
    """Schema: a missing field is rejected (RUL-6 building tile arrows)."""
    t = edited(
        "buildings.toml",
        'id = "mine-S"\ntype = "mine"\nstarting = true\narrows = []\n',
        'id = "mine-S"\ntype = "mine"\nstarting = true\n',
    )
    fails(t, "buildings.toml", "[[tile]]", "id=mine-S", "missing field 'arrows'")


def test_bad_scientist_reference() -> None:
    """§14: a Blueprint naming an unknown scientist fails with its id."""
    t = edited("cards.toml", 'scientist = "hydrologist"', 'scientist = "astronaut"')
    fails(t, "cards.toml", "[[blueprint]]", "id=BP05", "astronaut")


def test_bad_building_reference() -> None:
    """§16: a building tile of an unknown type fails."""
    t = edited("buildings.toml", 'type = "generator"', 'type = "factory"')
    fails(t, "buildings.toml", "[[tile]]", "id=generator-S", "factory")


def test_duplicate_id() -> None:
    """Schema: two records with one id fail."""
    t = edited("cards.toml", 'id = "C02"', 'id = "C01"')
    fails(t, "cards.toml", "[[contract]]", "id=C01", "duplicate id")


def test_hex_off_map() -> None:
    """RUL-1: a setup hex outside the 91 cells fails."""
    t = edited("map.toml", "hexes = [[-4, 1], [4, -1]]", "hexes = [[-4, 1], [6, 0]]")
    fails(t, "map.toml", "[[feature]]", "id=shelters_2p", "off the map", "(6, 0)")


def test_lab_space_in_missing_column() -> None:
    """RUL-3: a Lab space must sit in an existing Lab column."""
    t = edited("tech.toml", 'id = "6"\ncolumn = 6', 'id = "6"\ncolumn = 7')
    fails(t, "tech.toml", "[[space]]", "id=6", "column")


def test_substitute_needs_ruling() -> None:
    """Substitute principle (rulings.md): a substitute value must name its RUL-n."""
    t = edited("board.toml", 'ruling = "RUL-2"', 'ruling = "rule two"')
    fails(t, "board.toml", "[[turn_order]]", "id=1", "RUL-n")
    t = edited("board.toml", 'ruling = "RUL-2"\n', "")
    fails(t, "board.toml", "[[turn_order]]", "id=1", "without a ruling")


def test_count_check() -> None:
    """§14: removing a Blueprint breaks the 24-card count."""
    t = texts()
    head, _, tail = t["cards.toml"].partition('[[blueprint]]\nid = "BP24"')
    t["cards.toml"] = head + tail.partition("\n\n")[2]
    fails(t, "cards.toml", "[[blueprint]]", "expected 24")


def test_bad_vocabulary() -> None:
    """RUL-2: a Turn Order bonus naming an effect the rules do not define fails."""
    t = edited(
        "board.toml", 'bonus = { effect = "learn", must = 0 }', 'bonus = { effect = "teleport" }'
    )
    fails(t, "board.toml", "[[turn_order]]", "id=3", "unknown effect 'teleport'")


def test_effect_parameters_are_checked_against_the_effects() -> None:
    """§18.2, §14: how many a reward or an action gives is an effect parameter in the data; an
    unknown parameter, a value of the wrong type or an unknown item fails, naming the record."""
    old = 'reward_effect = { effect = "gain", item = "mineral", n = 3 }'
    t = edited("cards.toml", old, old.replace("n = 3", "count = 3"))
    fails(t, "cards.toml", "PG03", "no parameter 'count'")
    t = edited("cards.toml", old, old.replace("n = 3", 'n = "3"'))
    fails(t, "cards.toml", "PG03", "'n'", "must be a int")
    t = edited("cards.toml", old, old.replace("mineral", "gold"))
    fails(t, "cards.toml", "PG03", "'item'", "gold")
    t = edited("cards.toml", old, old.replace("n = 3", "n = -3"))
    fails(t, "cards.toml", "PG03", "'n'", "negative")


def test_every_effect_named_in_the_data_is_defined() -> None:
    """Issue 9: every effect the data names is in the registry, and every shared effect is
    used by some component."""
    names = {ref.effect for _, _, ref in V.effect_refs(load()) if ref}
    assert names <= set(effect_specs())
    assert {"develop", "upgrade", "warehouse", "blueprint", "learn", "ship", "bots"} <= names
