"""One source for legality (issue 9): refusals as typed values.

``IllegalMoveError`` carries the rule, the plain reason, and the message id and parameters a
translation needs; its text is unchanged ("§9.2: reason").
"""

from __future__ import annotations

import pickle

from onmars.rules.errors import IllegalMoveError, Reason, refuse


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
