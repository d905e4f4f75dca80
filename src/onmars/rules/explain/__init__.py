"""Explanations for people: each move's events (``events``), moves in words (``labels``), a
move's preview for its mover (``describe``), every component's face (``catalog``) and refusal
texts (``terms``). Reads the state; changes nothing. Imports ``actions``, ``engine``, ``data``.
"""
