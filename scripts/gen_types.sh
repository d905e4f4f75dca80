#!/usr/bin/env bash
# The browser client's protocol types (issue 22.3) come from the server, never from a hand-written
# copy: the OpenAPI schema of create_app (built, not started: no database is opened) is dumped to
# web/openapi.json and openapi-typescript turns it into web/src/protocol.d.ts. Both are committed;
# .ci/run runs this script and fails when either differs from the committed one.
# Needs the package installed (pip install -e .) and web/node_modules (npm ci).
set -euo pipefail
cd "$(dirname "$0")/.."
"${PYTHON:-python}" - > web/openapi.json <<'PY'
import json

from onmars.server.app import create_app

print(json.dumps(create_app().openapi(), indent=2, ensure_ascii=False))
PY
(cd web && npm run --silent gen:types)
