#!/usr/bin/env bash
# The embedded default: PGlite under .data/, seeded demo tenants, DEMO_MODE, the local identity provider,
# in-memory rate limits. No external service is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export DEMO_MODE="${DEMO_MODE:-true}"
export IDP_PORT="${IDP_PORT:-4000}"
export OIDC_ISSUER="${OIDC_ISSUER:-http://127.0.0.1:${IDP_PORT}}"
export ENABLE_API_DOCS="${ENABLE_API_DOCS:-true}"
port="${PORT:-3000}"

if [ ! -f .next/BUILD_ID ] || [ -n "$(find app lib db components emails auth.ts proxy.ts next.config.ts -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  node_modules/.bin/next build
fi

node_modules/.bin/tsx scripts/dev-idp.ts &
idp_pid=$!
trap 'kill "$idp_pid" 2>/dev/null || true' EXIT INT TERM

echo "Quartermaster: http://acme.localhost:${port} (or http://localhost:${port}/?tenant=acme); API: /api/v1, health: /api/health"
node_modules/.bin/next start --port "$port"
