"""Accounts (issue 24; :mod:`onmars.server.accounts`): register, log in and out, the signed-in
account, its games, claiming a guest seat, opening a seat on a new device.

Every change made with the session cookie needs the session's CSRF token in ``X-CSRF-Token``
and, when the browser sends one, an ``Origin`` of this site; registering and logging in check
the Origin (no login CSRF). The pages are at ``/account``, ``/player/{name}``, ``/leaderboard``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from onmars.server import accounts, ratings
from onmars.server.deps import Token, address, hub_of, limit, server_of
from onmars.server.guard import RateLimiter
from onmars.server.live import ServerError, token_hash
from onmars.server.names import check_name
from onmars.server.protocol import (
    ERRORS,
    Claimed,
    ClaimIn,
    Credentials,
    GameId,
    Me,
    MyGames,
    SeatKey,
)

router = APIRouter()

WRONG = "wrong user name or password"
SIGN_IN = "sign in first"
FOREIGN = "this request came from another site"
NO_CSRF = "the X-CSRF-Token header is missing or wrong"


# --- what every account route reads ----------------------------------------------------------
def same_site(request: Request) -> None:
    """403 when the browser says the request came from another site (``Origin``)."""
    origin = request.headers.get("origin")
    if origin is None:
        return  # not a browser's cross-site request (they always send Origin on POST)
    here = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if origin != here:
        raise ServerError(403, FOREIGN)


async def session(request: Request, _token: Token) -> accounts.Session | None:
    """The request's session (its cookie), if any; the request is rate-limited like all."""
    cookie = request.cookies.get(accounts.SESSION_COOKIE)
    if not cookie:
        return None
    hub = hub_of(request)
    return await hub.db(accounts.session_of, hub.store, cookie)


Current = Annotated[accounts.Session | None, Depends(session)]


async def signed_in(request: Request, current: Current) -> accounts.Session:
    """The session of a change made with the cookie: 401 without one, 403 without its CSRF
    token or from another site."""
    if current is None:
        raise ServerError(401, SIGN_IN)
    same_site(request)
    if not accounts.csrf_ok(current, request.headers.get(accounts.CSRF_HEADER)):
        raise ServerError(403, NO_CSRF)
    return current


async def reader(current: Current) -> accounts.Session:
    """The session of a read (no CSRF token needed: another site cannot read the answer)."""
    if current is None:
        raise ServerError(401, SIGN_IN)
    return current


Changer = Annotated[accounts.Session, Depends(signed_in)]
Reader = Annotated[accounts.Session, Depends(reader)]


def login_limits(request: Request) -> tuple[RateLimiter, RateLimiter]:
    """The password-guessing budgets: per address, per user name (made on first use)."""
    state = request.app.state
    if not hasattr(state, "login_limits"):
        settings = server_of(request).settings
        state.login_limits = (
            RateLimiter(settings.login_rate, settings.login_burst),
            RateLimiter(settings.login_name_rate, settings.login_name_burst),
        )
    found: tuple[RateLimiter, RateLimiter] = state.login_limits
    return found


async def signed(request: Request, made: accounts.NewSession, status: int = 200) -> Response:
    """The account's answer (with its rating) and the new session's cookie (HttpOnly,
    SameSite=Lax, Secure over HTTPS)."""
    hub = hub_of(request)
    rating = await hub.db(ratings.rating_of, hub.store, made.session.account_id)
    response = JSONResponse(me(made.session, rating), status)
    response.set_cookie(
        accounts.SESSION_COOKIE,
        made.cookie,
        max_age=accounts.SESSION_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return response


def me(current: accounts.Session, rating: dict[str, Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"signed_in": True, "name": current.name, "csrf": current.csrf}
    return {**out, **(rating or {})}


# --- the routes --------------------------------------------------------------------------------
@router.post(
    "/api/account/register",
    status_code=201,
    response_model=Me,
    responses=ERRORS,
    summary="Make an account (and sign in)",
)
async def register(request: Request, body: Credentials, _token: Token) -> Response:
    """A new account with this user name and password (8-200 characters; only its argon2id
    hash is kept), signed in at once: a new session cookie. 409 if the name is taken (names
    are compared case- and width-folded)."""
    same_site(request)
    check_name(body.name)
    if body.name != body.name.strip():
        raise ServerError(422, "a user name may not start or end with a space")
    if len(accounts.name_key(body.name)) > accounts.NAME_KEY_MAX:
        raise ServerError(422, "this user name is too long")
    accounts.check_password(body.password)
    limit(login_limits(request)[0], f"a:{address(request)}")
    hub = hub_of(request)
    old = request.cookies.get(accounts.SESSION_COOKIE)
    made = await hub.db(accounts.register, hub.store, body.name, body.password, old)
    return await signed(request, made, 201)


@router.post("/api/account/login", response_model=Me, responses=ERRORS, summary="Sign in")
async def login(request: Request, body: Credentials, _token: Token) -> Response:
    """Sign in: a new session cookie (any session the browser had is dropped). 401 for an
    unknown name or a wrong password alike; 429 after too many tries from an address or on
    a user name."""
    same_site(request)
    by_address, by_name = login_limits(request)
    limit(by_address, f"a:{address(request)}")
    limit(by_name, f"n:{token_hash(accounts.name_key(body.name))}")
    hub = hub_of(request)
    old = request.cookies.get(accounts.SESSION_COOKIE)
    made = await hub.db(accounts.login, hub.store, body.name, body.password, old)
    if made is None:
        raise ServerError(401, WRONG)
    return await signed(request, made)


@router.post("/api/account/logout", response_model=Me, responses=ERRORS, summary="Sign out")
async def logout(request: Request, current: Changer) -> Response:
    """End this session (the cookie no longer signs anyone in, also if copied)."""
    hub = hub_of(request)
    await hub.db(accounts.logout, hub.store, current)
    response = JSONResponse({"signed_in": False})
    response.delete_cookie(accounts.SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return response


@router.get("/api/account", response_model=Me, responses=ERRORS, summary="Who is signed in")
async def who(request: Request, current: Current) -> dict[str, Any]:
    """The signed-in account, its rating and the session's CSRF token (to send with each
    change); ``signed_in: false`` for nobody."""
    if current is None:
        return {"signed_in": False}
    hub = hub_of(request)
    page = await hub.db(ratings.rating_of, hub.store, current.account_id)
    return me(current, page)


@router.get("/api/account/games", response_model=MyGames, responses=ERRORS, summary="My games")
async def my_games(request: Request, current: Reader) -> Response:
    """The games whose seats this account holds, changed last first, on any device."""
    hub = hub_of(request)
    return JSONResponse({"games": await hub.db(accounts.my_games, hub.store, current.account_id)})


@router.post(
    "/api/account/claim", response_model=Claimed, responses=ERRORS, summary="Claim a guest seat"
)
async def claim(request: Request, body: ClaimIn, current: Changer) -> dict[str, Any]:
    """Bind a seat held by its token (a seat link kept in this browser) to the account: it is
    then listed in My games on any device. 401 for a token that is no seat of the game; 409
    if another account holds the seat. The token keeps working."""
    hub = hub_of(request)
    live = await hub.get(body.game_id)
    seat = await accounts.seat_of(hub, live, body.token)
    assert seat is not None
    if not await hub.db(accounts.claim, hub.store, current.account_id, live.id, seat):
        raise ServerError(409, "another account holds this seat")
    return {"game_id": live.id, "seat": seat}


@router.post(
    "/api/account/games/{game_id}/key",
    response_model=SeatKey,
    responses=ERRORS,
    summary="Open my seat on this device",
)
async def seat_key(request: Request, game_id: GameId, current: Changer) -> dict[str, Any]:
    """A new token for the account's seat in this game, for this device (a seat key: it acts
    as the seat's link does; only its hash is kept). 404 if the account holds no seat there."""
    hub = hub_of(request)
    await accounts.check_not_expired(hub, await hub.get(game_id))
    made = await hub.db(accounts.seat_key, hub.store, current.account_id, game_id)
    if made is None:
        raise ServerError(404, "you hold no seat in this game")
    return {"game_id": game_id, "seat": made[0], "token": made[1]}
