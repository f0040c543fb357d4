#!/usr/bin/env bash
# npm run test:postgres — the PostgreSQL pass of `npm test`, run by lib/scripts/with-temp-postgres.sh
# against its throw-away server (DATABASE_URL): the database-backed jest suites, each file on a fresh
# database of its own (TEST_DATABASE_URL), then, with the app on that server (E2E_DATABASE_URL), the
# assessment, group and portal journeys that the deployed check (npm run test:e2e:deployed, which
# runs every other journey on a throw-away PostgreSQL too) must leave out: real mail (@needs-smtp),
# the server's own limits (@needs-limits) and servers of their own (@needs-own-server: the
# two-instance journey). Running the rest here as well ran them twice on PostgreSQL.
# The journeys need a production build (npm run build).
set -euo pipefail
: "${DATABASE_URL:?run this through lib/scripts/with-temp-postgres.sh}"
server=$DATABASE_URL
# Each step gets the server only under its own name: a DATABASE_URL left in the environment would
# put every server the journeys start (the stand-in too) on the database the app's is emptying.
TEST_DATABASE_URL=$server DATABASE_URL= npm run test:integration
E2E_DATABASE_URL=$server DATABASE_URL= npx playwright test --project=chromium --project=mail e2e/assessment/ e2e/group/ e2e/portal/ --grep '@needs-(smtp|limits|own-server)\b'
