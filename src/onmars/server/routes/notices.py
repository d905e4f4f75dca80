"""How a seat is told its turn came with its page closed (issue 24 item 2): its choices
(Web Push, e-mail), its push subscriptions. Only the seat's token reads or changes them."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from onmars.server.deps import Seated, game_route, hub_of, notifier_of, server_of
from onmars.server.live import ServerError
from onmars.server.mail import valid_address
from onmars.server.protocol import ERRORS, NoticeIn, NoticeOut, PushDrop, PushSubscriptionIn
from onmars.server.push import host_refusal
from onmars.server.social import Subscription
from onmars.server.turns import Notifier

router = APIRouter()


async def notice_body(body: NoticeIn) -> NoticeIn:
    return body


async def push_body(body: PushSubscriptionIn) -> PushSubscriptionIn:
    return body


async def drop_body(body: PushDrop) -> PushDrop:
    return body


async def nothing() -> None:
    return None


SEE = game_route(nothing, "required")
CHANGE = game_route(notice_body, "required")
SUBSCRIBE = game_route(push_body, "required")
DROP = game_route(drop_body, "required")


async def answer(request: Request, game_id: str, seat: int) -> JSONResponse:
    notifier = notifier_of(request)
    hub = hub_of(request)
    notice = await hub.db(notifier.social.notice, game_id, seat)
    subs = await hub.db(notifier.social.subscriptions, game_id, seat)
    out: dict[str, Any] = {
        "push": notice.push,
        "email": notice.email,
        "address": notice.address,
        "lang": notice.lang,
        "subscriptions": len(subs),
        "push_key": notifier.pusher.public_key if notifier.pusher else "",
        "email_available": notifier.mailer is not None,
    }
    return JSONResponse(out)


@router.get(
    "/api/games/{game_id}/notices",
    response_model=NoticeOut,
    responses=ERRORS,
    summary="How your seat is told its turn came",
)
async def get_notices(
    request: Request, seated: Annotated[Seated[None], Depends(SEE)]
) -> JSONResponse:
    """The seat's choices (Web Push, e-mail and its address, the language), its number of
    push subscriptions, the server's VAPID public key and whether it sends e-mail."""
    return await answer(request, seated.live.id, seated.player)


@router.put(
    "/api/games/{game_id}/notices",
    response_model=NoticeOut,
    responses=ERRORS,
    summary="Change how your seat is told its turn came",
)
async def put_notices(
    request: Request, seated: Annotated[Seated[NoticeIn], Depends(CHANGE)]
) -> JSONResponse:
    """Switch Web Push or e-mail on or off, set the e-mail address (``""`` drops it) and the
    messages' language. At most one message per turn, with nothing secret in it: the game, the
    round, the seat's name and a link to the game without its token."""
    body, notifier = seated.inputs, notifier_of(request)
    values: dict[str, Any] = {
        k: v for k, v in (("push", body.push), ("email", body.email), ("lang", body.lang))
        if v is not None
    }  # fmt: skip
    if body.address is not None:
        address = body.address.strip()
        if address and not valid_address(address):
            raise ServerError(422, "this is not an e-mail address")
        values["address"] = address or None
    await hub_of(request).db(notifier.social.set_notice, seated.live.id, seated.player, **values)
    return await answer(request, seated.live.id, seated.player)


@router.post(
    "/api/games/{game_id}/push",
    response_model=NoticeOut,
    responses=ERRORS,
    summary="Subscribe a browser to Web Push for your seat",
)
async def subscribe(
    request: Request, seated: Annotated[Seated[PushSubscriptionIn], Depends(SUBSCRIBE)]
) -> JSONResponse:
    """Keep a browser's push subscription (``PushSubscription.toJSON()``): its endpoint must be
    an ``https://`` URL of a push service on a public host (not ``localhost``, a local name or
    a loopback, private or otherwise non-public IP address). A seat keeps at most 5; a sixth
    drops the oldest."""
    body, notifier = seated.inputs, notifier_of(request)
    settings = server_of(request).settings
    check_endpoint(body.endpoint, settings.push_http, settings.push_private)
    sub = Subscription(body.endpoint, body.keys.p256dh, body.keys.auth)
    await hub_of(request).db(notifier.social.subscribe, seated.live.id, seated.player, sub)
    return await answer(request, seated.live.id, seated.player)


@router.delete(
    "/api/games/{game_id}/push",
    response_model=NoticeOut,
    responses=ERRORS,
    summary="Unsubscribe a browser (or all) from Web Push for your seat",
)
async def unsubscribe(
    request: Request, seated: Annotated[Seated[PushDrop], Depends(DROP)]
) -> JSONResponse:
    notifier: Notifier = notifier_of(request)
    endpoint = seated.inputs.endpoint
    await hub_of(request).db(notifier.social.unsubscribe, seated.live.id, seated.player, endpoint)
    return await answer(request, seated.live.id, seated.player)


def check_endpoint(endpoint: str, plain_http: bool, private: bool = False) -> None:
    """422 unless the endpoint is an https URL (http too with the ``push_http`` setting) on a
    public host: not ``localhost``, a name without a dot or an IP address that is not globally
    routable (:func:`onmars.server.push.host_refusal`; allowed with ``push_private``)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(endpoint)
        host = parts.hostname
    except ValueError:
        host = None
    schemes = ("https", "http") if plain_http else ("https",)
    if host is None or parts.scheme not in schemes or parts.username or parts.password:
        raise ServerError(422, "a push endpoint must be an https:// address")
    if not private and host_refusal(host):
        raise ServerError(
            422, "a push endpoint must be on a public host, not a local or private address"
        )
