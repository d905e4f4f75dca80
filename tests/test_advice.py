"""Advice, the search's "what would you play?" (issue 25.1): legal, ranked suggestions with
values and words, from the asking seat's view only (RUL-18), and bad budgets refused."""

from __future__ import annotations

import math

import pytest
from conftest import positions

from onmars import Game
from onmars.bots.advice import (
    MAX_SECONDS,
    MAX_SIMS,
    AdviceError,
    advise,
    root_ranking,
    win_chance,
)
from onmars.bots.search import SearchBot


def wide_positions(seed: int) -> list[Game]:
    """Positions of a random 2-player game where the player to move has a real choice."""
    return [g for g in positions(2, seed, every=19) if len(g.legal_moves()) > 3][:3]


def test_suggestions_are_legal_ranked_and_explained() -> None:
    for game in wide_positions(41):
        seat = game.current_player
        legal = list(game.legal_moves())
        advice = advise(game.view(seat), legal, seat=seat, sims=120, top=3)
        picks = advice.suggestions
        assert 1 <= len(picks) <= 3
        assert all(p.move in legal for p in picks)
        assert len({p.move for p in picks}) == len(picks)
        visits = [p.visits for p in picks]
        assert visits == sorted(visits, reverse=True)
        assert sum(visits) <= advice.sims == 120
        for p in picks:
            assert math.isfinite(p.value) and 0 < p.win < 1
            assert p.text and p.why and "OP" in p.why[-1]
        assert advice.value_now == picks[0].value
        # the first suggestion is the move the search bot, seeded alike, would play when its
        # decision spends the same 120 simulations (a turn's first spends half the budget)
        assert picks[0].move == SearchBot(0, sims=240).choose(game.view(seat), legal)


def test_advice_reads_only_the_asking_seats_view() -> None:
    """RUL-18: games differing only in what the asking seat cannot see give the same advice."""
    compared = 0
    for game in positions(2, 43, every=19):
        seat = game.current_player
        if len(game.legal_moves()) <= 3 or seat is None:
            continue  # no real choice
        one, two = game.determinize(seat, 1), game.determinize(seat, 2)
        assert one.state.to_dict() != two.state.to_dict()
        if one.view(1 - seat) == two.view(1 - seat):
            continue  # the other seat holds no secret (its Private Goals spent) here
        first = advise(one.view(seat), list(one.legal_moves()), seat=seat, sims=60, seed=5)
        second = advise(two.view(seat), list(two.legal_moves()), seat=seat, sims=60, seed=5)
        assert first.to_dict() == second.to_dict()
        compared += 1
        if compared == 3:
            break
    assert compared >= 2


def test_advice_in_chinese_names_moves_in_chinese() -> None:
    game = wide_positions(41)[0]
    seat = game.current_player
    advice = advise(game.view(seat), list(game.legal_moves()), seat=seat, sims=40, lang="zh")
    assert "机会分" in advice.suggestions[0].why[-1]
    assert not any(c.isascii() and c.isalpha() for c in advice.suggestions[0].why[-1])


def test_a_time_budget_gives_advice() -> None:
    game = wide_positions(41)[0]
    seat = game.current_player
    advice = advise(game.view(seat), list(game.legal_moves()), seat=seat, seconds=0.05)
    assert advice.sims >= 1 and advice.suggestions


@pytest.mark.parametrize(
    ("sims", "seconds"),
    [
        (None, None),
        (10, 1.0),
        (0, None),
        (-3, None),
        (MAX_SIMS + 1, None),
        (True, None),
        (2.5, None),
        (None, 0),
        (None, -1.0),
        (None, MAX_SECONDS + 1),
        (None, math.nan),
        (None, math.inf),
        (None, "1"),
    ],
)
def test_bad_budgets_are_refused(sims: object, seconds: object) -> None:
    game = wide_positions(41)[0]
    seat = game.current_player
    with pytest.raises(AdviceError, match="hint"):
        advise(game.view(seat), list(game.legal_moves()), seat=seat, sims=sims, seconds=seconds)  # type: ignore[arg-type]


def test_other_bad_requests_are_refused() -> None:
    game = wide_positions(41)[0]
    seat = game.current_player
    legal = list(game.legal_moves())
    with pytest.raises(AdviceError, match="RUL-18"):
        advise(game.view(1 - seat), legal, seat=seat, sims=10)
    with pytest.raises(AdviceError, match="moves"):
        advise(game.view(seat), legal, seat=seat, sims=10, top=0)
    with pytest.raises(AdviceError, match="language"):
        advise(game.view(seat), legal, seat=seat, sims=10, lang="fr")
    with pytest.raises(AdviceError, match="no decision"):
        advise(game.view(seat), [], seat=seat, sims=10)


def test_win_chance_grows_with_the_margin() -> None:
    assert win_chance(0) == 0.5
    assert win_chance(-5) < win_chance(0) < win_chance(5) < win_chance(50) <= 1
    assert win_chance(1e9) == 1.0 and win_chance(-1e9) < 1e-9
    assert root_ranking(None, []) == []
