"""The ``setup.py`` of the optional compiled build (issue 27.5), never of the normal one.

``scripts/build_compiled.sh`` copies it, as ``setup.py``, beside a copy of ``src`` and
``pyproject.toml``, and builds a wheel there: the package as usual, plus the modules listed
under ``[tool.onmars.compiled]`` in ``pyproject.toml`` compiled with mypyc (into one shared
library, ``onmars_rules__mypyc``, and a small extension per module, which Python imports in
preference to the ``.py`` beside it). ``ONMARS_MYPYC_OPT`` sets the C compiler's optimisation
level (default 3).
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from mypyc.build import mypycify
from setuptools import setup

ROOT = Path(__file__).resolve().parent


def compiled_paths() -> list[str]:
    """The listed modules' source files (relative to the project: mypyc names them by them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    modules = config["tool"]["onmars"]["compiled"]["modules"]
    paths = [Path("src", *module.split(".")).with_suffix(".py") for module in modules]
    missing = [str(p) for p in paths if not (ROOT / p).is_file()]
    if missing:
        raise SystemExit(f"[tool.onmars.compiled] lists modules with no source: {missing}")
    return [str(p) for p in paths]


setup(
    ext_modules=mypycify(
        compiled_paths(),
        opt_level=os.environ.get("ONMARS_MYPYC_OPT", "3"),
        group_name="onmars_rules",
    )
)
