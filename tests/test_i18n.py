"""Chinese that stays Chinese (issue 21 item 6): every refusal the engine gives reads in Chinese
with every parameter translated: Resources, types and actions by their Chinese names, components
by name with their id after it in full-width brackets (建筑工地（BP01）), lists joined with 、,
never a Python list, never an English word or a bare id inside the sentence."""

from __future__ import annotations

import random
import re

import onmars
from onmars.rules.engine import engine

#: What may stay ASCII inside Chinese: rule ids, numbers and hexes (q,r), an id in full-width
#: brackets after its name, the ``+`` of a cost.
ALLOWED = re.compile(r"§\d+(?:\.\d+)*|RUL-\d+|-?\d+,-?\d+|（[A-Za-z0-9-]+）|[-+]?\d+")
CJK = "\u4e00-\u9fff"
FULL_WIDTH = "，。；：（）“”、？！"
#: Spaces that do not belong in Chinese: between two characters, beside full-width punctuation.
STRAY_SPACE = re.compile(rf"[{CJK}] [{CJK}]|[{FULL_WIDTH}] | [{FULL_WIDTH}]|  ")
#: Stray moves asked of every position: well-formed, but mostly not a choice there.
STRAYS = ("end", "done", "boost", "take BP01", "seat 1", "travel", "hire C01", "learn A-mine 1t")


def chinese_problems(text: str) -> list[str]:
    """What in ``text`` (a Chinese sentence) is not Chinese: ASCII words, bare ids, Python
    reprs, ASCII punctuation, stray spaces."""
    body = ALLOWED.sub("", text)
    found = re.findall(r"[A-Za-z_][A-Za-z0-9_-]*|[\[\]'\"]|[:;,.?!(](?=[ \u4e00-\u9fff]|$)", body)
    found += STRAY_SPACE.findall(text)
    return found


def refusals(game: onmars.Game) -> list[object]:
    """Every refusal of the position: each refused candidate of the pending decision, and the
    stray moves."""
    s = game.state
    f = s.stack[-1]
    out = [game.why(m) for m, r in engine.STEPS[f["t"]].candidates(s, f, True) if r]
    return out + [r for r in map(game.why, STRAYS) if r]


def test_every_refusal_of_random_games_is_chinese_in_chinese() -> None:
    """Issue 21 item 6: at each position of seeded random games (2-4 players, Chinese names),
    every refusal reads in Chinese with no English word or bare id in it; the rule id opens it."""
    bad: dict[str, str] = {}
    seen: set[str] = set()
    for players, seed in ((2, 3), (3, 4), (4, 5), (3, 8)):
        game = onmars.Game.new(["甲", "乙", "丙", "丁"][:players], seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over:
                break
            for reason in refusals(game):
                seen.add(reason.message_id)  # type: ignore[attr-defined]
                zh = onmars.reason_text(reason, "zh")
                rule = reason.rule  # type: ignore[attr-defined]
                body = zh.removeprefix(f"{rule}：")
                if chinese_problems(body):
                    bad.setdefault(reason.message_id, f"{zh} {chinese_problems(body)}")  # type: ignore[attr-defined]
            game.play(rng.choice(game.legal_moves()))
    assert bad == {}
    assert len(seen) > 45


def test_lists_are_joined_the_chinese_way() -> None:
    """No Python list in a refusal (``['C01', ...]``): the Contract deck, in both languages."""
    game = onmars.Game.new(2, seed=1)
    s = game.state
    s.stack.append({"t": "refill_science", "p": 0, "spot": 0})
    reason = game.why("refill C99")
    en, zh = onmars.reason_text(reason, "en"), onmars.reason_text(reason, "zh")
    deck = s.contract_deck
    assert "[" not in en and ", ".join(deck) in en
    assert "、".join(f"地球合约（{c}）" for c in deck) in zh
    assert chinese_problems(zh.removeprefix("§9.5：")) == []


def test_a_refusal_names_resources_and_buildings_in_chinese() -> None:
    """The issue's examples: 你的 water 存储已满, BP01 Construction Yard 尚未建成."""
    from onmars.rules.engine.errors import Term, refuse

    full = refuse("§4", "your storage for {item} is full", item=Term("item", "water"))
    assert str(full) == "§4: your storage for water is full"
    assert onmars.reason_text(full, "zh") == "§4：你的水存储已满"
    from onmars.rules.actions.advanced import title

    closed = refuse(
        "§13.3",
        "{title} is not built: its action opens with its marker on Mars",
        title=title("BP01"),
    )
    zh = onmars.reason_text(closed, "zh")
    assert zh.startswith("§13.3：") and "BP01 " not in zh and "（BP01）" in zh
    assert chinese_problems(zh.removeprefix("§13.3：")) == []


def test_an_upgrade_contracts_building_takes_its_own_article() -> None:
    """§16's upgrade contracts, one per building type: English gives each building its own
    article ("an Oxygen Condenser", never "a Oxygen Condenser"); Chinese has none to get
    wrong and stays Chinese."""
    english = {
        "mine": "a Mine",
        "generator": "a Generator",
        "extractor": "a Water Extractor",
        "greenhouse": "a Greenhouse",
        "condenser": "an Oxygen Condenser",
        "shelter": "a Shelter",
    }
    chinese = {
        "mine": "矿井",
        "generator": "发电设施",
        "extractor": "取水装置",
        "greenhouse": "温室",
        "condenser": "氧气设施",
        "shelter": "住所",
    }
    en, zh = onmars.catalog("en")["contract"], onmars.catalog("zh")["contract"]
    upgrades = {k: c["building"] for k, c in en.items() if c["kind"] == "upgrade"}
    assert sorted(upgrades.values()) == sorted(english)  # one contract per building type
    for contract, building in upgrades.items():
        text = en[contract]["text"]
        assert f"marker on {english[building]} in a Complex of 4" in text, text
        shown = zh[contract]["text"]
        assert f"一座{chinese[building]}上" in shown and chinese_problems(shown) == [], shown


def test_another_seats_spent_goal_reads_like_every_move_line() -> None:
    """RUL-18: another seat sees that a Private Goal was spent as a Crystal, not which; its
    log line is worded like every move line, "<name>: <what the move does>", capital first,
    as its mover's own line is (which names the goal)."""
    game = onmars.Game.new(["Ana", "Ben"], seed=1)
    while game.state.stack[-1]["t"] != "turn":
        game.play(game.legal_moves()[0])
    mover = game.current_player
    name, goal = game.players[mover], game.state.players[mover].goals[0]
    game.play(f"discard {goal}")

    def line(seat: int, lang: str) -> str:
        texts = [e["text"] for e in game.events(seat, since=len(game.moves) - 1, lang=lang)]
        return next(t for t in texts if t.startswith(f"{name}:") or t.startswith(f"{name}："))

    own, other = line(mover, "en"), line(1 - mover, "en")
    assert own.startswith(f"{name}: Spend Private Goal ") and own.endswith("for this turn")
    assert other == f"{name}: Spend a Private Goal as a Crystal for this turn"
    assert goal not in other
    assert line(1 - mover, "zh") == f"{name}：本回合将一张私人目标当作水晶使用"
