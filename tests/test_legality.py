"""One source for legality (issue 9): refusals as typed values.

``IllegalMoveError`` carries the rule, the plain reason, and the message id and parameters a
translation needs; its text is unchanged ("§9.2: reason").
"""

from __future__ import annotations

import copy
import pickle
import random
import re
import types
import typing
from collections.abc import Iterator

import pytest
from conftest import started

import onmars
from onmars.rules.actions import advanced, construction, economy, lab, movement, recycling
from onmars.rules.data.components import load
from onmars.rules.engine import engine, frames
from onmars.rules.engine.engine import legal
from onmars.rules.engine.errors import IllegalMoveError, Reason, refuse
from onmars.rules.engine.state import State
from onmars.rules.engine.view import secret_ids


def test_illegal_move_error_attributes() -> None:
    game = started()
    with pytest.raises(onmars.IllegalMoveError) as exc:
        game.play("main control")  # an Orbit-side player (§1.2)
    err = exc.value
    assert err.rule == "§1.2"
    assert err.reason == "control is a colony action and your marker is on the orbit side"
    assert str(err) == f"{err.rule}: {err.reason}" == game.why("main control")
    assert err.message_id == "{aid} is a {action_side} action and your marker is on the {side} side"
    assert err.params == {"aid": "control", "action_side": "colony", "side": "orbit"}
    assert err.message_id.format(**err.params) == err.reason


def test_illegal_move_error_from_one_text_and_by_parts() -> None:
    err = IllegalMoveError("RUL-20: the game was ended by agreement")
    assert (err.rule, err.reason) == ("RUL-20", "the game was ended by agreement")
    assert err.message_id == err.reason and err.params == {}
    err = IllegalMoveError("§9.2", "a {name} costs {cost}", message_id="x", params={"n": 1})
    assert str(err) == "§9.2: a {name} costs {cost}"
    assert (err.message_id, err.params) == ("x", {"n": 1})
    again = pickle.loads(pickle.dumps(err))
    assert (again.rule, again.reason, again.message_id, again.params) == (
        err.rule,
        err.reason,
        err.message_id,
        err.params,
    )


def test_reason_is_its_text() -> None:
    r = refuse("§13.1", "{eid} costs {cost} Crystals", eid="warehouse", cost=2)
    assert r == "§13.1: warehouse costs 2 Crystals" and isinstance(r, str)
    assert (r.rule, r.reason, r.params) == ("§13.1", "warehouse costs 2 Crystals", r.params)
    assert pickle.loads(pickle.dumps(r)).params == {"eid": "warehouse", "cost": 2}
    plain = Reason.of("§7.2: the Blueprint display is empty")
    assert (plain.rule, plain.reason, plain.message_id) == (
        "§7.2",
        "the Blueprint display is empty",
        "the Blueprint display is empty",
    )


def test_the_generic_refusal_has_parameters() -> None:
    game = started()
    with pytest.raises(onmars.IllegalMoveError) as exc:
        game.play("item water")
    err = exc.value
    assert err.rule == "§5.1" and "'item water' is not one of the choices here" in err.reason
    assert err.params["move"] == "item water"
    assert err.message_id.format(**err.params) == err.reason


# --- one source: options and why read the same candidates -----------------------------------

#: Random games walked position by position (players, seed).
GAMES = [(2, 101), (3, 102), (4, 103), (3, 202)]
_RULE_ID = re.compile(r"(§\d+(\.\d+)*|RUL-\d+): \S")


def _walk(players: int, seed: int, limit: int = 2500) -> Iterator[State]:
    """The positions of a random game, each before its move is played (the engine alone: no
    Game caches in the way)."""
    state = onmars.Game.new(players, seed=seed).state
    rng = random.Random(seed)
    for _ in range(limit):
        if not state.stack:
            return
        yield state
        engine.play(state, rng.choice(engine.legal_moves(state)), known_legal=True)


def _check(s: State, rng: random.Random, secrets: bool) -> str:
    """Options, candidates and why agree at this position, and asking changes nothing."""
    f = s.stack[-1]
    st = engine.STEPS[f["t"]]
    before = s.clone()
    options = st.options(s, f)
    quick = list(st.candidates(s, f))
    named = list(st.candidates(s, f, explain=True))
    assert options == legal(quick) == legal(named), st.name
    moves = [m for m, _ in named]
    assert len(set(moves)) == len(moves), f"{st.name}: a move named twice"
    assert set(legal(quick)) <= set(moves)
    refused = [(m, r) for m, r in named if r]
    for m, reason in rng.sample(refused, min(3, len(refused))):
        why = st.why(s, f, m)
        assert _RULE_ID.match(why), f"{st.name}: {m}: {why!r}"
        assert why == engine.with_rule(st.rule, reason)
        assert not st.is_legal(s, f, m)
        if secrets:  # the text a client sees: its words and parameters name no secret
            text, hidden = engine.explain(s, m), secret_ids(s)
            assert _RULE_ID.match(text) and text.rule, text
            words = set(re.findall(r"[A-Za-z0-9_\-]+", " ".join(map(str, text.params.values()))))
            assert not hidden.keys() & (words | set(re.findall(r"[A-Za-z0-9_\-]+", text))), text
    for m in options[:3]:
        assert st.is_legal(s, f, m) and st.why(s, f, m) == ""
    assert s == before, f"{st.name}: listing or explaining changed the state"
    return st.name


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_options_are_the_candidates_without_a_reason(players: int, seed: int) -> None:
    """At every position of a random game: ``options`` is the candidates with no reason, in
    order (with or without ``explain``); every refused candidate's ``why`` names its rule; a
    legal move has no ``why``; the refusal text and parameters name no secret (RUL-18); and
    none of it changes the state (hypothetical checks take parameters)."""
    rng = random.Random(seed)
    seen = {_check(s, rng, secrets=k % 40 == 0) for k, s in enumerate(_walk(players, seed))}
    assert {"turn", "seat", "pay", "develop", "warehouse", "control", "construct"} <= seen


#: Effects whose steps random games seldom reach (Advanced Buildings, Private Goal rewards).
RARE = (
    "produce",
    "radar",
    "aqueduct",
    "eco_resort",
    "trade",
    "recycling",
    "command",
    "choose_resources",
    "retrieve",
    "casino",
    "construct_boosted",
    "goal_reward",
)


def _start_rare(s: State, seat: int, effect: str) -> None:
    if effect == "goal_reward":
        engine.push(s, "goal_reward", seat, goal=sorted(load().private_goal)[seat])
    elif effect == "construct_boosted":
        engine.start_named(s, seat, effect, types=("generator",))
    elif effect == "retrieve":
        engine.start_named(s, seat, effect, n=2, miners=True)
    else:
        engine.start_named(s, seat, effect)


@pytest.mark.parametrize(("players", "seed"), GAMES[:3])
def test_rare_steps_agree(players: int, seed: int) -> None:
    """The rare steps, started at turns of random games and played out at random, pass the
    same checks at every position."""
    rng = random.Random(seed)
    seen: set[str] = set()
    for k, s in enumerate(_walk(players, seed)):
        if s.stack[-1]["t"] != "turn" or k % 7:
            continue
        for effect in RARE:
            trial = s.clone()
            depth = len(trial.stack)
            _start_rare(trial, trial.stack[-1]["p"], effect)
            for _ in range(60):
                engine.advance(trial)
                if len(trial.stack) <= depth:
                    break
                seen.add(_check(trial, rng, secrets=False))
                trial_moves = engine.legal_moves(trial)
                engine.play(trial, rng.choice(trial_moves), known_legal=True)
    rare = {"ab_produce", "ab_radar", "ab_retrieve", "ab_trade", "ab_recycle", "rover_move"}
    assert rare | {"goal_gain", "goal_retrieve", "goal_reward", "ab_boost"} <= seen


# --- hypothetical checks take parameters ---------------------------------------------------


def _key(s: State) -> tuple[object, ...]:
    """What the old trial-and-restore checks changed: Bots, Crystals, Colonists, Resources and
    the frames (the Recycling Bots' trial put its Bot down in the frame)."""
    players = [(p.crystals, p.lq, p.wa, dict(p.res)) for p in s.players]
    return list(s.bot), players, copy.deepcopy(s.stack)


def test_checks_never_change_the_state_while_they_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hypothetical checks (a claim with fewer Crystals, a Bot move's effect on the Rover's
    end, an Advanced Building action once its Crystals are paid, where a Bot moving as a Rover
    may end, a payment's rest, R&D's Crystal, a boosted construction's Miner) suppose the
    position they ask about instead of changing the state and restoring it: the real state is
    untouched even while they run."""
    watched: dict[str, object] = {}
    calls = {"n": 0}

    def watch(module: object, name: str) -> None:
        fn = getattr(module, name)

        def wrapped(*args: object, **kw: object) -> object:
            s = watched.get("state")
            if isinstance(s, State):
                calls["n"] += 1
                assert _key(s) == watched["key"], f"{name} ran while the state was changed"
            return fn(*args, **kw)

        monkeypatch.setattr(module, name, wrapped)

    watch(movement, "claim_blocker")
    watch(movement, "rover_can_finish")
    watch(recycling, "claim_blocker")
    watch(advanced, "action_blocker")
    watch(lab, "developments")
    watch(construction, "construct_blocker")
    watch(economy, "_can_pay")

    def look(s: State) -> None:
        f = s.stack[-1]
        st = engine.STEPS[f["t"]]
        watched.update(state=s, key=_key(s))
        st.options(s, f)
        list(st.candidates(s, f, explain=True))
        watched.clear()

    rng = random.Random(7)
    for k, s in enumerate(_walk(4, 103)):
        look(s)
        if s.stack[-1]["t"] == "turn" and k % 11 == 0:
            for effect in RARE:
                trial = s.clone()
                depth = len(trial.stack)
                _start_rare(trial, trial.stack[-1]["p"], effect)
                for _ in range(30):
                    engine.advance(trial)
                    if len(trial.stack) <= depth:
                        break
                    look(trial)
                    engine.play(trial, rng.choice(engine.legal_moves(trial)), known_legal=True)
    assert calls["n"] > 1000


# --- frames are declared ----------------------------------------------------------------------


def _fits(value: object, hint: object) -> bool:
    """``value`` is of the (simple) declared type ``hint``."""
    if hint is bool:
        return type(value) is bool
    if hint in (int, str):
        return type(value) is hint
    origin = typing.get_origin(hint)
    if origin is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(_fits(x, item) for x in value)
    if origin in (types.UnionType, typing.Union):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    raise AssertionError(f"no check for {hint!r}")


def _frame_problems(f: dict[str, object]) -> list[str]:
    kind = frames.kind_of(str(f["t"]))
    hints = typing.get_type_hints(kind)
    keys = set(f)
    out = [f"{f['t']}: no {k!r}" for k in kind.__required_keys__ - keys]  # type: ignore[attr-defined]
    out += [f"{f['t']}: undeclared {k!r}" for k in keys - set(hints)]
    out += [f"{f['t']}: {k}={f[k]!r}" for k in keys & set(hints) if not _fits(f[k], hints[k])]
    return out


def test_every_frame_is_its_declared_kind() -> None:
    """Issue 9: each frame kind is a TypedDict (frames.py) and every frame met in random games
    and in the rare steps' walks has exactly its declared keys, of their declared types; the
    frames stay plain dicts (saves and golden digests are unchanged)."""
    met: set[str] = set()
    rng = random.Random(5)
    problems: list[str] = []
    for players, seed in GAMES[:2]:
        for k, s in enumerate(_walk(players, seed)):
            for f in s.stack:
                assert type(f) is dict
                met.add(f["t"])
                problems += _frame_problems(f)
            if s.stack[-1]["t"] == "turn" and k % 13 == 0:
                for effect in RARE:
                    trial = s.clone()
                    _start_rare(trial, trial.stack[-1]["p"], effect)
                    for _ in range(12):
                        engine.advance(trial)
                        for f in trial.stack:
                            met.add(f["t"])
                            problems += _frame_problems(f)
                        if not trial.stack:
                            break
                        trial_moves = engine.legal_moves(trial)
                        engine.play(trial, rng.choice(trial_moves), known_legal=True)
    assert set(frames.KINDS) <= set(engine.STEPS)  # registered by the games above
    assert not problems, sorted(set(problems))[:10]
    assert len(met & set(frames.KINDS)) >= 25, sorted(set(frames.KINDS) - met)


def test_a_refusal_names_no_secret_in_its_parameters() -> None:
    """RUL-18: the redaction covers a refusal's parameters (texts and lists of texts) as well
    as its text."""
    game = started()
    s = game.state
    goal = s.players[1].goals[0]  # another seat's hidden card
    reason = refuse("§18.1", "{goal} and {cards}", goal=goal, cards=[goal, "C01"])
    shown = engine._redacted(reason, secret_ids(s))
    assert goal not in shown and goal not in str(shown.params)
    assert shown.params["cards"][1] == "C01" and shown.rule == "§18.1"


def test_a_move_that_is_no_candidate_still_names_its_rule() -> None:
    game = started()
    assert game.why("main nothing").startswith("§6: there is no main action 'nothing'")
    assert game.why("exec nothing").startswith("§13.2: there is no Executive action")
    assert game.why("item water").startswith("§5.1: choose an action: 'item water' is not one")
