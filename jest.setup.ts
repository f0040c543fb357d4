// The DOM matchers (@testing-library/jest-dom) are imported by the suites that use them, not here:
// loading them cost every suite about 0.05 s of CPU, which most never use (30 empty suites: 6.0 → 4.5 s,
// 7 → 5 s of CPU).

// A new PGlite folder, here and in the processes tests start, begins from a dump of an empty
// cluster instead of initdb (lib/sql/emptyCluster.ts); the tests of initdb itself turn it off.
// eslint-disable-next-line no-restricted-properties -- a test-only setting
process.env.TEST_PGLITE_FROM_DUMP = 'on';
