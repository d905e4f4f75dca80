"""E-mail (issue 24 item 2): the SMTP settings (``onmars serve --smtp URL``) and sending one
message, blocking (the caller runs it in a thread, after the move is stored).

``smtp://user:password@host:port`` sends in plain SMTP, upgraded with STARTTLS when the
server offers it; ``smtps://`` speaks TLS from the start; ``?from=address`` sets the sender
(default ``onmars@<host>``). The password is never logged (:func:`shown`).
"""

from __future__ import annotations

import re
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from onmars import N_
from onmars.tools.text import CommandError

#: Seconds the SMTP server may take for each step.
SMTP_TIMEOUT = 10.0
#: An address we send to: one mailbox, no spaces, no line breaks, no display name (a user may
#: not slip a header or a second recipient in).
ADDRESS = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,250})$")


class MailError(CommandError):
    """A bad ``--smtp`` URL (a ValueError, said in the command line's language)."""


@dataclass(frozen=True)
class Mailer:
    host: str
    port: int
    user: str | None
    password: str | None
    tls: bool  # smtps: TLS from the start
    sender: str

    @classmethod
    def parse(cls, url: str) -> Mailer:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise MailError(
                N_("the SMTP URL must be smtp://user:password@host:port or smtps://...")
            )
        tls = parts.scheme == "smtps"
        try:
            port = parts.port or (465 if tls else 25)
        except ValueError as exc:
            raise MailError(N_("the SMTP URL has a bad port: {reason}"), reason=exc) from None
        sender = parse_qs(parts.query).get("from", [f"onmars@{parts.hostname}"])[0]
        if not ADDRESS.match(sender):
            raise MailError(N_("the SMTP URL's from= is not an e-mail address"))
        user = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password else None
        return cls(parts.hostname, port, user, password, tls, sender)

    def send(self, to: str, subject: str, body: str) -> None:
        """Send one plain-text message (blocking; raises on failure)."""
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if self.tls:
            smtp = smtplib.SMTP_SSL(self.host, self.port, timeout=SMTP_TIMEOUT, context=context)
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT)
        with smtp:
            smtp.ehlo()
            if not self.tls and smtp.has_extn("starttls"):
                smtp.starttls(context=context)
                smtp.ehlo()
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message)


def shown(url: str) -> str:
    """The SMTP URL without its password (for logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()


def valid_address(address: str) -> bool:
    return len(address) <= 254 and ADDRESS.match(address) is not None
