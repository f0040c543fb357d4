import '@testing-library/jest-dom';

// A new PGlite folder, here and in the processes tests start, begins from a dump of an empty
// cluster instead of initdb (lib/sql/emptyCluster.ts); the tests of initdb itself turn it off.
// eslint-disable-next-line no-restricted-properties -- a test-only setting
process.env.TEST_PGLITE_FROM_DUMP = 'on';
