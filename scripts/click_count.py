"""Count the clicks a person needs per round in the browser table (issue 23, item 3).

A scripted player plays a whole 2-player game against a bot (``medium`` by default) in Chromium,
through the table only, and counts every click it makes for its seat: each move or sequence of
moves clicked, each confirmation dialog answered. Which move to make is chosen by a greedy bot of
the script's own from what the seat may see (the same brain with and without sequences); the
player always uses what the table offers: when the table offers sequences of moves (elements
with ``data-seq``, the moves joined by ``|``) that start with the brain's move, it clicks the
longest one the brain would have played step by step anyway (checked by playing it on a game
dealt from the seat's view, ``Game.from_view``, and asking the same kind of brain at each
step), instead of the single move; the count thus saves only clicks, never changes the play.

    python scripts/click_count.py [--bot medium] [--length short] [--seed 7] [--json out.json]

Needs Chromium at /usr/bin/chromium and the Python Playwright package (tests/webkit.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from serverkit import ServerProcess  # noqa: E402 - the tests' helpers, on the path above
from webkit import (  # noqa: E402
    VIEWPORT,
    Api,
    launch,
    listed_moves,
    need_browser,
    wait_ready,
)

import onmars  # noqa: E402
from onmars.bots import GreedyBot  # noqa: E402

SEQUENCES = "[data-testid=move-list] [data-seq]"


def offered_sequences(page: Any) -> list[list[str]]:
    """The sequences of moves the table offers in one click (``data-seq``)."""
    texts: list[str] = page.eval_on_selector_all(SEQUENCES, "els => els.map(e => e.dataset.seq)")
    return [t.split("|") for t in texts]


def quoted(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def click(page: Any, selector: str) -> int:
    """Click ``selector`` and answer a confirmation if one opens, asking not to be asked again
    for its kinds of warnings where the table offers it (each tick a click): the clicks made."""
    page.locator(selector).first.click(timeout=10_000)
    clicks = 1
    if page.locator("[data-testid=confirm-dialog]").count():
        boxes = page.locator("[data-testid=confirm-dialog] input[data-testid^=noask-]")
        for k in range(boxes.count()):
            boxes.nth(k).check()
            clicks += 1
        page.locator("[data-testid=confirm-yes]").click()
        clicks += 1
    refused = page.locator("[data-testid=refusal]")
    if refused.count():
        raise AssertionError(f"the server refused {selector}: {refused.inner_text()}")
    return clicks


def brain_would(view: dict[str, Any], seq: list[str], seed: int) -> bool:
    """Whether the brain would play ``seq`` move by move from the seat's ``view`` (on a game
    dealt from it: the moves of a sequence turn nothing face up before the last)."""
    world = onmars.Game.from_view(view, seed)
    seat = view["viewer"]
    for k, text in enumerate(seq):
        if k and str(GreedyBot(seed).choose(world.view(seat), list(world.legal_moves()))) != text:
            return False
        world.play(text)
    return True


def play_game(base: str, api: Api, browser: Any, bot: str, length: str, seed: int) -> dict:
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Robo", "bot": bot}], length)
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    page = context.new_page()
    page.goto(f"{base}/play/{gid}#token={tokens[0]}")
    brain = GreedyBot(seed)
    clicks = confirms = sequences = 0
    per_round: dict[int, int] = {}
    by_kind: dict[str, int] = {}  # where the clicks go: "<decision step> <verb or seq:first..last>"
    started = time.monotonic()
    over = wait_ready(page, 600_000)
    while not over:
        mine = api.state(gid, tokens[0])
        offered = listed_moves(page)
        move = str(brain.choose(mine["view"], [onmars.Move.parse(m) for m in offered]))
        starting = sorted((s for s in offered_sequences(page) if s[0] == move), key=len)
        seq = next((s for s in reversed(starting) if brain_would(mine["view"], s, seed)), None)
        step = str(mine.get("decision", {}).get("step", "?"))
        if seq is not None:
            made = click(page, f'{SEQUENCES}[data-seq="{quoted("|".join(seq))}"]')
            sequences += 1
            kind = f"{step} seq:{seq[0].split()[0]}..{seq[-1].split()[0]}"
        else:
            made = click(page, f'[data-testid=move-list] [data-move="{quoted(move)}"]')
            kind = f"{step} {move.split()[0]}"
        by_kind[kind] = by_kind.get(kind, 0) + 1
        if made > 1:
            by_kind["confirmation"] = by_kind.get("confirmation", 0) + made - 1
        clicks += made
        confirms += made > 1
        rnd = int(mine["view"]["round"])
        per_round[rnd] = per_round.get(rnd, 0) + made
        over = wait_ready(page, 600_000)
    final = api.state(gid)
    decisions = sum(1 for e in final["events"] if e.get("id") == "move" and e.get("seat") == 0)
    context.close()
    rounds = max(per_round) if per_round else 0
    return {
        "game": gid,
        "bot": bot,
        "rounds": rounds,
        "clicks": clicks,
        "confirmations": confirms,
        "sequences_clicked": sequences,
        "decisions": decisions,
        "clicks_per_round": round(clicks / max(1, rounds), 2),
        "decisions_per_round": round(decisions / max(1, rounds), 2),
        "per_round": per_round,
        "clicks_by_kind": dict(sorted(by_kind.items(), key=lambda kv: -kv[1])),
        "plies": final["ply"],
        "seconds": round(time.monotonic() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="medium")
    parser.add_argument("--length", default="short")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    sync_playwright = need_browser()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        server = ServerProcess(Path(folder) / "server.log", "--database", str(db)).start(180)
        try:
            api = Api(server.base)
            with sync_playwright() as playwright:
                browser = launch(playwright)
                figures = play_game(server.base, api, browser, args.bot, args.length, args.seed)
                browser.close()
        finally:
            server.stop()
    print(json.dumps(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
