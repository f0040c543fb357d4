import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', '.next-*/**', 'node_modules/**', '.data/**', '.data-*/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts']),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read in one validated place (lib/config).
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through lib/config.' }],
    },
  },
  {
    // lib/edge/basePath.mjs: the build's base path, which Next inlines in the client's scripts (no runtime setting).
    files: ['lib/edge/basePath.mjs', 'lib/config/**', 'instrumentation.ts', 'e2e/**', 'playwright.config.ts', 'jest.config.mjs', 'lib/scripts/**', 'lib/admin/bin.mjs', 'lib/admin/io.ts', 'server.mjs', 'next.config.mjs'],
    rules: { 'no-restricted-properties': 'off' },
  },
]);
