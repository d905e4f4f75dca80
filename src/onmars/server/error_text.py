"""Error answers in the requester's language (issue 21 item 6): the ``lang`` query parameter,
else the ``Accept-Language`` header, else English.

The server's refusals are written in English where they are raised (``ServerError``); here each
is matched against its message (:data:`SERVER_MESSAGES`, in the catalogs like every text) and
given in the language asked for, with its parameters. A refusal of the engine (an illegal or
malformed move, a refused undo, bad game options) is given from its message id and parameters.
A validation error (422) is named by its kind, per field.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from babel import negotiate_locale
from starlette.requests import HTTPConnection

from onmars import LANGS, N_, OnMarsError, join_list, reason_text, tr

#: The language of an answer when none is asked for.
DEFAULT = "en"

#: The server's own refusals (``ServerError`` details), as messages.
SERVER_MESSAGES = (
    N_("Authorization must be 'Bearer <seat token>'"),
    N_("too many requests: slow down"),
    N_("the server is starting"),
    N_("a seat's token is required (Authorization: Bearer <token>)"),
    N_("the move text is too long"),
    N_("replays are for finished games: this one is being played"),
    N_("ply {ply} is past the game's end (ply {end})"),
    N_("unknown language {lang!r}; the languages are {langs}"),
    N_("since must be a ply from 0"),
    N_("no file {name!r}"),
    N_('send the token first: {"token": "..."}'),
    N_('the first message must be {"token": "<seat token>" or null}'),
    N_("this token is not a seat of this game"),
    N_(
        "this seat's key expired {days} days after the game ended: the game stays open to "
        "everyone without a key"
    ),
    N_("no game {game_id!r}"),
    N_("ply {ply} is not the current one: the game is at ply {now}"),
    N_("§24.1: the game is over"),
    N_("not your turn: seat {seat} ({name}) decides now"),
    N_("the game keeps changing: try again"),
    N_("invalid request"),
    N_(
        "this game is held at a move today's rules refuse: vote to go on from its last "
        "accepted move (POST /resume) or to end it by agreement (POST /conclude)"
    ),
    N_("only a game held at a move today's rules refuse can go on from its last accepted move"),
    N_("RUL-18: a game's record is shown only once it is over"),
    # clocks and absent players (onmars.server.clocks)
    N_("this seat is not absent: its player plays it"),
    N_("a bot plays this seat since your time ran out: take your seat back first (POST /return)"),
    N_("this bot no longer plays this seat"),
    N_("game {game_id} cannot be shown: {why}"),
    N_("Not Found"),
    N_("Method Not Allowed"),
    # the server's guards (issue 28)
    N_("the request body is over {limit} bytes"),
    N_("the request body did not come within {seconds} s"),
    N_("too many WebSockets from your address ({limit})"),
    N_("too many games of bots only from your address ({limit}): wait until one of them is over"),
    N_("the token goes in the first message, never in the address"),
    N_("too many messages: slow down"),
    N_("send text messages (JSON), not binary ones"),
    N_("the database cannot take this now: try again later"),
    N_("the server failed on this request (logged); nothing was changed"),
    N_("the name {name!r} holds bidirectional control characters"),
    N_("a name needs at least one visible character"),
    N_("two players are named {name!r}: give each player a name of their own"),
    N_("{name!r} is a player's name: a spectator writes under a name of their own"),
    # hints (issue 25.1, onmars.server.hints)
    N_("a hint thinks for more than 0 and at most {most} s"),
    N_("the game is not being played: no hint"),
    N_("a hint is for the seat that decides now"),
    N_("the game moved on: ask again when you decide"),
    N_("a hint for this seat is being worked out: wait for it"),
    N_("the server is busy with other hints: ask again shortly"),
    N_("the hint took too long: the server is loaded"),
    N_(
        "a bot plays this seat since your time ran out: take your seat back (POST /return) to "
        "ask for a hint"
    ),
    N_(
        "hints are off in rated games (issue 25.1): this game is rated when it ends; hints are "
        "allowed in unrated games and against bots"
    ),
    # chat and your-turn notices (issue 24)
    N_("a chat message needs some text"),
    N_("a chat message may not hold control characters"),
    N_("a chat message may hold at most {lines} lines"),
    N_("only the game's players write in the players' chat"),
    N_("while the game is played, only spectators write in their chat"),
    N_("a spectator's message needs a name"),
    N_("too many chat messages: slow down"),
    N_("this chat is full"),
    N_("this is not an e-mail address"),
    N_("a push endpoint must be an https:// address"),
    N_("a push endpoint must be on a public host, not a local or private address"),
    # accounts (issue 24)
    N_("a password has {low} to {high} characters"),
    N_("a user name may not start or end with a space"),
    N_("this user name is taken"),
    N_("this user name is too long"),
    N_("wrong user name or password"),
    N_("sign in first"),
    N_("this request came from another site"),
    N_("the X-CSRF-Token header is missing or wrong"),
    N_("another account holds this seat"),
    N_("you hold no seat in this game"),
    N_("no player {name!r}"),
)

#: Validation errors (pydantic's kinds), as messages; others read as "invalid value".
INVALID = {
    "missing": N_("required"),
    "extra_forbidden": N_("not a field of this request"),
    "literal_error": N_("must be one of: {expected}"),
    "enum": N_("must be one of: {expected}"),
    "string_too_short": N_("too short"),
    "string_too_long": N_("too long: at most {max_length} characters"),
    "string_pattern_mismatch": N_("has characters that are not allowed"),
    "string_type": N_("must be text"),
    "int_parsing": N_("must be a whole number"),
    "int_type": N_("must be a whole number"),
    "bool_type": N_("must be true or false"),
    "list_type": N_("must be a list"),
    "too_short": N_("too few items: at least {min_length}"),
    "too_long": N_("too many items: at most {max_length}"),
    "greater_than_equal": N_("must be at least {ge}"),
    "less_than_equal": N_("must be at most {le}"),
    "json_invalid": N_("is not valid JSON"),
    "model_attributes_type": N_("must be an object"),
    "dict_type": N_("must be an object"),
}
INVALID_VALUE = N_("invalid value")
FIELD = N_("{field}: {problem}")


def request_lang(conn: HTTPConnection) -> str:
    """The language asked for: ``?lang=`` if it is one of ours, else the best of
    ``Accept-Language`` (by its weights), else English."""
    asked = conn.query_params.get("lang")
    if asked in LANGS:
        return asked
    preferred = _weighted(conn.headers.get("accept-language", ""))
    found = negotiate_locale(preferred, list(LANGS), sep="-")
    if found is None:  # "zh-CN", "en-GB": the language without its region
        found = negotiate_locale([p.split("-")[0] for p in preferred], list(LANGS), sep="-")
    return found or DEFAULT


def _weighted(header: str) -> list[str]:
    """``"zh-CN,zh;q=0.9,en;q=0.8"`` -> the tags, most wanted first."""
    tags = []
    for i, part in enumerate(header[:500].split(",")):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        if tag and weight > 0:
            tags.append((-weight, i, tag.lower()))
    return [tag for *_, tag in sorted(tags)]


#: A message's fields: ``{name}`` or ``{name!r}`` (other braces are the text's own: JSON).
_FIELD = re.compile(r"\{(\w+)(!r)?\}")


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each server message as a pattern that reads its parameters back from the English text."""
    out = []
    for template in SERVER_MESSAGES:
        pattern, pos = "", 0
        for found in _FIELD.finditer(template):
            name, quoted = found.group(1), found.group(2)
            group = f"(?P<{name}>.*?)"
            pattern += re.escape(template[pos : found.start()])
            pattern += f"'{group}'" if quoted else group
            pos = found.end()
        out.append((re.compile(pattern + re.escape(template[pos:]) + "$", re.S), template))
    return tuple(out)


def server_text(detail: str, lang: str) -> str:
    """A ``ServerError``'s English ``detail`` in ``lang`` (as it is if it is no message)."""
    if lang == DEFAULT:
        return detail
    for pattern, template in _patterns():
        found = pattern.match(detail)
        if found:  # a list among the parameters is joined the language's way
            params = {k: join_list(v.split(", "), lang) for k, v in found.groupdict().items()}
            return _fill(tr(template, lang), params)
    return detail


def _fill(text: str, params: dict[str, str]) -> str:
    """``text`` with its ``{name}`` and ``{name!r}`` fields filled (braces of JSON kept)."""
    return _FIELD.sub(lambda m: params.get(m.group(1), m.group(0)), text)


def engine_text(exc: BaseException | None, lang: str) -> str | None:
    """An engine error behind a server error (the one it was raised from or while handling),
    in ``lang``: None when there is none or it has no message."""
    if isinstance(exc, OnMarsError) and getattr(exc, "message_id", None):
        return reason_text(exc, lang)
    return None


def invalid_text(errors: list[dict[str, Any]], lang: str) -> list[str]:
    """Each validation error as ``"<field>: <problem>"`` in ``lang`` (not English: there
    pydantic's own words are given)."""
    out = []
    for e in errors:
        field = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
        template = INVALID.get(str(e.get("type", "")))
        if template is None:
            problem = tr(INVALID_VALUE, lang)
        else:
            ctx = {k: _shown(v, lang) for k, v in (e.get("ctx") or {}).items()}
            try:
                problem = tr(template, lang, **ctx)
            except (KeyError, IndexError, ValueError):
                problem = tr(INVALID_VALUE, lang)
        out.append(tr(FIELD, lang, field=field, problem=problem))
    return out


def _shown(value: Any, lang: str) -> str:
    """A validation error's context value: pydantic's "'short' or 'long'" as a list of
    quoted values (“short”、“long”)."""
    if isinstance(value, str):
        items = re.findall(r"'([^']*)'", value)
        if items:
            return join_list((tr(N_("'{text}'"), lang, text=x) for x in items), lang)
    return str(value)
