import type { FrameworkFloor } from './floor';
import type { LoadFigures } from './pages';
import type { ColdPicture } from './pictures';
import { KB, kb, pageName, type PageResult } from './results';
import type { RuntimeFloor } from './runtimeFloor';
import { printRows } from './table';

const range = (values: readonly number[], unit = '') => {
  if (!values.length) return '–';
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? `${low}${unit}` : `${low}–${high}${unit}`;
};
/** The encodings the first-load scripts travelled in (br, gzip, none). */
const encodingsOf = (load: LoadFigures) => [...new Set(load.resources.filter((resource) => resource.type === 'Script' && !resource.fromCache).map((resource) => resource.contentEncoding ?? 'none'))].join('+');

function picturesLine(pictures: NonNullable<PageResult['pictures']>): string {
  const list = pictures.pictures;
  const sizes = list.map((picture) => picture.wireBytes ?? 0).map(kb);
  const natural = [...new Set(list.map((picture) => `${picture.naturalWidth}×${picture.naturalHeight}`))].join(', ');
  const shown = [...new Set(list.map((picture) => `${picture.cssWidth}×${picture.cssHeight} CSS px × ${picture.devicePixelRatio}`))].join(', ');
  const cacheControl = [...new Set(list.map((picture) => picture.cacheControl ?? 'none'))].join(' | ');
  const revisits = list.reduce((total, picture) => total + picture.visits - 1, 0);
  const fromCache = list.reduce((total, picture) => total + picture.revisitsFromCache, 0);
  const requests = list.flatMap((picture) => picture.requests);
  const count = (kind: string) => requests.filter((request) => request === kind).length;
  const paint = (cold: ColdPicture) => (cold.paintedBeforePicture === undefined ? 'no first paint or picture timing' : `FCP ${cold.firstContentfulPaintMs} ms ${cold.paintedBeforePicture ? 'before' : 'after'} the picture's responseEnd ${cold.pictureResponseEndMs} ms`);
  const held = pictures.heldBack;
  return [
    `slider pictures: ${list.length} shown in ${pictures.visits.length - 1} turns and the cold load, ${range(sizes, ' KB')} each as travelled, ${natural} px for ${shown} (natural / needed width ${range(list.map((picture) => picture.widthRatio))}); Cache-Control "${cacheControl}"`,
    `  later visits from the cache ${fromCache}/${revisits} (requests: ${count('network')} network, ${count('cache')} disk cache, ${count('304')} × 304); layout shift during the turns ${pictures.turnsLayoutShift ?? '–'}`,
    `  first paint: cold load ${paint(pictures.cold)}${held ? `; the pictures held back ${held.holdMs} ms: ${paint(held)}` : ''}`,
  ].join('\n');
}

/**
 * The scratch app's pages against the budgets: what any App Router page costs with this next, and
 * how much of each login page is the app's own beyond an empty page, against what the budget leaves.
 */
function frameworkFloorLines(framework: FrameworkFloor, results: readonly PageResult[]): string[] {
  const { empty, codeForm } = framework.pages;
  const lines = [
    `floor with next ${framework.next} alone (a scratch App Router app, counted the same way): an empty page ${kb(empty.gzipBytes)} KB gzip ` +
      `(runtime ${kb(empty.runtimeGzipBytes)} + ${kb(empty.gzipBytes - empty.runtimeGzipBytes)} of Next's per-page code), the smallest code form that hydrates ${kb(codeForm.gzipBytes)} KB`,
  ];
  for (const result of results) {
    if (!result.sizes || !result.budget) continue;
    const own = result.sizes.js.gzipBytes - empty.gzipBytes;
    const room = result.budget.limitKB * KB - empty.gzipBytes;
    lines.push(`  ${pageName(result)}: ${kb(own)} KB over the empty page; the budget of ${result.budget.limitKB} KB leaves ${kb(room)} KB`);
  }
  return lines;
}

export function printTables(results: readonly PageResult[], floor: RuntimeFloor | undefined, framework?: FrameworkFloor): void {
  printRows(
    [['page', 26], ['usable cold', 11], ['warm', 6], ['FCP', 6], ['turn p50', 8], ['p95', 5], ['max', 5], ['DOM p50/95', 10], ['KB/turn', 7], ['req/turn', 8], ['LH perf', 7], ['a11y', 4], ['BP', 4], ['CLS', 6]],
    results.map((result) => {
      const turns = result.turns;
      const lh = result.lighthouse;
      return [
        pageName(result),
        `${result.cold.usableMs} ms`,
        result.warm?.usableMs,
        result.cold.firstContentfulPaintMs,
        turns ? `${turns.p50} ms` : undefined,
        turns?.p95,
        turns?.max,
        turns ? `${turns.domP50}/${turns.domP95}` : undefined,
        turns ? kb(turns.bytesP50) : undefined,
        turns ? (turns.requestsMin === turns.requestsMax ? turns.requestsMin : `${turns.requestsMin}–${turns.requestsMax}`) : undefined,
        lh?.error ? 'error' : lh?.performance,
        lh?.accessibility,
        lh?.bestPractices,
        lh?.cumulativeLayoutShift,
      ];
    }),
  );
  console.log('');
  printRows(
    [['page (first load, KB)', 26], ['JS files', 8], ['JS KB', 6], ['as', 9], ['JS gzip', 7], ['Next', 6], ['app', 6], ['JS raw', 7], ['CSS KB', 6], ['CSS gzip', 8], ['budget (JS gzip)', 16]],
    results.map((result) => [
      pageName(result),
      result.cold.js.files,
      kb(result.cold.js.bodyWireBytes),
      encodingsOf(result.cold),
      result.sizes ? kb(result.sizes.js.gzipBytes) : undefined,
      result.sizes ? kb(result.sizes.runtime.gzipBytes) : undefined,
      result.sizes ? kb(result.sizes.app.gzipBytes) : undefined,
      kb(result.cold.js.decodedBytes),
      kb(result.cold.css.bodyWireBytes),
      result.sizes ? kb(result.sizes.css.gzipBytes) : undefined,
      result.budget ? `${result.budget.verdict} ≤ ${result.budget.limitKB}` : undefined,
    ]),
  );
  if (floor) console.log(`floor: Next 16 + React 19 runtime (rootMainFiles, ${floor.files.length} files) ${kb(floor.gzipBytes)} KB gzip, ${floor.wireBytes === undefined ? '–' : kb(floor.wireBytes)} KB as travelled`);
  if (framework) for (const line of frameworkFloorLines(framework, results)) console.log(line);
  for (const result of results) if (result.pictures) console.log(picturesLine(result.pictures));
  console.log('');
  console.log('usable: navigation start → <html data-hydrated> (ms); warm: the same page reloaded with a warm cache; FCP: first contentful paint of the cold load.');
  console.log('turn: click → the next page painted (ms), forward and back; the portal: invoice form sent → summary painted. DOM: click → the DOM change alone, before style,');
  console.log('layout and paint. KB/turn: median of every byte received per turn (headers and bodies).');
  console.log('JS KB / CSS KB: first-load scripts / style sheets as they travelled to Chromium (encoded bodies; "as": the encoding); JS gzip / CSS gzip: the same URLs as the');
  console.log('server sends them to a client that accepts only gzip (not decoded); Next: the part of JS gzip in rootMainFiles (the framework), app: the rest; JS raw: decoded.');
  console.log('budget: JS gzip against the size budget (≤ 150 KB on participant pages, ≤ 135 KB on the login pages). LH: Lighthouse 12 mobile (simulated throttling).');
  const notGzip = [...results.flatMap((result) => [...(result.sizes?.js.notGzip ?? []), ...(result.sizes?.css.notGzip ?? [])]), ...(floor?.notGzip ?? [])];
  if (notGzip.length) console.log(`Sent to a gzip-only client in another encoding (counted as sent): ${[...new Set(notGzip)].join(', ')}`);
  for (const result of results) {
    if (result.lighthouse?.error) console.log(`Lighthouse ${result.name}: ${result.lighthouse.error}`);
    else if (result.lighthouse?.finalUrl && new URL(result.lighthouse.finalUrl).pathname !== result.path) console.log(`Lighthouse ${result.name}: ended on ${result.lighthouse.finalUrl}`);
  }
}
