#!/usr/bin/env bash
# Runs dynexpr's end-to-end suite alone: installs what it needs (idempotent),
# then runs it. Extra arguments go to `go test`, e.g.
#   bash e2e/run.sh -run TestRoundTrip
#   bash e2e/run.sh -run TestGolden -e2e.v1=false
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash e2e/install.sh
exec go test -tags e2e ./e2e -v -count=1 -timeout 150m "$@"
