"""The optional compiled build (issue 27.5): its one list of modules, and which build runs.

``scripts/build_compiled.sh`` compiles the modules listed under ``[tool.onmars.compiled]`` in
``pyproject.toml`` with mypyc. CI installs that wheel into a folder of its own and runs these
tests and the golden games against it with ``ONMARS_EXPECT_COMPILED=1``: then every listed
module must load from its extension (a module that failed to compile, or was left out of the
wheel, fails here by name). Without it (every other run, CI's main one included) every module
must load from its ``.py``: the pure-Python package stays the default.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "onmars"
]["compiled"]["modules"]
EXPECT_COMPILED = os.environ.get("ONMARS_EXPECT_COMPILED") == "1"


def test_the_list_names_rules_modules_once() -> None:
    assert MODULES, "[tool.onmars.compiled] lists no module"
    assert len(set(MODULES)) == len(MODULES), "a module is listed twice"
    for module in MODULES:
        assert module.startswith("onmars.rules."), f"{module}: only the rules core is compiled"
        source = ROOT / "src" / Path(*module.split(".")).with_suffix(".py")
        assert source.is_file(), f"{module}: listed for compiling, but {source} does not exist"


@pytest.mark.parametrize("module", MODULES)
def test_each_listed_module_runs_as_this_build_expects(module: str) -> None:
    path = importlib.import_module(module).__file__ or ""
    compiled = path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    if EXPECT_COMPILED:
        assert compiled, f"{module} runs from {path}, not compiled: did mypyc build it?"
    else:
        assert not compiled, (
            f"{module} runs from the compiled {path}; without ONMARS_EXPECT_COMPILED=1 the "
            "pure-Python package is expected (is a compiled wheel installed over it?)"
        )
