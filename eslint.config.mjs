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
  {
    // A console script that imports react-dom keeps Turbopack from hoisting react-dom into the framework's chunk,
    // and every participant page loads 0.3 KB more (the login pages are at their 135 KB budget): useActionState's
    // pending replaces useFormStatus (docs/architecture.md, "The login pages' budget").
    files: ['components/console/**', 'app/admin/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'react-dom', message: 'Console scripts do without react-dom: see eslint.config.mjs.' }] }] },
  },
  {
    // Participants never load the console: nothing outside it imports its components or pages.
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['app/admin/**', 'components/console/**', 'lib/admin/**', 'app/layout.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@/components/console/*', '@/app/admin/*'], message: 'Only the console (app/admin) uses its components.' }] }] },
  },
]);
