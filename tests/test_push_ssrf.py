"""Web Push must not become a way into the server's own network (SSRF, issue 24 item 2).

A push subscription names a URL the server later POSTs to. A seat must not be able to make
the server send requests to itself or to internal hosts: a subscription whose host is
``localhost``, a local name or an IP address that the Internet does not route is refused (a
422 in the asker's language); when a message is sent, the name is resolved again and a name
that points at such an address (or does not resolve) is skipped and logged, the move going on;
a push service's redirect is not followed. The ``push_private`` setting (off by default) lets
tests and local development use a push service on loopback.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from serverkit import Browser, PushEndpoint, bearer, make_client, new_game, state
from test_server_notify import play_until_turn_of, wait_for
from urllib3.util import connection as urllib3_connection

from onmars.server.push import Pusher, PushRefused, check_send, host_refusal, new_vapid_pem

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
#: A public-looking name the tests' resolver points wherever a test says.
NAME = "push.example.org"
REFUSED_EN = "a push endpoint must be on a public host, not a local or private address"
REFUSED_ZH = "推送端点必须位于公网主机上，不能是本机、局域网或内网地址"


@pytest.fixture
def resolver(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str] | None]:
    """``socket.getaddrinfo`` answering for :data:`NAME` from a table the test fills (``None``:
    the name does not resolve); every other name as the system resolves it."""
    table: dict[str, list[str] | None] = {}
    real = socket.getaddrinfo

    def fake(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host not in table:
            return real(host, port, *args, **kwargs)
        addresses = table[host]
        if addresses is None:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        out = []
        for address in addresses:
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            where = (
                (address, int(port), 0, 0) if family == socket.AF_INET6 else (address, int(port))
            )
            out.append((family, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", where))
        return out

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    return table


def subscribe(client: Any, gid: str, token: str | None, endpoint: str, **params: str) -> Any:
    return client.post(
        f"/api/games/{gid}/push",
        params=params,
        json=Browser(endpoint).subscription,
        headers=bearer(token),
    )


# --- which hosts are refused ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1",  # loopback
        "127.1",  # loopback, in a short form the resolver accepts
        "2130706433",  # loopback, as one number
        "0x7f.0.0.1",  # loopback, in hexadecimal
        "0.0.0.0",  # unspecified: this host
        "10.0.0.5",  # private (RFC 1918)
        "172.16.3.4",
        "192.168.1.1",
        "100.64.0.1",  # shared address space (carrier NAT)
        "169.254.169.254",  # link-local: the cloud metadata service
        "224.0.0.1",  # multicast
        "240.0.0.1",  # reserved
        "::1",  # IPv6 loopback
        "fe80::1",  # IPv6 link-local
        "fd12:3456::1",  # IPv6 unique-local
        "ff02::1",  # IPv6 multicast
        "::ffff:127.0.0.1",  # IPv4-mapped loopback
        "::ffff:10.0.0.5",  # IPv4-mapped private
        "2002:a00:5::1",  # 6to4 around 10.0.0.5
        "localhost",
        "localhost.",
        "push.localhost",  # RFC 6761: all of .localhost is this host
        "intranet",  # a name without a dot: a local name
    ],
)
def test_a_local_or_private_host_is_refused(host: str) -> None:
    assert host_refusal(host)


@pytest.mark.parametrize(
    "host", ["fcm.googleapis.com", "updates.push.services.mozilla.com", "8.8.8.8", "2606:4700::1"]
)
def test_a_push_service_on_a_public_host_is_taken(host: str) -> None:
    assert not host_refusal(host)


def test_a_subscription_to_a_local_host_is_a_422_in_english_and_chinese(database: str) -> None:
    """By default the server refuses endpoints on loopback or private addresses, with its
    reason in the asker's language; a public push service is taken; the ``push_private``
    setting (tests, local development) takes a loopback endpoint."""
    with make_client(database) as client:
        gid, tokens = new_game(client, HUMANS)
        for bad in (
            "https://127.0.0.1/push/x",
            "https://[::1]:8443/push/x",
            "https://169.254.169.254/latest/meta-data",
            "https://localhost/push/x",
            "https://10.0.0.5/push/x",
            "https://[::ffff:192.168.0.1]/push/x",
        ):
            r = subscribe(client, gid, tokens[0], bad)
            assert r.status_code == 422, bad
            assert r.json()["detail"] == REFUSED_EN, bad
        r = subscribe(client, gid, tokens[0], "https://127.0.0.1/push/x", lang="zh")
        assert r.status_code == 422 and r.json()["detail"] == REFUSED_ZH
        r = subscribe(client, gid, tokens[0], "https://fcm.googleapis.com/fcm/send/abc")
        assert r.status_code == 200, r.text
        assert r.json()["subscriptions"] == 1
    with make_client(database, push_private=True) as client:
        r = subscribe(client, gid, tokens[0], "https://127.0.0.1/push/x")
        assert r.status_code == 200, r.text
        assert r.json()["subscriptions"] == 2


# --- at send time --------------------------------------------------------------------------------
def test_a_name_that_points_at_a_private_address_is_not_sent_to(
    database: str,
    endpoint: PushEndpoint,
    resolver: dict[str, list[str] | None],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Ben subscribes with a public-looking name that resolves to loopback (where the test's
    push service listens). With ``push_private`` (the opt-in) his turn's message arrives there:
    the name does lead to the service. Without it the server resolves the name before sending,
    refuses it, logs why, and the moves go on."""
    caplog.set_level(logging.WARNING, "onmars.server")
    resolver[NAME] = ["127.0.0.1"]
    url = f"http://{NAME}:{endpoint.port}/push/ben"
    with make_client(database, push_http=True, push_private=True) as client:
        gid, tokens = new_game(client, HUMANS)
        ben = 1 - state(client, gid)["current_player"]
        assert subscribe(client, gid, tokens[ben], url).status_code == 200
        play_until_turn_of(client, gid, tokens, ben)
        wait_for(lambda: len(endpoint.received) == 1, "the push (opt-in)")
    with make_client(database, push_http=True) as client:
        play_until_turn_of(client, gid, tokens, 1 - ben)
        play_until_turn_of(client, gid, tokens, ben)  # each move answered 200
        wait_for(lambda: "refused" in caplog.text, "the logged refusal")
        assert "not public: 127.0.0.1" in caplog.text
        assert len(endpoint.received) == 1, "the server posted to a loopback address"


def test_a_name_that_does_not_resolve_is_skipped_and_logged(
    database: str, resolver: dict[str, list[str] | None], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, "onmars.server")
    resolver[NAME] = None
    with make_client(database) as client:
        gid, tokens = new_game(client, HUMANS)
        ben = 1 - state(client, gid)["current_player"]
        assert subscribe(client, gid, tokens[ben], f"https://{NAME}/push/ben").status_code == 200
        play_until_turn_of(client, gid, tokens, ben)  # each move answered 200, not a 500
        wait_for(lambda: "does not resolve" in caplog.text, "the logged failure")
        assert state(client, gid, tokens[ben])["legal_moves"]


def test_one_private_address_among_public_ones_is_enough_to_refuse(
    resolver: dict[str, list[str] | None],
) -> None:
    resolver[NAME] = ["93.184.215.14", "10.0.0.5"]
    with pytest.raises(PushRefused, match="10.0.0.5"):
        asyncio.run(check_send(f"https://{NAME}/push/x"))
    resolver[NAME] = ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]
    asyncio.run(check_send(f"https://{NAME}/push/x"))  # all public: no refusal


# --- DNS rebinding: the name is resolved once ----------------------------------------------------
PUBLIC = "93.184.215.14"


@pytest.fixture
def rebinding(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """A resolver that answers :data:`NAME` with a public address the first time and loopback
    (where the test's push service listens) every time after, as a rebinding attacker's DNS
    server does; and the Internet, as far as the tests go: a connection to :data:`PUBLIC` is
    refused (recorded), any other is made. Every lookup of the name and every connection
    urllib3 makes are recorded."""
    seen: dict[str, list[Any]] = {"lookups": [], "connections": []}
    real_lookup, real_connect = socket.getaddrinfo, urllib3_connection.create_connection

    def lookup(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != NAME:
            return real_lookup(host, port, *args, **kwargs)
        address = PUBLIC if not seen["lookups"] else "127.0.0.1"
        seen["lookups"].append(address)
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, int(port)))]

    def connect(where: tuple[str, int], *args: Any, **kwargs: Any) -> Any:
        seen["connections"].append(where)
        if where[0] == PUBLIC:
            raise ConnectionRefusedError(111, "the tests have no Internet")
        return real_connect(where, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    monkeypatch.setattr(urllib3_connection, "create_connection", connect)
    return seen


def test_a_name_rebound_to_loopback_after_the_check_is_not_reached(
    database: str,
    endpoint: PushEndpoint,
    rebinding: dict[str, list[Any]],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Ben's endpoint is a name whose DNS answer is public when the server checks it and
    loopback a moment later. The server resolves it once, checks that answer and connects to
    it (refused here: no Internet), never looking the name up again: the push service on
    loopback receives nothing, and the moves go on. (It used to be resolved again by the HTTP
    client, which then posted to loopback.)"""
    caplog.set_level(logging.WARNING, "onmars.server")
    url = f"http://{NAME}:{endpoint.port}/push/ben"
    with make_client(database, push_http=True) as client:
        gid, tokens = new_game(client, HUMANS)
        ben = 1 - state(client, gid)["current_player"]
        assert subscribe(client, gid, tokens[ben], url).status_code == 200
        rebinding["lookups"].clear()  # the subscription's own check (a name: not resolved)
        play_until_turn_of(client, gid, tokens, ben)  # each move answered 200
        wait_for(lambda: "Web Push to game" in caplog.text or endpoint.received, "the push")
    assert rebinding["lookups"] == [PUBLIC], "the name was resolved again after the check"
    assert rebinding["connections"] == [(PUBLIC, endpoint.port)]
    assert endpoint.received == [], "the push reached the rebound (loopback) address"


def test_the_pinned_address_carries_the_name_as_host(
    endpoint: PushEndpoint, rebinding: dict[str, list[Any]]
) -> None:
    """A message sent to the checked address (here loopback, as ``push_private`` allows)
    still names the push service's host: the ``Host`` header (and over HTTPS, SNI and the
    certificate's check, urllib3's, from the same URL)."""
    rebinding["lookups"].append("spent")  # the name now answers loopback
    pusher = Pusher(new_vapid_pem(), "mailto:admin@example.org")
    info = Browser(f"http://{NAME}:{endpoint.port}/push/x").subscription
    address = asyncio.run(check_send(info["endpoint"], private=True))
    assert address == "127.0.0.1"
    assert pusher.send(info, b'{"title": "x"}', address) == 201
    headers, _, path = endpoint.received[0]
    assert headers["host"] == f"{NAME}:{endpoint.port}" and path == "/push/x"
    assert rebinding["lookups"] == ["spent", "127.0.0.1"]  # once, by the check


# --- redirects -----------------------------------------------------------------------------------
@pytest.fixture
def redirector(endpoint: PushEndpoint) -> Iterator[int]:
    """A push service that answers every POST with a 307 to the loopback push endpoint."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(307)
            self.send_header("Location", f"http://127.0.0.1:{endpoint.port}/internal")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_a_redirect_of_the_push_service_is_not_followed(
    redirector: int, endpoint: PushEndpoint
) -> None:
    pusher = Pusher(new_vapid_pem(), "mailto:admin@example.org")
    info = Browser(f"http://127.0.0.1:{redirector}/push/x").subscription
    with pytest.raises(Exception, match="redirect"):
        pusher.send(info, b'{"title": "x"}')
    assert endpoint.received == [], "the server followed the redirect"
