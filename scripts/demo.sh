#!/usr/bin/env bash
# The embedded default: PGlite under .data/, seeded demo tenants, DEMO_MODE, the local identity provider,
# in-memory rate limits, and the registry simulator (spec 002, phases 1/2). No external service is needed.
# REGISTRY_URL= (set and empty) runs the demo in phase 0 without the simulator; a REGISTRY_URL of your own is used as is.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export DEMO_MODE="${DEMO_MODE:-true}"
export IDP_PORT="${IDP_PORT:-4000}"
export OIDC_ISSUER="${OIDC_ISSUER:-http://127.0.0.1:${IDP_PORT}}"
export ENABLE_API_DOCS="${ENABLE_API_DOCS:-true}"
# Webhook receivers of a local demo run on this machine (allowed because WEB_DOMAIN stays localhost).
export WEBHOOK_ALLOW_PRIVATE_TARGETS="${WEBHOOK_ALLOW_PRIVATE_TARGETS:-true}"
port="${PORT:-3000}"

# The registry simulator: the app is its client (REGISTRY_URL, API key) and its webhook target.
start_registry=false
if [ -z "${REGISTRY_URL+set}" ]; then
  start_registry=true
  export REGISTRY_PORT="${REGISTRY_PORT:-4100}"
  export REGISTRY_URL="http://127.0.0.1:${REGISTRY_PORT}"
  export REGISTRY_API_KEY="${REGISTRY_API_KEY:-demo-registry-api-key}"
  export REGISTRY_WEBHOOK_SECRETS="${REGISTRY_WEBHOOK_SECRETS:-demo-registry-webhook-secret-not-for-production}"
fi

if [ ! -f .next/BUILD_ID ] || [ -n "$(find app lib db components emails auth.ts proxy.ts next.config.ts -newer .next/BUILD_ID -print -quit 2>/dev/null)" ]; then
  node_modules/.bin/next build
fi
# The API reference (/docs), prerendered from the OpenAPI document as `npm run build` does.
if [ ! -f .next/api-docs/index.html ]; then
  node_modules/.bin/tsx scripts/build-api-docs.ts
fi

node_modules/.bin/tsx scripts/dev-idp.ts &
idp_pid=$!
registry_pid=""
trap 'kill "$idp_pid" ${registry_pid:+"$registry_pid"} 2>/dev/null || true' EXIT INT TERM

if [ "$start_registry" = true ]; then
  REGISTRY_SIMULATOR_PORT="$REGISTRY_PORT" \
    REGISTRY_SIMULATOR_API_KEYS="$REGISTRY_API_KEY" \
    REGISTRY_SIMULATOR_WEBHOOK_URL="http://127.0.0.1:${port}/api/webhooks/external-registry" \
    REGISTRY_SIMULATOR_WEBHOOK_SECRETS="${REGISTRY_WEBHOOK_SECRETS%%,*}" \
    node_modules/.bin/tsx scripts/registry-simulator.ts &
  registry_pid=$!
  echo "Registry simulator: ${REGISTRY_URL}/api/v1 (phase 1/2: start the backfill under Administration > Registry)"
fi

echo "Quartermaster: http://acme.localhost:${port} (or http://localhost:${port}/?tenant=acme); API: /api/v1, health: /api/health"
node_modules/.bin/next start --port "$port"
