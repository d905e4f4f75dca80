"""Stored games survive upgrades (issue 21, item 10; docs/rules-versions.md): every log carries
its rules version (none: version 0); a game replays under its own version; a change kept behind
the version leaves old games as they were; one that could not be replays old games up to their
last accepted move and says they were made under an older version of the rules; a newer
version than this program's is refused, saying so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rulechange import NEXT, SEAT_8, TODAY, game_with_space_8, space_8_closed

import onmars
from onmars import reason_text
from onmars.rules.engine import version

ROOT = Path(__file__).resolve().parents[1]
LATIN = re.compile(r"[A-Za-z]{4,}")


def test_a_log_without_a_version_is_read_as_version_0() -> None:
    game = onmars.Game.new(2, seed=3, rules=0)
    for _ in range(20):
        game.play(game.legal_moves()[0])
    log = game.log
    del log["rules"]
    again = onmars.Game.replay(log)
    assert again.log["rules"] == 0 and again.view()["rules"] == 0
    assert again.moves == game.moves


def test_a_gated_change_leaves_games_of_the_older_version_as_they_were(monkeypatch) -> None:
    """The change kept behind the version: the old game replays whole and plays on, space 8
    still open to it; a new game (of the new version) refuses space 8."""
    game, k = game_with_space_8()
    space_8_closed(monkeypatch, gated=True)
    old = onmars.Game.replay(game.log)
    assert old.moves == game.moves and old.log["rules"] == TODAY
    old.play(old.legal_moves()[0])  # plays on
    again = onmars.Game.replay({**game.log, "moves": game.moves[:k]})
    assert SEAT_8 in again.legal_moves()
    new = onmars.Game.new(["Ana", "Ben"], seed=5)
    assert new.log["rules"] == NEXT
    for text in game.moves[:k]:
        new.play(text)
    with pytest.raises(onmars.IllegalMoveError, match="space 8 is closed"):
        new.play(SEAT_8)


def test_a_partial_replay_stops_at_the_first_move_todays_rules_refuse(monkeypatch) -> None:
    game, k = game_with_space_8(after=6)
    space_8_closed(monkeypatch, gated=False)
    replayed, stop = onmars.Game.replay(game.log, partial=True)
    assert isinstance(stop, onmars.Stop)
    assert (stop.ply, stop.move, stop.rules, stop.dropped) == (k, "seat 8", TODAY, 7)
    assert stop.older and not stop.ended
    assert isinstance(stop.error, onmars.IllegalMoveError) and stop.error.rule == "§19"
    assert replayed.moves == game.moves[:k]
    assert SEAT_8 not in replayed.legal_moves()
    replayed.play(replayed.legal_moves()[0])  # the players may go on from there
    said = f"older version of the rules (version {TODAY}; this program plays version {NEXT})"
    assert said in stop.message("en")
    zh = stop.message("zh")
    assert "旧版规则" in zh and not LATIN.sub("", zh).count("older")


def test_a_whole_replay_says_the_log_is_older_not_corrupt(monkeypatch) -> None:
    game, k = game_with_space_8()
    space_8_closed(monkeypatch, gated=False)
    with pytest.raises(onmars.OlderRulesError) as exc:
        onmars.Game.replay(game.log)
    text = str(exc.value)
    assert text.startswith("this game was made under an older version of the rules")
    assert f"move {k + 1} (seat 8)" in text and "space 8 is closed" in text
    zh = reason_text(exc.value, "zh")
    assert "旧版规则" in zh and f"第 {k + 1} 步" in zh


def test_an_older_save_without_a_version_loads_as_version_0_or_says_it_is_older(
    monkeypatch,
) -> None:
    """A to_json save made before versions (no "rules" in its log nor its state) loads as
    version 0; once a rule change refuses one of its moves, from_json says why."""
    game = onmars.Game.new(["Ana", "Ben"], seed=5, rules=0)
    source, k = game_with_space_8(rules=0)
    for text in source.moves:
        game.play(text)
    data = json.loads(game.to_json())
    del data["log"]["rules"], data["state"]["rules"]
    old = json.dumps(data)
    assert onmars.Game.from_json(old).log["rules"] == 0
    assert onmars.Game.from_json(old, verify=False).log["rules"] == 0
    space_8_closed(monkeypatch, gated=False)
    with pytest.raises(onmars.OlderRulesError, match="older version of the rules"):
        onmars.Game.from_json(old)
    replayed, stop = onmars.Game.replay(data["log"], partial=True)
    assert stop is not None and stop.ply == k and stop.rules == 0


@pytest.mark.parametrize("verify", [True, False])
def test_a_newer_version_is_refused_clearly(verify: bool) -> None:
    game = onmars.Game.new(2, seed=1)
    data = json.loads(game.to_json())
    data["log"]["rules"] = data["state"]["rules"] = version.RULES_VERSION + 1
    with pytest.raises(onmars.NewerRulesError) as exc:
        onmars.Game.from_json(json.dumps(data), verify=verify)
    assert "newer than this program's" in str(exc.value) and "update onmars" in str(exc.value)
    assert "更新" in reason_text(exc.value, "zh")
    with pytest.raises(onmars.NewerRulesError):
        onmars.Game.replay(data["log"], partial=True)


def test_the_changelog_lists_every_version_with_its_reason() -> None:
    """docs/rules-changelog.md has a section per version of ``CHANGES``, with its reason."""
    text = (ROOT / "docs" / "rules-changelog.md").read_text(encoding="utf-8")
    listed = {
        int(n): body.strip()
        for n, body in re.findall(r"^## Version (\d+)\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    }
    assert sorted(listed) == sorted(version.CHANGES)
    for number, reason in version.CHANGES.items():
        assert " ".join(reason.split()) in " ".join(listed[number].split()), number
