#!/usr/bin/env bash
# npm run test:postgres — the PostgreSQL pass of `npm test`, run by lib/scripts/with-temp-postgres.sh
# against its throw-away server (DATABASE_URL): the database-backed jest suites, each file on a fresh
# database of its own (TEST_DATABASE_URL), then the journeys whose check is the second database
# itself (POSTGRES_SPECS in playwright.config.ts: two app instances sharing one PostgreSQL, and their
# rolling restart behind nginx; two workers of one instance, and their metrics summed by the primary).
# Every other journey runs once, in the main pass on PGlite; the deployed check runs its sample on
# PostgreSQL too (docs/testing.md). The journeys need a production build (npm run build).
set -euo pipefail
: "${DATABASE_URL:?run this through lib/scripts/with-temp-postgres.sh}"
server=$DATABASE_URL
# Each step gets the server only under its own name: a DATABASE_URL left in the environment would
# put every server the journeys start (the stand-in too) on the database the app's is emptying.
TEST_DATABASE_URL=$server DATABASE_URL= npm run test:integration
E2E_DATABASE_URL=$server DATABASE_URL= E2E_ONLY_APP_SERVER=1 npx playwright test --project=chromium e2e/assessment/two-instances.spec.ts e2e/operator/console-two-instances.spec.ts e2e/operator/workers.spec.ts e2e/operator/metrics-workers.spec.ts e2e/assessment/rolling-restart.spec.ts
