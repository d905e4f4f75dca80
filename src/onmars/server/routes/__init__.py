"""The server's routes, one router per part of the protocol (included by
:func:`onmars.server.app.create_app` in this order: the catch-all page route last)."""
