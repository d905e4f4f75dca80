"""The engine: the plain state (``state``), pending decisions as frames (``frames``), moves and
their notation (``moves``), the loop that applies moves and settles the next decision
(``engine``), refusals (``errors``), texts (``i18n``), rules versions (``version``), supposed
positions (``suppose``) and what a seat may see (``view``, RUL-18). Imports only ``data``.
"""
