"""Why not (issue 23, item 2) and honest undo (item 6), in the rules: every place of the pending
decision that no legal move uses explains itself with its rule, in the player's language, and
names no secret (RUL-18); a refused undo says why (RUL-19)."""

from __future__ import annotations

import random

from conftest import play, started

import onmars
from onmars.rules.explain.structure import structure


def _targets(game: onmars.Game) -> set[tuple[str, str | None]]:
    step = game.decision().step
    return {
        (t["kind"], t["id"]) for t in (structure(m, step)["target"] for m in game.legal_moves())
    }


def test_the_first_turn_explains_each_refused_action_and_row() -> None:
    """§1.2: a colony action is refused while the marker is on the orbit side; §13.1: a row a
    Ship still covers is refused. Each refused place names its rule; no legal place is in."""
    game = started(3, seed=1)
    refused = {(r["target"]["kind"], r["target"]["id"]): r for r in game.refusals("en")}
    construct = refused[("action", "construct")]
    assert construct["rule"] == "§1.2" and construct["text"].startswith("§1.2: ")
    assert "orbit" in construct["text"] and construct["move"] == "main construct"
    assert refused[("executive", "develop")]["rule"] == "§13.1"
    assert not set(refused) & _targets(game)  # a place with a legal move is never refused
    assert ("action", "tech") not in refused  # Learn Technology is legal here


def test_reasons_come_in_the_players_language() -> None:
    game = started(3, seed=1)
    en = {r["move"]: r["text"] for r in game.refusals("en")}
    zh = {r["move"]: r["text"] for r in game.refusals("zh")}
    assert en.keys() == zh.keys()
    assert zh["main construct"] != en["main construct"] and "轨道" in zh["main construct"]


def test_a_decision_inside_an_action_explains_its_refused_tiles() -> None:
    """§7.3: in Learn Technology, a Grid tile that cannot be taken says why."""
    game = started(3, seed=1)
    play(game, "main tech")
    refused = game.refusals("en")
    assert all(r["rule"].startswith(("§", "RUL")) for r in refused)
    assert not {(r["target"]["kind"], r["target"]["id"]) for r in refused} & _targets(game)


def test_no_refusal_names_a_secret() -> None:
    """RUL-18: over random games, no refusal (move or text, either language) names a Private
    Goal, a face-down tile or card, or anything a spectator's view does not show."""
    for seed in (5, 6):
        game = onmars.Game.new(3, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over:
                break
            s = game.state
            secret = {g for p in s.players for g in p.goals}
            secret |= {*s.discovery_stack, *s.bp_deck, *(t for st in s.tech_stacks for t in st)}
            secret |= {t for p in s.players for t in (*p.discoveries, *p.bot_discoveries)}
            for lang in ("en", "zh"):
                for r in game.refusals(lang):
                    words = set(f"{r['move']} {r['text']} {r['target']['id']}".split())
                    assert not words & secret, r
            game.play(rng.choice(game.legal_moves()))


def test_a_refused_undo_says_why_in_both_languages() -> None:
    """RUL-19: nothing played yet, another seat's move, a move that turned something face up:
    ``undo_problem`` says why with its rule, in either language; "" when undo would work."""
    game = started(3, seed=1)
    assert game.undo_problem(0).startswith("RUL-19: a player may take back only their own")
    play(game, "main resupply")  # seat 0's own move of its current turn: undo works
    assert game.undo_problem(0) == "" and game.can_undo(0)
    game = onmars.Game.new(3, seed=1)
    assert game.undo_problem(None).startswith("RUL-19: nothing to undo")
    rng = random.Random(3)
    while not game.describe(m := rng.choice(game.legal_moves()))["irreversible"]:
        game.play(m)
    game.play(m)  # this one turned something face up
    en, zh = game.undo_problem(None), game.undo_problem(None, "zh")
    assert en.startswith("RUL-19: ") and "face up" in en
    assert zh.startswith("RUL-19") and zh != en and "翻开" in zh
