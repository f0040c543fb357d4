/**
 * npm run test:html — the Nu HTML Checker (npm vnu-jar, W3C's validator) over the HTML the journeys
 * saw (e2e/support/htmlSeen.ts keeps it in test-results/html-seen). Every error fails the run,
 * named with its message, the page's address and the journey that saw it; warnings are not errors.
 * Run after `npm run test:e2e` (npm test does). `--dir <folder>` checks another folder of .html files.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const VNU_JAR = createRequire(path.join(process.cwd(), 'package.json')).resolve('vnu-jar/build/dist/vnu.jar');

type Message = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };
type Seen = { source: string; test: string };

const dirArg = process.argv.indexOf('--dir');
const dir = path.resolve(dirArg > 0 ? process.argv[dirArg + 1]! : 'test-results/html-seen');

function seenAt(file: string): Seen {
  try {
    return JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Seen;
  } catch {
    return { source: path.basename(file), test: '' };
  }
}

function main(): number {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.html')) : [];
  // Nothing seen is a failure: a check that looked at nothing would pass whatever the pages are.
  if (files.length === 0) {
    console.error(`check-html: no HTML in ${path.relative(process.cwd(), dir)}; run the journeys first (npm run test:e2e)`);
    return 1;
  }
  const began = Date.now();
  const run = spawnSync('java', ['-Xss1m', '-jar', VNU_JAR, '--errors-only', '--skip-non-html', '--format', 'json', '--exit-zero-always', dir], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.error || run.status !== 0) {
    console.error(`check-html: the checker did not run (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.slice(0, 2000)}`);
    return 1;
  }
  const { messages } = JSON.parse(run.stderr) as { messages: Message[] };
  const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  if (errors.length === 0) {
    console.log(`check-html: ${files.length} documents the journeys saw, 0 errors (${seconds} s)`);
    return 0;
  }
  // One entry per message, with where it was seen: the same fault repeats on every page of a layout.
  const byMessage = new Map<string, Array<{ seen: Seen; line?: number; extract?: string }>>();
  for (const error of errors) {
    const file = fileURLToPath(error.url);
    const list = byMessage.get(error.message) ?? [];
    list.push({ seen: seenAt(file), line: error.lastLine, extract: error.extract });
    byMessage.set(error.message, list);
  }
  console.error(`check-html: ${errors.length} errors in ${files.length} documents the journeys saw (${seconds} s):`);
  for (const [message, places] of byMessage) {
    console.error(`\n✘ ${message} (${places.length}×)`);
    for (const place of places.slice(0, 5)) {
      console.error(`    ${place.seen.source}${place.seen.test ? ` — ${place.seen.test}` : ''}`);
      if (place.extract) console.error(`      ${place.extract.replace(/\s+/g, ' ').trim().slice(0, 160)}`);
    }
  }
  return 1;
}

process.exitCode = main();
