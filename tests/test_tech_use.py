"""Using another player's Tech (§8.3, seed item 4): the owner's end-of-turn choice, even when
the owner's own free development borrows a third player's Tech."""

from __future__ import annotations

from conftest import legal, play

from onmars import Game
from onmars.rules.data import hexmap
from onmars.rules.position import arrange


def test_a_tech_borrowed_during_an_owners_free_development_is_settled_too() -> None:
    """§8.3: C borrows A's Generator Tech; at C's turn end A develops it free onto 4t, whose
    benefit (an Upgrade) borrows B's Upgrade Tech; B then gets the same choice."""
    g = Game.new(3, seed=1)
    while g.state.stack[-1]["t"] != "turn":
        options = legal(g)
        pick = next((m for m in ("seat 5", "seat 6", "seat 7", "done") if m in options), None)
        play(g, pick or sorted(options)[0])
    s = g.state
    c = g.current_player
    a, b = [x for x in range(3) if x != c]
    for p in s.players:
        p.side = "colony"
    generator = s.bld.index("generator")
    spot = next(n for n in hexmap.neighbours(generator) if not s.bld[n] and not s.occupied(n))
    s.bot[spot] = c
    arrange(g, {"players": {c: {"res": {"mineral": 2}}}})
    arrange(g, {"players": {a: {"lab": {"3t": "A-generator"}}}})
    arrange(g, {"players": {b: {"lab": {"1t": "A-upgrade"}}}})
    arrange(g, {"players": {a: {"blueprints": ["BP01"], "ab": s.players[a].ab - 1}}})
    arrange(g, {"players": {a: {"res": {"mineral": 2}}}})
    s.bot[hexmap.parse("0,1")] = a
    play(g, "main construct", f"build generator {hexmap.text(spot)}")
    while g.current_player == c and s.stack[-1]["t"] != "turn":
        play(g, str(g.legal_moves()[0]))
    play(g, "end")
    assert (s.stack[-1]["t"], g.current_player) == ("owner_develop", a)
    play(g, "develop A-generator 4t", "use A-upgrade", "upgrade BP01 0,0")
    assert s.ab[hexmap.parse("0,0")] == a
    assert (s.stack[-1]["t"], g.current_player) == ("owner_develop", b)
    assert "develop A-upgrade 2t" in legal(g) and "keep" in legal(g)
