"""Hire a Scientist or Take an Earth Contract (§9.5, §6.5, RUL-11) and the refill of the
Scientist / Contract display at the end of the turn.

``s.science`` is the display: 6 spaces holding a Scientist id, an Earth Contract id, or ``""``
(taken, and the Contract deck was empty at the refill). A Scientist costs what is printed below
it (components.md §5: the Geologist moves 2 Colonists from Living Quarters to the Working Area,
the others 2 of a Resource, which Minerals may pay, RUL-11); a Contract costs 1 Crystal from the
Depot (§9.5, §16).

Move notation: ``main hire``, then ``hire <card id>`` (``hire geologist``, ``hire C07``); at the
end of the turn ``refill <contract id>`` for each space taken.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from onmars.rules.actions.economy import can_pay, charge, to_wa
from onmars.rules.actions.missions import contribute
from onmars.rules.actions.placement import extra_cost, place_colonist, placement_blocker
from onmars.rules.data.components import load
from onmars.rules.engine.engine import Candidate, Step, main_action, pop, push
from onmars.rules.engine.errors import NO, Joined, Term, refuse, terms
from onmars.rules.engine.frames import HireFrame, SpotFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import Player, State

KINDS = ("scientist", "contract")
#: The kinds of card as a refusal names them.
KIND_NAMES = {"scientist": N_("Scientist"), "contract": N_("Earth Contract")}


def kind_of(card: str) -> str:
    return "scientist" if card in load().scientist else "contract"


def card_cost(card: str) -> list[str]:
    """Cost tokens: ``"colonist"`` (Living Quarters → Working Area), ``"crystal"``, Resources."""
    if card in load().scientist:
        return list(load().scientist[card].cost)
    return list(load().action["hire"].cost)  # §9.5: the Crystal printed on the display


@cache
def _cost_parts(card: str) -> tuple[int, int, tuple[str, ...]]:
    """(Crystals, Colonists, Resource tokens) of a card's cost."""
    cost = card_cost(card)
    resources = tuple(t for t in cost if t not in ("crystal", "colonist"))
    return cost.count("crystal"), cost.count("colonist"), resources


def _can_pay_resources(p: Player, resources: tuple[str, ...]) -> bool:
    """``can_pay`` with a fast answer for n of one Resource (every Scientist, RUL-11): that
    Resource and Minerals together (§23.1)."""
    if not resources:
        return True
    first = resources[0]
    if all(r == first for r in resources) and first in p.res:
        have = p.res[first] + (p.res["mineral"] if first != "mineral" else 0)
        return have >= len(resources)
    return can_pay(p, resources)


def affordable(s: State, seat: int, card: str, owed: int = 0, placing: bool = False) -> bool:
    """Whether ``seat`` can pay ``card`` together with ``owed`` placement payments (each a Crystal
    or a Colonist Living Quarters → Working Area, §6.2) after placing a Colonist if ``placing``.
    Crystals and Colonists are shared between the two costs; Resources are not (RUL-11)."""
    p = s.players[seat]
    crystals, colonists, resources = _cost_parts(card)
    lq = p.lq - (1 if placing else 0)
    return (
        lq >= colonists
        and p.crystals >= crystals
        and (p.crystals - crystals) + (lq - colonists) >= owed
        and _can_pay_resources(p, resources)
    )


def card_problems(
    s: State, seat: int, f: Mapping[str, Any], explain: bool = False, first: bool = False
) -> list[tuple[str, str]]:
    """(card, why it cannot be taken here) for the cards of the display: legal for a kind the
    frame allows that the player can pay for, with the placement payments if the frame places
    a Colonist (RUL-11, §6.5). Without ``explain`` only the legal ones are listed (only the
    first found if ``first``)."""
    owed = extra_cost(s, seat, "hire", cleared=False) if f.get("place") else 0
    kinds = f.get("kinds", KINDS)
    free, placing = f.get("free"), bool(f.get("place"))
    out: list[tuple[str, str]] = []
    for card in s.science:
        if not card:
            continue
        if kind_of(card) not in kinds:
            if explain:
                only = Joined([refuse("", KIND_NAMES[k]) for k in kinds], " or ")
                out.append((card, refuse("§9.5", "only a {kinds} may be taken here", kinds=only)))
        elif free or affordable(s, seat, card, owed, placing):
            out.append((card, ""))
            if first:
                break
        elif explain:
            out.append(
                (
                    card,
                    refuse(
                        "RUL-11",
                        "you cannot pay {cost} for {card}{extra}",
                        cost=Term("items", tuple(card_cost(card))),
                        card=Term("card", card),
                        extra=refuse("", " along with the placement cost (§6.5)")
                        if placing
                        else "",
                    ),
                )
            )
    return out


def choices(s: State, seat: int, f: Mapping[str, Any], first: bool = False) -> list[str]:
    """Cards of the display the frame allows and the player can pay for (only the first found
    if ``first``)."""
    return [card for card, reason in card_problems(s, seat, f, first=first) if not reason]


def hire_blocker(s: State, seat: int, kinds: list[str] | None = None) -> str:
    """Why ``seat`` cannot hire a Scientist or take a Contract paying normal costs, without a
    Colonist placement (Discovery tile, Private Goal reward); "" if it can (§9.5)."""
    if choices(s, seat, {"kinds": kinds or list(KINDS)}, first=True):
        return ""
    return refuse("§9.5", "no Scientist or Earth Contract in the display is one you can pay for")


def push_hire(
    s: State, seat: int, kinds: list[str] | None = None, must: bool = True, free: bool = False
) -> None:
    """Hire 1 Scientist or take 1 Earth Contract paying normal costs, without placing a Colonist
    (Discovery tile D09, Private Goal rewards; ``kinds=["contract"]`` for the Biolab, BP14).
    ``must``: the card has to be taken (the frame is skipped when nothing can be taken)."""
    push(s, "hire", seat, place=False, must=must, free=free, kinds=list(kinds or KINDS))


def push_free_card(s: State, seat: int, kind: str) -> None:
    """Take a Scientist (``kind="scientist"``) or an Earth Contract (``"contract"``) from the
    display at no cost (Private Goal rewards); skipped if the display holds none of that kind."""
    assert kind in KINDS
    push_hire(s, seat, kinds=[kind], free=True)


def take_card(s: State, seat: int, card: str) -> None:
    """Take ``card`` from the display; its space is refilled at the end of the turn (§9.5)."""
    p = s.mut_player(seat)
    spot = s.science.index(card)
    s.mut_science()[spot] = ""
    s.mut_turn().setdefault("refill", []).append(spot)
    if kind_of(card) == "scientist":
        p.scientists.append(card)
        s.mut_sci_at()[card] = ""  # the marker stays on its card until it works somewhere (§13.4)
        contribute(s, seat, "scientist")
    else:
        p.contracts.append(card)


class Hire(Step[HireFrame]):
    """Choose a card of the display and pay its cost (§9.5). Frame fields: ``place`` (the Main
    action: a Colonist goes on your own slot, §6.5), ``must``, ``free``, ``kinds``."""

    name = "hire"
    rule = "§9.5"
    prompt = N_("hire a Scientist or take an Earth Contract")

    @staticmethod
    def candidates(s: State, f: HireFrame, explain: bool = False) -> list[Candidate]:
        """``hire <card>`` for the display's cards, then ``done`` when taking one is optional
        and one could be taken."""
        out: list[Candidate] = [
            (mv("hire", card), reason) for card, reason in card_problems(s, f["p"], f, explain)
        ]
        if f.get("must"):
            out.append((DONE, refuse("§9.5", "a card must be taken here") if explain else NO))
        elif any(not reason for _, reason in out):
            out.append((DONE, ""))
        return out

    @staticmethod
    def apply(s: State, f: HireFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        if m.verb == "done":
            return
        seat, card = f["p"], m.args[0]
        p = s.mut_player(seat)
        take_card(s, seat, card)
        if f.get("place"):
            place_colonist(s, seat, "hire")  # pushes the placement payments (§6.2 step 3)
        if f.get("free"):
            return
        # The card's cost is paid before the placement payments (pushed on top), so that a
        # Crystal or Colonist kept for the card cannot be spent on the placement first.
        cost = card_cost(card)
        p.crystals -= cost.count("crystal")
        to_wa(p, cost.count("colonist"))
        charge(s, seat, [t for t in cost if t not in ("crystal", "colonist")])

    @staticmethod
    def stray(s: State, f: HireFrame, m: Move) -> str:
        if m.verb == "hire" and len(m.args) == 1:
            return refuse(
                "§9.5",
                "{card} is not in the Scientist / Contract display",
                card=Term("card", m.args[0]),
            )
        return ""


DONE = Move("done")


class HireScientist:
    """Place a Colonist on your own slot (never cleared, extra cost per other colour, §6.5), then
    take a card and pay its cost. The card is chosen first in move order so that the card's cost
    and the placement payments can both be met; nothing else happens in between."""

    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        blocked = placement_blocker(s, seat, "hire", explain=explain)
        if blocked:
            return blocked
        if not choices(s, seat, {"place": True, "kinds": KINDS}, first=True):
            if not explain:
                return NO
            return refuse(
                "§9.5",
                "no Scientist or Earth Contract in the display is one you can pay for together "
                "with the placement cost (§6.5)",
            )
        return ""

    @staticmethod
    def start(s: State, seat: int) -> None:
        push(s, "hire", seat, place=True, must=True, free=False, kinds=list(KINDS))


class RefillScience(Step[SpotFrame]):
    """At the end of the turn a taken space is refilled with an Earth Contract of the player's
    choice from the Contract deck; with the deck empty it stays empty (§9.5)."""

    name = "refill_science"
    rule = "§9.5"
    prompt = N_("choose the Earth Contract that refills the display")
    forced = True

    @staticmethod
    def options(s: State, f: SpotFrame) -> list[Move]:
        if s.science[f["spot"]]:
            return []
        return [mv("refill", c) for c in s.contract_deck]

    @staticmethod
    def apply(s: State, f: SpotFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        s.mut_contract_deck().remove(m.args[0])
        s.mut_science()[f["spot"]] = m.args[0]

    @staticmethod
    def stray(s: State, f: SpotFrame, m: Move) -> str:
        return refuse(
            "§9.5",
            "refill the display with a Contract from the deck: {deck}",
            deck=terms("card", s.contract_deck),
        )


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (Hire, RefillScience)
MAIN_ACTIONS = (main_action("hire", "§9.5", HireScientist),)
