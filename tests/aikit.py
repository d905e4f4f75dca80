"""The AI tests' packages (the ``[ai]`` extra, also in ``[test]``): a test file that needs one
skips without it on a developer's machine, and fails under CI (``CI`` set), where ``.[test]``
installs them and the interfaces must be tested (issue 26)."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def need(module: str) -> ModuleType:
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed: pip install -e '.[ai]'")
