"""The component data: every card, tile, board space and substitute value (``*.toml``), its
schema (``schema``), its validation (``validate``), the loaded components (``components``) and
the hex geometry of the map (``hexmap``). Imports nothing else of the rules.
"""
