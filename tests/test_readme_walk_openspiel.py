"""docs/ai.md, section 4: the OpenSpiel example ends. A game whose players always take the first
legal action goes on round after round; OpenSpiel's algorithms rely on the game's declared
``max_game_length``, so the state ends such a game by agreement (RUL-20) at that many moves,
scored as it stands, as the arena does at its move cap."""

from __future__ import annotations

from aikit import need

pyspiel = need("pyspiel")

from onmars.ai import openspiel  # noqa: E402


def test_the_docs_example_ends_at_the_declared_max_game_length() -> None:
    game = pyspiel.load_game("onmars", {"players": 3, "length": "short", "seed": 0})
    state = game.new_initial_state()
    state.apply_action(0)
    steps = 0
    while not state.is_terminal() and steps <= game.max_game_length():
        state.apply_action(state.legal_actions()[0])
        steps += 1
    assert state.is_terminal()
    assert steps == game.max_game_length() == openspiel.MAX_GAME_LENGTH
    assert state.game.ended == "agreement"
    assert sum(state.returns()) == 1.0  # shares: the leaders of the final scoring share 1
