import os from 'node:os';
import path from 'node:path';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Unit and integration tests live beside the code they check (*.test.ts, *.test.tsx). */
const config = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{lib,components,app}/**/*.test.{ts,tsx}', '<rootDir>/e2e/support/*.test.ts', '<rootDir>/e2e/benchmarks/support/*.test.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testTimeout: 30000,
  // Jest's default (one worker less than the cores) is a single worker on two cores, while the
  // database suites wait on PGlite, child processes and timers: one more worker than cores kept both
  // busy (the unit step: 13 min with one worker, 5.3 min with three; docs/testing.md).
  maxWorkers: os.availableParallelism() + 1,
  // package.json starts jest as `node --liftoff-only`, which its workers inherit: PGlite's WebAssembly
  // stays on V8's baseline compiler. Optimising it paid back only in long-lived processes; each test
  // file loads PGlite anew, and the database suites took a fifth more CPU with it.
};

const jestConfig = createJestConfig(config);

// next-intl and its ESM-only dependencies must be transformed.
const loadConfig = async () => {
  const resolved = await jestConfig();
  resolved.transformIgnorePatterns = ['/node_modules/(?!(next-intl|use-intl|@formatjs|intl-messageformat|icu-minify)/)'];
  // Next's transform, wrapped so that what jest loads as an ES module stays one (jest.transform.mjs).
  for (const [pattern, [transformer, options]] of Object.entries(resolved.transform)) {
    if (transformer.endsWith('jest-transformer.js')) resolved.transform[pattern] = [path.resolve('jest.transform.mjs'), options];
  }
  return resolved;
};

export default loadConfig;
