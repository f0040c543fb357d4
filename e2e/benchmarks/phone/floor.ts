import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What an App Router page costs with this `next` before a line of the app: the floor under issue
 * 11's budgets, measured rather than argued. A scratch app of two pages is built as `npm run build`
 * builds (next build with Turbopack, then lib/scripts/precompress.mjs), and each page's first-load
 * scripts are counted as the server sends them to a gzip-only client (the zopfli copy; a file
 * without one goes as it is), the same figure as the budget's:
 *   - `empty`: a page and root layout that are server components alone (no client code of its own);
 *   - `codeForm`: the smallest code entry that hydrates: a password field, a show-password checkbox,
 *     a message and a fetch on submit (what a login page cannot do without).
 * A login page's figure minus `empty` is what the app's own code costs there; the budget minus
 * `empty` is what it may cost.
 */
export type FrameworkFloor = {
  next: string;
  pages: { empty: FloorPage; codeForm: FloorPage };
  buildSeconds: number;
};

export type FloorPage = { route: string; files: number; gzipBytes: number; runtimeGzipBytes: number };

const FILES: Record<string, string> = {
  'app/layout.tsx': `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="de">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.tsx': `export default function Page() {
  return (
    <main>
      <h1>Assessment Online</h1>
    </main>
  );
}
`,
  'app/form/page.tsx': `import { CodeForm } from './CodeForm';

export default function Page() {
  return (
    <main>
      <h1>Zugangscode</h1>
      <CodeForm />
    </main>
  );
}
`,
  'app/form/CodeForm.tsx': `'use client';

import { useState } from 'react';

export function CodeForm() {
  const [shown, setShown] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const answer = await fetch('/api/code', { method: 'POST', body: new FormData(event.currentTarget) });
        setMessage(answer.ok ? '' : 'Der Code ist nicht gültig.');
      }}
    >
      <label htmlFor="code">Zugangscode</label>
      <input id="code" name="code" type={shown ? 'text' : 'password'} required aria-describedby="message" />
      <label>
        <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} /> Anzeigen
      </label>
      <p id="message" role="alert">
        {message}
      </p>
      <button type="submit">Senden</button>
    </form>
  );
}
`,
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['dom', 'dom.iterable', 'esnext'],
        strict: true,
        noEmit: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        isolatedModules: true,
        skipLibCheck: true,
      },
      include: ['**/*.ts', '**/*.tsx'],
    },
    null,
    2,
  )}\n`,
};

/** The scripts a prerendered page loads on a modern browser (noModule polyfills left out, as a browser does). */
function scriptsOf(html: string): string[] {
  const tags = html.match(/<script\b[^>]*\bsrc="[^"]+"[^>]*>/g) ?? [];
  return [...new Set(tags.filter((tag) => !/\bnomodule\b/i.test(tag)).map((tag) => /\bsrc="([^"]+)"/.exec(tag)![1]!))];
}

/** Bytes a gzip-only client gets for /_next/<file>: the zopfli copy the server prefers, else the file. */
function gzipClientBytes(nextDir: string, src: string): number {
  const file = path.join(nextDir, decodeURIComponent(src.replace(/^\/_next\//, '').split('?')[0]!));
  const copy = `${file}.gz`;
  return fs.statSync(fs.existsSync(copy) ? copy : file).size;
}

function run(command: string, args: string[], cwd: string): void {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${done.status}):\n${done.stdout}\n${done.stderr}`.slice(0, 4000));
}

/**
 * Builds the scratch app in a temporary folder and measures its two pages. Not inside the
 * repository: Next would take the repository's instrumentation.ts and proxy.ts for the scratch
 * app's own. Its node_modules is a link to the repository's, so the same next and React are built;
 * Turbopack's root is the file system's, for it to follow that link.
 */
export function measureFrameworkFloor(root = process.cwd()): FrameworkFloor {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-phone-floor-'));
  try {
    const fsRoot = path.parse(dir).root;
    const files = {
      ...FILES,
      'next.config.mjs': `// Scratch app of npm run bench:phone (e2e/benchmarks/phone/floor.ts).
export default { turbopack: { root: ${JSON.stringify(fsRoot)} }, outputFileTracingRoot: ${JSON.stringify(fsRoot)}, typescript: { ignoreBuildErrors: true } };
`,
    };
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    run(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], dir);
    run(process.execPath, [path.join(root, 'lib', 'scripts', 'precompress.mjs'), path.join(dir, '.next', 'static')], root);
    return measureBuilt(root, dir, started);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function measureBuilt(root: string, dir: string, started: number): FrameworkFloor {
  const nextDir = path.join(dir, '.next');
  const manifest = JSON.parse(fs.readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const runtime = new Set(manifest.rootMainFiles.map((file) => `/_next/${file}`));
  const page = (route: string, html: string): FloorPage => {
    const scripts = scriptsOf(fs.readFileSync(path.join(nextDir, 'server', 'app', html), 'utf8'));
    if (!scripts.length) throw new Error(`the scratch app's ${route} loads no script: ${html} is not what Next prerendered`);
    const bytes = scripts.map((src) => ({ src, bytes: gzipClientBytes(nextDir, src) }));
    return {
      route,
      files: scripts.length,
      gzipBytes: bytes.reduce((total, file) => total + file.bytes, 0),
      runtimeGzipBytes: bytes.filter((file) => runtime.has(file.src)).reduce((total, file) => total + file.bytes, 0),
    };
  };
  const nextVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'next', 'package.json'), 'utf8')) as { version: string }).version;
  return {
    next: nextVersion,
    pages: { empty: page('/', 'index.html'), codeForm: page('/form', 'form.html') },
    buildSeconds: Math.round((Date.now() - started) / 1000),
  };
}
