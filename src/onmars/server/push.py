"""Web Push (issue 24 item 2): the server's VAPID key pair and sending one message.

The key pair is made at the first start and kept in the database (``server_keys``), so every
server process, and every restart, signs with the same key the browsers subscribed with. A
message is encrypted for the subscription (aes128gcm, RFC 8291) and POSTed to the browser's
push service by ``pywebpush``, in a thread, with a timeout; :mod:`onmars.server.turns` decides
what to send and never lets a failure reach a move.

Decision (SSRF): a subscription's endpoint is a URL the client gives, which the server then
POSTs to. Only ``https://`` endpoints are taken (push services are all on HTTPS), unless the
``push_http`` setting allows plain HTTP (the tests' local endpoint); redirects are not
followed, and what is sent is an encrypted payload the server chose.
"""

from __future__ import annotations

import base64
import logging
from typing import Any

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid

log = logging.getLogger("onmars.server")

#: The name of the VAPID private key (PEM) in ``server_keys``.
VAPID_KEY = "vapid"
#: Seconds a push service may take to answer.
PUSH_TIMEOUT = 10.0
#: Seconds a push service keeps a message for a browser that is off (a day: a turn waits).
PUSH_TTL = 24 * 3600


def new_vapid_pem() -> str:
    """A new VAPID private key (P-256), as PEM."""
    vapid = Vapid()
    vapid.generate_keys()
    pem: bytes = vapid.private_pem()
    return pem.decode("ascii")


class Pusher:
    """Sends Web Push messages signed with the server's VAPID key."""

    def __init__(self, pem: str, contact: str) -> None:
        self.vapid = Vapid.from_pem(pem.encode("ascii"))
        self.contact = contact  # the "sub" claim: how a push service reaches the server's admin

    @property
    def public_key(self) -> str:
        """The application server key browsers subscribe with (uncompressed point, base64url)."""
        raw = self.vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")

    def send(self, info: dict[str, Any], payload: bytes) -> int:
        """Send ``payload`` to one subscription (blocking): the push service's HTTP status
        (201 taken; 404 or 410: the subscription is gone). Raises on a network failure."""
        from pywebpush import WebPushException, webpush

        try:
            response = webpush(
                info,
                data=payload,
                vapid_private_key=self.vapid,
                vapid_claims={"sub": self.contact},
                content_encoding="aes128gcm",
                ttl=PUSH_TTL,
                timeout=PUSH_TIMEOUT,
            )
        except WebPushException as exc:
            if exc.response is not None:
                return int(exc.response.status_code)
            raise
        return int(getattr(response, "status_code", 0))
