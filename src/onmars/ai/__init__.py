"""On Mars for AI research (issue 26, docs/ai.md): the game through standard interfaces.

- :mod:`onmars.ai.actions`: the fixed action space (every move a number, legal-action masks);
- :mod:`onmars.ai.observation`: a seat's view as a fixed-shape tensor, and as text;
- :mod:`onmars.ai.returns`: returns from the final (or projected) scores;
- :mod:`onmars.ai.openspiel`: the OpenSpiel game ``onmars`` (registered when imported);
- :mod:`onmars.ai.pettingzoo`: the PettingZoo AEC environment;
- :mod:`onmars.ai.bench`: steps per second through each interface; :mod:`onmars.ai.tables`: the
  tables of docs/ai.md.

A layer above the bots and tools, using only the rules' public API. Its packages (numpy,
open-spiel, pettingzoo, gymnasium) are the optional extra ``[ai]``: nothing here is imported by
the rest of onmars, so the core never needs them.
"""
