"""Seeds that cannot be guessed (issue 21 item 1, RUL-18).

The seed decides every face-down stack and every hand, so whoever learns it sees every secret. A
31-bit seed can be found from the public opening by trying every candidate; new games draw 128
bits from :mod:`secrets`, the store keeps them whole, and the server's bots draw their own
randomness rather than deriving it from the game's seed.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from serverkit import FAST, new_game

import onmars
from onmars.server.app import create_app
from onmars.server.config import Settings
from onmars.server.store import games


def test_new_games_draw_seeds_far_past_31_bits() -> None:
    """RUL-18: of 16 new games, none shares a seed and the largest has more than 100 bits (a
    128-bit draw has fewer than 101 bits with probability 2**-27 each, 2**-432 for all 16)."""
    seeds = [onmars.Game.new(2).log["seed"] for _ in range(16)]
    assert len(set(seeds)) == 16
    assert max(seed.bit_length() for seed in seeds) > 100


def test_a_128_bit_seed_plays_and_replays() -> None:
    """A seed of 128 bits and more makes the same game from its log, and only from its log."""
    seed = 2**200 + 12345
    game = onmars.Game.new(3, seed=seed)
    game.play(game.legal_moves()[0])
    again = onmars.Game.replay(game.log)
    assert again.view(None) == game.view(None)
    assert onmars.Game.new(3, seed=seed + 1).view(None) != onmars.Game.new(3, seed=seed).view(None)


def test_the_store_keeps_a_128_bit_seed_whole(database: str) -> None:
    """The server's games get 128-bit seeds, stored whole (the column holds them in decimal) and
    read back into the same game after a restart."""
    settings = Settings(database=database, **FAST)
    with TestClient(create_app(settings)) as client:
        gid, _ = new_game(client, [{"name": "Ana"}, {"name": "Ben"}])
        before = client.get(f"/api/games/{gid}").json()["view"]
    engine = sa.create_engine(settings.url())
    with engine.connect() as conn:
        stored = conn.execute(sa.select(games.c.seed).where(games.c.id == gid)).scalar_one()
    engine.dispose()
    assert int(stored).bit_length() > 64  # 2**-64 chance that a 128-bit draw is this small
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/api/games/{gid}").json()["view"] == before


def test_server_bots_do_not_derive_their_randomness_from_the_seed(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two server games with the same seed: their bots are handed different random seeds (a bot's
    stream derived from the game's seed would tell an observer about the seed)."""
    from onmars.server import live

    handed: dict[str, list[int]] = {}

    async def choose(
        self: Any, name: str, seed: int, key: tuple[str, int], *rest: Any, **_: Any
    ) -> str:
        handed.setdefault(key[0], []).append(seed)
        return rest[1][0]  # the first legal move

    monkeypatch.setattr(live.BotRunner, "choose", choose)
    real_new = onmars.Game.new.__func__  # type: ignore[attr-defined]

    def fixed_seed(cls: type, players: Any, seed: Any = None, length: str = "short", **kw: Any):
        return real_new(cls, players, 77, length, **kw)

    monkeypatch.setattr(onmars.Game, "new", classmethod(fixed_seed))
    with TestClient(create_app(Settings(database=database, **FAST))) as client:
        bots = [{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}]
        ids = [new_game(client, bots)[0] for _ in range(2)]
        for _ in range(200):  # the bots play on their own: wait for a decision of each game
            if all(handed.get(gid) for gid in ids):
                break
            time.sleep(0.05)
    firsts = [seeds[0] for seeds in handed.values()]
    assert len(firsts) == 2 and firsts[0] != firsts[1]
