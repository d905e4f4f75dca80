"""The terminal's log and board as a player reads them (review of ``onmars play``): a move's
line and its events do not say the same thing twice, a count agrees with its pronoun, a round
heading comes after the effects of the move that ended the round before, and the board tells
what each Scientist and Earth Contract of the display costs and gives (§9.5, §15, §16), in
English and Chinese."""

from __future__ import annotations

import random

from rich.cells import cell_len

import onmars
from onmars import tr
from onmars.rules.data.components import load
from onmars.rules.explain.events import event_text
from onmars.terminal import boards, logview, menu, render

LANGS = ("en", "zh")


def plain(game: onmars.Game, seat: int | None, lang: str, since: int = 0) -> list[str]:
    events = game.events(seat, since=since, lang=lang)
    return [line.plain for line in logview.log_lines(game.view(seat), events)]


def opening(seed: int = 3) -> onmars.Game:
    """A 2-player game after its first pick: the first player takes Turn Order space 3 (§19)."""
    game = onmars.Game.new(["Ana", "Ben"], seed=seed)
    game.play("seat 3")
    return game


# --- item 1: no event line that only repeats its move ----------------------------------------


def test_taking_a_turn_order_space_is_said_once() -> None:
    """§19: "Ana: Take Turn Order space 3" is not followed by "Ana takes Turn Order space 3"
    (the same in Chinese: 占据顺位格 3 once)."""
    game = opening()
    mover = game.seat_log(None)[0].seat
    name = game.players[mover]
    for lang, said in (("en", "Turn Order space 3"), ("zh", "顺位格 3")):
        lines = plain(game, None, lang)
        assert lines[0].startswith(name)
        assert sum(said in line for line in lines) == 1, lines


def test_a_private_goal_spent_as_a_crystal_is_said_once() -> None:
    """§18.1, RUL-18: spending a Private Goal as a Crystal shows one line (the move), then the
    Crystal it gave, to its owner (who reads the card) and to the other seat (who does not)."""
    game = onmars.Game.new(["Ana", "Ben"], seed=1)
    while game.decision().step != "turn":
        game.play(game.legal_moves()[0])
    mover = game.current_player
    goal = next(m for m in game.legal_moves() if m.verb == "discard")
    ply = len(game.moves)
    game.play(goal)
    for seat in (mover, 1 - mover):
        for lang in LANGS:
            lines = plain(game, seat, lang, since=ply)
            crystal = "水晶" if lang == "zh" else "Crystal"
            assert len(lines) == 2, lines  # the move, then "+1 Crystal in the Depot"
            assert lines[1].strip().startswith(game.players[mover]) and "+1" in lines[1]
            assert crystal in lines[0]


def test_an_event_that_tells_more_than_its_move_stays() -> None:
    """The rule leaves out only what the move's line says: a Landing Pod (§7.1) does not say
    which side it brings you to, so its travel line stays."""
    move = {"ply": 4, "round": 1, "seat": 0, "id": "move", "move": "main pod"}
    travel = {"ply": 4, "round": 1, "seat": 0, "id": "travel", "side": "colony"}
    assert logview.in_order([move, travel]) == [move, travel]
    moved = {"ply": 5, "round": 1, "seat": 0, "id": "move", "move": "travel"}
    assert logview.in_order([moved, {**travel, "ply": 5}]) == [moved]
    # another seat's event is never the mover's repeat
    assert logview.repeats_move(moved, {**travel, "ply": 5, "seat": 1}) is False


# --- item 2: "them" for more than one --------------------------------------------------------


def test_resources_lost_for_want_of_room_agree_in_number() -> None:
    """§4, seed item 3: "loses 1 Battery: no room to keep it", "loses 2 Batteries: ... them";
    the Chinese sentence is the same for both."""
    names = ["Ana", "Ben"]
    one = {"ply": 0, "round": 1, "seat": 0, "id": "lost", "item": "battery", "n": 1}
    two = {**one, "n": 2}
    assert event_text(one, "en", names) == "Ana loses 1 Battery: no room to keep it"
    assert event_text(two, "en", names) == "Ana loses 2 Batteries: no room to keep them"
    assert event_text(two, "zh", names) == "Ana失去 2 电池：没有空间存放"


# --- item 3: a round heading after the effects of the move that started it ------------------


def played(seed: int, moves: int) -> onmars.Game:
    game = onmars.Game.new(["Ana", "Ben"], seed=seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < moves:
        game.play(rng.choice(game.legal_moves()))
    return game


def test_a_round_heading_follows_the_effects_of_the_move_that_ended_the_round() -> None:
    """§5: the last move of a round (its Resources gained, the Warehouse's loss) is told under
    it, before "Round N begins"; the heading is not between a move and its effects."""
    checked = 0
    for seed in range(6):
        game = played(seed, 160)
        events = game.events(None, lang="en")
        order = logview.in_order(events)
        for k, e in enumerate(order):
            if e["id"] != "round":
                continue
            ply = [x for x in order if x["ply"] == e["ply"]]
            mover = ply[0]["seat"]
            own = [x for x in ply if x["id"] == "resource" and x["seat"] == mover]
            for x in own:  # the mover's Resources changed by the move itself
                assert order.index(x) < k
                checked += 1
            before = [x for x in ply if order.index(x) < k]
            assert before[0]["id"] == "move"
    assert checked  # some round ended with a move that gained or paid a Resource


def test_crystals_moving_into_a_depot_at_the_new_rounds_start_follow_its_heading() -> None:
    """Seed item 3: Crystals below a Depot move in at the start of their owner's turn; at the
    first turn of a new round that is after "Round N begins", in English and Chinese."""
    found = 0
    for seed in range(10):
        game = played(seed, 200)
        for lang in LANGS:
            order = logview.in_order(game.events(None, lang=lang))
            for k, e in enumerate(order):
                if e["id"] == "crystals_waiting" and e["delta"] < 0:
                    ply = [x for x in order if x["ply"] == e["ply"]]
                    heads = [order.index(x) for x in ply if x["id"] == "round"]
                    if heads:
                        assert heads[0] < k
                        found += 1
    assert found


def test_crystals_moving_in_as_a_turn_starts_are_told_under_that_turn() -> None:
    """§5.1, seed item 3: a move that ends a turn starts the next one, whose player's Crystals
    below the Depot move in. Those events are the new player's: marked ``turn_start``, after
    everything the move did, and in the terminal under "Ben's turn begins", not under the
    mover's line, in English and Chinese."""
    found = 0
    for seed in range(3):
        game = played(seed, 200)
        names = game.players
        for lang in LANGS:
            events = game.events(None, lang=lang)
            movers = {e["ply"]: e["seat"] for e in events if e["id"] == "move"}
            for e in events:
                ply = [x for x in events if x["ply"] == e["ply"]]
                if e["id"] != "crystals_waiting" or e["delta"] >= 0 or ply[-1]["id"] == "score":
                    continue  # the end's own move-in (§24.1) begins no turn
                assert e.get("turn_start") is True, ply
                assert e["seat"] == movers.get(e["ply"] + 1, e["seat"])  # who moves next
                marked = [x.get("turn_start", False) for x in ply]
                assert marked == sorted(marked), ply  # the turn's start comes last
                lines = [line.plain for line in logview.log_lines(game.view(None), ply, lang=lang)]
                begins = tr(logview.TURN_BEGINS, lang, name=names[e["seat"]])
                assert begins in lines and lines.index(begins) < lines.index(f"  {e['text']}")
                found += e["seat"] != ply[0]["seat"]
    assert found >= 6  # another seat's turn began within the move
    assert tr(logview.TURN_BEGINS, "zh", name="Ben") == "Ben的回合开始"


#: What a move that began a Shuttle phase may tell after its heading.
UNDER_HEADINGS = ("move", "phase", "round", "crystals_waiting")


def test_the_shuttle_moves_after_the_shuttle_phase_heading() -> None:
    """§12.1: the Shuttle moves when the Shuttle phase begins: its line follows that heading,
    and the move that ended the Colonization phase tells its own effects before it (a Shuttle
    phase passed whole is followed in the same move by the next round, whose first turn's
    Crystals, ``turn_start``, are told under that turn)."""
    found = 0
    for seed in range(4):
        order = logview.in_order(played(seed, 120).events(None, lang="en"))
        for k, e in enumerate(order):
            if e["id"] == "phase" and e["phase"] == "shuttle":
                ply = [x for x in order if x["ply"] == e["ply"]]
                for x in ply:
                    if x["id"] == "shuttle":
                        assert order.index(x) > k
                        found += 1
                    elif x["id"] not in UNDER_HEADINGS and not x.get("turn_start"):
                        assert order.index(x) < k, (x, e)
    assert found


def shuttle_phase_plies(game: onmars.Game) -> list[int]:
    """The moves that began a Shuttle phase with decisions in it (§5.1: the last turn of a
    Colonization phase; one passed whole is told with the next round's start, tested below)."""
    events = game.events(None)
    rounds = {e["ply"] for e in events if e["id"] == "round"}
    return [
        e["ply"]
        for e in events
        if e["id"] == "phase" and e["phase"] == "shuttle" and e["ply"] not in rounds
    ]


def test_a_move_that_begins_a_shuttle_phase_tells_what_it_did_first() -> None:
    """§5.1, §12.1: the last turn of a Colonization phase begins the Shuttle phase, whose start
    moves the Shuttle. The move's events, as the server sends them to the browser and as the
    terminal prints them, in English and Chinese: the move, what it did, "Shuttle phase
    begins", then the Shuttle's move; never the phase between the move and its effects."""
    found = 0
    for seed in range(3):
        game = played(seed, 160)
        for ply in shuttle_phase_plies(game):
            for lang in LANGS:
                events = game.events(None, since=ply, until=ply + 1, lang=lang)
                ids = [e["id"] for e in events]
                k = ids.index("phase")
                assert ids[0] == "move" and set(ids[k + 1 :]) <= {"shuttle", "shuttle_gone"}, ids
                assert "shuttle" in ids[k + 1 :] and not {"shuttle", "round"} & set(ids[:k]), ids
                lines = [line.plain for line in logview.log_lines(game.view(None), events)]
                heading = lines.index(f"── {events[k]['text']} ──")
                shuttle = "穿梭机位于" if lang == "zh" else "The Shuttle is on the"
                assert all(shuttle in line for line in lines[heading + 1 :]), lines
                assert lines[0].startswith(game.players[events[0]["seat"]]), lines
                told = logview.in_order(events)  # less what only repeats the move's line
                own = [e["text"] for e in told[1 : told.index(events[k])]]
                assert [line.strip() for line in lines[1:heading]] == own, lines
                found += bool(own)
    assert found >= 4  # moves whose own effects (a card revealed, Resources...) are told
    assert "穿梭机阶段开始" in event_text({"id": "phase", "phase": "shuttle"}, "zh", [])


# --- item 4: the Scientist / Contract display with costs and gains ---------------------------


def test_the_board_tells_each_science_cards_cost_and_gain() -> None:
    """§9.5, §15, §16: beside each Scientist its hiring cost (the Geologist's 2 Colonists go to
    the Working Area) and what it scores; beside each Earth Contract its 1 Crystal and its OP
    either way; every line within 120 columns, in English and Chinese."""
    game = onmars.Game.new(["Ana", "Ben"], seed=5)
    view = game.view(0)
    view["science"] = ["geologist", "rnd_engineer", "C07", "C12", "", "systems_engineer"]
    en = render.to_text(boards.science_panel(view, "en"), render.WIDTH)
    zh = render.to_text(boards.science_panel(view, "zh"), render.WIDTH)
    assert "Geologist" in en and "2 Colonists to WA" in en
    assert "3 OP per Generator Advanced Building at the end" in en  # its scoring (§15)
    assert "R&D Engineer" in en and "2 Minerals" in en
    rnd = load().scientist["rnd_engineer"]
    assert rnd.cost == ("mineral", "mineral")
    assert "Contract C07" in en and "1 Crystal" in en
    assert "Deliver 4 Minerals: +9 OP at the end, -4 OP if not completed" in en  # §16
    assert "地质学家" in zh and "2 名殖民者移至工作区" in zh
    assert "合约 C12" in zh and "1 水晶" in zh and "未完成 -4 机会分" in zh
    for text in (en, zh):
        assert all(cell_len(line) <= render.WIDTH for line in text.splitlines())
        assert len(text.splitlines()) == 6 + 2  # one line per space, an empty one as ·


def test_the_board_asked_for_shows_the_display_and_a_decision_keeps_its_menu() -> None:
    """The player who types ``board`` sees the display with costs; a decision shown on the
    board by itself (a Tech tile to take, §19) keeps its whole menu, the display then named
    among the cards as before."""
    game = onmars.Game.new(["Ana", "Ben"], seed=5)
    seat = game.current_player
    for lang, cost in (("en", "2 Colonists to WA"), ("zh", "2 名殖民者移至工作区")):
        entries = menu.build(game, lang)
        kw = dict(
            lang=lang,
            decision=game.decision(),
            entries=entries,
            focus="board",
            events=game.events(seat, lang=lang),
            projection=game.projection(seat),
        )
        asked = render.to_text(render.screen(game.view(seat), science=True, **kw), 130)
        assert cost in asked
        auto = render.to_text(render.screen(game.view(seat), **kw), 130)
        assert cost not in auto
        assert all(f"{e.number})" in auto for e in entries)  # the whole menu
        assert ("Scientists and Contracts" if lang == "en" else "科学家与合约展示区") in auto


def test_a_shuttle_phase_passed_within_one_move_is_told() -> None:
    """§5.1, §12: every round but the last has a Shuttle phase; when nobody has a choice in it
    the move that ends the Colonization phase passes it whole. Its log says so: the Shuttle
    phase begins, the Shuttle moves (§12.1), then the new round and its Colonization phase."""
    found = 0
    for seed in range(3):
        game = played(seed, 300)
        events = game.events(None, lang="en")
        for ply in {e["ply"] for e in events if e["id"] == "round"}:
            mine = [e for e in events if e["ply"] == ply]
            phases = [e["phase"] for e in mine if e["id"] == "phase"]
            if phases[:1] != ["shuttle"] or len(phases) < 2:
                continue  # the Shuttle phase had decisions: it began with an earlier move
            found += 1
            ids = [e["id"] for e in mine]
            k = ids.index("phase")
            assert phases == ["shuttle", "colonization"], ids
            assert ids[k + 1 : k + 2] in (["shuttle"], ["shuttle_gone"], ["round"]), ids
            assert ids.index("round") > k and "move" not in ids[k:], ids
            lines = [line.plain for line in logview.log_lines(game.view(None), mine)]
            new_round = f"── Round {mine[0]['round']} begins ──"
            assert lines.index("── Shuttle phase begins ──") < lines.index(new_round)
    assert found
