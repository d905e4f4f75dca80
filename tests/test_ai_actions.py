"""Issue 26, item 1: the fixed action space of onmars.ai (docs/ai.md).

Every legal move of seeded random games of 2, 3 and 4 players, short and long, has a number
below N that decodes back to it; a move outside the vocabulary is refused loudly.
"""

from __future__ import annotations

import random

import pytest
from aikit import need

from onmars.rules import VERBS, Game, Move

need("numpy")

import numpy as np  # noqa: E402

from onmars.ai import actions  # noqa: E402


@pytest.mark.parametrize(
    "players,length,seed",
    [
        (2, "short", 1),
        (3, "short", 2),
        (4, "short", 3),
        (2, "long", 4),
        (3, "long", 5),
        (4, "long", 6),
    ],
)
def test_every_legal_move_round_trips(players: int, length: str, seed: int) -> None:
    game = Game.new(players, seed=seed, length=length)
    rng = random.Random(seed)
    n = actions.num_actions()
    verbs: set[str] = set()
    while not game.is_over:
        legal = game.legal_moves()
        numbers = actions.encode_all(legal)  # raises UnknownMoveError on a move it lacks
        assert len(set(numbers)) == len(numbers), "two legal moves share a number"
        assert all(0 <= k < n for k in numbers)
        assert [actions.decode(k) for k in numbers] == list(legal)
        mask = actions.mask(legal)
        assert mask.shape == (n,) and mask.dtype == np.int8
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(numbers)
        verbs.update(m.verb for m in legal)
        game.push(rng.choice(legal))
    assert len(verbs) > 15, verbs  # the game went through most kinds of decision


def test_the_vocabulary_is_fixed_and_versioned() -> None:
    """N does not depend on the player count; the fingerprint pins the numbering of
    ENCODING_VERSION 2 (change the vocabulary: bump the version and this fingerprint; 2 added
    ``gain colonist``, Turn Order space 5's optional Colonist of rules version 2)."""
    assert actions.ENCODING_VERSION == 2
    assert actions.fingerprint() == "5b7475fe4182d7f8"
    assert actions.num_actions() == len(actions.vocabulary()) == 13_998
    assert {m.verb for m in actions.vocabulary()} == set(VERBS)
    assert actions.encode("end") == actions.encode(Move("end"))
    assert actions.decode(actions.encode("bot 0,0 1,-1")) == Move.parse("bot 0,0 1,-1")


@pytest.mark.parametrize(
    "text", ["take BP99", "bot 0,0 0,0", "develop A-mine 9z", "seat 9", "end now"]
)
def test_a_move_outside_the_vocabulary_is_refused_loudly(text: str) -> None:
    with pytest.raises(actions.UnknownMoveError, match="not in the action space"):
        actions.encode(text)
    with pytest.raises(actions.UnknownMoveError):
        actions.mask([Move("end"), Move.parse(text)])


def test_turn_order_space_5s_optional_colonist_has_a_number() -> None:
    """Rules version 2 (RUL-2): space 5 offers ``gain colonist`` or ``done``; both have numbers
    and the mask marks them (ENCODING_VERSION 2)."""
    game = Game.new(3, seed=1)
    game.play("seat 5")
    legal = game.legal_moves()
    assert {str(m) for m in legal} == {"gain colonist", "done"}
    number = actions.encode("gain colonist")
    assert actions.decode(number) == Move.parse("gain colonist")
    assert actions.mask(legal)[number] == 1


@pytest.mark.parametrize("bad", [-1, 13_998, 10**9])
def test_a_number_outside_the_range_is_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="outside range"):
        actions.decode(bad)
    with pytest.raises(ValueError, match="integer"):
        actions.decode("3")  # type: ignore[arg-type]


def test_a_sweep_of_random_games_uses_only_known_moves() -> None:
    """Twelve more random games of every size and length: every move listed has a number.
    (``goal`` and ``radar``, which random play hardly reaches, are the Private Goal and
    Discovery ids: checked below.)"""
    verbs: set[str] = set()
    for seed in range(12):
        players, length = 2 + seed % 3, ("short", "long")[seed // 3 % 2]
        game = Game.new(players, seed=1000 + seed, length=length)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_moves()
            actions.encode_all(legal)
            verbs.update(m.verb for m in legal)
            game.push(rng.choice(legal))
    assert len(verbs) >= 30, sorted(set(VERBS) - verbs)


def test_rare_moves_have_numbers() -> None:
    for text in (
        "goal PG16",
        "discard PG01",
        "radar D19",
        "retrieve wa",
        "retrieve 0,0",
        "benefit retrieve hire",
        "reward free_contract",
        "advanced BP21 pay",
    ):
        assert str(actions.decode(actions.encode(text))) == text
