import createNextIntlPlugin from 'next-intl/plugin';
import { parseBasePath } from './lib/edge/basePath.mjs';
import { distDirOf } from './lib/edge/build.mjs';
import { securityHeaders } from './lib/edge/securityHeaders.mjs';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

const OPENTELEMETRY = ['api', 'context-async-hooks', 'core', 'exporter-trace-otlp-http', 'resources', 'sdk-trace'].map((name) => `@opentelemetry/${name}`);

// Read at build and at start; `next build` and a production start run with NODE_ENV=production.
const production = process.env.NODE_ENV === 'production';

/** Stops `next build` (and a start) with the reason, rather than a stack trace, for a setting that cannot work. */
function setting(read) {
  try {
    return read();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

// The app under a path of its host (docs/operations.md, "Under a path"): fixed at build, inlined in
// the client's scripts. A production start reads it back from the build (server.mjs).
const basePath = setting(() => parseBasePath(process.env.BASE_PATH));

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  basePath,
  // Where the build goes: a second build under a base path sits beside the first (lib/edge/build.mjs).
  distDir: setting(() => distDirOf(process.env.NEXT_DIST_DIR)),
  // For withBasePath (lib/edge/basePath.mjs): what Next does not prefix itself, the app prefixes with this.
  env: { NEXT_PUBLIC_BASE_PATH: basePath },
  // Tests are type-checked by `npm run typecheck`; the build checks only what ships. `npm test`
  // builds with TYPECHECKED=1 after its typecheck, which covers every file the build would check.
  typescript: { tsconfigPath: 'tsconfig.build.json', ignoreBuildErrors: process.env.TYPECHECKED === '1' },
  // PGlite loads its WebAssembly and data files relative to its own module; bundling breaks that.
  // OpenTelemetry (lib/tracing/start.ts) is loaded from node_modules when tracing starts, and only then.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', ...OPENTELEMETRY],
  // Tree shaking and scope hoisting of CommonJS modules (React's among them): −0.5 KB gzip on every
  // page, which the login pages need to stay within their 135 KB budget with the one submit hook
  // (docs/architecture.md, "The login pages' budget"). Every journey runs on this build.
  experimental: { turbopackCjsTreeShaking: true, turbopackCjsScopeHoisting: true },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: securityHeaders(production),
      },
      {
        // Pages get their policy with a nonce from proxy.ts; the API's JSON needs nothing at all.
        source: '/api/:path*',
        headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
