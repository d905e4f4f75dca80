"""The game explains itself (issue 10): events, move descriptions and previews, the catalog, in
English and Chinese; and no text shown to a seat names another seat's secret (RUL-18)."""

from __future__ import annotations

import random

import pytest
from conftest import frame, legal, play, random_game, started, to_shuttle_phase

import onmars
from onmars.rules.data.components import load
from onmars.rules.engine.i18n import LANGS
from onmars.rules.explain.events import event_text, events_of
from onmars.rules.position import arrange
from onmars.tools.messages import collect, problems

# --- the catalogs ------------------------------------------------------------------------------


def test_every_message_is_translated_in_both_languages() -> None:
    """Issue 10 item 5: the English and Chinese catalogs hold every message of the code and
    the data, each translated, and nothing stale."""
    assert problems(collect()) == []


def test_the_catalog_has_every_component_id_in_both_languages() -> None:
    """Issue 10 item 3: an entry for every id of the data, with its texts."""
    c = load()
    tables = {
        "blueprint": c.blueprint,
        "scientist": c.scientist,
        "contract": c.contract,
        "mission": c.mission,
        "private_goal": c.private_goal,
        "discovery": c.discovery,
        "lss_reward": c.lss_reward,
        "lab_space": c.lab_space,
        "executive": c.executive,
        "turn_order": c.turn_order,
        "tech_tile": c.tech_tile,
        "research": c.research,
        "building_tile": c.building_tile,
        "bonus": c.bonus,
        "building": c.building_type,
        "action": c.action,
    }
    for lang in LANGS:
        cat = onmars.catalog(lang)
        for kind, table in tables.items():
            assert set(cat[kind]) == set(table), (lang, kind)
        assert cat["blueprint"]["BP05"]["action"]
        assert cat["lab_space"]["5t"]["op"] == 5 and cat["lab_space"]["5t"]["cost"]
    en, zh = onmars.catalog("en"), onmars.catalog("zh")
    assert en["blueprint"]["BP01"]["name"] != zh["blueprint"]["BP01"]["name"]


def test_a_lab_space_says_its_benefit_is_optional() -> None:
    """§20: every Lab benefit may be declined, and its face says so."""
    assert "optional" in onmars.catalog("en")["lab_space"]["1b"]["benefit_text"]


def test_unknown_language_is_refused() -> None:
    with pytest.raises(onmars.OnMarsError):
        onmars.catalog("fr")


# --- events ------------------------------------------------------------------------------------


def test_every_move_produces_events() -> None:
    """Issue 10 item 1: each move has at least its own event, in words, in both languages."""
    game = random_game(3, 11, 400)
    events = game.events(None)
    plies = {e["ply"] for e in events}
    assert plies == set(range(len(game.moves)))
    for lang in LANGS:
        texts = game.events(0, lang=lang)
        assert all(e["text"] for e in texts)


def test_events_report_gains_and_payments_with_the_move() -> None:
    """A Resupply of Water: the move, then +1 Water for the player and -1 in the Warehouse."""
    game = started(3, seed=1)
    n = len(game.moves)
    play(game, "main resupply", "item water")
    ids = [(e["id"], e.get("item"), e.get("delta")) for e in game.events(None, since=n)]
    assert ("move", None, None) in ids
    assert ("resource", "water", 1) in ids and ("warehouse", "water", -1) in ids


def test_another_seats_discarded_goal_is_not_named() -> None:
    """RUL-18: a Private Goal spent as a Crystal is named to its owner only, in the move's
    event and in the discard event."""
    game = started(3, seed=1)
    goal = game.state.players[0].goals[0]
    n = len(game.moves)
    play(game, f"discard {goal}")
    mine = game.events(0, since=n, lang="en")
    theirs = game.events(1, since=n, lang="en")
    spectator = game.events(None, since=n, lang="zh")
    assert any(goal in str(e) for e in mine)
    assert not any(goal in str(e) for e in theirs + spectator)


# --- descriptions and previews -----------------------------------------------------------------


def test_every_legal_move_has_a_description_in_both_languages() -> None:
    """Issue 10 done-when: over seeded random games, every legal move has a non-empty label and
    a preview, in English and Chinese."""
    for seed in (1, 2):
        game = onmars.Game.new(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if game.is_over:
                break
            for m in game.legal_moves():
                for lang in LANGS:
                    d = game.describe(m, lang)
                    assert d["label"] and d["move"] == str(m)
                    assert {"cost", "gain", "op", "warnings", "events"} <= set(d)
            game.play(rng.choice(game.legal_moves()))


def test_a_preview_is_exact_and_changes_nothing() -> None:
    """Issue 10 item 2: Resupply's Water: gain 1 Water, no cost; the game is untouched."""
    game = started(3, seed=1)
    play(game, "main resupply")
    before = game.state.to_dict()
    d = game.describe("item water", "en")
    assert d["gain"] == {"water": 1} and d["cost"] == {} and d["op"] == 0
    assert game.state.to_dict() == before


def test_taking_a_blueprint_does_not_warn() -> None:
    """Issue 23: warnings are for what a move loses now; a Blueprint never built scores -3
    (level 1) or -5 (level 3) at the end (§24.2), a later risk its card shows, not a loss."""
    game = started(3, seed=1)
    play(game, "main blueprint")
    take = next(m for m in legal(game) if m.startswith("take"))
    assert load().blueprint[take.split()[1]].level in (1, 3)
    assert game.describe(take, "en")["warnings"] == []


def test_spending_a_goal_as_a_crystal_warns() -> None:
    game = started(3, seed=1)
    goal = game.state.players[0].goals[0]
    warned = game.describe(f"discard {goal}", "en")["warnings"]
    assert [w["kind"] for w in warned] == ["discard_goal"] and warned[0]["text"]


def test_projection_and_descriptions_are_in_chinese() -> None:
    game = started(3, seed=1)
    d = game.describe("main resupply", "zh")
    assert d["label"] != game.describe("main resupply", "en")["label"]


# --- refusals ----------------------------------------------------------------------------------


def _has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def assert_both_languages(reason: object) -> None:
    """English is the text itself; Chinese keeps the rule id and is translated (a message
    missing from the catalog, or a translation whose placeholders do not fit, reads English)."""
    en, zh = onmars.reason_text(reason, "en"), onmars.reason_text(reason, "zh")
    rule = reason.rule  # type: ignore[attr-defined]
    assert en == str(reason)
    assert rule and zh.startswith(f"{rule}："), (zh, rule)
    assert zh != en and _has_chinese(zh), (en, zh)


def test_a_refused_move_reads_in_chinese() -> None:
    """Issue 10 item 5: a refusal names its rule in both languages; English is ``str(err)``."""
    game = started(3, seed=1)
    with pytest.raises(onmars.IllegalMoveError) as info:
        game.play("main construct")  # a Colony action, and the markers start in Orbit
    err = info.value
    assert_both_languages(err)
    zh = onmars.reason_text(err, "zh")
    assert zh.startswith("§1.2：") and "轨道" in zh and "建造建筑" in zh and "construct" not in zh
    assert onmars.reason_text(game.why("main construct"), "zh") == zh


def test_the_terminal_gives_refusals_in_its_language(tmp_path) -> None:
    """``why`` and a refused move, in a ``--lang zh`` session: the rule, then the Chinese."""
    from test_play import Script, console, output

    from onmars.terminal import play as terminal

    game = started(2, seed=1)
    con = console()
    script = Script(["", "why main construct", "main construct", "quit"], con)  # "": ready
    seats: list[str | None] = [None, None]
    session = terminal.Session(
        game, seats, console=con, input_fn=script, save_path=tmp_path / "s.json", lang="zh"
    )
    script.session = session
    assert session.run() == 0
    out = " ".join(output(con).split())
    with pytest.raises(onmars.IllegalMoveError) as info:
        game.play("main construct")
    zh = onmars.reason_text(info.value, "zh")
    assert out.count(zh) == 2 and str(info.value) not in out


def test_undo_and_agreement_refusals_read_in_chinese() -> None:
    """RUL-19, RUL-20, §24.1: the Game's own refusals are messages too."""
    game = onmars.Game.new(3, seed=2)
    with pytest.raises(onmars.IllegalMoveError) as info:
        game.undo()
    assert info.value.rule == "RUL-19"
    assert_both_languages(info.value)
    game.play(game.legal_moves()[0])
    seat = game.decision().seat
    with pytest.raises(onmars.IllegalMoveError) as info:
        game.undo((seat + 1) % 3)
    assert_both_languages(info.value)
    game.conclude()
    for refused in (lambda: game.play("end"), game.undo, game.conclude):
        with pytest.raises(onmars.IllegalMoveError) as info:
            refused()
        assert_both_languages(info.value)
    assert_both_languages(game.why("end"))


def test_every_refusal_of_random_games_reads_in_both_languages() -> None:
    """At each position of seeded random games, every move the pending decision names and
    refuses: its reason (``Game.why``, as ``Game.play`` raises it) renders in Chinese with its
    rule id, and in English exactly as ``str``."""
    from onmars.rules.engine import engine

    seen: set[str] = set()
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        game = onmars.Game.new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if game.is_over:
                break
            s = game.state
            frame = s.stack[-1]
            refused = [m for m, r in engine.STEPS[frame["t"]].candidates(s, frame, True) if r]
            for move in refused:
                reason = game.why(move)
                assert_both_languages(reason)
                seen.add(reason.message_id)  # type: ignore[attr-defined]
            if refused:
                with pytest.raises(onmars.IllegalMoveError) as info:
                    game.play(refused[0])
                assert str(info.value) == str(game.why(refused[0]))
                assert_both_languages(info.value)
            game.play(rng.choice(game.legal_moves()))
    assert len(seen) > 25


def test_items_lost_for_want_of_room_are_reported() -> None:
    """§4, seed item 3: a Resource gained beyond the storage cap goes back to the supply; the
    move's events say so (issue 10 item 1). A Blueprint's item with that row full is lost."""
    game = started(3, seed=1)
    s = game.state
    bp = next(b for b in s.bp_display if load().blueprint[b].gain != "crystal")
    item = load().blueprint[bp].gain
    arrange(game, {"players": {0: {"res": {item: 2}}}})  # the cap with one Shelter on Mars
    play(game, "main blueprint")
    before = s.clone()
    play(game, f"take {bp}")
    events = events_of(before, s, 0, 0, onmars.Move.parse(f"take {bp}"))
    lost = [e for e in events if e["id"] == "lost"]
    assert [(e["seat"], e["item"], e["n"]) for e in lost] == [(0, item, 1)]
    assert "loses 1" in event_text(lost[0], "en", game.players)


def test_travel_that_spends_a_ship_says_so() -> None:
    """Issue 10 item 1 (travel and what it cost): with the Shuttle gone, travelling spends a
    Ship from the Hangar (§12.2, RUL-5); the preview's cost and the move's events name it."""
    table = started(2, seed=1)
    for p in table.state.players:
        p.hangar = 1
    arrange(table, {"shuttle_side": ""})  # removed after its last trip (RUL-5)
    # a game that starts from this position, so that its events are worked out from it
    game = onmars.Game.from_view(table.view(0), 1)
    assert to_shuttle_phase(game)
    seat = game.current_player
    assert frame(game)["free"] is False
    d = game.describe("travel", "en")
    assert d["cost"].get("ship") == 1, d
    n = len(game.moves)
    game.play("travel")
    spent = [e for e in game.events(seat, since=n) if e["id"] == "ship_spent"]
    assert spent and spent[0]["n"] == 1
    assert game.state.players[seat].hangar == 0


def test_a_malformed_move_is_refused_in_chinese_too() -> None:
    """Issue 10 item 5: an unreadable move text is explained in the player's language."""
    game = onmars.Game.new(2, seed=1)
    with pytest.raises(onmars.InvalidMoveError) as err:
        game.play("xyzzy")
    assert "xyzzy" in onmars.reason_text(err.value, "zh")
    assert onmars.reason_text(err.value, "zh") != onmars.reason_text(err.value, "en")


def test_a_preview_names_nothing_from_a_face_down_stack() -> None:
    """RUL-18: a preview is made for what the mover may know: no card or tile still face down
    (the stacks' order below their top) appears in it, whatever the move draws."""
    for seed in (3, 4):
        game = random_game(3, seed, 0)
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over:
                break
            s = game.state
            hidden = {*s.discovery_stack, *s.bp_deck, *(t for st in s.tech_stacks for t in st)}
            hidden |= {t for st in s.building_stacks.values() for t in st[:-1]}
            for m in game.legal_moves():
                text = " ".join(game.describe(m, "en")["events"])
                assert not [h for h in hidden if h in text.split()], (str(m), text)
            game.play(rng.choice(game.legal_moves()))
