"""Issue 9: clients, bots and tools use only the public API of the rules.

The public API: what ``onmars`` and ``onmars.rules`` export (``__all__``: Game and its methods,
Move, the errors, ...), the component data ``onmars.rules.data.components`` and the hex geometry
``onmars.rules.data.hexmap``. Every other module of ``onmars.rules`` (engine, state, scoring, view,
...) is private to the rules, and so is a game's state (``game.state``). The source of
``onmars.bots``, ``onmars.terminal``, ``onmars.tools``, ``onmars.ai``, ``onmars.server`` and
``onmars/cli.py`` is read with ``ast`` (nothing is imported or run). (That each layer imports
only the layers below it is ``lint-imports``'s contract, in pyproject.toml.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import onmars
import onmars.rules

SRC = Path(onmars.__file__).resolve().parent
ROOT = SRC.parent  # src/, where module names start
#: Modules of the rules anyone may import.
PUBLIC_MODULES = {
    "onmars",
    "onmars.rules",
    "onmars.rules.data.components",
    "onmars.rules.data.hexmap",
    "onmars.rules.position",
}
#: Names ``from onmars.rules import ...`` / ``from onmars import ...`` may take.
PUBLIC_NAMES = {
    "onmars.rules": {*onmars.rules.__all__, "components", "hexmap"},
    "onmars": {*onmars.__all__, "rules", "bots", "terminal", "tools", "cli"},
}
#: Attributes that hold a game's whole state.
PRIVATE_ATTRIBUTES = {"state", "_state"}


def client_files() -> list[Path]:
    layers = ("bots", "terminal", "tools", "ai", "server")
    files = [p for layer in layers for p in (SRC / layer).rglob("*.py")]
    return sorted(files) + [SRC / "cli.py"]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private_rules(dotted: str) -> bool:
    """Whether a dotted module or attribute path reaches into the private rules."""
    if not dotted.startswith("onmars.rules.") or any(
        dotted == m or dotted.startswith(m + ".")
        for m in PUBLIC_MODULES - {"onmars", "onmars.rules"}
    ):
        return False
    head = dotted.split(".")[2]
    return head not in PUBLIC_NAMES["onmars.rules"]


def problems(source: str, filename: str, module: str) -> list[str]:
    """Every use of the rules' private parts in ``source``, as ``file:line: what``."""
    tree = ast.parse(source, filename)
    out: set[tuple[int, str]] = set()
    package = module if filename.endswith("__init__.py") else module.rpartition(".")[0]

    def report(node: ast.AST, text: str) -> None:
        out.add((getattr(node, "lineno", 0), text))

    def check_module(node: ast.AST, name: str) -> None:
        if name.startswith("onmars.rules") and name not in PUBLIC_MODULES:
            report(node, f"imports {name}, private to the rules (use onmars / onmars.rules)")

    aliases: dict[str, str] = {}  # local name -> the module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                check_module(node, alias.name)
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    aliases[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            check_module(node, base)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if base in PUBLIC_NAMES and alias.name not in PUBLIC_NAMES[base]:
                    report(node, f"imports {alias.name} from {base}: not in its public API")
                aliases[alias.asname or alias.name] = full
        elif isinstance(node, ast.Attribute):
            if node.attr in PRIVATE_ATTRIBUTES and not _starlette_app(node.value):
                report(node, f"reads .{node.attr}: a game's state is private to the rules")
            dotted = _dotted(node, aliases)
            if dotted and private_rules(dotted):
                report(node, f"uses {dotted}, private to the rules")
    return [f"{filename}:{line}: {text}" for line, text in sorted(out)]


def _starlette_app(value: ast.expr) -> bool:
    """Whether ``value`` is an ASGI app (``app``, ``request.app``): its ``.state`` is Starlette's
    per-app state, no game's."""
    name = value.attr if isinstance(value, ast.Attribute) else getattr(value, "id", "")
    return name == "app"


def _dotted(node: ast.Attribute, aliases: dict[str, str]) -> str:
    """``a.b.c`` with ``a`` replaced by the module it names ("" if it names none)."""
    parts = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        parts.append(value.attr)
        value = value.value
    if not isinstance(value, ast.Name) or value.id not in aliases:
        return ""
    return ".".join([aliases[value.id], *reversed(parts)])


@pytest.mark.parametrize("path", client_files(), ids=lambda p: str(p.relative_to(SRC)))
def test_clients_use_only_the_public_api(path: Path) -> None:
    name = str(path.relative_to(ROOT.parent))  # src/onmars/...: the file to fix
    found = problems(path.read_text(encoding="utf-8"), name, module_name(path))
    assert not found, "issue 9: only the public API above the rules:\n" + "\n".join(found)


def test_every_layer_is_scanned() -> None:
    names = {module_name(p) for p in client_files()}
    assert {
        "onmars.bots.greedy",
        "onmars.terminal.play",
        "onmars.tools.arena",
        "onmars.server.app",
        "onmars.ai.actions",
        "onmars.cli",
    } <= names


def test_the_scan_finds_what_it_must() -> None:
    """The checker itself: each kind of breach is named with its file and line."""
    source = "\n".join(
        [
            "import onmars",
            "from onmars import Game, Move",
            "from onmars.rules import hexmap, engine",
            "from onmars.rules.data.components import load",
            "from onmars.rules.actions.scoring import winners",
            "import onmars.rules.engine.state as st",
            "from onmars import rules",
            "x = game.state.players",
            "y = onmars.rules.engine.engine.STEPS",
            "z = self.game._state",
            "from onmars.rules import game",
            "from ..rules import view",
            "w = rules.scoring.winners",
            "v = rules.hexmap.walk, rules.Game",
            "ok = request.app.state.server  # Starlette's per-app state, no game's",
        ]
    )
    found = problems(source, "src/onmars/bots/x.py", "onmars.bots.x")
    lines = {int(f.split(":")[1]) for f in found}
    assert lines == {3, 5, 6, 8, 9, 10, 11, 12, 13}, found
    assert all(f.startswith("src/onmars/bots/x.py:") for f in found)
    assert any("engine" in f and f.startswith("src/onmars/bots/x.py:3:") for f in found)
    assert any("onmars.rules.actions.scoring" in f for f in found)
