import path from 'node:path';
import { parseArgs } from 'node:util';
import { KINDS, type Kind } from './pages';

const USAGE = `npm run bench:phone -- [--turns 20] [--pages ranking,grid,slider,portal,login] [--no-lighthouse] [--no-floor]
                       [--check] [--json test-results/bench-phone.json] [--port <port>] [--help]
Measures the build in .next, made by \`npm run build\` (run first when there is none): it reads
.next/build-manifest.json, and the precompressed copies \`npm run build\` writes (lib/scripts/precompress.mjs)
are what the server sends; after \`npx next build\` alone it sends Next's own gzip. Exits 0
whatever the figures (a measurement); with --check, 1 when a page's first-load JS (gzip) is over
its budget. --turns 0 loads each page once, cold (the size budget), with no turns, reload or picture checks,
in the old headless shell when installed (CHROMIUM_PATH chooses another). Unless --no-floor, it also builds a scratch App Router app with the same next (phone/floor.ts:
an empty page and the smallest code form) and prints what any page costs before the app's own code.`;

export type PhoneOptions = {
  turns: number;
  pages: Kind[];
  noLighthouse: boolean;
  noFloor: boolean;
  check: boolean;
  json: string;
  port?: string;
};

/** The command line; --help prints the usage and exits 0, a wrong value throws before anything starts. */
export function phoneOptions(): PhoneOptions {
  const { values: args } = parseArgs({
    options: {
      turns: { type: 'string', default: process.env.BENCH_TURNS ?? '20' },
      pages: { type: 'string', default: KINDS.join(',') },
      'no-lighthouse': { type: 'boolean', default: false },
      'no-floor': { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      json: { type: 'string', default: path.join('test-results', 'bench-phone.json') },
      port: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const turns = Number(args.turns);
  if (!Number.isInteger(turns) || turns < 0) throw new Error(`--turns must be 0 or a positive integer, not ${args.turns}`);
  const pages = args.pages.split(',').map((name) => name.trim()).filter(Boolean) as Kind[];
  for (const name of pages) if (!KINDS.includes(name)) throw new Error(`--pages: unknown page kind ${name} (${KINDS.join(', ')})`);
  return { turns, pages, noLighthouse: args['no-lighthouse'], noFloor: args['no-floor'], check: args.check, json: args.json, port: args.port };
}
