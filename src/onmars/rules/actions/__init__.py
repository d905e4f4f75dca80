"""The rules themselves, one module per part of the game (rounds and turns in ``flow``, the
actions, Advanced Buildings, Life Support, missions, goals, contracts, ``scoring``, ``setup``),
the effects the data names (``effects``) and the ``registry`` that enters them all into the
engine. Imports only ``engine`` and ``data``.
"""
