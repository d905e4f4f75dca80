"""Sequences of moves a table offers as one click (issue 23, item 3), at the rules level:
``Game.sequences`` (a payment's combinations, the Rover's paths, a turn's obvious tail),
``Game.check_sequence`` / ``Game.play_sequence`` (all or none, a reveal ends what can be
planned: RUL-18, RUL-19), and the kinds of warnings of ``Game.describe``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from onmars import Game, IllegalMoveError, Move
from onmars.rules import WARNING_KINDS, SequenceError


def positions(seed: int, plies: int = 500) -> list[Game]:
    """Copies of a random 2-player game at each ply (busy moves preferred, so that the game
    gets somewhere)."""
    game, rng, out = Game.new(2, seed=seed), random.Random(seed), []
    for _ in range(plies):
        if game.is_over:
            break
        out.append(game.copy())
        legal = game.legal_moves()
        busy = [m for m in legal if m.verb != "end"]
        game.play(rng.choice(busy if busy and rng.random() < 0.8 else legal))
    return out


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return positions(3) + positions(11)


def test_every_offered_sequence_replays_move_by_move(games: list[Game]) -> None:
    """Each step of each sequence is a legal move at its time (played with Game.play), all by
    the seat deciding; kinds are as offered: a payment pays only, a path only steps the Rover,
    a tail ends with ``end``."""
    seen: Counter[str] = Counter()
    for game in games:
        seat = game.current_player
        for seq in game.sequences():
            seen[seq["kind"]] += 1
            copy = game.copy()
            for text in seq["moves"]:
                assert copy.current_player == seat
                assert Move.parse(text) in copy.legal_moves(), (seq, text)
                copy.play(text)
            verbs = [m.split()[0] for m in seq["moves"]]
            if seq["kind"] == "pay":  # the payment, then maybe moves without a choice
                assert verbs[:2] == ["pay", "pay"]
            if seq["kind"] == "path":
                steps = [m for m in seq["moves"] if m.startswith("rover ")]
                assert verbs[:2] == ["rover", "rover"]
                assert seq["target"] == {"kind": "hex", "id": steps[-1].split()[1]}
            if seq["kind"] == "tail":
                assert verbs[-1] == "end"
            if seq["kind"] == "choice":  # carried on through the same seat's small choices
                game.check_sequence(seq["moves"])  # and nothing turned up before its last move
                assert "Choose" not in seq["label"] and seq["label"]
            if seq["kind"] == "then":
                seen["then " + verbs[0]] += 1
                assert (
                    verbs[0] in ("stay", "done", "travel", "seat", "main", "exec")
                    and len(verbs) >= 2
                )
            assert all(w["kind"] in WARNING_KINDS for w in seq["warnings"])
    assert seen["path"] and seen["tail"] and seen["pay"] and seen["then"], seen
    assert seen["forced"] and seen["choice"], seen
    assert seen["then seat"], "a Turn Order space leads to the seat's next choice (§19)"


def test_a_payment_is_offered_once_per_combination(games: list[Game]) -> None:
    found = 0
    for game in games:
        pays = [s for s in game.sequences() if s["kind"] == "pay" and "end" not in s["moves"]]
        pays = [s for s in pays if all(m.startswith("pay ") for m in s["moves"])]
        combos = [tuple(sorted(s["moves"])) for s in pays]
        assert len(combos) == len(set(combos)), "each combination once"
        for seq in pays:
            found += 1
            after = game.copy()
            after.play_sequence(seq["moves"])
            assert game.decision() is not None and after.decision() != game.decision()
            assert seq["label"].startswith("Pay ")
    assert found


def picked_up(game: Game, moves: list[str]) -> frozenset[str]:
    """The hexes whose Crystals the Rover takes on the way, ``moves`` played on a copy."""
    copy, picked = game.copy(), set()
    for text in moves:
        move = Move.parse(text)
        before = copy.state.crystal[move.cell(0)] if move.verb == "rover" else 0
        copy.play(move)
        if before > copy.state.crystal[move.cell(0)]:
            picked.add(move.args[0])
    return frozenset(picked)


def test_rover_paths_differ_only_in_what_they_pick_up(games: list[Game]) -> None:
    """Two paths to one hex are offered only when they pick up different Crystals: which hexes'
    Crystals, not only how many (two paths taking one Crystal each, from different hexes,
    differ; comparing the paths' gains, as this test once did, called them the same)."""
    for game in games:
        paths = [s for s in game.sequences() if s["kind"] == "path"]
        paths = [s for s in paths if all(m.startswith("rover ") for m in s["moves"])]
        by_target = Counter(s["target"]["id"] for s in paths)
        for hexid, n in by_target.items():
            if n > 1:
                to_it = [s["moves"] for s in paths if s["target"]["id"] == hexid]
                picks = {picked_up(game, moves) for moves in to_it}
                assert len(picks) == n, f"two paths to {hexid} that pick up the same"


def test_a_sequence_is_all_or_none(games: list[Game]) -> None:
    game = next(g for g in games if any(s["kind"] == "tail" for s in g.sequences()))
    seq = next(s for s in game.sequences() if s["kind"] == "tail")
    before = list(game.moves)
    with pytest.raises(SequenceError) as refused:
        game.play_sequence([*seq["moves"][:-1], "seat 99"])
    assert refused.value.index == len(seq["moves"]) - 1
    assert isinstance(refused.value.error, IllegalMoveError)
    assert game.moves == before, "nothing played"
    with pytest.raises(SequenceError) as garbled:
        game.play_sequence([seq["moves"][0], "fly to the moon"])
    assert garbled.value.index == 1
    game.play_sequence(seq["moves"])
    assert game.moves == before + seq["moves"]


def test_a_reveal_ends_what_can_be_planned() -> None:
    """A move that turns something face up may only be the last of a sequence (RUL-18,
    RUL-19): found in a random game, a reveal followed by the same seat's next move."""
    game, rng = Game.new(2, seed=5), random.Random(5)
    for _ in range(3000):
        assert not game.is_over, "no reveal followed by the same seat's move"
        seat = game.current_player
        for m in game.legal_moves():
            trial = game.copy()
            trial.play(m)
            if trial.can_undo() or trial.current_player != seat or trial.is_over:
                continue  # undo refused only after a reveal (RUL-19)
            nxt = str(trial.legal_moves()[0])
            with pytest.raises(SequenceError) as refused:
                game.check_sequence([str(m), nxt])
            assert refused.value.index == 0 and "RUL-19" in str(refused.value)
            game.check_sequence([str(m)])  # alone (or last) it is fine
            return
        game.play(rng.choice(game.legal_moves()))


def test_warnings_name_their_kind_and_only_losses() -> None:
    """Every warning has a kind; taking a Blueprint does not warn; ending the turn warns only
    while an Executive action could still be taken (§13)."""
    warned_ends = 0
    for game in positions(7, 400):
        legal = game.legal_moves()
        for m in legal:
            if m.verb not in ("end", "take", "discard", "done", "ship"):
                continue
            warned = game.describe(m)["warnings"]
            assert all(set(w) == {"kind", "text"} and w["kind"] in WARNING_KINDS for w in warned)
            if m.verb == "take":
                assert warned == []
            if m.verb == "end":
                kinds = {w["kind"] for w in warned}
                if "leave_action_unused" in kinds:
                    warned_ends += 1
                    assert any(x.verb == "exec" for x in legal), "an Executive action is open"
            if m.verb == "discard":
                assert {w["kind"] for w in warned} >= {"discard_goal"}
    assert warned_ends, "ending a turn with an Executive action open still warns"


def test_a_sequence_carries_on_through_small_choices_to_the_end_of_the_turn(
    games: list[Game],
) -> None:
    """Issue 23.3: after a move, the same seat's next small decisions (a one-token payment
    from two items, a bonus or ``done``...) are offered chosen in advance, one sequence per
    way of choosing, and the turn's end as its last step; each such sequence starts with
    an offered move and, played, leaves the position its moves lead to."""
    ended = branched = 0
    for game in games:
        offered = game.sequences()
        legal = {str(m) for m in game.legal_moves()}
        for seq in (s for s in offered if s["kind"] == "choice"):
            assert seq["moves"][0] in legal
            ended += seq["moves"][-1] == "end" and "then end your turn" in seq["label"]
            prefix = seq["moves"][:-1]
            twins = [s for s in offered if s["moves"][:-1] == prefix and s is not seq]
            branched += bool(twins)
    assert ended and branched, (ended, branched)


def test_a_sequence_says_done_as_stopping_in_both_languages(games: list[Game]) -> None:
    """A sequence's ``done`` (declining what is left of a step) reads as stopping: last, "...,
    then stop here" ("……，然后到此为止"); first, "Done, then ..." ("完成，然后……"); never the
    single move's "Done: stop here" after a "then:" (read as noise). A Chinese label joins its
    parts with the full-width comma and colon."""
    ending = starting = 0
    for game in games:
        english = {tuple(s["moves"]): s["label"] for s in game.sequences("en")}
        chinese = {tuple(s["moves"]): s["label"] for s in game.sequences("zh")}
        assert english.keys() == chinese.keys()
        for moves, en in english.items():
            zh = chinese[moves]
            assert "Done: stop here" not in en and "完成：到此为止" not in zh, (en, zh)
            assert ", " not in zh and ": " not in zh, zh
            if moves[-1] == "done":
                ending += 1
                assert en.endswith(", then stop here") and zh.endswith("，然后到此为止"), (en, zh)
            if moves[0] == "done" and len(moves) > 1:
                starting += 1
                assert en.startswith("Done, then") and zh.startswith("完成，然后"), (en, zh)
    assert ending and starting, (ending, starting)


def test_a_sequence_that_turns_something_up_last_counts_only_what_that_move_costs(
    games: list[Game],
) -> None:
    """RUL-18, RUL-19: a sequence's last move may turn something face up; its totals then
    hold what the moves before it cost and give plus what the last move costs, never what
    the face turned up gives (a move's preview counts the same). Checked by playing each
    such sequence: before its last move, and the last move's costs alone."""
    checked = 0
    for game in games:
        seat = game.current_player
        for seq in (s for s in game.sequences() if s["irreversible"]):
            trial = game.copy()
            start = _holding(trial, seat)
            trial.play_sequence(seq["moves"][:-1])
            before = _holding(trial, seat)
            trial.play(seq["moves"][-1])
            after = _holding(trial, seat)
            assert not trial.can_undo(), "the last move turned something up (RUL-19)"
            gain = {k: v - start[k] for k, v in before.items() if v > start[k] and k != "op"}
            cost = {k: start[k] - v for k, v in before.items() if v < start[k] and k != "op"}
            for k, v in after.items():
                if v < before[k] and k != "op":
                    cost[k] = cost.get(k, 0) + before[k] - v
            assert seq["gain"] == gain and seq["cost"] == cost, seq
            assert seq["op"] == before["op"] - start["op"], seq
            checked += 1
    assert checked > 10, checked


def _holding(game: Game, seat: int) -> dict[str, int]:
    p = game.state.players[seat]
    out = {k: v for k, v in p.res.items()}
    return {**out, "crystal": p.crystals + p.pending, "op": p.op}
