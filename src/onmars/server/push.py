"""Web Push (issue 24 item 2): the server's VAPID key pair and sending one message.

The key pair is made at the first start and kept in the database (``server_keys``), so every
server process, and every restart, signs with the same key the browsers subscribed with. A
message is encrypted for the subscription (aes128gcm, RFC 8291) and POSTed to the browser's
push service by ``pywebpush``, in a thread, with a timeout; :mod:`onmars.server.turns` decides
what to send and never lets a failure reach a move.

Decision (SSRF): a subscription's endpoint is a URL the client gives, which the server then
POSTs to. Only ``https://`` endpoints are taken (push services are all on HTTPS), unless the
``push_http`` setting allows plain HTTP (the tests' local endpoint). The endpoint's host must
be public: a subscription whose host is ``localhost`` (or ``*.localhost``), a name without a
dot, or an IP literal that is not globally routable (loopback, private, link-local,
unique-local, multicast, reserved, unspecified, shared; also such an IPv4 address inside an
IPv6 one: IPv4-mapped, 6to4, Teredo, NAT64) is refused (:func:`host_refusal`, a 422); and
when a message is sent the host name is resolved again and the send is skipped (logged) if
any of its addresses is not public, or if it does not resolve (:func:`check_send`): a name
may point at an internal address, or be changed to after it was subscribed. The
``push_private`` setting lifts both checks (tests and local development with a push service
on loopback; off by default). Redirects are not followed (a push service answers where it
is), and what is sent is an encrypted payload the server chose.

The name is resolved once: the message is sent to the address the check took
(:func:`pinned_adapter`), with the name kept for everything else (the ``Host`` header, TLS's
SNI and the certificate's check), so a DNS answer that changes after the check (DNS
rebinding) cannot lead the POST elsewhere. For the same reason no proxy from the environment
(``HTTPS_PROXY``) is used for pushes: it would resolve the name again itself.
"""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import logging
import re
import socket
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid

if TYPE_CHECKING:
    from requests.adapters import HTTPAdapter

log = logging.getLogger("onmars.server")

#: The name of the VAPID private key (PEM) in ``server_keys``.
VAPID_KEY = "vapid"
#: Seconds a push service may take to answer.
PUSH_TIMEOUT = 10.0
#: Seconds a push service keeps a message for a browser that is off (a day: a turn waits).
PUSH_TTL = 24 * 3600


#: An IPv4 address in a form other than dotted quads (``2130706433``, ``0x7f.1``, ``127.1``):
#: the system's resolver reads these as addresses, so they are checked as such.
LOOSE_IPV4 = re.compile(r"(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+)){0,3}")
#: NAT64's well-known prefix (RFC 6052): the last 32 bits are an IPv4 address.
NAT64 = ipaddress.ip_network("64:ff9b::/96")


class PushRefused(Exception):
    """A push endpoint the server will not send to (not a public host)."""


def public_address(address: str) -> bool:
    """Whether an IP address (text, an IPv6 zone allowed) is globally routable: not loopback,
    private, link-local, unique-local, multicast, reserved, unspecified or shared, nor an
    IPv6 address that carries such an IPv4 address (IPv4-mapped, 6to4, Teredo, NAT64)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if (
        not ip.is_global
        or ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    ):
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        inner = [ip.ipv4_mapped, ip.sixtofour]
        if ip.teredo is not None:
            inner += list(ip.teredo)
        if ip in NAT64:
            inner.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
        return all(public_address(str(v4)) for v4 in inner if v4 is not None)
    return True


def literal_address(host: str) -> str | None:
    """``host`` as an IP address if it is one (IPv6, dotted quads, or a looser IPv4 form the
    resolver accepts), else ``None``."""
    try:
        return str(ipaddress.ip_address(host.split("%", 1)[0]))
    except ValueError:
        pass
    if LOOSE_IPV4.fullmatch(host):
        try:
            return socket.inet_ntoa(socket.inet_aton(host))
        except OSError:
            return None
    return None


def host_refusal(host: str) -> bool:
    """Whether a push endpoint's host (as :func:`urllib.parse.urlsplit` gives it, lower case)
    is refused: ``localhost`` or ``*.localhost`` (RFC 6761), a name without a dot (a local
    name: push services have public names), or an IP address that is not public."""
    host = host.rstrip(".")
    literal = literal_address(host)
    if literal is not None:
        return not public_address(literal)
    return not host or host == "localhost" or host.endswith(".localhost") or "." not in host


async def check_send(endpoint: str, private: bool = False) -> str:
    """The address to send to ``endpoint``'s message to (the first its host resolves to, by
    the event loop's resolver; :meth:`Pusher.send` connects there and nowhere else). Raises
    :class:`PushRefused` unless every address the host resolves to is public (``private``:
    any address will do, the ``push_private`` setting); a name that does not resolve is
    refused too."""
    try:
        parts = urlsplit(endpoint)
        host, port = parts.hostname, parts.port
    except ValueError as exc:
        raise PushRefused(f"not a URL: {exc}") from None
    if not host or (host_refusal(host) and not private):
        raise PushRefused(f"{host!r} is not a public host")
    port = port or (80 if parts.scheme == "http" else 443)
    loop = asyncio.get_running_loop()
    try:
        found = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise PushRefused(f"{host!r} does not resolve: {exc}") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
    if not addresses:
        raise PushRefused(f"{host!r} does not resolve")
    internal = sorted(a for a in addresses if not public_address(a))
    if internal and not private:
        raise PushRefused(f"{host!r} resolves to an address that is not public: {internal[0]}")
    return addresses[0]


def pinned_adapter(address: str) -> HTTPAdapter:
    """A ``requests`` transport whose connections, HTTP and HTTPS, go to ``address`` (an IP
    address, checked) whatever name the URL holds: the name is not resolved again. The URL's
    name stays the request's ``Host`` and, over HTTPS, the name sent by SNI and checked
    against the certificate (urllib3 takes both from the URL; only the socket's address is
    replaced here)."""
    from requests.adapters import HTTPAdapter
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
    from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
    from urllib3.util import connection

    def connect(conn: HTTPConnection) -> socket.socket:
        try:
            return connection.create_connection(
                (address, conn.port),
                conn.timeout,
                source_address=conn.source_address,
                socket_options=conn.socket_options,
            )
        except TimeoutError as exc:
            raise ConnectTimeoutError(conn, f"connecting to {conn.host} timed out") from exc
        except OSError as exc:
            raise NewConnectionError(conn, f"cannot connect to {conn.host}: {exc}") from exc

    class PinnedHTTP(HTTPConnection):
        def _new_conn(self) -> socket.socket:
            return connect(self)

    class PinnedHTTPS(HTTPSConnection):
        def _new_conn(self) -> socket.socket:
            return connect(self)

    class PinnedHTTPPool(HTTPConnectionPool):
        ConnectionCls = PinnedHTTP

    class PinnedHTTPSPool(HTTPSConnectionPool):
        ConnectionCls = PinnedHTTPS

    adapter = HTTPAdapter(max_retries=0)
    adapter.poolmanager.pool_classes_by_scheme = {"http": PinnedHTTPPool, "https": PinnedHTTPSPool}
    return adapter


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

    def send(self, info: dict[str, Any], payload: bytes, address: str | None = None) -> int:
        """Send ``payload`` to one subscription (blocking), connecting to ``address`` (the one
        :func:`check_send` took; ``None``: wherever the name leads, for tests only): the push
        service's HTTP status (201 taken; 404 or 410: the subscription is gone). Raises on a
        network failure or a redirect."""
        import requests
        from pywebpush import WebPushException, webpush

        try:
            with requests.Session() as session:
                # a redirect is not followed (it could lead the POST to an internal address):
                # it raises TooManyRedirects before the next request is made
                session.max_redirects = 0
                if address is not None:
                    session.trust_env = False  # no proxy: it would resolve the name again
                    adapter = pinned_adapter(address)
                    session.mount("http://", adapter)
                    session.mount("https://", adapter)
                response = webpush(
                    info,
                    data=payload,
                    vapid_private_key=self.vapid,
                    vapid_claims={"sub": self.contact},
                    content_encoding="aes128gcm",
                    ttl=PUSH_TTL,
                    timeout=PUSH_TIMEOUT,
                    requests_session=session,
                )
        except WebPushException as exc:
            if exc.response is not None:
                return int(exc.response.status_code)
            raise
        return int(getattr(response, "status_code", 0))
