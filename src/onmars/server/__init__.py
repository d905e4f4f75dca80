"""The On Mars game server (``onmars serve``): online, turn-based play on the engine's public
API, with the games stored as their move logs (SQLite or PostgreSQL).

Layers: ``onmars.server`` sits between ``onmars.cli`` and ``onmars.tools``; it uses the rules'
public API and the bots, and nothing below it imports it. Modules: ``app`` (the ASGI app,
``create_app(Settings(...))``), ``routes`` (its routers, one per part of the protocol), ``deps``
(what the routes share and their dependencies: the token, the game, the seat), ``protocol``
(every request, answer and WebSocket message as a pydantic model), ``errors`` (error answers),
``live`` (games in memory), ``store`` (the database),
``bots`` (bots off the event loop), ``notify`` (other processes' changes), ``chat`` (a game's
chat), ``turns`` (your-turn messages with the page closed, through ``push`` and ``mail``),
``social`` (their tables), ``names`` (what a shown name must be), ``serve`` (the command),
``config`` (``Settings``), ``migrations`` (Alembic). Importing this package imports
none of them, so that ``onmars play`` does not load the web stack.
"""
