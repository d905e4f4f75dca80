"""The rules version (issue 21, item 10): which rules a game is played under.

Every save, log and stored game carries the version of the rules it was made under, and keeps
it for life: a game is always replayed under its own version. A change that alters which moves
are legal or what they do bumps :data:`RULES_VERSION` and adds a line to :data:`CHANGES` (and to
``docs/rules-changelog.md``). Where keeping the old behaviour is cheap, the rules code keeps it
behind the version (``if s.rules >= N``), so games in progress play on exactly as they started;
where it is not, a game is replayed up to the last move today's rules accept (see
``Game.replay(..., partial=True)``). Logs written before versions existed read as version 0.
"""

from __future__ import annotations

from onmars.rules.engine.errors import NewerRulesError, shown
from onmars.rules.engine.i18n import N_

#: The version new games are played under.
RULES_VERSION = 2

#: Why each version was bumped, newest last (version 0: logs made before versions existed).
CHANGES: dict[int, str] = {
    0: "Logs saved before rules versions existed (before 2026-12-02).",
    1: (
        "Rules versions recorded in every game.\n"
        "§7.5, §18.1: a Private Goal card already paid out as a Crystal frees no Depot space "
        "for a Warehouse Crystal (version 0 counted every card spent this turn as free room).\n"
        "RUL-21, §16: a Warehouse item a Delivery contract still needs may be taken with full "
        "storage or a full Depot, and goes onto the contract (version 0 refused it).\n"
        "§13.2 row 7: the Executive Warehouse action takes a Resource, never a Crystal "
        "(changed before versions existed; version 0 games keep taking a Crystal there, so "
        "that their logs replay)."
    ),
    2: (
        "RUL-2, §12.3, seed item 7: Turn Order space 5's Colonist is optional like every bonus: "
        "`gain colonist` or `done`, not offered when it could not be used (version 1 took it at "
        "once)."
    ),
}


def check_version(value: object) -> int:
    """The rules version a log names, checked: ``ValueError`` when it is no version at all,
    :class:`~onmars.rules.engine.errors.NewerRulesError` (a ``ValueError`` too) when it is newer
    than this program's."""
    if type(value) is not int or value < 0:
        raise ValueError(f"the rules version must be a whole number from 0, not {shown(value)}")
    if value > RULES_VERSION:
        raise NewerRulesError(
            N_(
                "this game was made under rules version {version}, newer than this program's "
                "(version {known}): update onmars to open it"
            ),
            version=shown(value),
            known=RULES_VERSION,
        )
    return value
