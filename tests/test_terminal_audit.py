"""The terminal as a first-time player finds it (audit of ``onmars play``): the help names
every command's argument, a menu says what a move will ask for next (a Building's cost, §9.2)
and which moves cannot be taken back (RUL-19), a group of moves is headed by what its moves
share, a card is not told twice on one line, and ``info`` reads a move's notation; in English
and Chinese."""

from __future__ import annotations

from pathlib import Path

from test_play import output
from test_terminal_explain import session

import onmars
from onmars.terminal import info, menu

#: Seed 3, two players: Ana takes Turn Order space 5 and its Colonist (optional, RUL-2), Ben 8,
#: the Shuttle goes to the Colony and Ana chooses Construct a Building: an Oxygen Condenser or
#: a Shelter (§9.2).
TO_CONSTRUCT = ["seat 5", "gain colonist", "seat 8", "shuttle colony", "main construct"]
#: ... then round 1 and the Shuttle phase to Ana's Learn New Technology in round 2 (§7.3).
TO_LEARN = [
    *TO_CONSTRUCT,
    *("build condenser -4,0", "pay plant", "benefit crystal", "end", "main ship", "ship 5"),
    *("pay plant", "pay water", "reward colonists", "discard PG08", "discard PG14"),
    *("discard PG03", "exec mineral", "travel", "seat 2", "take BP05", "travel", "seat 1"),
    *("item oxygen", "main tech"),
]


def game_after(moves: list[str]) -> onmars.Game:
    game = onmars.Game.new(["Ana", "Ben"], seed=3, length="short")
    for move in moves:
        game.play(move)
    return game


def test_help_names_the_arguments_of_hint_board_and_save(tmp_path: Path) -> None:
    """`help` lists "hint [seconds]" and "board [player]": the brackets are no rich markup
    (they vanished, leaving "hint" with "thinking that long" and no length to give)."""
    game = onmars.Game.new(["Ana", "Ben"], seed=3)
    s, _, con = session(game, [None, "easy"], ["help", "quit"], tmp_path)
    s.run()
    text = output(con)
    for shape in ("hint [seconds]", "board [player]", "save [FILE]", "log [N]"):
        assert shape in text
    game = onmars.Game.new(["Ana", "Ben"], seed=3)
    s, _, con = session(game, [None, "easy"], ["help", "quit"], tmp_path, lang="zh")
    s.run()
    assert "hint [秒数]" in output(con)


def test_a_building_says_its_cost_before_it_is_chosen() -> None:
    """§9.2: an Oxygen Condenser costs 1 Plant, a Shelter 1 Oxygen, paid once the hex is
    chosen; the menu says so beside each move, in both languages."""
    game = game_after(TO_CONSTRUCT)
    for lang, plant, oxygen in (("en", "pay 1 Plant", "pay 1 Oxygen"),
                                ("zh", "支付 1 植物", "支付 1 氧气")):  # fmt: skip
        text = menu.menu_text(menu.build(game, lang), lang, width=120).plain
        condenser = [line for line in text.splitlines() if "-4,0" in line][0]
        assert plant in condenser
        shelters = [line for line in text.splitlines() if oxygen in line]
        assert shelters and "-5,1" in text


def test_a_move_that_turns_a_tile_face_up_says_it_cannot_be_undone() -> None:
    """RUL-19: building from a face-down stack turns its next tile face up, so `undo` refuses
    it afterwards; the menu marks such a move before it is played, and `moves` says why. A
    Shelter comes from the player's own supply and turns nothing up: no mark."""
    game = game_after(TO_CONSTRUCT)
    for lang, mark in (("en", "(no undo)"), ("zh", "不可撤回")):
        entries = menu.build(game, lang)
        lines = {str(e.move): menu.entry_text(e, lang).plain for e in entries}
        assert mark in lines["build condenser -4,0"]
        assert mark not in lines["build shelter -5,1"]
        full = "\n".join(t.plain for t in menu.full_text(entries, lang))
        assert "RUL-19" in full
    game.play("build condenser -4,0")
    assert not game.can_undo(0)


def test_a_tech_tile_group_is_not_headed_by_one_of_its_lab_spaces() -> None:
    """§7.3: a Tech tile taken into column 1 may go to space 1t or 1b; the heading of its
    moves must not say "top" when one of them goes to the bottom."""
    game = game_after(TO_LEARN)
    assert game.decision().step == "learn"
    for lang, top in (("en", "top"), ("zh", "上格")):
        text = menu.menu_text(menu.build(game, lang), lang, width=120).plain
        rover = [line for line in text.splitlines() if "Rover" in line or "探测车" in line][0]
        assert top not in rover
        assert "1t" in rover and "1b" in rover


def test_a_spent_private_goal_is_named_once_on_its_line() -> None:
    """§18.1: spending a Private Goal as a Crystal; the label quotes the goal, so its face is
    not repeated after it."""
    game = game_after(TO_CONSTRUCT[:-1])
    entries = [e for e in menu.build(game, "en") if e.move.verb == "discard"]
    assert entries
    for e in entries:
        line = menu.entry_text(e, "en").plain
        goal = line.split("'")[1]
        assert line.count(goal) == 1


def test_info_reads_a_moves_notation_and_tells_how_an_action_is_taken() -> None:
    """`info main resupply` and `info exec bots` (as the menu's moves are typed) describe the
    action: Resupply needs no Colonist and is boosted by Colonists, Construct a Building takes
    an Action slot (§6.1); the Bots row is Depot row 6 for 2 Crystals (§13.2)."""
    resupply = info.describe("main resupply", "en")
    assert "Resupply" in resupply and "needs no Colonist" in resupply
    assert "Working Area" in resupply
    construct = info.describe("main construct", "en")
    assert "Action slot" in construct and "no boost" in construct
    assert "Depot row 6 (2 Crystals)" in info.describe("exec bots", "en")
    assert "无需殖民者" in info.describe("resupply", "zh")
    assert info.describe("main nothing", "en") == ""
