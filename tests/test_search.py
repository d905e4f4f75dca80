"""The search bot and the difficulty levels (issue 13): it chooses from its seat's view only
(RUL-18), the same seed and simulation budget give the same move, wide decisions are widened
progressively, and the levels can be had by name wherever a bot is chosen."""

from __future__ import annotations

import random

import pytest
from conftest import positions, random_game

from onmars import Game, Move, cli
from onmars.bots import BOTS, SearchBot, make_bot, search
from onmars.bots.levels import LEVELS, EasyBot, parse_search
from onmars.bots.search import Node, policy_move, policy_weight, simulate, turn_of
from onmars.terminal.play import seat_bots
from onmars.tools import arena, bench


def wide_positions(players: int, seed: int) -> list[Game]:
    """Positions of a random game where the player to move has a real choice."""
    return [g for g in positions(players, seed, every=23) if len(g.legal_moves()) > 2][:6]


def test_the_choice_depends_only_on_what_the_seat_sees() -> None:
    """RUL-18: two games that differ only in what the deciding seat cannot see (the hidden
    stacks and the other seats' hands, dealt again with different seeds) give that seat the
    same view, and the bot, seeded alike, the same move."""
    compared = 0
    for game in wide_positions(2, seed=31):
        seat = game.current_player
        one, two = game.determinize(seat, 1), game.determinize(seat, 2)
        assert one.state.to_dict() != two.state.to_dict()  # they do differ in hidden information
        assert one.view(seat) == two.view(seat)
        first = SearchBot(7, sims=24).choose(one.view(seat), one.legal_moves())
        second = SearchBot(7, sims=24).choose(two.view(seat), two.legal_moves())
        assert first == second
        compared += 1
    assert compared >= 3


def test_same_seed_and_simulations_give_the_same_move() -> None:
    game = random_game(3, seed=12, moves=140)
    while len(game.legal_moves()) < 3:
        game.play(game.legal_moves()[0])
    seat = game.current_player
    picks = {str(SearchBot(5, sims=30).choose(game.view(seat), game.legal_moves())) for _ in "ab"}
    assert len(picks) == 1
    bot = SearchBot(5, sims=30)
    bot.choose(game.view(seat), game.legal_moves())
    assert bot.last_sims == 15  # a round's first decision spends half of the turn's budget


def test_a_turn_shares_one_budget_and_one_tree() -> None:
    """The budget is a turn's (its round's): the first decision spends half and searches the
    whole turn; later ones reuse the tree below the moves played and spend half of what is
    left (at least 1/32 of the budget), so a round costs about the budget, not ~8 times it."""
    game, greedy, bot = Game.new(2, seed=3), make_bot("greedy", 1), SearchBot(2, sims=64)
    while not (
        game.round >= 2
        and game.view(0)["phase"] == "colonization"
        and game.view(0)["turn"].get("p") == 0
    ):
        game.push(greedy.choose(game.view(game.current_player), game.legal_moves()))
    start, spent, carried = game.round, [], 0
    while game.round == start and not game.is_over:
        decision = game.decision()
        if decision.seat != 0:
            game.push(greedy.choose(game.view(decision.seat), decision.moves))
            continue
        view = game.view(0)
        tree = bot.plan.follow(turn_of(view), decision.moves) if bot.plan else None
        carried = max(carried, tree[()].visits if tree else 0)
        game.push(bot.choose(view, decision.moves))
        spent.append(bot.last_sims)
    searched = [n for n in spent if n]
    assert searched[0] == 32 and len(searched) >= 2
    assert sum(searched) <= 64 + 2 * len(searched)
    assert carried > 0  # a later decision started from the first one's statistics


def test_one_legal_move_is_not_searched() -> None:
    game = Game.new(2, seed=3)
    view = game.view(game.current_player)
    only = game.legal_moves()[:1]
    bot = SearchBot(1, sims=50)
    assert bot.choose(view, only) == only[0]
    assert bot.last_sims == 0


def test_wide_decisions_are_widened_progressively() -> None:
    """A node visited n times tries at most 1 + 1.5*sqrt(n) of its moves, best prior first."""
    moves = [Move.parse(f"bot 0,0 {q},0") for q in range(1, 60)] + [Move.parse("done")]
    node, rng = Node(), random.Random(0)
    for k in range(40):
        move, _new = node.select(moves, rng)
        node.update(move, value=float(k % 3))
    assert 2 <= len(node.stats) <= 1 + int(1.5 * 40**0.5)
    assert node.order[0] in node.stats


def test_playouts_keep_private_goals() -> None:
    """The playout policy spends a Private Goal as a Crystal only rarely (issue 13: greedy
    discarded all three on its first turn)."""
    discard, main = Move.parse("discard PG01"), Move.parse("main construct")
    assert policy_weight(discard) < policy_weight(Move.parse("end")) < policy_weight(main)
    rng = random.Random(4)
    picks = [policy_move([discard, main], rng) for _ in range(500)]
    assert picks.count(discard) < 25


def test_a_simulation_plays_the_seats_turn_and_no_other_seats() -> None:
    """A simulation plays the deciding seat's turn to its end, then evaluates: the other
    seats' turns are not played by the policy (issue 25.5, :func:`onmars.bots.search.playout`)."""
    game = random_game(2, seed=5, moves=90)
    seat = game.current_player
    world = Game.from_view(game.view(seat), 3)
    before = world.copy()
    tree: dict = {}
    simulate(world, seat, tree, random.Random(1))
    assert tree[()].visits == 1
    played = world.moves[len(before.moves) :]
    assert played, "the seat's turn was played"
    for text in played:
        assert before.current_player == seat
        before.play(text)
    # and stops where its turn ends: another seat decides, or the round is over
    assert world.is_over or world.round != game.round or world.current_player != seat


def test_levels_and_budgets_by_name() -> None:
    assert list(BOTS) == ["random", "easy", "greedy", "medium", "hard", "expert"]
    assert set(LEVELS) <= set(BOTS)
    assert isinstance(make_bot("easy", 2), EasyBot) and make_bot("medium").sims == 50
    # issue 25.5: every level's budget is work, so a level plays the same on any machine
    described = BOTS["hard"].description  # type: ignore[attr-defined]
    assert described == "searches 400 simulations a turn"
    hard = make_bot("hard", 1)
    assert isinstance(hard, SearchBot) and hard.sims == 400 and hard.name == "hard"
    # expert searches more, its playouts playing the others' turns too (README, "The ladder")
    medium, expert = make_bot("medium"), make_bot("expert")
    assert isinstance(medium, SearchBot) and isinstance(expert, SearchBot)
    assert expert.sims == 16 * hard.sims == 128 * medium.sims
    assert expert.whole_round and not hard.whole_round and not medium.whole_round
    told = BOTS["expert"].description  # type: ignore[attr-defined]
    assert told == (
        "searches 6400 simulations a turn, playing the other players' turns out to the round's end"
    )
    assert make_bot("search:200sims").sims == 200
    assert make_bot("search:0.5").seconds == 0.5
    assert parse_search("search:3sims") == (3, None)
    for bad in ("search:0sims", "search:-1", "search:fast", "search:", "search:1e9"):
        with pytest.raises(ValueError, match="search budget"):
            make_bot(bad)
    with pytest.raises(ValueError, match="search:<n>sims"):
        make_bot("grandmaster")
    assert seat_bots(3, ["easy", "search:10sims"]) == [None, "easy", "search:10sims"]
    with pytest.raises(ValueError, match="known bots"):
        arena.run(2, ["hard", "nobody"], games=1)


def test_easy_slips_but_only_to_legal_moves() -> None:
    """``easy`` is greedy with mistakes: over a game's decisions it sometimes differs from
    greedy seeded alike, and always plays a legal move."""
    differ = 0
    for game in wide_positions(2, seed=8):
        seat = game.current_player
        legal = game.legal_moves()
        easy = EasyBot(3).choose(game.view(seat), legal)
        assert easy in legal
        differ += easy != make_bot("greedy", 3).choose(game.view(seat), legal)
    assert differ >= 1


def test_a_simulation_budget_reads_no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27.3: under a simulation budget the search never reads the clock (it would cost a
    system call a simulation and could not change what it does)."""

    def no_clock() -> float:
        raise AssertionError("the clock was read under a simulation budget")

    game = wide_positions(2, seed=31)[0]
    seat = game.current_player
    monkeypatch.setattr(search.time, "thread_time", no_clock)
    bot = SearchBot(7, sims=24)
    assert bot.choose(game.view(seat), game.legal_moves()) in game.legal_moves()
    assert bot.last_sims == 12  # half the turn's budget on its first decision
    with pytest.raises(AssertionError, match="clock"):
        SearchBot(7, seconds=0.01).choose(game.view(seat), game.legal_moves())


def test_search_beats_random() -> None:
    """Even a tiny search (32 simulations a turn) wins a whole game against random."""
    result = arena.play_game(("search:32sims", "random"), index=0, seed=4)
    assert result.finished and result.shares[0] == 1


def test_the_bench_times_the_search_in_real_decisions() -> None:
    """Issue 21.9: ``onmars bench``'s "in play" figure is the search bot's own decisions in a
    whole game against greedy, each one counted (a turn's later decisions and its one-move
    decisions too), and the simulations it ran in them: a turn's budget a round and seat
    (each later decision at least one), not simulations timed apart from the bot."""
    play = bench.search_in_play(2, seed=4, bot="search:8sims")
    assert play.rounds >= 10  # a whole game
    assert play.decisions >= 3 * play.rounds  # all of its decisions, not a turn's first
    assert 4 * play.rounds <= play.simulations <= 8 * play.rounds + play.decisions
    assert play.rate == pytest.approx(play.simulations / play.seconds)
    with pytest.raises(ValueError, match="search bot"):
        bench.check(1, 10, 1, search="greedy")
    assert cli.main(["bench", "--search", "greedy"]) == 2
