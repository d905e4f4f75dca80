"""Why not (issue 23, item 2): for the pending decision, each place on the table that no legal
move uses, with the rule and reason it is refused, in the mover's language.

The step's candidates (:meth:`Step.candidates` with ``explain``) name every move worth naming,
legal or not, each with its reason; a place (:func:`structure`'s target) with a legal move is
left out, any other gets the reason of its first refused move. A candidate naming a secret id
is left out, and every reason is redacted as :func:`engine.explain` does (RUL-18): a refusal
is for the mover's eyes, and still names no card of any hand.
"""

from __future__ import annotations

from typing import TypedDict

from onmars.rules.engine import engine
from onmars.rules.engine.state import State
from onmars.rules.engine.view import secret_ids
from onmars.rules.explain.structure import MoveTarget, structure
from onmars.rules.explain.terms import reason_text


class Refused(TypedDict):
    """A place on the table no legal move uses now: its ``target`` (as a legal move's), the
    ``move`` refused there, the ``rule`` and ``text`` (in the language asked, with the rule)."""

    target: MoveTarget
    move: str
    rule: str
    text: str


def refusals(s: State, lang: str) -> list[Refused]:
    """The refused places of the pending decision (none once the game is over), in the order
    of the step's candidates."""
    if not s.stack:
        return []
    f = s.stack[-1]
    st = engine.STEPS[f["t"]]
    secret = secret_ids(s)
    legal: set[tuple[str, str | None]] = set()
    first: dict[tuple[str, str | None], Refused] = {}
    for m, reason in st.candidates(s, f, explain=True):
        target = structure(m, st.name)["target"]
        key = (target["kind"], target["id"])
        if not reason:
            legal.add(key)
        elif key not in first and not any(a in secret for a in m.args):
            why = engine.refusal(s, st.rule, reason)
            first[key] = {"target": target, "move": str(m), "rule": why.rule,
                          "text": reason_text(why, lang)}  # fmt: skip
    return [r for key, r in first.items() if key not in legal]
