#!/usr/bin/env bash
# The optional compiled build (issue 27.5): a wheel of onmars for this platform whose rules
# core (the modules listed under [tool.onmars.compiled] in pyproject.toml) is compiled with
# mypyc. The normal package (`pip install -e .`) is not touched: the build runs on a copy of
# src/ and pyproject.toml in a temporary folder, with scripts/compiled_setup.py as its setup.py.
#
#   scripts/build_compiled.sh [OUT_DIR]      (default: dist/; prints the wheel's path last)
#   pip install --force-reinstall --no-deps dist/onmars-*.whl    (or --target DIR: see README)
#
# Needs a C compiler and Python's headers; pip fetches the build's own tools (setuptools, the
# mypy this environment has, whose mypyc compiles, and Babel, which mypy reads to check the
# rules) into an isolated build environment. ONMARS_MYPYC_OPT=0 builds faster, less optimised
# extensions. A module on the list that no longer compiles stops the build with
# mypyc's error: fix it, or take it off the list (it then ships as Python).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-dist}")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The working tree's sources as they are (not only what is committed), without caches or
# anything built in place.
tar --exclude=__pycache__ --exclude='*.so' -cf - src pyproject.toml README.md | tar -x -C "$work"
cp scripts/compiled_setup.py "$work/setup.py"

# The build's own requirements: setuptools with bdist_wheel, this environment's mypy (so the
# compiled code is checked by the same mypy as the pure package) and Babel (imported by the
# rules: mypy follows it).
python - "$work/pyproject.toml" <<'EOF'
import importlib.metadata, json, re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
requires = ["setuptools>=70.1", f"mypy=={importlib.metadata.version('mypy')}", "babel>=2.14"]
new, count = re.subn(
    r'(?m)^(\[build-system\]\s*\nrequires = )\[[^\]]*\]', lambda m: m[1] + json.dumps(requires), text
)
if count != 1:
    sys.exit("build_compiled.sh: no `requires = [...]` under [build-system] in pyproject.toml")
open(path, "w", encoding="utf-8").write(new)
EOF

mkdir -p "$out"
rm -f "$out"/onmars-*.whl
python -m pip wheel --no-deps --disable-pip-version-check -w "$out" "$work"
ls "$out"/onmars-*.whl
