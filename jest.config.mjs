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
